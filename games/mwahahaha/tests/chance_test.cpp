// Mwahahaha! rule tests: chance (MW-2b): decks, reshuffles. Each test cites the rule ids of
// docs/rules/mwahahaha.md it checks. Positions are set up by forcing chance outcomes (scientists,
// devices, draws, dice) through apply(); a few tests then place tokens, Minions or Empires on the
// table through the test accessor (documented at the call) to reach a phase quickly.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "mw_table.h"

namespace villainy::mwahahaha {
namespace {

using namespace testing_table;

// Insider Tip and Mercenary Contract (MW-2b, MW-6c): an empty deck with a discard pile is
// reshuffled, so both stay playable; Mercenary Contract is also played while sending Minions.
TEST(MwPoints, EmptyDeckWithADiscardPileIsReshuffled_MW2b_MW6c) {
  Table t = creation_two({"e3", "m2", "s2", "e1", "e1"});
  t.give_trick(0, "insider-tip");
  t.c().emp_discard = t.c().emp_deck;  // placed: every Empire and Minion in the discard piles
  t.c().emp_deck = 0;
  t.c().min_discard_n = 0;
  for (int m = 0; m < kNumMinions; ++m)
    if (m != t.minion("killer-drones"))
      t.c().min_discard[t.c().min_discard_n++] = static_cast<std::int8_t>(m);
  t.c().min_deck = 0;
  t.c().face_up = (1ULL << kNumMinions) - 1;
  ASSERT_TRUE(t.can("play:insider-tip"));
  t.act("play:insider-tip");
  EXPECT_EQ(t.legal(), (std::set<std::string>{"insider:empires", "insider:minions"}));
  t.act("insider:empires");
  EXPECT_EQ(t.outcomes().size(), static_cast<size_t>(kNumEmpires));  // reshuffled
  t.act("empire:think-tank");
  t.act("empire:laundromat");
  t.act("empire:toy-factory");
  for (auto k : {"think-tank", "laundromat", "toy-factory"})
    t.act(std::string("choose-empire:") + k);
  // Rivalry: Mercenary Contract with the Minion deck empty and its discard pile full.
  t.clear_tricks();
  t.phase(Phase::kRivalry, 0);
  t.give_trick(0, "mercenary-contract");
  t.c().seats[0].minions = 1ULL << t.minion("killer-drones");  // placed
  t.act("attack-lair:1:energy");
  ASSERT_TRUE(t.can("play:mercenary-contract"));  // while sending (MW-6c own Rivalry decision)
  t.act("play:mercenary-contract");
  EXPECT_EQ(t.outcomes().size(), static_cast<size_t>(kNumMinions - 1));
  t.act("minion:giant-lizards");
  EXPECT_EQ(t.s().stage(), Stage::kSend);
  t.act("send:giant-lizards");  // MW-16a: a Minion received this round may attack
  t.act("send:killer-drones");
  t.act("send-done");
  EXPECT_EQ(t.s().core().n_atk, 2);
}

}  // namespace
}  // namespace villainy::mwahahaha
