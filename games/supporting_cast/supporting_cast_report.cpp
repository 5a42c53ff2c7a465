// Tribute to the Supporting Cast: registration and the designer report (`villainy simulate`).
// Answers the designer's questions (rules reference, "What a designer wants to read off a
// simulation"; SC-21 defines the statistics).
#include <fmt/format.h>

#include <array>
#include <nlohmann/json.hpp>

#include "supporting_cast/supporting_cast.h"
#include "villainy/core/registry.h"
#include "villainy/core/simulate.h"

namespace villainy::supporting_cast {
using nlohmann::json;

namespace {

constexpr int kEnds = 7;  // RoundEnd values
constexpr int kWins = 6;  // WinCondition values

class ScReporter : public Reporter {
 public:
  ScReporter(int n, const Cast& cast) : n_(n), cast_(&cast) {}
  std::unique_ptr<Reporter> fresh() const override {
    return std::make_unique<ScReporter>(n_, *cast_);
  }

  void on_step(const State& after, Action, Player) override {
    const auto& s = static_cast<const SupportingCastState&>(after);
    if (s.rounds_finished() == seen_rounds_) return;
    seen_rounds_ = s.rounds_finished();
    const RoundSummary& r = s.last_round();
    ++rounds_;
    ends_[static_cast<size_t>(r.end)]++;
    turns_per_round_.add(r.turns);
    actions_per_round_.add(r.actions);
    stuck_rounds_.add(r.stuck > 0);
    stuck_before_end_.add(r.stuck - (r.stuck_at_end ? 1 : 0) > 0);
    stuck_per_round_.add(r.stuck);
    all_in_tried_.add(r.all_in_tried);
    for (int p = 0; p < n_; ++p) round_no_play_.add(!(r.played_mask & (1u << p)));
    if (r.scorer >= 0) points_.add(r.points);
  }

  void on_game_end(const State& final_state, int) override {
    const auto& s = static_cast<const SupportingCastState&>(final_state);
    seen_rounds_ = 0;
    ++games_;
    rounds_per_game_.add(s.rounds_finished());
    win_conditions_[static_cast<size_t>(s.win_condition())]++;
    for (int p = 0; p < n_; ++p) {
      const auto& seat = s.seat(p);
      const bool won = s.winners_mask() & (1u << p);
      villain_wins_[static_cast<size_t>(seat.villain)].add(won);
      game_no_play_.add(!seat.played_game);
      final_scores_.add(seat.score);
      if (won) winner_scores_.add(seat.score);
    }
    bool any_silent = false;
    for (int p = 0; p < n_; ++p) any_silent |= !s.seat(p).played_game;
    game_with_silent_player_.add(any_silent);
  }

  void merge(const Reporter& other) override {
    const auto& o = static_cast<const ScReporter&>(other);
    games_ += o.games_;
    rounds_ += o.rounds_;
    for (int i = 0; i < kEnds; ++i)
      ends_[static_cast<size_t>(i)] += o.ends_[static_cast<size_t>(i)];
    for (int i = 0; i < kWins; ++i)
      win_conditions_[static_cast<size_t>(i)] += o.win_conditions_[static_cast<size_t>(i)];
    turns_per_round_.merge(o.turns_per_round_);
    actions_per_round_.merge(o.actions_per_round_);
    rounds_per_game_.merge(o.rounds_per_game_);
    stuck_rounds_.merge(o.stuck_rounds_);
    stuck_before_end_.merge(o.stuck_before_end_);
    stuck_per_round_.merge(o.stuck_per_round_);
    all_in_tried_.merge(o.all_in_tried_);
    round_no_play_.merge(o.round_no_play_);
    game_no_play_.merge(o.game_no_play_);
    game_with_silent_player_.merge(o.game_with_silent_player_);
    for (int v = 0; v < kVillains; ++v)
      villain_wins_[static_cast<size_t>(v)].merge(o.villain_wins_[static_cast<size_t>(v)]);
    final_scores_.merge(o.final_scores_);
    winner_scores_.merge(o.winner_scores_);
    points_.merge(o.points_);
  }

