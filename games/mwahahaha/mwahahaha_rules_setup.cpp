// Mwahahaha! rules, setup and the round (MW-2…MW-5, MW-29 ranking): scientists and devices dealt,
// each round's Dirty Tricks, the phase order set by the richest stockpile, turns, round and game
// end. Each stage's legal actions and effects side by side.
#include <algorithm>
#include <bit>

#include "mwahahaha/mwahahaha.h"

namespace villainy::mwahahaha {

void MwahahahaState::start_round() {
  s_.round++;
  narrate([&](Narrator& n) { n.say("mw.round", {{"n", static_cast<int>(s_.round)}}); });
  const int n = num_players();
  for (int p = 0; p < n; ++p) {
    Seat& st = s_.seats[static_cast<size_t>(p)];
    st.converted = {};
    st.overtime = {};
    st.cashed = st.swapped = st.buy_lock = st.attacks = st.power_used = st.overclock_used = 0;
    st.raw_received = st.raw_extra = 0;
    st.attacked = 0;
  }
  s_.struck = 0;
  s_.world_taken = 0;
  s_.setup_seat = 0;
  s_.phase = Phase::kCreation;
  chance(ChanceKind::kTrick, 0, d_->tricks_per_round, Next::kRoundTricks);
}

void MwahahahaState::start_phase() {
  const int n = num_players();
  int best = -1, nt = 0;
  for (int p = 0; p < n; ++p) best = std::max(best, seat(p).stock_total());
  for (int p = 0; p < n; ++p) nt += seat(p).stock_total() == best;
  if (nt > 1 && g_->tie_random()) {
    chance(ChanceKind::kTie, 0, 1, Next::kPhaseTie);
    return;
  }
  for (int i = 0; i < n; ++i) {
    const int p = (s_.prev_first + i) % n;  // MW-5a: from the previous first player, included
    if (seat(p).stock_total() == best) {
      s_.active = static_cast<std::uint8_t>(p);
      break;
    }
  }
  s_.stage = Stage::kFirstLast;
  s_.actor = s_.active;
  phase_told();
}

// MW-5: who has the richest stockpile and chooses the order.
void MwahahahaState::phase_told() const {
  narrate([&](Narrator& n) {
    static const char* phase[] = {"setup", "creation", "rivalry", "domination", "over"};
    n.say("mw.phase", {{"seat", s_.active}, {"phase", phase[static_cast<int>(s_.phase)]}});
  });
}

void MwahahahaState::begin_turn() {
  const int p = s_.order[s_.order_pos];
  s_.turn = static_cast<std::uint8_t>(p);
  Seat& st = s_.seats[static_cast<size_t>(p)];
  st.turn_actions = 0;
  s_.trades_this_turn = 0;
  s_.threat_made = 0;
  narrate([&](Narrator& n) {
    static const char* phase[] = {"setup", "creation", "rivalry", "domination", "over"};
    n.say("mw.turn", {{"seat", p}, {"phase", phase[static_cast<int>(s_.phase)]}});
  });
  if (s_.phase == Phase::kCreation) {
    refill();  // MW-7: first; then a new device (MW-27)
    return;
  }
  s_.w_excl = static_cast<std::int8_t>(p);
  open_window(Window::kTurn, (p + 1) % num_players(), Next::kTurnMain);
}

void MwahahahaState::open_turn_window() {
  s_.w_excl = static_cast<std::int8_t>(s_.turn);
  open_window(Window::kTurn, (s_.turn + 1) % num_players(), Next::kTurnMain);
}

void MwahahahaState::refill() {
  const int p = s_.turn;
  const int need = d_->hand_size - seat(p).raw_count();
  if (need > 0) {
    chance(ChanceKind::kRaw, p, need, Next::kRefill);
    return;
  }
  resume(Next::kRefill);
}

void MwahahahaState::end_turn() {
  if (s_.phase == Phase::kCreation && g_->trade_open() && s_.open_left == 0 &&
      s_.stage != Stage::kOpenTrade) {
    s_.open_left = static_cast<std::uint8_t>(num_players() - (g_->open_trade_all() ? 0 : 1));
    s_.open_trader = static_cast<std::uint8_t>((s_.turn + 1) % num_players());
    s_.stage = Stage::kOpenTrade;
    s_.actor = s_.open_trader;
    return;
  }
  s_.open_left = 0;
  next_turn();
}

void MwahahahaState::next_turn() {
  const int n = num_players();
  if (++s_.order_pos < n) {
    begin_turn();
    return;
  }
  switch (s_.phase) {
    case Phase::kCreation:
      s_.phase = Phase::kRivalry;
      start_phase();
      break;
    case Phase::kRivalry:
      s_.phase = Phase::kDomination;
      start_phase();
      break;
    default:
      if (g_->round_limit() > 0 && s_.round >= g_->round_limit()) {
        rank_at_limit();
        end_game(Win::kRoundLimit);
      } else {
        start_round();
      }
  }
}

void MwahahahaState::rank_at_limit() {
  // MW-29: highest level succeeded, then tokens on device, then stockpile; ties share.
  const int n = num_players();
  auto key = [&](int p) {
    const Seat& st = seat(p);
    const int lvl =
        st.levels_won ? 32 - std::countl_zero(static_cast<std::uint32_t>(st.levels_won)) : 0;
    return lvl * 1000000 + st.dev_total() * 1000 + st.stock_total();
  };
  int best = -1;
  for (int p = 0; p < n; ++p) best = std::max(best, key(p));
  s_.winners = 0;
  for (int p = 0; p < n; ++p)
    if (key(p) == best) s_.winners |= static_cast<std::uint8_t>(1 << p);
}

void MwahahahaState::end_game(Win w) {
  narrate([&](Narrator& n) {  // the reason each winner won (MW-29, MW-29a, D7)
    nlohmann::json seats = nlohmann::json::array();
    for (int p = 0; p < num_players(); ++p)
      if ((s_.winners >> p) & 1) seats.push_back(p);
    if (w == Win::kWorld)
      n.say("mw.win_world", {{"seat", seats.empty() ? 0 : seats[0].get<int>()}});
    else
      n.say(w == Win::kGuard ? "mw.win_guard" : "mw.win_limit",
            {{"seats", seats}, {"n", static_cast<int>(seats.size())}});
    if (w == Win::kWorld) return;
    for (int p = 0; p < num_players(); ++p) {  // the ranking's figures, all public
      const Seat& st = seat(p);
      const int lvl =
          st.levels_won ? 32 - std::countl_zero(static_cast<std::uint32_t>(st.levels_won)) : 0;
      n.say("mw.rank", {{"seat", p},
                        {"level", lvl ? d_->levels[static_cast<size_t>(lvl - 1)].key : "no_level"},
                        {"dev", st.dev_total()},
                        {"stock", st.stock_total()}});
    }
  });
  s_.threat_on = 0;
  s_.win = w;
  s_.stage = Stage::kTerminal;
  s_.phase = Phase::kOver;
}

void MwahahahaState::legal_pick_scientist(std::vector<Action>& out) const {
  for (int i = 0; i < kNumScientists; ++i)
    if (bit(s_.sci_pool, i)) out.push_back(act::kPickSci + i);
}

void MwahahahaState::apply_pick_scientist(Action a) {
  const int p = s_.actor;
  Seat& st = s_.seats[static_cast<size_t>(p)];
  const int n = num_players();
  st.sci = static_cast<std::int8_t>(a - act::kPickSci);
  s_.sci_pool &= ~(1U << st.sci);
  if (++s_.setup_seat < n) {
    s_.actor = s_.setup_seat;
    return;
  }
  s_.setup_seat = 0;
  s_.pending_n = 0;
  chance(ChanceKind::kDevice, 0, 3, Next::kSetupDevice);
}

void MwahahahaState::legal_keep_device(std::vector<Action>& out) const {
  for (int i = 0; i < s_.pending_n; ++i)
    out.push_back(act::kKeepDevice + s_.pending[static_cast<size_t>(i)]);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
}

void MwahahahaState::apply_keep_device(Action a) {
  const int p = s_.actor;
  Seat& st = s_.seats[static_cast<size_t>(p)];
  const int n = num_players();
  const int dv = a - act::kKeepDevice;
  st.device = static_cast<std::int8_t>(dv);
  st.device_up = 0;
  s_.dev_known[static_cast<size_t>(dv)] = static_cast<std::uint8_t>(1 << p);
  for (int i = 0; i < s_.pending_n; ++i)
    if (s_.pending[static_cast<size_t>(i)] != dv)
      s_.dev_discard |= 1U << s_.pending[static_cast<size_t>(i)];
  s_.pending_n = 0;
  if (s_.phase == Phase::kSetup) {
    if (++s_.setup_seat < n)
      chance(ChanceKind::kDevice, s_.setup_seat, 3, Next::kSetupDevice);
    else
      start_round();
  } else {
    open_turn_window();
  }
}

void MwahahahaState::legal_first_last(std::vector<Action>& out) const {
  out.push_back(act::kGoFirst);
  out.push_back(act::kGoLast);
}

void MwahahahaState::apply_first_last(Action a) {
  const int n = num_players();
  const int act_p = s_.active;
  for (int i = 0; i < n; ++i)
    s_.order[static_cast<size_t>(i)] =
        static_cast<std::int8_t>(a == act::kGoFirst ? (act_p + i) % n : (act_p + 1 + i) % n);
  s_.prev_first = static_cast<std::uint8_t>(s_.order[0]);
  s_.order_pos = 0;
  begin_turn();
}

void MwahahahaState::on_setup_scientist() {
  const int n = num_players();
  if (++s_.setup_seat < n) {
    chance(ChanceKind::kScientist, s_.setup_seat, 1, Next::kSetupScientist);
    return;
  }
  s_.setup_seat = 0;
  s_.pending_n = 0;
  chance(ChanceKind::kDevice, 0, 3, Next::kSetupDevice);
}

// The drawn devices are there: choose one (at setup, or in a Creation turn, MW-27).
void MwahahahaState::on_devices_drawn(bool setup) {
  const int n = num_players();
  if (s_.pending_n == 0) {  // no device left anywhere
    if (setup) {
      if (++s_.setup_seat < n)
        chance(ChanceKind::kDevice, s_.setup_seat, 3, Next::kSetupDevice);
      else
        start_round();
    } else {
      open_turn_window();
    }
    return;
  }
  s_.stage = Stage::kKeepDevice;
  s_.actor = setup ? s_.setup_seat : s_.turn;
}

void MwahahahaState::on_round_tricks() {
  const int n = num_players();
  if (++s_.setup_seat < n) {
    chance(ChanceKind::kTrick, s_.setup_seat, d_->tricks_per_round, Next::kRoundTricks);
    return;
  }
  start_phase();
}

void MwahahahaState::on_phase_tie() {
  s_.stage = Stage::kFirstLast;
  s_.actor = s_.active;
  phase_told();
}

void MwahahahaState::on_refill() {
  if (seat(s_.turn).device < 0) {  // MW-27, after the refill (MW-7 "first")
    s_.pending_n = 0;
    chance(ChanceKind::kDevice, s_.turn, 3, Next::kTurnDevice);
    return;
  }
  open_turn_window();
}

void MwahahahaState::on_turn_main() {
  s_.actor = s_.turn;
  s_.stage = s_.phase == Phase::kCreation  ? Stage::kCreation
             : s_.phase == Phase::kRivalry ? Stage::kRivalry
                                           : Stage::kDomination;
}

}  // namespace villainy::mwahahaha
