// Cheaty Mages! (詐賭巫師 / イカサマージ!, Seiji Kanai 2008) — rules: docs/rules/cheaty-mages.md
// (rule ids CM-1…CM-16, CM-20…CM-22); terms: docs/glossary/cheaty-mages.md. Card data:
// data/cards.json.
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
//   D9  Guards: a spell phase ends (everyone passes) after spell_turn_guard() turns, n x (hand
//       limit + 1) + 8: every turn but a pass and Recall spends a hand card, so without Recall a
//       phase has at most that many turns less 8; the 8 are for Recall turns (the longest phase of
//       100,000 random and heuristic games, 3-6 players, had 2 and stayed within n x (limit + 1)).
//       After 2 replayed matches (all-ejected=replay) a further all-ejected match counts without
//       payout (1 replay in 100,000 games). Neither is reached in simulations; they bound
//       max_game_length (cheaty_mages_game.cpp gives the count). Until issue 28 they were 200
//       turns and 20 replays.
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
//   D16 Card files (cards=PATH, issue 14) may change names, texts, copies, mana, strength, the
//       Forbidden mark and the type of a spell, a fighter's strength, prize and reversal, and a
//       judge's limit, penalty and bans; the keys and their order stay the engine's (rules refer
//       to cards by them). lawty-limit=10 (the default) keeps the file's limit for Lawty; 12 sets
//       12 (CM-21).
#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "cheaty_mages/cheaty_mages_state.h"
#include "villainy/core/game.h"

namespace villainy::cheaty_mages {

// Card data (CM-1), from data/cards.json or a card file (cheaty_mages_data.cpp).
struct SpellData {
  std::string key, name, name_zh;
  std::string text, text_zh;  // what the card does, in words (optional in a card file)
  SpellType type = SpellType::kDirect;
  int copies = 0, mana = 0, strength = 0;
  bool forbidden = false;
};
struct FighterData {
  std::string key, name, name_zh;
  std::string text, text_zh;  // what the card does, in words (optional in a card file)
  int strength = 0, prize = 0;
  bool reverses = false;
};
struct JudgeData {
  std::string key, name, name_zh;
  std::string text, text_zh;  // what the card does, in words (optional in a card file)
  int limit = 0;
  Penalty penalty = Penalty::kNone;
  bool bans_direct = false, bans_enchant = false, bans_support = false, bans_forbidden = false;
};
inline constexpr std::size_t kMaxCardFileBytes = 256 * 1024;
struct CardData {
  std::array<SpellData, kKinds> spells;
  std::array<FighterData, kNumFighters> fighters;
  std::array<JudgeData, kNumJudges> judges;
  // Parses and validates a card file; errors name the source and the field path.
  static CardData parse(const std::string& json_text, const std::string& source);
  static const CardData& builtin();
  // The option cards=VALUE: "default" (built in) or a file's content (read by the core).
  static std::shared_ptr<const CardData> load(const std::string& value, const std::string* content);
};

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
  // Core messages + data/messages.json + every card's name and text (cheaty_mages_narration.cpp).
  const Catalogue& catalogue() const override;

  const CardData& cards() const { return *cards_; }
  const SpellData& spell(int k) const { return cards_->spells[static_cast<size_t>(k)]; }
  const FighterData& fighter(int f) const { return cards_->fighters[static_cast<size_t>(f)]; }
  const JudgeData& judge(int j) const { return judges_[static_cast<size_t>(j)]; }
  int copies(int k) const { return copies_[static_cast<size_t>(k)]; }
  // Bit k set: judge j bans kind k (CM-8); kind k is a Direct spell. For legal-move generation.
  std::uint64_t banned_kinds(int j) const { return banned_kinds_[static_cast<size_t>(j)]; }
  std::uint64_t direct_kinds() const { return direct_kinds_; }
  // Bit k set: kind k is of type t / has the Forbidden keyword. For resampling (D11).
  std::uint64_t type_kinds(SpellType t) const { return type_kinds_[static_cast<size_t>(t)]; }
  std::uint64_t forbidden_kinds() const { return forbidden_kinds_; }
  int hand_size() const { return num_players() <= 4 ? 8 : (num_players() == 5 ? 6 : 5); }  // CM-2
  int hand_limit() const { return num_players() <= 4 ? 8 : 6; }                            // CM-13
  int refill_draw() const { return num_players() <= 4 ? 4 : 3; }                           // CM-13
  int spell_turn_guard() const { return num_players() * (hand_limit() + 1) + kRecallTurns; }  // D9
  // Decoded options.
  bool peek_on, replay, bribe_on, bribe_last, duplicate_on;

 private:
  std::shared_ptr<const CardData> cards_;
  std::array<JudgeData, kNumJudges> judges_;  // with lawty-limit applied
  std::array<std::int8_t, kKinds> copies_{};  // with duplicate applied
  std::array<std::uint64_t, kNumJudges> banned_kinds_{};
  std::uint64_t direct_kinds_ = 0;
  std::array<std::uint64_t, 3> type_kinds_{};
  std::uint64_t forbidden_kinds_ = 0;
  mutable std::once_flag catalogue_once_;
  mutable std::unique_ptr<Catalogue> catalogue_;
};

struct TestAccess;  // the tests' friend (games/cheaty_mages/tests)

class CheatyMagesState : public State {
 public:
  using Phase = cheaty_mages::Phase;
  using Stage = cheaty_mages::Stage;
  using Seat = cheaty_mages::Seat;

  explicit CheatyMagesState(std::shared_ptr<const Game> game);

