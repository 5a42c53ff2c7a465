// Tests of the game-agnostic core: options, random numbers, statistics, registry, records and
// signatures, on a small hidden-information toy game ("high card"). The shared invariant suite is
// tested (on a toy game, correct and with planted defects) in invariants_test.cpp.
#include <gtest/gtest.h>

#include <atomic>
#include <nlohmann/json.hpp>

#include "villainy/core/agent.h"
#include "villainy/core/game.h"
#include "villainy/core/record.h"
#include "villainy/core/registry.h"
#include "villainy/core/runner.h"
#include "villainy/core/signature.h"
#include "villainy/core/simulate.h"
#include "villainy/core/stats.h"
#include "villainy/core/tensor.h"

namespace villainy {
namespace {

// High card: each player is dealt one hidden card from 0..5 (chance, without replacement); then
// each in turn says "stay" or "swap" (swap takes the next card from the deck). Highest card wins.
class HighCardGame : public Game {
 public:
  static GameInfo make_info() {
    return {"test-high-card",
            "High card",
            2,
            3,
            {{"deck", "6", {"6", "8"}, "cards in the deck"}},
            "A toy game for the core's tests."};
  }
  HighCardGame(const Options& o, int n)
      : Game(make_info(), o, n), deck_(std::stoi(o.get("deck"))) {}
  std::unique_ptr<State> new_initial_state() const override;
  int num_distinct_actions() const override { return deck_ + 2; }
  std::string action_name(Action a) const override {
    if (a < deck_) return "deal:" + std::to_string(a);
    return a == deck_ ? "stay" : "swap";
  }
  int max_game_length() const override { return 20; }
  int tensor_size() const override { return deck_ + 3; }
  int deck_;
};

class HighCardState : public State {
 public:
  explicit HighCardState(std::shared_ptr<const Game> g) : State(std::move(g)) {
    deck_ = static_cast<const HighCardGame&>(game()).deck_;
    cards_.assign(static_cast<size_t>(num_players()), -1);
  }
  int n() const { return num_players(); }
  Player current_player() const override {
    if (dealt_ < n()) return kChancePlayer;
    if (swapping_) return kChancePlayer;
    if (turn_ < n()) return turn_;
    return kTerminalPlayer;
  }
  bool used(int c) const {
    for (int x : cards_)
      if (x == c) return true;
    for (int x : gone_)
      if (x == c) return true;
    return false;
  }
  void legal_actions(std::vector<Action>& out) const override {
    out.clear();
    if (is_terminal()) return;
    if (is_chance()) {
      for (int c = 0; c < deck_; ++c)
        if (!used(c)) out.push_back(c);
    } else {
      out = {deck_, deck_ + 1};
    }
  }
  void chance_outcomes(std::vector<ChanceOutcome>& out) const override {
    std::vector<Action> l;
    legal_actions(l);
    out.clear();
    for (Action a : l) out.push_back({a, 1.0 / static_cast<double>(l.size())});
  }
  void apply_unchecked(Action a) override {
    if (dealt_ < n()) {
      cards_[static_cast<size_t>(dealt_++)] = a;
      return;
    }
    if (swapping_) {
      gone_.push_back(cards_[static_cast<size_t>(turn_)]);
      cards_[static_cast<size_t>(turn_)] = a;
      swapping_ = false;
      ++turn_;
      return;
    }
    if (a == deck_)
      ++turn_;
    else
      swapping_ = true;
  }
  std::unique_ptr<State> clone() const override { return std::make_unique<HighCardState>(*this); }
  std::unique_ptr<State> resample(Player viewer, Rng& rng) const override {
    auto s = std::make_unique<HighCardState>(*this);
    std::vector<int> pool;
    for (int c = 0; c < deck_; ++c) {
      bool known = false;
      for (int x : gone_) known |= x == c;
      if (viewer >= 0 && cards_[static_cast<size_t>(viewer)] == c) known = true;
      if (!known) pool.push_back(c);
    }
    for (int p = 0; p < n(); ++p) {
      if (p == viewer || cards_[static_cast<size_t>(p)] < 0) continue;
      size_t k = rng.below(static_cast<std::uint32_t>(pool.size()));
      s->cards_[static_cast<size_t>(p)] = pool[k];
      pool.erase(pool.begin() + static_cast<long>(k));
    }
    return s;
  }
  nlohmann::json view_json(Player v) const override {
    nlohmann::json j = {
        {"turn", turn_}, {"dealt", dealt_}, {"gone", gone_}, {"swapping", swapping_}};
    if (v >= 0) j["mine"] = cards_[static_cast<size_t>(v)];
    if (is_terminal()) j["cards"] = cards_;
    return j;
  }
  std::string view_text(Player v) const override { return view_json(v).dump(); }
  void view_tensor(Player v, std::span<float> out) const override {
    std::fill(out.begin(), out.end(), 0.0f);
    if (v >= 0 && cards_[static_cast<size_t>(v)] >= 0)
      out[static_cast<size_t>(cards_[static_cast<size_t>(v)])] = 1;
    out[static_cast<size_t>(deck_)] = static_cast<float>(turn_);
  }
  std::string describe_action(Action a, Player v) const override {
    if (is_chance()) {
      int who = dealt_ < n() ? dealt_ : turn_;
      return who == v ? "you get " + std::to_string(a)
                      : "seat " + std::to_string(who) + " gets a card";
    }
    return game().action_name(a);
  }
  std::vector<double> returns() const override {
    std::vector<double> r(static_cast<size_t>(n()), 0.0);
    for (Player w : winners()) r[static_cast<size_t>(w)] = 1.0;
    return r;
  }
  std::vector<Player> winners() const override {
    int best = 0;
    for (int p = 1; p < n(); ++p)
      if (cards_[static_cast<size_t>(p)] > cards_[static_cast<size_t>(best)]) best = p;
    return {best};
  }
  nlohmann::json outcome() const override { return {{"cards", cards_}}; }
  std::uint64_t fingerprint() const override {
    std::uint64_t h = kFnvOffset;
    for (int c : cards_) h = fnv1a(h, static_cast<std::uint64_t>(c + 1));
    for (int c : gone_) h = fnv1a(h, static_cast<std::uint64_t>(c + 100));
    h = fnv1a(h, static_cast<std::uint64_t>(dealt_ * 1000 + turn_ * 10 + swapping_));
    return h;
  }
  int deck_;
  std::vector<int> cards_, gone_;
  int dealt_ = 0, turn_ = 0;
  bool swapping_ = false;
};

std::unique_ptr<State> HighCardGame::new_initial_state() const {
  return std::make_unique<HighCardState>(shared_from_this());
}

void register_toy() {
  register_game({HighCardGame::make_info(),
                 [](const Options& o, int n) { return std::make_shared<HighCardGame>(o, n); },
                 {}});
}

TEST(Options, DefaultsAndErrorsListAllowedValues) {
  std::vector<OptionSpec> specs = {{"chain", "top", {"top", "ends"}, "how chains grow"}};
  EXPECT_EQ(Options::parse(specs, {}).get("chain"), "top");
  EXPECT_EQ(Options::parse(specs, {{"chain", "ends"}}).get("chain"), "ends");
  try {
    Options::parse(specs, {{"chain", "middle"}});
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("top, ends"), std::string::npos) << e.what();
  }
  try {
    Options::parse(specs, {{"chian", "top"}});
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("chain"), std::string::npos) << e.what();
  }
  EXPECT_THROW(Options::parse_assignments({"novalue"}), Error);
}

