// Mwahahaha!: the state's data (flat, trivially copyable), its typed enums and the action-id
// layout. Included by mwahahaha.h; the rules (mwahahaha_rules_*.cpp), views and agents read it.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <type_traits>

namespace villainy::mwahahaha {

inline constexpr int kMaxPlayers = 5;
inline constexpr int kViewers = kMaxPlayers + 1;  // seats + spectator (public knowledge)
// A viewer's index in per-viewer tables of kViewers entries: the seat, or kMaxPlayers for the
// spectator.
inline int vidx(int viewer) {
  return viewer >= 0 ? viewer : kMaxPlayers;
}
inline constexpr int kTypes = 4;
inline constexpr int kRawKinds = 14;  // 0..11 = type*3+value-1, 12 wild, 13 betrayed
inline constexpr int kWild = 12;
inline constexpr int kBetrayed = 13;
inline constexpr int kNumEmpires = 36;
inline constexpr int kNumMinions = 40;
inline constexpr int kNumDevices = 20;
inline constexpr int kNumTricks = 30;
inline constexpr int kNumScientists = 10;
inline constexpr int kLevels = 4;
inline constexpr int kMaxDice = 24;
inline constexpr int kActionGuard = 400000;  // D7: the guard whatever the round limit
// D7 under a round limit R: 200 actions per seat and round, for R + 2 rounds (the set-up's deals
// count too); random games use under 100 a seat and round (65 at the default options, 96 with
// open trading), so max_game_length stays within about 3x of the real lengths.
inline constexpr int kGuardPerSeatRound = 200;
inline constexpr int kMaxTradeItems = 6;
inline constexpr int kWindowSaves = 2;  // nested windows (Evil Laugh's gain, D4)
inline constexpr int kCoreTail = 2;     // fills State::Core to a multiple of 8 bytes (no padding)

enum Power : std::uint8_t {
  kTeutonic,
  kGraveRobber,
  kIsland,
  kAssembly,
  kTradeNet,
  kPrimal,
  kWhispers,
  kHypnotic,
  kOverclock,
  kShell
};
enum Ability : std::uint8_t {
  kNoAbility,
  kIgnoreLair,
  kDefendPlus1,
  kOneShot,
  kCannotDefend,
  kLairAttackPlus1,
  kDefendEmpirePlus1,
  kIgnoreEmpire,
  kEmpireAttackPlus1,
  kDefendLairPlus1,
  kFeedsAsTwo,
  kPsychic
};
enum Trick : std::uint8_t {
  tDefective,
  tHostile,
  tTaxAudit,
  tUnionStrike,
  tBlackMarket,
  tInsiderTip,
  tEmbezzle,
  tOvertime,
  tForged,
  tLabAccident,
  tAmbush,
  tReinforce,
  tDoubleAgent,
  tSneak,
  tBoobyTrap,
  tFieldMedic,
  tLoadedDice,
  tSecretVault,
  tPressGang,
  tMercenary,
  tMonologue,
  tPanic,
  tDrill,
  tSuperhero,
  tBlackout,
  tScapegoat,
  tSabotage,
  tEspionage,
  tBrilliant,
  tEvilLaugh
};

// ---- Action space (D1). Offsets of each group; names built in MwahahahaGame. ----
namespace act {
enum : int {
  kDie = 0,
  kRaw = kDie + 6,
  kEmpire = kRaw + kRawKinds,
  kMinion = kEmpire + kNumEmpires,
  kDevice = kMinion + kNumMinions,
  kTrickDraw = kDevice + kNumDevices,
  kSci = kTrickDraw + kNumTricks,
  kTie = kSci + kNumScientists,
  // decisions
  kPass = kTie + kMaxPlayers,
  kEndTurn,
  kGoFirst,
  kGoLast,
  kPickSci,
  kKeepDevice = kPickSci + kNumScientists,
  kConvert = kKeepDevice + kNumDevices,
  kConvertWild = kConvert + 12,
  kSacrifice = kConvertWild + kTypes,
  kSelectRaw = kSacrifice + kTypes,
  kBuyEmpire = kSelectRaw + kRawKinds,
  kBuyMinion,
  kPay,
  kInvest = kPay + kTypes,
  kCashIn = kInvest + kTypes,
  kDiscardMinion = kCashIn + kNumEmpires,
  kFeedSharks = kDiscardMinion + kNumMinions,
  kSelectMinion,
  kSwapTricks = kSelectMinion + kNumMinions,
  kSelectTrick,
  kPlay = kSelectTrick + kNumTricks,
  kTarget = kPlay + kNumTricks,
  kType = kTarget + kMaxPlayers,
  kChooseEmpire = kType + kTypes,
  kTradeWith = kChooseEmpire + kNumEmpires,
  kOfferToken = kTradeWith + kMaxPlayers,
  kAskToken = kOfferToken + kTypes,
  kOfferEmpire = kAskToken + kTypes,
  kAskEmpire = kOfferEmpire + kNumEmpires,
  kOfferMinion = kAskEmpire + kNumEmpires,
  kAskMinion = kOfferMinion + kNumMinions,
  kOfferRaw = kAskMinion + kNumMinions,
  kDescribeAs = kOfferRaw + kRawKinds,
  kAskRaw = kDescribeAs + 13,
  kOfferTrick = kAskRaw + 13,
  kAskTrick = kOfferTrick + kNumTricks,
  kPropose,
  kCancelTrade,
  kAccept,
  kDecline,
  kPeek,
  kGiveRaw = kPeek + kMaxTradeItems,
  kAttackEmpire = kGiveRaw + kRawKinds,
  kAttackLair = kAttackEmpire + kNumEmpires,
  kNoAttack = kAttackLair + kMaxPlayers * kTypes,
  kSend,
  kSendDone = kSend + kNumMinions,
  kDefend,
  kDefendDone = kDefend + kNumMinions,
  kTakeEmpire,
  kRazeEmpire,
  kPlunderStock,
  kPlunderDevice,
  kDamage,
  kPlunderManiacal = kDamage + kNumMinions,
  kKeepPlunder,
  kThreaten,
  kNoThreat = kThreaten + kLevels,
  kRetaliate,
  kFlee = kRetaliate + kTypes,
  kKeepDev,
  kDiscardDev,
  kRerollAtt,
  kRerollDef = kRerollAtt + kMaxDice,
  kPowerReroll = kRerollDef + kMaxDice,
  kInsiderEmp,
  kInsiderMin,
  kConvertOver,  // Overclock used on this conversion (powers=ask)
  kConvertWildOver = kConvertOver + 12,
  kCount = kConvertWildOver + kTypes
};
}

enum class Phase : std::uint8_t { kSetup, kCreation, kRivalry, kDomination, kOver };
enum class Win : std::uint8_t { kNone, kWorld, kRoundLimit, kGuard };

// Per-seat state: flat, trivially copyable.
struct Seat {
  std::uint64_t empires = 0, minions = 0,
                attacked = 0;  // bitsets; attacked = minions used this round
  std::int8_t sci = -1, device = -1;
  std::uint8_t device_up = 0;
  std::array<std::uint8_t, kTypes> dev{}, stock{}, converted{}, overtime{};
  std::array<std::uint8_t, kRawKinds> raw{};
  std::array<std::uint8_t, kNumTricks> tricks{};
  std::uint8_t maniacal = 0, humiliation = 0,
               man_sources = 0;  // sources: 1 sharks, 2 plunder, 4 retaliate
  std::uint8_t levels_won = 0;   // bitmask of levels succeeded (MW-25)
  std::uint8_t cashed = 0, swapped = 0, buy_lock = 0, attacks = 0, power_used = 0,
               overclock_used = 0;
  std::uint8_t raw_received = 0, raw_extra = 0, turn_actions = 0;
  std::array<std::uint8_t, 4>
      spare{};  // keeps the struct free of padding (fingerprint hashes bytes)
  int raw_count() const {
    int n = 0;
    for (auto c : raw) n += c;
    return n;
  }
  int trick_count() const {
    int n = 0;
    for (auto c : tricks) n += c;
    return n;
  }
  int stock_total() const { return stock[0] + stock[1] + stock[2] + stock[3]; }
  int dev_total() const { return dev[0] + dev[1] + dev[2] + dev[3]; }
};

enum class Stage : std::uint8_t {
  kChance,
  kPickSci,
  kKeepDevice,
  kFirstLast,
  kCreation,
  kSacrificeSelect,
  kPay,
  kFeedSelect,
  kSwapSelect,
  kWindow,
  kTarget,
  kType,
  kChooseEmpire,
  kSelectMinion,
  kReroll,
  kInsiderDeck,
  kTopOrder,
  kTradeBuild,
  kDescribe,
  kTradeAnswer,
  kTradeGive,
  kOpenTrade,
  kRivalry,
  kSend,
  kDefend,
  kEmpireWin,
  kPlunder,
  kDamage,
  kPlunderManiacal,
  kDomination,
  kFail,
  kFleeKeep,
  kTerminal
};

// What a chance node draws (MW-2b: decks are unordered multisets, D2).
enum class ChanceKind : std::uint8_t {
  kDie,     // one die of a roll (D3)
  kRaw,     // a raw material card
  kEmpire,  // an Empire (bought, or looked at by Insider Tip)
  kMinion,  // a Minion (bought, Mercenary Contract, Assembly Line, Insider Tip)
  kDevice,  // a doomsday device (3 drawn, one kept)
  kTrick,   // a Dirty Trick
  kScientist,
  kTie,     // the richest-stockpile tie broken at random (MW-5)
  kLabLoss  // Lab Accident: a random raw card of the target's hand
};

// What a sub-decision of a generic stage (kType, kSelectMinion, kChooseEmpire, kReroll) is for.
enum class Purpose : std::uint8_t {
  kNone,
  kOwnDice,  // Teutonic Precision: reroll one of the owner's own dice
  kEmbezzle,
  kOvertime,
  kSabotage,
  kTaxType,
  kHostile,
  kUnion,
  kDoubleAgent,
  kBooby,
  kMedic,
  kFeed,
  kAssembly,
  kTopOrder,
  kDiscardDown,
  kRansom,
  kGrave,
  kShell
};

// A continuation: what runs when a sub-flow (draws, a window, a trick, a trade, a gain) is done.
// Sub-flows nest, so their continuations are frames on a small stack (FrameStack).
enum class Next : std::uint8_t {
  kNone,
  kSetupScientist,   // the next seat's scientist, then the devices
  kSetupDevice,      // choose among the drawn devices (setup)
  kRoundTricks,      // the next seat's Dirty Trick, then the phase order (MW-4)
  kTurnDevice,       // choose among the drawn devices (a Creation turn, MW-27)
  kRefill,           // after the refill: a new device or the turn window (MW-7)
  kTurnMain,         // the turn's main decision
  kConvert,          // a conversion resolves (MW-8) unless Defective
  kCreationMain,     // back to the Creation turn (bought, swapped, cashed in)
  kAssembly,         // Assembly Line: keep one of the two drawn Minions
  kTrick,            // the Dirty Trick being resolved is done
  kAttackDeclared,   // after the attack-declared window: defenders (MW-17)
  kBeforeRoll,       // after the before-roll window: roll the fight (MW-19)
  kFightRolled,      // the fight's dice are rolled
  kFightAfterRoll,   // after the after-roll window: successes
  kReroll,           // a die rerolled (Loaded Dice, Teutonic Precision, Whispers asked for)
  kAfterDamage,      // after the after-damage window: the destroyed leave (MW-20a)
  kAfterResolved,    // after the after-resolved window: the fight ends
  kThreatDeclared,   // after the threat-declared window: roll the threat (MW-24)
  kThreatRolled,     // the threat's dice are rolled
  kWhispers,         // Maddening Whispers rerolled the people's highest die (MW-31)
  kThreatAfterRoll,  // after the threat-after-roll window: success or failure
  kThreatSuccess,    // after the threat-success window: ransom (MW-25)
  kGain,             // after a gain window: the counter is gained unless blocked (MW-28)
  kPhaseTie,         // the phase tie is broken (MW-5)
  kInsider,          // Insider Tip's cards are drawn: order them (MW-32)
  kFleeKeep,         // a fled threat's Humiliation: keep or discard the device (MW-26)
  kThreatDone,       // the threat is over
  kEvilLaugh,        // Evil Laugh's gain is done: back to the context it was played in
  kFightResolved,    // Grave Robber is done after the damage: the after-resolved window
  kFightFinish,      // Grave Robber is done after one-shot Minions: the fight finishes
  kReturnFromTrick,  // a Dirty Trick is done: arg = the stage it was played from
  kReturnFromTrade   // a trade is done: arg = the stage it was started from
};

struct Frame {
  Next next = Next::kNone;
  std::uint8_t arg = 0;  // kReturnFromTrick / kReturnFromTrade: the Stage to return to
};

// The continuations of the sub-flows in progress, innermost on top (TAG's extended sequences):
// fixed capacity, trivially copyable. The deepest nesting is a window inside a trick inside a
// window, kWindowSaves deep (D4), with a draw on top; tests/invariants_test.cpp checks the bound.
inline constexpr int kMaxFrames = 14;
struct FrameStack {
  std::array<Frame, kMaxFrames> frames{};
  std::uint8_t size = 0;
  void push(Frame f);  // throws std::logic_error when full (a flow bug)
  Frame pop();         // throws std::logic_error when empty (a flow bug)
  Next top() const { return size ? frames[size - 1u].next : Next::kNone; }
};

// The kinds of card, for the catalogue's card keys.
enum class CardKind : std::uint8_t { kScientist, kDevice, kEmpire, kMinion, kTrick, kRaw };

// What a window is about (MW-6b).
enum class Window : std::uint8_t {
  kTurn,
  kConvert,
  kAttackDeclared,
  kBeforeRoll,
  kFightAfterRoll,
  kAfterDamage,
  kAfterResolved,
  kThreatDeclared,
  kThreatAfterRoll,
  kThreatSuccess,
  kGainManiacal,
  kGainHumiliation
};

struct Stats {  // per game, for the designer report (integers only)
  std::array<std::array<std::uint16_t, kLevels>, kMaxPlayers> threats{}, threat_wins{};
  std::array<std::uint16_t, kMaxPlayers> retaliations{}, flees{}, maniacal_gained{},
      humiliation_gained{};
  std::uint16_t trades_proposed = 0, trades_accepted = 0, betrayed_given = 0, betrayed_caught = 0;
  std::uint16_t attacks_empire = 0, attacks_lair = 0, wins_empire = 0, wins_lair = 0,
                empires_taken = 0, empires_razed = 0, tokens_plundered = 0, minions_lost_att = 0,
                minions_lost_def = 0;
  std::uint16_t tricks_played = 0, windows = 0;
  std::array<std::uint16_t, kNumTricks> trick_plays{};
};

// The whole state of a game (the fingerprint hashes its bytes: no padding, no pointers).
struct Core {
  // 8-byte fields first, then 4, 2 and 1-byte fields: no padding (fingerprint hashes the bytes).
  std::uint64_t emp_deck = 0, emp_discard = 0, min_deck = 0, face_up = 0, struck = 0;
  std::uint64_t t_offer_emp = 0, t_ask_emp = 0, t_offer_min = 0, t_ask_min = 0;
  std::array<Seat, kMaxPlayers> seats{};
  std::uint32_t dev_deck = 0, dev_discard = 0, sci_pool = 0, actions = 0;
  Stats stats{};
  std::uint16_t round = 0;
  std::array<std::uint8_t, kRawKinds> raw_deck{}, raw_discard{};
  std::array<std::uint8_t, kNumTricks> trick_deck{}, trick_discard{};
  std::array<std::int8_t, kNumMinions> min_discard{};  // ordered, last = top
  std::uint8_t min_discard_n = 0;
  std::array<std::uint8_t, kNumMinions>
      min_known{};  // viewers (bit per seat) knowing a face-down minion
  std::array<std::uint8_t, kNumDevices> dev_known{};
  // Knowledge lower bounds: known_raw[viewer][target][kind] (viewer kMaxPlayers = public).
  std::array<std::array<std::array<std::uint8_t, kRawKinds>, kMaxPlayers>, kViewers> known_raw{};
  std::array<std::array<std::array<std::uint8_t, kNumTricks>, kMaxPlayers>, kViewers> known_trick{};
  // Insider Tip stacks on top of the Empire (0) / Minion (1) decks (D2).
  std::array<std::array<std::int8_t, 3>, 2> top{};
  std::array<std::uint8_t, 2> top_n{}, top_known{};
  // Assembly Line's rejected Minions under the Minion deck, in order (first = next to draw).
  std::array<std::int8_t, kNumMinions> min_bottom{};
  std::uint8_t min_bottom_n = 0, bottom_known = 0;
  std::array<std::int8_t, 3>
      pending{};  // drawn devices / Assembly Line minions / Insider Tip cards awaiting a choice
  std::uint8_t pending_n = 0;
  // flow
  Phase phase = Phase::kSetup;
  Stage stage = Stage::kChance;
  std::uint8_t actor = 0;  // who decides at the current stage
  std::array<std::int8_t, kMaxPlayers> order{};
  std::uint8_t order_pos = 0, turn = 0, prev_first = 0, active = 0, setup_seat = 0;
  // chance
  ChanceKind ch_kind = ChanceKind::kDie;
  std::uint8_t ch_player = 0, ch_count = 0;
  // window
  Window wnd = Window::kTurn;
  std::uint8_t w_plays = 0;
  // trick being resolved
  std::int8_t trick = -1, trick_player = -1, trick_target = -1, trick_step = 0;
  // creation sub-decisions
  std::uint8_t pay_left = 0, pay_for = 0, select_left = 0, sac_type = 0, conv_kind = 0,
               conv_type = 0;
  std::uint8_t trades_this_turn = 0;
  // trade (MW-15a)
  std::int8_t trade_partner = -1, trade_proposer = -1;
  std::array<std::uint8_t, kTypes> t_offer_tok{}, t_ask_tok{};
  std::array<std::int8_t, kMaxTradeItems> t_raw_actual{}, t_raw_desc{}, t_ask_raw{};
  std::uint8_t t_raw_n = 0, t_ask_raw_n = 0, t_ask_trick = 0, t_items = 0, t_given = 0,
               t_peeked = 0;
  std::array<std::uint8_t, kNumTricks> t_offer_trick{};
  std::array<std::int8_t, kMaxTradeItems> t_got_raw{};
  std::array<std::uint8_t, kNumTricks> t_got_trick{};
  std::uint8_t open_trader = 0, open_left = 0, w_passed = 0;
  Purpose purpose = Purpose::kNone;
  std::int8_t w_excl = -1, dmg_target = -1;
  std::uint8_t cash_front = 0, people_minus = 0, conv_cancel = 0, threat_hum = 0, conv_pending = 0;
  // fight
  std::uint8_t fight_active = 0, attacker = 0, defender = 0, atk_type = 0, sneak = 0, vault = 0;
  std::int8_t target_emp = -1;
  std::array<std::int8_t, 3> atk{}, def{};
  std::uint8_t n_atk = 0, n_def = 0, sent_back = 0;
  std::array<std::uint8_t, 3> atk_dmg{}, def_dmg{};
  std::array<std::uint8_t, 2> extra_dice{}, ndice{}, succ{};
  std::array<std::array<std::uint8_t, kMaxDice>, 2> dice{};
  std::uint8_t roll_side = 0, roll_i = 0, dmg_left = 0, dmg_side = 0, plundered = 0,
               plunder_pts = 0;
  std::uint8_t reroll_side = 0, reroll_idx = 0, grave_check = 0, grave_pending = 0;
  // threat
  std::uint8_t threatener = 0, threat_level = 0, world_taken = 0, last_threat_ok = 0,
               ransom_left = 0, no_ransom = 0, counter_blocked = 0, gain_player = 0,
               gain_is_maniacal = 0, gain_source = 0;
  std::uint8_t threat_on = 0;  // a threat is being resolved (declared … last counter)
  std::uint8_t threat_made = 0, conv_over = 0;  // turn-end=declared; Overclock asked for
  // Windows put aside while an inner one runs (D4).
  struct WindowSave {
    Window wnd;
    Purpose purpose;
    std::uint8_t w_passed, w_plays, gain_player, gain_is_maniacal, gain_source, counter_blocked;
    std::int8_t trick, trick_player, w_excl;
  };
  std::array<WindowSave, kWindowSaves> saves{};
  std::uint8_t save_n = 0;
  FrameStack frames{};  // continuations of the sub-flows in progress
  // end
  Win win = Win::kNone;
  std::uint8_t winners = 0;
  std::array<std::uint8_t, kCoreTail> tail{};  // no padding
};
static_assert(std::is_trivially_copyable_v<Core>);

// Maniacal sources, once each per game (MW-13, MW-21, MW-26): bits of Seat::man_sources.
inline constexpr std::uint8_t kSrcSharks = 1, kSrcPlunder = 2, kSrcRetaliate = 4;

inline bool bit(std::uint64_t m, int i) {
  return (m >> i) & 1ULL;
}
// The dice of one side of a roll, sorted, as "6 5 4 2" (narration).
inline std::string dice_text(const Core& c, int side) {
  std::string s;
  for (int i = 0; i < c.ndice[static_cast<size_t>(side)]; ++i)
    s += (i ? " " : "") + std::to_string(c.dice[static_cast<size_t>(side)][static_cast<size_t>(i)]);
  return s.empty() ? "-" : s;
}

template <class A>
int sum(const A& a) {
  int n = 0;
  for (auto v : a) n += v;
  return n;
}

}  // namespace villainy::mwahahaha
