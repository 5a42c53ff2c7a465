// Cheaty Mages!: registration and the designer report (`villainy simulate cheaty-mages`).
// Answers the reference's "What a designer wants to read off a simulation": win rate by acting
// order (CM-4 says early is worse), fighters' wins with and without spells, judges' penalties,
// payouts by bet size, all-ejected matches, spells played and what casting them does to their
// caster's result, and the final coin spread. Integer accumulators only.
#include <fmt/format.h>

#include <array>
#include <nlohmann/json.hpp>

#include "cheaty_mages/cheaty_mages.h"
#include "villainy/core/registry.h"
#include "villainy/core/simulate.h"

namespace villainy::cheaty_mages {
using nlohmann::json;

namespace {

struct JudgeStats {
  std::uint64_t matches = 0, judged = 0, fighters_dispelled = 0, fighters_ejected = 0, low_mana = 0;
  Proportion any_dispel, any_eject;
};

class CmReporter : public Reporter {
 public:
  CmReporter(int n, const CheatyMagesGame& g) : n_(n), g_(&g) {}
  std::unique_ptr<Reporter> fresh() const override { return std::make_unique<CmReporter>(n_, *g_); }

  void on_step(const State& after, Action a, Player actor) override {
    const auto& s = static_cast<const CheatyMagesState&>(after);
    // Card figures: a spell leaves a hand by being cast (counted below) or discarded by its
    // holder (here); the rest is in a hand at a match's end or the game's end.
    if (actor >= 0 && a >= act::kDiscard && a < act::kDiscard + kKinds)
      held_mask_[static_cast<size_t>(actor)] |= 1ULL << (a - act::kDiscard);
    if (actor >= 0 && a >= act::kCast && a < act::kPeek) {
      const int k = a < act::kHide ? a - act::kCast : a - act::kHide;
      cast_mask_[static_cast<size_t>(actor)] |= 1ULL << k;
      casts_[static_cast<size_t>(k)]++;
      ++total_casts_;
    } else if (actor >= 0 && a == act::kPeek) {
      ++peeks_;
    } else if (actor >= 0 && a == act::kPass) {
      ++passes_;
    }
    if (s.matches_played() == seen_matches_) return;
    seen_matches_ = s.matches_played();
    for (int q = 0; q < n_; ++q) note_hand(s, q);
    const MatchSummary& m = s.last_match();
    ++matches_;
    if (first_start_ < 0) first_start_ = m.start_player;
    all_ejected_.add(m.all_ejected);
    if (!m.counted) ++replays_;
    JudgeStats& js = judges_[static_cast<size_t>(m.judge)];
    ++js.matches;
    if (m.judged) {
      ++js.judged;
      js.fighters_dispelled += static_cast<std::uint64_t>(__builtin_popcount(m.dispelled));
      js.fighters_ejected += static_cast<std::uint64_t>(__builtin_popcount(m.ejected));
      js.low_mana += static_cast<std::uint64_t>(__builtin_popcount(m.low_mana_dispelled));
    }
    js.any_dispel.add(m.dispelled != 0);
    js.any_eject.add(m.ejected != 0);
    if (m.confusion) ++confused_;
    for (int pos = 0; pos < kPositions; ++pos) {
      const int f = m.fighters[static_cast<size_t>(pos)];
      if (f < 0) continue;
      const bool had = (m.had_spells >> pos) & 1;
      const bool won = m.winner_pos == pos;
      (had ? fighter_with_ : fighter_without_)[static_cast<size_t>(f)].add(won);
      fighter_all_[static_cast<size_t>(f)].add(won);
      position_wins_[static_cast<size_t>(pos)].add(won);
    }
    for (int q = 0; q < n_; ++q) {
      const int bets = __builtin_popcount(m.bets[static_cast<size_t>(q)]);
      const int pay = m.payout[static_cast<size_t>(q)];
      if (bets >= 1 && bets <= 3 && !m.all_ejected) {
        bet_hit_[static_cast<size_t>(bets - 1)].add(pay > 0);
        bet_payout_[static_cast<size_t>(bets - 1)].add(pay);
      }
      const int order = (q - m.start_player + n_) % n_;
      order_payout_[static_cast<size_t>(order)].add(pay);
      bribes_ += static_cast<std::uint64_t>(m.bribes[static_cast<size_t>(q)]);
    }
  }

