// Rule tests for Tribute to the Supporting Cast: bad luck, the marker and the all-in (SC-11…SC-13).
// Each test cites the rule ids of docs/rules/supporting-cast.md it checks, and sets up its
// position by forcing chance outcomes through apply() (table.h).
#include <gtest/gtest.h>

#include "table.h"

namespace villainy::supporting_cast {
namespace {
using test_table::kVillains4;
using test_table::others_pass;
using test_table::quiet;
using test_table::Table;

TEST(SupportingCastRules, SC11_SC11a_BadLuckStepsRevealMarkerFaceUpThenScoreSeven) {
  Table t(4);
  t.setup(kVillains4, {}, quiet({}));  // seat 0: six dead cards
  // Turn 1: the villain card is seat 0's only legal play; it avoids bad luck.
  t.play_draw("wolf.villain");
  others_pass(t, 1);
  // Turn 2: no legal play: bad luck step 1 — the hand is revealed, a marker chosen from it.
  ASSERT_EQ(t.s().phase(), SupportingCastState::Phase::kChooseMarker);
  EXPECT_EQ(t.s().seat(0).bad_luck, 1);
  EXPECT_EQ(t.s().seat(0).known, t.s().seat(0).hand);  // revealed to all
  const int marker = t.s().seat(0).hand.first();
  t.st()->apply(act::kMarker + marker);
  EXPECT_EQ(t.s().seat(0).marker, marker);
  EXPECT_FALSE(t.s().seat(0).marker_face_up);
  // Others see that a marker lies face down, not which card (its identity is hidden).
  auto view1 = t.st()->view_json(1);
  EXPECT_EQ(view1["seats"][0]["marker"]["state"], "face-down");
  EXPECT_FALSE(view1["seats"][0]["marker"].contains("card"));
  EXPECT_TRUE(t.st()->view_json(0)["seats"][0]["marker"].contains("card"));
  // Step 1 draws one card and ends the turn (bad-luck-retry=no), with no SC-8 draw.
  ASSERT_TRUE(t.st()->is_chance());
  t.draw_dead();
  EXPECT_EQ(t.s().seat(0).hand.count(), 7);  // six dealt, one drawn after the villain card
  EXPECT_EQ(t.seat_to_move(), 1);
  others_pass(t, 2);
  // Step 2: the marker is turned face up; the turn ends with no draw.
  EXPECT_EQ(t.s().seat(0).bad_luck, 2);
  EXPECT_TRUE(t.s().seat(0).marker_face_up);
  EXPECT_EQ(t.st()->view_json(1)["seats"][0]["marker"]["state"], "face-up");
  EXPECT_TRUE(t.st()->view_json(1)["seats"][0]["marker"].contains("card"));
  EXPECT_EQ(t.s().seat(0).hand.count(), 7);
  others_pass(t, 3);
  // Step 3: no all-in possible: the round ends and seat 0 scores 7 (SC-13, SC-15).
  EXPECT_EQ(t.s().rounds_finished(), 1);
  EXPECT_EQ(t.s().last_round().end, RoundEnd::kThirdBadLuck);
  EXPECT_EQ(t.s().seat(0).score, 7);
  EXPECT_EQ(t.s().round(), 2);
  // SC-11a: levels and markers reset every round.
  EXPECT_EQ(t.s().seat(0).bad_luck, 0);
  EXPECT_EQ(t.s().seat(0).marker, -1);
}

TEST(SupportingCastRules, SC11_BadLuckRetryMakesANowLegalPlay) {
  Table t(4, {{"bad-luck-retry", "yes"}});
  t.setup(kVillains4, {}, quiet({}));
  t.play_draw("wolf.villain");
  others_pass(t, 1);
  ASSERT_EQ(t.s().phase(), SupportingCastState::Phase::kChooseMarker);
  t.st()->apply(act::kMarker + t.s().seat(0).hand.first());
  t.draw("wolf.h1");  // now seat 0 has a legal play: it must make it in the same turn
  EXPECT_EQ(t.seat_to_move(), 0);
  EXPECT_EQ(t.s().phase(), SupportingCastState::Phase::kTurn);
  EXPECT_TRUE(t.can("play:wolf.h1"));
  t.play_draw("wolf.h1");
  EXPECT_EQ(t.seat_to_move(), 1);
}

TEST(SupportingCastRules, SC11_BadLuckRetryStepsFollowAtOnce) {
  Table t(4, {{"bad-luck-retry", "yes"}});
  t.setup(kVillains4, {}, quiet({}));
  t.play_draw("wolf.villain");
  others_pass(t, 1);
  t.st()->apply(act::kMarker + t.s().seat(0).hand.first());
  t.draw_dead();  // still nothing: step 2 and step 3 follow at once: the round ends
  EXPECT_EQ(t.s().rounds_finished(), 1);
  EXPECT_EQ(t.s().last_round().end, RoundEnd::kThirdBadLuck);
  EXPECT_EQ(t.s().seat(0).score, 7);
}

TEST(SupportingCastRules, SC12_SC12a_MarkerPlayedWhenItFitsAndReplaced) {
  Table t(4);
  auto hands = quiet(
      {"snowqueen.e3", "rumpel.e3", "rumpel.e4", "rumpel.e5", "westwitch.e3", "westwitch.e4"});
  hands[1].push_back("snowqueen.e2");  // seat 1 will make the marker playable
  t.setup(kVillains4, {}, hands);
  t.play_draw("wolf.villain");
  others_pass(t, 1);
  t.act("marker:snowqueen.e3");  // step 1
  t.draw_dead();
  t.play_draw("snowqueen.e2");  // seat 1: the snowqueen chain is now at 2
  t.play_draw("stepmother.h2");
  t.play_draw("witch.h2");
  // SC-12: the marker fits: it may be played like a hand card (and must, as the only play).
  EXPECT_EQ(t.legal(), (std::set<std::string>{"play-marker"}));
  t.act("play-marker");
  EXPECT_EQ(t.s().chain(4).count, 3);
  // SC-12a: the player picks the hand card that replaces it, face as before (down).
  ASSERT_EQ(t.s().phase(), SupportingCastState::Phase::kChooseMarker);
  t.act("marker:rumpel.e5");
  EXPECT_EQ(t.s().seat(0).marker, t.card("rumpel.e5"));
  EXPECT_FALSE(t.s().seat(0).marker_face_up);
  // Then the SC-8 draw.
  ASSERT_TRUE(t.st()->is_chance());
  t.draw_dead();
  EXPECT_EQ(t.seat_to_move(), 1);
}

TEST(SupportingCastRules, SC12a_EmptyHandMarkerIsAnAllInCardThenTheLeaderCard) {
  Table t(4);
  auto hands = quiet({"snowqueen.e3"});
  hands[1].push_back("snowqueen.e2");
  t.setup(kVillains4, {}, hands);
  t.play_draw("wolf.villain");
  others_pass(t, 1);
  t.act("marker:snowqueen.e3");
  t.draw_dead();
  t.play_draw("snowqueen.e2");
  t.play_draw("stepmother.h2");
  t.play_draw("witch.h2");
  TestAccess::clear_hand(t.s(), 0);
  t.act("play-marker");
  // No hand card: the lowest all-in card left replaces the marker (public).
  EXPECT_EQ(t.s().seat(0).marker, 101);
  EXPECT_EQ(t.s().all_in_supply_count(), 5);
  EXPECT_EQ(t.st()->view_json(2)["seats"][0]["marker"]["card"], "all-in card 1");
}

TEST(SupportingCastRules, SC13_AllInWithTheVillainCardWinsOnThreeHits) {
  Table t(4);
  t.setup(kVillains4, {}, quiet({}));
  TestAccess::lay_events(t.s(), 0, {2, 3, 4, 5, 6}, /*by_owner=*/true);
  // Reserve optional: seat 0 keeps the villain card and courts bad luck three times.
  t.act("bad-luck");
  t.st()->apply(act::kMarker + t.s().seat(0).hand.first());
  t.draw_dead();
  others_pass(t, 1);
  t.act("bad-luck");
  others_pass(t, 2);
  t.act("bad-luck");
  ASSERT_EQ(t.s().phase(), SupportingCastState::Phase::kAllInStake);
  EXPECT_EQ(t.legal(), (std::set<std::string>{"all-in:villain", "all-in:decline"}));
  t.act("all-in:villain");
  EXPECT_EQ(t.legal(),
            (std::set<std::string>{"shuffler:1", "shuffler:2", "shuffler:3"}));  // SC-13a
  t.act("shuffler:2");
  t.act("name:3");
  t.act("turn:3");
  t.act("name:5");
  t.act("turn:5");
  t.act("name:1");
  EXPECT_EQ(t.st()->legal_actions().size(), 4u);  // four all-in cards left to turn
  t.act("turn:1");
  ASSERT_TRUE(t.st()->is_terminal());
  EXPECT_EQ(t.st()->winners(), std::vector<Player>{0});
  EXPECT_EQ(t.s().win_condition(), WinCondition::kAllIn);
  EXPECT_EQ(t.s().last_round().end, RoundEnd::kAllInWin);
}

TEST(SupportingCastRules, SC13_AllInMissScoresSevenAndSuperHeroNeedsFour) {
  Table t(4);
  t.setup(kVillains4, {}, quiet({"wolf.super"}));
  TestAccess::lay_events(t.s(), 0, {2, 3, 4, 5, 6}, true);
  t.act("bad-luck");
  t.act("marker:snowqueen.e4");
  t.draw_dead();
  others_pass(t, 1);
  t.act("bad-luck");
  others_pass(t, 2);
  t.act("bad-luck");
  EXPECT_TRUE(t.can("all-in:super"));
  t.act("all-in:super");
  t.act("shuffler:1");
  for (int k : {1, 2, 3}) {
    t.act(fmt::format("name:{}", k));
    t.act(fmt::format("turn:{}", k));
  }
  EXPECT_FALSE(t.st()->is_terminal());  // three hits are not enough with the super hero
  t.act("name:4");
  t.act("turn:6");  // a miss: the round ends, seat 0 scores 7
  EXPECT_EQ(t.s().seat(0).score, 7);
  EXPECT_EQ(t.s().last_round().end, RoundEnd::kThirdBadLuck);
  EXPECT_TRUE(t.s().last_round().all_in_tried);
}

TEST(SupportingCastRules, SC13_NoAllInWhenTheChainHasAnotherPlayersCard) {
  Table t(4);
  t.setup(kVillains4, {}, quiet({}));
  TestAccess::lay_events(t.s(), 0, {2, 3, 4, 5, 6}, /*by_owner=*/false);
  EXPECT_FALSE(t.s().all_in_eligible(0));
}

}  // namespace
}  // namespace villainy::supporting_cast
