// Mwahahaha! (瘋癲科學家) — White Wolf 2008, Ken Cliffe & Mike Chaney.
// Rules: docs/rules/mwahahaha.md (rule ids MW-1…MW-32); terms: docs/glossary/mwahahaha.md.
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
//   D7  Guard: a game that reaches action_guard() actions ends as at the round limit (MW-29a
//       ranking); it bounds max_game_length. The guard is 200 actions per seat and round, for the
//       round limit + 2 (e.g. 16,800 at 2 players, 42,000 at 5, default 40 rounds), capped at
//       kActionGuard (400,000, also with no limit). The longest of 8,000 random and 2,000
//       heuristic games (2-5 players) took under 100 per seat and round (docs/python.md).
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

#include "mwahahaha/mwahahaha_state.h"
#include "villainy/core/game.h"

namespace villainy::mwahahaha {

struct NameZh {
  std::string key, name, zh;
};
struct ScientistCard : NameZh {
  std::array<int, kTypes> rating{};
  Power power{};
  std::string power_name, power_zh, power_text, power_text_zh;
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
  std::string ability_text, ability_text_zh;
};
struct TrickCard : NameZh {
  int copies = 0;
  std::string timing, effect, effect_zh;
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
  // Parses and validates a card file: every field known (no other member), every key unique in
  // its list; errors say "card file SOURCE: FIELD.PATH: what".
  static CardData parse(const std::string& text, const std::string& source);
};

class MwahahahaGame : public Game {
 public:
  static GameInfo game_info();
  MwahahahaGame(const Options& options, int num_players);
  std::unique_ptr<State> new_initial_state() const override;
  int num_distinct_actions() const override { return act::kCount; }
  std::string action_name(Action a) const override { return names_[static_cast<size_t>(a)]; }
  int max_game_length() const override { return action_guard_ + 10; }
  int tensor_size() const override;
  const TensorLayout& tensor_layout() const override;
  std::string rules_help() const override;
  const Catalogue& catalogue() const override;

  const CardData& data() const { return *data_; }
  int round_limit() const { return round_limit_; }
  // D7: a game that reaches this many actions ends as at the round limit.
  int action_guard() const { return action_guard_; }
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
  std::shared_ptr<const CardData> own_data_;  // a card file given by option cards=PATH
  const CardData* data_;
  Catalogue catalogue_;
  std::vector<std::string> names_;
  int round_limit_ = 40;
  int action_guard_ = kActionGuard;
  bool tie_random_ = true, sacrifice_ = true, trade_open_ = false, attacks_many_ = false,
       ties_defender_ = false, choose_sci_ = false, grave_after_fight_ = true,
       strike_round_ = false, peek_first_ = false, open_all_ = false, powers_ask_ = false,
       turn_declared_ = false;
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
  bool narrates() const override { return true; }
  Event action_event(Action a, Player viewer) const override;
  std::string describe_action(Action a, Player viewer) const override;
  bool ends_turn(Action a) const override;
  std::string view_text_for(const RenderContext& ctx) const override;
  std::vector<double> returns() const override;
  void returns_into(std::span<double> out) const override;
  std::vector<Player> winners() const override;
  nlohmann::json outcome() const override;
  std::uint64_t fingerprint() const override;

