// The shared invariant suite run on a toy hidden-information game, once correct and once with each
// of the defects the suite guards against, to show that every check can fail.
//
// The toy ("test-discard"): a deck of 6 cards (0..5); each of 2–3 seats is dealt 2 cards
// (chance, seen only by their holder); then each seat in turn discards one of its cards face down
// ("discard:<card>", seen by the others as "seat p discards a card face down"). The highest card
// left wins; everything is shown at the end. Option `defect` plants one defect:
//   view      a seat's view shows the next seat's hand;
//   resample  a resample re-deals the viewer's own hand (a card the viewer knows changes);
//   clone     a clone shares its record of discards with the original (playing on the clone
//             changes the original);
//   kind      a public tally counts face-down discards that were high cards: the table learns the
//             kind of a card it saw only face down (the Mwahahaha! trade leak, issue 17); views and
//             resamples copy the tally, so only the non-interference and observation checks see
//             it;
//   key-hidden   information_state_key hashes the whole state (hidden cards too): a resample
//                changes it;
//   key-coarse   information_state_key is only whose turn it is: states a seat tells apart share
//                a key;
//   observe      action_observation names the card discarded face down.
#include "invariants.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "villainy/core/game.h"
#include "villainy/core/registry.h"
#include "villainy/core/signature.h"

