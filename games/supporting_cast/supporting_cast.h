// Tribute to the Supporting Cast (向配角致敬) — an unpublished prototype by a Taiwanese designer.
// Rules: docs/rules/supporting-cast.md (rule ids SC-1…SC-21, with lettered rulings SC-8a…SC-20a;
// each rule id there names its code file and tests), from the shared reference and the designer's
// Chinese text.
//
// Rules summary
//   4–7 players each own a villain (SC-3). Every round, each villain's seven events (1–7) start a
//   chain with one random event face up (SC-4); the other events and all heroes form the pile
//   (SC-5); hands of 4/4/5/6 cards for 7/6/5/4 players (SC-6). On a turn a player must play if they
//   can (SC-8): an event that fits a chain (SC-9: one above or below the last event, 7 and 1
//   neighbours; option chain=ends grows a run at both ends), their own villain card or own heroes
//   (discarded, SC-10), or another owner's ordinary hero (laid on that chain: the owner is
//   skipped). Then they draw. A player with no legal play suffers bad luck (SC-11): 1. reveal the
//   hand, lay a face-down marker, draw; 2. turn the marker up; 3. go all-in (SC-13) or end the
//   round scoring 7. Completing a chain ends the round (SC-14): the owner who laid all six later
//   events wins outright, otherwise the player scores the card's value. Scores cap at 15, at least
//   +1 (SC-15); 16 ends the game (SC-17) unless someone has 0 points (they win instead). Options:
//   see game_info(); the party ending (SC-19) and the rival-super-hero claim (SC-20) included.
//
// Decisions of this implementation (where the reference leaves a choice or is silent)
//   D1  Card ids: villain v (0–6 in data-file order) owns ids v*13+k: k=0 villain card, 1–7 events,
//       8–11 ordinary heroes, 12 super hero. Action names use the data file's villain keys:
//       "play:wolf.e3", "play:wolf.h2", "play:wolf.super", "play:wolf.villain".
//   D2  The pile is an unordered set: every draw is a chance decision uniform over the cards left,
//       which is the same distribution as a shuffled pile. A super hero sent to the bottom by a
//       failed claim (SC-20a) goes to an ordered bottom stack, drawn only when the rest is empty.
//   D3  Villains are dealt at game start by chance, one per seat in seat order (SC-3). The seven
//       chain starts are chance decisions per villain in data order; then hands are dealt by
//       chance, seat 0 first. Deal order does not change the distribution.
//   D4  The marker counts as a legal play like a hand card (SC-12 "like a hand card"), so a
//   playable
//       marker must be played if nothing else is chosen. The own super hero as marker is a reserve
//       card too (SC-8a), as is the villain card.
//   D5  At bad-luck step 1 with an empty hand, the marker is the lowest-numbered all-in card left,
//       else the leader card (public either way); SC-12a's replacement order is used likewise.
//   D6  The all-in shuffler (SC-13a) is chosen by the all-in player: a decision with no effect on
//       the odds, kept because the rule names it. Named numbers may repeat; a turned card stays
//       out until that all-in ends. After a miss the turned cards go back to the supply: SC-13
//       shuffles "the all-in cards still in the supply", and only a marker (SC-12) takes a card
//       out of it; turning one reveals it but does not use it up. This matters only when the
//       round goes on after the miss (SC-19a, the party ending's last turns), where a later marker
//       (SC-12a) or all-in finds them in the supply again. (Until issue 17 they stayed out.)
//   D7  A claim (SC-20) may name any of the claimer's own twelve events and heroes (SC-20a), even
//       one in their own hand or known to be elsewhere (such a claim finds nobody holding it and
//       fails); until issue 17 the project narrowed this to cards not in hand and not known to be
//       elsewhere, which the reference does not. The owner of the played super hero's
//       villain is always asked whether to answer (when they are another player), so that being
//       asked reveals nothing; "answer:no" looks the same whether they could answer or not.
//   D8  "Showing" a card (the claim answer) and "handing over" a claimed card are public.
//   D9  Party ending (SC-19a): the n−1 turn slots after the one in which a player first reaches 16
//       are the last ones (a skipped slot is used up). Completions in them score but do not end the
//       round; the game then ends. If nobody has 16 at that point (impossible) the highest wins.
//   D10 Returns: 1 for each winner, 0 otherwise. Outcome details name the win condition.
//   D11 Resampling re-deals every card the viewer cannot locate (the pile, others' hidden hand
//       cards, others' hidden markers), keeping what the public knows: hand sizes, cards revealed
//       at bad luck or by a failed claim that are still in that hand (or are its face-down marker).
//       It does not infer from choices (e.g. that a player who took bad luck had no playable card).
//   D12 Guards (SC-16a/c): every round ends by the rules; if a round ever exceeds
//       round_action_guard() actions it is ended as a stalemate, reported as such, and 20
//       stalemates end the game. A game that has played round_guard() rounds ends instead of
//       starting another, the highest scores winning (as after 20 stalemates). Both grow with the
//       players (the round guard also under rival-super-hero=claim; supporting_cast_game.cpp has
//       the numbers) and bound max_game_length near the real lengths (issue 28: the round guard
//       was 4000 actions and there was no round guard). No simulation has hit them (docs/python.md
//       gives the longest rounds and games measured).
//   D13 A turn slot is a player's turn, including a slot lost to a skip under skip=next-turn; a
//       seat out for the rest of the round (skip=rest-of-round) "takes no further turns" (SC-10),
//       so it has no turn slots: they count neither as slots without a play nor toward turns per
//       round. "Stuck" (SC-21) is counted when the number of consecutive slots without a play
//       reaches the number of players still taking turns; the counter then restarts. The slot
//       that ends a round by a third bad luck (SC-13) is a slot without a play and counts toward
//       a stuck circuit: nobody played in it, and the designer's question is whether a whole
//       circuit passes with no card played, not how the round then ends. (Until issue 17 the
//       slots of seats out for the round were counted as slots without a play while the threshold
//       excluded them, so rounds were reported stuck that were not.)
//   D14 A new round (SC-16) resets every card: the villain card returns to its owner, markers and
//       all-in cards return, bad-luck levels and skips end.
//   D15 When the marker played is a rival super hero (a claim), the marker is replaced before the
//       claim is named, so that a bad-luck step caused by the claim finds the new marker.
//   D16 A card drawn from the public bottom stack becomes known to be in that hand.
//   D17 Narration (issue 11): a round's chain starts and hand deals are told as one event each
//       per viewer when the deal is complete (the viewer's own hand, else the hand size); the
//       single deals have no event, but their describe_action line still names what the viewer
//       sees (a chain start, the viewer's own card), so that deals described alike look alike. A
//       hidden draw says who acts next when the card decided it (as describe_action always did).
//   D18 Card names on screens: events "Big Bad Wolf 3: Runs ahead to Grandmother's" (the
//       villain's name without a leading "The", then the number), heroes "Little Red Riding Hood
//       (hero vs Big Bad Wolf)"; in Chinese "大野狼 3：搶先跑到外婆家". Card texts come from the
//       cast file; a cast without texts shows the rules' text for the card's kind.
//   D19 The table shows the last card played only once a card was played in this round, and the
//       last round's result until then; the "next" hint lists only events that fit.
//   D20 The information-state key (issue 15) of a viewer is a hash of the state's data with what a
//       resample for it re-deals (D11) masked: the pile's cards (its size kept), other seats'
//       unknown hand cards (hand sizes and known cards kept) and hidden markers (that one lies
//       face down, and what the table knows of it, kept). It also tells apart public counters
//       the view does not print (actions and turns this round, the no-play streak): a player at
//       the table has seen them happen (perfect recall), and they never depend on hidden cards.
#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "supporting_cast/supporting_cast_state.h"
#include "villainy/core/game.h"

