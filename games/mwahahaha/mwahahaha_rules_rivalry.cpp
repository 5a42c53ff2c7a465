// Mwahahaha! rules, the Rivalry phase (MW-16…MW-21): attacks on an Empire or a Lair, sending and
// defending Minions, dice compared pairwise, Empire won, plunder, damage, destroyed Minions, Grave
// Robber, Maniacal from plunder. Each stage's legal actions and effects side by side.
#include <algorithm>
#include <bit>

#include "mwahahaha/mwahahaha.h"

namespace villainy::mwahahaha {

void MwahahahaState::roll(Next after) {
  s_.roll_side = 0;
  s_.roll_i = 0;
  s_.ndice[0] = static_cast<std::uint8_t>(std::min<int>(s_.ndice[0], kMaxDice));
  s_.ndice[1] = static_cast<std::uint8_t>(std::min<int>(s_.ndice[1], kMaxDice));
  s_.dice = {};
  const int total = s_.ndice[0] + s_.ndice[1];
  if (total == 0) {
    resume(after);
    return;
  }
  chance(ChanceKind::kDie, 0, total, after);
}

void MwahahahaState::sort_dice() {
  for (int side = 0; side < 2; ++side) {
    auto& d = s_.dice[static_cast<size_t>(side)];
    std::sort(d.begin(), d.begin() + s_.ndice[static_cast<size_t>(side)], std::greater<>());
  }
}

void MwahahahaState::compare_dice(const int* a, int na, const int* d, int nd, bool ties_def,
                                  int& xa, int& xd) {
  xa = xd = 0;
  const int n = std::max(na, nd);
  for (int i = 0; i < n; ++i) {
    const bool ra = i < na, rd = i < nd;
    const int va = ra ? a[i] : 2,
              vd = rd ? d[i] : 2;  // MW-19: a missing die counts 2, never scores
    if (va > vd && ra)
      ++xa;
    else if (vd > va && rd)
      ++xd;
    else if (va == vd && ties_def && rd)
      ++xd;  // MW-19a
  }
}

void MwahahahaState::compute_successes() {
  int a[kMaxDice], d[kMaxDice];
  for (int i = 0; i < s_.ndice[0]; ++i) a[i] = s_.dice[0][static_cast<size_t>(i)];
  for (int i = 0; i < s_.ndice[1]; ++i) d[i] = s_.dice[1][static_cast<size_t>(i)];
  int xa, xd;
  // Ties for the defender apply to fights; the people are the "defender" of a threat too.
  compare_dice(a, s_.ndice[0], d, s_.ndice[1], g_->ties_defender(), xa, xd);
  s_.succ[0] = static_cast<std::uint8_t>(xa);
  s_.succ[1] = static_cast<std::uint8_t>(xd);
}

int MwahahahaState::attack_dice(int side) const {
  int n = 0;
  const bool empire = s_.target_emp >= 0;
  if (side == 0) {
    for (int i = 0; i < s_.n_atk; ++i) {
      const MinionCard& m = d_->minions[static_cast<size_t>(s_.atk[static_cast<size_t>(i)])];
      n += m.value;
      if ((m.ability == kLairAttackPlus1 && !empire) || (m.ability == kEmpireAttackPlus1 && empire))
        ++n;
    }
    if (s_.n_atk >= 3 &&
        d_->scientists[static_cast<size_t>(seat(s_.attacker).sci)].power == kPrimal)
      ++n;
    n += s_.extra_dice[0];
  } else {
    bool ignore = false;
    for (int i = 0; i < s_.n_atk; ++i) {
      const Ability ab = d_->minions[static_cast<size_t>(s_.atk[static_cast<size_t>(i)])].ability;
      ignore |= (ab == kIgnoreLair && !empire) || (ab == kIgnoreEmpire && empire);
    }
    for (int i = 0; i < s_.n_def; ++i) {
      const MinionCard& m = d_->minions[static_cast<size_t>(s_.def[static_cast<size_t>(i)])];
      n += m.value;
      if (m.ability == kDefendPlus1 || (m.ability == kDefendEmpirePlus1 && empire) ||
          (m.ability == kDefendLairPlus1 && !empire))
        ++n;
    }
    if (!ignore)
      n += empire ? 1 : 2;  // MW-17/18 defence bonus (MW-17a: ignoring removes all of it)
    if (empire && d_->empires[static_cast<size_t>(s_.target_emp)].fortified) ++n;
    if (!empire && d_->scientists[static_cast<size_t>(seat(s_.defender).sci)].power == kIsland) ++n;
    n += s_.extra_dice[1];
  }
  return n;
}

void MwahahahaState::start_fight() {
  s_.fight_active = 1;
  s_.n_atk = s_.n_def = 0;
  s_.atk_dmg = {};
  s_.def_dmg = {};
  s_.extra_dice = {};
  s_.ndice = {};
  s_.succ = {};
  s_.sneak = s_.vault = 0;
  s_.plundered = s_.plunder_pts = 0;
  s_.stage = Stage::kSend;
  s_.actor = s_.attacker;
  s_.seats[s_.attacker].attacks++;
  if (s_.target_emp >= 0)
    s_.stats.attacks_empire++;
  else
    s_.stats.attacks_lair++;
}

void MwahahahaState::fight_scored() {
  compute_successes();
  narrate([&](Narrator& n) {
    n.say(n.viewer() == s_.defender ? "mw.fight_vs_you" : "mw.fight", {{"seat", s_.attacker},
                                                                       {"target", s_.defender},
                                                                       {"att", dice_text(s_, 0)},
                                                                       {"def", dice_text(s_, 1)},
                                                                       {"hits", s_.succ[0]},
                                                                       {"blocks", s_.succ[1]}});
    n.say(s_.succ[0] >= 1 ? "mw.fight_won" : "mw.fight_lost", {{"seat", s_.attacker}});
  });
  if (s_.target_emp >= 0) {
    if (s_.succ[0] >= 1) {
      s_.stats.wins_empire++;
      s_.stage = Stage::kEmpireWin;
      s_.actor = s_.attacker;
      return;
    }
  } else {
    if (s_.succ[0] >= 1) s_.stats.wins_lair++;
    s_.plunder_pts = s_.succ[0];
    const Seat& o = seat(s_.defender);
    const int sc = s_.vault ? 2 : 1;
    if ((o.stock[s_.atk_type] && s_.plunder_pts >= sc) ||
        (o.dev[s_.atk_type] && s_.plunder_pts >= 2)) {
      s_.stage = Stage::kPlunder;
      s_.actor = s_.attacker;
      return;
    }
    if (s_.succ[0] >= 1)  // won, yet nothing affordable of that resource: told, with why
      narrate([&](Narrator& n) {
        n.say("mw.no_plunder", {{"seat", s_.attacker},
                                {"target", s_.defender},
                                {"res", d_->resources[s_.atk_type].key},
                                {"n", s_.succ[0]},
                                {"stock", sc}});
      });
  }
  start_damage();
}

void MwahahahaState::start_damage() {
  s_.dmg_side = 0;
  s_.dmg_left = s_.succ[0];
  damage_next();
}

void MwahahahaState::damage_next() {
  for (;;) {
    const bool vs_def = s_.dmg_side == 0;
    bool any = false;
    const int cnt = vs_def ? s_.n_def : s_.n_atk;
    for (int i = 0; i < cnt; ++i) {
      const int m = vs_def ? s_.def[static_cast<size_t>(i)] : s_.atk[static_cast<size_t>(i)];
      const int dmg =
          vs_def ? s_.def_dmg[static_cast<size_t>(i)] : s_.atk_dmg[static_cast<size_t>(i)];
      any |= dmg < d_->minions[static_cast<size_t>(m)].hp;
    }
    if (s_.dmg_left > 0 && any) {
      s_.stage = Stage::kDamage;
      s_.actor = vs_def ? s_.attacker : s_.defender;
      return;
    }
    if (s_.dmg_side == 0) {
      s_.dmg_side = 1;
      s_.dmg_left = s_.succ[1];
      continue;
    }
    break;
  }
  damage_done();
}

void MwahahahaState::damage_done() {
  bool any = false;
  for (int i = 0; i < s_.n_atk; ++i) any |= s_.atk_dmg[static_cast<size_t>(i)] > 0;
  for (int i = 0; i < s_.n_def; ++i) any |= s_.def_dmg[static_cast<size_t>(i)] > 0;
  if (any) {
    open_window(Window::kAfterDamage, s_.attacker, Next::kAfterDamage);
    return;
  }
  resolve_dead();
}

// Destroyed Minions leave (MW-20a order); Grave Robber; then the after-resolved window.
void MwahahahaState::resolve_dead() {
  int died_types = 0;  // Grave Robber: the resource types of the destroyed Minions
  auto kill = [&](std::array<std::int8_t, 3>& arr, std::array<std::uint8_t, 3>& dmg,
                  std::uint8_t& cnt, bool attackers) {
    int k = 0;
    for (int i = 0; i < cnt; ++i) {
      const int m = arr[static_cast<size_t>(i)];
      if (dmg[static_cast<size_t>(i)] >= d_->minions[static_cast<size_t>(m)].hp) {
        narrate([&](Narrator& n) {  // discarded face up: public
          n.say("mw.destroyed", {{"card", card_key(CardKind::kMinion, m, *d_)}});
        });
        discard_minion(m);
        if (attackers)
          s_.stats.minions_lost_att++;
        else
          s_.stats.minions_lost_def++;
        died_types |= 1 << d_->minions[static_cast<size_t>(m)].type;
      } else {
        arr[static_cast<size_t>(k)] = static_cast<std::int8_t>(m);
        dmg[static_cast<size_t>(k)] = dmg[static_cast<size_t>(i)];
        ++k;
      }
    }
    cnt = static_cast<std::uint8_t>(k);
  };
  kill(s_.atk, s_.atk_dmg, s_.n_atk, true);
  kill(s_.def, s_.def_dmg, s_.n_def, false);
  grave_trigger(died_types, Next::kFightResolved);
}

// Grave Robber's trigger for Minions of `types` destroyed; `after`: kFightResolved after the fight
// damage (the after-resolved window), kTrick after a Booby Trap (back to its window), kFightFinish
// after one-shot Minions (the fight ends).
void MwahahahaState::grave_trigger(int types, Next after) {
  s_.grave_pending = static_cast<std::uint8_t>(types);
  s_.grave_check =
      types ? 3 : 0;  // fighters still to check for Grave Robber: 1 attacker, 2 defender
  s_.frames.push({after});
  grave_next();
}

// Grave Robber (MW-31): automatic; its owner picks the type when Minions of several types died.
void MwahahahaState::grave_next() {
  for (int side = 0; side < 2; ++side) {
    if (!((s_.grave_check >> side) & 1)) continue;
    s_.grave_check = static_cast<std::uint8_t>(s_.grave_check & ~(1 << side));
    const int p = side == 0 ? s_.attacker : s_.defender;
    Seat& st = s_.seats[static_cast<size_t>(p)];
    if (d_->scientists[static_cast<size_t>(st.sci)].power != kGraveRobber || st.power_used)
      continue;
    st.power_used = 1;
    if (std::popcount(static_cast<unsigned>(s_.grave_pending)) == 1) {
      gain_token(p, std::countr_zero(static_cast<unsigned>(s_.grave_pending)));
      continue;
    }
    s_.purpose = Purpose::kGrave;
    s_.stage = Stage::kType;
    s_.actor = static_cast<std::uint8_t>(p);
    return;
  }
  s_.grave_pending = 0;
  resume_top();
}

void MwahahahaState::fight_resolved() {
  if (s_.n_atk > 0) {
    open_window(Window::kAfterResolved, s_.attacker, Next::kAfterResolved);
    return;
  }
  fight_end();
}

void MwahahahaState::fight_end() {
  // MW-20a: Booby Trap victims are gone already (discarded as the card resolved); now one-shot
  // Minions leave, the attacker's first in the order sent; then survivors heal.
  int types = 0;
  auto one_shots = [&](const std::array<std::int8_t, 3>& arr, int cnt) {
    for (int i = 0; i < cnt; ++i) {
      const int m = arr[static_cast<size_t>(i)];
      if (d_->minions[static_cast<size_t>(m)].ability != kOneShot) continue;
      discard_minion(m);
      types |= 1 << d_->minions[static_cast<size_t>(m)].type;
    }
  };
  one_shots(s_.atk, s_.n_atk);
  one_shots(s_.def, s_.n_def);
  if (types && g_->grave_after_fight()) {  // D13: destroyed after the fight, still in it
    grave_trigger(types, Next::kFightFinish);
    return;
  }
  fight_finish();
}

void MwahahahaState::fight_finish() {
  s_.n_atk = s_.n_def = 0;
  s_.atk_dmg = {};
  s_.def_dmg = {};
  s_.fight_active = 0;
  const Seat& st = seat(s_.attacker);
  if (s_.target_emp < 0 && s_.plundered >= 3 && !(st.man_sources & kSrcPlunder) &&
      st.maniacal < 3) {
    s_.stage = Stage::kPlunderManiacal;
    s_.actor = s_.attacker;
    return;
  }
  after_fight();
}

void MwahahahaState::after_fight() {
  const int p = s_.attacker;
  if (g_->attacks_many() || g_->turn_declared()) {  // D16, D21
    s_.stage = Stage::kRivalry;
    s_.actor = static_cast<std::uint8_t>(p);
    count_action(p);
    if (s_.seats[static_cast<size_t>(p)].turn_actions < 12) return;
  }
  end_turn();
}

void MwahahahaState::legal_rivalry(std::vector<Action>& out) const {
  const int p = s_.actor;
  const Seat& st = seat(p);
  const int n = num_players();
  out.push_back(act::kNoAttack);
  const bool may = g_->attacks_many() ? true : st.attacks == 0;
  if (may) {
    int types = 0;
    for (int m = 0; m < kNumMinions; ++m)
      if (bit(st.minions, m) && !bit(st.attacked, m))
        types |= 1 << d_->minions[static_cast<size_t>(m)].type;
    if (types) {
      for (int q = 0; q < n; ++q) {
        if (q == p) continue;
        for (int e = 0; e < kNumEmpires; ++e)
          if (bit(seat(q).empires, e) && (d_->empires[static_cast<size_t>(e)].icons & types))
            out.push_back(act::kAttackEmpire + e);
      }
      for (int q = 0; q < n; ++q)
        if (q != p)
          for (int t = 0; t < kTypes; ++t)
            if ((types >> t) & 1) out.push_back(act::kAttackLair + q * kTypes + t);
    }
  }
  legal_main_tricks(out, p);
  std::sort(out.begin(), out.end());
}

void MwahahahaState::apply_rivalry(Action a) {
  const int p = s_.actor;
  if (a == act::kNoAttack) {
    end_turn();
    return;
  }
  if (a >= act::kPlay && a < act::kPlay + kNumTricks) {
    play_trick(p, a - act::kPlay);
    return;
  }
  s_.attacker = static_cast<std::uint8_t>(p);
  if (a < act::kAttackLair) {
    s_.target_emp = static_cast<std::int8_t>(a - act::kAttackEmpire);
    s_.defender = static_cast<std::uint8_t>(owner_of_empire(s_.target_emp));
    s_.atk_type = 0;
  } else {
    s_.target_emp = -1;
    s_.defender = static_cast<std::uint8_t>((a - act::kAttackLair) / kTypes);
    s_.atk_type = static_cast<std::uint8_t>((a - act::kAttackLair) % kTypes);
  }
  start_fight();
}

void MwahahahaState::legal_send(std::vector<Action>& out) const {
  const int p = s_.actor;
  const Seat& st = seat(p);
  for (int t : {static_cast<int>(tPressGang), static_cast<int>(tMercenary)})
    if (can_play(p, t, s_.wnd, true)) out.push_back(act::kPlay + t);
  if (s_.n_atk > 0) out.push_back(act::kSendDone);
  if (s_.n_atk < 3) {
    const int icons = s_.target_emp >= 0 ? d_->empires[static_cast<size_t>(s_.target_emp)].icons
                                         : (1 << s_.atk_type);
    for (int m = 0; m < kNumMinions; ++m) {
      if (!bit(st.minions, m) || bit(st.attacked, m)) continue;
      if (!((icons >> d_->minions[static_cast<size_t>(m)].type) & 1)) continue;
      bool dup = false;
      for (int i = 0; i < s_.n_atk; ++i) dup |= s_.atk[static_cast<size_t>(i)] == m;
      if (!dup) out.push_back(act::kSend + m);
    }
  }
  std::sort(out.begin(), out.end());
}

void MwahahahaState::apply_send(Action a) {
  const int p = s_.actor;
  Seat& st = s_.seats[static_cast<size_t>(p)];
  if (a >= act::kPlay && a < act::kPlay + kNumTricks) {
    play_trick(p, a - act::kPlay);
    return;
  }
  if (a == act::kSendDone) {
    open_window(Window::kAttackDeclared, s_.attacker, Next::kAttackDeclared);
    return;
  } else {
    const int m = a - act::kSend;
    s_.atk[s_.n_atk] = static_cast<std::int8_t>(m);
    s_.atk_dmg[s_.n_atk] = 0;
    s_.n_atk++;
    s_.face_up |= 1ULL << m;  // MW-20a: face up when committed
    st.attacked |= 1ULL << m;
  }
}

void MwahahahaState::on_attack_declared() {
  if (s_.n_atk == 0) {  // MW-16a: every attacker sent back
    fight_end();
    return;
  }
  if (s_.sneak || seat(s_.defender).minions == 0) {
    open_window(Window::kBeforeRoll, s_.attacker, Next::kBeforeRoll);
    return;
  }
  s_.stage = Stage::kDefend;
  s_.actor = s_.defender;
}

void MwahahahaState::legal_defend(std::vector<Action>& out) const {
  const int p = s_.actor;
  const Seat& st = seat(p);
  out.push_back(act::kDefendDone);
  if (s_.n_def < 3) {
    const int icons = s_.target_emp >= 0 ? d_->empires[static_cast<size_t>(s_.target_emp)].icons
                                         : (1 << s_.atk_type);
    for (int m = 0; m < kNumMinions; ++m) {
      if (!bit(st.minions, m) || d_->minions[static_cast<size_t>(m)].ability == kCannotDefend)
        continue;
      if (!((icons >> d_->minions[static_cast<size_t>(m)].type) & 1)) continue;
      bool dup = false;
      for (int i = 0; i < s_.n_def; ++i) dup |= s_.def[static_cast<size_t>(i)] == m;
      if (!dup) out.push_back(act::kDefend + m);
    }
  }
  std::sort(out.begin(), out.end());
}

void MwahahahaState::apply_defend(Action a) {
  if (a == act::kDefendDone) {
    open_window(Window::kBeforeRoll, s_.attacker, Next::kBeforeRoll);
    return;
  } else {
    const int m = a - act::kDefend;
    s_.def[s_.n_def] = static_cast<std::int8_t>(m);
    s_.def_dmg[s_.n_def] = 0;
    s_.n_def++;
    s_.face_up |= 1ULL << m;
  }
}

void MwahahahaState::on_before_roll() {
  for (int i = 0; i < s_.n_atk; ++i)
    if (d_->minions[static_cast<size_t>(s_.atk[static_cast<size_t>(i)])].ability == kPsychic)
      s_.known_trick[s_.attacker][s_.defender] = seat(s_.defender).tricks;
  s_.ndice[0] = static_cast<std::uint8_t>(attack_dice(0));
  s_.ndice[1] = static_cast<std::uint8_t>(attack_dice(1));
  roll(Next::kFightRolled);
}

void MwahahahaState::on_fight_rolled() {
  sort_dice();
  open_window(Window::kFightAfterRoll, s_.attacker, Next::kFightAfterRoll);
}

void MwahahahaState::legal_empire_win(std::vector<Action>& out) const {
  out.push_back(act::kTakeEmpire);
  out.push_back(act::kRazeEmpire);
}

void MwahahahaState::apply_empire_win(Action a) {
  const int p = s_.actor;
  Seat& st = s_.seats[static_cast<size_t>(p)];
  const int e = s_.target_emp;
  if (a == act::kTakeEmpire) {
    s_.seats[s_.defender].empires &= ~(1ULL << e);
    st.empires |= 1ULL << e;
    s_.stats.empires_taken++;
    if (std::popcount(st.empires) > d_->max_empires) {
      s_.purpose = Purpose::kDiscardDown;
      s_.stage = Stage::kChooseEmpire;
      return;
    }
  } else {
    discard_empire(e);
    s_.stats.empires_razed++;
  }
  start_damage();
}

void MwahahahaState::legal_plunder(std::vector<Action>& out) const {
  const Seat& o = seat(s_.defender);
  const int stock_cost = s_.vault ? 2 : 1;
  if (o.stock[s_.atk_type] && s_.plunder_pts >= stock_cost) out.push_back(act::kPlunderStock);
  if (o.dev[s_.atk_type] && s_.plunder_pts >= 2) out.push_back(act::kPlunderDevice);
}

void MwahahahaState::apply_plunder(Action a) {
  const int p = s_.actor;
  Seat& o = s_.seats[s_.defender];
  const int t = s_.atk_type;
  if (a == act::kPlunderStock) {
    o.stock[static_cast<size_t>(t)]--;
    s_.plunder_pts = static_cast<std::uint8_t>(s_.plunder_pts - (s_.vault ? 2 : 1));
  } else {
    o.dev[static_cast<size_t>(t)]--;
    s_.plunder_pts = static_cast<std::uint8_t>(s_.plunder_pts - 2);
  }
  gain_token(p, t);
  s_.plundered++;
  s_.stats.tokens_plundered++;
  const int sc = s_.vault ? 2 : 1;
  if (!((o.stock[static_cast<size_t>(t)] && s_.plunder_pts >= sc) ||
        (o.dev[static_cast<size_t>(t)] && s_.plunder_pts >= 2)))
    start_damage();
}

void MwahahahaState::legal_damage(std::vector<Action>& out) const {
  // side 0: attacker damages defenders; side 1: defender damages attackers.
  const bool vs_def = s_.dmg_side == 0;
  const int cnt = vs_def ? s_.n_def : s_.n_atk;
  for (int i = 0; i < cnt; ++i) {
    const int m = vs_def ? s_.def[static_cast<size_t>(i)] : s_.atk[static_cast<size_t>(i)];
    const int dmg =
        vs_def ? s_.def_dmg[static_cast<size_t>(i)] : s_.atk_dmg[static_cast<size_t>(i)];
    if (dmg < d_->minions[static_cast<size_t>(m)].hp) out.push_back(act::kDamage + m);
  }
  std::sort(out.begin(), out.end());
}

void MwahahahaState::apply_damage(Action a) {
  const int m = a - act::kDamage;
  if (s_.dmg_side == 0) {
    for (int i = 0; i < s_.n_def; ++i)
      if (s_.def[static_cast<size_t>(i)] == m) s_.def_dmg[static_cast<size_t>(i)]++;
  } else {
    for (int i = 0; i < s_.n_atk; ++i)
      if (s_.atk[static_cast<size_t>(i)] == m) s_.atk_dmg[static_cast<size_t>(i)]++;
  }
  s_.dmg_left--;
  damage_next();
}

void MwahahahaState::legal_plunder_maniacal(std::vector<Action>& out) const {
  out.push_back(act::kPlunderManiacal);
  out.push_back(act::kKeepPlunder);
}

void MwahahahaState::apply_plunder_maniacal(Action a) {
  const int p = s_.actor;
  Seat& st = s_.seats[static_cast<size_t>(p)];
  if (a == act::kPlunderManiacal) {
    const int t = s_.atk_type;
    st.stock[static_cast<size_t>(t)] =
        static_cast<std::uint8_t>(std::max(0, st.stock[static_cast<size_t>(t)] - s_.plundered));
    st.maniacal++;
    st.man_sources |= kSrcPlunder;
    s_.stats.maniacal_gained[static_cast<size_t>(p)]++;
  }
  after_fight();
}

}  // namespace villainy::mwahahaha
