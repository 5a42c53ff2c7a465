// Mwahahaha!: registration and the designer report (`villainy simulate mwahahaha`), answering the
// rules reference's "What a designer wants to read off a simulation". Integer accumulators only.
#include <fmt/format.h>

#include <array>
#include <nlohmann/json.hpp>

#include "mwahahaha/mwahahaha.h"
#include "villainy/core/registry.h"
#include "villainy/core/simulate.h"

namespace villainy::mwahahaha {
using nlohmann::json;

namespace {

class MwReporter : public Reporter {
 public:
  MwReporter(int n, const CardData& d) : n_(n), d_(&d) {}
  std::unique_ptr<Reporter> fresh() const override { return std::make_unique<MwReporter>(n_, *d_); }

  void on_game_end(const State& final_state, int num_actions) override {
    const auto& s = static_cast<const MwahahahaState&>(final_state);
    const Stats& st = s.stats();
    ++games_;
    rounds_.add(s.round());
    actions_.add(num_actions);
    limit_.add(s.win() == Win::kRoundLimit || s.win() == Win::kGuard);
    world_.add(s.win() == Win::kWorld);
    guard_ += s.win() == Win::kGuard;
    for (int p = 0; p < n_; ++p) {
      const bool won = (s.winners_mask() >> p) & 1;
      seat_wins_[static_cast<size_t>(p)].add(won);
      const Seat& se = s.seat(p);
      if (se.sci >= 0) sci_wins_[static_cast<size_t>(se.sci)].add(won);
      if (se.device >= 0) dev_wins_[static_cast<size_t>(se.device)].add(won);
      for (int l = 0; l < kLevels; ++l) {
        for (int k = 0; k < st.threats[static_cast<size_t>(p)][static_cast<size_t>(l)]; ++k)
          threat_ok_[static_cast<size_t>(l)].add(
              k < st.threat_wins[static_cast<size_t>(p)][static_cast<size_t>(l)]);
      }
      retaliate_ += st.retaliations[static_cast<size_t>(p)];
      flee_ += st.flees[static_cast<size_t>(p)];
      maniacal_.add(se.maniacal);
      humiliation_.add(se.humiliation);
      man_gained_ += st.maniacal_gained[static_cast<size_t>(p)];
      hum_gained_ += st.humiliation_gained[static_cast<size_t>(p)];
    }
    trades_proposed_ += st.trades_proposed;
    trades_accepted_ += st.trades_accepted;
    betrayed_ += st.betrayed_given;
    att_emp_ += st.attacks_empire;
    att_lair_ += st.attacks_lair;
    win_emp_ += st.wins_empire;
    win_lair_ += st.wins_lair;
    emp_taken_ += st.empires_taken;
    emp_razed_ += st.empires_razed;
    tokens_ += st.tokens_plundered;
    lost_att_ += st.minions_lost_att;
    lost_def_ += st.minions_lost_def;
    tricks_ += st.tricks_played;
    for (int t = 0; t < kNumTricks; ++t)
      trick_plays_[static_cast<size_t>(t)] += st.trick_plays[static_cast<size_t>(t)];
  }