namespace villainy::supporting_cast {

// Card data (SC-1): names and texts in English and Chinese, loaded by supporting_cast_data.cpp.
// Texts are optional in a cast file (empty: the rules' text for the card kind is shown).
struct CardText {
  std::string name, name_zh, text, text_zh;
};
struct VillainData {
  std::string key, name, name_zh, colour;
  std::string text, text_zh;  // the villain card's text
  std::array<CardText, kEventsPerVillain> events;
  std::array<CardText, kOrdinaryHeroesPerVillain> heroes;
  CardText super_hero;
};
inline constexpr std::size_t kMaxCastFileBytes = 256 * 1024;
struct Cast {
  std::string name, name_zh;
  std::array<VillainData, kVillains> villains;
  // Loads and validates a cast file; errors name the file and the field.
  static Cast parse(const std::string& json_text, const std::string& source);
  // The cast of the `cast` option: `content` is the data of a file (read by the core, see
  // OptionKind::kPath) or nullptr for the built-in "default".
  static Cast load(const std::string& value, const std::string* content = nullptr);
};

class SupportingCastGame : public Game {
 public:
  static GameInfo game_info();
  SupportingCastGame(const Options& options, int num_players);
  std::unique_ptr<State> new_initial_state() const override;
  int num_distinct_actions() const override { return act::kCount; }
  std::string action_name(Action a) const override;
  int max_game_length() const override;
  int tensor_size() const override;
  const TensorLayout& tensor_layout() const override;
  std::string rules_help() const override;
  const Catalogue& catalogue() const override;  // supporting_cast_narration.cpp