  void on_game_end(const State& final_state, int) override {
    const auto& s = static_cast<const CheatyMagesState&>(final_state);
    ++games_;
    const std::uint8_t w = s.winners_mask();
    int lo = 1 << 20, hi = -1;
    for (int q = 0; q < n_; ++q) {
      const bool won = (w >> q) & 1;
      const int coins = s.seat(q).coins;
      final_coins_.add(coins);
      if (won) winner_coins_.add(coins);
      lo = std::min(lo, coins);
      hi = std::max(hi, coins);
      const int order = first_start_ >= 0 ? (q - first_start_ + n_) % n_ : q;
      order_wins_[static_cast<size_t>(order)].add(won);
      note_hand(s, q);
      for (int k = 0; k < kKinds; ++k) {
        const bool cast = (cast_mask_[static_cast<size_t>(q)] >> k) & 1;
        (cast ? cast_win_ : nocast_win_)[static_cast<size_t>(k)].add(won);
        (cast ? cast_coins_ : nocast_coins_)[static_cast<size_t>(k)] += coins;
        const bool held = (held_mask_[static_cast<size_t>(q)] >> k) & 1;
        if (!cast && held) held_win_[static_cast<size_t>(k)].add(won);
      }
    }
    spread_.add(hi - lo);
    shared_.add(__builtin_popcount(w) > 1);
    matches_per_game_.add(s.matches_played());
    cast_mask_.fill(0);
    held_mask_.fill(0);
    seen_matches_ = 0;
    first_start_ = -1;
  }

  void fields(Fields& f) override {
    f("games", games_)("matches", matches_)("replays", replays_)("confused", confused_)(
        "total_casts", total_casts_)("peeks", peeks_)("passes", passes_)("bribes", bribes_)(
        "all_ejected", all_ejected_)("shared", shared_);
    for (int j = 0; j < kNumJudges; ++j) {
      JudgeStats& js = judges_[static_cast<size_t>(j)];
      const std::string k = fmt::format("judge.{}.", j);
      f(k + "matches", js.matches)(k + "judged", js.judged)(k + "dispelled", js.fighters_dispelled)(
          k + "ejected", js.fighters_ejected)(k + "low_mana", js.low_mana)(
          k + "any_dispel", js.any_dispel)(k + "any_eject", js.any_eject);
    }
    f("fighter_with", fighter_with_)("fighter_without", fighter_without_)(
        "fighter_all", fighter_all_)("position_wins", position_wins_)("bet_hit", bet_hit_)(
        "bet_payout", bet_payout_)("order_payout", order_payout_)("order_wins", order_wins_)(
        "casts", casts_)("cast_win", cast_win_)("nocast_win", nocast_win_)("held_win", held_win_)(
        "cast_coins", cast_coins_)("nocast_coins", nocast_coins_)("final_coins", final_coins_)(
        "winner_coins", winner_coins_)("spread", spread_)("matches_per_game", matches_per_game_);
  }

