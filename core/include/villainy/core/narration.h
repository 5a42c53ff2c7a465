// Structured narration: what a viewer sees happen, as events (a message id plus named
// parameters), and one message catalogue that renders them in every language the project has
// (the terminal in C++, the browser client in TypeScript, with the same template language).
//
// An event is built for ONE viewer and holds only what that viewer may know (the invariant suite
// checks it as it checks describe_action). A game narrates inside its apply code:
//
//   narrate([&](Narrator& n) {
//     if (n.viewer() == p) n.say("mw.draw.you", {{"card", card_key}});
//     else n.say("mw.draw", {{"seat", p}});
//   });
//
// The lambda runs once per viewer of State::apply_narrated and does nothing (is not called) when
// no one is listening, so a playout pays one pointer test per narration point.
//
// Templates (the full language is in docs/narration.md):
//   {x}                 the value as is (number or string)
//   {x:seat}            a seat: "you" for the viewer, else its name ("Seat N", N = index + 1)
//   {x:seats}           a list of seats, joined ("Seat 1, Seat 3 and you")
//   {x:card}            a card's name, from the catalogue's cards
//   {x:cards}           a list of card names, joined
//   {x:word}            the catalogue message "word.<value>" (resources, stages, reasons…)
//   {x:words}           a list of such words, joined
//   {x:event}           a nested event (an object {"id", "args"}) rendered in place
//   {x:plural:one|other}  "one" when x == 1 else "other"; '#' in either stands for x
// When args.seat == the viewer and the catalogue has `id + ".you"`, that template is used (so
// "You are skipped", never "you is skipped"); a choice label uses `id + ".choice"` first. The
// first letter of an English line is capitalised.
#pragma once
#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "villainy/core/types.h"

namespace villainy {

// One thing that happened, or one choice offered, as one viewer sees it.
struct Event {
  std::string id;                                  // message id, e.g. "sc.play"; empty = none
  nlohmann::json args = nlohmann::json::object();  // named parameters

  bool empty() const { return id.empty(); }
  friend bool operator==(const Event& a, const Event& b) {
    return a.id == b.id && a.args == b.args;
  }
};
// {"id": …, "args": {…}}, the form the protocol and the browser client use.
void to_json(nlohmann::json& j, const Event& e);
void from_json(const nlohmann::json& j, Event& e);

// Collects what one viewer sees during one apply.
class Narrator {
 public:
  explicit Narrator(Player viewer) : viewer_(viewer) {}
  Player viewer() const { return viewer_; }
  void say(std::string id, nlohmann::json args = nlohmann::json::object()) {
    events_.push_back(Event{std::move(id), std::move(args)});
  }
  void say(Event e) {
    if (!e.empty()) events_.push_back(std::move(e));
  }
  const std::vector<Event>& events() const { return events_; }
  std::vector<Event> take() { return std::move(events_); }

 private:
  Player viewer_;
  std::vector<Event> events_;
};

// The languages every message and card exists in. The first is the fallback.
const std::vector<std::string>& languages();
// The language from the environment (LC_ALL, LC_MESSAGES, LANG): "zh-TW" for zh_TW / zh_HK /
// zh_Hant locales, else "en". Throws Error naming the value for an unknown explicit `lang`.
std::string default_language();
// Checks a language given by a user (e.g. --lang) and returns it in canonical form ("en",
// "zh-TW"); "zh_TW", "zh-tw" and "zh-Hant" are accepted. Throws Error listing the languages.
std::string canonical_language(std::string_view lang);

// The 繁中 spacing rule (issue 26), applied to every rendered zh-TW line: one space between a
// CJK character and a Latin letter or digit ("第 3 回合", "輪到 Alice"), none next to full-width
// punctuation ("：7", "（1 號玩家）"). Spaces between two CJK characters, and a line's own leading
// and trailing spaces, are left as the template has them.
std::string cjk_spacing(std::string_view text);

struct CardText {
  std::string name;
  std::string text;
};

// How to render: the language, the viewer (for "you"), optional display names for seats.
struct RenderContext {
  std::string lang = "en";
  Player viewer = kSpectator;
  std::vector<std::string> seat_names;  // by seat index; empty or "" = "Seat N"
  bool choice = false;                  // render as a choice label (prefer id + ".choice")
};

// Message templates and card texts in every language.
class Catalogue {
 public:
  Catalogue() = default;
  // Reads {"messages": {lang: {id: template}}, "cards": {key: {lang: {"name", "text"}}}} (either
  // part may be missing). Errors name `where` and the field path. Later entries override.
  void add_json(const nlohmann::json& j, std::string_view where);
  void add_json_text(std::string_view text, std::string_view where);
  void add_message(std::string_view lang, std::string id, std::string tmpl);
  void add_card(std::string key, std::string_view lang, CardText text);

  // The template for `id` in `lang` (falls back to English), or nullptr.
  const std::string* message(std::string_view id, std::string_view lang) const;
  bool has_message(std::string_view id, std::string_view lang) const;
  // A card's name and text in `lang` (falls back to English), or nullptr.
  const CardText* card(std::string_view key, std::string_view lang) const;
  // A card key for a name the player typed (any language, case-insensitive), or "" .
  std::string find_card(std::string_view name) const;

  // Renders an event. An unknown id or a template error renders as "[id]" (and strict() mode
  // throws Error instead: tests use it).
  std::string render(const Event& e, const RenderContext& ctx) const;
  // Renders the message `id` with `args` (a shorthand for render(Event{id, args})).
  std::string text(std::string_view id, const RenderContext& ctx,
                   const nlohmann::json& args = nlohmann::json::object()) const;
  // A seat's display name for the context ("you", "Seat 3" or the given name).
  std::string seat_name(Player seat, const RenderContext& ctx, bool capitalise = false) const;
  void set_strict(bool strict) { strict_ = strict; }

  // Message ids or card keys missing in some language: "zh-TW: message sc.play" and so on.
  std::vector<std::string> missing_translations() const;
  // The catalogue as JSON (the add_json form), for the browser client.
  nlohmann::json to_json() const;
  const std::map<std::string, std::map<std::string, std::string>>& messages() const {
    return messages_;
  }
  const std::map<std::string, std::map<std::string, CardText>>& cards() const { return cards_; }

  // The core messages every game's catalogue starts from (core.*: seats, lists, game end).
  static const Catalogue& core();

 private:
  std::string render_template(const std::string& tmpl, const Event& e, const RenderContext& ctx,
                              int depth) const;
  std::string render_event(const Event& e, const RenderContext& ctx, int depth) const;
  std::string join(const std::vector<std::string>& items, const RenderContext& ctx) const;
  std::string piece(std::string_view id, const RenderContext& ctx,
                    const nlohmann::json& args = nlohmann::json::object()) const;

  std::map<std::string, std::map<std::string, std::string>> messages_;  // lang → id → template
  std::map<std::string, std::map<std::string, CardText>> cards_;        // key → lang → text
  bool strict_ = false;
};

}  // namespace villainy
