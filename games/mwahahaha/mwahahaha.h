// Mwahahaha! (瘋癲科學家) — White Wolf 2008, Ken Cliffe & Mike Chaney.
// Rules: ../shared/rules/mwahahaha.md (rule ids MW-1…MW-32); source: seeds/mwahahaha-zh.txt.
// Cards: data/standin-cards.json, the STAND-IN set of mwahahaha-cards.md (the printed faces are
// not public), English and Traditional Chinese names.
//
// Rules summary
//   2–5 mad scientists (MW-2) each keep one secret doomsday device. Every round (MW-4) each draws
//   a Dirty Trick, then three phases run in an order set by the richest stockpile (MW-5).
//   Creation (MW-7…MW-15): refill raw cards to 5, convert them to tokens within the Lair's and
//   Empires' capacity, sacrifice 2 cards for a missing resource, buy Empires (2 tokens) and
//   Minions (1), invest tokens in the device, cash in an Empire, feed Minions to the sharks, swap
//   Dirty Tricks, and trade (with Betrayed lies). Rivalry (MW-16…MW-21): Minions attack an Empire
//   or a Lair; sorted dice compared pairwise (missing dice count 2 and never score); damage;
//   plunder. Domination (MW-22…MW-28): threaten at a level the device's tokens allow; the next
//   player rolls for the people; ransom, Humiliation, retaliate or flee. A World success wins
//   (MW-29); option round-limit ranks players after the last round.
//
// Decisions of this implementation (where the reference leaves a choice or is silent)
//   D1  Cards are identified by data-file index; action names use the data keys
//       ("play:loaded-dice", "attack-empire:casino-diabolique", "send:giant-lizards").
//   D2  Every deck is an unordered multiset: a draw is a chance decision uniform over the cards
//       left (raw cards and Dirty Tricks by kind, weighted by copies). Two ordered parts: Insider
//       Tip puts a stack on top of the Empire or Minion deck (known to its player); Assembly
//       Line puts the rejected Minion at the bottom of the Minion deck (known to its owner), drawn
//       only when the unordered middle is gone. A later Insider Tip looks at the top 3 whatever
//       lies there (an earlier stack first, then the middle, then the bottom, MW-32) and its new
//       order is known to its player only. A look at an empty deck reshuffles it first (MW-2b).
//   D17 Timing (MW-6c): C-own cards (Insider Tip…) are played in the player's main Creation
//       decision; the sub-steps of a compound action (paying, selecting cards, building a
//       trade) are not separate moments. Press Gang and Mercenary Contract (R-own: "own
//       attack") are played in the player's main Rivalry decision and while sending Minions
//       (a Minion brought in may be sent, MW-16a), not in another player's attack.
//   D18 A Creation turn refills first (MW-7), then draws the new device (MW-27), then opens the
//       turn window (MW-6b "after refill or new device"): the device is kept knowing the hand.
//   D3  Dice: one die per chance node ("die:1".."die:6"); the threatener/attacker rolls first.
//   D4  Response windows (MW-6a/b) ask every player holding a Dirty Trick (public count) in turn,
//       pass always legal; a window closes only when every askable player has passed since the
//       last play (MW-6a: no cap on the plays; every play spends a card, so it ends).
//       Evil Laugh's Maniacal counter in the Domination phase opens the gain-maniacal window
//       like any gain (MW-6b; Media Blackout may answer), inside the window or decision it was
//       played in, which then goes on (at most kWindowSaves nested windows; deeper, no window). A
//       Teutonic Precision owner in a fight is asked after the roll too.
//   D5  Trade proposals and their descriptions are public (said at the table). A Betrayed card
//       received is discarded face up at once, so everyone sees it caught. Asking for Minions is
//       limited to those the proposer can identify (face up, or known to it). At most 2 proposals
//       per Creation turn (and 6 items per proposal) keep games finite.
//   D6  A Creation turn has no cap on its actions: every action spends something finite (raw
//       cards, tokens, Minions, once-per-round uses, at most 2 trades), so it ends; D7 remains the
//       game's guard. The former cap of 40 cut 0.3% of random and 0.4% of heuristic Creation
//       turns short (agents/tests/mwahahaha_turns_test.cpp measures it; docs/rules/mwahahaha.md).
//   D7  Guard: whatever the round limit (0 = none), a game that reaches kActionGuard actions ends
//       as at the round limit (MW-29a ranking); it bounds max_game_length. Never seen in tests.
//   D8  Damage, plunder and ransom are assigned one point/token at a time; a choice with a single
//       option is still asked (it is cheap and never hides information).
//   D9  Returns: 1 per winner, 0 otherwise (shared wins at the round limit).
//   D10 Espionage reveals the target's device and raw hand to the player (remembered as lower
//       bounds per kind); Psychic Spies reveals the defender's Dirty Tricks likewise. Espionage
//       needs a target with something hidden (a face-down device or a raw card): public facts;
//       with nothing to see it is not playable (a card is never played for no effect).
//   D11 A Wild card converts as one chosen type ("convert-wild:<type>"). Powers (MW-6a vs MW-31):
//       MW-31 makes "once per round, when…" powers automatic, and MW-6a asks "a fighter or
//       threatener whose scientist has an unused reroll power" after a roll. Default
//       powers=auto follows MW-31, the more specific ruling: Maddening Whispers ("once per
//       round, when the people roll…") rerolls the people's highest die at once; Overclock is
//       spent on the first conversion that exceeds the capacity (+1 point; MW-31 "spent only if
//       the conversion resolves"); Teutonic Precision ("during a fight", no "when") is the
//       reroll power MW-6a asks for. Option powers=ask follows MW-6a: Maddening Whispers is
//       offered ("power-reroll") in the threat-after-roll window, and Overclock is a choice at
//       each conversion that exceeds the capacity ("convert-overclock:<card>").
//   D12 Loaded Dice / Teutonic Precision choose a die by its sorted position ("reroll:first:0" is
//       the attacker's or threatener's highest die, "reroll:second:<i>" the other side's).
//   D20 Hypnotic Bargain ("look at one face-down raw material card offered to you"): the partner
//       chooses which ("peek:<i>", the i-th offered card; which one is public, what it is is
//       not). Option hypnotic-peek=first: always the first offered card.
//   D21 A Rivalry turn under attacks=one ends after its attack, and a Domination turn after its
//       threat (MW-16, MW-23: the one action of the turn; cards are played before it or in the
//       next windows). Option turn-end=declared: the player returns to the main decision after
//       the attack or threat (no second one) to play cards, and ends the turn with
//       no-attack / no-threat.
//   D13 Grave Robber is automatic; when Minions of several types die at once its owner picks the
//       type. "Destroyed in a fight you take part in" (MW-31) includes a Minion Booby Trap kills
//       after the fight and one-shot Minions leaving after it (P-MIN: "destroyed after the
//       fight"), each a trigger of its own (once per round in all). Option grave-robber=fight-only
//       counts only Minions destroyed by the fight's damage. Booby Trap needs a surviving
//       attacker; the Minion it kills is discarded at once (before one-shot Minions, MW-20a), and
//       the after-resolved window closes when no attacker is left (MW-6a).
//   D14 Evil Laugh is a Maniacal source of its own (not once per game), within the cap of 3; Union
//       Strike may target any Empire in play, and its strike ends when that Empire leaves play
//       (discarded and bought again in the round, it gives capacity; option
//       union-strike=round keeps the strike on the card until the round ends); every raw-card
//       discard is face up (public).
//   D19 Sabotage "not during a threat": a threat lasts from its declaration until its last
//       consequence (ransom, Humiliation or Maniacal counter, keeping or discarding the
//       device), so the counter windows after a threat refuse it too.
//   D15 Every offered raw card is followed by a describe step (an honest card's only description is
//       itself), so the step does not reveal a Betrayed. What a viewer learns from a card passed
//       face down (offered, or handed over for a request) is its description, never its kind: the
//       card is the described kind or a Betrayed, so the viewer's known lower bounds of the
//       giver's hand drop for both (until the card is described, for none). The trade partner
//       learns the kinds when the trade executes (a Betrayed is then caught in public), or by
//       Hypnotic Suggestion's peek. Resampling draws a not yet described offered card from the
//       offerer's hand as the viewer knows it, assumes a described card the viewer cannot see is
//       what it was described as, and replaces other seats' private knowledge (Espionage, trades
//       seen, which face-down Minions they know) by the public knowledge.
//   D16 Under attacks=many a Rivalry turn ends after 12 decisions; under trade-window=open every
//       other player may make one proposal after each Creation turn (MW-15a "each player in
//       turn, from the next player"): the turn player, who just had its whole turn to propose,
//       is not asked. Option open-trade=all asks the turn player too, last.