  void merge(const Reporter& other) override {
    const auto& o = static_cast<const MwReporter&>(other);
    games_ += o.games_;
    rounds_.merge(o.rounds_);
    actions_.merge(o.actions_);
    limit_.merge(o.limit_);
    world_.merge(o.world_);
    guard_ += o.guard_;
    for (size_t i = 0; i < seat_wins_.size(); ++i) seat_wins_[i].merge(o.seat_wins_[i]);
    for (size_t i = 0; i < sci_wins_.size(); ++i) sci_wins_[i].merge(o.sci_wins_[i]);
    for (size_t i = 0; i < dev_wins_.size(); ++i) dev_wins_[i].merge(o.dev_wins_[i]);
    for (size_t i = 0; i < threat_ok_.size(); ++i) threat_ok_[i].merge(o.threat_ok_[i]);
    retaliate_ += o.retaliate_;
    flee_ += o.flee_;
    maniacal_.merge(o.maniacal_);
    humiliation_.merge(o.humiliation_);
    man_gained_ += o.man_gained_;
    hum_gained_ += o.hum_gained_;
    trades_proposed_ += o.trades_proposed_;
    trades_accepted_ += o.trades_accepted_;
    betrayed_ += o.betrayed_;
    att_emp_ += o.att_emp_;
    att_lair_ += o.att_lair_;
    win_emp_ += o.win_emp_;
    win_lair_ += o.win_lair_;
    emp_taken_ += o.emp_taken_;
    emp_razed_ += o.emp_razed_;
    tokens_ += o.tokens_;
    lost_att_ += o.lost_att_;
    lost_def_ += o.lost_def_;
    tricks_ += o.tricks_;
    for (size_t t = 0; t < trick_plays_.size(); ++t) trick_plays_[t] += o.trick_plays_[t];
  }

  json to_json() const override {
    json j;
    j["games"] = games_;
    j["rounds"] = rounds_.to_json();
    j["actions"] = actions_.to_json();
    j["ended_by_round_limit"] = limit_.to_json();
    j["ended_by_world_threat"] = world_.to_json();
    j["ended_by_guard"] = guard_;
    for (int p = 0; p < n_; ++p)
      j["win_by_seat"][std::to_string(p)] = seat_wins_[static_cast<size_t>(p)].to_json();
    for (int i = 0; i < kNumScientists; ++i)
      if (sci_wins_[static_cast<size_t>(i)].n)
        j["win_by_scientist"][d_->scientists[static_cast<size_t>(i)].key] =
            sci_wins_[static_cast<size_t>(i)].to_json();
    for (int i = 0; i < kNumDevices; ++i)
      if (dev_wins_[static_cast<size_t>(i)].n)
        j["win_by_device_held_at_end"][d_->devices[static_cast<size_t>(i)].key] =
            dev_wins_[static_cast<size_t>(i)].to_json();
    for (int l = 0; l < kLevels; ++l)
      j["threat_success_by_level"][d_->levels[static_cast<size_t>(l)].key] =
          threat_ok_[static_cast<size_t>(l)].to_json();
    j["retaliations"] = retaliate_;
    j["flees"] = flee_;
    j["maniacal_at_end"] = maniacal_.to_json();
    j["humiliation_at_end"] = humiliation_.to_json();
    j["maniacal_gained"] = man_gained_;
    j["humiliation_gained"] = hum_gained_;
    j["trades_proposed"] = trades_proposed_;
    j["trades_accepted"] = trades_accepted_;
    j["betrayed_passed_and_caught"] = betrayed_;
    j["attacks_on_empires"] = att_emp_;
    j["attacks_on_lairs"] = att_lair_;
    j["empire_attack_success"] = Proportion{win_emp_, att_emp_}.to_json();
    j["lair_attack_success"] = Proportion{win_lair_, att_lair_}.to_json();
    j["empires_taken"] = emp_taken_;
    j["empires_razed"] = emp_razed_;
    j["tokens_plundered"] = tokens_;
    j["minions_lost_attacking"] = lost_att_;
    j["minions_lost_defending"] = lost_def_;
    j["dirty_tricks_played"] = tricks_;
    for (int t = 0; t < kNumTricks; ++t)
      j["dirty_tricks_by_card"][d_->tricks[static_cast<size_t>(t)].key] =
          trick_plays_[static_cast<size_t>(t)];
    return j;
  }

