// Tribute to the Supporting Cast: rules. See supporting_cast.h for the summary and decisions.
#include "supporting_cast/supporting_cast.h"

#include <fmt/format.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <sstream>
#include <typeinfo>

#include "villainy/core/json_input.h"
#include "villainy/core/registry.h"
#include "villainy/core/signature.h"

namespace villainy::embedded {
extern const std::string_view supporting_cast_default_cast;
}

namespace villainy::supporting_cast {
using nlohmann::json;

namespace {
constexpr int kAllInMarker = 100;  // marker value 100+k: all-in card k
constexpr int kLeaderMarker = 110;
constexpr int kRoundActionGuard = 4000;  // D12
constexpr int kStalemateGameGuard = 20;  // D12: games end after this many stalemate rounds

int cyc(int k) {
  return ((k - 1) % 7 + 7) % 7 + 1;
}  // wraps to 1..7

int hand_size_for(int n) {
  return n >= 6 ? 4 : (n == 5 ? 5 : 6);
}  // SC-6
}  // namespace

int CardSet::nth(int k) const {
  int c0 = __builtin_popcountll(w[0]);
  std::uint64_t x = w[0];
  int base = 0;
  if (k >= c0) {
    k -= c0;
    x = w[1];
    base = 64;
  }
  // Skip whole bytes, then bits.
  for (;;) {
    int c = __builtin_popcountll(x & 0xff);
    if (k < c) break;
    k -= c;
    x >>= 8;
    base += 8;
  }
  for (; k > 0; --k) x &= x - 1;
  return base + __builtin_ctzll(x);
}

const char* round_end_name(RoundEnd e) {
  switch (e) {
    case RoundEnd::kNone:
      return "none";
    case RoundEnd::kOwnChainWin:
      return "own-chain-win";
    case RoundEnd::kCompletion:
      return "completion";
    case RoundEnd::kThirdBadLuck:
      return "third-bad-luck";
    case RoundEnd::kAllInWin:
      return "all-in-win";
    case RoundEnd::kStalemate:
      return "stalemate";
    case RoundEnd::kPartyEnd:
      return "party-end";
  }
  return "?";
}

const char* win_condition_name(WinCondition w) {
  switch (w) {
    case WinCondition::kNone:
      return "none";
    case WinCondition::kOwnChain:
      return "own-chain";
    case WinCondition::kAllIn:
      return "all-in";
    case WinCondition::kSixteen:
      return "sixteen";
    case WinCondition::kZeroPoints:
      return "zero-points";
    case WinCondition::kPartyLowest:
      return "party-lowest";
  }
  return "?";
}

// ---------------------------------------------------------------------------------------------
// Cast data
// ---------------------------------------------------------------------------------------------
namespace {
constexpr std::size_t kMaxTextBytes = 256;
CardText card_text(const JsonField& f) {
  if (!f.json().is_object()) f.fail("must be an object with name and name_zh");
  return {f["name"].string(kMaxTextBytes, true), f["name_zh"].string(kMaxTextBytes, true)};
}
}  // namespace

Cast Cast::parse(const std::string& text, const std::string& source) {
  const std::string where = "cast file " + source;
  const json j = parse_json_text(text, where);
  const JsonField root(j, where);
  Cast c;
  if (!j.is_object()) root.fail("the document must be an object");
  c.name = root["name"].string(kMaxTextBytes, true);
  c.name_zh = root["name_zh"].string(kMaxTextBytes, true);
  const JsonField vs = root["villains"];
  if (!vs.json().is_array() || vs.json().size() != kVillains)
    vs.fail(fmt::format("must be an array of exactly {} villains", kVillains));
  for (int v = 0; v < kVillains; ++v) {
    const JsonField vj = vs[static_cast<size_t>(v)];
    vj.object();
    VillainData& d = c.villains[static_cast<size_t>(v)];
    d.key = vj["key"].string(kMaxTextBytes, true);
    for (char ch : d.key)
      if (!(std::islower(static_cast<unsigned char>(ch)) ||
            std::isdigit(static_cast<unsigned char>(ch)) || ch == '-'))
        vj["key"].fail(
            fmt::format("key '{}' may use only a-z, 0-9 and '-'", cut_for_message(d.key)));
    for (int u = 0; u < v; ++u)
      if (c.villains[static_cast<size_t>(u)].key == d.key)
        vj["key"].fail(fmt::format("key '{}' is used twice", d.key));
    d.name = vj["name"].string(kMaxTextBytes, true);
    d.name_zh = vj["name_zh"].string(kMaxTextBytes, true);
    d.colour = vj.has("colour") ? vj["colour"].string(kMaxTextBytes) : "";
    const JsonField ev = vj["events"];
    if (!ev.json().is_array() || ev.json().size() != 7)
      ev.fail("must be an array of exactly 7 events (1–7)");
    for (size_t k = 0; k < 7; ++k) d.events[k] = card_text(ev[k]);
    const JsonField he = vj["heroes"];
    if (!he.json().is_array() || he.json().size() != 4)
      he.fail("must be an array of exactly 4 ordinary heroes");
    for (size_t k = 0; k < 4; ++k) d.heroes[k] = card_text(he[k]);
    d.super_hero = card_text(vj["super_hero"]);
  }
  return c;
}

Cast Cast::load(const std::string& value, const std::string* content) {
  // The game never opens a file: the core reads a file named by a local user (OptionKind::kPath)
  // and passes its content; a record carries it.
  if (content) return parse(*content, cut_for_message(value, 120));
  if (value == "default")
    return parse(std::string(embedded::supporting_cast_default_cast),
                 "default (fairy-tale-cast.json)");
  throw Error(fmt::format("cast {}: no such built-in cast (the built-in one is 'default')",
                          cut_for_message(value)));
}

// ---------------------------------------------------------------------------------------------
// Game
// ---------------------------------------------------------------------------------------------
GameInfo SupportingCastGame::game_info() {
  GameInfo i;
  i.name = "supporting-cast";
  i.title = "Tribute to the Supporting Cast (向配角致敬)";
  i.min_players = 4;
  i.max_players = 7;
  i.summary =
      "Villains' event chains, heroes who skip you, and bad luck. Play events onto chains (one "
      "above or below the last), your own heroes to avoid bad luck, others' heroes to skip them. "
      "Complete a chain to score its card, your own chain alone to win; three bad lucks score 7 "
      "or an all-in. 16 points wins, unless someone has 0.";
  i.options = {
      {"chain",
       "top",
       {"top", "ends"},
       "SC-9: an event fits one above/below the last event (top) or either end of the run (ends)"},
      {"unowned-villains",
       "table",
       {"table", "removed"},
       "SC-4: chains and cards of villains nobody plays stay (table) or are taken out (removed)"},
      {"unowned-chains",
       "playable",
       {"playable", "closed"},
       "SC-9: events of unowned chains can be played (playable) or not (closed)"},
      {"skip",
       "next-turn",
       {"next-turn", "rest-of-round"},
       "SC-10: a skipped player loses the next turn or the rest of the round"},
      {"rival-super-hero",
       "dead",
       {"dead", "claim"},
       "SC-10/SC-20: another villain's super hero is unplayable (dead) or claims a card (claim)"},
      {"bad-luck-retry",
       "no",
       {"no", "yes"},
       "SC-11: after a bad-luck step the turn ends (no) or a now-legal play must be made (yes)"},
      {"reserve",
       "optional",
       {"optional", "forced"},
       "SC-8a: with only the villain card / own super hero playable, play one or take bad luck "
       "(optional), or must play (forced)"},
      {"ending",
       "standard",
       {"standard", "party"},
       "SC-17/SC-19: 16 ends the game at once (standard) or everyone else gets one more turn "
       "(party)"},
      {"cast",
       "default",
       {"default"},
       "SC-1: card data: 'default' (the fairy-tale cast) or the path of a cast JSON file (on the "
       "command line only; a record carries the cast itself)",
       OptionKind::kPath,
       kMaxCastFileBytes},
  };
  return i;
}

SupportingCastGame::SupportingCastGame(const Options& o, int n)
    : Game(game_info(), o, n), cast_(Cast::load(o.get("cast"), o.content("cast"))) {
  chain_ends = o.is("chain", "ends");
  unowned_removed = o.is("unowned-villains", "removed");
  unowned_closed = o.is("unowned-chains", "closed");
  skip_rest = o.is("skip", "rest-of-round");
  claim = o.is("rival-super-hero", "claim");
  retry = o.is("bad-luck-retry", "yes");
  reserve_forced = o.is("reserve", "forced");
  party = o.is("ending", "party");
}

std::unique_ptr<State> SupportingCastGame::new_initial_state() const {
  return std::make_unique<SupportingCastState>(shared_from_this());
}

int SupportingCastGame::max_game_length() const {
  // Every round but the last gives someone at least one point (SC-15), so at most 15n+1 scoring
  // rounds; stalemate rounds are capped (D12); each round is capped at kRoundActionGuard actions.
  return (15 * num_players() + 2 + kStalemateGameGuard) * (kRoundActionGuard + 60) + kVillains;
}

std::string SupportingCastGame::card_key(int c) const {
  const auto& v = cast_.villains[static_cast<size_t>(villain_of(c))];
  int s = slot_of(c);
  if (s == 0) return v.key + ".villain";
  if (s <= 7) return fmt::format("{}.e{}", v.key, s);
  if (s <= 11) return fmt::format("{}.h{}", v.key, s - 7);
  return v.key + ".super";
}

std::string SupportingCastGame::card_name(int c) const {
  const auto& v = cast_.villains[static_cast<size_t>(villain_of(c))];
  int s = slot_of(c);
  if (s == 0) return fmt::format("{} (villain card)", v.name);
  if (s <= 7) return fmt::format("{} {}: {}", v.key, s, v.events[static_cast<size_t>(s - 1)].name);
  if (s <= 11)
    return fmt::format("{} (hero vs {})", v.heroes[static_cast<size_t>(s - 8)].name, v.key);
  return fmt::format("{} (SUPER hero vs {})", v.super_hero.name, v.key);
}

std::string SupportingCastGame::action_name(Action a) const {
  using namespace act;
  if (a >= kPlay && a < kPlayMarker) return "play:" + card_key(a - kPlay);
  if (a == kPlayMarker) return "play-marker";
  if (a == kBadLuck) return "bad-luck";
  if (a >= kMarker && a < kClaim) return "marker:" + card_key(a - kMarker);
  if (a >= kClaim && a < kStart) return "claim:" + card_key(a - kClaim);
  if (a >= kStart && a < kAllInVillain) return fmt::format("start:{}", a - kStart);
  if (a == kAllInVillain) return "all-in:villain";
  if (a == kAllInSuper) return "all-in:super";
  if (a == kAllInDecline) return "all-in:decline";
  if (a >= kShuffler && a < kName) return fmt::format("shuffler:{}", a - kShuffler);
  if (a >= kName && a < kAnswerYes) return fmt::format("name:{}", a - kName + 1);
  if (a == kAnswerYes) return "answer:yes";
  if (a == kAnswerNo) return "answer:no";
  if (a >= kDeal && a < kTurn) return "deal:" + card_key(a - kDeal);
  if (a >= kTurn && a < kVillain) return fmt::format("turn:{}", a - kTurn + 1);
  if (a >= kVillain && a < kCount)
    return "villain:" + cast_.villains[static_cast<size_t>(a - kVillain)].key;
  return fmt::format("invalid:{}", a);
}

std::string SupportingCastGame::rules_help() const {
  return R"(Tribute to the Supporting Cast — how to play (rule ids from the reference)
- You own a villain; its chain of events 1–7 is on the table with every other villain's.
- On your turn you MUST play a card if you can (SC-8), then draw one:
  * an event onto its villain's chain, one above or below the last event there (7 and 1 are
    neighbours) (SC-9);
  * your own villain card or your own heroes: discarded, no effect — they avoid bad luck (SC-10);
    your villain card and your super hero are a reserve: with nothing else to play you may keep
    them and take bad luck instead (SC-8a);
  * another player's ordinary hero: laid on their chain — that player is skipped (SC-10).
- No legal play = bad luck (SC-11): 1) show your hand, lay a card face down as your marker, draw;
  2) turn the marker up; 3) third bad luck: all-in (SC-13, needs your chain at six cards all laid
  by you, and your villain card or super hero) or the round ends and you score 7.