namespace villainy {
namespace {

constexpr int kDeck = 6;
constexpr Action kDiscard = kDeck;  // discard:<card> is kDiscard + card

class DiscardGame : public Game {
 public:
  static GameInfo make_info() {
    return {"test-discard",
            "Discard (toy)",
            2,
            3,
            {{"defect",
              "none",
              {"none", "view", "resample", "clone", "kind", "key-hidden", "key-coarse", "observe"},
              "a planted defect, for the suite's own tests"}},
            "A toy game for the invariant suite's tests."};
  }
  DiscardGame(const Options& o, int n) : Game(make_info(), o, n), defect_(o.get("defect")) {}
  std::unique_ptr<State> new_initial_state() const override;
  int num_distinct_actions() const override { return 2 * kDeck; }
  std::string action_name(Action a) const override {
    return (a < kDeck ? "deal:" : "discard:") + std::to_string(a % kDeck);
  }
  int max_game_length() const override { return 3 * num_players(); }
  int tensor_size() const override { return kDeck + 2; }
  std::string defect_;
};

struct Hands {
  std::vector<std::vector<int>> hand;  // per seat, sorted
};

class DiscardState : public State {
 public:
  explicit DiscardState(std::shared_ptr<const Game> g) : State(std::move(g)) {
    defect_ = static_cast<const DiscardGame&>(game()).defect_;
    h_ = std::make_shared<Hands>();
    h_->hand.resize(static_cast<size_t>(num_players()));
    disc_ = std::make_shared<std::vector<int>>(static_cast<size_t>(num_players()), -1);
  }
  DiscardState(const DiscardState& o)
      : State(o), defect_(o.defect_), h_(std::make_shared<Hands>(*o.h_)), disc_(o.disc_) {
    dealt_ = o.dealt_;
    turn_ = o.turn_;
    high_ = o.high_;
    if (defect_ != "clone") disc_ = std::make_shared<std::vector<int>>(*o.disc_);  // deep copy
  }
  int n() const { return num_players(); }
  Player current_player() const override {
    if (dealt_ < 2 * n()) return kChancePlayer;
    return turn_ < n() ? turn_ : kTerminalPlayer;
  }
  bool held(int c) const {
    for (const auto& h : h_->hand)
      if (std::find(h.begin(), h.end(), c) != h.end()) return true;
    return std::find(disc_->begin(), disc_->end(), c) != disc_->end();
  }
  void legal_actions(std::vector<Action>& out) const override {
    out.clear();
    if (is_terminal()) return;
    if (is_chance()) {
      for (int c = 0; c < kDeck; ++c)
        if (!held(c)) out.push_back(c);
    } else {
      for (int c : h_->hand[static_cast<size_t>(turn_)]) out.push_back(kDiscard + c);
    }
  }
  void chance_outcomes(std::vector<ChanceOutcome>& out) const override {
    std::vector<Action> l;
    legal_actions(l);
    out.clear();
    for (Action a : l) out.push_back({a, 1.0 / static_cast<double>(l.size())});
  }
  void apply_unchecked(Action a) override {
    if (a < kDeck) {
      auto& h = h_->hand[static_cast<size_t>(dealt_++ / 2)];
      h.push_back(a);
      std::sort(h.begin(), h.end());
      return;
    }
    const int c = a - kDiscard;
    auto& h = h_->hand[static_cast<size_t>(turn_)];
    if (auto it = std::find(h.begin(), h.end(), c); it != h.end()) h.erase(it);  // (defect clone)
    (*disc_)[static_cast<size_t>(turn_)] = c;
    if (defect_ == "kind" && c >= kDeck / 2) ++high_;
    ++turn_;
  }
  std::unique_ptr<State> clone() const override { return std::make_unique<DiscardState>(*this); }
  std::unique_ptr<State> resample(Player viewer, Rng& rng) const override {
    auto s = std::make_unique<DiscardState>(*this);
    s->disc_ = std::make_shared<std::vector<int>>(*disc_);
    std::vector<int> pool;  // cards the viewer cannot locate
    for (int c = 0; c < kDeck; ++c) {
      bool mine = false;
      if (viewer >= 0) {
        const auto& h = h_->hand[static_cast<size_t>(viewer)];
        mine = std::find(h.begin(), h.end(), c) != h.end() ||
               (*disc_)[static_cast<size_t>(viewer)] == c;
      }
      if (!mine || defect_ == "resample") pool.push_back(c);
    }
    auto draw = [&] {
      if (pool.empty()) return -1;  // only a broken state (defect clone) runs out
      const size_t k = rng.below(static_cast<std::uint32_t>(pool.size()));
      const int c = pool[k];
      pool.erase(pool.begin() + static_cast<long>(k));
      return c;
    };
    for (int p = 0; p < n(); ++p) {
      if (p == viewer && defect_ != "resample") continue;
      auto& h = s->h_->hand[static_cast<size_t>(p)];
      for (auto& c : h) c = draw();
      std::sort(h.begin(), h.end());
      if ((*disc_)[static_cast<size_t>(p)] >= 0) (*s->disc_)[static_cast<size_t>(p)] = draw();
    }
    return s;
  }
  nlohmann::json view_json(Player v) const override {
    nlohmann::json j = {{"dealt", dealt_}, {"turn", turn_}};
    std::vector<int> counts;
    for (const auto& h : h_->hand) counts.push_back(static_cast<int>(h.size()));
    j["hand_sizes"] = counts;
    if (v >= 0) {
      j["mine"] = h_->hand[static_cast<size_t>(v)];
      j["my_discard"] = (*disc_)[static_cast<size_t>(v)];
      if (defect_ == "view") j["next_hand"] = h_->hand[static_cast<size_t>((v + 1) % n())];
    }
    if (defect_ == "kind") j["high_discards"] = high_;
    if (is_terminal()) {
      j["hands"] = h_->hand;
      j["discarded"] = (*disc_);
    }
    return j;
  }
  std::string view_text(Player v) const override { return view_json(v).dump(); }
  void view_tensor(Player v, std::span<float> out) const override {
    std::fill(out.begin(), out.end(), 0.0f);
    if (v >= 0)
      for (int c : h_->hand[static_cast<size_t>(v)]) out[static_cast<size_t>(c)] = 1;
    out[kDeck] = static_cast<float>(dealt_);
    out[kDeck + 1] = static_cast<float>(turn_);
  }
  std::string describe_action(Action a, Player v) const override {
    if (is_chance()) {
      const int who = dealt_ / 2;
      return who == v ? "you get " + std::to_string(a)
                      : "seat " + std::to_string(who) + " gets a card";
    }
    if (turn_ == v) return "you discard " + std::to_string(a - kDiscard);
    // The last discard ends the game, which shows every card: the line says which it was.
    if (turn_ == n() - 1)
      return "seat " + std::to_string(turn_) + " discards " + std::to_string(a - kDiscard);
    return "seat " + std::to_string(turn_) + " discards a card face down";
  }
  std::uint64_t information_state_key(Player v) const override {
    if (defect_ == "key-hidden") return fingerprint();
    if (defect_ == "key-coarse") return static_cast<std::uint64_t>(current_player() + 10);
    return State::information_state_key(v);
  }
  std::string action_observation(Action a, Player v) const override {
    if (defect_ == "observe" && !is_chance()) return game().action_name(a);
    return State::action_observation(a, v);
  }
  std::vector<double> returns() const override {
    std::vector<double> r(static_cast<size_t>(n()), 0.0);
    for (Player w : winners()) r[static_cast<size_t>(w)] = 1.0;
    return r;
  }
  std::vector<Player> winners() const override {
    auto top = [&](int p) {
      const auto& h = h_->hand[static_cast<size_t>(p)];
      return h.empty() ? -1 : h.back();
    };
    int best = 0;
    for (int p = 1; p < n(); ++p)
      if (top(p) > top(best)) best = p;
    return {best};
  }
  nlohmann::json outcome() const override { return {{"hands", h_->hand}}; }
  std::uint64_t fingerprint() const override {
    std::uint64_t h = kFnvOffset;
    for (const auto& hand : h_->hand)
      for (int c : hand) h = fnv1a(h, static_cast<std::uint64_t>(c + 1));
    for (int c : (*disc_)) h = fnv1a(h, static_cast<std::uint64_t>(c + 100));
    return fnv1a(h, static_cast<std::uint64_t>(dealt_ * 1000 + turn_ * 10 + high_));
  }