  // Read access (tests, report, heuristic).
  const MwahahahaGame& mgame() const { return *g_; }
  const CardData& data() const { return *d_; }
  const Seat& seat(int p) const { return s_.seats[static_cast<size_t>(p)]; }
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
  // Parts of the views (mwahahaha_view.cpp): a seat as `viewer` sees it in JSON and in the
  // tensor, and the trade under way.
  nlohmann::json seat_view(int p, Player viewer) const;
  nlohmann::json trade_view(Player viewer) const;
  void seat_tensor(int p, Player viewer, float* o) const;
  // The rules of a stage: its legal actions and its effect (mwahahaha_state.cpp holds the table).
  struct StageRules {
    void (MwahahahaState::*legal)(std::vector<Action>&) const;
    void (MwahahahaState::*apply)(Action);
  };
  static const StageRules& rules_of(Stage stage);
  // --- continuations (mwahahaha_state.cpp) ---
  void resume(Next next);
  void resume_top();  // pops the innermost continuation and runs it
  // --- shared helpers (mwahahaha_state.cpp) ---
  void gain_token(int p, int type, int n = 1);
  void count_action(int p);
  void discard_minion(int m);
  void discard_empire(int e);
  int owner_of_minion(int m) const;
  int owner_of_empire(int e) const;
  void public_raw_loss(int p, int kind);
  void described_raw_loss(int p, int desc);
  void public_trick_loss(int p, int t);
  // --- setup and the round (mwahahaha_rules_setup.cpp) ---
  void start_round();
  void start_phase();
  void phase_told() const;
  void next_turn();
  void begin_turn();
  void end_turn();
  void refill();
  void open_turn_window();
  void end_game(Win w);
  void rank_at_limit();
  void legal_pick_scientist(std::vector<Action>& out) const;
  void apply_pick_scientist(Action a);
  void legal_keep_device(std::vector<Action>& out) const;
  void apply_keep_device(Action a);
  void legal_first_last(std::vector<Action>& out) const;
  void apply_first_last(Action a);
  void on_setup_scientist();
  void on_devices_drawn(bool setup);
  void on_round_tricks();
  void on_phase_tie();
  void on_refill();
  void on_turn_main();
  // --- creation (mwahahaha_rules_creation.cpp) ---
  int effective_cap(int p, int type) const;
  void cash_in(int p, int e, bool forced, Next after);
  void cash_continue();
  void legal_creation(std::vector<Action>& out) const;
  void apply_creation(Action a);
  void on_convert();
  void on_creation_main();
  void on_assembly();
  void legal_sacrifice_select(std::vector<Action>& out) const;
  void apply_sacrifice_select(Action a);
  void legal_swap_select(std::vector<Action>& out) const;
  void apply_swap_select(Action a);
  void legal_pay(std::vector<Action>& out) const;
  void apply_pay(Action a);
  void finish_purchase(int p);  // the last token is paid (or the cost is 0): draw the card
  void apply_feed_select(Action a);
  // --- trade (mwahahaha_rules_trade.cpp) ---
  int receive_cap(int p) const;
  bool trade_can_propose() const;
  bool trade_can_fulfil() const;
  void trade_clear(bool returned);
  void trade_return();
  void open_trade_next();
  void trade_execute();
  void legal_open_trade(std::vector<Action>& out) const;
  void apply_open_trade(Action a);
  void legal_trade_build(std::vector<Action>& out) const;
  void apply_trade_build(Action a);
  void legal_describe(std::vector<Action>& out) const;
  void apply_describe(Action a);
  void legal_trade_answer(std::vector<Action>& out) const;
  void apply_trade_answer(Action a);
  void legal_trade_give(std::vector<Action>& out) const;
  void apply_trade_give(Action a);
  // --- rivalry (mwahahaha_rules_rivalry.cpp) ---
  void roll(Next after);
  void sort_dice();
  void compute_successes();
  int attack_dice(int side) const;
  void start_fight();
  void fight_scored();
  void start_damage();
  void damage_next();
  void damage_done();
  void resolve_dead();
  void grave_trigger(int types, Next after);
  void grave_next();
  void fight_resolved();
  void fight_end();
  void fight_finish();
  void after_fight();
  void legal_rivalry(std::vector<Action>& out) const;
  void apply_rivalry(Action a);
  void legal_send(std::vector<Action>& out) const;
  void apply_send(Action a);
  void on_attack_declared();
  void legal_defend(std::vector<Action>& out) const;
  void apply_defend(Action a);
  void on_before_roll();
  void on_fight_rolled();
  void legal_empire_win(std::vector<Action>& out) const;
  void apply_empire_win(Action a);
  void legal_plunder(std::vector<Action>& out) const;
  void apply_plunder(Action a);
  void legal_damage(std::vector<Action>& out) const;
  void apply_damage(Action a);
  void legal_plunder_maniacal(std::vector<Action>& out) const;
  void apply_plunder_maniacal(Action a);
  // --- domination (mwahahaha_rules_domination.cpp) ---
  bool whispers_ready(int p) const;
  void gain_counter(int p, bool maniacal, int source, Next resume);
  void threat_done();
  void legal_domination(std::vector<Action>& out) const;
  void apply_domination(Action a);
  void on_threat_declared();
  void on_threat_rolled();
  void on_whispers();
  void on_threat_after_roll();
  void on_threat_success();
  void on_gain();
  void legal_fail(std::vector<Action>& out) const;
  void apply_fail(Action a);
  void on_flee_keep();
  void legal_flee_keep(std::vector<Action>& out) const;
  void apply_flee_keep(Action a);
  // --- dirty tricks (mwahahaha_rules_tricks.cpp) ---
  bool askable(int p) const;
  bool can_play(int p, int trick, Window w, bool main) const;
  void legal_window(std::vector<Action>& out) const;
  void legal_main_tricks(std::vector<Action>& out, int p) const;
  void open_window(Window w, int first, Next resume);
  void window_seek(int from);
  void close_window();
  void play_trick(int p, int t);
  void trick_target_chosen();
  void finish_trick();
  void save_window();
  void restore_window();
  void apply_window(Action a);
  void legal_target(std::vector<Action>& out) const;
  void apply_target(Action a);
  void legal_type(std::vector<Action>& out) const;
  void apply_type(Action a);
  void legal_choose_empire(std::vector<Action>& out) const;
  void apply_choose_empire(Action a);
  void legal_select_minion(std::vector<Action>& out) const;
  void apply_select_minion(Action a);
  void legal_reroll(std::vector<Action>& out) const;
  void apply_reroll(Action a);
  void on_reroll();
  void legal_insider_deck(std::vector<Action>& out) const;
  void apply_insider_deck(Action a);
  void on_insider();
  void on_evil_laugh();
  // --- chance (mwahahaha_rules_chance.cpp) ---
  int deck_left(int dk) const;
  int drawable(int dk) const;
  void reshuffle_if_empty(ChanceKind kind);
  void chance(ChanceKind kind, int player, int count, Next after);
  void draw(ChanceKind kind, int player, int count);  // more draws for the frame on top
  void after_chance();
  void draw_raw_into(int p, int kind);
  void pop_bottom();
  void legal_chance(std::vector<Action>& out) const;
  void apply_chance(Action a);

 public:
  using Core = mwahahaha::Core;
  const Core& core() const { return s_; }

 private:
  friend struct MwahahahaTestAccess;  // tests/mw_table.h: sets up positions

 private:
  const MwahahahaGame* g_;
  const CardData* d_;
  Core s_;
};

// The catalogue key of a card (mwahahaha_narration.cpp): "mw.min.giant-lizards" and so on.
std::string card_key(CardKind kind, int index, const CardData& d);
// Core messages, data/messages.json, the resource and level words and every card's name and text
// in English and Traditional Chinese.
Catalogue build_catalogue(const CardData& d);

void register_game();

}  // namespace villainy::mwahahaha
