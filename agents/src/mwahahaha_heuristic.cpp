// The rule-based heuristic for Mwahahaha! ("heuristic").
//
// It decides from a determinization of its seat's information (DecisionContext::sample_state) and
// reads only its own cards and the public table there, so it never cheats. Strategy:
// - Economy: convert every card it can, Wild cards into the type its device lacks most; sacrifice
//   Betrayed (and a spare card) for a resource its Lair cannot produce; buy up to 2 Empires and 3
//   Minions early; invest every token the next device level needs; cash in an Empire only when
//   that completes a level.
// - Device: keeps the drawn device whose World requirement its Lair produces most cheaply.
// - Trading: proposes 1:1 token swaps (a surplus token for a token its device needs) to a player
//   who has it; when it holds a Betrayed card it sometimes offers it, described as a valuable card,
//   for a needed token (a lie). Answering, it values a described raw card at 30% (60% when it is of
//   a type it needs and can convert; wary of lies), accepts when it gains at least what it gives,
//   and uses Hypnotic Bargain when it can.
// - Rivalry: attacks when its dice beat the defence's expected dice (a Lair for the type in which
//   the richest rival holds most tokens, or an Empire), sends every fitting Minion, defends with
//   every fitting Minion, kills the weakest Minions first, plunders device tokens first.
// - Domination: threatens at its capability when that level is new to it (no Humiliation) or is
//   World; ransom in the types it needs; after a failure it flees and keeps the device unless it
//   already has 2 Humiliation counters (then it retaliates on its smallest pile).
// - Dirty Tricks: plays the free gains at once (Embezzlement, Brilliant Idea, Evil Laugh, Overtime
//   when a card would overflow), boosts its own attacks and threats, and uses the reactive cards
//   against rivals' threats (Superhero Intervention, Civil Defence Drill, Media Blackout) and for
//   itself (Scapegoat, Ambush, Secret Vault, Field Medic); Sabotage hits the rival with the most
//   tokens on its device. Everything else: pass.
#include <algorithm>
#include <bit>

#include "mwahahaha/mwahahaha.h"
#include "villainy/agents/agents.h"

namespace villainy {
namespace {
using namespace mwahahaha;

class MwHeuristic : public Agent, public DeterminizedAgent {
 public:
  std::string name() const override { return "heuristic"; }

  Action act(const DecisionContext& ctx, Rng& rng) override {
    const auto& legal = ctx.legal_actions();
    if (legal.size() == 1) return legal[0];
    ctx.sample_state_into(sampled_, rng);  // reused: no allocation per decision
    return decide(static_cast<const MwahahahaState&>(*sampled_), ctx.player(), legal, rng);
  }
  // On a search's determinization as given (ismcts:resample=off): faster, but as a rollout
  // policy every player then decides on the searcher's sample (docs/bots.md: weaker).
  Action act_on(const State& det, const std::vector<Action>& legal, Rng& rng) override {
    if (legal.size() == 1) return legal[0];
    return decide(static_cast<const MwahahahaState&>(det), det.current_player(), legal, rng);
  }

 private:
  Action decide(const MwahahahaState& s, int me, const std::vector<Action>& legal, Rng& rng) {
    me_ = me;
    // What the device needs, once per decision (every action's value reads it).
    def_ = deficit(s, me);
    need_ = most_needed(s, me, def_);
    sur_ = surplus_type(s, me, def_);
    Action best = legal[0];
    double best_v = -1e18;
    for (Action a : legal) {
      const double v = value(s, a, rng) + rng.uniform() * 1e-3;
      if (v > best_v) {
        best_v = v;
        best = a;
      }
    }
    return best;
  }

  std::unique_ptr<State> sampled_;  // the determinization slot, reused across decisions
  int me_ = 0;
  std::array<int, kTypes> def_{};  // deficit(s, me_) of the decision being made
  int need_ = 0, sur_ = -1;        // most_needed and surplus_type of it

