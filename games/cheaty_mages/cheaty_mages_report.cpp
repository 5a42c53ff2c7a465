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
      for (int k = 0; k < kKinds; ++k) {
        const bool cast = (cast_mask_[static_cast<size_t>(q)] >> k) & 1;
        (cast ? cast_win_ : nocast_win_)[static_cast<size_t>(k)].add(won);
        (cast ? cast_coins_ : nocast_coins_)[static_cast<size_t>(k)] += coins;
      }
    }
    spread_.add(hi - lo);
    shared_.add(__builtin_popcount(w) > 1);
    matches_per_game_.add(s.matches_played());
    cast_mask_.fill(0);
    seen_matches_ = 0;
    first_start_ = -1;
  }

  void merge(const Reporter& other) override {
    const auto& o = static_cast<const CmReporter&>(other);
    games_ += o.games_;
    matches_ += o.matches_;
    replays_ += o.replays_;
    confused_ += o.confused_;
    total_casts_ += o.total_casts_;
    peeks_ += o.peeks_;
    passes_ += o.passes_;
    bribes_ += o.bribes_;
    all_ejected_.merge(o.all_ejected_);
    shared_.merge(o.shared_);
    for (int j = 0; j < kNumJudges; ++j) {
      JudgeStats& a = judges_[static_cast<size_t>(j)];
      const JudgeStats& b = o.judges_[static_cast<size_t>(j)];
      a.matches += b.matches;
      a.judged += b.judged;
      a.fighters_dispelled += b.fighters_dispelled;
      a.fighters_ejected += b.fighters_ejected;
      a.low_mana += b.low_mana;
      a.any_dispel.merge(b.any_dispel);
      a.any_eject.merge(b.any_eject);
    }
    for (int f = 0; f < kNumFighters; ++f) {
      fighter_with_[static_cast<size_t>(f)].merge(o.fighter_with_[static_cast<size_t>(f)]);
      fighter_without_[static_cast<size_t>(f)].merge(o.fighter_without_[static_cast<size_t>(f)]);
      fighter_all_[static_cast<size_t>(f)].merge(o.fighter_all_[static_cast<size_t>(f)]);
    }
    for (int p = 0; p < kPositions; ++p)
      position_wins_[static_cast<size_t>(p)].merge(o.position_wins_[static_cast<size_t>(p)]);
    for (int b = 0; b < 3; ++b) {
      bet_hit_[static_cast<size_t>(b)].merge(o.bet_hit_[static_cast<size_t>(b)]);
      bet_payout_[static_cast<size_t>(b)].merge(o.bet_payout_[static_cast<size_t>(b)]);
    }
    for (int q = 0; q < kMaxPlayers; ++q) {
      order_payout_[static_cast<size_t>(q)].merge(o.order_payout_[static_cast<size_t>(q)]);
      order_wins_[static_cast<size_t>(q)].merge(o.order_wins_[static_cast<size_t>(q)]);
    }
    for (int k = 0; k < kKinds; ++k) {
      casts_[static_cast<size_t>(k)] += o.casts_[static_cast<size_t>(k)];
      cast_win_[static_cast<size_t>(k)].merge(o.cast_win_[static_cast<size_t>(k)]);
      nocast_win_[static_cast<size_t>(k)].merge(o.nocast_win_[static_cast<size_t>(k)]);
      cast_coins_[static_cast<size_t>(k)] += o.cast_coins_[static_cast<size_t>(k)];
      nocast_coins_[static_cast<size_t>(k)] += o.nocast_coins_[static_cast<size_t>(k)];
    }
    final_coins_.merge(o.final_coins_);
    winner_coins_.merge(o.winner_coins_);
    spread_.merge(o.spread_);
    matches_per_game_.merge(o.matches_per_game_);
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
  std::array<std::uint64_t, kMaxPlayers> cast_mask_{};
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
  std::array<Proportion, kKinds> cast_win_{}, nocast_win_{};
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
