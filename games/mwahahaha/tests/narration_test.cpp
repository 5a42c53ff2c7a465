// Mwahahaha! narration (issue 11, docs/narration.md): every message and card in English and
// Traditional Chinese; seeded games whose events, choices and tables read in plain words in both
// languages (no internal keys, no JSON lists, no negative seats, 80 columns); and events that
// reveal nothing a viewer does not know (compared across states the viewer cannot tell apart).
#include <gtest/gtest.h>

#include <set>

#include "mw_table.h"
#include "villainy/core/registry.h"

namespace villainy::mwahahaha {
namespace {

int columns(const std::string& line) {
  int w = 0;
  for (size_t i = 0; i < line.size();) {
    const auto c = static_cast<unsigned char>(line[i]);
    const int len = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    w += len >= 3 ? 2 : 1;
    i += static_cast<size_t>(len);
  }
  return w;
}

// Whether `text` has `a` followed by `b` somewhere (a character class each). (std::regex trips
// GCC 12's -Wmaybe-uninitialized under the sanitizers, so the patterns are scanned by hand.)
template <class A, class B>
bool has_pair(const std::string& text, A a, B b) {
  for (size_t i = 0; i + 1 < text.size(); ++i)
    if (a(text[i]) && b(text[i + 1])) return true;
  return false;
}

void expect_plain(const std::string& text, const std::string& what) {
  auto lower = [](char c) { return c >= 'a' && c <= 'z'; };
  auto digit = [](char c) { return c >= '0' && c <= '9'; };
  // An action name ("trade:2"): a lowercase word, a colon, a lowercase letter or digit.
  bool key = false;
  for (size_t i = 1; i + 1 < text.size() && !key; ++i)
    key = text[i] == ':' && lower(text[i - 1]) && (lower(text[i + 1]) || digit(text[i + 1]));
  EXPECT_FALSE(key) << what << ": an internal key in: " << text;
  EXPECT_FALSE(has_pair(
      text, [](char c) { return c == '['; }, [&](char c) { return digit(c) || c == '-'; }))
      << what << ": a JSON list in: " << text;
  EXPECT_FALSE(has_pair(
      text, [](char c) { return c == '-'; }, digit))
      << what << ": a negative number in: " << text;
  EXPECT_EQ(text.find("[mw."), std::string::npos) << what << ": a missing message in: " << text;
}

TEST(MwNarration, EveryMessageAndCardInBothLanguages) {
  register_game();
  auto g = load_game("mwahahaha", {}, 3);
  const Catalogue& c = g->catalogue();
  EXPECT_TRUE(c.missing_translations().empty()) << c.missing_translations().front();
  const CardData& d = static_cast<const MwahahahaGame&>(*g).data();
  int cards = 0;
  auto check = [&](CardKind k, int n) {
    for (int i = 0; i < n; ++i)
      for (const char* lang : {"en", "zh-TW"}) {
        const CardText* t = c.card(card_key(k, i, d), lang);
        ASSERT_NE(t, nullptr) << card_key(k, i, d) << " " << lang;
        EXPECT_FALSE(t->name.empty());
        EXPECT_FALSE(t->text.empty()) << card_key(k, i, d) << " " << lang;
        ++cards;
      }
  };
  check(CardKind::kScientist, kNumScientists);
  check(CardKind::kDevice, kNumDevices);
  check(CardKind::kEmpire, kNumEmpires);
  check(CardKind::kMinion, kNumMinions);
  check(CardKind::kTrick, kNumTricks);
  check(CardKind::kRaw, kRawKinds);
  EXPECT_EQ(cards, 2 * (kNumScientists + kNumDevices + kNumEmpires + kNumMinions + kNumTricks +
                        kRawKinds));
  // A Chinese card text is Chinese (from the data's *_zh fields), not the English one.
  EXPECT_NE(c.card(card_key(CardKind::kTrick, tEspionage, d), "zh-TW")->text,
            c.card(card_key(CardKind::kTrick, tEspionage, d), "en")->text);
  EXPECT_TRUE(c.has_message("rules.text", "en"));
  EXPECT_TRUE(c.has_message("rules.text", "zh-TW"));
}

// Seeded random games: every event each seat and the spectator sees, every choice label and
// every table, rendered strictly in both languages.
TEST(MwNarration, GamesReadInPlainWordsInBothLanguages) {
  register_game();
  std::set<std::string> seen;
  int rendered = 0;
  for (int players = 2; players <= 5; ++players) {
    auto g = load_game("mwahahaha", {{"round-limit", "3"}}, players);
    Catalogue cat = g->catalogue();
    cat.set_strict(true);
    auto st = g->new_initial_state();
    Rng rng(derive_seed(77, static_cast<std::uint64_t>(players)));
    std::vector<Player> viewers;
    for (int p = 0; p < players; ++p) viewers.push_back(p);
    viewers.push_back(kSpectator);
    std::vector<Action> legal;
    int step = 0;
    while (!st->is_terminal()) {
      const bool look = step++ % 7 == 0;
      if (look && !st->is_chance()) {
        const Player p = st->current_player();
        st->legal_actions(legal);
        for (const char* lang : {"en", "zh-TW"}) {
          RenderContext ctx{lang, p, {}, true};
          for (Action a : legal) expect_plain(cat.render(st->action_event(a, p), ctx), "choice");
          for (Player v : viewers) {
            RenderContext vc{lang, v, {}, false};
            const std::string table = st->view_text_for(vc);
            expect_plain(table, "table");
            size_t from = 0;
            while (from < table.size()) {
              const size_t nl = table.find('\n', from);
              EXPECT_LE(columns(table.substr(from, nl - from)), 80) << table;
              from = nl == std::string::npos ? table.size() : nl + 1;
            }
          }
        }
      }
      Action a;
      if (st->is_chance()) {
        a = st->sample_chance(rng);
      } else {
        st->legal_actions(legal);
        a = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
      }
      const auto events = st->apply_narrated(a, viewers);
      for (size_t v = 0; v < viewers.size(); ++v)
        for (const Event& e : events[v]) {
          seen.insert(e.id);
          for (const char* lang : {"en", "zh-TW"}) {
            RenderContext ctx{lang, viewers[v], {}, false};
            expect_plain(cat.render(e, ctx), e.id);
            ++rendered;
          }
        }
      if (::testing::Test::HasFailure()) return;
    }
  }
  EXPECT_GT(rendered, 1000);
  for (const char* id : {"mw.round", "mw.phase", "mw.turn", "mw.fight", "mw.scientist",
                         "mw.draw_raw", "mw.convert", "mw.win_limit"})
    EXPECT_TRUE(seen.count(id)) << id << " never told";
}

// Non-interference of events: a resample for viewer v differs only in what v cannot see, so
// every event v is told (each legal action's event and what its apply narrates) is the same in
// both, unless the action's effect shows the two apart anyway (then v's views differ after it).
// A leak (e.g. naming another seat's drawn card) fails here. (The invariant suite checks the
// action events too: describe_action is their English rendering.)
TEST(MwNarration, EventsRevealNothingHidden) {
  register_game();
  int compared = 0;
  for (int players = 2; players <= 4; ++players) {
    auto g = load_game("mwahahaha", {{"round-limit", "3"}, {"trade-window", "open"}}, players);
    auto st = g->new_initial_state();
    Rng rng(derive_seed(99, static_cast<std::uint64_t>(players)));
    std::vector<Action> legal;
    int step = 0;
    while (!st->is_terminal()) {
      if (step++ % 5 == 0) {
        const Player v =
            static_cast<Player>(rng.below(static_cast<std::uint32_t>(players + 1))) - 1;
        const Player viewer = v < 0 ? kSpectator : v;
        auto other = st->resample(viewer, rng);
        if (st->is_chance()) {
          std::vector<ChanceOutcome> outs;
          st->chance_outcomes(outs);
          for (const auto& o : outs) legal.push_back(o.action);
        } else {
          st->legal_actions(legal);
        }
        for (Action a : std::vector<Action>(legal)) {
          if (!other->is_legal(a) || st->current_player() != other->current_player()) continue;
          auto x = st->clone(), y = other->clone();
          const auto ex = x->apply_narrated(a, viewer), ey = y->apply_narrated(a, viewer);
          // A difference is allowed only where the action's effect shows the states apart
          // anyway (the same rule as the invariant suite's for descriptions).
          if (ex != ey) {
            EXPECT_NE(x->view_json(viewer), y->view_json(viewer))
                << g->action_name(a) << " is told differently to viewer " << viewer
                << " by hidden information";
          }
          ++compared;
        }
        legal.clear();
        if (::testing::Test::HasFailure()) return;
      }
      Action a;
      if (st->is_chance()) {
        a = st->sample_chance(rng);
      } else {
        st->legal_actions(legal);
        a = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
      }
      st->apply(a);
    }
  }
  EXPECT_GT(compared, 500);
}

}  // namespace
}  // namespace villainy::mwahahaha