#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "villainy/core/game.h"

namespace villainy::mwahahaha {

inline constexpr int kMaxPlayers = 5;
inline constexpr int kViewers = kMaxPlayers + 1;  // seats + spectator (public knowledge)
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
inline constexpr int kActionGuard = 400000;
inline constexpr int kMaxTradeItems = 6;
inline constexpr int kWindowSaves = 2;  // nested windows (Evil Laugh's gain, D4)
inline constexpr int kCoreTail = 7;     // fills State::Core to a multiple of 8 bytes (no padding)

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

struct NameZh {
  std::string key, name, zh;
};
struct ScientistCard : NameZh {
  std::array<int, kTypes> rating{};
  Power power{};
  std::string power_name, power_zh, power_text;
};
struct DeviceCard : NameZh {
  std::array<std::array<int, kTypes>, kLevels> req{};
  std::array<int, kLevels> dice{}, people{};
  std::array<int, 3> ransom{};
};
struct EmpireCard : NameZh {
  std::array<int, kTypes> cap{}, cash{};
  bool fortified = false, front = false;
  int icons = 0;  // bitmask of types
};
struct MinionCard : NameZh {
  int type = 0, value = 0, hp = 0;
  Ability ability{};
  std::string ability_text;
};
struct TrickCard : NameZh {
  int copies = 0;
  std::string timing, effect;
};
struct RawKind : NameZh {
  int type = -1, value = 0, per_block = 0;
};

struct CardData {
  std::array<ScientistCard, kNumScientists> scientists;
  std::array<DeviceCard, kNumDevices> devices;
  std::array<EmpireCard, kNumEmpires> empires;
  std::array<MinionCard, kNumMinions> minions;
  std::array<TrickCard, kNumTricks> tricks;
  std::array<RawKind, kRawKinds> raw_kinds;
  std::array<NameZh, kTypes> resources;
  std::array<NameZh, kLevels> levels;
  int tricks_per_round = 1, wild_value = 2, sacrifice_cards = 2, empire_cost = 2, minion_cost = 1,
      hand_size = 5, max_empires = 3, max_minions = 5;
  static const CardData& standin();  // the embedded data file (parsed once)
  static CardData parse(const std::string& text);
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

class MwahahahaGame : public Game {
 public:
  static GameInfo game_info();
  MwahahahaGame(const Options& options, int num_players);
  std::unique_ptr<State> new_initial_state() const override;
  int num_distinct_actions() const override { return act::kCount; }
  std::string action_name(Action a) const override { return names_[static_cast<size_t>(a)]; }
  int max_game_length() const override { return kActionGuard + 10; }
  int tensor_size() const override;
  const TensorLayout& tensor_layout() const override;
  std::string rules_help() const override;