  // Tokens the device still needs per type for the next level (World at most).
  static std::array<int, kTypes> deficit(const MwahahahaState& s, int p) {
    std::array<int, kTypes> d{};
    const Seat& st = s.seat(p);
    if (st.device < 0) return {1, 1, 1, 1};
    const int next = std::min(3, s.capability(p));
    const DeviceCard& dv = s.data().devices[static_cast<size_t>(st.device)];
    for (int t = 0; t < kTypes; ++t)
      d[static_cast<size_t>(t)] =
          std::max(0, dv.req[static_cast<size_t>(next)][static_cast<size_t>(t)] -
                          st.dev[static_cast<size_t>(t)]);
    return d;
  }
  static int most_needed(const MwahahahaState& s, int p, const std::array<int, kTypes>& d) {
    int best = 0;
    for (int t = 1; t < kTypes; ++t)
      if (d[static_cast<size_t>(t)] - s.seat(p).stock[static_cast<size_t>(t)] >
          d[static_cast<size_t>(best)] - s.seat(p).stock[static_cast<size_t>(best)])
        best = t;
    return best;
  }
  static int surplus_type(const MwahahahaState& s, int p, const std::array<int, kTypes>& d) {
    int best = -1, most = 0;
    for (int t = 0; t < kTypes; ++t) {
      const int extra = s.seat(p).stock[static_cast<size_t>(t)] - d[static_cast<size_t>(t)];
      if (extra > most) {
        most = extra;
        best = t;
      }
    }
    return best;
  }
  static int richest_rival(const MwahahahaState& s, int me) {
    int best = -1, v = -1;
    for (int p = 0; p < s.num_players(); ++p)
      if (p != me && s.seat(p).dev_total() * 2 + s.seat(p).stock_total() > v) {
        v = s.seat(p).dev_total() * 2 + s.seat(p).stock_total();
        best = p;
      }
    return best;
  }
  static int my_dice_for(const MwahahahaState& s, int me, int icons) {
    int n = 0, k = 0;
    std::array<int, kNumMinions> vals{};
    for (int m = 0; m < kNumMinions; ++m)
      if (((s.seat(me).minions >> m) & 1) && !((s.seat(me).attacked >> m) & 1) &&
          ((icons >> s.data().minions[static_cast<size_t>(m)].type) & 1))
        vals[static_cast<size_t>(k++)] = s.data().minions[static_cast<size_t>(m)].value;
    std::sort(vals.begin(), vals.begin() + k, std::greater<>());
    for (int i = 0; i < std::min(k, 3); ++i) n += vals[static_cast<size_t>(i)];
    return n;
  }
  static int defence_guess(const MwahahahaState& s, int q, int icons) {
    int n = 0;
    for (int m = 0; m < kNumMinions; ++m)
      if (((s.seat(q).minions >> m) & 1) && s.minion_face_up(m) &&
          ((icons >> s.data().minions[static_cast<size_t>(m)].type) & 1))
        n += s.data().minions[static_cast<size_t>(m)].value;
    int hidden = 0;
    for (int m = 0; m < kNumMinions; ++m)
      if (((s.seat(q).minions >> m) & 1) && !s.minion_face_up(m)) ++hidden;
    return std::min(n, 5) + hidden / 2;
  }

