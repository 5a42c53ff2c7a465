// Mwahahaha! rules, trades (MW-15, MW-15a; D5, D15, D16, D20): building a proposal, describing
// offered raw cards (Betrayed lies), the answer, handing over requested cards, the open trade
// window. Each stage's legal actions and effects side by side.
#include <algorithm>
#include <bit>

#include "mwahahaha/mwahahaha.h"

namespace villainy::mwahahaha {

int MwahahahaState::receive_cap(int p) const {
  const Seat& st = seat(p);
  int cap = (d_->scientists[static_cast<size_t>(st.sci)].power == kTradeNet ? 2 : 1) + st.raw_extra;
  return std::max(0, cap - st.raw_received);
}

bool MwahahahaState::trade_can_propose() const {
  const int p = s_.trade_proposer, q = s_.trade_partner;
  const bool gives = sum(s_.t_offer_tok) || s_.t_offer_emp || s_.t_offer_min || s_.t_raw_n ||
                     sum(s_.t_offer_trick);
  const bool gets =
      sum(s_.t_ask_tok) || s_.t_ask_emp || s_.t_ask_min || s_.t_ask_raw_n || s_.t_ask_trick;
  if (!gives && !gets) return false;
  const int pe =
      std::popcount(seat(p).empires) - std::popcount(s_.t_offer_emp) + std::popcount(s_.t_ask_emp);
  const int qe =
      std::popcount(seat(q).empires) + std::popcount(s_.t_offer_emp) - std::popcount(s_.t_ask_emp);
  const int pm =
      std::popcount(seat(p).minions) - std::popcount(s_.t_offer_min) + std::popcount(s_.t_ask_min);
  const int qm =
      std::popcount(seat(q).minions) + std::popcount(s_.t_offer_min) - std::popcount(s_.t_ask_min);
  return pe <= d_->max_empires && qe <= d_->max_empires && pm <= d_->max_minions &&
         qm <= d_->max_minions;
}

bool MwahahahaState::trade_can_fulfil() const {
  const Seat& q = seat(s_.trade_partner);
  if (q.trick_count() < s_.t_ask_trick) return false;
  std::array<int, kRawKinds> need{};
  for (int i = 0; i < s_.t_ask_raw_n; ++i)
    need[static_cast<size_t>(s_.t_ask_raw[static_cast<size_t>(i)])]++;
  int shortage = 0;
  for (int k = 0; k < kRawKinds; ++k)
    shortage += std::max(0, need[static_cast<size_t>(k)] - q.raw[static_cast<size_t>(k)]);
  return shortage <= q.raw[kBetrayed] - need[kBetrayed];
}

void MwahahahaState::trade_clear(bool returned) {
  const int p = s_.trade_proposer;
  Seat& st = s_.seats[static_cast<size_t>(p)];
  if (returned) {
    for (int i = 0; i < s_.t_raw_n; ++i)
      st.raw[static_cast<size_t>(s_.t_raw_actual[static_cast<size_t>(i)])]++;
    for (int t = 0; t < kNumTricks; ++t)
      st.tricks[static_cast<size_t>(t)] += s_.t_offer_trick[static_cast<size_t>(t)];
  }
  s_.t_offer_tok = {};
  s_.t_ask_tok = {};
  s_.t_offer_emp = s_.t_ask_emp = s_.t_offer_min = s_.t_ask_min = 0;
  s_.t_raw_actual = {};
  s_.t_raw_desc = {};
  s_.t_ask_raw = {};
  s_.t_raw_n = s_.t_ask_raw_n = s_.t_ask_trick = s_.t_items = s_.t_given = s_.t_peeked = 0;
  s_.t_offer_trick = {};
  s_.t_got_raw = {};
  s_.t_got_trick = {};
  s_.trade_partner = -1;
  s_.trade_proposer = -1;
}

void MwahahahaState::trade_return() {
  if (static_cast<Stage>(s_.frames.pop().arg) == Stage::kOpenTrade) {
    open_trade_next();
    return;
  }
  s_.stage = Stage::kCreation;
  s_.actor = s_.turn;
}

// The next player of an open trade window (MW-15a, D16).
void MwahahahaState::open_trade_next() {
  if (--s_.open_left == 0) {
    next_turn();
    return;
  }
  s_.open_trader = static_cast<std::uint8_t>((s_.open_trader + 1) % num_players());
  s_.stage = Stage::kOpenTrade;
  s_.actor = s_.open_trader;
}

void MwahahahaState::trade_execute() {
  const int p = s_.trade_proposer, q = s_.trade_partner;
  Seat& a = s_.seats[static_cast<size_t>(p)];
  Seat& b = s_.seats[static_cast<size_t>(q)];
  for (int t = 0; t < kTypes; ++t) {
    a.stock[static_cast<size_t>(t)] -= s_.t_offer_tok[static_cast<size_t>(t)];
    b.stock[static_cast<size_t>(t)] += s_.t_offer_tok[static_cast<size_t>(t)];
    b.stock[static_cast<size_t>(t)] -= s_.t_ask_tok[static_cast<size_t>(t)];
    a.stock[static_cast<size_t>(t)] += s_.t_ask_tok[static_cast<size_t>(t)];
  }
  a.empires = (a.empires & ~s_.t_offer_emp) | s_.t_ask_emp;
  b.empires = (b.empires & ~s_.t_ask_emp) | s_.t_offer_emp;
  a.minions = (a.minions & ~s_.t_offer_min) | s_.t_ask_min;
  b.minions = (b.minions & ~s_.t_ask_min) | s_.t_offer_min;
  a.attacked &= ~s_.t_offer_min;
  b.attacked &= ~s_.t_ask_min;
  for (int m = 0; m < kNumMinions; ++m) {
    if (bit(s_.t_offer_min, m))
      s_.min_known[static_cast<size_t>(m)] |= static_cast<std::uint8_t>(1 << q);
    if (bit(s_.t_ask_min, m))
      s_.min_known[static_cast<size_t>(m)] |= static_cast<std::uint8_t>(1 << p);
  }
  // The Betrayed cards are caught in public (D5): which described card each one was.
  narrate([&](Narrator& n) {
    for (int i = 0; i < s_.t_raw_n; ++i)
      if (s_.t_raw_actual[static_cast<size_t>(i)] == kBetrayed)
        n.say("mw.betrayed",
              {{"seat", p},
               {"card", card_key(CardKind::kRaw, s_.t_raw_desc[static_cast<size_t>(i)], *d_)}});
    for (int i = 0; i < s_.t_ask_raw_n; ++i)
      if (s_.t_got_raw[static_cast<size_t>(i)] == kBetrayed)
        n.say("mw.betrayed",
              {{"seat", q},
               {"card", card_key(CardKind::kRaw, s_.t_ask_raw[static_cast<size_t>(i)], *d_)}});
    n.say("mw.traded", {{"seat", p}, {"partner", q}});
  });
  auto receive_raw = [&](int to, int actual) {
    Seat& r = s_.seats[static_cast<size_t>(to)];
    r.raw_received++;
    if (actual == kBetrayed) {  // discarded at once, face up (D5)
      s_.raw_discard[kBetrayed]++;
      s_.stats.betrayed_given++;
      s_.stats.betrayed_caught++;
      return;
    }
    r.raw[static_cast<size_t>(actual)]++;
    for (int v = 0; v < kViewers; ++v)
      s_.known_raw[static_cast<size_t>(v)][static_cast<size_t>(to)][static_cast<size_t>(actual)]++;
  };
  for (int i = 0; i < s_.t_raw_n; ++i) receive_raw(q, s_.t_raw_actual[static_cast<size_t>(i)]);
  for (int i = 0; i < s_.t_ask_raw_n; ++i) receive_raw(p, s_.t_got_raw[static_cast<size_t>(i)]);
  for (int t = 0; t < kNumTricks; ++t) {
    const int x = s_.t_offer_trick[static_cast<size_t>(t)],
              y = s_.t_got_trick[static_cast<size_t>(t)];
    b.tricks[static_cast<size_t>(t)] += static_cast<std::uint8_t>(x);
    a.tricks[static_cast<size_t>(t)] += static_cast<std::uint8_t>(y);
    for (int v = 0; v < kViewers; ++v) {
      s_.known_trick[static_cast<size_t>(v)][static_cast<size_t>(q)][static_cast<size_t>(t)] +=
          static_cast<std::uint8_t>(x);
      s_.known_trick[static_cast<size_t>(v)][static_cast<size_t>(p)][static_cast<size_t>(t)] +=
          static_cast<std::uint8_t>(y);
    }
  }
  s_.stats.trades_accepted++;
  trade_clear(false);
  trade_return();
}

void MwahahahaState::legal_open_trade(std::vector<Action>& out) const {
  const int p = s_.actor;
  const int n = num_players();
  out.push_back(act::kPass);
  for (int q = 0; q < n; ++q)
    if (q != p) out.push_back(act::kTradeWith + q);
}

void MwahahahaState::apply_open_trade(Action a) {
  const int p = s_.actor;
  if (a == act::kPass) {
    open_trade_next();
    return;
  }
  s_.trade_proposer = static_cast<std::int8_t>(p);
  s_.trade_partner = static_cast<std::int8_t>(a - act::kTradeWith);
  s_.frames.push({Next::kReturnFromTrade, static_cast<std::uint8_t>(Stage::kOpenTrade)});
  s_.stage = Stage::kTradeBuild;
}

void MwahahahaState::legal_trade_build(std::vector<Action>& out) const {
  const int p = s_.actor;
  const Seat& st = seat(p);
  const int q = s_.trade_partner;
  const Seat& o = seat(q);
  if (s_.t_items < kMaxTradeItems) {
    for (int t = 0; t < kTypes; ++t)
      if (st.stock[static_cast<size_t>(t)] > s_.t_offer_tok[static_cast<size_t>(t)])
        out.push_back(act::kOfferToken + t);
    for (int t = 0; t < kTypes; ++t)
      if (o.stock[static_cast<size_t>(t)] > s_.t_ask_tok[static_cast<size_t>(t)])
        out.push_back(act::kAskToken + t);
    for (int e = 0; e < kNumEmpires; ++e)
      if (bit(st.empires, e) && !bit(s_.t_offer_emp, e)) out.push_back(act::kOfferEmpire + e);
    for (int e = 0; e < kNumEmpires; ++e)
      if (bit(o.empires, e) && !bit(s_.t_ask_emp, e)) out.push_back(act::kAskEmpire + e);
    for (int m = 0; m < kNumMinions; ++m)
      if (bit(st.minions, m) && !bit(s_.t_offer_min, m)) out.push_back(act::kOfferMinion + m);
    for (int m = 0; m < kNumMinions; ++m)
      if (bit(o.minions, m) && !bit(s_.t_ask_min, m) && minion_known(m, p))
        out.push_back(act::kAskMinion + m);
    if (s_.t_raw_n < receive_cap(q))
      for (int k = 0; k < kRawKinds; ++k)
        if (st.raw[static_cast<size_t>(k)]) out.push_back(act::kOfferRaw + k);
    if (s_.t_ask_raw_n < receive_cap(p) && o.raw_count() > s_.t_ask_raw_n)
      for (int k = 0; k < 13; ++k) out.push_back(act::kAskRaw + k);
    for (int t = 0; t < kNumTricks; ++t)
      if (st.tricks[static_cast<size_t>(t)]) out.push_back(act::kOfferTrick + t);
    if (o.trick_count() > s_.t_ask_trick) out.push_back(act::kAskTrick);
  }
  if (trade_can_propose()) out.push_back(act::kPropose);
  out.push_back(act::kCancelTrade);
  std::sort(out.begin(), out.end());
}

void MwahahahaState::apply_trade_build(Action a) {
  const int p = s_.actor;
  Seat& st = s_.seats[static_cast<size_t>(p)];
  const int q = s_.trade_partner;
  if (a == act::kPropose) {
    s_.stats.trades_proposed++;
    s_.stage = Stage::kTradeAnswer;
    s_.actor = static_cast<std::uint8_t>(q);
    return;
  }
  if (a == act::kCancelTrade) {
    trade_clear(true);
    trade_return();
    return;
  }
  s_.t_items++;
  if (a >= act::kOfferToken && a < act::kOfferToken + kTypes)
    s_.t_offer_tok[static_cast<size_t>(a - act::kOfferToken)]++;
  else if (a >= act::kAskToken && a < act::kAskToken + kTypes)
    s_.t_ask_tok[static_cast<size_t>(a - act::kAskToken)]++;
  else if (a >= act::kOfferEmpire && a < act::kOfferEmpire + kNumEmpires)
    s_.t_offer_emp |= 1ULL << (a - act::kOfferEmpire);
  else if (a >= act::kAskEmpire && a < act::kAskEmpire + kNumEmpires)
    s_.t_ask_emp |= 1ULL << (a - act::kAskEmpire);
  else if (a >= act::kOfferMinion && a < act::kOfferMinion + kNumMinions) {
    const int m = a - act::kOfferMinion;
    s_.t_offer_min |= 1ULL << m;
    s_.min_known[static_cast<size_t>(m)] |=
        static_cast<std::uint8_t>(1 << q);  // described truthfully
  } else if (a >= act::kAskMinion && a < act::kAskMinion + kNumMinions)
    s_.t_ask_min |= 1ULL << (a - act::kAskMinion);
  else if (a >= act::kOfferRaw && a < act::kOfferRaw + kRawKinds) {
    const int k = a - act::kOfferRaw;
    st.raw[static_cast<size_t>(k)]--;  // what others learn of it comes with its description
    s_.t_raw_actual[s_.t_raw_n] = static_cast<std::int8_t>(k);
    s_.t_raw_desc[s_.t_raw_n] = static_cast<std::int8_t>(k);
    s_.t_raw_n++;
    s_.stage = Stage::kDescribe;  // every offered card is described (honestly unless Betrayed)
  } else if (a >= act::kAskRaw && a < act::kAskRaw + 13)
    s_.t_ask_raw[s_.t_ask_raw_n++] = static_cast<std::int8_t>(a - act::kAskRaw);
  else if (a >= act::kOfferTrick && a < act::kOfferTrick + kNumTricks) {
    const int t = a - act::kOfferTrick;
    st.tricks[static_cast<size_t>(t)]--;
    public_trick_loss(p, t);
    s_.t_offer_trick[static_cast<size_t>(t)]++;
  } else if (a == act::kAskTrick)
    s_.t_ask_trick++;
}

void MwahahahaState::legal_describe(std::vector<Action>& out) const {
  if (s_.t_raw_actual[static_cast<size_t>(s_.t_raw_n - 1)] == kBetrayed)
    for (int k = 0; k < 13; ++k) out.push_back(act::kDescribeAs + k);
  else
    out.push_back(act::kDescribeAs + s_.t_raw_actual[static_cast<size_t>(s_.t_raw_n - 1)]);
}

void MwahahahaState::apply_describe(Action a) {
  const int p = s_.actor;
  const int k = a - act::kDescribeAs;
  s_.t_raw_desc[s_.t_raw_n - 1] = static_cast<std::int8_t>(k);
  described_raw_loss(p, k);
  s_.stage = Stage::kTradeBuild;
}

void MwahahahaState::legal_trade_answer(std::vector<Action>& out) const {
  const int p = s_.actor;
  const Seat& st = seat(p);
  bool ok = trade_can_fulfil();
  const Seat& pr = seat(s_.trade_proposer);
  for (int t = 0; t < kTypes; ++t)
    ok &= st.stock[static_cast<size_t>(t)] >= s_.t_ask_tok[static_cast<size_t>(t)];
  ok &= (st.empires & s_.t_ask_emp) == s_.t_ask_emp && (st.minions & s_.t_ask_min) == s_.t_ask_min;
  ok &= (pr.empires & s_.t_offer_emp) == s_.t_offer_emp && trade_can_propose();
  if (ok) out.push_back(act::kAccept);
  out.push_back(act::kDecline);
  if (d_->scientists[static_cast<size_t>(st.sci)].power == kHypnotic && !st.power_used &&
      s_.t_raw_n > 0 && !s_.t_peeked)  // D20: the partner picks the card
    for (int i = 0; i < (g_->peek_first() ? 1 : s_.t_raw_n); ++i) out.push_back(act::kPeek + i);
}

void MwahahahaState::apply_trade_answer(Action a) {
  const int p = s_.actor;
  Seat& st = s_.seats[static_cast<size_t>(p)];
  if (a >= act::kPeek && a < act::kPeek + kMaxTradeItems) {
    st.power_used = 1;
    s_.t_peeked = static_cast<std::uint8_t>(a - act::kPeek + 1);  // which card (D20)
    return;
  }
  if (a == act::kDecline) {
    trade_clear(true);
    trade_return();
    return;
  }
  if (s_.t_ask_raw_n > 0 || s_.t_ask_trick > 0) {
    s_.t_given = 0;
    s_.stage = Stage::kTradeGive;
    return;
  }
  trade_execute();
}

void MwahahahaState::legal_trade_give(std::vector<Action>& out) const {
  const int p = s_.actor;
  const Seat& st = seat(p);
  if (s_.t_given < s_.t_ask_raw_n) {
    const int want = s_.t_ask_raw[s_.t_given];
    for (int k : {want, static_cast<int>(kBetrayed)}) {
      if (!st.raw[static_cast<size_t>(k)]) continue;
      if (k == kBetrayed && want == kBetrayed) continue;  // pushed as `want`
      // The remaining requests must stay fulfillable after giving k.
      std::array<int, kRawKinds> hand{};
      for (int x = 0; x < kRawKinds; ++x)
        hand[static_cast<size_t>(x)] = st.raw[static_cast<size_t>(x)];
      hand[static_cast<size_t>(k)]--;
      std::array<int, kRawKinds> need{};
      for (int i = s_.t_given + 1; i < s_.t_ask_raw_n; ++i)
        need[static_cast<size_t>(s_.t_ask_raw[static_cast<size_t>(i)])]++;
      int shortage = 0;
      for (int x = 0; x < kRawKinds; ++x)
        shortage += std::max(0, need[static_cast<size_t>(x)] - hand[static_cast<size_t>(x)]);
      if (shortage <= hand[kBetrayed] - need[kBetrayed]) out.push_back(act::kGiveRaw + k);
    }
    std::sort(out.begin(), out.end());
  } else {
    for (int t = 0; t < kNumTricks; ++t)
      if (st.tricks[static_cast<size_t>(t)]) out.push_back(act::kSelectTrick + t);
  }
}

void MwahahahaState::apply_trade_give(Action a) {
  const int p = s_.actor;
  Seat& st = s_.seats[static_cast<size_t>(p)];
  if (a >= act::kGiveRaw && a < act::kGiveRaw + kRawKinds) {
    const int k = a - act::kGiveRaw;
    st.raw[static_cast<size_t>(k)]--;
    described_raw_loss(p, s_.t_ask_raw[s_.t_given]);
    s_.t_got_raw[s_.t_given++] = static_cast<std::int8_t>(k);
  } else {
    const int t = a - act::kSelectTrick;
    st.tricks[static_cast<size_t>(t)]--;
    public_trick_loss(p, t);
    s_.t_got_trick[static_cast<size_t>(t)]++;
    s_.t_given++;
  }
  if (s_.t_given >= s_.t_ask_raw_n + s_.t_ask_trick) trade_execute();
}

}  // namespace villainy::mwahahaha
