#include "villainy/core/narration.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <set>

namespace villainy {

namespace embedded {
extern const std::string_view core_messages;
}

void to_json(nlohmann::json& j, const Event& e) {
  j = {{"id", e.id}, {"args", e.args}};
}

void from_json(const nlohmann::json& j, Event& e) {
  if (!j.is_object() || !j.contains("id") || !j["id"].is_string())
    throw Error("an event must be an object with a string \"id\"");
  e.id = j["id"].get<std::string>();
  e.args = j.value("args", nlohmann::json::object());
  if (!e.args.is_object()) throw Error(fmt::format("event '{}': \"args\" must be an object", e.id));
}

const std::vector<std::string>& languages() {
  static const std::vector<std::string> langs = {"en", "zh-TW"};
  return langs;
}

struct TemplateError : Error {
  using Error::Error;
};

namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

std::string canonical_language(std::string_view lang) {
  const std::string l = lower(lang);
  if (l == "en" || l.rfind("en_", 0) == 0 || l.rfind("en-", 0) == 0) return "en";
  if (l == "zh-tw" || l == "zh_tw" || l == "zh-hant" || l == "zh_hant" || l == "zh-hk" ||
      l == "zh_hk" || l.rfind("zh_tw.", 0) == 0 || l.rfind("zh-hant-", 0) == 0)
    return "zh-TW";
  throw Error(fmt::format("unknown language '{}': use one of en, zh-TW", lang));
}

std::string default_language() {
  for (const char* var : {"LC_ALL", "LC_MESSAGES", "LANG"}) {
    const char* v = std::getenv(var);
    if (v == nullptr || *v == '\0') continue;
    const std::string l = lower(v);
    if (l.rfind("zh_tw", 0) == 0 || l.rfind("zh_hk", 0) == 0 || l.rfind("zh_hant", 0) == 0 ||
        l.rfind("zh-tw", 0) == 0 || l.rfind("zh-hant", 0) == 0)
      return "zh-TW";
    return "en";  // the first variable that is set decides, as the C library does
  }
  return "en";
}

void Catalogue::add_json(const nlohmann::json& j, std::string_view where) {
  if (!j.is_object()) throw Error(fmt::format("{}: a catalogue must be a JSON object", where));
  if (auto it = j.find("messages"); it != j.end()) {
    if (!it->is_object()) throw Error(fmt::format("{}: messages: must be an object", where));
    for (const auto& [lang, table] : it->items()) {
      const std::string l = canonical_language(lang);
      if (!table.is_object())
        throw Error(fmt::format("{}: messages.{}: must be an object of templates", where, lang));
      for (const auto& [id, tmpl] : table.items()) {
        if (!tmpl.is_string())
          throw Error(fmt::format("{}: messages.{}.{}: must be a string", where, lang, id));
        add_message(l, id, tmpl.get<std::string>());
      }
    }
  }
  if (auto it = j.find("cards"); it != j.end()) {
    if (!it->is_object()) throw Error(fmt::format("{}: cards: must be an object", where));
    for (const auto& [key, per_lang] : it->items()) {
      if (!per_lang.is_object())
        throw Error(fmt::format("{}: cards.{}: must be an object by language", where, key));
      for (const auto& [lang, t] : per_lang.items()) {
        if (!t.is_object() || !t.contains("name") || !t["name"].is_string())
          throw Error(fmt::format("{}: cards.{}.{}: needs a string \"name\"", where, key, lang));
        CardText ct{t["name"].get<std::string>(), ""};
        if (t.contains("text")) {
          if (!t["text"].is_string())
            throw Error(fmt::format("{}: cards.{}.{}.text: must be a string", where, key, lang));
          ct.text = t["text"].get<std::string>();
        }
        add_card(key, canonical_language(lang), std::move(ct));
      }
    }
  }
}

void Catalogue::add_json_text(std::string_view text, std::string_view where) {
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    throw Error(fmt::format("{}: not valid JSON: {}", where, e.what()));
  }
  add_json(j, where);
}

