// Rule tests for Tribute to the Supporting Cast: the afterword's claim (SC-20).
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

TEST(SupportingCastRules, SC20_SC20a_ClaimTakesTheNamedCardAndTheOwnerMayAnswer) {
  Table t(4, {{"rival-super-hero", "claim"}});
  auto hands = quiet({"queen.super"});
  hands[1].push_back("wolf.super");  // seat 1 (queen's owner) holds the claimer's super hero
  hands[2].push_back("wolf.e2");     // seat 2 holds the card to claim
  t.setup(kVillains4, {}, hands);
  EXPECT_TRUE(t.can("play:queen.super"));
  t.act("play:queen.super");
  ASSERT_EQ(t.s().phase(), SupportingCastState::Phase::kClaimName);
  EXPECT_TRUE(t.can("claim:wolf.e2"));
  EXPECT_FALSE(t.can("claim:wolf.villain"));
  t.act("claim:wolf.e2");
  // The holder hands it over (public) and draws a replacement.
  EXPECT_FALSE(t.s().seat(2).hand.test(t.card("wolf.e2")));
  ASSERT_TRUE(t.st()->is_chance());
  t.draw_dead();
  EXPECT_EQ(t.s().seat(2).hand.count(), 6);
  // The owner of the played super hero's villain may answer with the claimer's super hero.
  ASSERT_EQ(t.s().phase(), SupportingCastState::Phase::kClaimAnswer);
  EXPECT_EQ(t.seat_to_move(), 1);
  EXPECT_EQ(t.legal(), (std::set<std::string>{"answer:yes", "answer:no"}));
  t.act("answer:yes");
  EXPECT_TRUE(t.s().seat(1).hand.test(t.card("queen.super")));
  EXPECT_TRUE(t.s().seat(1).known.test(t.card("wolf.super")));  // shown
  // The claimed card is played at once (it fits the wolf chain at 1), then the SC-8 draw.
  EXPECT_EQ(t.s().chain(0).count, 2);
  ASSERT_TRUE(t.st()->is_chance());
  t.draw_dead();
  EXPECT_EQ(t.seat_to_move(), 1);
}

TEST(SupportingCastRules, SC20a_AClaimMayNameAnyOfTheTwelveOwnEventsAndHeroes) {
  // SC-20a: "name one of your own twelve events or heroes" — also one in the claimer's own hand
  // or on a chain (the claim then finds nobody holding it), D7.
  Table t(4, {{"rival-super-hero", "claim"}});
  t.setup(kVillains4, {}, quiet({"queen.super", "wolf.e5", "wolf.h2"}));
  t.act("play:queen.super");
  ASSERT_EQ(t.s().phase(), SupportingCastState::Phase::kClaimName);
  std::set<std::string> twelve;
  for (int k = 1; k <= 7; ++k)
    twelve.insert(fmt::format("claim:wolf.e{}", k));  // e1 is on the chain
  for (int k = 1; k <= 4; ++k) twelve.insert(fmt::format("claim:wolf.h{}", k));
  twelve.insert("claim:wolf.super");
  EXPECT_EQ(t.legal(), twelve);
  EXPECT_EQ(t.s().claimable_cards(0).count(), 12);
  // Agents can tell which names can still succeed: not the ones seat 0 sees out of other hands.
  EXPECT_FALSE(t.s().claim_prospects(0).test(t.card("wolf.e5")));
  EXPECT_FALSE(t.s().claim_prospects(0).test(t.card("wolf.e1")));
  EXPECT_TRUE(t.s().claim_prospects(0).test(t.card("wolf.e2")));
  t.act("claim:wolf.e5");  // in seat 0's own hand: nobody else holds it, the claim fails
  for (int q = 1; q < 4; ++q) EXPECT_EQ(t.s().seat(q).known, t.s().seat(q).hand) << q;
  EXPECT_EQ(t.st()->view_json(0)["pile_bottom"], nlohmann::json::array({"queen.super"}));
  EXPECT_TRUE(t.s().seat(0).hand.test(t.card("wolf.e5")));
  EXPECT_EQ(t.seat_to_move(), 1);
}

TEST(SupportingCastRules, SC20a_FailedClaimRevealsHandsAndSendsTheSuperHeroToTheBottom) {
  Table t(4, {{"rival-super-hero", "claim"}});
  t.setup(kVillains4, {}, quiet({"queen.super"}));
  t.act("play:queen.super");
  t.act("claim:wolf.e5");  // in the pile: nobody holds it
  for (int q = 1; q < 4; ++q) EXPECT_EQ(t.s().seat(q).known, t.s().seat(q).hand) << q;
  EXPECT_EQ(t.st()->view_json(0)["pile_bottom"], nlohmann::json::array({"queen.super"}));
  EXPECT_EQ(t.seat_to_move(), 1);  // the turn ends without a draw
  EXPECT_EQ(t.s().seat(0).hand.count(), 5);
}

TEST(SupportingCastRules, SC20a_ClaimedCardThatCannotBePlayedCausesBadLuck) {
  Table t(4, {{"rival-super-hero", "claim"}});
  auto hands = quiet({"queen.super"});
  hands[2].push_back("wolf.e4");  // does not fit the wolf chain at 1
  t.setup(kVillains4, {}, hands);
  t.act("play:queen.super");
  t.act("claim:wolf.e4");
  t.draw_dead();  // seat 2's replacement
  // Seat 1 is asked even though it cannot answer: being asked reveals nothing (D7).
  EXPECT_EQ(t.legal(), (std::set<std::string>{"answer:no"}));
  t.act("answer:no");
  // The claimer keeps the card and takes bad-luck step 1.
  EXPECT_EQ(t.s().seat(0).bad_luck, 1);
  EXPECT_TRUE(t.s().seat(0).hand.test(t.card("wolf.e4")));
  EXPECT_EQ(t.s().phase(), SupportingCastState::Phase::kChooseMarker);
}

}  // namespace
}  // namespace villainy::supporting_cast