  std::string to_text() const override {
    std::string o = fmt::format("Mwahahaha! designer report — {} games, {} players\n", games_, n_);
    o += "Game length (rounds): " + rounds_.summary() + "\n";
    o += "Game length (actions): " + actions_.summary() + "\n";
    o += "Ended by a World threat: " + world_.str() + "\n";
    o += "Ended by the round limit: " + limit_.str() + fmt::format(" (action guard: {})\n", guard_);
    o += "Win rate by seat:\n";
    for (int p = 0; p < n_; ++p)
      o += fmt::format("  seat {}: {}\n", p, seat_wins_[static_cast<size_t>(p)].str());
    o += "Win rate by scientist:\n";
    for (int i = 0; i < kNumScientists; ++i)
      if (sci_wins_[static_cast<size_t>(i)].n)
        o += fmt::format("  {:<28} {}\n", d_->scientists[static_cast<size_t>(i)].name,
                         sci_wins_[static_cast<size_t>(i)].str());
    o += "Win rate by device (held at the end):\n";
    for (int i = 0; i < kNumDevices; ++i)
      if (dev_wins_[static_cast<size_t>(i)].n)
        o += fmt::format("  {:<28} {}\n", d_->devices[static_cast<size_t>(i)].name,
                         dev_wins_[static_cast<size_t>(i)].str());
    o += "Threat success by level:\n";
    for (int l = 0; l < kLevels; ++l)
      o += fmt::format("  {:<8} {}\n", d_->levels[static_cast<size_t>(l)].name,
                       threat_ok_[static_cast<size_t>(l)].str());
    o += fmt::format("Failed threats: retaliated {}, fled {}\n", retaliate_, flee_);
    o += fmt::format(
        "Counters gained: Maniacal {}, Humiliation {}; per player at the end: Maniacal {}; "
        "Humiliation {}\n",
        man_gained_, hum_gained_, maniacal_.summary(), humiliation_.summary());
    o += fmt::format(
        "Trades: {} proposed, {} accepted; Betrayed cards passed (all caught on arrival): {}\n",
        trades_proposed_, trades_accepted_, betrayed_);
    o += fmt::format("Rivalry: {} attacks on Empires, success {}; {} on Lairs, success {}\n",
                     att_emp_, Proportion{win_emp_, att_emp_}.str(), att_lair_,
                     Proportion{win_lair_, att_lair_}.str());
    o += fmt::format(
        "  Empires taken {}, razed {}; tokens plundered {}; Minions lost attacking {}, defending "
        "{}\n",
        emp_taken_, emp_razed_, tokens_, lost_att_, lost_def_);
    o += fmt::format("Dirty Tricks played: {}\n", tricks_);
    return o;
  }

 private:
  int n_;
  const CardData* d_;
  std::uint64_t games_ = 0, guard_ = 0;
  Histogram rounds_, actions_, maniacal_, humiliation_;
  Proportion limit_, world_;
  std::array<Proportion, kMaxPlayers> seat_wins_{};
  std::array<Proportion, kNumScientists> sci_wins_{};
  std::array<Proportion, kNumDevices> dev_wins_{};
  std::array<Proportion, kLevels> threat_ok_{};
  std::uint64_t retaliate_ = 0, flee_ = 0, man_gained_ = 0, hum_gained_ = 0, trades_proposed_ = 0,
                trades_accepted_ = 0, betrayed_ = 0, att_emp_ = 0, att_lair_ = 0, win_emp_ = 0,
                win_lair_ = 0, emp_taken_ = 0, emp_razed_ = 0, tokens_ = 0, lost_att_ = 0,
                lost_def_ = 0, tricks_ = 0;
  std::array<std::uint64_t, kNumTricks> trick_plays_{};
};

}  // namespace

void register_game() {
  villainy::register_game({MwahahahaGame::game_info(),
                           [](const Options& o, int n) -> std::shared_ptr<const Game> {
                             return std::make_shared<MwahahahaGame>(o, n);
                           },
                           [](const Game& g) -> std::unique_ptr<Reporter> {
                             return std::make_unique<MwReporter>(
                                 g.num_players(), static_cast<const MwahahahaGame&>(g).data());
                           }});
}

}  // namespace villainy::mwahahaha
