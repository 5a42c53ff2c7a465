// Mwahahaha! resampling (D2, D15): the hidden places are filled uniformly from the cards the
// viewer cannot locate, and what is left is the deck. The draws are made one hidden place at a
// time (issue 15: only what is hidden is drawn), so this checks the law they give: the cards are
// conserved in every resample and each kind reaches a hidden hand as often as its share of the
// pool says (a draw biased toward some kinds, or a deck left as it was, fails it).
#include <gtest/gtest.h>

#include <cmath>

#include "mwahahaha/mwahahaha.h"
#include "villainy/core/registry.h"

namespace villainy::mwahahaha {
namespace {

// A main Creation decision (no trade, no conversion under way) of a seeded random game where seat 1
// holds at least 3 raw cards and 2 Dirty Tricks that seat 0 has not seen.
std::unique_ptr<State> position(const Game& game) {
  for (std::uint64_t seed = 1;; ++seed) {
    auto s = game.new_initial_state();
    Rng rng(seed);
    std::vector<Action> legal;
    for (int step = 0; step < 3000 && !s->is_terminal(); ++step) {
      const auto& m = static_cast<const MwahahahaState&>(*s);
      const Core& c = m.core();
      if (m.stage() == Stage::kCreation && m.round() >= 2 &&
          m.seat(1).raw_count() - sum(c.known_raw[0][1]) >= 3 &&
          m.seat(1).trick_count() - sum(c.known_trick[0][1]) >= 2)
        return s;
      if (s->is_chance()) {
        s->apply_unchecked(s->sample_chance(rng));
      } else {
        s->legal_actions(legal);
        s->apply_unchecked(legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
      }
    }
  }
}

TEST(MwResample, HiddenCardsAreDealtUniformlyAndConserved_D2_D15) {
  register_game();
  auto game = load_game("mwahahaha", {}, 3);
  const auto s = position(*game);
  const auto& m = static_cast<const MwahahahaState&>(*s);
  const Core& c = m.core();
  // The pool seen from seat 0: every raw card (Dirty Trick) not in its hand, not discarded and
  // not known to it in another hand.
  std::array<int, kRawKinds> raw_pool{};
  std::array<int, kNumTricks> trick_pool{};
  int hidden_raw = 0, hidden_tricks = 0, raw_total = 0, trick_total = 0;
  for (int p = 1; p < 3; ++p) {
    for (int k = 0; k < kRawKinds; ++k)
      raw_pool[static_cast<size_t>(k)] +=
          m.seat(p).raw[static_cast<size_t>(k)] - c.known_raw[0][static_cast<size_t>(p)][k];
    for (int t = 0; t < kNumTricks; ++t)
      trick_pool[static_cast<size_t>(t)] +=
          m.seat(p).tricks[static_cast<size_t>(t)] - c.known_trick[0][static_cast<size_t>(p)][t];
    hidden_raw += m.seat(p).raw_count() - sum(c.known_raw[0][static_cast<size_t>(p)]);
    hidden_tricks += m.seat(p).trick_count() - sum(c.known_trick[0][static_cast<size_t>(p)]);
  }
  for (int k = 0; k < kRawKinds; ++k) raw_pool[static_cast<size_t>(k)] += c.raw_deck[k];
  for (int t = 0; t < kNumTricks; ++t) trick_pool[static_cast<size_t>(t)] += c.trick_deck[t];
  for (int v : raw_pool) raw_total += v;
  for (int v : trick_pool) trick_total += v;
  ASSERT_GT(raw_total, hidden_raw);
  ASSERT_GT(trick_total, hidden_tricks);

  constexpr int kSamples = 3000;
  std::array<double, kRawKinds> raw_seen{};  // cards of each kind dealt to hidden places
  std::array<double, kNumTricks> trick_seen{};
  int deck_changed = 0;
  Rng rng(7);
  for (int i = 0; i < kSamples; ++i) {
    const auto r = s->resample(0, rng);
    const auto& x = static_cast<const MwahahahaState&>(*r);
    ASSERT_EQ(x.seat(0).raw, m.seat(0).raw);  // the viewer's own hand stays
    for (int k = 0; k < kRawKinds; ++k) {
      int in_pool = x.core().raw_deck[k];
      for (int p = 1; p < 3; ++p) {
        const int hidden = x.seat(p).raw[static_cast<size_t>(k)] - c.known_raw[0][p][k];
        ASSERT_GE(hidden, 0) << "a card seat 0 knows of is gone";
        in_pool += hidden;
        raw_seen[static_cast<size_t>(k)] += hidden;
      }
      ASSERT_EQ(in_pool, raw_pool[static_cast<size_t>(k)]) << "raw kind " << k << " not conserved";
    }
    for (int t = 0; t < kNumTricks; ++t) {
      int in_pool = x.core().trick_deck[t];
      for (int p = 1; p < 3; ++p) {
        const int hidden = x.seat(p).tricks[static_cast<size_t>(t)] - c.known_trick[0][p][t];
        ASSERT_GE(hidden, 0);
        in_pool += hidden;
        trick_seen[static_cast<size_t>(t)] += hidden;
      }
      ASSERT_EQ(in_pool, trick_pool[static_cast<size_t>(t)]) << "trick " << t;
    }
    for (int p = 1; p < 3; ++p) {
      ASSERT_EQ(x.seat(p).raw_count(), m.seat(p).raw_count());  // hand sizes are public
      ASSERT_EQ(x.seat(p).trick_count(), m.seat(p).trick_count());
    }
    if (x.core().raw_deck != c.raw_deck) ++deck_changed;
  }
  EXPECT_GT(deck_changed, kSamples / 2) << "the deck keeps what the hidden hands held";
  // Each kind's share of the hidden places matches its share of the pool (5 standard errors of
  // a binomial count; draws without replacement vary less).
  auto check = [](const auto& seen, const auto& pool, int total, int places, const char* what) {
    const double draws = static_cast<double>(kSamples) * places;
    for (size_t k = 0; k < pool.size(); ++k) {
      const double p = static_cast<double>(pool[k]) / total;
      const double sd = std::sqrt(draws * p * (1 - p)) + 1e-9;
      EXPECT_LE(std::abs(seen[k] - draws * p), 5 * sd + 0.5)
          << what << " kind " << k << ": " << seen[k] << " dealt, expected " << draws * p;
    }
  };
  check(raw_seen, raw_pool, raw_total, hidden_raw, "raw");
  check(trick_seen, trick_pool, trick_total, hidden_tricks, "trick");
}

}  // namespace
}  // namespace villainy::mwahahaha