  json to_json() const override {
    json j;
    j["games"] = games_;
    j["rounds"] = rounds_;
    for (int i = 1; i < kEnds; ++i)
      j["round_ends"][round_end_name(static_cast<RoundEnd>(i))] =
          Proportion{ends_[static_cast<size_t>(i)], rounds_}.to_json();
    j["turns_per_round"] = turns_per_round_.to_json();
    j["actions_per_round"] = actions_per_round_.to_json();
    j["rounds_per_game"] = rounds_per_game_.to_json();
    j["rounds_with_table_stuck"] = stuck_rounds_.to_json();
    j["rounds_with_table_stuck_before_the_last_slot"] = stuck_before_end_.to_json();
    j["stuck_circuits_per_round"] = stuck_per_round_.to_json();
    j["rounds_with_all_in_attempt"] = all_in_tried_.to_json();
    j["player_rounds_without_a_play"] = round_no_play_.to_json();
    j["player_games_without_a_play"] = game_no_play_.to_json();
    j["games_where_someone_never_played"] = game_with_silent_player_.to_json();
    for (int i = 1; i < kWins; ++i)
      j["win_conditions"][win_condition_name(static_cast<WinCondition>(i))] =
          Proportion{win_conditions_[static_cast<size_t>(i)], games_}.to_json();
    for (int v = 0; v < kVillains; ++v)
      j["win_rate_by_villain"][cast_->villains[static_cast<size_t>(v)].key] =
          villain_wins_[static_cast<size_t>(v)].to_json();
    j["final_scores"] = final_scores_.to_json();
    j["winner_scores"] = winner_scores_.to_json();
    j["points_per_scoring_round"] = points_.to_json();
    json dist;
    for (auto [v, c] : final_scores_.bins()) dist[std::to_string(v)] = c;
    j["final_score_distribution"] = dist;
    return j;
  }

  std::string to_text() const override {
    std::string o =
        fmt::format("Tribute to the Supporting Cast — designer report ({} games, {} rounds)\n",
                    games_, rounds_);
    o += "How rounds end (share of rounds, 95% CI):\n";
    for (int i = 1; i < kEnds; ++i)
      o += fmt::format("  {:<16} {}\n", round_end_name(static_cast<RoundEnd>(i)),
                       Proportion{ends_[static_cast<size_t>(i)], rounds_}.str());
    o += fmt::format("Turns per round:   {}\n", turns_per_round_.summary());
    o += fmt::format("Actions per round: {}\n", actions_per_round_.summary());
    o += fmt::format("Rounds per game:   {}\n", rounds_per_game_.summary());
    o += "Is the table stuck? (SC-21: a full circuit of turn slots with no card played)\n";
    o += fmt::format("  rounds with the table stuck at least once: {}\n", stuck_rounds_.str());
    o += fmt::format("  the same, not counting the slot that ends the round: {}\n",
                     stuck_before_end_.str());
    o += fmt::format("  stuck circuits per round: {}\n", stuck_per_round_.summary());
    o += "Does someone never play a card?\n";
    o += fmt::format("  a player goes a whole round without a play: {} of player-rounds\n",
                     round_no_play_.str());
    o += fmt::format("  a player goes a whole game without a play:  {} of player-games\n",
                     game_no_play_.str());
    o += fmt::format("  games in which some player never played:     {}\n",
                     game_with_silent_player_.str());
    o += fmt::format("Rounds with an all-in attempt: {}\n", all_in_tried_.str());
    o += "How games are won (share of games):\n";
    for (int i = 1; i < kWins; ++i)
      o += fmt::format("  {:<13} {}\n", win_condition_name(static_cast<WinCondition>(i)),
                       Proportion{win_conditions_[static_cast<size_t>(i)], games_}.str());
    o += "Win rate by villain (seat-games with that villain):\n";
    for (int v = 0; v < kVillains; ++v)
      o += fmt::format("  {:<30} {}\n", cast_->villains[static_cast<size_t>(v)].name,
                       villain_wins_[static_cast<size_t>(v)].str());
    o += fmt::format("Final scores (all players): {}\n", final_scores_.summary());
    o += fmt::format("Winners' final scores:      {}\n", winner_scores_.summary());
    o += fmt::format("Points per scoring round:   {}\n", points_.summary());
    o += "Final score distribution:";
    for (auto [v, c] : final_scores_.bins()) o += fmt::format(" {}:{}", v, c);
    o += "\n";
    return o;
  }

 private:
  int n_;
  const Cast* cast_;
  int seen_rounds_ = 0;
  std::uint64_t games_ = 0, rounds_ = 0;
  std::array<std::uint64_t, kEnds> ends_{};
  std::array<std::uint64_t, kWins> win_conditions_{};
  Histogram turns_per_round_, actions_per_round_, rounds_per_game_, stuck_per_round_;
  Proportion stuck_rounds_, stuck_before_end_, all_in_tried_, round_no_play_, game_no_play_,
      game_with_silent_player_;
  std::array<Proportion, kVillains> villain_wins_{};
  Histogram final_scores_, winner_scores_, points_;
};

}  // namespace

void register_game() {
  villainy::register_game({SupportingCastGame::game_info(),
                           [](const Options& o, int n) -> std::shared_ptr<const Game> {
                             return std::make_shared<SupportingCastGame>(o, n);
                           },
                           [](const Game& g) -> std::unique_ptr<Reporter> {
                             return std::make_unique<ScReporter>(
                                 g.num_players(), static_cast<const SupportingCastGame&>(g).cast());
                           }});
}

}  // namespace villainy::supporting_cast
