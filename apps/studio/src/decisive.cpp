// Lead changes and decisiveness (Ludii's LeadChange and Decisiveness, measured with the game's
// own evaluator). After every decision the evaluator gives each seat's win chance on the true
// state; the leader is the seat with the highest chance (a tie keeps the previous leader).
// - lead changes per game: how often the leader changes;
// - decisiveness: the share of the game's decisions after which the eventual winner leads to the
//   end (0% = it led from the first decision, 100% = it took the lead only at the end);
// - the leader after a quarter / half / three quarters of the decisions wins.
#include <fmt/format.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "villainy/agents/ismcts.h"
#include "villainy/studio/studio.h"

namespace villainy::studio {

bool has_evaluator(const std::string& game) {
  return find_evaluator(game) != nullptr;
}

namespace {

class DecisivenessReporter : public Reporter {
 public:
  DecisivenessReporter(const StateEvaluator* eval, int n, int max_len)
      : eval_(eval), n_(n), max_len_(max_len) {
    chances_.resize(static_cast<size_t>(n));
    leaders_.reserve(static_cast<size_t>(std::min(max_len, 1 << 16)));  // none during a game
  }
  std::unique_ptr<Reporter> fresh() const override {
    return std::make_unique<DecisivenessReporter>(eval_, n_, max_len_);
  }
  void on_step(const State& after, Action, Player actor) override {
    if (actor < 0 || after.is_terminal()) return;
    (*eval_)(after, chances_);
    int best = -1;
    bool tie = false;
    for (int p = 0; p < n_; ++p) {
      const double v = chances_[static_cast<size_t>(p)];
      if (best < 0 || v > chances_[static_cast<size_t>(best)]) {
        best = p;
        tie = false;
      } else if (v == chances_[static_cast<size_t>(best)]) {
        tie = true;
      }
    }
    const int leader = tie ? leader_ : best;
    if (leader >= 0 && leader_ >= 0 && leader != leader_) ++changes_;
    leader_ = leader;
    if (leaders_.size() < leaders_.capacity()) leaders_.push_back(static_cast<std::int8_t>(leader));
  }
  void on_game_end(const State& s, int) override {
    ++games_;
    lead_changes_.add(changes_);
    decisions_.add(static_cast<std::int64_t>(leaders_.size()));
    const auto w = s.winners();
    if (w.size() == 1 && !leaders_.empty()) {
      const int winner = w[0];
      size_t last_other = leaders_.size();  // last decision after which someone else led
      for (size_t i = leaders_.size(); i-- > 0;)
        if (leaders_[i] != winner) {
          last_other = i;
          break;
        }
      const std::int64_t share =
          last_other == leaders_.size()
              ? 0
              : static_cast<std::int64_t>((last_other + 1) * 100 / leaders_.size());
      decisive_.add(share);
      for (int q = 0; q < 3; ++q)
        leader_wins_[static_cast<size_t>(q)].add(
            leaders_[leaders_.size() * static_cast<size_t>(q + 1) / 4] == winner);
    }
    leaders_.clear();
    leader_ = -1;
    changes_ = 0;
  }
  void fields(Fields& f) override {
    f("games", games_)("lead_changes", lead_changes_)("decisions", decisions_)(
        "decisive", decisive_)("leader_wins", leader_wins_);
  }
  nlohmann::json to_json() const override {
    nlohmann::json j;
    j["games"] = games_;
    j["lead_changes_per_game"] = lead_changes_.to_json();
    j["lead_change_rate"] = lead_change_rate();
    j["decisiveness_percent"] = decisive_.to_json();
    for (int q = 0; q < 3; ++q)
      j["leader_wins"][fmt::format("after_{}_of_4", q + 1)] =
          leader_wins_[static_cast<size_t>(q)].to_json();
    return j;
  }
  std::string to_text() const override {
    std::string o = fmt::format(
        "Lead changes and decisiveness (the game's evaluator on the true state after each "
        "decision; {} games)\n",
        games_);
    o += fmt::format("  lead changes per game: {}\n", lead_changes_.summary());
    o +=
        fmt::format("  lead changes per decision (Ludii LeadChange): {:.4f}\n", lead_change_rate());
    o += fmt::format("  share of the game (%) before the winner leads for good: {}\n",
                     decisive_.summary());
    for (int q = 0; q < 3; ++q)
      o += fmt::format("  the leader after {}/4 of the decisions wins: {}\n", q + 1,
                       leader_wins_[static_cast<size_t>(q)].str());
    return o;
  }
  void figures(std::vector<Figure>& out) const override {
    const std::string games = fmt::format("{} games", games_);
    Figure ch = Figure::make(Figure::Kind::kDistribution, "lead_changes", "Lead changes per game",
                             "the leader is the seat the game's evaluator gives the best win "
                             "chance after each decision",
                             games);
    ch.series = {"lead changes"};
    ch.dists = {lead_changes_};
    out.push_back(ch);
    Figure dec = Figure::make(Figure::Kind::kDistribution, "decisiveness",
                              "Decisiveness: share of the game before the winner leads for good",
                              "percent of the game's decisions; games with one winner", games);
    dec.series = {"percent of the game"};
    dec.dists = {decisive_};
    out.push_back(dec);
    Figure lw =
        Figure::make(Figure::Kind::kRates, "leader_wins", "Does the leader win?",
                     "games with one winner: the leader at that point is the winner", games);
    lw.series = {"the leader wins"};
    lw.labels = {"after 1/4 of the decisions", "after 1/2", "after 3/4"};
    lw.rates = {{leader_wins_[0], leader_wins_[1], leader_wins_[2]}};
    lw.reference = 1.0 / n_;
    out.push_back(lw);
  }

 private:
  double lead_change_rate() const {
    const double d = decisions_.mean() * static_cast<double>(decisions_.count());
    return d > 0 ? lead_changes_.mean() * static_cast<double>(lead_changes_.count()) / d : 0.0;
  }
  const StateEvaluator* eval_;
  int n_, max_len_;
  std::vector<double> chances_;
  std::vector<std::int8_t> leaders_;  // scratch (this game)
  int leader_ = -1;
  std::int64_t changes_ = 0;
  std::uint64_t games_ = 0;
  Histogram lead_changes_, decisions_, decisive_;
  std::array<Proportion, 3> leader_wins_{};
};

}  // namespace

std::unique_ptr<Reporter> make_decisiveness_reporter(const Game& game) {
  const StateEvaluator* eval = find_evaluator(game.name());
  if (!eval) return nullptr;
  return std::make_unique<DecisivenessReporter>(eval, game.num_players(), game.max_game_length());
}

}  // namespace villainy::studio