  void figures(std::vector<Figure>& out) const override {
    using K = Figure::Kind;
    const std::string games = fmt::format("{} games", games_);
    const std::string matches = fmt::format("{} matches", matches_);
    Figure order = Figure::make(
        K::kRates, "cm.order_wins", "Win rate by acting order in the first match (CM-4)",
        "order 1 = the first match's start player; CM-4 says early is worse",
        fmt::format("{} seat-games", games_ * static_cast<std::uint64_t>(n_)));
    order.series = {"wins"};
    order.rates.resize(1);
    for (int q = 0; q < n_; ++q) {
      order.labels.push_back(fmt::format("order {}", q + 1));
      order.rates[0].push_back(order_wins_[static_cast<size_t>(q)]);
    }
    order.reference = 1.0 / n_;
    out.push_back(order);
    Figure pay =
        Figure::make(K::kDistribution, "cm.order_payout", "Coins won per match by acting order",
                     "order 1 = that match's start player",
                     fmt::format("{} seat-matches", matches_ * static_cast<std::uint64_t>(n_)));
    for (int q = 0; q < n_; ++q) {
      pay.series.push_back(fmt::format("order {}", q + 1));
      pay.dists.push_back(order_payout_[static_cast<size_t>(q)]);
    }
    out.push_back(pay);
    Figure fighters =
        Figure::make(K::kRates, "cm.fighters", "Win rate by character (fighter), per appearance",
                     "all appearances; with spells on it at judgement; without",
                     fmt::format("{} fighter appearances", fighter_total()));
    fighters.series = {"all", "with spells", "without spells"};
    fighters.rates.resize(3);
    for (int i = 0; i < kNumFighters; ++i) {
      fighters.labels.push_back(
          fmt::format("{} (strength {})", g_->fighter(i).name, g_->fighter(i).strength));
      fighters.rates[0].push_back(fighter_all_[static_cast<size_t>(i)]);
      fighters.rates[1].push_back(fighter_with_[static_cast<size_t>(i)]);
      fighters.rates[2].push_back(fighter_without_[static_cast<size_t>(i)]);
    }
    out.push_back(fighters);
    Figure pos = Figure::make(K::kRates, "cm.position_wins", "Win rate by position",
                              "the fighter at that position wins the match", matches);
    pos.series = {"wins"};
    pos.rates.resize(1);
    for (int p = 0; p < kPositions; ++p) {
      pos.labels.push_back(fmt::format("position {}", p + 1));
      pos.rates[0].push_back(position_wins_[static_cast<size_t>(p)]);
    }
    out.push_back(pos);
    Figure judges =
        Figure::make(K::kRates, "cm.judges", "Judges: matches with a dispel or an ejection",
                     "share of that judge's matches", matches);
    judges.series = {"a dispel", "an ejection"};
    judges.rates.resize(2);
    Figure per = Figure::make(K::kValues, "cm.judge_penalties",
                              "Judges: fighters dispelled and ejected per judged match",
                              "judged matches only", matches);
    per.series = {"dispelled", "ejected"};
    per.values.resize(2);
    for (int i = 0; i < kNumJudges; ++i) {
      const JudgeStats& js = judges_[static_cast<size_t>(i)];
      judges.labels.push_back(g_->judge(i).name);
      judges.rates[0].push_back(js.any_dispel);
      judges.rates[1].push_back(js.any_eject);
      per.labels.push_back(g_->judge(i).name);
      per.values[0].push_back(mean(static_cast<std::int64_t>(js.fighters_dispelled), js.judged));
      per.values[1].push_back(mean(static_cast<std::int64_t>(js.fighters_ejected), js.judged));
    }
    out.push_back(judges);
    out.push_back(per);
    Figure bets =
        Figure::make(K::kRates, "cm.bets", "Bets by size: hit rate",
                     "a bet hits when it pays; matches with every fighter ejected excluded",
                     fmt::format("{} bets", bet_hit_[0].n + bet_hit_[1].n + bet_hit_[2].n));
    bets.series = {"hit"};
    bets.labels = {"1 card", "2 cards", "3 cards"};
    bets.rates = {{bet_hit_[0], bet_hit_[1], bet_hit_[2]}};
    out.push_back(bets);
    Figure ends = Figure::make(K::kRates, "cm.match_ends", "How matches and games end",
                               "share of matches / of games", matches);
    ends.series = {"share"};
    ends.labels = {"every fighter ejected (of matches)", "a shared victory (of games)"};
    ends.rates = {{all_ejected_, shared_}};
    out.push_back(ends);
    Figure spells =
        Figure::make(K::kRates, "cm.spells",
                     "Cards: win rate of seats that cast the spell vs held it and did not",
                     "per seat-game: cast it at least once, or held it (discarded it, or had it "
                     "at a match's end) and never cast it",
                     fmt::format("{} seat-games", games_ * static_cast<std::uint64_t>(n_)));
    spells.series = {"cast it", "held it, did not cast"};
    spells.rates.resize(2);
    Figure casts = Figure::make(K::kValues, "cm.spell_casts", "Cards: casts per game",
                                "how often each spell is cast (all seats)", games);
    casts.series = {"casts per game"};
    casts.values.resize(1);
    for (int k = 0; k < kKinds; ++k) {
      if (g_->copies(k) == 0) continue;
      spells.labels.push_back(g_->spell(k).name);
      spells.rates[0].push_back(cast_win_[static_cast<size_t>(k)]);
      spells.rates[1].push_back(held_win_[static_cast<size_t>(k)]);
      casts.labels.push_back(g_->spell(k).name);
      casts.values[0].push_back(
          mean(static_cast<std::int64_t>(casts_[static_cast<size_t>(k)]), games_));
    }
    spells.reference = 1.0 / n_;
    casts.detail = true;
    out.push_back(casts);
    spells.detail = true;
    out.push_back(spells);
    Figure coins =
        Figure::make(K::kDistribution, "cm.coins", "Score distributions (coins)",
                     "final coins of every seat and of the winners; max − min per game", games);
    coins.series = {"final coins (all seats)", "winners' final coins", "coin spread"};
    coins.dists = {final_coins_, winner_coins_, spread_};
    out.push_back(coins);
    Figure len =
        Figure::make(K::kDistribution, "cm.matches_per_game", "Game length (matches per game)",
                     "matches played, replays included", games);
    len.series = {"matches"};
    len.dists = {matches_per_game_};
    out.push_back(len);
  }