- Your marker may be played when it fits; it is replaced by a hand card (SC-12).
- Completing a chain ends the round: your own chain, all laid by you = you win outright;
  otherwise score the card's value (SC-14). Scores cap at 15, +1 at least; 15 -> 16 ends the game
  (SC-15, SC-17) — but players on 0 points win instead of the 16.
Choices are numbered; type the number, or 'help', 'view', 'log', 'quit'.)";
}

int SupportingCastGame::tensor_size() const {
  return tensor_layout().size();  // the layout is in supporting_cast_view.cpp
}

// ---------------------------------------------------------------------------------------------
// State: setup and flow
// ---------------------------------------------------------------------------------------------
SupportingCastState::SupportingCastState(std::shared_ptr<const Game> game)
    : State(std::move(game)), sc_(static_cast<const SupportingCastGame*>(&this->game())) {
  villain_pool_ = 0x7f;
  phase_ = Phase::kDealVillain;
  deal_seat_ = 0;
}

Player SupportingCastState::current_player() const {
  switch (phase_) {
    case Phase::kDealVillain:
    case Phase::kChainStart:
    case Phase::kDealHand:
    case Phase::kDraw:
    case Phase::kAllInTurn:
      return kChancePlayer;
    case Phase::kGameOver:
      return kTerminalPlayer;
    default:
      return decider_;
  }
}