TEST(Rng, DeterministicAndUniformEnough) {
  Rng a(42), b(42);
  for (int i = 0; i < 100; ++i) EXPECT_EQ(a.next(), b.next());
  Rng r(7);
  int counts[6] = {};
  for (int i = 0; i < 60000; ++i) counts[r.below(6)]++;
  for (int c : counts) EXPECT_NEAR(c, 10000, 500);
  EXPECT_NE(derive_seed(1, 0), derive_seed(1, 1));
}

TEST(Stats, WilsonAndHistogram) {
  auto ci = wilson95(50, 100);
  EXPECT_NEAR(ci.low, 0.404, 0.002);
  EXPECT_NEAR(ci.high, 0.596, 0.002);
  Histogram h;
  for (int i = 1; i <= 100; ++i) h.add(i);
  EXPECT_EQ(h.quantile(0.5), 50);
  EXPECT_EQ(h.quantile(0.9), 90);
  EXPECT_DOUBLE_EQ(h.mean(), 50.5);
}

TEST(Registry, UnknownGameAndBadPlayerCount) {
  register_toy();
  EXPECT_THROW(find_game("no-such-game"), Error);
  EXPECT_THROW(load_game("test-high-card", {}, 9), Error);
  EXPECT_THROW(load_game("test-high-card", {{"deck", "7"}}, 2), Error);
}

TEST(State, IllegalActionIsRefusedAndChangesNothing) {
  register_toy();
  auto g = load_game("test-high-card", {}, 2);
  auto s = g->new_initial_state();
  s->apply(3);
  auto fp = s->fingerprint();
  EXPECT_THROW(s->apply(3), Error);  // card 3 is no longer in the deck
  EXPECT_THROW(s->apply(99), Error);
  EXPECT_EQ(fp, s->fingerprint());
}