  // The value of a main action of a Creation turn (MW-7…MW-15).
  double creation_value(const MwahahahaState& s, Action a, Rng& rng) const {
    const CardData& d = s.data();
    const Seat& st = s.seat(me_);
    const auto& def = def_;
    if (a == act::kEndTurn) return 0;
    if (a >= act::kConvert && a < act::kConvert + 12) {
      const int k = a - act::kConvert, t = k / 3;
      return 10 + std::min(d.raw_kinds[static_cast<size_t>(k)].value, s.capacity_left(me_, t)) * 3 +
             def[static_cast<size_t>(t)];
    }
    if (a >= act::kConvertOver && a < act::kConvertOver + 12) return 14;  // powers=ask
    if (a >= act::kConvertWildOver && a < act::kConvertWildOver + kTypes) return 13;
    if (a >= act::kConvertWild && a < act::kConvertWild + kTypes) {
      const int t = a - act::kConvertWild;
      return 9 + std::min(d.wild_value, s.capacity_left(me_, t)) * 3 +
             def[static_cast<size_t>(t)] * 2;
    }
    if (a >= act::kSacrifice && a < act::kSacrifice + kTypes)
      return st.raw[kBetrayed] > 0 && def[static_cast<size_t>(a - act::kSacrifice)] > 0 ? 8 : -5;
    if (a >= act::kInvest && a < act::kInvest + kTypes) {
      const int t = a - act::kInvest;
      if (def[static_cast<size_t>(t)] > 0) return 20;
      return (st.stock[static_cast<size_t>(t)] > 2 && s.capability(me_) >= 3) ? 2 : -1;
    }
    if (a == act::kBuyEmpire)
      return s.round() < 15 && std::popcount(st.empires) < 2 && st.stock_total() >= 3 ? 6 : -2;
    if (a == act::kBuyMinion)
      return s.round() < 25 && std::popcount(st.minions) < 3 && st.stock_total() >= 2 ? 5 : -2;
    if (a >= act::kCashIn && a < act::kCashIn + kNumEmpires) {
      const EmpireCard& e = d.empires[static_cast<size_t>(a - act::kCashIn)];
      int helps = 0;
      for (int t = 0; t < kTypes; ++t)
        helps += std::min(e.cash[static_cast<size_t>(t)], def[static_cast<size_t>(t)]);
      int total_def = def[0] + def[1] + def[2] + def[3];
      return (helps > 0 && helps + st.stock_total() >= total_def && s.round() > 10) ? 4 : -3;
    }
    if (a >= act::kPlay && a < act::kPlay + kNumTricks) return trick_value(s, a - act::kPlay, true);
    if (a >= act::kTradeWith && a < act::kTradeWith + kMaxPlayers)
      return trade_with_value(s, a, rng);
    return -3;  // discards, feeding, swapping
  }