void Catalogue::add_message(std::string_view lang, std::string id, std::string tmpl) {
  messages_[std::string(lang)][std::move(id)] = std::move(tmpl);
}

void Catalogue::add_card(std::string key, std::string_view lang, CardText text) {
  cards_[std::move(key)][std::string(lang)] = std::move(text);
}

const std::string* Catalogue::message(std::string_view id, std::string_view lang) const {
  for (std::string_view l : {lang, std::string_view(languages().front())}) {
    auto t = messages_.find(std::string(l));
    if (t == messages_.end()) continue;
    auto m = t->second.find(std::string(id));
    if (m != t->second.end()) return &m->second;
  }
  return nullptr;
}

bool Catalogue::has_message(std::string_view id, std::string_view lang) const {
  auto t = messages_.find(std::string(lang));
  return t != messages_.end() && t->second.count(std::string(id)) > 0;
}

const CardText* Catalogue::card(std::string_view key, std::string_view lang) const {
  auto c = cards_.find(std::string(key));
  if (c == cards_.end()) return nullptr;
  for (std::string_view l : {lang, std::string_view(languages().front())}) {
    auto t = c->second.find(std::string(l));
    if (t != c->second.end()) return &t->second;
  }
  return nullptr;
}

std::string Catalogue::find_card(std::string_view name) const {
  const std::string want = lower(name);
  for (const auto& [key, per_lang] : cards_) {
    if (lower(key) == want) return key;
    for (const auto& [lang, t] : per_lang)
      if (lower(t.name) == want) return key;
  }
  return "";
}

std::string Catalogue::piece(std::string_view id, const RenderContext& ctx,
                             const nlohmann::json& args) const {
  RenderContext plain_ctx = ctx;
  plain_ctx.choice = false;
  return render_event(Event{std::string(id), args}, plain_ctx, 1);
}

std::string Catalogue::seat_name(Player seat, const RenderContext& ctx, bool capitalise) const {
  std::string s;
  if (seat >= 0 && seat == ctx.viewer) {
    s = piece("core.you", ctx);
  } else if (seat >= 0 && static_cast<size_t>(seat) < ctx.seat_names.size() &&
             !ctx.seat_names[static_cast<size_t>(seat)].empty()) {
    s = ctx.seat_names[static_cast<size_t>(seat)];
  } else if (seat == kSpectator) {
    s = piece("core.spectator", ctx);
  } else {
    s = piece("core.seat", ctx, {{"n", seat + 1}});
  }
  if (capitalise && !s.empty() && std::islower(static_cast<unsigned char>(s[0])))
    s[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(s[0])));
  return s;
}

std::string Catalogue::join(const std::vector<std::string>& items, const RenderContext& ctx) const {
  if (items.empty()) return piece("core.list.empty", ctx);
  std::string out = items.front();
  for (size_t i = 1; i < items.size(); ++i)
    out +=
        (i + 1 == items.size() ? piece("core.list.last", ctx) : piece("core.list.separator", ctx)) +
        items[i];
  return out;
}

namespace {

std::string plain(const nlohmann::json& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_number_float()) return fmt::format("{}", v.get<double>());
  return v.dump();
}

// UTF-8 code point at s[i], advancing i (a malformed byte is returned as itself).
std::uint32_t code_point(std::string_view s, size_t& i) {
  const auto b = static_cast<unsigned char>(s[i]);
  const int n = b < 0x80 ? 1 : (b >> 5) == 6 ? 2 : (b >> 4) == 14 ? 3 : (b >> 3) == 30 ? 4 : 1;
  if (n == 1 || i + static_cast<size_t>(n) > s.size()) return s[i++] & 0xFF;
  std::uint32_t cp = b & (0xFF >> (n + 1));
  for (int k = 1; k < n; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
  i += static_cast<size_t>(n);
  return cp;
}

bool is_cjk(std::uint32_t cp) {
  return (cp >= 0x3400 && cp <= 0x9FFF) || (cp >= 0xF900 && cp <= 0xFAFF) ||
         (cp >= 0x3040 && cp <= 0x30FF);  // ideographs, compatibility ideographs, kana
}

// Full-width punctuation (and the dashes, dots and ellipsis set with it in 繁中).
bool is_wide_punct(std::uint32_t cp) {
  return (cp >= 0x3000 && cp <= 0x303F) || (cp >= 0xFF01 && cp <= 0xFF0F) ||
         (cp >= 0xFF1A && cp <= 0xFF20) || (cp >= 0xFF3B && cp <= 0xFF40) ||
         (cp >= 0xFF5B && cp <= 0xFF65) || cp == 0x2014 || cp == 0x2026 || cp == 0x2027 ||
         cp == 0x00B7 || cp == 0x2025;
}

bool is_latin_alnum(std::uint32_t cp) {
  return (cp >= '0' && cp <= '9') || (cp >= 'A' && cp <= 'Z') || (cp >= 'a' && cp <= 'z');
}

}  // namespace