  const Cast& cast() const { return cast_; }
  std::string card_name(int card) const;  // "Little Red Riding Hood (wolf hero)"
  std::string card_key(int card) const;   // "wolf.h1"
  // The catalogue key of a marker: a card's key, "allin.K" or "leader".
  std::string marker_key(int marker) const;
  // Option values, decoded once.
  bool chain_ends, unowned_removed, unowned_closed, skip_rest, claim, retry, reserve_forced, party;
  // D12: a round is ended as a stalemate past this many actions; the game ends (highest scores
  // win) instead of starting a round past round_guard() rounds. Both depend on the table.
  int round_action_guard() const { return round_action_guard_; }
  int round_guard() const { return round_guard_; }

 private:
  Cast cast_;
  int round_action_guard_ = 0, round_guard_ = 0;
  mutable std::once_flag catalogue_once_;
  mutable std::unique_ptr<Catalogue> catalogue_;
};

struct TestAccess;  // defined by the rule tests: sets up positions no chance outcome reaches

// The state: its data (StateData, supporting_cast_state.h) and the rules, one file per section of
// the rules reference: supporting_cast_rules_{setup,turn,bad_luck,scoring,claim}.cpp.
class SupportingCastState : public State, private StateData {
 public:
  using Phase = supporting_cast::Phase;
  using Seat = supporting_cast::Seat;
  using Chain = supporting_cast::Chain;

  explicit SupportingCastState(std::shared_ptr<const Game> game);

  Player current_player() const override;
  void legal_actions(std::vector<Action>& out) const override;
  void chance_outcomes(std::vector<ChanceOutcome>& out) const override;
  Action sample_chance(Rng& rng) const override;
  bool is_legal(Action a) const override;
  void apply_unchecked(Action a) override;
  std::unique_ptr<State> clone() const override;
  std::unique_ptr<State> resample(Player viewer, Rng& rng) const override;
  void resample_into(Player viewer, Rng& rng, std::unique_ptr<State>& out) const override;
  nlohmann::json view_json(Player viewer) const override;
  std::string view_text(Player viewer) const override;
  void view_tensor(Player viewer, std::span<float> out) const override;
  std::string describe_action(Action a, Player viewer) const override;
  bool narrates() const override { return true; }
  Event action_event(Action a, Player viewer) const override;
  std::string view_text_for(const RenderContext& ctx) const override;
  std::vector<double> returns() const override;
  void returns_into(std::span<double> out) const override;
  std::vector<Player> winners() const override;
  nlohmann::json outcome() const override;
  std::uint64_t fingerprint() const override;
  // D20: a hash of what `viewer` knows (the state's data with every card it cannot locate masked:
  // other seats' unknown hand cards and hidden markers, the pile's order), no JSON, no allocation.
  std::uint64_t information_state_key(Player viewer) const override;

  // Read access for agents (on determinizations), reports and tests.
  const SupportingCastGame& sc_game() const { return *sc_; }
  Phase phase() const { return phase_; }
  const Seat& seat(int p) const { return seats_[static_cast<size_t>(p)]; }
  const Chain& chain(int v) const { return chains_[static_cast<size_t>(v)]; }
  int turn_player() const { return turn_player_; }
  int start_player() const { return start_player_; }
  int round() const { return round_; }
  CardSet pile() const { return pile_; }
  int pile_size() const { return pile_.count() + bottom_n_; }
  CardSet discard() const { return discard_; }
  CardSet chain_heroes() const { return chain_heroes_; }
  int all_in_supply_count() const { return __builtin_popcount(allin_supply_); }
  bool all_in_supply_has(int k) const { return allin_supply_ & (1u << (k - 1)); }
  const RoundSummary& last_round() const { return last_round_; }
  int rounds_finished() const { return rounds_finished_; }
  int round_stuck_count() const { return round_stuck_; }
  WinCondition win_condition() const { return win_; }
  std::uint8_t winners_mask() const { return winners_mask_; }
  int owner_of_villain(int v) const { return chains_[static_cast<size_t>(v)].owner; }
  // Would this card be a legal play for seat p now (ignoring whose turn it is)?
  bool card_playable(int p, int card) const;
  bool fits_chain(int card) const;
  // The cards seat p may play now, in hand or not (card_playable for every card at once).
  CardSet playable_cards(int p) const;
  bool all_in_eligible(int p) const;
  CardSet claimable_cards(int p) const { return claimable(p); }
  // The claimable cards that seat p cannot see to be out of the other hands (not in p's hand or
  // marker, not on a chain, discarded, a face-up marker or in the bottom stack): public to p, for
  // agents. Naming any other card is legal (SC-20a) but is sure to fail.
  CardSet claim_prospects(int p) const;
  int claim_super() const { return claim_super_; }
  int claim_card() const { return claim_card_; }
  int allin_hits() const { return allin_hits_; }
  int allin_named() const { return allin_named_; }
  int allin_stake() const { return allin_stake_; }
  bool party_active() const { return party_active_; }