void SupportingCastState::begin_round() {
  ++round_;
  const int n = num_players();
  pile_ = {};
  discard_ = {};
  chain_heroes_ = {};
  bottom_n_ = 0;
  allin_supply_ = 0x3f;
  allin_turned_ = 0;
  leader_used_ = false;
  for (int v = 0; v < kVillains; ++v) {
    Chain& c = chains_[static_cast<size_t>(v)];
    int owner = c.owner;
    c = Chain{};
    c.owner = static_cast<std::int8_t>(owner);
    c.on_table = owner >= 0 || !sc_->unowned_removed;
    if (!c.on_table) continue;
    for (int s = 1; s <= 12; ++s) pile_.set(make_card(v, s));
  }
  for (int p = 0; p < n; ++p) {
    Seat& s = seats_[static_cast<size_t>(p)];
    s.hand = {};
    s.known = {};
    s.bad_luck = 0;
    s.marker = -1;
    s.marker_info = MarkerInfo::kNone;
    s.villain_held = true;  // D14: the villain card returns to its owner every round
    s.skip = 0;
    s.played_round = false;
  }
  round_actions_ = 0;
  round_turns_ = 0;
  round_stuck_ = 0;
  noplay_streak_ = 0;
  round_all_in_tried_ = false;
  turn_played_ = false;
  in_turn_ = false;
  deal_chain_ = 0;
  while (deal_chain_ < kVillains && !chains_[static_cast<size_t>(deal_chain_)].on_table)
    ++deal_chain_;
  phase_ = Phase::kChainStart;
}

void SupportingCastState::start_turns() {
  turn_player_ = start_player_;
  begin_turn();
}

int SupportingCastState::active_players() const {
  int k = 0;
  for (int p = 0; p < num_players(); ++p) k += seats_[static_cast<size_t>(p)].skip != 2;
  return k;
}

void SupportingCastState::count_slot(bool played) {
  ++round_turns_;
  if (played) {
    noplay_streak_ = 0;
    return;
  }
  ++noplay_streak_;
  if (noplay_streak_ >= std::max(1, active_players())) {
    ++round_stuck_;
    noplay_streak_ = 0;
  }
}

void SupportingCastState::begin_turn() {
  const int n = num_players();
  for (int guard = 0; guard < 4 * n + 4; ++guard) {
    if (party_active_) {
      if (party_slots_left_ == 0) {
        // D9: the party ending's last turns are over.
        finish_round(RoundEnd::kPartyEnd, -1, 0);
        std::uint8_t mask = 0;
        int at16 = 0;
        for (int p = 0; p < n; ++p)
          if (seats_[static_cast<size_t>(p)].score >= 16) ++at16;
        WinCondition w = WinCondition::kSixteen;
        if (at16 == 1) {
          for (int p = 0; p < n; ++p)
            if (seats_[static_cast<size_t>(p)].score >= 16)
              mask |= static_cast<std::uint8_t>(1u << p);
        } else {
          int best = at16 > 1 ? 99 : -1;
          for (int p = 0; p < n; ++p) {
            int sc = seats_[static_cast<size_t>(p)].score;
            best = at16 > 1 ? std::min(best, sc) : std::max(best, sc);
          }
          for (int p = 0; p < n; ++p)
            if (seats_[static_cast<size_t>(p)].score == best)
              mask |= static_cast<std::uint8_t>(1u << p);
          w = at16 > 1 ? WinCondition::kPartyLowest : WinCondition::kSixteen;
        }
        end_game(w, mask);
        return;
      }
      --party_slots_left_;
    }
    Seat& s = seats_[static_cast<size_t>(turn_player_)];
    if (s.skip == 0) {
      in_turn_ = true;
      turn_played_ = false;
      offer_turn();
      return;
    }
    if (s.skip == 1) {
      s.skip = 0;         // SC-10a: used up when the turn comes round
      count_slot(false);  // SC-21: a slot lost to a skip is a slot without a play
    }
    // D13: a seat out for the rest of the round (skip=rest-of-round) takes no further turns, so it
    // has no turn slots: they count neither toward a stuck circuit nor toward turns per round.
    if (active_players() == 0) {  // SC-16a: nobody can ever play again this round
      stalemate();
      return;
    }
    turn_player_ = static_cast<std::int8_t>((turn_player_ + 1) % n);
  }
  stalemate();
}

void SupportingCastState::stalemate() {
  finish_round(RoundEnd::kStalemate, -1, 0);
  ++stalemates_;
  if (stalemates_ >= kStalemateGameGuard) {
    int best = -1;
    for (int p = 0; p < num_players(); ++p)
      best = std::max<int>(best, seats_[static_cast<size_t>(p)].score);
    std::uint8_t mask = 0;
    for (int p = 0; p < num_players(); ++p)
      if (seats_[static_cast<size_t>(p)].score == best) mask |= static_cast<std::uint8_t>(1u << p);
    end_game(WinCondition::kNone, mask);
    return;
  }
  begin_round();
}

bool SupportingCastState::fits_chain(int card) const {
  const Chain& c = chains_[static_cast<size_t>(villain_of(card))];
  if (!c.on_table || c.count >= 7) return false;
  if (sc_->unowned_closed && c.owner < 0) return false;
  const int k = event_value(card);
  if (c.mask & (1u << (k - 1))) return false;
  if (sc_->chain_ends) return k == cyc(c.hi + 1) || k == cyc(c.lo - 1);
  return k == cyc(c.last + 1) || k == cyc(c.last - 1);
}

bool SupportingCastState::card_playable(int p, int card) const {
  if (is_event(card)) return fits_chain(card);
  const int own = seats_[static_cast<size_t>(p)].villain;
  if (is_villain_card(card)) return villain_of(card) == own;
  if (is_ordinary_hero(card)) return true;
  // Super hero.
  return villain_of(card) == own || sc_->claim;
}

bool SupportingCastState::is_reserve(int p, int card) const {
  const int own = seats_[static_cast<size_t>(p)].villain;
  return card == make_card(own, 0) || card == make_card(own, 12);
}

bool SupportingCastState::has_non_reserve_play(int p) const {
  const Seat& s = seats_[static_cast<size_t>(p)];
  bool found = false;
  s.hand.for_each([&](int c) {
    if (!found && !is_reserve(p, c) && card_playable(p, c)) found = true;
  });
  if (!found && s.marker >= 0 && s.marker < kNumCards && !is_reserve(p, s.marker) &&
      card_playable(p, s.marker))
    found = true;
  return found;
}

bool SupportingCastState::has_reserve_play(int p) const {
  const Seat& s = seats_[static_cast<size_t>(p)];
  const int own = s.villain;
  return s.villain_held || s.hand.test(make_card(own, 12)) || s.marker == make_card(own, 12);
}

bool SupportingCastState::all_in_eligible(int p) const {
  const Seat& s = seats_[static_cast<size_t>(p)];
  const Chain& c = chains_[static_cast<size_t>(s.villain)];
  return c.on_table && c.count == 6 && c.all_by_owner &&
         (s.villain_held || s.hand.test(make_card(s.villain, 12)));
}

void SupportingCastState::offer_turn() {
  const int p = turn_player_;
  decider_ = static_cast<std::int8_t>(p);
  if (has_non_reserve_play(p) || has_reserve_play(p)) {
    phase_ = Phase::kTurn;  // legal_actions adds bad-luck when only reserve cards are playable
    return;
  }
  bad_luck_step(p);
}

