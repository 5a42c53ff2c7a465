// Mwahahaha! rules, the Domination phase (MW-22…MW-29): threats at a level the device allows, the
// people's roll, success (ransom, Humiliation), failure (retaliate or flee), Maniacal and
// Humiliation counters and their windows, the World win. Each stage's legal actions and effects
// side by side.
#include <algorithm>
#include <bit>

#include "mwahahaha/mwahahaha.h"

namespace villainy::mwahahaha {

int MwahahahaState::capability(int p) const {
  const Seat& st = seat(p);
  if (st.device < 0) return 0;
  const DeviceCard& dv = d_->devices[static_cast<size_t>(st.device)];
  int cap = 0;
  for (int l = 0; l < kLevels; ++l) {
    bool ok = true;
    for (int t = 0; t < kTypes; ++t)
      ok &=
          st.dev[static_cast<size_t>(t)] >= dv.req[static_cast<size_t>(l)][static_cast<size_t>(t)];
    if (ok) cap = l + 1;
  }
  return cap;
}

// Maddening Whispers can still act on this threat's roll (MW-31; asked for under powers=ask).
bool MwahahahaState::whispers_ready(int p) const {
  const Seat& st = seat(p);
  return p == s_.threatener && d_->scientists[static_cast<size_t>(st.sci)].power == kWhispers &&
         !st.power_used && s_.threat_level < 3 && s_.ndice[1] > 0;
}

void MwahahahaState::gain_counter(int p, bool maniacal, int source, Next resume_next) {
  const Seat& st = seat(p);
  s_.gain_player = static_cast<std::uint8_t>(p);
  s_.gain_is_maniacal = maniacal;
  s_.gain_source = static_cast<std::uint8_t>(source);
  s_.counter_blocked = 0;
  if ((maniacal ? st.maniacal : st.humiliation) >= 3) {  // MW-28: beyond the cap, not taken
    resume(resume_next);
    return;
  }
  s_.frames.push({resume_next});
  open_window(maniacal ? Window::kGainManiacal : Window::kGainHumiliation, p, Next::kGain);
}

void MwahahahaState::threat_done() {
  s_.threat_on = 0;
  if (g_->turn_declared()) {  // D21: back to the turn's main decision, no second threat
    s_.threat_made = 1;
    s_.stage = Stage::kDomination;
    s_.actor = s_.turn;
    return;
  }
  end_turn();
}

void MwahahahaState::legal_domination(std::vector<Action>& out) const {
  const int p = s_.actor;
  out.push_back(act::kNoThreat);
  const int cap = s_.threat_made ? 0 : capability(p);
  for (int l = 0; l < cap; ++l)
    if (l < 3 || !s_.world_taken) out.push_back(act::kThreaten + l);
  legal_main_tricks(out, p);
  std::sort(out.begin(), out.end());
}

void MwahahahaState::apply_domination(Action a) {
  const int p = s_.actor;
  Seat& st = s_.seats[static_cast<size_t>(p)];
  if (a == act::kNoThreat) {
    end_turn();
    return;
  }
  if (a >= act::kPlay && a < act::kPlay + kNumTricks) {
    play_trick(p, a - act::kPlay);
    return;
  }
  s_.threatener = static_cast<std::uint8_t>(p);
  s_.threat_on = 1;
  s_.threat_level = static_cast<std::uint8_t>(a - act::kThreaten);
  if (s_.threat_level == 3) s_.world_taken = 1;
  st.device_up = 1;  // MW-23
  s_.extra_dice = {};
  s_.people_minus = 0;
  s_.stats.threats[static_cast<size_t>(p)][s_.threat_level]++;
  open_window(Window::kThreatDeclared, p, Next::kThreatDeclared);
}

void MwahahahaState::on_threat_declared() {
  const Seat& st = seat(s_.threatener);
  const DeviceCard& dv = d_->devices[static_cast<size_t>(st.device)];
  const int l = s_.threat_level;
  s_.ndice[0] = static_cast<std::uint8_t>(std::max(
      0, dv.dice[static_cast<size_t>(l)] + s_.extra_dice[0] + st.maniacal - st.humiliation));
  s_.ndice[1] = static_cast<std::uint8_t>(
      std::max(1, dv.people[static_cast<size_t>(l)] + s_.extra_dice[1] - s_.people_minus));
  roll(Next::kThreatRolled);
}

void MwahahahaState::on_threat_rolled() {
  sort_dice();
  Seat& st = s_.seats[s_.threatener];
  if (!g_->powers_ask() && whispers_ready(s_.threatener)) {
    st.power_used = 1;  // MW-31: automatic, the people's highest die
    s_.roll_side = 2;
    s_.reroll_side = 1;
    s_.reroll_idx = 0;
    chance(ChanceKind::kDie, 0, 1, Next::kWhispers);
    return;
  }
  open_window(Window::kThreatAfterRoll, s_.threatener, Next::kThreatAfterRoll);
}

void MwahahahaState::on_whispers() {
  sort_dice();
  s_.roll_side = 0;
  open_window(Window::kThreatAfterRoll, s_.threatener, Next::kThreatAfterRoll);
}

void MwahahahaState::on_threat_after_roll() {
  compute_successes();
  const int p = s_.threatener, l = s_.threat_level;
  Seat& st = s_.seats[static_cast<size_t>(p)];
  s_.last_threat_ok = s_.succ[0] >= l + 1;  // MW-24
  narrate([&](Narrator& n) {
    n.say("mw.threat", {{"seat", p},
                        {"att", dice_text(s_, 0)},
                        {"def", dice_text(s_, 1)},
                        {"hits", s_.succ[0]},
                        {"need", l + 1}});
    n.say(s_.last_threat_ok ? "mw.threat_ok" : "mw.threat_failed",
          {{"seat", p}, {"level", d_->levels[static_cast<size_t>(l)].key}});
  });
  if (s_.last_threat_ok) {
    s_.stats.threat_wins[static_cast<size_t>(p)][static_cast<size_t>(l)]++;
    if (l == 3) {
      s_.winners = static_cast<std::uint8_t>(1 << p);
      end_game(Win::kWorld);
      return;
    }
    s_.threat_hum = (l + 1 < capability(p)) || ((st.levels_won >> l) & 1);
    st.levels_won |= static_cast<std::uint8_t>(1 << l);
    s_.no_ransom = 0;
    open_window(Window::kThreatSuccess, p, Next::kThreatSuccess);
    return;
  }
  if (l == 3) {  // MW-26: a failed World threat flees at once
    narrate([&](Narrator& n) { n.say("mw.flee_world", {{"seat", p}}); });
    s_.stats.flees[static_cast<size_t>(p)]++;
    gain_counter(p, false, 0, Next::kFleeKeep);
    return;
  }
  s_.stage = Stage::kFail;
  s_.actor = static_cast<std::uint8_t>(p);
}

void MwahahahaState::on_threat_success() {
  const Seat& st = seat(s_.threatener);
  s_.ransom_left = s_.no_ransom
                       ? 0
                       : static_cast<std::uint8_t>(
                             d_->devices[static_cast<size_t>(st.device)].ransom[s_.threat_level]);
  if (s_.ransom_left) {
    s_.purpose = Purpose::kRansom;
    s_.stage = Stage::kType;
    s_.actor = s_.threatener;
    return;
  }
  if (s_.threat_hum)
    gain_counter(s_.threatener, false, 0, Next::kThreatDone);
  else
    threat_done();
}

void MwahahahaState::on_gain() {
  narrate([&](Narrator& n) {
    n.say(s_.counter_blocked    ? "mw.counter_blocked"
          : s_.gain_is_maniacal ? "mw.maniacal"
                                : "mw.humiliation",
          {{"seat", s_.gain_player}});
  });
  if (!s_.counter_blocked) {
    Seat& st = s_.seats[s_.gain_player];
    if (s_.gain_is_maniacal) {
      if (st.maniacal < 3) {
        st.maniacal++;
        st.man_sources |= s_.gain_source;
        s_.stats.maniacal_gained[s_.gain_player]++;
      }
    } else if (st.humiliation < 3) {
      st.humiliation++;
      s_.stats.humiliation_gained[s_.gain_player]++;
    }
  }
  s_.counter_blocked = 0;
  resume_top();
}

void MwahahahaState::legal_fail(std::vector<Action>& out) const {
  const int p = s_.actor;
  const Seat& st = seat(p);
  for (int t = 0; t < kTypes; ++t)
    if (st.dev[static_cast<size_t>(t)]) out.push_back(act::kRetaliate + t);
  out.push_back(act::kFlee);
}

void MwahahahaState::apply_fail(Action a) {
  const int p = s_.actor;
  Seat& st = s_.seats[static_cast<size_t>(p)];
  if (a == act::kFlee) {
    s_.stats.flees[static_cast<size_t>(p)]++;
    gain_counter(p, false, 0, Next::kFleeKeep);
    return;
  } else {
    const int t = a - act::kRetaliate;
    s_.stats.retaliations[static_cast<size_t>(p)]++;
    st.dev[static_cast<size_t>(t)] = 0;
    for (int x = 0; x < kTypes; ++x) gain_token(p, x, st.dev[static_cast<size_t>(x)]);
    st.dev = {};
    s_.dev_discard |= 1U << st.device;
    st.device = -1;
    st.device_up = 0;
    if (!(st.man_sources & kSrcRetaliate) && st.maniacal < 3)
      gain_counter(p, true, kSrcRetaliate, Next::kThreatDone);
    else
      threat_done();
  }
}

void MwahahahaState::on_flee_keep() {
  s_.stage = Stage::kFleeKeep;
  s_.actor = s_.threatener;
}

void MwahahahaState::legal_flee_keep(std::vector<Action>& out) const {
  out.push_back(act::kKeepDev);
  out.push_back(act::kDiscardDev);
}

void MwahahahaState::apply_flee_keep(Action a) {
  const int p = s_.actor;
  Seat& st = s_.seats[static_cast<size_t>(p)];
  if (a == act::kDiscardDev) {
    for (int x = 0; x < kTypes; ++x) gain_token(p, x, st.dev[static_cast<size_t>(x)]);
    st.dev = {};
    s_.dev_discard |= 1U << st.device;
    st.device = -1;
    st.device_up = 0;
  }
  threat_done();
}

}  // namespace villainy::mwahahaha
