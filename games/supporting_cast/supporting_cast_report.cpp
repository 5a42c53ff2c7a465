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
  ScReporter(int n, const SupportingCastGame& g) : n_(n), g_(&g), cast_(&g.cast()) {
    for (int c = 0; c < kNumCards; ++c) card_names_[static_cast<size_t>(c)] = g.card_name(c);
  }
  std::unique_ptr<Reporter> fresh() const override { return std::make_unique<ScReporter>(n_, *g_); }

  void on_step(const State& after, Action a, Player actor) override {
    const auto& s = static_cast<const SupportingCastState&>(after);
    if (actor >= 0) {
      // Card figures: what each seat played, and what it held after its own decisions.
      if (a >= act::kPlay && a < act::kPlay + kNumCards) {
        played_[static_cast<size_t>(actor)].set(a - act::kPlay);
        plays_[static_cast<size_t>(a - act::kPlay)]++;
      }
      held_[static_cast<size_t>(actor)] = held_[static_cast<size_t>(actor)] | s.seat(actor).hand;
    }
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
      CardSet held = held_[static_cast<size_t>(p)] | seat.hand;
      if (seat.villain >= 0) held.set(seat.villain * kCardsPerVillain);  // the own villain card
      const CardSet played = played_[static_cast<size_t>(p)];
      played.for_each([&](int c) { card_played_win_[static_cast<size_t>(c)].add(won); });
      held.minus(played).for_each([&](int c) { card_held_win_[static_cast<size_t>(c)].add(won); });
      held_[static_cast<size_t>(p)] = CardSet{};
      played_[static_cast<size_t>(p)] = CardSet{};
      villain_wins_[static_cast<size_t>(seat.villain)].add(won);
      game_no_play_.add(!seat.played_game);
      final_scores_.add(seat.score);
      if (won) winner_scores_.add(seat.score);
    }
    bool any_silent = false;
    for (int p = 0; p < n_; ++p) any_silent |= !s.seat(p).played_game;
    game_with_silent_player_.add(any_silent);
  }

  void fields(Fields& f) override {
    f("games", games_)("rounds", rounds_)("ends", ends_)("win_conditions", win_conditions_)(
        "turns_per_round", turns_per_round_)("actions_per_round", actions_per_round_)(
        "rounds_per_game", rounds_per_game_)("stuck_rounds", stuck_rounds_)(
        "stuck_before_end", stuck_before_end_)("stuck_per_round", stuck_per_round_)(
        "all_in_tried", all_in_tried_)("round_no_play", round_no_play_)(
        "game_no_play", game_no_play_)("game_with_silent_player", game_with_silent_player_)(
        "villain_wins", villain_wins_)("final_scores", final_scores_)(
        "winner_scores", winner_scores_)("points", points_)("plays", plays_)(
        "card_played_win", card_played_win_)("card_held_win", card_held_win_);
  }

  void figures(std::vector<Figure>& out) const override {
    const std::string games = fmt::format("{} games", games_);
    const std::string rounds = fmt::format("{} rounds", rounds_);
    auto rates = [](std::string id, std::string title, std::string note, std::string sample) {
      Figure f =
          Figure::make(Figure::Kind::kRates, std::move(id), std::move(title), std::move(note), "");
      f.sample = std::move(sample);
      return f;
    };
    auto dist = [](std::string id, std::string title, std::string note, std::string sample,
                   std::vector<std::string> series, std::vector<Histogram> h) {
      Figure f = Figure::make(Figure::Kind::kDistribution, std::move(id), std::move(title),
                              std::move(note), "");
      f.series = std::move(series);
      f.dists = std::move(h);
      f.sample = std::move(sample);
      return f;
    };
    Figure stuck =
        rates("sc.stuck", "Will the whole table get stuck? (SC-21)",
              "a stuck circuit is a full circuit of turn slots with no card played", rounds);
    stuck.series = {"share of rounds"};
    stuck.labels = {"the table is stuck at least once",
                    "the same, not counting the round's last slot", "someone attempts an all-in"};
    stuck.rates = {{stuck_rounds_, stuck_before_end_, all_in_tried_}};
    out.push_back(stuck);
    out.push_back(dist("sc.stuck_circuits", "Stuck circuits per round (SC-21)",
                       "how many full circuits with no card played one round has", rounds,
                       {"stuck circuits"}, {stuck_per_round_}));
    Figure ends = rates("sc.round_ends", "How rounds end", "share of rounds", rounds);
    ends.series = {"share of rounds"};
    ends.rates.resize(1);
    for (int i = 1; i < kEnds; ++i) {
      ends.labels.push_back(round_end_name(static_cast<RoundEnd>(i)));
      ends.rates[0].push_back(Proportion{ends_[static_cast<size_t>(i)], rounds_});
    }
    out.push_back(ends);
    Figure silent = rates("sc.never_played", "Does someone never play a card?",
                          "player-rounds, player-games and games", games);
    silent.series = {"share"};
    silent.labels = {"a player goes a whole round without a play (of player-rounds)",
                     "a player goes a whole game without a play (of player-games)",
                     "some player never played (of games)"};
    silent.rates = {{round_no_play_, game_no_play_, game_with_silent_player_}};
    out.push_back(silent);
    Figure wins = rates("sc.win_conditions", "How games are won", "share of games", games);
    wins.series = {"share of games"};
    wins.rates.resize(1);
    for (int i = 1; i < kWins; ++i) {
      wins.labels.push_back(win_condition_name(static_cast<WinCondition>(i)));
      wins.rates[0].push_back(Proportion{win_conditions_[static_cast<size_t>(i)], games_});
    }
    out.push_back(wins);
    Figure vill = rates("sc.win_rate_by_villain", "Win rate by character (villain)",
                        "seat-games with that villain",
                        fmt::format("{} seat-games", games_ * static_cast<std::uint64_t>(n_)));
    vill.series = {"wins"};
    vill.rates.resize(1);
    for (int v = 0; v < kVillains; ++v) {
      vill.labels.push_back(cast_->villains[static_cast<size_t>(v)].name);
      vill.rates[0].push_back(villain_wins_[static_cast<size_t>(v)]);
    }
    vill.reference = 1.0 / n_;
    out.push_back(vill);
    out.push_back(dist("sc.rounds_per_game", "Game length (rounds per game)", "rounds played",
                       games, {"rounds"}, {rounds_per_game_}));
    out.push_back(dist("sc.round_length", "Round length", "turn slots and actions per round",
                       rounds, {"turn slots", "actions"}, {turns_per_round_, actions_per_round_}));
    out.push_back(
        dist("sc.scores", "Score distributions",
             "final scores of every seat and of the winners; points per scoring round", games,
             {"final scores (all seats)", "winners' final scores", "points per scoring round"},
             {final_scores_, winner_scores_, points_}));
    Figure cards =
        rates("sc.cards", "Cards: win rate of seats that played it vs held it and did not",
              "per seat-game: the seat played the card at least once, or held it "
              "(in hand after one of its decisions, or its own villain card) and never played it",
              fmt::format("{} seat-games", games_ * static_cast<std::uint64_t>(n_)));
    cards.series = {"played it", "held it, did not play"};
    cards.rates.resize(2);
    Figure plays = Figure::make(Figure::Kind::kValues, "sc.card_plays", "Cards: plays per game",
                                "how often each card is played (all seats)", "");
    plays.series = {"plays per game"};
    plays.values.resize(1);
    plays.sample = games;
    for (int c = 0; c < kNumCards; ++c) {
      const std::string name = card_names_[static_cast<size_t>(c)];
      cards.labels.push_back(name);
      cards.rates[0].push_back(card_played_win_[static_cast<size_t>(c)]);
      cards.rates[1].push_back(card_held_win_[static_cast<size_t>(c)]);
      plays.labels.push_back(name);
      plays.values[0].push_back(games_ ? static_cast<double>(plays_[static_cast<size_t>(c)]) /
                                             static_cast<double>(games_)
                                       : 0.0);
    }
    cards.reference = 1.0 / n_;
    plays.detail = true;
    out.push_back(plays);
    cards.detail = true;
    out.push_back(cards);
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
  const SupportingCastGame* g_;
  const Cast* cast_;
  std::array<std::string, kNumCards> card_names_;
  std::array<CardSet, kMaxPlayers> held_{}, played_{};  // scratch (this game)
  std::array<std::uint64_t, kNumCards> plays_{};
  std::array<Proportion, kNumCards> card_played_win_{}, card_held_win_{};
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
                                 g.num_players(), static_cast<const SupportingCastGame&>(g));
                           }});
}

}  // namespace villainy::supporting_cast