void SupportingCastState::end_turn() {
  if (in_turn_) count_slot(turn_played_);
  in_turn_ = false;
  turn_played_ = false;
  turn_player_ = static_cast<std::int8_t>((turn_player_ + 1) % num_players());
  begin_turn();
}

void SupportingCastState::reveal_hand_publicly(int p) {
  Seat& s = seats_[static_cast<size_t>(p)];
  if (s.marker >= 0 && s.marker < kNumCards) {
    switch (s.marker_info) {
      case MarkerInfo::kInKnown:
        s.marker_info = MarkerInfo::kPublic;
        break;
      case MarkerInfo::kAny:
        s.marker_info = s.known.minus(s.hand).empty() ? MarkerInfo::kOutKnown : MarkerInfo::kPublic;
        break;
      default:
        break;
    }
  }
  s.known = s.hand;
}

void SupportingCastState::bad_luck_step(int p) {
  Seat& s = seats_[static_cast<size_t>(p)];
  decider_ = static_cast<std::int8_t>(p);
  ++s.bad_luck;
  if (s.bad_luck == 1) {
    // SC-11 step 1: reveal the hand, lay a marker face down, draw one.
    reveal_hand_publicly(p);
    s.marker_face_up = false;
    if (!s.hand.empty()) {
      marker_replacing_ = false;
      phase_ = Phase::kChooseMarker;
      return;
    }
    replace_marker_auto(p);  // SC-11a with an empty hand
    start_draw(p, AfterDraw::kAfterBadLuck);
    return;
  }
  if (s.bad_luck == 2) {
    // SC-11 step 2: the marker is turned face up.
    s.marker_face_up = true;
    if (s.marker >= 0) {
      if (s.marker < kNumCards) s.known.reset(s.marker);
      s.marker_info = MarkerInfo::kPublic;
    }
    after_bad_luck(p);
    return;
  }
  // SC-13: third bad luck.
  if (all_in_eligible(p)) {
    phase_ = Phase::kAllInStake;
    return;
  }
  third_bad_luck_scores(p);
}

void SupportingCastState::third_bad_luck_scores(int p) {
  // SC-13/SC-19a: the all-in cards turned in a missed all-in go back to the supply (D6); this
  // matters only when the round goes on (the party ending's last turns).
  allin_supply_ |= allin_turned_;
  allin_turned_ = 0;
  if (score(p, 7, RoundEnd::kThirdBadLuck)) return;  // the round (or game) ended
  end_turn();                                        // party ending: nothing ends (SC-19a)
}

void SupportingCastState::after_bad_luck(int p) {
  if (sc_->retry) {
    offer_turn();  // SC-11 bad-luck-retry=yes: a now-legal play must be made, else the next step
    (void)p;
    return;
  }
  end_turn();
}

void SupportingCastState::replace_marker_auto(int p) {
  Seat& s = seats_[static_cast<size_t>(p)];
  if (allin_supply_) {
    int k = __builtin_ctz(allin_supply_) + 1;
    allin_supply_ &= static_cast<std::uint8_t>(~(1u << (k - 1)));
    s.marker = static_cast<std::int8_t>(kAllInMarker + k);
    s.marker_info = MarkerInfo::kPublic;
  } else if (!leader_used_) {
    leader_used_ = true;
    s.marker = kLeaderMarker;
    s.marker_info = MarkerInfo::kPublic;
  } else {
    s.marker = -1;
    s.marker_info = MarkerInfo::kNone;
  }
}

void SupportingCastState::start_draw(int p, AfterDraw after) {
  after_draw_ = after;
  draw_for_ = static_cast<std::int8_t>(p);
  if (pile_size() == 0) {
    continue_after_draw();
    return;
  }
  phase_ = Phase::kDraw;
}

void SupportingCastState::continue_after_draw() {
  switch (after_draw_) {
    case AfterDraw::kEndTurn:
      end_turn();
      return;
    case AfterDraw::kAfterBadLuck:
      after_bad_luck(draw_for_);
      return;
    case AfterDraw::kClaimContinue:
      claim_after_replacement_draw();
      return;
  }
}

bool SupportingCastState::score(int p, int points, RoundEnd reason) {
  Seat& s = seats_[static_cast<size_t>(p)];
  const int old = s.score;
  int nw = std::max(old + 1, std::min(old + points, 15));  // SC-15a
  nw = std::min(nw, 16);
  s.score = static_cast<std::int8_t>(nw);
  const int gained = nw - old;
  if (party_active_) return false;  // SC-19a: the last turns score but end nothing
  if (nw >= 16) {
    if (sc_->party) {
      // SC-19a: the round goes on; every other player takes one more turn.
      party_active_ = true;
      party_slots_left_ = static_cast<std::int8_t>(num_players() - 1);
      return false;
    }
    finish_round(reason, p, gained);
    // SC-17: the 16 wins alone, unless some players have 0 points.
    std::uint8_t zeros = 0;
    for (int q = 0; q < num_players(); ++q)
      if (seats_[static_cast<size_t>(q)].score == 0) zeros |= static_cast<std::uint8_t>(1u << q);
    if (zeros)
      end_game(WinCondition::kZeroPoints, zeros);
    else
      end_game(WinCondition::kSixteen, static_cast<std::uint8_t>(1u << p));
    return true;
  }
  finish_round(reason, p, gained);
  next_round(p);
  return true;
}

void SupportingCastState::finish_round(RoundEnd reason, int scorer, int points) {
  const auto stuck_before = round_stuck_;
  if (in_turn_) count_slot(turn_played_);  // D13: the slot that ends the round counts
  last_round_.stuck_at_end = round_stuck_ > stuck_before;
  in_turn_ = false;
  last_round_.end = reason;
  last_round_.scorer = static_cast<std::int8_t>(scorer);
  last_round_.points = static_cast<std::int8_t>(points);
  last_round_.turns = round_turns_;
  last_round_.actions = round_actions_;
  last_round_.stuck = round_stuck_;
  last_round_.all_in_tried = round_all_in_tried_;
  std::uint8_t mask = 0;
  for (int p = 0; p < num_players(); ++p)
    if (seats_[static_cast<size_t>(p)].played_round) mask |= static_cast<std::uint8_t>(1u << p);
  last_round_.played_mask = mask;
  ++rounds_finished_;
}

void SupportingCastState::next_round(int scorer) {
  round_scorer_ = static_cast<std::int8_t>(scorer);
  begin_round();
}

void SupportingCastState::end_game(WinCondition w, std::uint8_t mask) {
  win_ = w;
  winners_mask_ = mask;
  phase_ = Phase::kGameOver;
  decider_ = -1;
}

