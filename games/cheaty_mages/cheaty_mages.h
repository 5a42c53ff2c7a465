// Cheaty Mages! (詐賭巫師 / イカサマージ!, Seiji Kanai 2008) — rules: shared/rules/cheaty-mages.md
// (rule ids CM-1…CM-16, CM-20…CM-22; our wording: docs/rules/cheaty-mages.md); source:
// seeds/cheaty-mages-zh.txt. Card data: data/cards.json.
//
// Rules summary
//   3–6 mages (CM-2) play three matches (CM-4). In a match five fighters stand in positions 1–5
//   under a judge (CM-5). Everyone bets 1–3 cards in secret (CM-6: 2×, 1×, ½× the prize, rounded
//   up), then in turn casts spells or passes for good (CM-7): Direct spells face up, Enchants face
//   down (known to their caster), Supports resolve at once (CM-8); Reflection protects (CM-9). At
//   judgement (CM-10) a fighter whose total mana exceeds the judge's limit is dispelled or ejected;
//   the strongest remaining fighter wins (CM-11) and bets are paid. Refill (CM-13), cleanup
//   (CM-14), the richest starts next (CM-15). Most coins wins (CM-16). Options: peek, all-ejected,
//   bribe, lawty-limit, duplicate (CM-7, CM-12, CM-20, CM-21, CM-22).
//
// Decisions of this implementation (where the reference leaves a choice or is silent)
//   D1  Cards are tracked by kind (37 kinds: the 36 of CM-1 plus Duplicate, which has one copy only
//       under duplicate=on, taken from Detect Magic). Hands, deck and discard are counts per kind;
//       the deck is unordered and every draw is a chance node "deal:<kind>" weighted by copies
//       left.
//   D2  A turn is a sequence of small decisions: "cast:<kind>" (or "hide:<kind>": a Direct laid
//   face
//       down under Prismatic Ray), then targets "target:1".."target:5" (fighters), "target:judge",
//       "target:player<p>", then "spell:<k>" (k-th spell at that place, in the order laid; a
//       face-down one is chosen blind). Peek: "peek", "discard:<kind>", "target:<n>". "pass".
//       Imitation is one decision "swap:<from>-<to>". Bets: "bet:<n>" one by one, "bet-done".
//       Refill: "discard:<kind>" any number of times, then "draw".
//   D3  Bribes (CM-20): casting a banned spell when the caster has no Invisibility costs 2 coins
//       automatically (only offered with at least 2 coins); every banned spell costs its own 2
//       coins. The payment is public, so a face-down spell cast with a bribe is known to be banned.
//   D4  Spell targets: Direct, Enchant, Detect Magic and Metamorphosis need a fighter without
//       Reflection (CM-9). Dispel Magic may aim at any fighter (on a reflected fighter only the
//       Reflection can be chosen), at the judge when Confusion is on it, or at a player with a
//       continuous spell. Duplicate (CM-22) targets a spell, so it too may aim at any fighter; on a
//       reflected one only the Reflection can be chosen ("Reflection itself can be", CM-9), which
//       doubles nothing (Reflection has no strength modifier) but is legal. Alteration: a source
//       fighter (any), a spell there (on a reflected one only the Reflection), then a different
//       fighter without Reflection. Anti-Magic Field: any fighter. A target with nothing to remove
//       is legal and has no effect (CM-7).
//   D5  Duplicate lies on its spell; when that spell leaves play (or moves), Duplicate goes with
//   it.
//       Dispel Magic can choose Duplicate itself (it is listed at the fighter after its spell).
//   D6  Metamorphosis: the replaced fighter is set aside until cleanup; the new one is a chance
//   draw
//       from the fighter deck. Dimension Door: the old judge goes to the used judges (with
//       Confusion, which is discarded); a new judge is a chance draw (used judges reshuffled if
//       the judge deck is empty).
//   D7  Amnesia targets a player holding a card (the caster only if they still hold one); the
//   target
//       chooses the discard. Cast is illegal when there is no target. Imitation needs 2+ bets.
//   D8  Lester dispels a fighter with total mana ≤ 4 only if it has spells (a fighter with none is
//       unaffected either way); the report counts those low-mana dispels separately.
//   D9  Guards: a spell phase ends (everyone passes) after 200 turns; after 20 replayed matches
//       (all-ejected=replay) a further all-ejected match counts without payout. Neither is reached
//       in simulations (Recall loops are the only way to play long).
//   D10 Returns: 1 for each winner (CM-16, ties shared), 0 otherwise.
//   D11 Resampling (views are per viewer): the unknown pool is the deck + other players' hands +
//       face-down spells the viewer does not know (+ a face-down spell being cast by someone else).
//       Unknown face-down spells are re-dealt first, each from the cards of its announced type and
//       known Forbidden class (D3, and a judge banning Forbidden without a bribe means not
//       Forbidden); then hands in seat order; the rest is the deck. Other players' current bets
//       are re-dealt as random positions of the same count. The pool is built as counts per kind,
//       so it does not depend on where the hidden cards really are. After a reshuffle the deck's
//       composition could in principle be narrowed by memory; this is not modelled.
//   D12 Starting player of later matches (CM-15): a chance node "start:<seat>" over the tied seats.
//   D13 A match's summary (judge, penalties, winner, revealed bets, payouts) stays public in the
//       state until the next match's summary replaces it (reports read it).
//   D14 A dispel discards the fighter's spells at judgement; an ejected fighter keeps its spells
//       (it simply cannot win) until cleanup discards them after the refill (CM-13/CM-14).
//   D15 Stage of a composite decision and the spell being cast are public, except the identity of a
//       face-down spell being cast (shown as its type, resampled like the face-down spells).
#pragma once
#include <array>
#include <bit>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "villainy/core/game.h"

