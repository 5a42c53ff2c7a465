// Mwahahaha! rules, the Creation phase (MW-7…MW-14): refill, convert within capacity, sacrifice,
// buy Empires and Minions, invest, cash in, feed the sharks, swap Dirty Tricks. Trades (MW-15) are
// in mwahahaha_rules_trade.cpp. Each stage's legal actions and effects side by side.
#include <algorithm>
#include <bit>

#include "mwahahaha/mwahahaha.h"

namespace villainy::mwahahaha {

int MwahahahaState::effective_cap(int p, int type) const {
  const Seat& st = seat(p);
  if (st.sci < 0) return 0;  // before the scientists are dealt
  int c = d_->scientists[static_cast<size_t>(st.sci)].rating[static_cast<size_t>(type)] +
          st.overtime[static_cast<size_t>(type)];
  for (std::uint64_t m = st.empires & ~s_.struck; m; m &= m - 1)  // its Empires not struck
    c += d_->empires[static_cast<size_t>(std::countr_zero(m))].cap[static_cast<size_t>(type)];
  return c;
}

int MwahahahaState::capacity_left(int p, int type) const {
  return std::max(0, effective_cap(p, type) - seat(p).converted[static_cast<size_t>(type)]);
}

// Cash-in with its follow-ups (Shell Companies type choice, Front Business draw); `after`: back to
// the Creation turn, or finish the Dirty Trick that forced it.
void MwahahahaState::cash_in(int p, int e, bool forced, Next after) {
  const EmpireCard& ec = d_->empires[static_cast<size_t>(e)];
  for (int t = 0; t < kTypes; ++t) gain_token(p, t, ec.cash[static_cast<size_t>(t)]);
  discard_empire(e);
  Seat& st = s_.seats[static_cast<size_t>(p)];
  if (!forced) st.cashed = 1;
  s_.cash_front = ec.front;
  s_.frames.push({after});
  s_.ch_player = static_cast<std::uint8_t>(p);
  if (d_->scientists[static_cast<size_t>(st.sci)].power == kShell && !st.power_used) {
    st.power_used = 1;
    s_.purpose = Purpose::kShell;
    s_.stage = Stage::kType;
    s_.actor = static_cast<std::uint8_t>(p);
    s_.gain_player = static_cast<std::uint8_t>(p);
    return;
  }
  s_.gain_player = static_cast<std::uint8_t>(p);
  cash_continue();
}

void MwahahahaState::cash_continue() {
  if (s_.cash_front) {
    s_.cash_front = 0;
    draw(ChanceKind::kTrick, s_.gain_player, 1);
    return;
  }
  resume_top();
}

void MwahahahaState::legal_creation(std::vector<Action>& out) const {
  const int p = s_.actor;
  const Seat& st = seat(p);
  const int n = num_players();
  out.push_back(act::kEndTurn);  // D6: no cap on the turn's actions
  {
    const bool oc =
        d_->scientists[static_cast<size_t>(st.sci)].power == kOverclock && !st.overclock_used;
    const bool ask = g_->powers_ask();  // D11: Overclock a choice (convert-overclock:)
    for (int k = 0; k < 12; ++k) {
      if (!st.raw[static_cast<size_t>(k)]) continue;
      const int left = capacity_left(p, k / 3);
      if (left > 0 || (oc && !ask)) out.push_back(act::kConvert + k);
      if (oc && ask && d_->raw_kinds[static_cast<size_t>(k)].value > left)
        out.push_back(act::kConvertOver + k);
    }
    if (st.raw[kWild])
      for (int t = 0; t < kTypes; ++t) {
        const int left = capacity_left(p, t);
        if (left > 0 || (oc && !ask)) out.push_back(act::kConvertWild + t);
        if (oc && ask && d_->wild_value > left) out.push_back(act::kConvertWildOver + t);
      }
  }
  if (g_->sacrifice_on() && st.raw_count() >= d_->sacrifice_cards)
    for (int t = 0; t < kTypes; ++t)
      if (d_->scientists[static_cast<size_t>(st.sci)].rating[static_cast<size_t>(t)] == 0)
        out.push_back(act::kSacrifice + t);
  if (std::popcount(st.empires) < d_->max_empires && st.stock_total() >= d_->empire_cost &&
      drawable(0) > 0)
    out.push_back(act::kBuyEmpire);
  if (std::popcount(st.minions) < d_->max_minions && st.stock_total() >= d_->minion_cost &&
      !st.buy_lock && drawable(1) > 0)
    out.push_back(act::kBuyMinion);
  if (st.device >= 0)
    for (int t = 0; t < kTypes; ++t)
      if (st.stock[static_cast<size_t>(t)]) out.push_back(act::kInvest + t);
  if (!st.cashed)
    for (std::uint64_t b = st.empires; b; b &= b - 1)
      out.push_back(act::kCashIn + std::countr_zero(b));
  {
    int feed = 0;
    for (std::uint64_t b = st.minions; b; b &= b - 1) {
      const int m = std::countr_zero(b);
      out.push_back(act::kDiscardMinion + m);
      feed += d_->minions[static_cast<size_t>(m)].ability == kFeedsAsTwo ? 2 : 1;
    }
    if (feed >= 3 && !(st.man_sources & kSrcSharks) && st.maniacal < 3)
      out.push_back(act::kFeedSharks);
  }
  if (!st.swapped && st.trick_count() >= 2) out.push_back(act::kSwapTricks);
  legal_main_tricks(out, p);
  if (s_.trades_this_turn < 2)
    for (int q = 0; q < n; ++q)
      if (q != p) out.push_back(act::kTradeWith + q);
  std::sort(out.begin(), out.end());
}

void MwahahahaState::apply_creation(Action a) {
  const int p = s_.actor;
  Seat& st = s_.seats[static_cast<size_t>(p)];
  const int n = num_players();
  if (a == act::kEndTurn) {
    end_turn();
    return;
  }
  if (a < act::kPlay || a >= act::kPlay + kNumTricks) count_action(p);  // plays: finish_trick
  s_.conv_over = 0;
  if (a >= act::kConvertOver && a < act::kConvertWildOver + kTypes) {
    s_.conv_over = 1;
    a = a < act::kConvertWildOver ? act::kConvert + (a - act::kConvertOver)
                                  : act::kConvertWild + (a - act::kConvertWildOver);
  }
  if (a >= act::kConvert && a < act::kConvertWild + kTypes) {
    const bool wild = a >= act::kConvertWild;
    const int k = wild ? kWild : a - act::kConvert;
    st.raw[static_cast<size_t>(k)]--;
    public_raw_loss(p, k);
    s_.conv_kind = static_cast<std::uint8_t>(k);
    s_.conv_type = static_cast<std::uint8_t>(wild ? a - act::kConvertWild : k / 3);
    s_.conv_cancel = 0;
    s_.conv_pending = 1;
    s_.w_excl = static_cast<std::int8_t>(p);
    open_window(Window::kConvert, (p + 1) % n, Next::kConvert);
    return;
  }
  if (a >= act::kSacrifice && a < act::kSacrifice + kTypes) {
    s_.sac_type = static_cast<std::uint8_t>(a - act::kSacrifice);
    s_.select_left = static_cast<std::uint8_t>(d_->sacrifice_cards);
    s_.stage = Stage::kSacrificeSelect;
    return;
  }
  if (a == act::kBuyEmpire || a == act::kBuyMinion) {
    s_.pay_for = a == act::kBuyEmpire ? 0 : 1;
    s_.pay_left =
        static_cast<std::uint8_t>(a == act::kBuyEmpire ? d_->empire_cost : d_->minion_cost);
    // A card file may set a cost of 0 (rules.empire_cost, minion_cost): nothing to pay.
    if (s_.pay_left == 0)
      finish_purchase(p);
    else
      s_.stage = Stage::kPay;
    return;
  }
  if (a >= act::kInvest && a < act::kInvest + kTypes) {
    st.stock[static_cast<size_t>(a - act::kInvest)]--;
    st.dev[static_cast<size_t>(a - act::kInvest)]++;
    return;
  }
  if (a >= act::kCashIn && a < act::kCashIn + kNumEmpires) {
    cash_in(p, a - act::kCashIn, false, Next::kCreationMain);
    return;
  }
  if (a >= act::kDiscardMinion && a < act::kDiscardMinion + kNumMinions) {
    discard_minion(a - act::kDiscardMinion);
    return;
  }
  if (a == act::kFeedSharks) {
    s_.select_left = 3;
    s_.purpose = Purpose::kFeed;
    s_.stage = Stage::kFeedSelect;
    return;
  }
  if (a == act::kSwapTricks) {
    s_.select_left = 2;
    s_.stage = Stage::kSwapSelect;
    return;
  }
  if (a >= act::kPlay && a < act::kPlay + kNumTricks) {
    play_trick(p, a - act::kPlay);
    return;
  }
  if (a >= act::kTradeWith && a < act::kTradeWith + kMaxPlayers) {
    s_.trades_this_turn++;
    s_.trade_proposer = static_cast<std::int8_t>(p);
    s_.trade_partner = static_cast<std::int8_t>(a - act::kTradeWith);
    s_.frames.push({Next::kReturnFromTrade, static_cast<std::uint8_t>(Stage::kCreation)});
    s_.stage = Stage::kTradeBuild;
    return;
  }
}

void MwahahahaState::on_convert() {
  Seat& st = s_.seats[s_.turn];
  s_.raw_discard[s_.conv_kind]++;
  s_.conv_pending = 0;
  if (!s_.conv_cancel) {
    const int t = s_.conv_type;
    const int value = s_.conv_kind == kWild ? d_->wild_value : d_->raw_kinds[s_.conv_kind].value;
    const int left = capacity_left(s_.turn, t);
    int gain = std::min(value, left);
    const bool use = g_->powers_ask() ? s_.conv_over != 0 : true;  // D11
    if (use && value > left && d_->scientists[static_cast<size_t>(st.sci)].power == kOverclock &&
        !st.overclock_used) {
      st.overclock_used = 1;  // MW-31: spent only if the conversion resolves
      ++gain;
    }
    st.converted[static_cast<size_t>(t)] =
        static_cast<std::uint8_t>(st.converted[static_cast<size_t>(t)] + gain);
    gain_token(s_.turn, t, gain);
  }
  s_.conv_cancel = 0;
  s_.stage = Stage::kCreation;
  s_.actor = s_.turn;
}

void MwahahahaState::on_creation_main() {
  s_.stage = Stage::kCreation;
  s_.actor = s_.turn;
}

void MwahahahaState::legal_sacrifice_select(std::vector<Action>& out) const {
  const Seat& st = seat(s_.actor);
  for (int k = 0; k < kRawKinds; ++k)
    if (st.raw[static_cast<size_t>(k)]) out.push_back(act::kSelectRaw + k);
}

void MwahahahaState::apply_sacrifice_select(Action a) {
  const int p = s_.actor;
  Seat& st = s_.seats[static_cast<size_t>(p)];
  const int k = a - act::kSelectRaw;
  st.raw[static_cast<size_t>(k)]--;
  s_.raw_discard[static_cast<size_t>(k)]++;
  public_raw_loss(p, k);
  if (--s_.select_left == 0) {
    gain_token(p, s_.sac_type);
    s_.stage = Stage::kCreation;
  }
}

void MwahahahaState::legal_swap_select(std::vector<Action>& out) const {
  const Seat& st = seat(s_.actor);
  for (int t = 0; t < kNumTricks; ++t)
    if (st.tricks[static_cast<size_t>(t)]) out.push_back(act::kSelectTrick + t);
}

void MwahahahaState::apply_swap_select(Action a) {
  const int p = s_.actor;
  Seat& st = s_.seats[static_cast<size_t>(p)];
  const int t = a - act::kSelectTrick;
  st.tricks[static_cast<size_t>(t)]--;
  s_.trick_discard[static_cast<size_t>(t)]++;
  public_trick_loss(p, t);
  if (--s_.select_left == 0) {
    st.swapped = 1;
    chance(ChanceKind::kTrick, p, 1, Next::kCreationMain);
  }
}

void MwahahahaState::legal_pay(std::vector<Action>& out) const {
  const int p = s_.actor;
  const Seat& st = seat(p);
  for (int t = 0; t < kTypes; ++t)
    if (st.stock[static_cast<size_t>(t)]) out.push_back(act::kPay + t);
}

void MwahahahaState::apply_pay(Action a) {
  const int p = s_.actor;
  Seat& st = s_.seats[static_cast<size_t>(p)];
  st.stock[static_cast<size_t>(a - act::kPay)]--;
  if (--s_.pay_left == 0) finish_purchase(p);
}

void MwahahahaState::finish_purchase(int p) {
  Seat& st = s_.seats[static_cast<size_t>(p)];
  if (s_.pay_for == 0) {
    chance(ChanceKind::kEmpire, p, 1, Next::kCreationMain);
  } else if (d_->scientists[static_cast<size_t>(st.sci)].power == kAssembly && !st.power_used) {
    st.power_used = 1;
    s_.pending_n = 0;
    chance(ChanceKind::kMinion, p, 2, Next::kAssembly);
  } else {
    chance(ChanceKind::kMinion, p, 1, Next::kCreationMain);
  }
}

void MwahahahaState::on_assembly() {
  if (s_.pending_n == 0) {
    resume(Next::kCreationMain);
    return;
  }
  if (s_.pending_n == 1) {
    const int m = s_.pending[0];
    s_.seats[s_.turn].minions |= 1ULL << m;
    s_.min_known[static_cast<size_t>(m)] = static_cast<std::uint8_t>(1 << s_.turn);
    s_.pending_n = 0;
    resume(Next::kCreationMain);
    return;
  }
  s_.purpose = Purpose::kAssembly;
  s_.stage = Stage::kSelectMinion;
  s_.actor = s_.turn;
}

void MwahahahaState::apply_feed_select(Action a) {
  const int p = s_.actor;
  Seat& st = s_.seats[static_cast<size_t>(p)];
  const int m = a - act::kSelectMinion;
  const int w = d_->minions[static_cast<size_t>(m)].ability == kFeedsAsTwo ? 2 : 1;
  discard_minion(m);
  s_.select_left = static_cast<std::uint8_t>(std::max(0, s_.select_left - w));
  if (s_.select_left == 0) {
    st.buy_lock = 1;  // MW-13a: even if the counter is blocked
    if (st.maniacal < 3 && !(st.man_sources & kSrcSharks)) {
      st.maniacal++;
      st.man_sources |= kSrcSharks;
      s_.stats.maniacal_gained[static_cast<size_t>(p)]++;
      narrate([&](Narrator& n) { n.say("mw.maniacal", {{"seat", p}}); });
    }
    s_.purpose = Purpose::kNone;
    s_.stage = Stage::kCreation;
  }
}

}  // namespace villainy::mwahahaha
