// Cheaty Mages!: the state's data, its typed enums and the action-id layout (private to the game
// and its bots: include cheaty_mages.h). The data is one trivially copyable struct without padding,
// so that the fingerprint hashes all of it and nothing can be forgotten.
#pragma once
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "villainy/core/seat_array.h"
#include "villainy/core/types.h"

namespace villainy::cheaty_mages {

inline constexpr int kMaxPlayers = 6;
inline constexpr int kKinds = 37;  // D1
inline constexpr int kNumFighters = 10;
inline constexpr int kNumJudges = 8;
inline constexpr int kPositions = 5;
inline constexpr int kDeckSize = 72;   // CM-1
inline constexpr int kMaxBets = 3;     // CM-6
inline constexpr int kMaxSpells = 72;  // spells in play at once
// D9: a spell phase ends after n x (hand limit + 1) turns (every card in hand and a pass each)
// and kRecallTurns more (the only turns that keep a hand's size: Recall draws its replacement).
inline constexpr int kRecallTurns = 8;
inline constexpr int kReplayGuard = 2;     // D9: replayed matches (all-ejected=replay)
inline constexpr int kCountedMatches = 3;  // CM-4

// Bit k set when counts[k] > 0 (counts are small and never negative), eight counts at a time: a
// byte's high bit after adding 0x7f to its low seven bits is set exactly when the byte is not zero,
// and the multiply gathers the eight high bits into one byte (issue 15: the per-kind loop was a
// large share of legal-move generation).
static_assert(std::endian::native == std::endian::little, "nonzero_kinds reads bytes in order");
inline std::uint64_t nonzero_kinds(const std::array<std::int8_t, kKinds>& counts) {
  constexpr std::uint64_t kLow7 = 0x7f7f7f7f7f7f7f7full, kHigh = 0x8080808080808080ull;
  std::uint64_t out = 0;
  for (int i = 0; i < kKinds; i += 8) {
    std::uint64_t x = 0;
    std::memcpy(&x, counts.data() + i, static_cast<size_t>(std::min(8, kKinds - i)));
    const std::uint64_t high = (((x & kLow7) + kLow7) | x) & kHigh;
    out |= (((high >> 7) * 0x0102040810204080ull) >> 56) << i;
  }
  return out;
}

// Spell kinds, in data-file order (CM-1 table). A kind is also an index into hands and piles.
namespace kind {
enum Kind : int {
  kCure,
  kHealing,
  kRegeneration,
  kEnergyBoost,
  kRefresh,
  kMagicMissile,
  kFireball,
  kLightningBolt,
  kBlizzard,
  kMeteorStrike,
  kStrengthen,
  kMight,
  kHaste,
  kPowerAwakening,
  kGiantGrowth,
  kWeaken,
  kCripple,
  kSlow,
  kParalyze,
  kShrink,
  kManaBoost,
  kManaSeal,
  kCauseUnpopularity,
  kReflection,
  kDetectMagic,
  kDispelMagic,
  kRecall,
  kAmnesia,
  kImitation,
  kDimensionDoor,
  kConfusion,
  kInvisibility,
  kPrismaticRay,
  kMetamorphosis,
  kAlteration,
  kAntiMagicField,
  kDuplicate
};
}  // namespace kind
namespace judge_id {
enum Judge : int { kAdoth, kTad, kFerine, kZapp, kLawty, kOrlair, kLester, kMorla };
}
namespace fighter_id {
enum Fighter : int {
  kGoblin,
  kOrc,
  kSkeleton,
  kLizardman,
  kGhost,
  kSuccubus,
  kDarkElf,
  kMinotaur,
  kDemon,
  kDragon
};
}
inline constexpr int kAbsent = -1;
inline constexpr std::uint16_t kAllFighters = (1u << kNumFighters) - 1;  // a full fighter deck
inline constexpr std::uint8_t kAllJudges =
    (1u << kNumJudges) -
    1;  // a full judge deck  // no fighter, judge, spell kind or seat in a slot

enum class SpellType : std::uint8_t { kDirect, kEnchant, kSupport };
enum class Penalty : std::uint8_t { kNone, kDispel, kEject, kFlip };

// Where a spell lies (Spell::loc): a fighter's position, the judge, or a player (a continuous
// Support spell on its caster, CM-8).
namespace place {
inline constexpr int kJudge = kPositions;    // after positions 0–4
inline constexpr int kPlayer0 = kJudge + 1;  // player p is kPlayer0 + p
inline constexpr int kCount = kPlayer0 + kMaxPlayers;
constexpr int fighter(int pos) {
  return pos;
}
constexpr int player(int p) {
  return kPlayer0 + p;
}
constexpr bool is_fighter(int loc) {
  return loc >= 0 && loc < kPositions;
}
constexpr bool is_player(int loc) {
  return loc >= kPlayer0 && loc < kCount;
}
constexpr int player_of(int loc) {
  return loc - kPlayer0;
}
}  // namespace place
// Legacy spellings of place::kJudge and place::kPlayer0.
inline constexpr int kLocJudge = place::kJudge;
inline constexpr int kLocPlayer = place::kPlayer0;

// What the table knows of a face-down spell's Forbidden keyword (D3, D11).
enum class ForbiddenClass : std::uint8_t { kUnknown, kNotForbidden, kForbidden };
// What a run of draws is for (D1): the initial hands, Recall, or the refill (CM-13).
enum class DrawFor : std::uint8_t { kHand, kRecall, kRefill };

enum class Phase : std::uint8_t {
  kStartPlayer,  // chance: start:<seat>
  kDealHand,     // chance: initial hands
  kDealFighter,  // chance: fighters for positions 1–5
  kDealJudge,    // chance: the judge (match start or Dimension Door)
  kBet,          // the bettor chooses bet cards
  kSpell,        // spell turns (the stage says which sub-decision)
  kDraw,         // chance: a card for draw_for (Recall, refill)
  kFerine,       // chance: Ferine turns the top spell
  kMetamorph,    // chance: the new fighter
  kRefill,       // refill discards
  kGameOver,
};
inline constexpr int kNumPhases = static_cast<int>(Phase::kGameOver) + 1;
enum class Stage : std::uint8_t {
  kChoose,       // cast / peek / pass
  kPeekDiscard,  // discard a card to peek
  kPeekTarget,   // the fighter to peek at
  kTarget,       // the target of the pending spell
  kChooseSpell,  // a spell at the chosen place (Dispel, Alteration, Duplicate)
  kDest,         // Alteration: the destination fighter
  kAmnesia,      // the Amnesia target discards
  kSwap,         // Imitation
};
inline constexpr int kNumStages = static_cast<int>(Stage::kSwap) + 1;

// Action ids (D2): one space for decisions and chance outcomes, as named ranges.
namespace act {
inline constexpr Action kCast = 0;                   // cast:<kind>
inline constexpr Action kHide = kCast + kKinds;      // hide:<kind> (Direct face down)
inline constexpr Action kPeek = kHide + kKinds;      // peek
inline constexpr Action kPass = kPeek + 1;           // pass
inline constexpr Action kTargetFighter = kPass + 1;  // target:1..5
inline constexpr Action kTargetJudge = kTargetFighter + kPositions;  // target:judge
inline constexpr Action kTargetPlayer = kTargetJudge + 1;            // target:player<p>
inline constexpr Action kSpell = kTargetPlayer + kMaxPlayers;        // spell:<k>
inline constexpr Action kSwap = kSpell + kMaxSpells;             // swap:<from>-<to>, from * 5 + to
inline constexpr Action kBet = kSwap + kPositions * kPositions;  // bet:1..5
inline constexpr Action kBetDone = kBet + kPositions;            // bet-done
inline constexpr Action kDiscard = kBetDone + 1;                 // discard:<kind>
inline constexpr Action kDraw = kDiscard + kKinds;               // draw (end of refill discards)
// Chance outcomes.
inline constexpr Action kDeal = kDraw + 1;                 // deal:<kind>
inline constexpr Action kFighter = kDeal + kKinds;         // fighter:<key>
inline constexpr Action kJudge = kFighter + kNumFighters;  // judge:<key>
inline constexpr Action kStart = kJudge + kNumJudges;      // start:<seat>
inline constexpr Action kCount = kStart + kMaxPlayers;

constexpr bool in(Action a, Action first, Action end) {
  return a >= first && a < end;
}
constexpr bool is_cast(Action a) {
  return in(a, kCast, kPeek);
}  // cast: or hide:
constexpr bool is_hide(Action a) {
  return in(a, kHide, kPeek);
}
constexpr int cast_kind(Action a) {
  return is_hide(a) ? a - kHide : a - kCast;
}
constexpr bool is_target_fighter(Action a) {
  return in(a, kTargetFighter, kTargetJudge);
}
constexpr bool is_target_player(Action a) {
  return in(a, kTargetPlayer, kSpell);
}
constexpr bool is_spell_choice(Action a) {
  return in(a, kSpell, kSwap);
}
constexpr bool is_swap(Action a) {
  return in(a, kSwap, kBet);
}
constexpr bool is_bet(Action a) {
  return in(a, kBet, kBetDone);
}
constexpr bool is_discard(Action a) {
  return in(a, kDiscard, kDraw);
}
constexpr Action swap(int from, int to) {
  return kSwap + from * kPositions + to;
}
constexpr int swap_from(Action a) {
  return (a - kSwap) / kPositions;
}
constexpr int swap_to(Action a) {
  return (a - kSwap) % kPositions;
}
// The place a target:<…> action names (place::).
constexpr int target_place(Action a) {
  return a == kTargetJudge ? place::kJudge
                           : (is_target_player(a) ? place::player(a - kTargetPlayer)
                                                  : place::fighter(a - kTargetFighter));
}
}  // namespace act

// A spell in play.
struct Spell {
  std::int16_t attached = -1;  // Duplicate: uid of the spell it lies on
  std::int8_t kind = kAbsent;
  std::int8_t loc = -1;  // place:: (a position, the judge or a player)
  std::int8_t caster = -1;
  std::uint8_t known = 0;  // players who know a face-down spell (caster, peekers)
  bool face_up = false;
  ForbiddenClass fclass = ForbiddenClass::kUnknown;  // D11 (public constraint)
  std::uint8_t uid = 0;                              // unique within the match
  std::uint8_t unused = 0;                           // (no padding: the fingerprint hashes bytes)
};

struct Seat {
  std::int16_t coins = 0;
  std::int16_t match_bribes = 0;           // bribes paid this match (CM-20)
  std::array<std::int8_t, kKinds> hand{};  // copies of each kind
  std::int8_t hand_n = 0;
  std::uint8_t bets = 0;  // bit n-1: bet on position n (hidden)
  std::int8_t bet_n = 0;  // public
  bool passed = false;
  std::uint8_t unused = 0;
};

// The public summary of the last finished match (D13).
struct MatchSummary {
  std::int16_t number = 0;  // matches played so far (replays included)
  std::int16_t prize = 0, winner_strength = 0;
  std::array<std::int16_t, kMaxPlayers> payout{};
  std::array<std::int16_t, kMaxPlayers> bribes{};
  bool counted = false, all_ejected = false, judged = false, confusion = false;
  std::int8_t judge = kAbsent;
  std::int8_t ferine_type = kAbsent;  // the SpellType Ferine turned, or kAbsent
  std::int8_t start_player = kAbsent;
  std::int8_t winner_pos = kAbsent, winner_fighter = kAbsent;
  bool winner_had_spells = false;
  std::array<std::int8_t, kPositions> fighters{};
  // Bit pos: the fighter at that position.
  std::uint8_t had_spells = 0, dispelled = 0, ejected = 0, low_mana_dispelled = 0;
  std::array<std::uint8_t, kMaxPlayers> bets{};
  std::uint8_t unused = 0;
};

// Everything a Cheaty Mages! state is but its seats.
struct TableData {
  std::array<Spell, kMaxSpells> spells{};  // in the order laid
  MatchSummary summary;
  std::int16_t deck_n = kDeckSize, discard_n = 0;
  std::int16_t n_spells = 0;
  std::int16_t spell_turns = 0;
  std::int16_t played = 0, replays = 0;
  std::uint16_t fighter_deck = 0;  // bit f: fighter f in the fighter deck
  std::array<std::int8_t, kKinds> deck{}, discard{};
  std::array<std::int8_t, kPositions> fighters{kAbsent, kAbsent, kAbsent, kAbsent, kAbsent};
  std::uint8_t next_uid = 0;
  std::uint8_t judge_deck = 0;  // bit j: judge j in the judge deck
  std::int8_t judge = kAbsent;
  Phase phase = Phase::kStartPlayer;
  Stage stage = Stage::kChoose;
  std::int8_t start_player = 0, turn_player = 0, decider = 0;
  std::int8_t deal_seat = 0, deal_pos = 0;
  std::int8_t draw_for = -1, draws_left = 0;
  DrawFor after_draw = DrawFor::kHand;
  std::int8_t refill_seat = 0, refill_done = 0;
  std::uint8_t start_candidates = 0;
  // The pending spell (stages kTarget…kDest).
  std::int8_t p_kind = kAbsent, p_loc = -1, p_spell = -1;
  bool p_face_up = true;
  ForbiddenClass p_fclass = ForbiddenClass::kUnknown;
  std::int8_t counted = 0;
  bool bets_public = false;
  std::uint8_t winners_mask = 0;
  std::uint8_t unused = 0;
};
static_assert(std::is_trivially_copyable_v<TableData>);
static_assert(std::has_unique_object_representations_v<TableData>,
              "TableData has padding: the fingerprint would hash undefined bytes");

// Everything a Cheaty Mages! state is, but its game: the table and the seats. The fingerprint
// hashes both; the size check below fails if a member is added beside them.
struct StateData : TableData {
  SeatArray<Seat, kMaxPlayers> seats;
};
static_assert(std::is_trivially_copyable_v<StateData>);
static_assert(std::has_unique_object_representations_v<Seat>);
static_assert(sizeof(StateData) == sizeof(TableData) + sizeof(SeatArray<Seat, kMaxPlayers>),
              "StateData holds only the table and the seats");

}  // namespace villainy::cheaty_mages
