#include "voice.h"

#include <nlohmann/json.hpp>
#include <set>

namespace villainy::cli {

std::string resolve_language(const std::string& lang) {
  return lang.empty() ? default_language() : canonical_language(lang);
}

Voice::Voice(const Game& game, std::string lang, const Screen& screen, const State* state)
    : game_(game), cat_(game.catalogue()), lang_(std::move(lang)) {
  if (!screen.colour()) return;
  // A seat's colour: its villain's, when the view says it, else one of a fixed set by seat.
  static constexpr Colour kPalette[] = {Colour::kCyan,  Colour::kYellow, Colour::kMagenta,
                                        Colour::kGreen, Colour::kBlue,   Colour::kRed};
  nlohmann::json seats;
  if (state != nullptr) {
    const nlohmann::json view = state->view_json(kSpectator);
    if (view.is_object() && view.contains("seats") && view["seats"].is_array())
      seats = view["seats"];
  }
  RenderContext plain;
  plain.lang = lang_;
  for (Player p = 0; p < game.num_players(); ++p) {
    Colour c = kPalette[static_cast<size_t>(p) % std::size(kPalette)];
    const auto i = static_cast<size_t>(p);
    if (seats.is_array() && i < seats.size() && seats[i].is_object() &&
        seats[i].contains("colour") && seats[i]["colour"].is_string()) {
      const Colour named = colour_from_name(seats[i]["colour"].get<std::string>());
      if (named != Colour::kNone) c = named;
    }
    names_.push_back(screen.paint(cat_.seat_name(p, plain), c));
  }
}

RenderContext Voice::context(Player viewer, bool choice) const {
  RenderContext ctx;
  ctx.lang = lang_;
  ctx.viewer = viewer;
  ctx.seat_names = names_;
  ctx.choice = choice;
  return ctx;
}

std::string Voice::render(const Event& e, Player viewer, bool choice) const {
  return cat_.render(e, context(viewer, choice));
}

std::string Voice::seat(Player p) const {
  return cat_.seat_name(p, context(kSpectator));
}

namespace {
void collect_cards(const nlohmann::json& v, const Catalogue& cat, std::vector<std::string>& out,
                   std::set<std::string>& seen) {
  if (v.is_string()) {
    const std::string& s = v.get_ref<const std::string&>();
    if (cat.card(s, "en") != nullptr && seen.insert(s).second) out.push_back(s);
  } else if (v.is_array() || v.is_object()) {
    for (const auto& x : v) collect_cards(x, cat, out, seen);
  }
}
}  // namespace

std::vector<std::string> Voice::cards_in(const Event& e) const {
  std::vector<std::string> out;
  std::set<std::string> seen;
  collect_cards(e.args, cat_, out, seen);
  return out;
}

std::string Voice::card_text(const std::string& key) const {
  const CardText* t = cat_.card(key, lang_);
  if (t == nullptr) return "";
  if (lang_ != "zh-TW") return t->text.empty() ? t->name : t->name + " — " + t->text;
  // 繁中: a full-width dash, and the renderer's one spacing rule.
  return cjk_spacing(t->text.empty() ? t->name : t->name + "——" + t->text);
}

std::string Voice::title() const {
  if (cat_.has_message("game.title", lang_)) return cat_.text("game.title", context(kSpectator));
  return game_.info().title;
}

std::string Voice::rules_text() const {
  if (cat_.has_message("rules.text", lang_) || cat_.has_message("rules.text", "en"))
    return cat_.text("rules.text", context(kSpectator));
  return game_.rules_help();
}

}  // namespace villainy::cli
