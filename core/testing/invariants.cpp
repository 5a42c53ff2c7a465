#include "invariants.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <set>

#include "villainy/core/record.h"
#include "villainy/core/registry.h"

namespace villainy::testing {

int scaled(int n) {
  double f = 1.0;
#ifdef VILLAINY_SANITIZE_BUILD
  f = 0.2;
#endif
  if (const char* e = std::getenv("VILLAINY_TEST_SCALE")) f = std::atof(e);
  return std::max(1, static_cast<int>(n * f));
}

std::vector<std::map<std::string, std::string>> each_option_value(const std::string& game) {
  std::vector<std::map<std::string, std::string>> out = {{}};
  for (const auto& spec : find_game(game).info.options)
    for (const auto& v : spec.allowed)
      if (v != spec.default_value) out.push_back({{spec.name, v}});
  return out;
}

namespace {

void check_views_and_resampling(const State& s, Rng& rng, const std::string& where,
                                std::map<Player, int>& varied) {
  const int n = s.num_players();
  const int tsize = s.game().tensor_size();
  std::vector<float> t1(static_cast<size_t>(tsize)), t2(static_cast<size_t>(tsize));
  std::vector<Player> viewers;
  for (Player p = 0; p < n; ++p) viewers.push_back(p);
  viewers.push_back(kSpectator);
  for (Player v : viewers) {
    const nlohmann::json view = s.view_json(v);
    const std::string text = s.view_text(v);
    s.view_tensor(v, t1);
    const std::uint64_t seed = rng.next();
    Rng r1(seed), r2(seed);
    auto a = s.resample(v, r1);
    auto b = s.resample(v, r2);
    // Deterministic in the generator.
    ASSERT_EQ(a->fingerprint(), b->fingerprint())
        << where << ": resample(" << v << ") is not deterministic";
    // The viewer cannot tell the resampled state from the true one.
    EXPECT_EQ(a->view_json(v), view)
        << where << ": viewer " << v << " sees a difference after resampling";
    EXPECT_EQ(a->view_text(v), text)
        << where << ": viewer " << v << " text view differs after resampling";
    a->view_tensor(v, t2);
    EXPECT_EQ(t1, t2) << where << ": viewer " << v << " tensor differs after resampling";
    EXPECT_EQ(a->current_player(), s.current_player()) << where;
    if (!s.is_chance() && !s.is_terminal() && s.current_player() == v) {
      EXPECT_EQ(a->legal_actions(), s.legal_actions())
          << where << ": the actor's legal actions changed by resampling";
    }
    // A resample depends only on the viewer's information: resampling the resampled state with
    // the same generator gives the same state (hidden information cannot leak into it).
    Rng r3(seed);
    Rng r0(seed ^ 0x5555);
    auto other = s.resample(v, r0);
    auto c = other->resample(v, r3);
    EXPECT_EQ(c->fingerprint(), a->fingerprint())
        << where << ": resample(" << v << ") depends on information hidden from the viewer";
    if (other->fingerprint() != a->fingerprint()) varied[v]++;
    // Other viewers' views of the resampled state are well formed.
    (void)a->view_json(kSpectator);
    // The description of the action about to happen tells the viewer nothing beyond what they
    // know once it has happened: where the viewer's views after the action agree, so do the
    // descriptions.
    if (!s.is_terminal()) {
      std::vector<Action> legal;
      s.legal_actions(legal);
      Action act = legal[legal.size() / 2];
      if (other->is_legal(act)) {
        auto s_after = s.clone();
        auto o_after = other->clone();
        s_after->apply_unchecked(act);
        o_after->apply_unchecked(act);
        if (s_after->view_json(v) == o_after->view_json(v)) {
          EXPECT_EQ(s.describe_action(act, v), other->describe_action(act, v))
              << where << ": the description of '" << s.game().action_name(act) << "' for viewer "
              << v << " depends on hidden information";
        }
      }
    }
  }
}

void run_one(const std::shared_ptr<const Game>& game, std::uint64_t seed, double view_rate,
             const std::string& label, std::map<Player, int>& varied, int& view_checks) {
  auto s = game->new_initial_state();
  Rng rng(seed);
  std::vector<Action> legal, legal2;
  std::vector<ChanceOutcome> outcomes;
  std::vector<float> mask(static_cast<size_t>(game->num_distinct_actions()));
  std::vector<Action> history;
  const int limit = game->max_game_length();
  const int nact = game->num_distinct_actions();
  int step = 0;
  while (!s->is_terminal()) {
    const std::string where = fmt::format("{} seed {} step {}", label, seed, step);
    ASSERT_LT(step, limit) << where << ": game exceeded its declared maximum length";
    Player p = s->current_player();
    ASSERT_TRUE(p == kChancePlayer || (p >= 0 && p < game->num_players()))
        << where << ": bad current player " << p;
    s->legal_actions(legal);
    ASSERT_FALSE(legal.empty()) << where << ": no legal action at a non-terminal state";
    ASSERT_TRUE(std::is_sorted(legal.begin(), legal.end()))
        << where << ": legal actions not sorted";
    ASSERT_TRUE(std::adjacent_find(legal.begin(), legal.end()) == legal.end())
        << where << ": duplicate legal actions";
    // The mask and the names are checked on a share of the steps (they cost more than a step).
    const bool full = rng.uniform() < 0.1;
    if (full) {
      legal_action_mask(*s, mask);
      int ones = 0;
      for (int a = 0; a < nact; ++a) ones += mask[static_cast<size_t>(a)] != 0.0f;
      ASSERT_EQ(ones, static_cast<int>(legal.size()))
          << where << ": mask and legal actions disagree";
      for (Action a : legal) {
        ASSERT_TRUE(a >= 0 && a < nact) << where << ": action out of range";
        ASSERT_EQ(mask[static_cast<size_t>(a)], 1.0f) << where;
        auto back = game->action_from_name(game->action_name(a));
        ASSERT_TRUE(back.has_value() && *back == a)
            << where << ": name of action " << a << " does not round-trip";
      }
    }
    Action a;
    if (p == kChancePlayer && full) {
      s->chance_outcomes(outcomes);
      double total = 0;
      for (auto& o : outcomes) {
        total += o.probability;
        ASSERT_GT(o.probability, 0.0) << where;
      }
      ASSERT_NEAR(total, 1.0, 1e-9) << where << ": chance probabilities do not sum to 1";
      ASSERT_EQ(outcomes.size(), legal.size())
          << where << ": chance outcomes and legal actions differ";
    }
    if (p == kChancePlayer) {
      a = s->sample_chance(rng);
      ASSERT_TRUE(std::binary_search(legal.begin(), legal.end(), a))
          << where << ": sampled chance outcome is not legal";
    } else {
      a = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
    }
    // An illegal action is refused and changes nothing.
    if (full && static_cast<int>(legal.size()) < nact) {
      Action bad = static_cast<Action>(rng.below(static_cast<std::uint32_t>(nact)));
      while (std::binary_search(legal.begin(), legal.end(), bad)) bad = (bad + 1) % nact;
      const std::uint64_t before = s->fingerprint();
      EXPECT_THROW(s->apply(bad), Error) << where;
      ASSERT_EQ(s->fingerprint(), before) << where << ": a refused action changed the state";
    }
    if (rng.uniform() < view_rate) {
      ++view_checks;
      check_views_and_resampling(*s, rng, where, varied);
      if (::testing::Test::HasFatalFailure()) return;
      // A clone is independent of its original.
      auto c = s->clone();
      const std::uint64_t before = s->fingerprint();
      ASSERT_EQ(c->fingerprint(), before) << where << ": clone differs";
      c->apply(a);
      if (!c->is_terminal()) {
        Rng r2(seed + static_cast<std::uint64_t>(step));
        std::vector<Action> buf;
        while (!c->is_terminal()) {
          if (c->is_chance())
            c->apply_unchecked(c->sample_chance(r2));
          else {
            c->legal_actions(buf);
            c->apply_unchecked(buf[r2.below(static_cast<std::uint32_t>(buf.size()))]);
          }
        }
      }
      ASSERT_EQ(s->fingerprint(), before) << where << ": playing on a clone changed the original";
    }
    if (full)
      s->apply(a);  // the checked path
    else
      s->apply_unchecked(a);
    history.push_back(a);
    ++step;
  }
  // Results are well formed.
  auto ret = s->returns();
  ASSERT_EQ(static_cast<int>(ret.size()), game->num_players()) << label;
  auto win = s->winners();
  std::set<Player> ws(win.begin(), win.end());
  ASSERT_EQ(ws.size(), win.size()) << label << ": duplicate winners";
  for (Player w : win) ASSERT_TRUE(w >= 0 && w < game->num_players()) << label;
  (void)s->outcome();
  for (Player v = 0; v < game->num_players(); ++v) (void)s->view_json(v);
  // Records round-trip.
  Record r = make_record(*game, history, seed, {}, s.get());
  Record back = record_from_json(nlohmann::json::parse(record_to_json(r).dump()));
  ReplayResult rep = replay_record(back);
  ASSERT_EQ(rep.state->fingerprint(), s->fingerprint())
      << label << " seed " << seed << ": replay differs";
}

}  // namespace

void check_invariants(const InvariantConfig& cfg) {
  const GameEntry& e = find_game(cfg.game);
  std::vector<int> counts = cfg.player_counts;
  if (counts.empty())
    for (int k = e.info.min_players; k <= e.info.max_players; ++k) counts.push_back(k);
  std::map<Player, int> varied;
  int view_checks = 0;
  std::uint64_t seed = cfg.seed;
  for (const auto& opts : cfg.option_sets) {
    for (int k : counts) {
      auto game = load_game(cfg.game, opts, k);
      std::string label = fmt::format("{} players={}", cfg.game, k);
      for (const auto& [name, value] : opts) label += fmt::format(" {}={}", name, value);
      for (int g = 0; g < cfg.games_per_config; ++g) {
        run_one(game, seed++, cfg.view_check_rate, label, varied, view_checks);
        if (::testing::Test::HasFatalFailure()) return;
      }
    }
  }
  // Hidden information does vary across resamples (the resampler is not a copy).
  if (view_checks > 20) {
    EXPECT_GT(varied[0], 0) << cfg.game << ": resampling never changed anything for seat 0";
  }
}

}  // namespace villainy::testing