namespace villainy::cheaty_mages {

inline constexpr int kMaxPlayers = 6;
inline constexpr int kKinds = 37;  // D1
inline constexpr int kNumFighters = 10;
inline constexpr int kNumJudges = 8;
inline constexpr int kPositions = 5;
inline constexpr int kMaxSpells = 72;        // spells in play at once
inline constexpr int kSpellTurnGuard = 200;  // D9
inline constexpr int kReplayGuard = 20;      // D9

// Spell kinds, in data-file order (CM-1 table).
namespace kind {
enum : int {
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
}
namespace judge_id {
enum : int { kAdoth, kTad, kFerine, kZapp, kLawty, kOrlair, kLester, kMorla };
}
namespace fighter_id {
enum : int {
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

enum class SpellType : std::uint8_t { kDirect, kEnchant, kSupport };
enum class Penalty : std::uint8_t { kNone, kDispel, kEject, kFlip };

struct SpellData {
  std::string key, name, name_zh;
  SpellType type = SpellType::kDirect;
  int copies = 0, mana = 0, strength = 0;
  bool forbidden = false;
};
struct FighterData {
  std::string key, name, name_zh;
  int strength = 0, prize = 0;
  bool reverses = false;
};
struct JudgeData {
  std::string key, name, name_zh;
  int limit = 0;
  Penalty penalty = Penalty::kNone;
  bool bans_direct = false, bans_enchant = false, bans_support = false, bans_forbidden = false;
};
struct CardData {
  std::array<SpellData, kKinds> spells;
  std::array<FighterData, kNumFighters> fighters;
  std::array<JudgeData, kNumJudges> judges;
  static CardData parse(const std::string& json_text, const std::string& source);
  static const CardData& builtin();
};

// Action ids (D2): one space for decisions and chance outcomes.
namespace act {
inline constexpr Action kCast = 0;                   // cast:<kind>
inline constexpr Action kHide = kCast + kKinds;      // hide:<kind> (Direct face down)
inline constexpr Action kPeek = kHide + kKinds;      // peek
inline constexpr Action kPass = kPeek + 1;           // pass
inline constexpr Action kTargetFighter = kPass + 1;  // target:1..5
inline constexpr Action kTargetJudge = kTargetFighter + kPositions;  // target:judge
inline constexpr Action kTargetPlayer = kTargetJudge + 1;            // target:player<p>
inline constexpr Action kSpell = kTargetPlayer + kMaxPlayers;        // spell:<k>
inline constexpr Action kSwap = kSpell + kMaxSpells;                 // swap:<from>-<to> (25 slots)
inline constexpr Action kBet = kSwap + 25;                           // bet:1..5
inline constexpr Action kBetDone = kBet + kPositions;                // bet-done
inline constexpr Action kDiscard = kBetDone + 1;                     // discard:<kind>
inline constexpr Action kDraw = kDiscard + kKinds;  // draw (end of refill discards)
// Chance outcomes.
inline constexpr Action kDeal = kDraw + 1;                 // deal:<kind>
inline constexpr Action kFighter = kDeal + kKinds;         // fighter:<key>
inline constexpr Action kJudge = kFighter + kNumFighters;  // judge:<key>
inline constexpr Action kStart = kJudge + kNumJudges;      // start:<seat>
inline constexpr Action kCount = kStart + kMaxPlayers;
}  // namespace act

class CheatyMagesGame : public Game {
 public:
  static GameInfo game_info();
  CheatyMagesGame(const Options& options, int num_players);
  std::unique_ptr<State> new_initial_state() const override;
  int num_distinct_actions() const override { return act::kCount; }
  std::string action_name(Action a) const override;
  int max_game_length() const override;
  int tensor_size() const override;
  const TensorLayout& tensor_layout() const override;
  std::string rules_help() const override;

