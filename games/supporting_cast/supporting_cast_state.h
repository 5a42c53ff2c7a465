// Tribute to the Supporting Cast: the state's data, its typed enums and the action-id layout.
// The game's own files write this data; agents and reports read it only through the read-only
// accessors of SupportingCastState (supporting_cast.h). Rules: docs/rules/supporting-cast.md.
#pragma once
#include <array>
#include <cstdint>
#include <type_traits>

#include "villainy/core/types.h"

namespace villainy::supporting_cast {

inline constexpr int kMaxPlayers = 7;
inline constexpr int kVillains = 7;
inline constexpr int kEventsPerVillain = 7;          // events 1–7 (SC-1)
inline constexpr int kOrdinaryHeroesPerVillain = 4;  // plus one super hero (SC-1)
inline constexpr int kCardsPerVillain = 13;
inline constexpr int kNumCards = kVillains * kCardsPerVillain;  // 91
inline constexpr int kAllInCards = 6;                           // all-in cards 1–6 (SC-2)

// Card slots within a villain's thirteen cards (D1): card id = villain * 13 + slot.
enum class CardSlot : std::uint8_t { kVillain = 0, kFirstEvent = 1, kFirstHero = 8, kSuper = 12 };

constexpr int villain_of(int card) {
  return card / kCardsPerVillain;
}
constexpr int slot_of(int card) {
  return card % kCardsPerVillain;
}
constexpr int make_card(int villain, int slot) {
  return villain * kCardsPerVillain + slot;
}
constexpr int villain_card(int villain) {
  return make_card(villain, static_cast<int>(CardSlot::kVillain));
}
constexpr int super_hero_card(int villain) {
  return make_card(villain, static_cast<int>(CardSlot::kSuper));
}
constexpr bool is_villain_card(int card) {
  return slot_of(card) == static_cast<int>(CardSlot::kVillain);
}
constexpr bool is_event(int card) {
  return slot_of(card) >= 1 && slot_of(card) <= kEventsPerVillain;
}
constexpr int event_value(int card) {
  return slot_of(card);
}
constexpr bool is_ordinary_hero(int card) {
  return slot_of(card) >= static_cast<int>(CardSlot::kFirstHero) &&
         slot_of(card) < static_cast<int>(CardSlot::kSuper);
}
constexpr bool is_super_hero(int card) {
  return slot_of(card) == static_cast<int>(CardSlot::kSuper);
}
// Event values wrap round (SC-9: 7 and 1 are neighbours): any integer to 1..7.
constexpr int wrap_event(int k) {
  return ((k - 1) % kEventsPerVillain + kEventsPerVillain) % kEventsPerVillain + 1;
}
// SC-6: the hand size for n players.
constexpr int hand_size_for(int players) {
  return players >= 6 ? 4 : (players == 5 ? 5 : 6);
}

// D12 guards: the round and action guards are SupportingCastGame::round_guard() and
// round_action_guard() (they depend on the table).
inline constexpr int kStalemateGameGuard = 20;  // the game ends after this many stalemate rounds
inline constexpr int kRoundChanceSlack = 60;    // chance actions after the round guard is passed

// Bit counts. The build targets baseline x86-64, where __builtin_popcountll is a call into libgcc
// (12% of an ISMCTS iteration here, issue 15), so without the instruction it is counted in
// registers (SWAR).
constexpr int popcount64(std::uint64_t x) {
#if defined(__POPCNT__)
  return __builtin_popcountll(x);
#else
  x = x - ((x >> 1) & 0x5555555555555555ULL);
  x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
  x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
  return static_cast<int>((x * 0x0101010101010101ULL) >> 56);
#endif
}

// The k-th set bit (0-based, ascending) of x, which has more than k set bits: the byte holding
// it from prefix sums of the byte counts (no loop), then a table within the byte.
int select64(std::uint64_t x, int k);

// A set of up to 128 cards.
struct CardSet {
  std::uint64_t w[2] = {0, 0};
  bool test(int c) const { return (w[c >> 6] >> (c & 63)) & 1; }
  void set(int c) { w[c >> 6] |= 1ULL << (c & 63); }
  void reset(int c) { w[c >> 6] &= ~(1ULL << (c & 63)); }
  int count() const { return popcount64(w[0]) + popcount64(w[1]); }
  bool empty() const { return (w[0] | w[1]) == 0; }
  CardSet operator|(CardSet o) const { return {{w[0] | o.w[0], w[1] | o.w[1]}}; }
  CardSet operator&(CardSet o) const { return {{w[0] & o.w[0], w[1] & o.w[1]}}; }
  CardSet minus(CardSet o) const { return {{w[0] & ~o.w[0], w[1] & ~o.w[1]}}; }
  bool operator==(const CardSet&) const = default;
  // The k-th card (0-based, ascending) of the set.
  int nth(int k) const {
    const int c0 = popcount64(w[0]);
    return k < c0 ? select64(w[0], k) : 64 + select64(w[1], k - c0);
  }
  int first() const {
    return w[0] ? __builtin_ctzll(w[0]) : (w[1] ? 64 + __builtin_ctzll(w[1]) : -1);
  }
  template <class F>
  void for_each(F f) const {
    for (int i = 0; i < 2; ++i)
      for (std::uint64_t x = w[i]; x; x &= x - 1) f(i * 64 + __builtin_ctzll(x));
  }
};

// Action ids (D1): one space for decisions and chance outcomes, as named ranges [first, end).
namespace act {
inline constexpr Action kPlay = 0;                        // play:<card> (hand / villain card)
inline constexpr Action kPlayMarker = kPlay + kNumCards;  // play-marker
inline constexpr Action kBadLuck = kPlayMarker + 1;       // bad-luck (decline reserve cards)
inline constexpr Action kMarker = kBadLuck + 1;           // marker:<card> (choose a marker)
inline constexpr Action kClaim = kMarker + kNumCards;     // claim:<card>
inline constexpr Action kStart = kClaim + kNumCards;      // start:<seat>
inline constexpr Action kAllInVillain = kStart + kMaxPlayers;
inline constexpr Action kAllInSuper = kAllInVillain + 1;
inline constexpr Action kAllInDecline = kAllInSuper + 1;
inline constexpr Action kShuffler = kAllInDecline + 1;     // shuffler:<seat>
inline constexpr Action kName = kShuffler + kMaxPlayers;   // name:1..6
inline constexpr Action kAnswerYes = kName + kAllInCards;  // answer:yes
inline constexpr Action kAnswerNo = kAnswerYes + 1;        // answer:no
inline constexpr Action kDeal = kAnswerNo + 1;             // chance: deal:<card>
inline constexpr Action kTurn = kDeal + kNumCards;         // chance: turn:1..6
inline constexpr Action kVillain = kTurn + kAllInCards;    // chance: villain:<key>
inline constexpr Action kCount = kVillain + kVillains;
// The ranges, for `in(a, kPlays)` style tests.
struct Range {
  Action first, end;
  constexpr bool contains(Action a) const { return a >= first && a < end; }
};
inline constexpr Range kPlays{kPlay, kPlayMarker};
inline constexpr Range kMarkers{kMarker, kClaim};
inline constexpr Range kClaims{kClaim, kStart};
inline constexpr Range kStarts{kStart, kAllInVillain};
inline constexpr Range kShufflers{kShuffler, kName};
inline constexpr Range kNames{kName, kAnswerYes};
inline constexpr Range kDeals{kDeal, kTurn};
inline constexpr Range kTurns{kTurn, kVillain};
inline constexpr Range kVillainDeals{kVillain, kCount};
}  // namespace act

enum class Phase : std::uint8_t {
  kDealVillain,    // chance: villain for seat `deal_seat_`
  kChainStart,     // chance: first event of chain `deal_chain_`
  kDealHand,       // chance: a card for seat `deal_seat_`
  kNameStart,      // the last round's scorer names the start player
  kTurn,           // the turn player plays (or takes bad luck when only reserve cards are legal)
  kChooseMarker,   // bad-luck step 1 / marker replacement: pick a hand card
  kDraw,           // chance: a card for seat `draw_for_`, then `after_draw_`
  kAllInStake,     // choose villain card / super hero / decline
  kAllInShuffler,  // choose who shuffles
  kAllInName,      // name a number 1–6
  kAllInTurn,      // chance: a card is turned
  kClaimName,      // name one of your own cards
  kClaimAnswer,    // owner of the played super hero's villain answers or not
  kGameOver,
};
inline constexpr int kPhases = static_cast<int>(Phase::kGameOver) + 1;
enum class AfterDraw : std::uint8_t { kEndTurn, kAfterBadLuck, kClaimContinue };
enum class AfterMarker : std::uint8_t { kDraw, kClaim };
// What the public knows of a face-down marker (D11).
enum class MarkerInfo : std::uint8_t { kNone, kPublic, kInKnown, kOutKnown, kAny };
// SC-10: how a seat is skipped.
enum class Skip : std::uint8_t { kNone, kNextTurn, kRestOfRound };

// A seat's bad-luck marker (SC-11): a card id, an all-in card, the leader card, or none.
namespace marker {
inline constexpr int kNone = -1;
inline constexpr int kAllInBase = 100;  // kAllInBase + k: all-in card k (D5)
inline constexpr int kLeader = 110;     // the leader card (D5)
constexpr bool is_card(int m) {
  return m >= 0 && m < kNumCards;
}
}  // namespace marker

enum class RoundEnd : std::uint8_t {
  kNone,
  kOwnChainWin,   // SC-14 outright win
  kCompletion,    // SC-14 completion scoring
  kThirdBadLuck,  // SC-13 third bad luck (no all-in, or all-in missed)
  kAllInWin,      // SC-13 all-in win
  kStalemate,     // SC-16a
  kPartyEnd,      // SC-19 the party ending's last turns are over
};
inline constexpr int kRoundEnds = static_cast<int>(RoundEnd::kPartyEnd) + 1;
const char* round_end_name(RoundEnd e);

enum class WinCondition : std::uint8_t {
  kNone,
  kOwnChain,
  kAllIn,
  kSixteen,
  kZeroPoints,
  kPartyLowest
};
inline constexpr int kWinConditions = static_cast<int>(WinCondition::kPartyLowest) + 1;
const char* win_condition_name(WinCondition w);

// A summary of the last finished round, for reports.
struct RoundSummary {
  // What the table had seen in each hand when the round ended (Seat::known), so views keep a
  // hand shown by the round's last action (SC-20a) after the next round clears the hands.
  std::array<CardSet, kMaxPlayers> known{};
  std::int32_t actions = 0;  // actions in the round (chance included)
  std::int16_t turns = 0;    // turn slots
  std::int16_t stuck = 0;    // SC-21 stuck circuits
  RoundEnd end = RoundEnd::kNone;
  std::int8_t scorer = -1;
  std::int8_t points = 0;        // points scored (after SC-15 clamping)
  bool stuck_at_end = false;     // the round's last slot completed one of them (D13)
  std::uint8_t played_mask = 0;  // seats that played a card this round
  bool all_in_tried = false;
  // SC-11 step 2: the markers face up when the round ended (marker::kNone where none was), so
  // views keep what the round's end showed after the next round clears the markers.
  std::array<std::int8_t, kMaxPlayers> markers{-1, -1, -1, -1, -1, -1, -1};
  std::uint8_t padding[3] = {};  // explicit, so the data hashes as bytes
};

struct Seat {
  CardSet hand;   // hidden hand cards (the villain card is tracked by villain_held)
  CardSet known;  // cards the public knows to be in hand or the hidden marker (D11)
  std::int8_t villain = -1;
  std::int8_t score = 0;
  std::int8_t bad_luck = 0;            // level this round, 0–3
  std::int8_t marker = marker::kNone;  // see namespace marker
  MarkerInfo marker_info = MarkerInfo::kNone;
  bool marker_face_up = false;
  bool villain_held = true;
  Skip skip = Skip::kNone;
  bool played_round = false, played_game = false;
  std::uint8_t padding[6] = {};
};

struct Chain {
  std::int8_t owner = -1;  // seat, or -1
  bool on_table = false;
  std::uint8_t mask = 0;                            // bit k-1: event k is on the chain
  std::int8_t first = 0, last = 0, lo = 0, hi = 0;  // event values (ends mode: run lo..hi)
  std::uint8_t count = 0;
  bool all_by_owner = true;  // every event after the first laid by the owner
};

// The whole state of a game in progress (everything but the game it belongs to). Trivially
// copyable and without padding, so the fingerprint is one hash over its bytes.
struct StateData {
  std::array<Seat, kMaxPlayers> seats_{};
  CardSet pile_, discard_, chain_heroes_;
  RoundSummary last_round_;
  std::int32_t round_actions_ = 0;
  std::int16_t round_ = 0, rounds_finished_ = 0;
  std::int16_t round_turns_ = 0, round_stuck_ = 0;
  std::array<Chain, kVillains> chains_{};
  std::array<std::int8_t, kVillains> bottom_{};  // the ordered bottom stack (D2)
  std::uint8_t bottom_n_ = 0;
  std::uint8_t allin_supply_ = 0;  // bit k-1: all-in card k in the supply
  std::uint8_t allin_turned_ = 0;  // bit k-1: turned in the all-in under way (D6)
  bool leader_used_ = false;       // the leader card serves as a marker
  std::uint8_t villain_pool_ = 0;  // villains not yet dealt (game start)
  Phase phase_ = Phase::kDealVillain;
  AfterDraw after_draw_ = AfterDraw::kEndTurn;
  AfterMarker after_marker_ = AfterMarker::kDraw;
  bool in_turn_ = false, turn_played_ = false;
  std::int8_t stalemates_ = 0;
  std::int8_t last_card_ = -1, last_card_by_ = -1;  // the most recent card played (public)
  std::int8_t decider_ = -1;                        // seat deciding in the current phase
  std::int8_t turn_player_ = 0, start_player_ = 0, deal_seat_ = 0, deal_chain_ = 0;
  std::int8_t draw_for_ = -1, round_scorer_ = -1;
  std::int8_t allin_stake_ = 0, allin_named_ = 0, allin_hits_ = 0;  // stake 1 villain, 2 super
  std::int8_t claim_super_ = -1, claim_card_ = -1, claim_holder_ = -1, claim_owner_ = -1;
  bool marker_replacing_ = false;  // kChooseMarker is a replacement, not a bad-luck step
  bool party_active_ = false;
  std::int8_t party_slots_left_ = 0;
  std::int8_t noplay_streak_ = 0;
  bool round_all_in_tried_ = false;
  WinCondition win_ = WinCondition::kNone;
  std::uint8_t winners_mask_ = 0;
  std::uint8_t padding_[4] = {};
};
static_assert(std::is_trivially_copyable_v<StateData>);
static_assert(std::has_unique_object_representations_v<StateData>,
              "StateData must have no padding: it is hashed as bytes (fingerprint)");

}  // namespace villainy::supporting_cast