  // NOLINTNEXTLINE(readability-function-size)
  double value(const MwahahahaState& s, Action a, Rng& rng) const {
    // Long on purpose: one case per stage, the Creation turn apart; to split by phase.
    const CardData& d = s.data();
    const Seat& st = s.seat(me_);
    const auto& def = def_;
    const int need = need_;
    switch (s.stage()) {
      case Stage::kPickSci:
        return -a;
      case Stage::kKeepDevice: {
        const DeviceCard& dv = d.devices[static_cast<size_t>(a - act::kKeepDevice)];
        double cost = 0;
        for (int t = 0; t < kTypes; ++t)
          cost +=
              dv.req[3][static_cast<size_t>(t)] *
              (d.scientists[static_cast<size_t>(st.sci)].rating[static_cast<size_t>(t)] == 0 ? 3.0
                                                                                             : 1.0);
        return -cost;
      }
      case Stage::kFirstLast:
        return a == act::kGoFirst ? 1 : 0;
      case Stage::kCreation:
        return creation_value(s, a, rng);
      case Stage::kOpenTrade:
        return a == act::kPass ? 0 : trade_with_value(s, a, rng);
      case Stage::kTradeBuild: {
        const auto& c = s.core();
        const int q = c.trade_partner;
        const bool asked = c.t_ask_tok[0] + c.t_ask_tok[1] + c.t_ask_tok[2] + c.t_ask_tok[3] > 0;
        const bool offered =
            c.t_offer_tok[0] + c.t_offer_tok[1] + c.t_offer_tok[2] + c.t_offer_tok[3] + c.t_raw_n >
            0;
        if (a == act::kPropose) return asked && offered ? 10 : -10;
        if (a == act::kCancelTrade) return c.t_items >= 3 ? 5 : -5;
        if (!asked && a == act::kAskToken + need && s.seat(q).stock[static_cast<size_t>(need)] > 0)
          return 8;
        if (asked && !offered) {
          if (a == act::kOfferRaw + kBetrayed) return 9;
          const int sur = sur_;
          if (sur >= 0 && a == act::kOfferToken + sur) return 7;
        }
        return -8;
      }
      case Stage::kDescribe: {
        const int k = a - act::kDescribeAs;
        // The lie: a valuable card of the type the partner's Lair cannot produce.
        if (k >= 12) return 1;
        const Seat& q = s.seat(s.trade_partner());
        return d.raw_kinds[static_cast<size_t>(k)].value +
               (d.scientists[static_cast<size_t>(q.sci)].rating[static_cast<size_t>(k / 3)] == 0
                    ? 2
                    : 0);
      }
      case Stage::kTradeAnswer: {
        if (a >= act::kPeek && a < act::kPeek + kMaxTradeItems) return 5;
        const auto& c = s.core();
        double gain = 0, loss = 0;
        for (int t = 0; t < kTypes; ++t) {
          const double w =
              def[static_cast<size_t>(t)] > st.stock[static_cast<size_t>(t)] ? 1.5 : 0.8;
          gain += c.t_offer_tok[static_cast<size_t>(t)] * w;
          loss += c.t_ask_tok[static_cast<size_t>(t)] * w;
        }
        for (int i = 0; i < c.t_raw_n; ++i) {
          const int k = c.t_peeked == i + 1 ? c.t_raw_actual[static_cast<size_t>(i)]
                                            : c.t_raw_desc[static_cast<size_t>(i)];
          if (k == kBetrayed) continue;
          // Wary of lies: a described card counts 30% of its value (a Betrayed may hide behind it),
          // doubled when it is of a type its device needs and its Lair can still convert.
          const int val = k == kWild ? d.wild_value : d.raw_kinds[static_cast<size_t>(k)].value;
          const bool useful = k == kWild || (def[static_cast<size_t>(k / 3)] > 0 &&
                                             s.capacity_left(me_, k / 3) > 0);
          gain += 0.3 * val * (useful ? 2 : 1);
        }
        gain += std::popcount(c.t_offer_emp) * 2.5 + std::popcount(c.t_offer_min) * 1.0;
        loss += std::popcount(c.t_ask_emp) * 3.0 + std::popcount(c.t_ask_min) * 1.5 +
                c.t_ask_raw_n * 1.0 + c.t_ask_trick * 0.8;
        if (a == act::kAccept) return gain - loss >= 0.2 ? 1 : -1;
        return 0;
      }
      case Stage::kTradeGive: {
        if (a == act::kGiveRaw + kBetrayed) return 5;  // a lie is cheaper than a real card
        return 0;
      }
      case Stage::kSacrificeSelect: {
        const int k = a - act::kSelectRaw;
        if (k == kBetrayed) return 10;
        return -d.raw_kinds[static_cast<size_t>(k)].value -
               (k < 12 && def[static_cast<size_t>(k / 3)] ? 2 : 0);
      }
      case Stage::kSwapSelect:
        return -trick_value(s, a - act::kSelectTrick, false);
      case Stage::kPay: {
        const int t = a - act::kPay;
        return st.stock[static_cast<size_t>(t)] - def[static_cast<size_t>(t)] * 2;
      }
      case Stage::kFeedSelect:
      case Stage::kSelectMinion: {
        const int m = a - act::kSelectMinion;
        const MinionCard& mc = d.minions[static_cast<size_t>(m)];
        const Purpose purpose = s.core().purpose;
        if (purpose == Purpose::kDoubleAgent || purpose == Purpose::kBooby)
          return mc.value * 2 + mc.hp;  // Double Agent / Booby Trap: strongest attacker
        if (purpose == Purpose::kFeed) return -(mc.value + mc.hp);  // feed the weakest
        return mc.value + mc.hp;
      }
      case Stage::kTarget: {
        const int q = a - act::kTarget;
        const Seat& o = s.seat(q);
        return o.dev_total() * 2 + o.stock_total() + o.raw_count() * 0.1;
      }
      case Stage::kType: {
        const int t = a - act::kType;
        const Purpose purpose = s.core().purpose;
        if (purpose == Purpose::kSabotage)
          return s.seat(s.core().trick_target)
              .dev[static_cast<size_t>(t)];  // sabotage the biggest pile
        if (purpose == Purpose::kTaxType)
          return st.stock[static_cast<size_t>(t)] - def[static_cast<size_t>(t)] * 2;  // pay the tax
        return def[static_cast<size_t>(t)] * 2 - st.stock[static_cast<size_t>(t)] +
               (d.scientists[static_cast<size_t>(st.sci)].rating[static_cast<size_t>(t)] == 0 ? 1
                                                                                              : 0);
      }
      case Stage::kChooseEmpire: {
        const int e = a - act::kChooseEmpire;
        const Purpose purpose = s.core().purpose;
        int cap = 0;
        for (int t = 0; t < kTypes; ++t)
          cap += d.empires[static_cast<size_t>(e)].cap[static_cast<size_t>(t)];
        if (purpose == Purpose::kUnion)
          return ((st.empires >> e) & 1) ? -10 : cap;  // Union Strike: a rival's
        if (purpose == Purpose::kHostile || purpose == Purpose::kDiscardDown)
          return -cap;  // cash in / discard the weakest
        return cap;
      }
      case Stage::kReroll: {
        // Reroll my lowest die or the opponent's highest.
        const auto& c = s.core();
        const bool i_first = (s.in_fight() ? c.attacker : c.threatener) == me_;
        const bool first_side = a < act::kRerollDef;
        const int idx = first_side ? a - act::kRerollAtt : a - act::kRerollDef;
        const int v = s.die(first_side ? 0 : 1, idx);
        return first_side == i_first ? 6 - v : v;
      }
      case Stage::kInsiderDeck:
        return a == act::kInsiderEmp ? 1 : 0;
      case Stage::kWindow: {
        if (a == act::kPass) return 0;
        if (a == act::kPowerReroll) return 1;
        return trick_value(s, a - act::kPlay, false);
      }
      case Stage::kRivalry: {
        if (a == act::kNoAttack) return 0;
        if (a >= act::kPlay && a < act::kPlay + kNumTricks)
          return trick_value(s, a - act::kPlay, true);
        if (a >= act::kAttackLair && a < act::kNoAttack) {
          const int q = (a - act::kAttackLair) / kTypes, t = (a - act::kAttackLair) % kTypes;
          const Seat& o = s.seat(q);
          const int mine = my_dice_for(s, me_, 1 << t);
          const int theirs = 2 + defence_guess(s, q, 1 << t) +
                             (d.scientists[static_cast<size_t>(o.sci)].power == kIsland ? 1 : 0);
          const int loot = o.stock[static_cast<size_t>(t)] + o.dev[static_cast<size_t>(t)];
          if (mine < theirs || loot == 0) return -1;
          return (mine - theirs) + loot * 0.7 + def[static_cast<size_t>(t)] * 0.5 +
                 (q == richest_rival(s, me_) ? 1 : 0);
        }
        const int e = a - act::kAttackEmpire;
        const int icons = d.empires[static_cast<size_t>(e)].icons;
        int q = -1;
        for (int p = 0; p < s.num_players(); ++p)
          if ((s.seat(p).empires >> e) & 1) q = p;
        const int mine = my_dice_for(s, me_, icons);
        const int theirs =
            1 + defence_guess(s, q, icons) + (d.empires[static_cast<size_t>(e)].fortified ? 1 : 0);
        return mine >= theirs + 1 ? 1 + (mine - theirs) * 0.5 : -1;
      }
      case Stage::kSend:
        if (a >= act::kPlay && a < act::kPlay + kNumTricks) return -1;  // D17: plays at the start
        return a == act::kSendDone ? 0 : 1 + d.minions[static_cast<size_t>(a - act::kSend)].value;
      case Stage::kDefend:
        return a == act::kDefendDone ? 0
                                     : 1 + d.minions[static_cast<size_t>(a - act::kDefend)].value;
      case Stage::kEmpireWin:
        return a == act::kTakeEmpire ? (std::popcount(st.empires) < 3 ? 1 : -1) : 0;
      case Stage::kPlunder:
        return a == act::kPlunderDevice ? 1 : 0.5;
      case Stage::kDamage: {
        // Kill what can be killed: the Minion closest to death, then the most valuable.
        const auto& c = s.core();
        const int m = a - act::kDamage;
        int taken = 0;
        for (int i = 0; i < 3; ++i) {
          if (c.def[static_cast<size_t>(i)] == m && i < c.n_def)
            taken = c.def_dmg[static_cast<size_t>(i)];
          if (c.atk[static_cast<size_t>(i)] == m && i < c.n_atk)
            taken = c.atk_dmg[static_cast<size_t>(i)];
        }
        const int left = d.minions[static_cast<size_t>(m)].hp - taken;
        return -left * 2 + d.minions[static_cast<size_t>(m)].value;
      }
      case Stage::kPlunderManiacal:
        return a == act::kPlunderManiacal ? (s.core().plundered <= 4 ? 1 : -1) : 0;
      case Stage::kDomination: {
        if (a == act::kNoThreat) return 0;
        if (a >= act::kPlay && a < act::kPlay + kNumTricks)
          return trick_value(s, a - act::kPlay, true);
        const int l = a - act::kThreaten;
        if (l == 3) return 100;
        const bool repeat = (st.levels_won >> l) & 1;
        const bool below = l + 1 < s.capability(me_);
        if (repeat || below) return st.humiliation == 0 && s.round() > 20 ? 0.5 + l : -1;
        return 10 + l;
      }
      case Stage::kFail:
        if (a == act::kFlee) return st.humiliation >= 2 ? 0 : 2;
        return 1 - st.dev[static_cast<size_t>(a - act::kRetaliate)] * 0.1;
      case Stage::kFleeKeep:
        return a == act::kKeepDev ? 1 : 0;
      default:
        return 0;
    }
  }

