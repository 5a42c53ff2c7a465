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

  void on_step(const State& after, Action a, Player actor) override {
    if (actor < 0) return;
    const auto& s = static_cast<const MwahahahaState&>(after);
    if (a >= act::kPlay && a < act::kPlay + kNumTricks) {
      played_[static_cast<size_t>(actor)] |= 1u << (a - act::kPlay);
      plays_[static_cast<size_t>(a - act::kPlay)]++;
    }
    const auto& tricks = s.seat(actor).tricks;
    std::uint32_t m = 0;
    for (int t = 0; t < kNumTricks; ++t)
      m |= static_cast<std::uint32_t>(tricks[static_cast<size_t>(t)] > 0) << t;
    held_[static_cast<size_t>(actor)] |= m;
  }

  void on_game_end(const State& final_state, int num_actions) override {
    const auto& s = static_cast<const MwahahahaState&>(final_state);
    const Stats& st = s.stats();
    for (int p = 0; p < n_; ++p) {  // card figures: Dirty Tricks played vs held and not played
      const bool won = (s.winners_mask() >> p) & 1;
      std::uint32_t held = held_[static_cast<size_t>(p)];
      for (int t = 0; t < kNumTricks; ++t)
        held |= static_cast<std::uint32_t>(s.seat(p).tricks[static_cast<size_t>(t)] > 0) << t;
      const std::uint32_t played = played_[static_cast<size_t>(p)];
      for (int t = 0; t < kNumTricks; ++t) {
        if ((played >> t) & 1)
          trick_played_win_[static_cast<size_t>(t)].add(won);
        else if ((held >> t) & 1)
          trick_held_win_[static_cast<size_t>(t)].add(won);
      }
    }
    held_.fill(0);
    played_.fill(0);
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

  void fields(Fields& f) override {
    f("games", games_)("guard", guard_)("rounds", rounds_)("actions", actions_)("limit", limit_)(
        "world", world_)("seat_wins", seat_wins_)("sci_wins", sci_wins_)("dev_wins", dev_wins_)(
        "threat_ok", threat_ok_)("retaliate", retaliate_)("flee", flee_)("maniacal", maniacal_)(
        "humiliation", humiliation_)("man_gained", man_gained_)("hum_gained", hum_gained_)(
        "trades_proposed", trades_proposed_)("trades_accepted", trades_accepted_)(
        "betrayed", betrayed_)("att_emp", att_emp_)("att_lair", att_lair_)("win_emp", win_emp_)(
        "win_lair", win_lair_)("emp_taken", emp_taken_)("emp_razed", emp_razed_)("tokens", tokens_)(
        "lost_att", lost_att_)("lost_def", lost_def_)("tricks", tricks_)(
        "trick_plays", trick_plays_)("plays", plays_)("trick_played_win", trick_played_win_)(
        "trick_held_win", trick_held_win_);
  }

  void figures(std::vector<Figure>& out) const override {
    using K = Figure::Kind;
    const std::string games = fmt::format("{} games", games_);
    const std::string seat_games =
        fmt::format("{} seat-games", games_ * static_cast<std::uint64_t>(n_));
    Figure threat = Figure::make(K::kRates, "mw.threat_success", "Threat success by level",
                                 "share of that level's threats that succeed", "threats");
    threat.series = {"success"};
    threat.rates.resize(1);
    std::uint64_t threats = 0;
    for (int l = 0; l < kLevels; ++l) {
      threat.labels.push_back(d_->levels[static_cast<size_t>(l)].name);
      threat.rates[0].push_back(threat_ok_[static_cast<size_t>(l)]);
      threats += threat_ok_[static_cast<size_t>(l)].n;
    }
    threat.sample = fmt::format("{} threats", threats);
    out.push_back(threat);
    Figure ends = Figure::make(K::kRates, "mw.game_ends", "How games end", "share of games", games);
    ends.series = {"share of games"};
    ends.labels = {"a World threat succeeds", "the round limit (or the action guard)"};
    ends.rates = {{world_, limit_}};
    out.push_back(ends);
    Figure sci = Figure::make(K::kRates, "mw.scientists", "Win rate by character (scientist)",
                              "seat-games with that scientist", seat_games);
    sci.series = {"wins"};
    sci.rates.resize(1);
    for (int i = 0; i < kNumScientists; ++i) {
      if (!sci_wins_[static_cast<size_t>(i)].n) continue;
      sci.labels.push_back(d_->scientists[static_cast<size_t>(i)].name);
      sci.rates[0].push_back(sci_wins_[static_cast<size_t>(i)]);
    }
    sci.reference = 1.0 / n_;
    out.push_back(sci);
    Figure dev = Figure::make(K::kRates, "mw.devices", "Win rate by device held at the end",
                              "seat-games whose seat held that device at the end", seat_games);
    dev.series = {"wins"};
    dev.rates.resize(1);
    for (int i = 0; i < kNumDevices; ++i) {
      if (!dev_wins_[static_cast<size_t>(i)].n) continue;
      dev.labels.push_back(d_->devices[static_cast<size_t>(i)].name);
      dev.rates[0].push_back(dev_wins_[static_cast<size_t>(i)]);
    }
    dev.reference = 1.0 / n_;
    out.push_back(dev);
    Figure att = Figure::make(K::kRates, "mw.attacks", "Rivalry: attack success",
                              "share of attacks that win", "attacks");
    att.series = {"success"};
    att.labels = {"attacks on Empires", "attacks on Lairs"};
    att.rates = {{Proportion{win_emp_, att_emp_}, Proportion{win_lair_, att_lair_}}};
    att.sample = fmt::format("{} attacks", att_emp_ + att_lair_);
    out.push_back(att);
    Figure len =
        Figure::make(K::kDistribution, "mw.rounds", "Game length (rounds)", "rounds played", games);
    len.series = {"rounds"};
    len.dists = {rounds_};
    out.push_back(len);
    Figure counters =
        Figure::make(K::kDistribution, "mw.counters", "Score distributions (counters at the end)",
                     "Maniacal and Humiliation counters of every seat at the end", seat_games);
    counters.series = {"Maniacal", "Humiliation"};
    counters.dists = {maniacal_, humiliation_};
    out.push_back(counters);
    Figure tricks =
        Figure::make(K::kRates, "mw.tricks",
                     "Cards: win rate of seats that played the Dirty Trick vs held it and did not",
                     "per seat-game: played it at least once, or held it (after one of its "
                     "decisions or at the end) and never played it",
                     seat_games);
    tricks.series = {"played it", "held it, did not play"};
    tricks.rates.resize(2);
    Figure plays = Figure::make(K::kValues, "mw.trick_plays", "Cards: Dirty Trick plays per game",
                                "how often each Dirty Trick is played (all seats)", games);
    plays.series = {"plays per game"};
    plays.values.resize(1);
    for (int t = 0; t < kNumTricks; ++t) {
      tricks.labels.push_back(d_->tricks[static_cast<size_t>(t)].name);
      tricks.rates[0].push_back(trick_played_win_[static_cast<size_t>(t)]);
      tricks.rates[1].push_back(trick_held_win_[static_cast<size_t>(t)]);
      plays.labels.push_back(d_->tricks[static_cast<size_t>(t)].name);
      plays.values[0].push_back(games_ ? static_cast<double>(plays_[static_cast<size_t>(t)]) /
                                             static_cast<double>(games_)
                                       : 0.0);
    }
    tricks.reference = 1.0 / n_;
    plays.detail = true;
    out.push_back(plays);
    tricks.detail = true;
    out.push_back(tricks);
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
  std::array<std::uint64_t, kNumTricks> trick_plays_{}, plays_{};
  std::array<Proportion, kNumTricks> trick_played_win_{}, trick_held_win_{};
  std::array<std::uint32_t, kMaxPlayers> held_{}, played_{};  // scratch (this game)
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
