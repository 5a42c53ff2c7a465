// The end of a match and of the game (CM-13…CM-16): refill, reshuffle, cleanup, the next start
// player and the winners.
#include <gtest/gtest.h>

#include "table.h"

namespace villainy::cheaty_mages {
namespace {
using namespace test;  // the scripted table of table.h
using Phase = CheatyMagesState::Phase;

TEST(CheatyMagesMatchEnd, CM13_RefillDiscardThenDrawUpToTheLimit) {
  Table t = setup(3, {{"might", "haste", "fireball"}}, kFive, "tad", 1);
  t.bets({"1", "2", "3"});  // seats 1, 2, 0
  t.a("pass");              // seat 1
  t.a("pass");              // seat 2
  t.cast("might", 1);
  t.cast("haste", 1);
  t.cast("fireball", 2);
  t.a("pass");
  ASSERT_EQ(t.s().phase(), Phase::kRefill);
  EXPECT_EQ(t.s().current_player(), 1);  // clockwise from the start player
  t.a("discard:magic-missile");
  EXPECT_EQ(t.s().seat(1).hand_n, 7);
  t.a("draw");
  Rng rng(3);
  while (t.state().is_chance()) t.state().apply(t.state().sample_chance(rng));
  EXPECT_EQ(t.s().seat(1).hand_n, 8);  // 7 + 4 capped at 8
  EXPECT_EQ(t.s().current_player(), 2);
  t.a("draw");  // full hand: draws nothing
  EXPECT_EQ(t.s().seat(2).hand_n, 8);
  t.a("draw");
  for (int i = 0; i < 3; ++i) t.state().apply(t.state().sample_chance(rng));
  EXPECT_EQ(t.s().seat(0).hand_n, 8);  // 5 + 3
}

TEST(CheatyMagesMatchEnd, CM13_EmptyDeckReshufflesTheDiscardPile) {
  Table t = solo({"recall", "recall"}, "tad");
  TestAccess::empty_deck(t.s(), true);  // every deck card to the discard pile
  const int discards = t.s().discard_size();
  ASSERT_EQ(t.s().deck_size(), 0);
  t.a("cast:recall");
  ASSERT_EQ(t.s().phase(), Phase::kDraw);  // reshuffled
  EXPECT_EQ(t.s().deck_size(), discards);
  EXPECT_EQ(t.s().discard_size(), 0);
  t.a("deal:blizzard");
  EXPECT_EQ(t.s().discard_size(), 1);  // the Recall, after it resolved
  // Nothing to reshuffle: nothing is drawn, and Ferine does not judge.
  Table u = solo({"recall", "haste", "slow"}, "ferine");
  TestAccess::empty_deck(u.s(), false);
  u.cast("haste", 1);
  u.cast("slow", 1);
  const int hand = u.s().seat(0).hand_n;
  u.a("cast:recall");
  EXPECT_EQ(u.s().seat(0).hand_n, hand - 1);
  EXPECT_EQ(u.s().discard_size(), 1);
  TestAccess::empty_deck(u.s(), false);
  u.pass_all();
  EXPECT_FALSE(u.s().last_match().judged);
  EXPECT_EQ(u.s().last_match().dispelled | u.s().last_match().ejected, 0);
}

TEST(CheatyMagesMatchEnd, CM14_CleanupDiscardsSpellsAndJudge_CM15_RichestStarts) {
  Table t = solo({"might", "fireball"}, "tad");
  t.cast("might", 1);
  t.cast("fireball", 2);
  t.pass_all();
  EXPECT_EQ(t.s().seat(0).coins, 20);
  for (int p = 0; p < 3; ++p)
    t.a("draw"), [&] {
      Rng rng(p);
      while (t.state().is_chance() && t.s().phase() == Phase::kDraw)
        t.state().apply(t.state().sample_chance(rng));
    }();
  EXPECT_EQ(t.s().num_spells(), 0);
  EXPECT_GE(t.s().discard_count(kind::kMight), 1);
  EXPECT_GE(t.s().discard_count(kind::kFireball), 1);
  EXPECT_EQ(t.s().judge(), -1);
  EXPECT_EQ(t.s().phase(), Phase::kDealFighter);
  EXPECT_EQ(t.s().start_player(), 0);  // most coins (seat 1 started the first match)
  t.match(kFive, "lawty");
  EXPECT_FALSE(t.legal("judge:tad"));  // a used judge stays out
}

TEST(CheatyMagesMatchEnd, CM15_TiedRichestStartAtRandom) {
  Table t = setup(3, {}, kFive, "tad");
  t.bets({"1", "1", "2"});
  t.pass_all();  // Goblin 1 … Ghost 5 wins: nobody paid
  for (int p = 0; p < 3; ++p)
    t.a("draw"), [&] {
      Rng rng(p);
      while (t.state().is_chance() && t.s().phase() == Phase::kDraw)
        t.state().apply(t.state().sample_chance(rng));
    }();
  EXPECT_EQ(t.s().phase(), Phase::kStartPlayer);
  EXPECT_EQ(t.state().legal_actions().size(), 3u);
}

TEST(CheatyMagesMatchEnd, CM16_MostCoinsThenMostCardsWin) {
  register_game();
  for (int n = 3; n <= 6; ++n) {
    auto g = load_game("cheaty-mages", {}, n);
    Rng rng(static_cast<std::uint64_t>(n));
    for (int game = 0; game < 20; ++game) {
      auto s = g->new_initial_state();
      std::vector<Action> l;
      while (!s->is_terminal()) {
        if (s->is_chance())
          s->apply(s->sample_chance(rng));
        else {
          s->legal_actions(l);
          s->apply(l[rng.below(static_cast<std::uint32_t>(l.size()))]);
        }
      }
      const auto& c = static_cast<const CheatyMagesState&>(*s);
      int best = -1;
      for (int p = 0; p < n; ++p) best = std::max<int>(best, c.seat(p).coins);
      int cards = -1;
      for (int p = 0; p < n; ++p)
        if (c.seat(p).coins == best) cards = std::max<int>(cards, c.seat(p).hand_n);
      for (int p = 0; p < n; ++p) {
        const bool should = c.seat(p).coins == best && c.seat(p).hand_n == cards;
        EXPECT_EQ(((c.winners_mask() >> p) & 1) != 0, should);
      }
    }
  }
}

}  // namespace
}  // namespace villainy::cheaty_mages
