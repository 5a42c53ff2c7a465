// Mwahahaha!: the state's machinery: construction, small shared helpers, the per-stage rules
// table that legal_actions and apply dispatch through, the continuation stack, results and the
// fingerprint. The rules themselves are in mwahahaha_rules_<section>.cpp.
#include <algorithm>
#include <bit>
#include <cstring>
#include <stdexcept>

#include "mwahahaha/mwahahaha.h"
#include "villainy/core/signature.h"

namespace villainy::mwahahaha {

std::unique_ptr<State> MwahahahaGame::new_initial_state() const {
  return std::make_unique<MwahahahaState>(shared_from_this());
}

MwahahahaState::MwahahahaState(std::shared_ptr<const Game> game)
    : State(std::move(game)),
      g_(static_cast<const MwahahahaGame*>(&this->game())),
      d_(&g_->data()) {
  std::memset(static_cast<void*>(&s_), 0, sizeof(s_));
  s_ = Core{};
  const int n = num_players();
  for (int k = 0; k < kRawKinds; ++k)
    s_.raw_deck[static_cast<size_t>(k)] = static_cast<std::uint8_t>(g_->raw_total(k));
  for (int t = 0; t < kNumTricks; ++t)
    s_.trick_deck[static_cast<size_t>(t)] =
        static_cast<std::uint8_t>(d_->tricks[static_cast<size_t>(t)].copies);
  s_.emp_deck = (1ULL << kNumEmpires) - 1;
  s_.min_deck = (1ULL << kNumMinions) - 1;
  s_.dev_deck = (1U << kNumDevices) - 1;
  s_.sci_pool = (1U << kNumScientists) - 1;
  s_.w_excl = -1;
  s_.dmg_target = -1;
  s_.trick = -1;
  s_.trade_partner = -1;
  s_.trade_proposer = -1;
  s_.target_emp = -1;
  for (int p = 0; p < kMaxPlayers; ++p) {
    s_.seats[static_cast<size_t>(p)].sci = -1;
    s_.seats[static_cast<size_t>(p)].device = -1;
  }
  s_.phase = Phase::kSetup;
  s_.setup_seat = 0;
  (void)n;
  if (g_->choose_scientist()) {
    s_.stage = Stage::kPickSci;
    s_.actor = 0;
  } else {
    chance(ChanceKind::kScientist, 0, 1, Next::kSetupScientist);
  }
}

int MwahahahaState::owner_of_minion(int m) const {
  for (int p = 0; p < num_players(); ++p)
    if (bit(seat(p).minions, m)) return p;
  return -1;
}

int MwahahahaState::owner_of_empire(int e) const {
  for (int p = 0; p < num_players(); ++p)
    if (bit(seat(p).empires, e)) return p;
  return -1;
}

bool MwahahahaState::minion_known(int m, int viewer) const {
  if (bit(s_.face_up, m)) return true;
  return viewer >= 0 && ((s_.min_known[static_cast<size_t>(m)] >> viewer) & 1);
}

bool MwahahahaState::device_known(int p, int viewer) const {
  const Seat& st = seat(p);
  if (st.device < 0) return true;
  if (st.device_up) return true;
  return viewer >= 0 && ((s_.dev_known[static_cast<size_t>(st.device)] >> viewer) & 1);
}

void MwahahahaState::gain_token(int p, int type, int n) {
  auto& v = s_.seats[static_cast<size_t>(p)].stock[static_cast<size_t>(type)];
  v = static_cast<std::uint8_t>(std::min(250, v + n));
}

void MwahahahaState::count_action(int p) {
  auto& n = s_.seats[static_cast<size_t>(p)].turn_actions;
  if (n < 255) ++n;  // a statistic in Creation (D6), the D16 bound in Rivalry
}

void MwahahahaState::public_raw_loss(int p, int kind) {
  for (int v = 0; v < kViewers; ++v) {
    auto& k =
        s_.known_raw[static_cast<size_t>(v)][static_cast<size_t>(p)][static_cast<size_t>(kind)];
    if (k > 0) --k;
  }
}

// A raw card that leaves p's hand face down, seen by the table only as its description `desc`:
// it is either that kind or a Betrayed (MW-15a), so every viewer's lower bounds for both drop.
// Never the true kind: that would tell a viewer who knew the hand whether it was a lie (D15).
void MwahahahaState::described_raw_loss(int p, int desc) {
  public_raw_loss(p, desc);
  public_raw_loss(p, kBetrayed);
}

void MwahahahaState::public_trick_loss(int p, int t) {
  for (int v = 0; v < kViewers; ++v) {
    auto& k =
        s_.known_trick[static_cast<size_t>(v)][static_cast<size_t>(p)][static_cast<size_t>(t)];
    if (k > 0) --k;
  }
}

void MwahahahaState::discard_minion(int m) {
  for (int p = 0; p < num_players(); ++p) {
    Seat& st = s_.seats[static_cast<size_t>(p)];
    st.minions &= ~(1ULL << m);
    st.attacked &= ~(1ULL << m);
  }
  s_.face_up |= 1ULL << m;  // discarded face up: public
  s_.min_known[static_cast<size_t>(m)] = 0;
  s_.min_discard[s_.min_discard_n++] = static_cast<std::int8_t>(m);
}

void MwahahahaState::discard_empire(int e) {
  for (int p = 0; p < num_players(); ++p) s_.seats[static_cast<size_t>(p)].empires &= ~(1ULL << e);
  if (!g_->strike_whole_round()) s_.struck &= ~(1ULL << e);  // D14: the strike leaves with it
  s_.emp_discard |= 1ULL << e;
}

Player MwahahahaState::current_player() const {
  if (s_.stage == Stage::kTerminal) return kTerminalPlayer;
  if (s_.stage == Stage::kChance) return kChancePlayer;
  return s_.actor;
}

// The rules of each stage: its legal actions and its effect (in the section file of the stage).
const MwahahahaState::StageRules& MwahahahaState::rules_of(Stage stage) {
  using S = MwahahahaState;
  static constexpr std::array<StageRules, static_cast<size_t>(Stage::kTerminal) + 1> kTable = {{
      {&S::legal_chance, &S::apply_chance},                      // kChance
      {&S::legal_pick_scientist, &S::apply_pick_scientist},      // kPickSci
      {&S::legal_keep_device, &S::apply_keep_device},            // kKeepDevice
      {&S::legal_first_last, &S::apply_first_last},              // kFirstLast
      {&S::legal_creation, &S::apply_creation},                  // kCreation
      {&S::legal_sacrifice_select, &S::apply_sacrifice_select},  // kSacrificeSelect
      {&S::legal_pay, &S::apply_pay},                            // kPay
      {&S::legal_select_minion, &S::apply_feed_select},          // kFeedSelect
      {&S::legal_swap_select, &S::apply_swap_select},            // kSwapSelect
      {&S::legal_window, &S::apply_window},                      // kWindow
      {&S::legal_target, &S::apply_target},                      // kTarget
      {&S::legal_type, &S::apply_type},                          // kType
      {&S::legal_choose_empire, &S::apply_choose_empire},        // kChooseEmpire
      {&S::legal_select_minion, &S::apply_select_minion},        // kSelectMinion
      {&S::legal_reroll, &S::apply_reroll},                      // kReroll
      {&S::legal_insider_deck, &S::apply_insider_deck},          // kInsiderDeck
      {nullptr, nullptr},                                        // kTopOrder (unused)
      {&S::legal_trade_build, &S::apply_trade_build},            // kTradeBuild
      {&S::legal_describe, &S::apply_describe},                  // kDescribe
      {&S::legal_trade_answer, &S::apply_trade_answer},          // kTradeAnswer
      {&S::legal_trade_give, &S::apply_trade_give},              // kTradeGive
      {&S::legal_open_trade, &S::apply_open_trade},              // kOpenTrade
      {&S::legal_rivalry, &S::apply_rivalry},                    // kRivalry
      {&S::legal_send, &S::apply_send},                          // kSend
      {&S::legal_defend, &S::apply_defend},                      // kDefend
      {&S::legal_empire_win, &S::apply_empire_win},              // kEmpireWin
      {&S::legal_plunder, &S::apply_plunder},                    // kPlunder
      {&S::legal_damage, &S::apply_damage},                      // kDamage
      {&S::legal_plunder_maniacal, &S::apply_plunder_maniacal},  // kPlunderManiacal
      {&S::legal_domination, &S::apply_domination},              // kDomination
      {&S::legal_fail, &S::apply_fail},                          // kFail
      {&S::legal_flee_keep, &S::apply_flee_keep},                // kFleeKeep
      {nullptr, nullptr},                                        // kTerminal
  }};
  return kTable[static_cast<size_t>(stage)];
}

void MwahahahaState::legal_actions(std::vector<Action>& out) const {
  out.clear();
  const StageRules& r = rules_of(s_.stage);
  if (r.legal) (this->*r.legal)(out);
}

void MwahahahaState::apply_unchecked(Action a) {
  const StageRules& r = rules_of(s_.stage);
  if (r.apply) (this->*r.apply)(a);
  if (++s_.actions >= static_cast<std::uint32_t>(g_->action_guard()) &&
      s_.stage != Stage::kTerminal) {
    rank_at_limit();  // D7
    end_game(Win::kGuard);
  }
}

void FrameStack::push(Frame f) {
  if (size >= kMaxFrames) throw std::logic_error("mwahahaha: continuation stack full");
  frames[size++] = f;
}

Frame FrameStack::pop() {
  if (size == 0) throw std::logic_error("mwahahaha: continuation stack empty");
  const Frame f = frames[--size];
  frames[size] = Frame{};  // a popped slot holds nothing (the fingerprint hashes every byte)
  return f;
}

void MwahahahaState::resume_top() {
  resume(s_.frames.pop().next);
}

// Runs a continuation (the handlers are in the section files of their flows).
void MwahahahaState::resume(Next next) {
  switch (next) {
    case Next::kNone:
      return;
    case Next::kReturnFromTrick:
    case Next::kReturnFromTrade:
      throw std::logic_error("mwahahaha: a return frame is popped by its own flow");
    // setup and the round
    case Next::kSetupScientist:
      return on_setup_scientist();
    case Next::kSetupDevice:
      return on_devices_drawn(true);
    case Next::kTurnDevice:
      return on_devices_drawn(false);
    case Next::kRoundTricks:
      return on_round_tricks();
    case Next::kPhaseTie:
      return on_phase_tie();
    case Next::kRefill:
      return on_refill();
    case Next::kTurnMain:
      return on_turn_main();
    // creation
    case Next::kConvert:
      return on_convert();
    case Next::kCreationMain:
      return on_creation_main();
    case Next::kAssembly:
      return on_assembly();
    // dirty tricks
    case Next::kTrick:
      return finish_trick();
    case Next::kInsider:
      return on_insider();
    case Next::kReroll:
      return on_reroll();
    case Next::kEvilLaugh:
      return on_evil_laugh();
    // rivalry
    case Next::kAttackDeclared:
      return on_attack_declared();
    case Next::kBeforeRoll:
      return on_before_roll();
    case Next::kFightRolled:
      return on_fight_rolled();
    case Next::kFightAfterRoll:
      return fight_scored();
    case Next::kAfterDamage:
      return resolve_dead();
    case Next::kAfterResolved:
      return fight_end();
    case Next::kFightResolved:
      return fight_resolved();
    case Next::kFightFinish:
      return fight_finish();
    // domination
    case Next::kThreatDeclared:
      return on_threat_declared();
    case Next::kThreatRolled:
      return on_threat_rolled();
    case Next::kWhispers:
      return on_whispers();
    case Next::kThreatAfterRoll:
      return on_threat_after_roll();
    case Next::kThreatSuccess:
      return on_threat_success();
    case Next::kGain:
      return on_gain();
    case Next::kFleeKeep:
      return on_flee_keep();
    case Next::kThreatDone:
      return threat_done();
  }
}

std::vector<double> MwahahahaState::returns() const {
  std::vector<double> r(static_cast<size_t>(num_players()), 0.0);
  returns_into(r);
  return r;
}

void MwahahahaState::returns_into(std::span<double> out) const {
  for (int p = 0; p < num_players(); ++p)
    out[static_cast<size_t>(p)] = ((s_.winners >> p) & 1) ? 1.0 : 0.0;
}

std::vector<Player> MwahahahaState::winners() const {
  std::vector<Player> w;
  for (int p = 0; p < num_players(); ++p)
    if ((s_.winners >> p) & 1) w.push_back(p);
  return w;
}

std::uint64_t MwahahahaState::fingerprint() const {
  static_assert(std::has_unique_object_representations_v<Core>,
                "Core must have no padding (fingerprint)");
  std::uint64_t h = kFnvOffset;
  const auto* b = reinterpret_cast<const unsigned char*>(&s_);
  std::uint64_t w = 0;
  size_t i = 0;
  for (; i + 8 <= sizeof(Core); i += 8) {
    std::memcpy(&w, b + i, 8);
    h = fnv1a(h, w);
  }
  for (; i < sizeof(Core); ++i) h = fnv1a(h, b[i]);
  return h;
}

}  // namespace villainy::mwahahaha