  json to_json() const override {
    json j;
    j["games"] = games_;
    j["matches"] = matches_;
    j["replayed_matches"] = replays_;
    j["all_fighters_ejected"] = all_ejected_.to_json();
    j["shared_victories"] = shared_.to_json();
    for (int q = 0; q < n_; ++q)
      j["win_rate_by_first_match_order"].push_back(order_wins_[static_cast<size_t>(q)].to_json());
    for (int q = 0; q < n_; ++q)
      j["payout_per_match_by_acting_order"].push_back(
          order_payout_[static_cast<size_t>(q)].to_json());
    for (int p = 0; p < kPositions; ++p)
      j["win_rate_by_position"].push_back(position_wins_[static_cast<size_t>(p)].to_json());
    for (int f = 0; f < kNumFighters; ++f) {
      json e;
      e["all"] = fighter_all_[static_cast<size_t>(f)].to_json();
      e["with_spells"] = fighter_with_[static_cast<size_t>(f)].to_json();
      e["without_spells"] = fighter_without_[static_cast<size_t>(f)].to_json();
      j["fighters"][g_->fighter(f).key] = e;
    }
    for (int i = 0; i < kNumJudges; ++i) {
      const JudgeStats& s = judges_[static_cast<size_t>(i)];
      json e;
      e["matches"] = s.matches;
      e["judged"] = s.judged;
      e["fighters_dispelled"] = s.fighters_dispelled;
      e["fighters_ejected"] = s.fighters_ejected;
      e["low_mana_dispels"] = s.low_mana;
      e["matches_with_a_dispel"] = s.any_dispel.to_json();
      e["matches_with_an_ejection"] = s.any_eject.to_json();
      j["judges"][g_->judge(i).key] = e;
    }
    for (int b = 0; b < 3; ++b) {
      json e;
      e["hit"] = bet_hit_[static_cast<size_t>(b)].to_json();
      e["payout"] = bet_payout_[static_cast<size_t>(b)].to_json();
      j["bets"][std::to_string(b + 1)] = e;
    }
    for (int k = 0; k < kKinds; ++k) {
      if (g_->copies(k) == 0) continue;
      json e;
      e["casts"] = casts_[static_cast<size_t>(k)];
      e["caster_win"] = cast_win_[static_cast<size_t>(k)].to_json();
      e["non_caster_win"] = nocast_win_[static_cast<size_t>(k)].to_json();
      e["held_not_cast_win"] = held_win_[static_cast<size_t>(k)].to_json();
      e["caster_mean_coins"] =
          mean(cast_coins_[static_cast<size_t>(k)], cast_win_[static_cast<size_t>(k)].n);
      e["non_caster_mean_coins"] =
          mean(nocast_coins_[static_cast<size_t>(k)], nocast_win_[static_cast<size_t>(k)].n);
      j["spells"][g_->spell(k).key] = e;
    }
    j["peeks"] = peeks_;
    j["bribes"] = bribes_;
    j["final_coins"] = final_coins_.to_json();
    j["winner_coins"] = winner_coins_.to_json();
    j["coin_spread"] = spread_.to_json();
    return j;
  }