  const CardData& cards() const { return *cards_; }
  const SpellData& spell(int k) const { return cards_->spells[static_cast<size_t>(k)]; }
  const FighterData& fighter(int f) const { return cards_->fighters[static_cast<size_t>(f)]; }
  const JudgeData& judge(int j) const { return judges_[static_cast<size_t>(j)]; }
  int copies(int k) const { return copies_[static_cast<size_t>(k)]; }
  // Bit k set: judge j bans kind k (CM-8); kind k is a Direct spell. For legal-move generation.
  std::uint64_t banned_kinds(int j) const { return banned_kinds_[static_cast<size_t>(j)]; }
  std::uint64_t direct_kinds() const { return direct_kinds_; }
  int hand_size() const { return num_players() <= 4 ? 8 : (num_players() == 5 ? 6 : 5); }  // CM-2
  int hand_limit() const { return num_players() <= 4 ? 8 : 6; }                            // CM-13
  int refill_draw() const { return num_players() <= 4 ? 4 : 3; }                           // CM-13
  // Decoded options.
  bool peek_on, replay, bribe_on, bribe_last, duplicate_on;

 private:
  const CardData* cards_;
  std::array<JudgeData, kNumJudges> judges_;  // with lawty-limit applied
  std::array<std::int8_t, kKinds> copies_{};  // with duplicate applied
  std::array<std::uint64_t, kNumJudges> banned_kinds_{};
  std::uint64_t direct_kinds_ = 0;
};

// A spell in play.
struct Spell {
  std::int8_t kind = -1;
  std::int8_t loc = -1;  // 0–4 fighter position, 5 judge, 6+p player p (continuous)
  std::int8_t caster = -1;
  std::uint8_t known = 0;  // players who know a face-down spell (caster, peekers)
  bool face_up = false;
  std::uint8_t fclass = 0;     // D11: 0 any, 1 not Forbidden, 2 Forbidden (public constraint)
  std::uint8_t uid = 0;        // unique within the match
  std::int16_t attached = -1;  // Duplicate: uid of the spell it lies on
};
inline constexpr int kLocJudge = 5;
inline constexpr int kLocPlayer = 6;

// The public summary of the last finished match (D13).
struct MatchSummary {
  std::int16_t number = 0;  // matches played so far (replays included)
  bool counted = false, all_ejected = false, judged = false, confusion = false;
  std::int8_t judge = -1, ferine_type = -1, start_player = -1;
  std::int8_t winner_pos = -1, winner_fighter = -1;
  std::int16_t prize = 0, winner_strength = 0;
  bool winner_had_spells = false;
  std::array<std::int8_t, kPositions> fighters{};
  std::uint8_t had_spells = 0, dispelled = 0, ejected = 0, low_mana_dispelled = 0;
  std::array<std::uint8_t, kMaxPlayers> bets{};
  std::array<std::int16_t, kMaxPlayers> payout{};
  std::array<std::int16_t, kMaxPlayers> bribes{};
};

class CheatyMagesState : public State {
 public:
  explicit CheatyMagesState(std::shared_ptr<const Game> game);