void SupportingCastState::play_card(int p, int card, bool from_marker) {
  Seat& s = seats_[static_cast<size_t>(p)];
  turn_played_ = true;
  s.played_round = true;
  s.played_game = true;
  bool marker_face_up = s.marker_face_up;
  last_card_ = static_cast<std::int8_t>(card);
  last_card_by_ = static_cast<std::int8_t>(p);
  if (from_marker) {
    s.known.reset(card);
    s.marker = -1;
    s.marker_info = MarkerInfo::kNone;
  } else if (is_villain_card(card)) {
    s.villain_held = false;
  } else {
    s.hand.reset(card);
    s.known.reset(card);
  }
  const int v = villain_of(card);
  if (is_event(card)) {
    Chain& c = chains_[static_cast<size_t>(v)];
    const int k = event_value(card);
    lay_event(c, k);
    if (c.owner != p) c.all_by_owner = false;
    if (c.count == 7) {
      // SC-14: the chain is complete.
      if (c.owner == p && c.all_by_owner) {
        finish_round(RoundEnd::kOwnChainWin, p, 0);
        end_game(WinCondition::kOwnChain, static_cast<std::uint8_t>(1u << p));
        return;
      }
      if (score(p, k, RoundEnd::kCompletion)) return;
    }
  } else if (is_ordinary_hero(card)) {
    const int owner = chains_[static_cast<size_t>(v)].owner;
    if (owner >= 0 && owner != p) {
      chain_heroes_.set(card);  // SC-10: laid on the owner's chain; the owner is skipped
      Seat& t = seats_[static_cast<size_t>(owner)];
      if (t.skip == 0) t.skip = sc_->skip_rest ? 2 : 1;  // SC-10a: skips do not stack
    } else {
      discard_.set(card);
    }
  } else if (is_super_hero(card) && v != s.villain) {
    // SC-20: a claim with another villain's super hero.
    claim_super_ = static_cast<std::int8_t>(card);
    claim_owner_ = chains_[static_cast<size_t>(v)].owner;
    claim_card_ = -1;
    claim_holder_ = -1;
    if (from_marker) {
      replace_marker(p, marker_face_up, AfterMarker::kClaim);
      return;
    }
    phase_ = Phase::kClaimName;
    decider_ = static_cast<std::int8_t>(p);
    return;
  } else {
    discard_.set(card);  // own villain card, own super hero
  }
  if (from_marker) {
    replace_marker(p, marker_face_up, AfterMarker::kDraw);
    return;
  }
  start_draw(p, AfterDraw::kEndTurn);  // SC-8
}

void SupportingCastState::replace_marker(int p, bool face_up, AfterMarker after) {
  Seat& s = seats_[static_cast<size_t>(p)];
  after_marker_ = after;
  s.marker_face_up = face_up;
  if (!s.hand.empty()) {
    // SC-12a: the player picks the hand card that replaces the marker.
    marker_replacing_ = true;
    phase_ = Phase::kChooseMarker;
    decider_ = static_cast<std::int8_t>(p);
    return;
  }
  replace_marker_auto(p);
  after_marker_done(p);
}

void SupportingCastState::after_marker_done(int p) {
  if (after_marker_ == AfterMarker::kClaim) {
    phase_ = Phase::kClaimName;
    decider_ = static_cast<std::int8_t>(p);
    return;
  }
  start_draw(p, AfterDraw::kEndTurn);
}

CardSet SupportingCastState::claimable(int p) const {
  // SC-20a: any of the claimer's own twelve events and heroes (D7).
  CardSet own;
  const int v = seats_[static_cast<size_t>(p)].villain;
  for (int k = 1; k <= 12; ++k) own.set(make_card(v, k));
  return own;
}

CardSet SupportingCastState::claim_prospects(int p) const {
  const Seat& s = seats_[static_cast<size_t>(p)];
  CardSet own, elsewhere;
  for (int k = 1; k <= 12; ++k) own.set(make_card(s.villain, k));
  own = own.minus(s.hand);
  if (s.marker >= 0 && s.marker < kNumCards) own.reset(s.marker);
  const Chain& c = chains_[static_cast<size_t>(s.villain)];
  for (int k = 1; k <= 7; ++k)
    if (c.mask & (1u << (k - 1))) elsewhere.set(make_card(s.villain, k));
  elsewhere = elsewhere | discard_ | chain_heroes_;
  for (int q = 0; q < num_players(); ++q) {
    const Seat& o = seats_[static_cast<size_t>(q)];
    if (o.marker >= 0 && o.marker < kNumCards && o.marker_info == MarkerInfo::kPublic)
      elsewhere.set(o.marker);
  }
  for (int i = 0; i < bottom_n_; ++i) elsewhere.set(bottom_[static_cast<size_t>(i)]);
  return own.minus(elsewhere);
}

void SupportingCastState::claim_resolve_named(int p, int card) {
  claim_card_ = static_cast<std::int8_t>(card);
  int holder = -1;
  for (int q = 0; q < num_players(); ++q)
    if (q != p && seats_[static_cast<size_t>(q)].hand.test(card)) holder = q;
  if (holder < 0) {
    // SC-20a: nobody held it: the others reveal their hands; the super hero goes to the bottom.
    for (int q = 0; q < num_players(); ++q)
      if (q != p) reveal_hand_publicly(q);
    bottom_[bottom_n_++] = claim_super_;
    claim_super_ = -1;
    end_turn();
    return;
  }
  claim_holder_ = static_cast<std::int8_t>(holder);
  Seat& h = seats_[static_cast<size_t>(holder)];
  h.hand.reset(card);
  h.known.reset(card);
  Seat& s = seats_[static_cast<size_t>(p)];
  s.hand.set(card);
  s.known.set(card);
  start_draw(holder, AfterDraw::kClaimContinue);  // the holder draws a replacement
}

void SupportingCastState::claim_after_replacement_draw() {
  const int p = turn_player_;
  if (claim_owner_ >= 0 && claim_owner_ != p) {
    phase_ = Phase::kClaimAnswer;  // D7: always asked
    decider_ = claim_owner_;
    return;
  }
  discard_.set(claim_super_);
  claim_after_answer();
}

void SupportingCastState::claim_after_answer() {
  const int p = turn_player_;
  const int card = claim_card_;
  claim_super_ = -1;
  decider_ = static_cast<std::int8_t>(p);
  if (card_playable(p, card)) {
    play_card(p, card, false);  // SC-20a: played at once
    return;
  }
  bad_luck_step(p);  // SC-20a: the claimer takes the next bad-luck step and keeps the card
}