  std::string to_text() const override {
    std::string o =
        fmt::format("Cheaty Mages! — designer report ({} games, {} matches, {} replayed)\n", games_,
                    matches_, replays_);
    o += "Win rate by acting order in the first match (0 = start player; CM-4 says early is "
         "worse):\n";
    for (int q = 0; q < n_; ++q)
      o += fmt::format("  order {}: {}\n", q, order_wins_[static_cast<size_t>(q)].str());
    o += "Coins won per match by acting order (0 = that match's start player):\n";
    for (int q = 0; q < n_; ++q)
      o += fmt::format("  order {}: {}\n", q, ci_mean(order_payout_[static_cast<size_t>(q)]));
    o += fmt::format("All fighters ejected: {} of matches\n", all_ejected_.str());
    o += fmt::format("Shared victories: {} of games\n", shared_.str());
    o += "Fighter win rate per appearance (all / with spells at judgement / without):\n";
    for (int f = 0; f < kNumFighters; ++f)
      o += fmt::format("  {:<10} str {:>2}: {}  with {}  without {}\n", g_->fighter(f).name,
                       g_->fighter(f).strength, fighter_all_[static_cast<size_t>(f)].str(),
                       fighter_with_[static_cast<size_t>(f)].str(),
                       fighter_without_[static_cast<size_t>(f)].str());
    o += "Judges (matches; judged; fighters dispelled / ejected per judged match; matches with a "
         "dispel / ejection):\n";
    for (int i = 0; i < kNumJudges; ++i) {
      const JudgeStats& s = judges_[static_cast<size_t>(i)];
      const double d =
          s.judged ? static_cast<double>(s.fighters_dispelled) / static_cast<double>(s.judged) : 0;
      const double e =
          s.judged ? static_cast<double>(s.fighters_ejected) / static_cast<double>(s.judged) : 0;
      o += fmt::format(
          "  {:<7} {:>7} matches, judged {:>7}; {:.2f} dispelled, {:.2f} ejected{}; dispel {} "
          "eject {}\n",
          g_->judge(i).name, s.matches, s.judged, d, e,
          i == judge_id::kLester ? fmt::format(" ({} low-mana dispels)", s.low_mana) : "",
          s.any_dispel.str(), s.any_eject.str());
    }
    o += "Bets by size (hit rate; payout per bet):\n";
    for (int b = 0; b < 3; ++b)
      o += fmt::format("  {} card(s): hit {}; payout {}\n", b + 1,
                       bet_hit_[static_cast<size_t>(b)].str(),
                       ci_mean(bet_payout_[static_cast<size_t>(b)]));
    o += fmt::format(
        "Spells ({} casts, {} peeks, {} bribes); caster vs non-caster win rate and mean coins:\n",
        total_casts_, peeks_, bribes_);
    for (int k = 0; k < kKinds; ++k) {
      if (g_->copies(k) == 0) continue;
      o += fmt::format(
          "  {:<18} {:>8} casts; casters win {}, others {}; coins {:.1f} vs {:.1f}\n",
          g_->spell(k).name, casts_[static_cast<size_t>(k)],
          cast_win_[static_cast<size_t>(k)].str(), nocast_win_[static_cast<size_t>(k)].str(),
          mean(cast_coins_[static_cast<size_t>(k)], cast_win_[static_cast<size_t>(k)].n),
          mean(nocast_coins_[static_cast<size_t>(k)], nocast_win_[static_cast<size_t>(k)].n));
    }
    o += fmt::format("Final coins (all players): {}\n", final_coins_.summary());
    o += fmt::format("Winners' final coins:      {}\n", winner_coins_.summary());
    o += fmt::format("Coin spread (max - min):   {}\n", spread_.summary());
    o += fmt::format("Matches per game:          {}\n", matches_per_game_.summary());
    return o;
  }