std::string cjk_spacing(std::string_view text) {
  std::string out;
  out.reserve(text.size() + 16);
  std::uint32_t prev = 0;  // the last character written (0: a line start, a space once spaced)
  size_t i = 0;
  while (i < text.size()) {
    if (text[i] == ' ') {
      size_t j = i;
      while (j < text.size() && text[j] == ' ') ++j;
      size_t k = j;
      const std::uint32_t next = j < text.size() ? code_point(text, k) : 0;
      const bool inner = prev != 0 && next != 0 && next != '\n';
      if (!(inner && (is_wide_punct(prev) || is_wide_punct(next)))) {
        out.append(text, i, j - i);
        prev = prev == 0 ? 0 : ' ';  // spaced already
      }
      i = j;
      continue;
    }
    const size_t start = i;
    const std::uint32_t cp = code_point(text, i);
    if ((is_cjk(prev) && is_latin_alnum(cp)) || (is_latin_alnum(prev) && is_cjk(cp))) out += ' ';
    out.append(text, start, i - start);
    prev = cp == '\n' ? 0 : cp;
  }
  return out;
}

std::string Catalogue::render_template(const std::string& tmpl, const Event& e,
                                       const RenderContext& ctx, int depth) const {
  std::string out;
  size_t i = 0;
  while (i < tmpl.size()) {
    const size_t open = tmpl.find('{', i);
    if (open == std::string::npos) {
      out.append(tmpl, i, std::string::npos);
      break;
    }
    out.append(tmpl, i, open - i);
    const size_t close = tmpl.find('}', open);
    if (close == std::string::npos) throw TemplateError("an unclosed '{'");
    const std::string spec = tmpl.substr(open + 1, close - open - 1);
    i = close + 1;
    const size_t colon = spec.find(':');
    const std::string name = spec.substr(0, colon);
    const std::string kind = colon == std::string::npos ? "" : spec.substr(colon + 1);
    if (!e.args.is_object() || !e.args.contains(name))
      throw TemplateError(fmt::format("no parameter '{}'", name));
    const nlohmann::json& v = e.args[name];
    auto list = [&](auto&& one) {
      if (!v.is_array()) throw TemplateError(fmt::format("parameter '{}' must be a list", name));
      std::vector<std::string> items;
      for (const auto& x : v) items.push_back(one(x));
      return join(items, ctx);
    };
    auto seat = [&](const nlohmann::json& x) {
      if (!x.is_number_integer())
        throw TemplateError(fmt::format("parameter '{}' must be a seat number", name));
      return seat_name(x.get<Player>(), ctx);
    };
    auto card_name = [&](const nlohmann::json& x) {
      const std::string key = plain(x);
      const CardText* c = card(key, ctx.lang);
      if (c == nullptr) throw TemplateError(fmt::format("no card '{}'", key));
      return c->name;
    };
    auto word = [&](const nlohmann::json& x) {
      const std::string key = "word." + plain(x);
      if (message(key, ctx.lang) == nullptr) throw TemplateError(fmt::format("no {}", key));
      return piece(key, ctx);
    };
    if (kind.empty()) {
      out += plain(v);
    } else if (kind == "seat") {
      out += seat(v);
    } else if (kind == "seats") {
      out += list(seat);
    } else if (kind == "card") {
      out += card_name(v);
    } else if (kind == "cards") {
      out += list(card_name);
    } else if (kind == "word") {
      out += word(v);
    } else if (kind == "words") {
      out += list(word);
    } else if (kind == "event") {
      Event inner;
      from_json(v, inner);
      out += render_event(inner, ctx, depth + 1);
    } else if (kind.rfind("plural:", 0) == 0) {
      if (!v.is_number()) throw TemplateError(fmt::format("parameter '{}' must be a number", name));
      const std::string forms = kind.substr(7);
      const size_t bar = forms.find('|');
      std::string form = bar == std::string::npos ? forms
                         : v.get<double>() == 1   ? forms.substr(0, bar)
                                                  : forms.substr(bar + 1);
      std::string num = plain(v);
      for (size_t p = form.find('#'); p != std::string::npos; p = form.find('#', p + num.size()))
        form.replace(p, 1, num);
      out += form;
    } else {
      throw TemplateError(fmt::format("unknown kind '{}' in {{{}}}", kind, spec));
    }
  }
  return out;
}

