// Rule tests for Tribute to the Supporting Cast: setting up (SC-3…SC-7, SC-16).
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

TEST(SupportingCastRules, SC3_SC4_SC5_SC6_SetupDealsVillainsChainsAndHands) {
  for (int n = 4; n <= 7; ++n) {
    Table t(n);
    // SC-3: villains are dealt by chance, one per seat, all different.
    EXPECT_TRUE(t.st()->is_chance());
    EXPECT_EQ(t.st()->legal_actions().size(), 7u);
    Rng rng(n);
    while (t.s().phase() == SupportingCastState::Phase::kDealVillain)
      t.st()->apply(t.st()->sample_chance(rng));
    std::set<int> vs;
    for (int p = 0; p < n; ++p) vs.insert(t.s().seat(p).villain);
    EXPECT_EQ(static_cast<int>(vs.size()), n);
    // SC-4: seven chains, each started by chance over its seven events.
    EXPECT_EQ(t.st()->legal_actions().size(), 7u);
    while (t.s().phase() != SupportingCastState::Phase::kTurn)
      t.st()->apply(t.st()->sample_chance(rng));
    int chains = 0;
    for (int v = 0; v < kVillains; ++v)
      chains += t.s().chain(v).on_table && t.s().chain(v).count == 1;
    EXPECT_EQ(chains, 7);
    // SC-6: 7/6/5/4 players get 4/4/5/6 cards; SC-3: the villain card is held too.
    const int h = n >= 6 ? 4 : (n == 5 ? 5 : 6);
    for (int p = 0; p < n; ++p) {
      EXPECT_EQ(t.s().seat(p).hand.count(), h);
      EXPECT_TRUE(t.s().seat(p).villain_held);
    }
    // SC-5: the rest (42 events + 35 heroes) is the pile.
    EXPECT_EQ(t.s().pile_size(), 42 + 35 - n * h);
    // SC-7: seat 0 starts the first round.
    EXPECT_EQ(t.st()->current_player(), 0);
  }
}

TEST(SupportingCastRules, SC4_UnownedVillainsRemoved) {
  Table t(4, {{"unowned-villains", "removed"}});
  t.setup(kVillains4, {}, {});
  int chains = 0;
  for (int v = 0; v < kVillains; ++v) chains += t.s().chain(v).on_table;
  EXPECT_EQ(chains, 4);
  EXPECT_EQ(t.s().pile_size(), 4 * 12 - 4 - 24);
}

TEST(SupportingCastRules, SC16_ScorerNamesTheStartPlayer) {
  Table t(4);
  t.setup(kVillains4, {{"queen", 3}}, quiet({"queen.e2"}));
  TestAccess::lay_events(t.s(), 1, {4, 5, 6, 7, 1}, true);
  t.act("play:queen.e2");
  // A new round is set up by chance; then the scorer (seat 0) names the start player.
  Rng rng(3);
  while (t.st()->is_chance()) t.st()->apply(t.st()->sample_chance(rng));
  EXPECT_EQ(t.s().phase(), SupportingCastState::Phase::kNameStart);
  EXPECT_EQ(t.seat_to_move(), 0);
  EXPECT_EQ(t.legal(), (std::set<std::string>{"start:0", "start:1", "start:2", "start:3"}));
  t.act("start:2");
  EXPECT_EQ(t.seat_to_move(), 2);
  EXPECT_EQ(t.s().start_player(), 2);
}

}  // namespace
}  // namespace villainy::supporting_cast