TEST(Record, RoundTripAndErrorsNameTheStep) {
  register_toy();
  auto g = load_game("test-high-card", {}, 2);
  auto s = g->new_initial_state();
  std::vector<Action> hist = {2, 4, 6, 7, 1};
  for (Action a : hist) s->apply(a);
  ASSERT_TRUE(s->is_terminal());
  Record r = make_record(*g, hist, 5, {"random", "random"}, s.get());
  auto j = record_to_json(r);
  auto rep = replay_record(record_from_json(j));
  EXPECT_EQ(rep.state->fingerprint(), s->fingerprint());

  auto bad = j;
  bad["actions"][2] = "fly";
  try {
    replay_record(record_from_json(bad));
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("step 3"), std::string::npos) << e.what();
  }
  bad = j;
  bad["actions"][1] = "deal:2";  // already dealt
  try {
    replay_record(record_from_json(bad));
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("step 2"), std::string::npos) << e.what();
  }
  bad = j;
  bad["players"] = "two";
  EXPECT_THROW(record_from_json(bad), Error);
  bad = j;
  bad["result"]["winners"] = {1};
  bad["result"]["returns"] = {0.0, 1.0};
  EXPECT_THROW(replay_record(record_from_json(bad)), Error);
  EXPECT_THROW(record_from_json(nlohmann::json::array()), Error);
}

// Uniformly random, for simulate's tests (the agents layer is above the core).
class FirstOrRandom : public Agent {
 public:
  Action act(const DecisionContext& ctx, Rng& rng) override {
    const auto& l = ctx.legal_actions();
    return l[rng.below(static_cast<std::uint32_t>(l.size()))];
  }
  std::string name() const override { return "random"; }
};

TEST(Simulate, SameReportWhateverTheThreadCountAndErrorsReachTheCaller) {
  register_toy();
  SimulateConfig cfg;
  cfg.game = load_game("test-high-card", {}, 3);
  cfg.seats = {"random", "random", "random"};
  cfg.games = 203;
  const AgentFactory factory = [](const std::string&, const Game&) {
    return std::make_unique<FirstOrRandom>();
  };
  std::string one;
  for (int threads : {1, 2, 4}) {
    cfg.threads = threads;
    std::uint64_t last = 0;
    cfg.progress = [&](std::uint64_t done, std::uint64_t total) {
      EXPECT_EQ(done, last + 1);
      EXPECT_EQ(total, 203u);
      last = done;
    };
    const SimulateResult r = simulate(cfg, factory);
    EXPECT_EQ(last, 203u);
    EXPECT_EQ(r.to_json()["games"], 203);
    if (threads == 1)
      one = r.to_json().dump();
    else
      EXPECT_EQ(r.to_json().dump(), one) << threads << " threads";
  }
  // An agent that fails mid-run: the error reaches the caller as an Error.
  std::atomic<int> made{0};
  const AgentFactory failing = [&](const std::string&, const Game&) -> std::unique_ptr<Agent> {
    if (++made > 3) throw std::runtime_error("no more agents");
    return std::make_unique<FirstOrRandom>();
  };
  cfg.threads = 2;
  cfg.progress = nullptr;
  EXPECT_THROW(simulate(cfg, failing), Error);
}

TEST(Signature, StableForTheToyGame) {
  register_toy();
  EXPECT_EQ(game_signature("test-high-card", 50), game_signature("test-high-card", 50));
  EXPECT_NE(game_signature("test-high-card", 50), game_signature("test-high-card", 50, 99));
}

TEST(TensorLayout, FieldsHaveOffsetsAndUniqueNames) {
  TensorLayout l;
  l.add("hand", 3, "own cards").add("turn", 1, "to act");
  EXPECT_EQ(l.size(), 4);
  EXPECT_EQ(l.field("turn").offset, 3);
  EXPECT_THROW(l.field("score"), Error);
  EXPECT_THROW(l.add("hand", 2, "again"), Error);
  EXPECT_THROW(l.add("empty", 0, ""), Error);
  EXPECT_EQ(l.to_json().size(), 2u);
  EXPECT_NE(l.to_text().find("4 values in all"), std::string::npos);
}

TEST(TensorWriter, ChecksOrderCompletenessAndSize) {
  TensorLayout l;
  l.add("hand", 3, "own cards").add("turn", 2, "to act");
  std::vector<float> buf(5, 9.0f);
  {
    TensorWriter w(l, buf);
    EXPECT_EQ(buf, std::vector<float>(5, 0.0f));  // zero-filled
    w.next("hand")[1] = 1.0f;
    w.one_hot("turn", 1);
    w.finish();
    EXPECT_EQ(buf, (std::vector<float>{0, 1, 0, 0, 1}));
  }
  {
    TensorWriter w(l, buf);
    EXPECT_THROW(w.next("turn"), Error);  // out of order
  }
  {
    TensorWriter w(l, buf);
    w.next("hand");
    EXPECT_THROW(w.finish(), Error);  // a field left out
  }
  std::vector<float> small(4);
  EXPECT_THROW(TensorWriter(l, small), Error);
}

}  // namespace
}  // namespace villainy