 private:
  friend class SupportingCastGame;
  friend struct TestAccess;
  Seat& seat_mut(int p) { return seats_[static_cast<size_t>(p)]; }
  Chain& chain_mut(int v) { return chains_[static_cast<size_t>(v)]; }

  // Setup (SC-3…SC-7, SC-16): supporting_cast_rules_setup.cpp.
  void legal_deal_villain(std::vector<Action>& out) const;
  void apply_deal_villain(Action a);
  void legal_chain_start(std::vector<Action>& out) const;
  void apply_chain_start(Action a);
  void legal_pile_card(std::vector<Action>& out) const;  // kDealHand and kDraw
  void apply_deal_hand(Action a);
  void legal_name_start(std::vector<Action>& out) const;
  void apply_name_start(Action a);
  void begin_round();
  void start_turns();
  void next_round(int scorer);

  // A turn: events, heroes and skips, draws (SC-8…SC-10): supporting_cast_rules_turn.cpp.
  void legal_turn(std::vector<Action>& out) const;
  void apply_turn(Action a);
  void apply_draw(Action a);
  void begin_turn();  // at the turn player's slot: skips, then the decision
  void offer_turn();  // the turn player acts now (no skip check)
  void end_turn();    // count the slot, advance to the next one
  void count_slot(bool played);
  int active_players() const;
  bool has_non_reserve_play(int p) const;
  bool has_reserve_play(int p) const;
  bool is_reserve(int p, int card) const;
  void play_card(int p, int card, bool from_marker);
  void lay_event(Chain& c, int k) const;
  void start_draw(int p, AfterDraw after);
  void continue_after_draw();
  CardSet playable_among(int p, CardSet among) const;  // playable_cards, exact on `among`
  CardSet playable_held(int p) const;                  // ... on p's hand and marker

  // Bad luck, the marker and the all-in (SC-11…SC-13): supporting_cast_rules_bad_luck.cpp.
  void legal_choose_marker(std::vector<Action>& out) const;
  void apply_choose_marker(Action a);
  void legal_all_in_stake(std::vector<Action>& out) const;
  void apply_all_in_stake(Action a);
  void legal_all_in_shuffler(std::vector<Action>& out) const;
  void apply_all_in_shuffler(Action a);
  void legal_all_in_name(std::vector<Action>& out) const;
  void apply_all_in_name(Action a);
  void legal_all_in_turn(std::vector<Action>& out) const;
  void apply_all_in_turn(Action a);
  void bad_luck_step(int p);
  void after_bad_luck(int p);
  void third_bad_luck_scores(int p);
  void reveal_hand_publicly(int p);
  void replace_marker(int p, bool face_up, AfterMarker after);
  void replace_marker_auto(int p);
  void after_marker_done(int p);

  // Round end, scoring and game end (SC-14…SC-19): supporting_cast_rules_scoring.cpp.
  bool score(int p, int points, RoundEnd reason);  // true when the round (or game) ended
  void finish_round(RoundEnd reason, int scorer, int points);
  void finish_party();  // D9: the party ending's last turns are over
  void stalemate();
  void end_at_guard();  // D12
  void end_game(WinCondition w, std::uint8_t mask);

  // The afterword's claim (SC-20): supporting_cast_rules_claim.cpp.
  void legal_claim_name(std::vector<Action>& out) const;
  void apply_claim_name(Action a);
  void legal_claim_answer(std::vector<Action>& out) const;
  void apply_claim_answer(Action a);
  CardSet claimable(int p) const;
  void claim_resolve_named(int p, int card);
  void claim_after_replacement_draw();
  void claim_after_answer();

  // Resampling (D11): supporting_cast_resample.cpp. Re-deals into r, a copy of *this.
  void redeal(Player viewer, Rng& rng, SupportingCastState& r) const;

  // Narration: supporting_cast_narration.cpp.
  Event play_event(const char* source, int p, int card) const;
  nlohmann::json card_keys(CardSet s) const;
  void narrate_round_end(RoundEnd reason, int scorer, int points);
  void narrate_game_end();
  std::vector<Event> game_end_events() const;  // the reason each winner won

  // Parts of the views (supporting_cast_view.cpp): a seat and a chain in JSON, and their lines
  // in the text view, for `viewer` / ctx.viewer.
  nlohmann::json seat_view(int p, Player viewer) const;
  nlohmann::json chain_view(int v) const;
  void chain_text(int v, const RenderContext& ctx, std::string& out) const;
  void player_text(int p, const RenderContext& ctx, std::string& out) const;

  const SupportingCastGame* sc_;
};

// Registers "supporting-cast" with the core registry (and its designer report).
void register_game();

}  // namespace villainy::supporting_cast