std::string Catalogue::render_event(const Event& e, const RenderContext& ctx, int depth) const {
  if (depth > 8) throw TemplateError("events nested too deep");
  std::string id = e.id;
  if (ctx.choice && message(id + ".choice", ctx.lang) != nullptr) id += ".choice";
  if (ctx.viewer >= 0 && e.args.is_object() && e.args.contains("seat") &&
      e.args["seat"].is_number_integer() && e.args["seat"].get<Player>() == ctx.viewer &&
      message(id + ".you", ctx.lang) != nullptr)
    id += ".you";
  const std::string* tmpl = message(id, ctx.lang);
  if (tmpl == nullptr) throw TemplateError(fmt::format("no message '{}'", id));
  return render_template(*tmpl, e, ctx, depth);
}

std::string Catalogue::render(const Event& e, const RenderContext& ctx) const {
  std::string out;
  try {
    out = render_event(e, ctx, 0);
  } catch (const Error& err) {  // a TemplateError, or a malformed nested event
    if (strict_) throw Error(fmt::format("message '{}' ({}): {}", e.id, ctx.lang, err.what()));
    return "[" + e.id + "]";
  }
  if (ctx.lang == "en" && !out.empty() && std::islower(static_cast<unsigned char>(out[0])))
    out[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(out[0])));
  if (ctx.lang == "zh-TW") out = cjk_spacing(out);
  return out;
}

std::string Catalogue::text(std::string_view id, const RenderContext& ctx,
                            const nlohmann::json& args) const {
  RenderContext plain_ctx = ctx;
  plain_ctx.choice = false;
  return render(Event{std::string(id), args}, plain_ctx);
}

std::vector<std::string> Catalogue::missing_translations() const {
  std::set<std::string> ids;
  for (const auto& [lang, table] : messages_)
    for (const auto& [id, t] : table) ids.insert(id);
  std::vector<std::string> out;
  for (const std::string& lang : languages()) {
    for (const std::string& id : ids)
      if (!has_message(id, lang)) out.push_back(fmt::format("{}: message {}", lang, id));
    for (const auto& [key, per_lang] : cards_) {
      auto t = per_lang.find(lang);
      if (t == per_lang.end() || t->second.name.empty())
        out.push_back(fmt::format("{}: card {} (name)", lang, key));
      else if (t->second.text.empty())
        out.push_back(fmt::format("{}: card {} (text)", lang, key));
    }
  }
  return out;
}

nlohmann::json Catalogue::to_json() const {
  nlohmann::json cards = nlohmann::json::object();
  for (const auto& [key, per_lang] : cards_)
    for (const auto& [lang, t] : per_lang) cards[key][lang] = {{"name", t.name}, {"text", t.text}};
  return {{"messages", messages_}, {"cards", cards}};
}

const Catalogue& Catalogue::core() {
  static const Catalogue c = [] {
    Catalogue cat;
    cat.add_json_text(embedded::core_messages, "core/data/messages.json");
    return cat;
  }();
  return c;
}

}  // namespace villainy
