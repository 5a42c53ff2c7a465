// Rule tests for Tribute to the Supporting Cast: a turn: events, heroes, skips and turn slots
// (SC-8…SC-10, SC-21). Each test cites the rule ids of docs/rules/supporting-cast.md it checks, and
// sets up its position by forcing chance outcomes through apply() (table.h).
#include <gtest/gtest.h>

#include "table.h"

namespace villainy::supporting_cast {
namespace {
using test_table::kVillains4;
using test_table::others_pass;
using test_table::quiet;
using test_table::Table;

TEST(SupportingCastRules, SC8_SC9_TopChainOneAboveOrBelowCyclic) {
  Table t(4);
  // The source's examples: on 5 you may play 4 or 6; on 7 you may play 6 or 1.
  t.setup(kVillains4, {{"wolf", 5}, {"queen", 7}},
          quiet({"wolf.e4", "wolf.e6", "queen.e1", "queen.e6", "wolf.e2", "queen.e3"}));
  EXPECT_EQ(t.legal(), (std::set<std::string>{"play:wolf.e4", "play:wolf.e6", "play:queen.e1",
                                              "play:queen.e6", "play:wolf.villain"}));
  // SC-8: a player with a legal play must play: no bad-luck choice.
  EXPECT_FALSE(t.can("bad-luck"));
  // SC-8: after the play, the player draws one card, then the turn passes on.
  t.act("play:wolf.e6");
  EXPECT_TRUE(t.st()->is_chance());
  t.draw_dead();
  EXPECT_EQ(t.s().seat(0).hand.count(), 6);
  EXPECT_EQ(t.seat_to_move(), 1);
  // SC-9 top: the reference is the last event: 6 now, so 5 (already there) no, 7 yes, 4 no.
  EXPECT_TRUE(t.s().fits_chain(t.card("wolf.e7")));
  EXPECT_FALSE(t.s().fits_chain(t.card("wolf.e4")));
}

TEST(SupportingCastRules, SC9_EndsChainGrowsAtBothEnds) {
  Table t(4, {{"chain", "ends"}});
  t.setup(kVillains4, {{"wolf", 5}}, quiet({"wolf.e4", "wolf.e6", "wolf.e7"}));
  t.act("play:wolf.e6");
  t.draw_dead();
  // The run is 5–6: either end grows (4 or 7).
  EXPECT_TRUE(t.s().fits_chain(t.card("wolf.e4")));
  EXPECT_TRUE(t.s().fits_chain(t.card("wolf.e7")));
  EXPECT_FALSE(t.s().fits_chain(t.card("wolf.e3")));
}

TEST(SupportingCastRules, SC9_UnownedChainsPlayableOrClosed) {
  for (const char* mode : {"playable", "closed"}) {
    Table t(4, {{"unowned-chains", mode}});
    t.setup(kVillains4, {}, quiet({"snowqueen.e2"}));
    EXPECT_EQ(t.can("play:snowqueen.e2"), std::string(mode) == "playable") << mode;
  }
}

TEST(SupportingCastRules, SC10_SC9a_OwnCardsDiscardOthersHeroSkipsUnownedHeroDiscards) {
  Table t(4);
  t.setup(kVillains4, {},
          quiet({"wolf.h1", "witch.h4", "snowqueen.h1", "queen.super", "wolf.super"}));
  // Another villain's super hero is dead (rival-super-hero=dead); own super hero and villain card
  // are legal (SC-10).
  EXPECT_FALSE(t.can("play:queen.super"));
  EXPECT_TRUE(t.can("play:wolf.super"));
  EXPECT_TRUE(t.can("play:wolf.villain"));
  // An ordinary hero of another player's villain: laid on that chain, the owner is skipped.
  t.act("play:witch.h4");
  EXPECT_TRUE(t.s().chain_heroes().test(t.card("witch.h4")));
  EXPECT_EQ(t.s().chain(3).count, 1);  // SC-9a: heroes are not part of the chain
  EXPECT_EQ(t.s().seat(3).skip, Skip::kNextTurn);
  t.draw_dead();
  t.play_draw("queen.h1");
  t.play_draw("stepmother.h1");
  // Seat 3 loses its next turn (skip=next-turn): seat 0 moves; the skip is used up (SC-10a).
  EXPECT_EQ(t.seat_to_move(), 0);
  EXPECT_EQ(t.s().seat(3).skip, Skip::kNone);
  // Own hero: discarded, no effect.
  t.act("play:wolf.h1");
  EXPECT_TRUE(t.s().discard().test(t.card("wolf.h1")));
  t.draw_dead();
  t.play_draw("queen.h2");
  t.play_draw("stepmother.h2");
  t.play_draw("witch.h1");
  // Hero of a villain nobody plays: discarded, nobody skipped.
  t.act("play:snowqueen.h1");
  EXPECT_TRUE(t.s().discard().test(t.card("snowqueen.h1")));
  for (int p = 0; p < 4; ++p) EXPECT_EQ(t.s().seat(p).skip, Skip::kNone);
}

TEST(SupportingCastRules, SC10_SkipRestOfRoundAndSkipsDoNotStack) {
  Table t(4, {{"skip", "rest-of-round"}});
  t.setup(kVillains4, {}, quiet({"witch.h4", "witch.h3"}));
  t.play_draw("witch.h4");
  EXPECT_EQ(t.s().seat(3).skip, Skip::kRestOfRound);
  t.play_draw("queen.h1");
  t.play_draw("stepmother.h1");
  EXPECT_EQ(t.seat_to_move(), 0);  // seat 3 is skipped
  t.play_draw("witch.h3");         // SC-10a: a second skip does not stack
  EXPECT_EQ(t.s().seat(3).skip, Skip::kRestOfRound);
  t.play_draw("queen.h2");
  t.play_draw("stepmother.h2");
  // Seat 3 takes no further turns this round.
  EXPECT_EQ(t.seat_to_move(), 0);
}

TEST(SupportingCastRules, SC8a_ReserveOptionalOrForced) {
  for (const char* mode : {"optional", "forced"}) {
    Table t(4, {{"reserve", mode}});
    t.setup(kVillains4, {}, quiet({"wolf.super"}));
    // Only reserve cards are playable: the villain card and the own super hero.
    EXPECT_TRUE(t.can("play:wolf.villain"));
    EXPECT_TRUE(t.can("play:wolf.super"));
    EXPECT_EQ(t.can("bad-luck"), std::string(mode) == "optional") << mode;
  }
}

TEST(SupportingCastRules, SC21_StuckTableIsCounted) {
  // Every seat holds only events that do not fit: each takes bad luck in turn (a slot without a
  // play); a full circuit of such slots is one "stuck" count.
  Table t(4);
  t.setup(
      kVillains4, {},
      {{"wolf.e3", "wolf.e4", "wolf.e5", "wolf.e6", "queen.e3", "queen.e4"},
       {"queen.e5", "queen.e6", "stepmother.e3", "stepmother.e4", "stepmother.e5", "stepmother.e6"},
       {"witch.e3", "witch.e4", "witch.e5", "witch.e6", "snowqueen.e3", "snowqueen.e4"},
       {"snowqueen.e5", "snowqueen.e6", "rumpel.e3", "rumpel.e4", "rumpel.e5", "rumpel.e6"}});
  for (int p = 0; p < 4; ++p) {
    ASSERT_EQ(t.seat_to_move(), p);
    t.act("bad-luck");
    t.st()->apply(act::kMarker + t.s().seat(p).hand.first());
    t.draw(fmt::format("westwitch.e{}", 3 + p));
  }
  EXPECT_EQ(t.s().round_stuck_count(), 1);
}

TEST(SupportingCastRules, SC21_SeatsOutForTheRoundHaveNoSlotsAndTheEndingSlotCounts) {
  // Under skip=rest-of-round a skipped seat takes no further turns (SC-10): it has no turn slots,
  // so it neither makes the table stuck nor counts as turns (D13). Here every slot plays a card
  // until seat 0 is alone; then each of its slots is a whole circuit of the one seat taking turns,
  // and the slot of the third bad luck that ends the round counts too (D13).
  Table t(4, {{"skip", "rest-of-round"}});
  t.setup(kVillains4, {}, quiet({"queen.h1", "stepmother.h1", "witch.h1"}));
  t.play_draw("queen.h1");  // seat 1 is out for the round
  t.play_draw("stepmother.h2");
  t.play_draw("witch.h2");
  t.play_draw("stepmother.h1");  // seat 2 is out
  t.play_draw("witch.h3");
  t.play_draw("witch.h1");                  // seat 3 is out
  EXPECT_EQ(t.s().round_stuck_count(), 0);  // no slot so far was without a play
  ASSERT_EQ(t.seat_to_move(), 0);
  t.act("bad-luck");  // seat 0 keeps its villain card (SC-8a)
  t.st()->apply(act::kMarker + t.s().seat(0).hand.first());
  t.draw_dead();
  EXPECT_EQ(t.s().round_stuck_count(), 1);  // one seat taking turns: one slot is a circuit
  ASSERT_EQ(t.seat_to_move(), 0);
  t.act("bad-luck");
  EXPECT_EQ(t.s().round_stuck_count(), 2);
  t.act("bad-luck");  // third bad luck: no all-in, the round ends and seat 0 scores 7
  EXPECT_EQ(t.s().last_round().end, RoundEnd::kThirdBadLuck);
  EXPECT_EQ(t.s().seat(0).score, 7);
  EXPECT_EQ(t.s().last_round().stuck, 3);
  EXPECT_TRUE(t.s().last_round().stuck_at_end);  // reported apart too, for the other reading
  EXPECT_EQ(t.s().last_round().turns, 9);        // 6 plays and 3 bad lucks; no slots of seats out
}

// SC-8…SC-10, SC-20: playable_cards (one pass over the chains, used by the legal moves) agrees
// with card_playable for every seat and card, at states of random games under the options that
// change what fits (chain=ends, unowned-chains=closed) or what a super hero may do (claim).
TEST(SupportingCastRules, PlayableCardsAgreeWithCardPlayable) {
  register_game();
  int playable = 0;
  for (const std::map<std::string, std::string>& opts :
       std::vector<std::map<std::string, std::string>>{
           {},
           {{"chain", "ends"}},
           {{"unowned-chains", "closed"}, {"rival-super-hero", "claim"}}}) {
    auto game = load_game("supporting-cast", opts, 5);
    Rng rng(3);
    std::vector<Action> legal;
    for (int g = 0; g < 3; ++g) {
      auto st = game->new_initial_state();
      for (int step = 0; !st->is_terminal(); ++step) {
        const auto& s = static_cast<const SupportingCastState&>(*st);
        if (step % 5 == 0 && s.phase() != Phase::kDealVillain)
          for (int p = 0; p < 5; ++p) {
            const CardSet all = s.playable_cards(p);
            for (int c = 0; c < kNumCards; ++c) {
              ASSERT_EQ(all.test(c), s.card_playable(p, c)) << "seat " << p << " card " << c;
              playable += all.test(c);
            }
          }
        if (st->is_chance()) {
          st->apply_unchecked(st->sample_chance(rng));
          continue;
        }
        st->legal_actions(legal);
        st->apply_unchecked(legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
      }
    }
  }
  EXPECT_GT(playable, 1000);
}

// D2: a draw picks the k-th card of the pile (CardSet::nth, a select without loops) and counts
// it (popcount64): both agree with walking the set, for sparse, dense and full words.
TEST(SupportingCastRules, CardSetCountAndNthAgreeWithTheWalk) {
  Rng rng(9);
  for (int t = 0; t < 2000; ++t) {
    CardSet s;
    const int density = 1 + t % 8;  // 1/8 … 8/8 of the cards
    for (int c = 0; c < 128; ++c)
      if (static_cast<int>(rng.below(8)) < density) s.set(c);
    std::vector<int> walk;
    s.for_each([&](int c) { walk.push_back(c); });
    ASSERT_EQ(s.count(), static_cast<int>(walk.size()));
    for (size_t k = 0; k < walk.size(); ++k) ASSERT_EQ(s.nth(static_cast<int>(k)), walk[k]) << k;
  }
}

}  // namespace
}  // namespace villainy::supporting_cast