  Player current_player() const override;
  void legal_actions(std::vector<Action>& out) const override;
  void chance_outcomes(std::vector<ChanceOutcome>& out) const override;
  Action sample_chance(Rng& rng) const override;
  bool is_legal(Action a) const override;
  void apply_unchecked(Action a) override;
  std::unique_ptr<State> clone() const override;
  // *this = o, byte for byte, but copying only the spells in play (and the game only when it
  // differs): the cheap copy for search scratch states (issue 15).
  void assign(const CheatyMagesState& o);
  std::unique_ptr<State> resample(Player viewer, Rng& rng) const override;
  void resample_into(Player viewer, Rng& rng, std::unique_ptr<State>& out) const override;
  nlohmann::json view_json(Player viewer) const override;
  std::string view_text(Player viewer) const override;
  std::string view_text_for(const RenderContext& ctx) const override;  // cheaty_mages_view_text.cpp
  void view_tensor(Player viewer, std::span<float> out) const override;
  std::string describe_action(Action a, Player viewer) const override;
  bool narrates() const override { return true; }
  Event action_event(Action a, Player viewer) const override;
  std::vector<double> returns() const override;
  void returns_into(std::span<double> out) const override;
  std::vector<Player> winners() const override;
  nlohmann::json outcome() const override;
  std::uint64_t fingerprint() const override;

  // Read access (agents on determinizations, reports, tests).
  const CheatyMagesGame& cm_game() const { return *cm_; }
  Phase phase() const { return d_.phase; }
  Stage stage() const { return d_.stage; }
  const Seat& seat(int p) const { return d_.seats[p]; }
  int fighter_at(int pos) const { return d_.fighters[static_cast<size_t>(pos)]; }
  int judge() const { return d_.judge; }
  int start_player() const { return d_.start_player; }
  int turn_player() const { return d_.turn_player; }
  int matches_counted() const { return d_.counted; }
  int matches_played() const { return d_.played; }
  int num_spells() const { return d_.n_spells; }
  const Spell& spell(int i) const { return d_.spells[static_cast<size_t>(i)]; }
  int deck_count(int k) const { return d_.deck[static_cast<size_t>(k)]; }
  int deck_size() const { return d_.deck_n; }
  int discard_count(int k) const { return d_.discard[static_cast<size_t>(k)]; }
  int discard_size() const { return d_.discard_n; }
  const MatchSummary& last_match() const { return d_.summary; }
  std::uint8_t winners_mask() const { return d_.winners_mask; }
  int pending_kind() const { return d_.p_kind; }
  bool confused() const;                    // Confusion on the judge
  bool reflected(int pos) const;            // CM-9
  unsigned reflected_mask() const;          // CM-9: bit pos for each reflected fighter
  bool has_continuous(int p, int k) const;  // Invisibility / Prismatic Ray on player p
  bool banned(int k) const;                 // CM-8 by the current judge
  bool bribe_active() const;                // CM-20
  // The current match has been judged and paid (refill, its draws, game over): bets no longer pay.
  bool match_paid() const {
    return d_.phase == Phase::kRefill || d_.phase == Phase::kGameOver ||
           (d_.phase == Phase::kDraw && d_.after_draw == DrawFor::kRefill);
  }
  // Bit k: cast:<k> is legal for p now (whoever's turn it is).
  std::uint64_t castable_kinds(int p) const;
  bool castable(int p, int k) const { return (castable_kinds(p) >> k) & 1; }
  int total_mana(int pos) const;  // CM-10
  int strength(int pos) const;    // CM-11 (printed + modifiers)
  int prize(int pos) const;       // CM-11
  bool spell_visible(int i, Player viewer) const;

 private:
  friend class CheatyMagesGame;
  friend struct TestAccess;
  // Parts of view_json (cheaty_mages_view.cpp): a spell as `viewer` sees it, the seats, and
  // the last match's summary.
  nlohmann::json spell_view(int i, Player viewer) const;
  nlohmann::json seats_view(Player viewer) const;
  nlohmann::json last_match_view() const;
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
  void place_spell(int kind, int loc, bool face_up, ForbiddenClass fclass);
  void truncate_spells(int n);
  void remove_spell(int i);  // to the discard pile (with what is attached)
  void clear_loc(int loc);
  void reveal_to(int pos, int p);  // peek / Detect Magic
  void begin_judgement();
  void judge_now(int limit, Penalty pen, bool judging);
  void finish_match(bool counted_match, bool all_ejected);
  void next_refill();
  void cleanup();
  void choose_next_start();
  void start_draw(int p, int count, DrawFor purpose);
  void continue_after_draw();
  bool ensure_deck();  // CM-13 reshuffle; false when nothing to draw
  void discard_card(int k) {
    d_.discard[static_cast<size_t>(k)]++;
    d_.discard_n++;
  }
  int spell_index_at(int loc, int k) const;  // k-th spell at loc, or -1
  int spells_at(int loc) const;
  bool spell_targetable(int i) const;  // D4
  void resolve_support_target(int target_action);
  // Re-deals the viewer's unknowns into r, a copy of *this (D11).
  void redeal(Player viewer, Rng& rng, CheatyMagesState& r) const;

  const CheatyMagesGame* cm_;
  StateData d_;
};

// Message words for a spell type and a penalty ("direct", "eject"…), for events.
const char* type_word(SpellType t);
const char* penalty_word(Penalty p);

// Registers "cheaty-mages" with the core registry (and its designer report).
void register_game();

}  // namespace villainy::cheaty_mages