  const CardData& data() const { return *data_; }
  int round_limit() const { return round_limit_; }
  bool tie_random() const { return tie_random_; }
  bool sacrifice_on() const { return sacrifice_; }
  bool trade_open() const { return trade_open_; }
  bool attacks_many() const { return attacks_many_; }
  bool ties_defender() const { return ties_defender_; }
  bool choose_scientist() const { return choose_sci_; }
  bool grave_after_fight() const { return grave_after_fight_; }
  bool strike_whole_round() const { return strike_round_; }
  bool peek_first() const { return peek_first_; }
  bool open_trade_all() const { return open_all_; }
  bool powers_ask() const { return powers_ask_; }
  bool turn_declared() const { return turn_declared_; }
  int raw_total(int kind) const {
    return data_->raw_kinds[static_cast<size_t>(kind)].per_block * num_players();
  }

 private:
  const CardData* data_;
  std::vector<std::string> names_;
  int round_limit_ = 40;
  bool tie_random_ = true, sacrifice_ = true, trade_open_ = false, attacks_many_ = false,
       ties_defender_ = false, choose_sci_ = false, grave_after_fight_ = true,
       strike_round_ = false, peek_first_ = false, open_all_ = false, powers_ask_ = false,
       turn_declared_ = false;
};

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

class MwahahahaState : public State {
 public:
  explicit MwahahahaState(std::shared_ptr<const Game> game);
  MwahahahaState(const MwahahahaState&) = default;
  MwahahahaState& operator=(const MwahahahaState&) = default;  // resample_into reuses a slot