  // Whether to open a trade with a partner: a lie when it holds Betrayed (half the time), or a
  // 1:1 swap of a surplus token for a needed one the partner has.
  double trade_with_value(const MwahahahaState& s, Action a, Rng& rng) const {
    const Seat& st = s.seat(me_);
    const auto& def = def_;
    const int need = need_;
    const int q = a - act::kTradeWith;
    const int sur = sur_;
    if (st.raw[kBetrayed] && s.seat(q).stock[static_cast<size_t>(need)] > 0 && rng.uniform() < 0.5)
      return 3;
    return (sur >= 0 && s.seat(q).stock[static_cast<size_t>(need)] > 0 &&
            def[static_cast<size_t>(need)] > st.stock[static_cast<size_t>(need)])
               ? 2.5
               : -4;
  }

  // How much playing Dirty Trick t now is worth (0 = pass).
  double trick_value(const MwahahahaState& s, int t, bool main) const {
    const auto& c = s.core();
    const int n = s.num_players();
    const bool my_fight_att = s.in_fight() && c.attacker == me_;
    const bool my_fight_def = s.in_fight() && c.defender == me_;
    switch (t) {
      case tEmbezzle:
      case tBrilliant:
        return 6;
      case tEvilLaugh:
        return s.seat(me_).maniacal == 0 ? 7 : 1;
      case tOvertime:
        return s.seat(me_).raw_count() >= 4 ? 2 : -1;
      case tForged:
        return -1;
      case tBlackMarket:
        return 3;
      case tSabotage: {
        int best = 0;
        for (int q = 0; q < n; ++q)
          if (q != me_) best = std::max(best, s.seat(q).dev_total());
        return best >= 6 ? 2 : -1;
      }
      case tReinforce:
      case tSneak:
        return my_fight_att ? 3 : -1;
      case tAmbush:
      case tSecretVault:
        return my_fight_def ? 3 : -1;
      case tFieldMedic:
        return 2;
      case tBoobyTrap:
        return 1;
      case tDoubleAgent:
        return my_fight_def ? 3 : -1;
      case tMonologue:
      case tPanic:
        return c.threatener == me_ ? 4 : -1;
      case tDrill:
      case tSuperhero:
        return c.threatener != me_ && c.threat_level >= 1 ? 3 : -1;
      case tBlackout:
        return c.gain_player != me_ ? 2 : -1;
      case tScapegoat:
        return c.gain_player == me_ ? 4 : -1;
      case tMercenary:
      case tPressGang:
        return main ? 2 : -1;
      case tLoadedDice:
        return (s.in_fight() ? (my_fight_att || my_fight_def) : true) ? 1 : -1;
      default:
        return -1;
    }
  }
};

}  // namespace

void register_mwahahaha_heuristic() {
  register_agent(
      "heuristic", "mwahahaha",
      [](const AgentSpec& spec, const Game&) -> std::unique_ptr<Agent> {
        spec.check_only({});
        return std::make_unique<MwHeuristic>();
      },
      "rule-based: runs the economy toward its device, attacks with the odds, threatens at "
      "capability, trades "
      "(sometimes lying with Betrayed)");
}

}  // namespace villainy
