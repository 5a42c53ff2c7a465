// Rule tests for Tribute to the Supporting Cast: round end, scoring and game end (SC-13…SC-19,
// SC-16a). Each test cites the rule ids of docs/rules/supporting-cast.md it checks, and sets up its
// position by forcing chance outcomes through apply() (table.h).
#include <gtest/gtest.h>

#include "table.h"

namespace villainy::supporting_cast {
namespace {
using test_table::kVillains4;
using test_table::others_pass;
using test_table::quiet;
using test_table::Table;

TEST(SupportingCastRules, SC14_CompletingOwnChainAloneWinsOutright) {
  Table t(4);
  t.setup(kVillains4, {}, quiet({"wolf.e7"}));
  TestAccess::lay_events(t.s(), 0, {2, 3, 4, 5, 6}, true);
  t.act("play:wolf.e7");
  ASSERT_TRUE(t.st()->is_terminal());
  EXPECT_EQ(t.st()->winners(), std::vector<Player>{0});
  EXPECT_EQ(t.s().win_condition(), WinCondition::kOwnChain);
  EXPECT_EQ(t.st()->returns(), (std::vector<double>{1, 0, 0, 0}));
}

TEST(SupportingCastRules, SC14_SC15_CompletionScoresTheCardsValue) {
  Table t(4);
  t.setup(kVillains4, {{"queen", 3}}, quiet({"queen.e2", "wolf.e7"}));
  TestAccess::lay_events(t.s(), 1, {4, 5, 6, 7, 1}, true);
  TestAccess::lay_events(t.s(), 0, {2, 3, 4, 5, 6}, false);
  t.act("play:queen.e2");  // completes the queen chain (owned by seat 1): score 2
  EXPECT_EQ(t.s().seat(0).score, 2);
  EXPECT_EQ(t.s().last_round().end, RoundEnd::kCompletion);
  EXPECT_EQ(t.s().last_round().points, 2);
}

TEST(SupportingCastRules, SC14_OwnChainNotAllByOwnerOnlyScores) {
  Table t(4);
  t.setup(kVillains4, {}, quiet({"wolf.e7"}));
  TestAccess::lay_events(t.s(), 0, {2, 3, 4, 5, 6}, false);
  t.act("play:wolf.e7");
  EXPECT_FALSE(t.st()->is_terminal());
  EXPECT_EQ(t.s().seat(0).score, 7);
}

TEST(SupportingCastRules, SC15_SC15a_ScoresCapAtFifteenAtLeastOnePoint) {
  struct Case {
    int before, points, after;
  };
  for (Case c : {Case{13, 7, 15}, Case{14, 1, 15}, Case{15, 1, 16}, Case{3, 1, 4}, Case{0, 7, 7}}) {
    // Complete the wolf chain (not all by its owner) with the card worth `points`.
    Table u(4);
    const int missing = c.points;
    std::vector<int> laid;
    for (int k = missing + 1; k < missing + 7; ++k) laid.push_back((k - 1) % 7 + 1);
    const int start = laid[0];
    u.setup(kVillains4, {{"wolf", start}}, quiet({fmt::format("wolf.e{}", missing)}));
    for (size_t i = 1; i < laid.size(); ++i) TestAccess::lay_events(u.s(), 0, {laid[i]}, false);
    TestAccess::set_score(u.s(), 0, c.before);
    TestAccess::set_score(u.s(), 1, 5);
    TestAccess::set_score(u.s(), 2, 5);
    TestAccess::set_score(u.s(), 3, 5);
    u.act(fmt::format("play:wolf.e{}", missing));
    EXPECT_EQ(u.s().seat(0).score, c.after) << c.before << "+" << c.points;
    EXPECT_EQ(u.st()->is_terminal(), c.after == 16);
  }
}

TEST(SupportingCastRules, SC17_SixteenWinsAloneUnlessSomeoneHasZero) {
  for (bool zero : {false, true}) {
    Table t(4);
    t.setup(kVillains4, {{"queen", 3}}, quiet({"queen.e2"}));
    TestAccess::lay_events(t.s(), 1, {4, 5, 6, 7, 1}, true);
    TestAccess::set_score(t.s(), 0, 15);
    TestAccess::set_score(t.s(), 1, 4);
    TestAccess::set_score(t.s(), 2, zero ? 0 : 2);
    TestAccess::set_score(t.s(), 3, zero ? 0 : 9);
    t.act("play:queen.e2");
    ASSERT_TRUE(t.st()->is_terminal());
    if (zero) {
      EXPECT_EQ(t.st()->winners(),
                (std::vector<Player>{2, 3}));  // the zero-point players win together
      EXPECT_EQ(t.s().win_condition(), WinCondition::kZeroPoints);
    } else {
      EXPECT_EQ(t.st()->winners(), std::vector<Player>{0});
      EXPECT_EQ(t.s().win_condition(), WinCondition::kSixteen);
    }
  }
}

TEST(SupportingCastRules, SC19_SC19a_PartyEndingGivesEveryoneElseOneMoreTurn) {
  Table t(4, {{"ending", "party"}});
  t.setup(kVillains4, {{"queen", 3}}, quiet({"queen.e2"}));
  TestAccess::lay_events(t.s(), 1, {4, 5, 6, 7, 1}, true);
  TestAccess::set_score(t.s(), 0, 15);
  TestAccess::set_score(t.s(), 3, 0);
  t.act("play:queen.e2");
  EXPECT_FALSE(t.st()->is_terminal());  // the round goes on
  EXPECT_EQ(t.s().seat(0).score, 16);
  t.draw_dead();  // completions in the party ending do not end the round: the player draws
  EXPECT_EQ(t.seat_to_move(), 1);
  t.play_draw("queen.h1");
  t.play_draw("stepmother.h1");
  t.play_draw("witch.h1");
  ASSERT_TRUE(t.st()->is_terminal());
  EXPECT_EQ(t.st()->winners(), std::vector<Player>{0});  // the zero-point rule does not apply
  EXPECT_EQ(t.s().last_round().end, RoundEnd::kPartyEnd);
}

TEST(SupportingCastRules, SC13_SC19a_MissedAllInInThePartyEndingReturnsTheTurnedCards) {
  // SC-13 shuffles "the all-in cards still in the supply"; only a marker (SC-12) takes one out.
  // After a missed all-in in a round that goes on (SC-19a), the turned cards are back (D6).
  // Seats 0, 2 and 3 draw heroes of villains nobody plays (always playable, no effect).
  Table t(4, {{"ending", "party"}});
  auto hands = quiet({"wolf.h1", "wolf.e7"});
  hands[1] = {"stepmother.e3", "stepmother.e4", "stepmother.e5",
              "stepmother.e6", "witch.e3",      "witch.e4"};  // seat 1: nothing fits
  t.setup(kVillains4, {}, hands);
  TestAccess::lay_events(t.s(), 0, {2, 3, 4, 5, 6}, /*by_owner=*/false);  // wolf: one short
  TestAccess::lay_events(t.s(), 1, {2, 3, 4, 5, 6}, /*by_owner=*/true);   // queen: all-in ready
  TestAccess::set_score(t.s(), 0, 15);
  t.act("play:wolf.villain");
  t.draw("rumpel.h1");
  t.act("bad-luck");  // seat 1 keeps its villain card (SC-8a) and courts bad luck
  t.act("marker:witch.e4");
  t.draw_dead();
  t.act("play:stepmother.h1");
  t.draw("rumpel.h2");
  t.act("play:witch.h1");
  t.draw("rumpel.h3");
  t.act("play:wolf.h1");
  t.draw("rumpel.h4");
  t.act("bad-luck");  // step 2
  t.act("play:stepmother.h2");
  t.draw("westwitch.h1");
  t.act("play:witch.h2");
  t.draw("westwitch.h2");
  t.act("play:wolf.e7");  // completes the wolf chain: 15 -> 16, the party ending's last turns
  t.draw("westwitch.h3");
  ASSERT_TRUE(t.s().party_active());
  ASSERT_EQ(t.seat_to_move(), 1);
  t.act("bad-luck");  // third bad luck
  ASSERT_EQ(t.s().phase(), SupportingCastState::Phase::kAllInStake);
  t.act("all-in:villain");
  t.act("shuffler:2");
  t.act("name:3");
  t.act("turn:3");  // a hit: that card stays out while the all-in goes on (D6)
  EXPECT_EQ(t.s().all_in_supply_count(), 5);
  t.act("name:4");
  t.act("turn:5");  // a miss: seat 1 scores 7 and the round goes on
  EXPECT_FALSE(t.st()->is_terminal());
  EXPECT_EQ(t.s().seat(1).score, 7);
  EXPECT_EQ(t.seat_to_move(), 2);
  EXPECT_EQ(t.s().all_in_supply_count(), 6);
  EXPECT_EQ(t.st()->view_json(3)["all_in_supply"], nlohmann::json::array({1, 2, 3, 4, 5, 6}));
  t.act("play:stepmother.h3");
  t.draw("westwitch.h4");
  t.act("play:witch.h3");
  t.draw("snowqueen.h1");
  ASSERT_TRUE(t.st()->is_terminal());
  EXPECT_EQ(t.st()->winners(), std::vector<Player>{0});
}

TEST(SupportingCastRules, SC19a_PartySeveralOnSixteenLowestScoreWins) {
  Table t(4, {{"ending", "party"}});
  auto hands = quiet({"queen.e2"});
  hands[1].push_back("wolf.e7");
  t.setup(kVillains4, {{"queen", 3}}, hands);
  TestAccess::lay_events(t.s(), 1, {4, 5, 6, 7, 1}, true);
  TestAccess::lay_events(t.s(), 0, {2, 3, 4, 5, 6}, false);
  TestAccess::set_score(t.s(), 0, 15);
  TestAccess::set_score(t.s(), 1, 15);
  TestAccess::set_score(t.s(), 2, 3);
  TestAccess::set_score(t.s(), 3, 6);
  t.act("play:queen.e2");
  t.draw_dead();
  t.play_draw("wolf.e7");  // seat 1 completes the wolf chain in its last turn: 16 too
  EXPECT_EQ(t.s().seat(1).score, 16);
  t.play_draw("stepmother.h1");
  t.play_draw("witch.h1");
  ASSERT_TRUE(t.st()->is_terminal());
  EXPECT_EQ(t.st()->winners(), std::vector<Player>{2});  // the lowest score at the table
  EXPECT_EQ(t.s().win_condition(), WinCondition::kPartyLowest);
}

TEST(SupportingCastRules, SC16a_SC16c_RoundsAlwaysEndWithoutStalemate) {
  register_game();
  for (const auto& opts : std::vector<std::map<std::string, std::string>>{
           {},
           {{"skip", "rest-of-round"}},
           {{"rival-super-hero", "claim"}, {"bad-luck-retry", "yes"}}}) {
    for (int n = 4; n <= 7; ++n) {
      auto g = load_game("supporting-cast", opts, n);
      Rng rng(static_cast<std::uint64_t>(n));
      std::vector<Action> buf;
      for (int i = 0; i < 40; ++i) {
        auto s = g->new_initial_state();
        int rounds_seen = 0;
        while (!s->is_terminal()) {
          if (s->is_chance())
            s->apply_unchecked(s->sample_chance(rng));
          else {
            s->legal_actions(buf);
            s->apply_unchecked(buf[rng.below(static_cast<std::uint32_t>(buf.size()))]);
          }
          auto& sc = static_cast<SupportingCastState&>(*s);
          if (sc.rounds_finished() != rounds_seen) {
            rounds_seen = sc.rounds_finished();
            EXPECT_NE(sc.last_round().end, RoundEnd::kStalemate);
          }
        }
      }
    }
  }
}

}  // namespace
}  // namespace villainy::supporting_cast