  Player current_player() const override;
  void legal_actions(std::vector<Action>& out) const override;
  void chance_outcomes(std::vector<ChanceOutcome>& out) const override;
  Action sample_chance(Rng& rng) const override;
  bool is_legal(Action a) const override;
  void apply_unchecked(Action a) override;
  std::unique_ptr<State> clone() const override;
  std::unique_ptr<State> resample(Player viewer, Rng& rng) const override;
  void resample_into(Player viewer, Rng& rng, std::unique_ptr<State>& out) const override;
  // Re-deals into r, a copy of *this (resample and resample_into).
  void redeal(Player viewer, Rng& rng, CheatyMagesState& r) const;
  nlohmann::json view_json(Player viewer) const override;
  std::string view_text(Player viewer) const override;
  void view_tensor(Player viewer, std::span<float> out) const override;
  std::string describe_action(Action a, Player viewer) const override;
  std::vector<double> returns() const override;
  void returns_into(std::span<double> out) const override;
  std::vector<Player> winners() const override;
  nlohmann::json outcome() const override;
  std::uint64_t fingerprint() const override;

  enum class Phase : std::uint8_t {
    kStartPlayer,  // chance: start:<seat>
    kDealHand,     // chance: initial hands
    kDealFighter,  // chance: fighters for positions 1–5
    kDealJudge,    // chance: the judge (match start or Dimension Door)
    kBet,          // the bettor chooses bet cards
    kSpell,        // spell turns (stage_ says which sub-decision)
    kDraw,         // chance: a card for draw_for_ (Recall, refill)
    kFerine,       // chance: Ferine turns the top spell
    kMetamorph,    // chance: the new fighter
    kRefill,       // refill discards
    kGameOver,
  };
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

  struct Seat {
    std::array<std::int8_t, kKinds> hand{};
    std::int8_t hand_n = 0;
    std::int16_t coins = 0;
    std::uint8_t bets = 0;  // bit n-1: bet on position n (hidden)
    std::int8_t bet_n = 0;  // public
    bool passed = false;
  };

  // Read access (agents on determinizations, reports, tests).
  const CheatyMagesGame& cm_game() const { return *cm_; }
  Phase phase() const { return phase_; }
  Stage stage() const { return stage_; }
  const Seat& seat(int p) const { return seats_[static_cast<size_t>(p)]; }
  int fighter_at(int pos) const { return fighters_[static_cast<size_t>(pos)]; }
  int judge() const { return judge_; }
  int start_player() const { return start_player_; }
  int turn_player() const { return turn_player_; }
  int matches_counted() const { return counted_; }
  int matches_played() const { return played_; }
  int num_spells() const { return n_spells_; }
  const Spell& spell(int i) const { return spells_[static_cast<size_t>(i)]; }
  int deck_count(int k) const { return deck_[static_cast<size_t>(k)]; }
  int deck_size() const { return deck_n_; }
  int discard_count(int k) const { return discard_[static_cast<size_t>(k)]; }
  int discard_size() const { return discard_n_; }
  const MatchSummary& last_match() const { return summary_; }
  std::uint8_t winners_mask() const { return winners_mask_; }
  int pending_kind() const { return p_kind_; }
  bool confused() const;                    // Confusion on the judge
  bool reflected(int pos) const;            // CM-9
  bool has_continuous(int p, int k) const;  // Invisibility / Prismatic Ray on player p
  bool banned(int k) const;                 // CM-8 by the current judge
  bool bribe_active() const;                // CM-20
  // The current match has been judged and paid (refill, its draws, game over): bets no longer pay.
  bool match_paid() const {
    return phase_ == Phase::kRefill || phase_ == Phase::kGameOver ||
           (phase_ == Phase::kDraw && after_draw_ == 2);
  }
  std::uint64_t castable_kinds(int p) const;  // bit k: cast:<k> legal for p (whoever's turn)
  bool castable(int p, int k) const { return (castable_kinds(p) >> k) & 1; }  //
  // cast:<kind> legal for p now (ignoring whose turn)
  int total_mana(int pos) const;  // CM-10
  int strength(int pos) const;    // CM-11 (printed + modifiers)
  int prize(int pos) const;       // CM-11
  bool spell_visible(int i, Player viewer) const;