// ---------------------------------------------------------------------------------------------
// Legal actions, chance, apply
// ---------------------------------------------------------------------------------------------
void SupportingCastState::legal_actions(std::vector<Action>& out) const {
  out.clear();
  const int n = num_players();
  switch (phase_) {
    case Phase::kDealVillain:
      for (int v = 0; v < kVillains; ++v)
        if (villain_pool_ & (1u << v)) out.push_back(act::kVillain + v);
      return;
    case Phase::kChainStart:
      for (int k = 1; k <= 7; ++k) out.push_back(act::kDeal + make_card(deal_chain_, k));
      return;
    case Phase::kDealHand:
    case Phase::kDraw:
      if (!pile_.empty())
        pile_.for_each([&](int c) { out.push_back(act::kDeal + c); });
      else if (bottom_n_ > 0)
        out.push_back(act::kDeal + bottom_[0]);
      return;
    case Phase::kAllInTurn:
      for (int k = 1; k <= 6; ++k)
        if (allin_supply_ & (1u << (k - 1))) out.push_back(act::kTurn + k - 1);
      return;
    case Phase::kNameStart:
      for (int q = 0; q < n; ++q) out.push_back(act::kStart + q);
      return;
    case Phase::kTurn: {
      const int p = decider_;
      const Seat& s = seats_[static_cast<size_t>(p)];
      CardSet playable;
      s.hand.for_each([&](int c) {
        if (card_playable(p, c)) playable.set(c);
      });
      if (s.villain_held) playable.set(make_card(s.villain, 0));
      playable.for_each([&](int c) { out.push_back(act::kPlay + c); });
      if (s.marker >= 0 && s.marker < kNumCards && card_playable(p, s.marker))
        out.push_back(act::kPlayMarker);
      if (!sc_->reserve_forced && !has_non_reserve_play(p)) out.push_back(act::kBadLuck);  // SC-8a
      return;
    }
    case Phase::kChooseMarker:
      seats_[static_cast<size_t>(decider_)].hand.for_each(
          [&](int c) { out.push_back(act::kMarker + c); });
      return;
    case Phase::kAllInStake: {
      const Seat& s = seats_[static_cast<size_t>(decider_)];
      if (s.villain_held) out.push_back(act::kAllInVillain);
      if (s.hand.test(make_card(s.villain, 12))) out.push_back(act::kAllInSuper);
      out.push_back(act::kAllInDecline);
      return;
    }
    case Phase::kAllInShuffler:
      for (int q = 0; q < n; ++q)
        if (q != decider_) out.push_back(act::kShuffler + q);
      return;
    case Phase::kAllInName:
      for (int k = 0; k < 6; ++k) out.push_back(act::kName + k);
      return;
    case Phase::kClaimName:
      claimable(decider_).for_each([&](int c) { out.push_back(act::kClaim + c); });
      return;
    case Phase::kClaimAnswer: {
      const Seat& o = seats_[static_cast<size_t>(decider_)];
      const int claimer_super = make_card(seats_[static_cast<size_t>(turn_player_)].villain, 12);
      if (o.hand.test(claimer_super)) out.push_back(act::kAnswerYes);
      out.push_back(act::kAnswerNo);
      return;
    }
    case Phase::kGameOver:
      return;
  }
}

void SupportingCastState::chance_outcomes(std::vector<ChanceOutcome>& out) const {
  std::vector<Action> l;
  legal_actions(l);
  out.clear();
  if (!is_chance()) return;
  for (Action a : l) out.push_back({a, 1.0 / static_cast<double>(l.size())});
}

Action SupportingCastState::sample_chance(Rng& rng) const {
  switch (phase_) {
    case Phase::kDealVillain: {
      int k = static_cast<int>(
          rng.below(static_cast<std::uint32_t>(__builtin_popcount(villain_pool_))));
      std::uint32_t x = villain_pool_;
      for (; k > 0; --k) x &= x - 1;
      return act::kVillain + __builtin_ctz(x);
    }
    case Phase::kChainStart:
      return act::kDeal + make_card(deal_chain_, 1 + static_cast<int>(rng.below(7)));
    case Phase::kDealHand:
    case Phase::kDraw:
      if (!pile_.empty())
        return act::kDeal +
               pile_.nth(static_cast<int>(rng.below(static_cast<std::uint32_t>(pile_.count()))));
      return act::kDeal + bottom_[0];
    case Phase::kAllInTurn: {
      int k = static_cast<int>(
          rng.below(static_cast<std::uint32_t>(__builtin_popcount(allin_supply_))));
      std::uint32_t x = allin_supply_;
      for (; k > 0; --k) x &= x - 1;
      return act::kTurn + __builtin_ctz(x);
    }
    default:
      throw Error("sample_chance: not a chance node");
  }
}

bool SupportingCastState::is_legal(Action a) const {
  if (a < 0 || a >= act::kCount) return false;
  std::vector<Action> l;
  legal_actions(l);
  return std::binary_search(l.begin(), l.end(), a);
}