 private:
  std::string defect_;
  std::shared_ptr<Hands> h_;
  std::shared_ptr<std::vector<int>> disc_;  // per seat, -1 before its discard
  int dealt_ = 0, turn_ = 0, high_ = 0;
};

std::unique_ptr<State> DiscardGame::new_initial_state() const {
  return std::make_unique<DiscardState>(shared_from_this());
}

testing::InvariantResult run_toy(const std::string& defect) {
  register_game({DiscardGame::make_info(),
                 [](const Options& o, int n) { return std::make_shared<DiscardGame>(o, n); },
                 {}});
  testing::InvariantConfig cfg;
  cfg.game = "test-discard";
  cfg.option_sets = {{{"defect", defect}}};
  cfg.games_per_config = 30;
  cfg.view_check_rate = 0.5;
  cfg.observations_recalled = true;  // the toy's views recall everything
  return testing::run_invariants(cfg);
}

// The failures, one per line, for the assertion messages.
std::string all(const testing::InvariantResult& r) {
  return r.summary();
}

bool any_failure_has(const testing::InvariantResult& r, const std::string& text) {
  for (const auto& f : r.failures)
    if (f.find(text) != std::string::npos) return true;
  return false;
}

TEST(InvariantSuite, PassesOnTheCorrectToyAndEveryCheckRan) {
  const auto r = run_toy("none");
  EXPECT_TRUE(r.ok()) << all(r);
  EXPECT_EQ(r.games, 60);
  EXPECT_GT(r.view_checks, 0);
  EXPECT_GT(r.pairs, 0);
  EXPECT_GT(r.followed, 0);
  EXPECT_EQ(r.max_seats, 3);
  EXPECT_GT(r.key_checks, 0);
  EXPECT_GT(r.observation_checks, 0);
  for (Player p = 0; p < 3; ++p) EXPECT_GT(r.resample_varied.at(p), 0) << "seat " << p;
}

TEST(InvariantSuite, FailsOnAnInformationKeyThatSeesHiddenCards) {
  const auto r = run_toy("key-hidden");
  EXPECT_FALSE(r.ok());
  // Caught where two states a seat cannot tell apart (after same-looking deals) differ in key.
  EXPECT_TRUE(any_failure_has(r, "tells the states apart: information_state_key")) << all(r);
}

TEST(InvariantSuite, FailsOnAnInformationKeyThatMissesWhatASeatSees) {
  const auto r = run_toy("key-coarse");
  EXPECT_FALSE(r.ok());
  EXPECT_TRUE(any_failure_has(r, "but their information_state_key is equal")) << all(r);
}

TEST(InvariantSuite, FailsOnAnObservationThatNamesAFaceDownCard) {
  const auto r = run_toy("observe");
  EXPECT_FALSE(r.ok());
  EXPECT_TRUE(any_failure_has(r, "the results are indistinguishable to it") ||
              any_failure_has(r, "the observation of"))
      << all(r);
}

TEST(InvariantSuite, FailsOnAViewShowingAnotherSeatsCard) {
  const auto r = run_toy("view");
  EXPECT_FALSE(r.ok());
  EXPECT_TRUE(any_failure_has(r, "/next_hand")) << all(r);
}

TEST(InvariantSuite, FailsOnAResampleThatChangesAKnownCard) {
  const auto r = run_toy("resample");
  EXPECT_FALSE(r.ok());
  EXPECT_TRUE(any_failure_has(r, "tells the resampled state from the true one: view_json at /mine"))
      << all(r);
}

TEST(InvariantSuite, FailsOnACloneSharingMemoryWithItsOriginal) {
  const auto r = run_toy("clone");
  EXPECT_FALSE(r.ok());
  EXPECT_TRUE(any_failure_has(r, "playing on a clone changed the original")) << all(r);
}

TEST(InvariantSuite, FailsOnAPublicRecordOfAFaceDownCardsKind) {
  const auto r = run_toy("kind");
  EXPECT_FALSE(r.ok());
  EXPECT_TRUE(any_failure_has(r, "non-interference")) << all(r);
  EXPECT_TRUE(any_failure_has(r, "/high_discards")) << all(r);
  // Only the non-interference and observation checks see this defect: each alone catches it,
  // and without both the suite passes.
  register_game({DiscardGame::make_info(),
                 [](const Options& o, int n) { return std::make_shared<DiscardGame>(o, n); },
                 {}});
  testing::InvariantConfig cfg;
  cfg.game = "test-discard";
  cfg.option_sets = {{{"defect", "kind"}}};
  cfg.games_per_config = 30;
  cfg.view_check_rate = 0.5;
  cfg.noninterference_rate = 0;
  cfg.hidden_information = false;
  const auto observations_only = testing::run_invariants(cfg);
  EXPECT_FALSE(observations_only.ok());
  EXPECT_TRUE(any_failure_has(observations_only, "the results are distinguishable to it"))
      << all(observations_only);
  cfg.observation_checks = false;
  const auto without = testing::run_invariants(cfg);
  EXPECT_TRUE(without.ok()) << all(without);
}

TEST(InvariantSuite, ACheckThatNeverRanIsAFailure) {
  register_game({DiscardGame::make_info(),
                 [](const Options& o, int n) { return std::make_shared<DiscardGame>(o, n); },
                 {}});
  testing::InvariantConfig cfg;
  cfg.game = "test-discard";
  cfg.games_per_config = 2;
  cfg.view_check_rate = 0;
  cfg.noninterference_rate = 0;
  const auto r = testing::run_invariants(cfg);
  EXPECT_TRUE(any_failure_has(r, "the view and resampling checks never ran")) << all(r);
  EXPECT_TRUE(any_failure_has(r, "no pair of same-looking actions was ever compared")) << all(r);
  EXPECT_TRUE(any_failure_has(r, "resampling never changed anything for seat 2")) << all(r);
}

}  // namespace
}  // namespace villainy