  // Test hooks.
  Seat& mutable_seat(int p) { return seats_[static_cast<size_t>(p)]; }
  // Empties the deck: its cards go to the discard pile (keep) or out of the game.
  void test_empty_deck(bool keep) {
    for (int k = 0; k < kKinds; ++k) {
      discard_[static_cast<size_t>(k)] = static_cast<std::int8_t>(
          keep ? discard_[static_cast<size_t>(k)] + deck_[static_cast<size_t>(k)] : 0);
      deck_[static_cast<size_t>(k)] = 0;
    }
    discard_n_ = static_cast<std::int16_t>(keep ? discard_n_ + deck_n_ : 0);
    deck_n_ = 0;
  }

 private:
  friend class CheatyMagesGame;
  // Legal decisions and effects by section (cheaty_mages_rules_*.cpp).
  void legal_chance(std::vector<Action>& out) const;
  void legal_bet(std::vector<Action>& out) const;
  void legal_spell_turn(std::vector<Action>& out) const;
  void legal_refill(std::vector<Action>& out) const;
  void apply_start(Action a);
  void apply_deal(Action a);
  void apply_fighter(Action a);
  void apply_judge(Action a);
  void apply_bet(Action a);
  void apply_spell_turn(Action a);
  void apply_metamorph(Action a);
  void apply_ferine(Action a);
  void apply_refill(Action a);
  void begin_match();
  void after_bets(int p);
  void next_spell_turn(bool advance);
  void end_turn();
  void place_spell(int kind, int loc, bool face_up, std::uint8_t fclass);
  void remove_spell(int i);  // to the discard pile (with what is attached)
  void clear_loc(int loc);
  void reveal_to(int pos, int p);  // peek / Detect Magic
  void begin_judgement();
  void judge_now(int limit, Penalty pen, bool judging);
  void finish_match(bool counted_match, bool all_ejected);
  void start_refill(int p);
  void next_refill();
  void cleanup();
  void choose_next_start();
  void start_draw(int p, int count, std::uint8_t after);
  void continue_after_draw();
  bool ensure_deck();  // CM-13 reshuffle; false when nothing to draw
  void discard_card(int k) {
    discard_[static_cast<size_t>(k)]++;
    discard_n_++;
  }
  int spell_index_at(int loc, int k) const;  // k-th spell at loc, or -1
  int spells_at(int loc) const;
  bool spell_targetable(int i) const;  // D4
  void resolve_support_target(int target_action);
  int draw_random_kind(Rng& rng, const std::array<std::int8_t, kKinds>& pool, int total) const;

  const CheatyMagesGame* cm_;
  std::array<Seat, kMaxPlayers> seats_{};
  std::array<std::int8_t, kKinds> deck_{}, discard_{};
  std::int16_t deck_n_ = 0, discard_n_ = 0;
  std::array<Spell, kMaxSpells> spells_{};
  std::int16_t n_spells_ = 0;
  std::uint8_t next_uid_ = 0;
  std::array<std::int8_t, kPositions> fighters_{};
  std::uint16_t fighter_deck_ = 0;  // bit f: fighter f in the fighter deck
  std::uint8_t judge_deck_ = 0;     // bit j: judge j in the judge deck
  std::int8_t judge_ = -1;
  Phase phase_ = Phase::kStartPlayer;
  Stage stage_ = Stage::kChoose;
  std::int8_t start_player_ = 0, turn_player_ = 0, decider_ = 0;
  std::int8_t deal_seat_ = 0, deal_pos_ = 0;
  std::int8_t draw_for_ = -1, draws_left_ = 0;
  std::uint8_t after_draw_ = 0;  // 0 initial deal, 1 Recall, 2 refill
  std::int8_t refill_seat_ = 0, refill_done_ = 0;
  std::uint8_t start_candidates_ = 0;
  // The pending spell (stages kTarget…kDest).
  std::int8_t p_kind_ = -1, p_loc_ = -1, p_spell_ = -1;
  bool p_face_up_ = true;
  std::uint8_t p_fclass_ = 0;
  std::int16_t spell_turns_ = 0;
  std::int8_t counted_ = 0;
  std::int16_t played_ = 0, replays_ = 0;
  bool bets_public_ = false;
  std::array<std::int16_t, kMaxPlayers> match_bribes_{};
  MatchSummary summary_;
  std::uint8_t winners_mask_ = 0;
};

// Registers "cheaty-mages" with the core registry (and its designer report).
void register_game();

}  // namespace villainy::cheaty_mages
