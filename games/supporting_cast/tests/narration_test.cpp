// Narration (issue 11, docs/narration.md): every action and every automatic consequence is an
// event for one viewer, rendered in English and Traditional Chinese; events reveal nothing the
// viewer does not know; the table and the events use plain words (no internal keys).
#include <gtest/gtest.h>

#include <cctype>

#include "table.h"
#include "villainy/core/random.h"

namespace villainy::supporting_cast {
namespace {
using test_table::kVillains4;
using test_table::quiet;
using test_table::Table;

const std::vector<Player> kViewers = {0, 1, 2, 3, kSpectator};

std::vector<std::string> render_all(const Catalogue& cat, const std::vector<Event>& events,
                                    Player viewer, const std::string& lang) {
  RenderContext ctx;
  ctx.lang = lang;
  ctx.viewer = viewer;
  std::vector<std::string> out;
  for (const Event& e : events) out.push_back(cat.render(e, ctx));
  return out;
}

// Applies an action by name and returns what `viewer` is told, in English.
std::vector<std::string> told(Table& t, const std::string& action, Player viewer) {
  const Catalogue& cat = t.g()->catalogue();
  return render_all(cat, t.st()->apply_narrated(t.id(action), viewer), viewer, "en");
}

// An internal key on a screen line: a card key ("wolf.e3", "queen.super"), an action name
// ("play:wolf.e3", a word right after a colon) or a JSON array ("[0,").
bool has_internal_key(const std::string& line) {
  if (line.find("[0,") != std::string::npos) return true;
  auto lower = [](char c) { return std::islower(static_cast<unsigned char>(c)) != 0; };
  for (size_t i = 1; i + 1 < line.size(); ++i) {
    if (!lower(line[i - 1])) continue;
    if (line[i] == ':' &&
        (lower(line[i + 1]) || std::isdigit(static_cast<unsigned char>(line[i + 1]))))
      return true;
    if (line[i] != '.') continue;
    const std::string rest = line.substr(i + 1, 8);
    if (rest.rfind("super", 0) == 0 || rest.rfind("villain", 0) == 0) return true;
    if (rest.size() >= 2 && (rest[0] == 'e' || rest[0] == 'h') &&
        std::isdigit(static_cast<unsigned char>(rest[1])))
      return true;
  }
  return false;
}

bool contains(const std::vector<std::string>& lines, const std::string& needle) {
  for (const auto& l : lines)
    if (l.find(needle) != std::string::npos) return true;
  return false;
}

TEST(SupportingCastNarration, EveryMessageAndCardInBothLanguages) {
  register_game();
  auto g = load_game("supporting-cast", {}, 4);
  EXPECT_TRUE(g->catalogue().missing_translations().empty())
      << g->catalogue().missing_translations().front();
  // Every card has a name and a text in both languages (help CARD), no key left as a name.
  for (int c = 0; c < kNumCards; ++c) {
    const std::string key = static_cast<const SupportingCastGame&>(*g).card_key(c);
    for (const char* lang : {"en", "zh-TW"}) {
      const villainy::CardText* t = g->catalogue().card(key, lang);
      ASSERT_NE(t, nullptr) << key << " " << lang;
      EXPECT_FALSE(t->name.empty() || t->text.empty()) << key << " " << lang;
      EXPECT_EQ(t->name.find(key), std::string::npos) << key;
    }
  }
  EXPECT_EQ(g->catalogue().card("wolf.e3", "en")->name,
            "Big Bad Wolf 3: Runs ahead to Grandmother's");
  EXPECT_EQ(g->catalogue().card("wolf.e3", "zh-TW")->name, "大野狼 3：搶先跑到外婆家");
  EXPECT_EQ(g->catalogue().find_card("小紅帽（對抗大野狼的英雄）"), "wolf.h1");
  // The help page explains the game without rule ids.
  EXPECT_EQ(g->rules_help().find("SC-"), std::string::npos);
  EXPECT_NE(g->rules_help().find("bad luck"), std::string::npos);
}

// Seeded random games under several option sets: every event of every viewer renders in strict
// mode in both languages, no line holds an internal key, and the deal is one event per viewer.
TEST(SupportingCastNarration, RandomGamesRenderStrictlyInPlainWords) {
  register_game();
  EXPECT_TRUE(has_internal_key("play:wolf.e3") && has_internal_key("wolf.super") &&
              has_internal_key("[0,0]") && !has_internal_key("Big Bad Wolf 3: Runs ahead"));
  const std::vector<std::map<std::string, std::string>> option_sets = {
      {},
      {{"rival-super-hero", "claim"}, {"ending", "party"}, {"skip", "rest-of-round"}},
      {{"chain", "ends"}, {"bad-luck-retry", "yes"}, {"reserve", "forced"}}};
  int events = 0, games = 0;
  for (const auto& opts : option_sets) {
    for (int n = 4; n <= 7; ++n) {
      auto g = load_game("supporting-cast", opts, n);
      Catalogue cat = g->catalogue();
      cat.set_strict(true);
      std::vector<Player> viewers;
      for (int p = 0; p < n; ++p) viewers.push_back(p);
      viewers.push_back(kSpectator);
      auto s = g->new_initial_state();
      Rng rng(static_cast<std::uint64_t>(100 + n));
      int deal_events = 0;
      while (!s->is_terminal()) {
        Action a;
        if (s->is_chance()) {
          a = s->sample_chance(rng);
        } else {
          auto legal = s->legal_actions();
          a = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
        }
        auto per_viewer = s->apply_narrated(a, viewers);
        for (size_t v = 0; v < viewers.size(); ++v) {
          for (const Event& e : per_viewer[v]) {
            if (e.id == "sc.deal" || e.id == "sc.deal.you") ++deal_events;
            for (const char* lang : {"en", "zh-TW"}) {
              RenderContext ctx;
              ctx.lang = lang;
              ctx.viewer = viewers[v];
              const std::string line = cat.render(e, ctx);  // strict: throws on a gap
              EXPECT_FALSE(has_internal_key(line)) << line;
              EXPECT_EQ(line.find("you is"), std::string::npos) << line;
              ++events;
            }
          }
        }
      }
      // One deal event per viewer per round (hands are dealt once per round).
      EXPECT_EQ(deal_events % static_cast<int>(viewers.size()), 0);
      auto& sc = static_cast<const SupportingCastState&>(*s);
      EXPECT_EQ(deal_events / static_cast<int>(viewers.size()), sc.round());
      for (Player v : viewers)
        for (const char* lang : {"en", "zh-TW"}) {
          RenderContext ctx;
          ctx.lang = lang;
          ctx.viewer = v;
          const std::string table = s->view_text_for(ctx);
          EXPECT_FALSE(has_internal_key(table)) << table;
        }
      ++games;
    }
  }
  EXPECT_EQ(games, 12);
  EXPECT_GT(events, 10000);
}

// Events for a viewer are the same in two states that differ only in what the viewer cannot
// see (a resample for that viewer), for every action legal in both, unless the action shows the
// difference to the viewer anyway (e.g. a hand shown at a bad-luck step).
TEST(SupportingCastNarration, EventsRevealNothingHidden) {
  register_game();
  int compared = 0;
  for (const auto& opts : std::vector<std::map<std::string, std::string>>{
           {}, {{"rival-super-hero", "claim"}, {"skip", "rest-of-round"}}}) {
    auto g = load_game("supporting-cast", opts, 5);
    auto s = g->new_initial_state();
    Rng rng(7), resample_rng(8);
    std::vector<Action> legal;
    while (!s->is_terminal()) {
      for (Player v = 0; v < 5; v += 2) {
        auto other = s->resample(v, resample_rng);
        s->legal_actions(legal);
        for (Action a : legal) {
          if (!other->is_legal(a)) continue;
          auto x = s->clone();
          auto y = other->clone();
          const auto ex = x->apply_narrated(a, v), ey = y->apply_narrated(a, v);
          ++compared;
          if (ex == ey) continue;
          // Different events are allowed only when the action shows the difference anyway: the
          // views differ after it, or a round ended during it (what it showed, e.g. hands at a
          // bad-luck step, is public but no longer on the table of the new round).
          const auto& sx = static_cast<const SupportingCastState&>(*x);
          const auto& sy = static_cast<const SupportingCastState&>(*y);
          const auto& before = static_cast<const SupportingCastState&>(*s);
          EXPECT_TRUE(x->current_player() != y->current_player() ||
                      x->view_json(v) != y->view_json(v) ||
                      sx.rounds_finished() != before.rounds_finished() ||
                      sy.rounds_finished() != before.rounds_finished())
              << "viewer " << v << " action " << g->action_name(a) << ": "
              << nlohmann::json(ex).dump() << " vs " << nlohmann::json(ey).dump();
        }
      }
      Action a;
      if (s->is_chance()) {
        a = s->sample_chance(rng);
      } else {
        s->legal_actions(legal);
        a = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
      }
      s->apply(a);
    }
  }
  EXPECT_GT(compared, 1000);
}

// SC-6: the deal is summarised: one event per viewer (the viewer's own hand), no card of
// another hand; single deals tell nothing.
TEST(SupportingCastNarration, SC6_DealIsOneEventPerViewer) {
  Table t(4);
  for (const auto& v : kVillains4) t.act("villain:" + v);
  for (const char* v : {"wolf", "queen", "stepmother", "witch", "snowqueen", "rumpel"})
    EXPECT_TRUE(told(t, fmt::format("deal:{}.e1", v), 0).empty());
  EXPECT_EQ(told(t, "deal:westwitch.e1", 1),
            std::vector<std::string>{"Round 1 begins: every chain gets its first event, face up"});
  std::vector<std::vector<Event>> seen;
  std::vector<Action> legal;
  const Player viewers[] = {0, 1, kSpectator};
  while (t.st()->is_chance()) {
    t.st()->legal_actions(legal);
    seen = t.st()->apply_narrated(legal.front(), viewers);
  }
  ASSERT_EQ(seen[0].size(), 1u);
  EXPECT_EQ(seen[0][0].id, "sc.deal.you");
  EXPECT_EQ(seen[0][0].args["cards"].size(), 6u);
  EXPECT_EQ(seen[1][0].args["seat"], 1);
  EXPECT_EQ(seen[2][0].id, "sc.deal");
  EXPECT_EQ(seen[2][0].args["n"], 6);
}

// SC-10, SC-10a: a skip is told when it is played and when the turn is lost ("You are skipped",
// never "you is skipped").
TEST(SupportingCastNarration, SC10_SkipsAreTold) {
  Table t(4);
  t.setup(kVillains4, {}, quiet({"queen.h1"}));
  auto lines = told(t, "play:queen.h1", 1);
  EXPECT_TRUE(contains(lines, "Seat 1 plays")) << lines.front();
  EXPECT_TRUE(contains(lines, "against you"));
  EXPECT_TRUE(contains(lines, "You will miss your next turn"));
  // The draw ends seat 0's turn; seat 1's turn is lost at once, and seat 1 is told so.
  auto after = render_all(t.g()->catalogue(),
                          t.st()->apply_narrated(t.id("deal:" + t.dead_card()), 1), 1, "en");
  EXPECT_TRUE(contains(after, "You are skipped this turn"));
  EXPECT_EQ(t.seat_to_move(), 2);
}

// SC-16, SC-17: a round end is summarised with the scores, and the game end says why each
// winner won (zero points).
TEST(SupportingCastNarration, SC14_SC17_RoundEndScoresAndWhyTheWinnersWon) {
  Table t(4);
  t.setup(kVillains4, {{"queen", 3}}, quiet({"queen.e2"}));
  TestAccess::lay_events(t.s(), 1, {4, 5, 6, 7, 1}, true);
  TestAccess::set_score(t.s(), 0, 15);
  TestAccess::set_score(t.s(), 1, 4);
  TestAccess::set_score(t.s(), 2, 0);
  TestAccess::set_score(t.s(), 3, 0);
  auto lines = told(t, "play:queen.e2", 2);
  EXPECT_TRUE(contains(lines, "Seat 1 completes the chain of The Evil Queen"));
  EXPECT_TRUE(contains(lines, "End of round 1. Scores:"));
  EXPECT_TRUE(contains(lines, "  Seat 1 (The Big Bad Wolf): 16 points"));
  EXPECT_TRUE(contains(lines, "Game over after 1 round."));
  EXPECT_TRUE(contains(lines, "You win the game: still on 0 points when Seat 1 reached 16"));
  EXPECT_TRUE(contains(lines, "Seat 4 wins the game: still on 0 points when Seat 1 reached 16"));
  RenderContext zh;
  zh.lang = "zh-TW";
  zh.viewer = 2;
  EXPECT_NE(t.st()->view_text_for(zh).find("遊戲結束"), std::string::npos);
}

// SC-8a, SC-11: bad-luck steps are told: the hand shown at step 1 (to everyone), the marker
// face down (named to its owner only).
TEST(SupportingCastNarration, SC11_BadLuckStepsAreTold) {
  Table t(4);
  t.setup(kVillains4, {}, quiet({}));
  ASSERT_EQ(t.legal(), (std::set<std::string>{"play:wolf.villain", "bad-luck"}));
  const auto& g = static_cast<const SupportingCastGame&>(*t.g());
  const int first = t.s().seat(0).hand.first();
  auto lines = told(t, "bad-luck", 1);
  ASSERT_GE(lines.size(), 2u);
  EXPECT_EQ(lines[0], "Seat 1 takes bad luck rather than play a reserve card");
  EXPECT_EQ(lines[1].rfind("Seat 1 has bad luck (1 of 3) and shows their hand: ", 0), 0u)
      << lines[1];
  EXPECT_NE(lines[1].find(t.g()->catalogue().card(g.card_key(first), "en")->name),
            std::string::npos);
  const std::string marker = "marker:" + g.card_key(first);
  EXPECT_EQ(t.st()->describe_action(t.id(marker), 1),
            "Seat 1 lays a card face down as the bad-luck marker");
  EXPECT_EQ(t.st()->describe_action(t.id(marker), 0),
            "You lay " + t.g()->catalogue().card(g.card_key(first), "en")->name +
                " face down as your bad-luck marker");
}

// The table in plain words: plural forms, no key, the hint offers only cards that fit.
TEST(SupportingCastNarration, TableInPlainWords) {
  Table t(4);
  t.setup(kVillains4, {{"wolf", 5}}, quiet({"wolf.e6"}));
  t.play_draw("wolf.e6");
  const std::string table = t.st()->view_text(0);
  EXPECT_NE(table.find("The Big Bad Wolf [····56·], played by you, all laid by the owner"),
            std::string::npos)
      << table;
  // Under chain=top only the neighbours of the last event fit, never a card on the chain (5).
  EXPECT_NE(table.find("    next: 7\n"), std::string::npos) << table;
  EXPECT_NE(table.find("  You (The Big Bad Wolf): 0 points, 6 cards in hand"), std::string::npos)
      << table;
  EXPECT_NE(table.find("Last card played: Big Bad Wolf 6: What big teeth you have, by you"),
            std::string::npos)
      << table;
  for (const auto& l : [&] {
         std::vector<std::string> v;
         std::string cur;
         for (char ch : table) {
           if (ch == '\n') {
             v.push_back(cur);
             cur.clear();
           } else {
             cur += ch;
           }
         }
         return v;
       }())
    EXPECT_LE(l.size(), 80u) << l;
}

}  // namespace
}  // namespace villainy::supporting_cast