  Player current_player() const override;
  void legal_actions(std::vector<Action>& out) const override;
  void chance_outcomes(std::vector<ChanceOutcome>& out) const override;
  Action sample_chance(Rng& rng) const override;
  void apply_unchecked(Action a) override;
  std::unique_ptr<State> clone() const override { return std::make_unique<MwahahahaState>(*this); }
  std::unique_ptr<State> resample(Player viewer, Rng& rng) const override;
  void resample_into(Player viewer, Rng& rng, std::unique_ptr<State>& out) const override;
  // Re-deals into r, a copy of *this (resample and resample_into).
  void redeal(Player viewer, Rng& rng, MwahahahaState& r) const;
  nlohmann::json view_json(Player viewer) const override;
  std::string view_text(Player viewer) const override;
  void view_tensor(Player viewer, std::span<float> out) const override;
  std::string describe_action(Action a, Player viewer) const override;
  std::vector<double> returns() const override;
  void returns_into(std::span<double> out) const override;
  std::vector<Player> winners() const override;
  nlohmann::json outcome() const override;
  std::uint64_t fingerprint() const override;

  // Read access (tests, report, heuristic).
  const MwahahahaGame& mgame() const { return *g_; }
  const CardData& data() const { return *d_; }
  const Seat& seat(int p) const { return s_.seats[static_cast<size_t>(p)]; }
  Seat& mutable_seat(int p) { return s_.seats[static_cast<size_t>(p)]; }  // tests set up positions
  Phase phase() const { return s_.phase; }
  Stage stage() const { return s_.stage; }
  int round() const { return s_.round; }
  int capability(int p) const;               // MW-22 (0 = none, 1..4)
  int capacity_left(int p, int type) const;  // MW-8
  Win win() const { return s_.win; }
  std::uint8_t winners_mask() const { return s_.winners; }
  const Stats& stats() const { return s_.stats; }
  bool in_fight() const { return s_.fight_active; }
  int fight_successes(int side) const { return s_.succ[static_cast<size_t>(side)]; }
  int dice_count(int side) const { return s_.ndice[static_cast<size_t>(side)]; }
  int die(int side, int i) const {
    return s_.dice[static_cast<size_t>(side)][static_cast<size_t>(i)];
  }
  bool last_threat_success() const { return s_.last_threat_ok; }
  int last_threat_level() const { return s_.threat_level; }
  Window window() const { return s_.wnd; }
  int order(int i) const { return s_.order[static_cast<size_t>(i)]; }
  int minion_deck_size() const;
  int raw_deck_size() const;
  bool minion_face_up(int m) const { return (s_.face_up >> m) & 1; }
  std::uint64_t minion_deck() const { return s_.min_deck; }
  std::uint64_t empire_deck() const { return s_.emp_deck; }
  int attack_type() const { return s_.atk_type; }
  int attacker() const { return s_.attacker; }
  int defender() const { return s_.defender; }
  int target_empire() const { return s_.target_emp; }
  bool world_taken() const { return s_.world_taken; }
  int trade_partner() const { return s_.trade_partner; }
  bool minion_known(int m, int viewer) const;
  bool device_known(int p, int viewer) const;

  // Combat helper shared with tests (MW-19): successes of a sorted-high-to-low pair of rolls.
  static void compare_dice(const int* a, int na, const int* d, int nd, bool ties_def, int& xa,
                           int& xd);