void SupportingCastState::apply_unchecked(Action a) {
  ++round_actions_;
  if (round_actions_ > kRoundActionGuard && phase_ != Phase::kGameOver && !is_chance()) {
    stalemate();  // D12 guard
    return;
  }
  const int n = num_players();
  switch (phase_) {
    case Phase::kDealVillain: {
      const int v = a - act::kVillain;
      villain_pool_ &= static_cast<std::uint8_t>(~(1u << v));
      seats_[static_cast<size_t>(deal_seat_)].villain = static_cast<std::int8_t>(v);
      chains_[static_cast<size_t>(v)].owner = deal_seat_;
      if (++deal_seat_ == n) begin_round();
      return;
    }
    case Phase::kChainStart: {
      const int card = a - act::kDeal;
      Chain& c = chains_[static_cast<size_t>(deal_chain_)];
      const int k = event_value(card);
      c.first = c.last = c.lo = c.hi = static_cast<std::int8_t>(k);
      c.mask = static_cast<std::uint8_t>(1u << (k - 1));
      c.count = 1;
      pile_.reset(card);
      ++deal_chain_;
      while (deal_chain_ < kVillains && !chains_[static_cast<size_t>(deal_chain_)].on_table)
        ++deal_chain_;
      if (deal_chain_ >= kVillains) {
        phase_ = Phase::kDealHand;
        deal_seat_ = 0;
      }
      return;
    }
    case Phase::kDealHand: {
      const int card = a - act::kDeal;
      pile_.reset(card);
      seats_[static_cast<size_t>(deal_seat_)].hand.set(card);
      if (seats_[static_cast<size_t>(deal_seat_)].hand.count() >= hand_size_for(n)) ++deal_seat_;
      if (deal_seat_ >= n) {
        if (round_scorer_ >= 0) {
          phase_ = Phase::kNameStart;  // SC-16: the scorer names the start player
          decider_ = round_scorer_;
        } else {
          start_turns();
        }
      }
      return;
    }
    case Phase::kNameStart:
      start_player_ = static_cast<std::int8_t>(a - act::kStart);
      start_turns();
      return;
    case Phase::kDraw: {
      const int card = a - act::kDeal;
      Seat& s = seats_[static_cast<size_t>(draw_for_)];
      if (pile_.test(card)) {
        pile_.reset(card);
      } else {
        // From the ordered bottom stack (D2): public knowledge.
        for (int i = 1; i < bottom_n_; ++i)
          bottom_[static_cast<size_t>(i - 1)] = bottom_[static_cast<size_t>(i)];
        --bottom_n_;
        s.known.set(card);
      }
      s.hand.set(card);
      continue_after_draw();
      return;
    }
    case Phase::kTurn: {
      const int p = decider_;
      if (a == act::kBadLuck) {
        bad_luck_step(p);
        return;
      }
      if (a == act::kPlayMarker) {
        play_card(p, seats_[static_cast<size_t>(p)].marker, true);
        return;
      }
      play_card(p, a - act::kPlay, false);
      return;
    }
    case Phase::kChooseMarker: {
      const int p = decider_;
      const int card = a - act::kMarker;
      Seat& s = seats_[static_cast<size_t>(p)];
      if (!marker_replacing_) {
        // SC-11 step 1: the hand was revealed; the marker comes from it.
        s.hand.reset(card);
        s.marker = static_cast<std::int8_t>(card);
        s.marker_face_up = false;
        s.marker_info = MarkerInfo::kInKnown;
        start_draw(p, AfterDraw::kAfterBadLuck);
        return;
      }
      // SC-12a replacement, face as before.
      const bool hand_fully_known = s.known.count() == s.hand.count();
      s.hand.reset(card);
      s.marker = static_cast<std::int8_t>(card);
      if (s.marker_face_up) {
        s.known.reset(card);
        s.marker_info = MarkerInfo::kPublic;
      } else {
        s.marker_info = hand_fully_known ? MarkerInfo::kInKnown : MarkerInfo::kAny;
      }
      marker_replacing_ = false;
      after_marker_done(p);
      return;
    }
    case Phase::kAllInStake: {
      const int p = decider_;
      if (a == act::kAllInDecline) {
        third_bad_luck_scores(p);
        return;
      }
      allin_stake_ = a == act::kAllInVillain ? 1 : 2;
      allin_hits_ = 0;
      allin_turned_ = 0;
      round_all_in_tried_ = true;
      phase_ = Phase::kAllInShuffler;
      return;
    }
    case Phase::kAllInShuffler:
      phase_ = Phase::kAllInName;
      return;
    case Phase::kAllInName:
      allin_named_ = static_cast<std::int8_t>(a - act::kName + 1);
      if (allin_supply_ == 0) {  // SC-13a: turning from an empty supply is a miss
        third_bad_luck_scores(decider_);
        return;
      }
      phase_ = Phase::kAllInTurn;
      return;
    case Phase::kAllInTurn: {
      const int k = a - act::kTurn + 1;
      const int p = decider_;
      allin_supply_ &= static_cast<std::uint8_t>(~(1u << (k - 1)));
      allin_turned_ |= static_cast<std::uint8_t>(1u << (k - 1));  // D6: out until the all-in ends
      if (k == allin_named_) {
        ++allin_hits_;
        if (allin_hits_ >= (allin_stake_ == 1 ? 3 : 4)) {
          finish_round(RoundEnd::kAllInWin, p, 0);
          end_game(WinCondition::kAllIn, static_cast<std::uint8_t>(1u << p));
          return;
        }
        phase_ = Phase::kAllInName;
        return;
      }
      third_bad_luck_scores(p);
      return;
    }
    case Phase::kClaimName:
      claim_resolve_named(decider_, a - act::kClaim);
      return;
    case Phase::kClaimAnswer: {
      Seat& o = seats_[static_cast<size_t>(decider_)];
      if (a == act::kAnswerYes) {
        const int claimer_super = make_card(seats_[static_cast<size_t>(turn_player_)].villain, 12);
        o.known.set(claimer_super);  // shown
        o.hand.set(claim_super_);    // takes the played super hero
        o.known.set(claim_super_);
      } else {
        discard_.set(claim_super_);
      }
      claim_after_answer();
      return;
    }
    case Phase::kGameOver:
      return;
  }
}

void SupportingCastState::lay_event(Chain& c, int k) const {
  if (sc_->chain_ends) {  // SC-9 ends: the run grows at the end the card extends
    if (k == cyc(c.hi + 1))
      c.hi = static_cast<std::int8_t>(k);
    else
      c.lo = static_cast<std::int8_t>(k);
  }
  c.last = static_cast<std::int8_t>(k);
  c.mask |= static_cast<std::uint8_t>(1u << (k - 1));
  ++c.count;
}

void SupportingCastState::debug_lay_events(int v, std::initializer_list<int> values,
                                           bool by_owner) {
  Chain& c = chains_[static_cast<size_t>(v)];
  for (int k : values) {
    const int card = make_card(v, k);
    if (!pile_.test(card)) throw Error("debug_lay_events: the card is not in the pile");
    pile_.reset(card);
    lay_event(c, k);
    if (!by_owner) c.all_by_owner = false;
  }
}

std::unique_ptr<State> SupportingCastState::clone() const {
  return std::make_unique<SupportingCastState>(*this);
}

// D11: re-deal every card the viewer cannot locate.
std::unique_ptr<State> SupportingCastState::resample(Player viewer, Rng& rng) const {
  auto out = std::make_unique<SupportingCastState>(*this);
  redeal(viewer, rng, *out);
  return out;
}

void SupportingCastState::resample_into(Player viewer, Rng& rng,
                                        std::unique_ptr<State>& out) const {
  State* const prev = out.get();  // a plain pointer: typeid(*prev) has no side effects
  auto* r = prev && typeid(*prev) == typeid(SupportingCastState)
                ? static_cast<SupportingCastState*>(prev)
                : nullptr;
  if (!r || r == this) {
    out = resample(viewer, rng);
    return;
  }
  *r = *this;
  redeal(viewer, rng, *r);
}

void SupportingCastState::redeal(Player viewer, Rng& rng, SupportingCastState& r) const {
  const int n = num_players();
  if (phase_ == Phase::kDealVillain) return;  // nothing hidden yet
  // The unknown pool, canonically ordered.
  CardSet pool = pile_;
  for (int q = 0; q < n; ++q) {
    if (q == viewer) continue;
    const Seat& s = seats_[static_cast<size_t>(q)];
    pool = pool | s.hand.minus(s.known);
    if (s.marker >= 0 && s.marker < kNumCards && s.marker_info != MarkerInfo::kPublic &&
        !s.known.test(s.marker))
      pool.set(s.marker);
  }
  std::array<std::int8_t, kNumCards> cards{};
  int m = 0;
  pool.for_each([&](int c) { cards[static_cast<size_t>(m++)] = static_cast<std::int8_t>(c); });
  auto take = [&]() {
    // Partial Fisher–Yates: draw one of the remaining cards.
    int i = static_cast<int>(rng.below(static_cast<std::uint32_t>(m)));
    std::int8_t c = cards[static_cast<size_t>(i)];
    cards[static_cast<size_t>(i)] = cards[static_cast<size_t>(m - 1)];
    --m;
    return static_cast<int>(c);
  };
  for (int q = 0; q < n; ++q) {
    if (q == viewer) continue;
    const Seat& s = seats_[static_cast<size_t>(q)];
    Seat& t = r.seats_[static_cast<size_t>(q)];
    const bool hidden_marker =
        s.marker >= 0 && s.marker < kNumCards && s.marker_info != MarkerInfo::kPublic;
    const int hand_n = s.hand.count();
    CardSet combined = s.known;  // known cards are in hand or are the hidden marker
    const int unknown_n = hand_n + (hidden_marker ? 1 : 0) - s.known.count();
    CardSet extra;
    for (int i = 0; i < unknown_n; ++i) extra.set(take());
    if (!hidden_marker) {
      t.hand = combined | extra;
      continue;
    }
    int marker;
    switch (s.marker_info) {
      case MarkerInfo::kInKnown:
        marker =
            s.known.nth(static_cast<int>(rng.below(static_cast<std::uint32_t>(s.known.count()))));
        break;
      case MarkerInfo::kOutKnown:
        marker = extra.nth(static_cast<int>(rng.below(static_cast<std::uint32_t>(extra.count()))));
        break;
      default: {
        CardSet all = combined | extra;
        marker = all.nth(static_cast<int>(rng.below(static_cast<std::uint32_t>(all.count()))));
      }
    }
    t.marker = static_cast<std::int8_t>(marker);
    CardSet hand = combined | extra;
    hand.reset(marker);
    t.hand = hand;
  }
  CardSet rest;
  for (int i = 0; i < m; ++i) rest.set(cards[static_cast<size_t>(i)]);
  r.pile_ = rest;
}

