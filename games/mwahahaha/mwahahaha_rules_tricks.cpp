// Mwahahaha! rules, Dirty Tricks (MW-6, P-DT; D4, D10, D12, D17, D19): response windows, which card
// may be played when, each card's effect and its sub-decisions (target, type, Empire, Minion,
// reroll, Insider Tip's deck and order). Each stage's legal actions and effects side by side.
#include <algorithm>
#include <bit>

#include "mwahahaha/mwahahaha.h"

namespace villainy::mwahahaha {

namespace {
// Espionage has something to show: a face-down device or a raw card in hand (public facts, D10).
bool spy_target(const Seat& q) {
  return (q.device >= 0 && !q.device_up) || q.raw_count() > 0;
}
}  // namespace

bool MwahahahaState::can_play(int p, int t, Window w, bool main) const {
  const Seat& st = seat(p);
  if (!st.tricks[static_cast<size_t>(t)]) return false;
  const int n = num_players();
  auto others_with = [&](auto pred) {
    for (int q = 0; q < n; ++q)
      if (q != p && pred(seat(q))) return true;
    return false;
  };
  const bool creation_main = main && s_.phase == Phase::kCreation;
  const bool rivalry_main = main && s_.phase == Phase::kRivalry &&
                            (s_.stage == Stage::kRivalry || s_.stage == Stage::kSend);
  const bool fight = !main && s_.fight_active;
  switch (t) {
    // any
    case tLabAccident:
      return others_with([](const Seat& q) { return q.raw_count() > 0; });
    case tSabotage:  // "not during a threat": from its declaration to its last counter (D19)
      return !s_.threat_on && others_with([](const Seat& q) { return q.dev_total() > 0; });
    case tEspionage:  // D10: an opponent with something hidden to look at
      return others_with([](const Seat& q) { return spy_target(q); });
    case tEvilLaugh:
      return true;
    // C-own
    case tHostile:
      return creation_main &&
             others_with([](const Seat& q) { return std::popcount(q.empires) >= 2; });
    case tTaxAudit:
      return creation_main && others_with([](const Seat& q) { return q.stock_total() > 0; });
    case tUnionStrike: {
      if (!creation_main) return false;
      std::uint64_t all = 0;
      for (int q = 0; q < n; ++q) all |= seat(q).empires;
      return (all & ~s_.struck) != 0;
    }
    case tBlackMarket:
      return creation_main && sum(s_.raw_deck) + sum(s_.raw_discard) > 0;
    case tInsiderTip:  // MW-32: whatever lies on top (an earlier stack too); MW-2b reshuffles
      return creation_main && (drawable(0) > 0 || drawable(1) > 0);
    case tEmbezzle:
    case tOvertime:
    case tForged:
    case tBrilliant:
      return creation_main;
    // R-own
    case tPressGang:  // MW-6c: in the player's own Rivalry decisions (main, sending Minions)
      return rivalry_main && s_.min_discard_n > 0 && std::popcount(st.minions) < d_->max_minions;
    case tMercenary:  // MW-2b: an empty deck is reshuffled from the discard pile
      return rivalry_main && std::popcount(st.minions) < d_->max_minions && drawable(1) > 0;
    case tReinforce:
      return fight && p == s_.attacker &&
             (w == Window::kAttackDeclared || w == Window::kBeforeRoll);
    case tSneak:
      return fight && p == s_.attacker && w == Window::kAttackDeclared && !s_.sneak;
    // R-react
    case tDefective:
      return !main && w == Window::kConvert && p != s_.turn;
    case tAmbush:
      return fight && p == s_.defender &&
             (w == Window::kAttackDeclared || w == Window::kBeforeRoll);
    case tSecretVault:
      return fight && p == s_.defender && s_.target_emp < 0 && !s_.vault &&
             (w == Window::kAttackDeclared || w == Window::kBeforeRoll);
    case tDoubleAgent:
      return fight && p != s_.attacker && w == Window::kAttackDeclared && s_.n_atk > 0;
    case tBoobyTrap:  // "one surviving attacking minion": there must be one (MW-6a)
      return fight && p == s_.defender && w == Window::kAfterResolved && s_.n_atk > 0;
    case tFieldMedic: {
      if (!(fight && w == Window::kAfterDamage)) return false;
      for (int i = 0; i < s_.n_atk; ++i)
        if (s_.atk_dmg[static_cast<size_t>(i)] && bit(st.minions, s_.atk[static_cast<size_t>(i)]))
          return true;
      for (int i = 0; i < s_.n_def; ++i)
        if (s_.def_dmg[static_cast<size_t>(i)] && bit(st.minions, s_.def[static_cast<size_t>(i)]))
          return true;
      return false;
    }
    case tLoadedDice:
      if (w == Window::kFightAfterRoll && fight) return p == s_.attacker || p == s_.defender;
      if (w == Window::kThreatAfterRoll && !main)
        return p == s_.threatener || p == (s_.threatener + 1) % n;
      return false;
    // D
    case tMonologue:
    case tPanic:
      return !main && w == Window::kThreatDeclared && p == s_.threatener;
    case tDrill:
      return !main && w == Window::kThreatDeclared && p != s_.threatener && s_.threat_level < 3;
    case tSuperhero:
      return !main && w == Window::kThreatSuccess && p != s_.threatener && !s_.no_ransom;
    case tBlackout:
      return !main && w == Window::kGainManiacal && p != s_.gain_player && !s_.counter_blocked;
    case tScapegoat:
      return !main && w == Window::kGainHumiliation && p == s_.gain_player && !s_.counter_blocked;
    default:
      return false;
  }
}

bool MwahahahaState::askable(int p) const {
  if (p == s_.w_excl) return false;
  if (seat(p).trick_count() > 0) return true;
  if (s_.wnd == Window::kThreatAfterRoll && g_->powers_ask() && whispers_ready(p)) return true;
  // Teutonic Precision: a fighter with the unused power is asked after the roll (MW-6a).
  if (s_.wnd == Window::kFightAfterRoll && (p == s_.attacker || p == s_.defender) &&
      d_->scientists[static_cast<size_t>(seat(p).sci)].power == kTeutonic && !seat(p).power_used)
    return true;
  return false;
}

void MwahahahaState::legal_window(std::vector<Action>& out) const {
  const int p = s_.actor;
  out.push_back(act::kPass);
  const Seat& st = seat(p);
  for (int t = 0; t < kNumTricks; ++t)  // the cards in hand only (can_play is out of line)
    if (st.tricks[static_cast<size_t>(t)] && can_play(p, t, s_.wnd, false))
      out.push_back(act::kPlay + t);
  if (s_.wnd == Window::kFightAfterRoll && (p == s_.attacker || p == s_.defender) &&
      d_->scientists[static_cast<size_t>(seat(p).sci)].power == kTeutonic && !seat(p).power_used &&
      s_.ndice[p == s_.attacker ? 0 : 1] > 0)
    out.push_back(act::kPowerReroll);
  if (s_.wnd == Window::kThreatAfterRoll && g_->powers_ask() && whispers_ready(p))
    out.push_back(act::kPowerReroll);  // D11: Maddening Whispers, asked for (MW-6a)
}

void MwahahahaState::legal_main_tricks(std::vector<Action>& out, int p) const {
  const Seat& st = seat(p);
  for (int t = 0; t < kNumTricks; ++t)  // the cards in hand only (can_play is out of line)
    if (st.tricks[static_cast<size_t>(t)] && can_play(p, t, s_.wnd, true))
      out.push_back(act::kPlay + t);
}

void MwahahahaState::open_window(Window w, int first, Next resume_next) {
  s_.wnd = w;
  s_.w_passed = 0;
  s_.w_plays = 0;
  s_.frames.push({resume_next});
  s_.stats.windows++;
  window_seek(first % num_players());
}

void MwahahahaState::window_seek(int from) {
  const int n = num_players();
  // MW-6a: the window stays open until every askable player has passed since the last play.
  for (int i = 0; i < n; ++i) {
    const int q = (from + i) % n;
    if (askable(q) && !((s_.w_passed >> q) & 1)) {
      s_.stage = Stage::kWindow;
      s_.actor = static_cast<std::uint8_t>(q);
      return;
    }
  }
  close_window();
}

void MwahahahaState::close_window() {
  s_.w_excl = -1;
  resume_top();
}

void MwahahahaState::play_trick(int p, int t) {
  Seat& st = s_.seats[static_cast<size_t>(p)];
  st.tricks[static_cast<size_t>(t)]--;
  s_.trick_discard[static_cast<size_t>(t)]++;
  public_trick_loss(p, t);
  s_.stats.tricks_played++;
  s_.stats.trick_plays[static_cast<size_t>(t)]++;
  s_.trick = static_cast<std::int8_t>(t);
  s_.trick_player = static_cast<std::int8_t>(p);
  s_.trick_target = -1;
  s_.frames.push({Next::kReturnFromTrick, static_cast<std::uint8_t>(s_.stage)});
  auto choose_target = [&] {
    s_.stage = Stage::kTarget;
    s_.actor = static_cast<std::uint8_t>(p);
  };
  auto choose_type = [&](Purpose pu) {
    s_.purpose = pu;
    s_.stage = Stage::kType;
    s_.actor = static_cast<std::uint8_t>(p);
  };
  switch (t) {
    case tDefective:
      s_.conv_cancel = 1;
      break;
    case tHostile:
    case tTaxAudit:
    case tLabAccident:
    case tSabotage:
    case tEspionage:
      choose_target();
      return;
    case tUnionStrike:
      s_.purpose = Purpose::kUnion;
      s_.stage = Stage::kChooseEmpire;
      s_.actor = static_cast<std::uint8_t>(p);
      return;
    case tBlackMarket:
      chance(ChanceKind::kRaw, p, 2, Next::kTrick);
      return;
    case tInsiderTip:
      s_.stage = Stage::kInsiderDeck;
      s_.actor = static_cast<std::uint8_t>(p);
      return;
    case tEmbezzle:
      choose_type(Purpose::kEmbezzle);
      return;
    case tOvertime:
      choose_type(Purpose::kOvertime);
      return;
    case tForged:
      st.raw_extra++;
      break;
    case tAmbush:
      s_.extra_dice[1] += 2;
      break;
    case tReinforce:
      s_.extra_dice[0] += 1;
      break;
    case tDoubleAgent:
      s_.purpose = Purpose::kDoubleAgent;
      s_.stage = Stage::kSelectMinion;
      s_.actor = static_cast<std::uint8_t>(p);
      return;
    case tSneak:
      s_.sneak = 1;
      break;
    case tBoobyTrap:
      s_.purpose = Purpose::kBooby;
      s_.stage = Stage::kSelectMinion;
      s_.actor = static_cast<std::uint8_t>(p);
      return;
    case tFieldMedic:
      s_.purpose = Purpose::kMedic;
      s_.stage = Stage::kSelectMinion;
      s_.actor = static_cast<std::uint8_t>(p);
      return;
    case tLoadedDice:
      s_.purpose = Purpose::kNone;
      s_.stage = Stage::kReroll;
      s_.actor = static_cast<std::uint8_t>(p);
      return;
    case tSecretVault:
      s_.vault = 1;
      break;
    case tPressGang: {
      const int m = s_.min_discard[--s_.min_discard_n];
      st.minions |= 1ULL << m;
      s_.face_up |= 1ULL << m;
      break;
    }
    case tMercenary:
      chance(ChanceKind::kMinion, p, 1, Next::kTrick);
      return;
    case tMonologue:
      s_.extra_dice[0] += 1;
      break;
    case tPanic:
      s_.people_minus++;
      break;
    case tDrill:
      s_.extra_dice[1] += 1;
      break;
    case tSuperhero:
      s_.no_ransom = 1;
      break;
    case tBlackout:
    case tScapegoat:
      s_.counter_blocked = 1;
      break;
    case tBrilliant:
      gain_token(p, 3);
      break;
    case tEvilLaugh:
      if (st.maniacal == 0) {
        // MW-6b: a gain in the Domination phase opens the gain-maniacal window (D4), inside
        // whatever window or decision the card was played in.
        if (s_.phase == Phase::kDomination && s_.save_n < kWindowSaves) {
          save_window();
          gain_counter(p, true, 0, Next::kEvilLaugh);
          return;
        }
        st.maniacal = 1;
        s_.stats.maniacal_gained[static_cast<size_t>(p)]++;
        narrate([&](Narrator& n) { n.say("mw.maniacal", {{"seat", p}}); });
        break;
      }
      chance(ChanceKind::kTrick, p, 1, Next::kTrick);
      return;
    default:
      break;
  }
  finish_trick();
}

void MwahahahaState::trick_target_chosen() {
  const int p = s_.trick_player, q = s_.trick_target;
  Seat& o = s_.seats[static_cast<size_t>(q)];
  switch (s_.trick) {
    case tHostile:
      s_.purpose = Purpose::kHostile;
      s_.stage = Stage::kChooseEmpire;
      s_.actor = static_cast<std::uint8_t>(q);
      return;
    case tTaxAudit:
      if (o.stock[1]) {
        o.stock[1]--;
        break;
      }
      s_.purpose = Purpose::kTaxType;
      s_.stage = Stage::kType;
      s_.actor = static_cast<std::uint8_t>(q);
      return;
    case tLabAccident:
      chance(ChanceKind::kLabLoss, q, 1, Next::kTrick);
      return;
    case tSabotage:
      s_.purpose = Purpose::kSabotage;
      s_.stage = Stage::kType;
      s_.actor = static_cast<std::uint8_t>(p);
      return;
    case tEspionage:
      if (o.device >= 0)
        s_.dev_known[static_cast<size_t>(o.device)] |= static_cast<std::uint8_t>(1 << p);
      s_.known_raw[static_cast<size_t>(p)][static_cast<size_t>(q)] = o.raw;
      break;
    default:
      break;
  }
  finish_trick();
}

void MwahahahaState::finish_trick() {
  const int p = s_.trick_player;
  s_.trick = -1;
  s_.purpose = Purpose::kNone;
  const Frame back = s_.frames.pop();  // pushed when the trick (or power) was played
  if (static_cast<Stage>(back.arg) == Stage::kWindow) {
    if (s_.w_plays < 255) s_.w_plays++;
    s_.w_passed = 0;
    // A void event closes its window (MW-6a).
    bool voided = (s_.wnd == Window::kConvert && s_.conv_cancel) ||
                  ((s_.wnd == Window::kAttackDeclared || s_.wnd == Window::kAfterResolved) &&
                   s_.n_atk == 0) ||
                  ((s_.wnd == Window::kGainManiacal || s_.wnd == Window::kGainHumiliation) &&
                   s_.counter_blocked);
    if (voided) {
      close_window();
      return;
    }
    s_.trick_player = -1;
    window_seek((p + 1) % num_players());
    return;
  }
  s_.stage = static_cast<Stage>(back.arg);
  s_.actor = static_cast<std::uint8_t>(p);
  count_action(p);
  s_.trick_player = -1;
}

// A window opened while another window or a trick is being resolved (Evil Laugh's gain, D4):
// the outer context is kept and put back when the inner window is done.
void MwahahahaState::save_window() {
  auto& w = s_.saves[s_.save_n++];
  w = {s_.wnd,         s_.purpose,          s_.w_passed,    s_.w_plays,
       s_.gain_player, s_.gain_is_maniacal, s_.gain_source, s_.counter_blocked,
       s_.trick,       s_.trick_player,     s_.w_excl};
  s_.w_excl = -1;
}

void MwahahahaState::restore_window() {
  const auto& w = s_.saves[--s_.save_n];
  s_.wnd = w.wnd;
  s_.w_passed = w.w_passed;
  s_.w_plays = w.w_plays;
  s_.gain_player = w.gain_player;
  s_.gain_is_maniacal = w.gain_is_maniacal;
  s_.gain_source = w.gain_source;
  s_.counter_blocked = w.counter_blocked;
  s_.purpose = w.purpose;
  s_.trick = w.trick;
  s_.trick_player = w.trick_player;
  s_.w_excl = w.w_excl;
}

void MwahahahaState::apply_window(Action a) {
  const int p = s_.actor;
  Seat& st = s_.seats[static_cast<size_t>(p)];
  const int n = num_players();
  if (a == act::kPass) {
    s_.w_passed |= static_cast<std::uint8_t>(1 << p);
    window_seek((p + 1) % n);
    return;
  }
  if (a == act::kPowerReroll && s_.wnd == Window::kThreatAfterRoll) {  // Maddening Whispers
    st.power_used = 1;
    s_.trick = -1;
    s_.trick_player = static_cast<std::int8_t>(p);
    s_.frames.push({Next::kReturnFromTrick, static_cast<std::uint8_t>(Stage::kWindow)});
    s_.roll_side = 2;  // the people's highest die
    s_.reroll_side = 1;
    s_.reroll_idx = 0;
    chance(ChanceKind::kDie, 0, 1, Next::kReroll);
    return;
  }
  if (a == act::kPowerReroll) {  // Teutonic Precision: one of the owner's own dice
    st.power_used = 1;
    s_.trick = -1;
    s_.trick_player = static_cast<std::int8_t>(p);
    s_.frames.push({Next::kReturnFromTrick, static_cast<std::uint8_t>(Stage::kWindow)});
    s_.purpose = Purpose::kOwnDice;
    s_.reroll_side = p == s_.attacker ? 0 : 1;
    s_.stage = Stage::kReroll;
    return;
  }
  play_trick(p, a - act::kPlay);
}

void MwahahahaState::legal_target(std::vector<Action>& out) const {
  const int p = s_.actor;
  const int n = num_players();
  for (int q = 0; q < n; ++q) {
    if (q == p) continue;
    const Seat& o = seat(q);
    bool ok = false;
    switch (s_.trick) {
      case tLabAccident:
        ok = o.raw_count() > 0;
        break;
      case tSabotage:
        ok = o.dev_total() > 0;
        break;
      case tEspionage:
        ok = spy_target(o);
        break;
      case tHostile:
        ok = std::popcount(o.empires) >= 2;
        break;
      case tTaxAudit:
        ok = o.stock_total() > 0;
        break;
      default:
        break;
    }
    if (ok) out.push_back(act::kTarget + q);
  }
}

void MwahahahaState::apply_target(Action a) {
  s_.trick_target = static_cast<std::int8_t>(a - act::kTarget);
  trick_target_chosen();
}

void MwahahahaState::legal_type(std::vector<Action>& out) const {
  const int p = s_.actor;
  const Seat& st = seat(p);
  for (int t = 0; t < kTypes; ++t) {
    bool ok = true;
    if (s_.purpose == Purpose::kSabotage)
      ok = seat(s_.trick_target).dev[static_cast<size_t>(t)] > 0;
    if (s_.purpose == Purpose::kTaxType) ok = st.stock[static_cast<size_t>(t)] > 0;
    if (s_.purpose == Purpose::kGrave) ok = (s_.grave_pending >> t) & 1;
    if (ok) out.push_back(act::kType + t);
  }
}

void MwahahahaState::apply_type(Action a) {
  const int p = s_.actor;
  Seat& st = s_.seats[static_cast<size_t>(p)];
  const int t = a - act::kType;
  switch (s_.purpose) {
    case Purpose::kEmbezzle:
      gain_token(p, t);
      finish_trick();
      return;
    case Purpose::kOvertime:
      st.overtime[static_cast<size_t>(t)] += 2;
      finish_trick();
      return;
    case Purpose::kSabotage:
      s_.seats[static_cast<size_t>(s_.trick_target)].dev[static_cast<size_t>(t)]--;
      finish_trick();
      return;
    case Purpose::kTaxType:
      st.stock[static_cast<size_t>(t)]--;
      finish_trick();
      return;
    case Purpose::kGrave:
      gain_token(p, t);
      s_.purpose = Purpose::kNone;
      grave_next();
      return;
    case Purpose::kShell:
      gain_token(p, t);
      s_.purpose = Purpose::kNone;
      cash_continue();
      return;
    case Purpose::kRansom:
      gain_token(p, t);
      if (--s_.ransom_left == 0) {
        s_.purpose = Purpose::kNone;
        if (s_.threat_hum)
          gain_counter(p, false, 0, Next::kThreatDone);
        else
          threat_done();
      }
      return;
    default:
      return;
  }
}

void MwahahahaState::legal_choose_empire(std::vector<Action>& out) const {
  const int p = s_.actor;
  const Seat& st = seat(p);
  const int n = num_players();
  if (s_.purpose == Purpose::kUnion) {
    for (int q = 0; q < n; ++q)
      for (int e = 0; e < kNumEmpires; ++e)
        if (bit(seat(q).empires, e) && !bit(s_.struck, e)) out.push_back(act::kChooseEmpire + e);
    std::sort(out.begin(), out.end());
  } else if (s_.purpose == Purpose::kTopOrder) {
    for (int i = 0; i < s_.pending_n; ++i)
      out.push_back(act::kChooseEmpire + s_.pending[static_cast<size_t>(i)]);
    std::sort(out.begin(), out.end());
  } else {
    for (int e = 0; e < kNumEmpires; ++e)
      if (bit(st.empires, e)) out.push_back(act::kChooseEmpire + e);
  }
}

void MwahahahaState::apply_choose_empire(Action a) {
  const int p = s_.actor;
  const int e = a - act::kChooseEmpire;
  switch (s_.purpose) {
    case Purpose::kUnion:
      s_.struck |= 1ULL << e;
      finish_trick();
      return;
    case Purpose::kHostile:
      cash_in(p, e, true, Next::kTrick);
      return;
    case Purpose::kTopOrder: {
      s_.top[0][s_.top_n[0]++] = static_cast<std::int8_t>(e);
      int k = 0;
      for (int i = 0; i < s_.pending_n; ++i)
        if (s_.pending[static_cast<size_t>(i)] != e)
          s_.pending[static_cast<size_t>(k++)] = s_.pending[static_cast<size_t>(i)];
      s_.pending_n = static_cast<std::uint8_t>(k);
      s_.top_known[0] = static_cast<std::uint8_t>(1 << p);
      if (k == 0) finish_trick();
      return;
    }
    case Purpose::kDiscardDown:
      discard_empire(e);
      s_.purpose = Purpose::kNone;
      start_damage();
      return;
    default:
      return;
  }
}

void MwahahahaState::legal_select_minion(std::vector<Action>& out) const {
  const int p = s_.actor;
  const Seat& st = seat(p);
  for (int m = 0; m < kNumMinions; ++m) {
    bool ok = false;
    switch (s_.purpose) {
      case Purpose::kFeed:
        ok = bit(st.minions, m);
        break;
      case Purpose::kAssembly:
        ok = (s_.pending_n > 0 && s_.pending[0] == m) || (s_.pending_n > 1 && s_.pending[1] == m);
        break;
      case Purpose::kTopOrder:
        for (int i = 0; i < s_.pending_n; ++i) ok |= s_.pending[static_cast<size_t>(i)] == m;
        break;
      case Purpose::kDoubleAgent:
      case Purpose::kBooby:
        for (int i = 0; i < s_.n_atk; ++i) ok |= s_.atk[static_cast<size_t>(i)] == m;
        break;
      case Purpose::kMedic:
        for (int i = 0; i < s_.n_atk; ++i)
          ok |= s_.atk[static_cast<size_t>(i)] == m && s_.atk_dmg[static_cast<size_t>(i)] &&
                bit(st.minions, m);
        for (int i = 0; i < s_.n_def; ++i)
          ok |= s_.def[static_cast<size_t>(i)] == m && s_.def_dmg[static_cast<size_t>(i)] &&
                bit(st.minions, m);
        break;
      default:
        break;
    }
    if (ok) out.push_back(act::kSelectMinion + m);
  }
}

void MwahahahaState::apply_select_minion(Action a) {
  const int p = s_.actor;
  Seat& st = s_.seats[static_cast<size_t>(p)];
  const int m = a - act::kSelectMinion;
  switch (s_.purpose) {
    case Purpose::kAssembly: {
      const int other = s_.pending[0] == m ? s_.pending[1] : s_.pending[0];
      st.minions |= 1ULL << m;
      s_.face_up &= ~(1ULL << m);
      s_.min_known[static_cast<size_t>(m)] = static_cast<std::uint8_t>(1 << p);
      // The other goes to the bottom of the Minion deck (its owner knows it is there).
      if (s_.min_bottom_n == 0) s_.bottom_known = static_cast<std::uint8_t>(1 << p);
      s_.bottom_known &= static_cast<std::uint8_t>(1 << p);
      s_.min_bottom[s_.min_bottom_n++] = static_cast<std::int8_t>(other);
      s_.min_known[static_cast<size_t>(other)] = 0;
      s_.pending_n = 0;
      s_.purpose = Purpose::kNone;
      resume(Next::kCreationMain);
      return;
    }
    case Purpose::kTopOrder: {
      // Chosen card goes next onto the top stack (first chosen = top).
      s_.top[1][s_.top_n[1]++] = static_cast<std::int8_t>(m);
      int k = 0;
      for (int i = 0; i < s_.pending_n; ++i)
        if (s_.pending[static_cast<size_t>(i)] != m)
          s_.pending[static_cast<size_t>(k++)] = s_.pending[static_cast<size_t>(i)];
      s_.pending_n = static_cast<std::uint8_t>(k);
      s_.top_known[1] = static_cast<std::uint8_t>(1 << p);
      if (k == 0) finish_trick();
      return;
    }
    case Purpose::kDoubleAgent: {
      int k = 0;
      for (int i = 0; i < s_.n_atk; ++i)
        if (s_.atk[static_cast<size_t>(i)] != m)
          s_.atk[static_cast<size_t>(k++)] = s_.atk[static_cast<size_t>(i)];
      s_.n_atk = static_cast<std::uint8_t>(k);
      finish_trick();
      return;
    }
    case Purpose::kBooby: {
      // MW-20a: a Minion it destroys is discarded now, before one-shot Minions leave.
      int k = 0;
      bool killed = false;
      for (int i = 0; i < s_.n_atk; ++i) {
        const int x = s_.atk[static_cast<size_t>(i)];
        auto dmg = s_.atk_dmg[static_cast<size_t>(i)];
        if (x == m && ++dmg >= d_->minions[static_cast<size_t>(m)].hp) {
          killed = true;
          continue;
        }
        s_.atk[static_cast<size_t>(k)] = static_cast<std::int8_t>(x);
        s_.atk_dmg[static_cast<size_t>(k++)] = dmg;
      }
      s_.n_atk = static_cast<std::uint8_t>(k);
      if (killed) {
        discard_minion(m);
        s_.stats.minions_lost_att++;
        if (g_->grave_after_fight()) {  // D13: Grave Robber counts it (MW-31)
          grave_trigger(1 << d_->minions[static_cast<size_t>(m)].type, Next::kTrick);
          return;
        }
      }
      finish_trick();
      return;
    }
    case Purpose::kMedic:
      for (int i = 0; i < s_.n_atk; ++i)
        if (s_.atk[static_cast<size_t>(i)] == m) s_.atk_dmg[static_cast<size_t>(i)] = 0;
      for (int i = 0; i < s_.n_def; ++i)
        if (s_.def[static_cast<size_t>(i)] == m) s_.def_dmg[static_cast<size_t>(i)] = 0;
      finish_trick();
      return;
    default:
      return;
  }
}

void MwahahahaState::legal_reroll(std::vector<Action>& out) const {
  for (int i = 0; i < s_.ndice[0]; ++i)
    if (s_.purpose != Purpose::kOwnDice || s_.reroll_side == 0) out.push_back(act::kRerollAtt + i);
  for (int i = 0; i < s_.ndice[1]; ++i)
    if (s_.purpose != Purpose::kOwnDice || s_.reroll_side == 1) out.push_back(act::kRerollDef + i);
}

void MwahahahaState::apply_reroll(Action a) {
  const bool first = a < act::kRerollDef;
  s_.reroll_side = first ? 0 : 1;
  s_.reroll_idx = static_cast<std::uint8_t>(first ? a - act::kRerollAtt : a - act::kRerollDef);
  s_.roll_side = 2;
  s_.purpose = Purpose::kNone;
  chance(ChanceKind::kDie, 0, 1, Next::kReroll);
}

void MwahahahaState::on_reroll() {
  sort_dice();
  s_.roll_side = 0;
  finish_trick();
}

void MwahahahaState::legal_insider_deck(std::vector<Action>& out) const {
  if (drawable(0) > 0) out.push_back(act::kInsiderEmp);
  if (drawable(1) > 0) out.push_back(act::kInsiderMin);
}

void MwahahahaState::apply_insider_deck(Action a) {
  const int p = s_.actor;
  const bool emp = a == act::kInsiderEmp;
  // MW-32: as many cards as remain, up to 3 (an earlier stack first: it is on top).
  const int avail = drawable(emp ? 0 : 1);
  s_.pending_n = 0;
  s_.top_known[emp ? 0 : 1] = 0;  // the stack is taken up: its order is known to nobody now
  chance(emp ? ChanceKind::kEmpire : ChanceKind::kMinion, p, std::min(3, avail), Next::kInsider);
}

void MwahahahaState::on_insider() {
  if (s_.pending_n == 0) {
    finish_trick();
    return;
  }
  s_.purpose = Purpose::kTopOrder;
  s_.stage = s_.ch_kind == ChanceKind::kEmpire ? Stage::kChooseEmpire : Stage::kSelectMinion;
  s_.actor = static_cast<std::uint8_t>(s_.trick_player);
}

void MwahahahaState::on_evil_laugh() {
  restore_window();
  finish_trick();
}

}  // namespace villainy::mwahahaha