 private:
  // --- flow ---
  void run();
  void start_round();
  void start_phase();
  void next_turn();
  void begin_turn();
  void end_turn();
  void open_window(Window w, int first, std::uint8_t resume);
  void window_advance(bool played);
  bool askable(int p) const;
  bool whispers_ready(int p) const;
  bool can_play(int p, int trick, Window w, bool main) const;
  void play_trick(int p, int t);
  void finish_trick();
  void chance(std::uint8_t kind, int player, int count, std::uint8_t after);
  void after_chance();
  void resume(std::uint8_t pc);
  void window_seek(int from);
  void close_window();
  void trick_target_chosen();
  void cash_continue();
  void damage_next();
  void after_fight();
  void refill();
  void open_turn_window();
  void pop_bottom();
  int deck_left(int dk) const;
  int drawable(int dk) const;
  void roll(int total, std::uint8_t after);
  void sort_dice();
  void trade_return();
  void apply_decision(Action a);
  std::string describe_action_lower(Action a, Player viewer) const;
  std::string describe_action_plain(Action a, Player viewer) const;
  void apply_chance(Action a);
  void draw_raw_into(int p, int kind);
  void gain_token(int p, int type, int n = 1);
  void count_action(int p);
  void cash_in(int p, int e, bool forced, std::uint8_t ret);
  void discard_minion(int m);
  void discard_empire(int e);
  int owner_of_minion(int m) const;
  int owner_of_empire(int e) const;
  int effective_cap(int p, int type) const;
  void conversion_resolve();
  void start_fight();
  void roll_fight();
  void fight_scored();
  void after_empire_settled();
  void start_damage();
  void damage_done();
  void resolve_dead();
  void grave_next();
  void fight_end();
  void fight_finish();
  void save_window();
  void restore_window();
  void grave_trigger(int types, std::uint8_t after);
  void start_threat(int level);
  void threat_rolled();
  void threat_success_continue();
  void threat_done();
  void gain_counter(int p, bool maniacal, int source, std::uint8_t resume);
  void end_game(Win w);
  void rank_at_limit();
  void trade_execute();
  void trade_clear(bool returned);
  void public_raw_loss(int p, int kind);
  void described_raw_loss(int p, int desc);
  void public_trick_loss(int p, int t);
  int attack_dice(int side) const;
  void compute_successes();
  void legal_window(std::vector<Action>& out) const;
  void legal_main_tricks(std::vector<Action>& out, int p) const;
  bool trade_can_propose() const;
  bool trade_can_fulfil() const;
  int receive_cap(int p) const;
  void reshuffle_if_empty(std::uint8_t deck);

 public:
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
    std::array<std::array<std::array<std::uint8_t, kNumTricks>, kMaxPlayers>, kViewers>
        known_trick{};
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
    Stage ret_stage = Stage::kCreation;  // where a trick resolution (or a trade) returns
    std::uint8_t actor = 0;              // who decides at the current stage
    std::array<std::int8_t, kMaxPlayers> order{};
    std::uint8_t order_pos = 0, turn = 0, prev_first = 0, active = 0, setup_seat = 0;
    // chance
    std::uint8_t ch_kind = 0, ch_player = 0, ch_count = 0, ch_after = 0;
    // window
    Window wnd = Window::kTurn;
    std::uint8_t w_first = 0, w_asked = 0, w_passes = 0, w_plays = 0, w_resume = 0, w_askable = 0;
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
    std::uint8_t open_trader = 0, open_left = 0, purpose = 0, w_passed = 0;
    std::int8_t w_excl = -1, dmg_target = -1;
    std::uint8_t cash_front = 0, cash_ret = 0, people_minus = 0, conv_cancel = 0, threat_hum = 0,
                 conv_pending = 0;
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
    std::uint8_t reroll_side = 0, reroll_idx = 0, medic_used = 0, grave_pending = 0,
                 grave_after = 0;
    // threat
    std::uint8_t threatener = 0, threat_level = 0, world_taken = 0, last_threat_ok = 0,
                 ransom_left = 0, no_ransom = 0, counter_blocked = 0, gain_player = 0,
                 gain_is_maniacal = 0, gain_source = 0, gain_resume = 0;
    std::uint8_t threat_on = 0;  // a threat is being resolved (declared … last counter)
    std::uint8_t threat_made = 0, conv_over = 0;  // turn-end=declared; Overclock asked for
    // Windows put aside while an inner one runs (D4).
    struct WindowSave {
      Window wnd;
      Stage ret_stage;
      std::uint8_t w_passed, w_plays, w_resume, gain_player, gain_is_maniacal, gain_source,
          gain_resume, counter_blocked, purpose;
      std::int8_t trick, trick_player, w_excl;
    };
    std::array<WindowSave, kWindowSaves> saves{};
    std::uint8_t save_n = 0;
    // end
    Win win = Win::kNone;
    std::uint8_t winners = 0;
    std::array<std::uint8_t, kCoreTail> tail{};  // no padding
  };
  const Core& core() const { return s_; }
  Core& mutable_core() { return s_; }

 private:
  const MwahahahaGame* g_;
  const CardData* d_;
  Core s_;
};

void register_game();

}  // namespace villainy::mwahahaha