// ---------------------------------------------------------------------------------------------
// Results
// ---------------------------------------------------------------------------------------------
std::vector<double> SupportingCastState::returns() const {
  std::vector<double> r(static_cast<size_t>(num_players()), 0.0);
  returns_into(r);
  return r;
}

void SupportingCastState::returns_into(std::span<double> out) const {
  for (int p = 0; p < num_players(); ++p)
    out[static_cast<size_t>(p)] = (winners_mask_ & (1u << p)) ? 1.0 : 0.0;
}

std::vector<Player> SupportingCastState::winners() const {
  std::vector<Player> w;
  for (int p = 0; p < num_players(); ++p)
    if (winners_mask_ & (1u << p)) w.push_back(p);
  return w;
}

json SupportingCastState::outcome() const {
  json j;
  j["win_condition"] = win_condition_name(win_);
  j["winners"] = winners();
  j["rounds"] = rounds_finished_;
  j["last_round_end"] = round_end_name(last_round_.end);
  std::vector<int> scores, villains;
  std::vector<bool> played;
  for (int p = 0; p < num_players(); ++p) {
    scores.push_back(seats_[static_cast<size_t>(p)].score);
    villains.push_back(seats_[static_cast<size_t>(p)].villain);
    played.push_back(seats_[static_cast<size_t>(p)].played_game);
  }
  j["scores"] = scores;
  j["villains"] = villains;
  j["played_a_card"] = played;
  return j;
}

std::uint64_t SupportingCastState::fingerprint() const {
  std::uint64_t h = kFnvOffset;
  auto mix = [&](std::uint64_t v) { h = fnv1a(h, v); };
  for (int p = 0; p < num_players(); ++p) {
    const Seat& s = seats_[static_cast<size_t>(p)];
    mix(s.hand.w[0]);
    mix(s.hand.w[1]);
    mix(s.known.w[0]);
    mix(s.known.w[1]);
    mix(static_cast<std::uint64_t>(s.villain + 8) | (static_cast<std::uint64_t>(s.score) << 8) |
        (static_cast<std::uint64_t>(s.bad_luck) << 16) |
        (static_cast<std::uint64_t>(s.marker + 1) << 24) |
        (static_cast<std::uint64_t>(s.marker_info) << 32) |
        (static_cast<std::uint64_t>(s.villain_held) << 40) |
        (static_cast<std::uint64_t>(s.skip) << 41) |
        (static_cast<std::uint64_t>(s.played_round) << 44) |
        (static_cast<std::uint64_t>(s.played_game) << 45) |
        (static_cast<std::uint64_t>(s.marker_face_up) << 46));
  }
  for (const Chain& c : chains_)
    mix(static_cast<std::uint64_t>(c.owner + 1) | (static_cast<std::uint64_t>(c.on_table) << 8) |
        (static_cast<std::uint64_t>(c.mask) << 16) | (static_cast<std::uint64_t>(c.first) << 24) |
        (static_cast<std::uint64_t>(c.last) << 32) | (static_cast<std::uint64_t>(c.lo) << 40) |
        (static_cast<std::uint64_t>(c.hi) << 48) |
        (static_cast<std::uint64_t>(c.all_by_owner) << 56));
  mix(pile_.w[0]);
  mix(pile_.w[1]);
  mix(discard_.w[0]);
  mix(discard_.w[1]);
  mix(chain_heroes_.w[0]);
  mix(chain_heroes_.w[1]);
  for (int i = 0; i < bottom_n_; ++i)
    mix(static_cast<std::uint64_t>(bottom_[static_cast<size_t>(i)]));
  mix(static_cast<std::uint64_t>(allin_supply_) | (static_cast<std::uint64_t>(leader_used_) << 8) |
      (static_cast<std::uint64_t>(villain_pool_) << 16) |
      (static_cast<std::uint64_t>(phase_) << 24) | (static_cast<std::uint64_t>(after_draw_) << 32) |
      (static_cast<std::uint64_t>(decider_ + 1) << 40) |
      (static_cast<std::uint64_t>(turn_player_) << 48) |
      (static_cast<std::uint64_t>(start_player_) << 56));
  mix(static_cast<std::uint64_t>(deal_seat_) | (static_cast<std::uint64_t>(deal_chain_) << 8) |
      (static_cast<std::uint64_t>(draw_for_ + 1) << 16) |
      (static_cast<std::uint64_t>(round_scorer_ + 1) << 24) |
      (static_cast<std::uint64_t>(allin_stake_) << 32) |
      (static_cast<std::uint64_t>(allin_named_) << 40) |
      (static_cast<std::uint64_t>(allin_hits_) << 48) |
      (static_cast<std::uint64_t>(allin_turned_) << 56));
  mix(static_cast<std::uint64_t>(claim_super_ + 1) |
      (static_cast<std::uint64_t>(claim_card_ + 1) << 8) |
      (static_cast<std::uint64_t>(claim_holder_ + 1) << 16) |
      (static_cast<std::uint64_t>(claim_owner_ + 1) << 24) |
      (static_cast<std::uint64_t>(marker_replacing_) << 32) |
      (static_cast<std::uint64_t>(party_active_) << 33) |
      (static_cast<std::uint64_t>(party_slots_left_) << 40) |
      (static_cast<std::uint64_t>(after_marker_) << 48));
  mix(static_cast<std::uint64_t>(round_) | (static_cast<std::uint64_t>(rounds_finished_) << 16) |
      (static_cast<std::uint64_t>(win_) << 32) | (static_cast<std::uint64_t>(winners_mask_) << 40) |
      (static_cast<std::uint64_t>(in_turn_) << 48) |
      (static_cast<std::uint64_t>(turn_played_) << 49));
  mix(static_cast<std::uint64_t>(round_actions_) |
      (static_cast<std::uint64_t>(round_turns_) << 32));
  mix(static_cast<std::uint64_t>(round_stuck_) |
      (static_cast<std::uint64_t>(noplay_streak_) << 16) |
      (static_cast<std::uint64_t>(stalemates_) << 24) |
      (static_cast<std::uint64_t>(last_card_ + 1) << 32) |
      (static_cast<std::uint64_t>(last_card_by_ + 1) << 40));
  return h;
}

}  // namespace villainy::supporting_cast