 private:
  void note_hand(const CheatyMagesState& s, int q) {
    const auto& hand = s.seat(q).hand;
    std::uint64_t m = 0;
    for (int k = 0; k < kKinds; ++k)
      m |= static_cast<std::uint64_t>(hand[static_cast<size_t>(k)] > 0) << k;
    held_mask_[static_cast<size_t>(q)] |= m;
  }
  std::uint64_t fighter_total() const {
    std::uint64_t n = 0;
    for (const auto& p : fighter_all_) n += p.n;
    return n;
  }
  static double mean(std::int64_t sum, std::uint64_t n) {
    return n ? static_cast<double>(sum) / static_cast<double>(n) : 0.0;
  }
  static std::string ci_mean(const Histogram& h) {
    if (h.count() == 0) return "n=0";
    double sum = 0, sq = 0;
    for (auto [v, c] : h.bins()) {
      sum += static_cast<double>(v) * static_cast<double>(c);
      sq += static_cast<double>(v) * static_cast<double>(v) * static_cast<double>(c);
    }
    Interval ci = mean_ci95(sum, sq, h.count());
    return fmt::format("mean {:.3f} [{:.3f}–{:.3f}] n={}", h.mean(), ci.low, ci.high, h.count());
  }

  int n_;
  const CheatyMagesGame* g_;
  int seen_matches_ = 0, first_start_ = -1;
  std::array<std::uint64_t, kMaxPlayers> cast_mask_{}, held_mask_{};  // scratch (this game)
  std::uint64_t games_ = 0, matches_ = 0, replays_ = 0, confused_ = 0, total_casts_ = 0, peeks_ = 0,
                passes_ = 0, bribes_ = 0;
  Proportion all_ejected_, shared_;
  std::array<JudgeStats, kNumJudges> judges_{};
  std::array<Proportion, kNumFighters> fighter_with_{}, fighter_without_{}, fighter_all_{};
  std::array<Proportion, kPositions> position_wins_{};
  std::array<Proportion, 3> bet_hit_{};
  std::array<Histogram, 3> bet_payout_{};
  std::array<Histogram, kMaxPlayers> order_payout_{};
  std::array<Proportion, kMaxPlayers> order_wins_{};
  std::array<std::uint64_t, kKinds> casts_{};
  std::array<Proportion, kKinds> cast_win_{}, nocast_win_{}, held_win_{};
  std::array<std::int64_t, kKinds> cast_coins_{}, nocast_coins_{};
  Histogram final_coins_, winner_coins_, spread_, matches_per_game_;
};

}  // namespace

void register_game() {
  villainy::register_game({CheatyMagesGame::game_info(),
                           [](const Options& o, int n) -> std::shared_ptr<const Game> {
                             return std::make_shared<CheatyMagesGame>(o, n);
                           },
                           [](const Game& g) -> std::unique_ptr<Reporter> {
                             return std::make_unique<CmReporter>(
                                 g.num_players(), static_cast<const CheatyMagesGame&>(g));
                           }});
}

}  // namespace villainy::cheaty_mages
