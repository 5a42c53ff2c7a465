// Tribute to the Supporting Cast: the Game (options, card names, action names, help) and the
// names of round ends and win conditions.
#include <fmt/format.h>

#include "supporting_cast/supporting_cast.h"

namespace villainy::supporting_cast {

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

namespace {
// D12: a round may take 200 actions and 10 a seat (240 at 4 players, 270 at 7), 100 more under
// rival-super-hero=claim; a game 12 rounds and 5 a seat (32 at 4 players, 47 at 7). The longest
// round measured took 174 actions (221 with claims), the longest game 34 rounds (7 players:
// chain=ends, claims), 29 at 6, 27 at 5, 23 at 4 (docs/python.md).
constexpr int kRoundActionBase = 200, kRoundActionsPerSeat = 10, kClaimActions = 100;
constexpr int kRoundGuardBase = 12, kRoundGuardPerSeat = 5;
}  // namespace

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
  // D12 (issue 28): the guards, from the longest rounds and games measured (docs/python.md).
  round_action_guard_ = kRoundActionBase + kRoundActionsPerSeat * n + (claim ? kClaimActions : 0);
  round_guard_ = kRoundGuardBase + kRoundGuardPerSeat * n;
}

std::unique_ptr<State> SupportingCastGame::new_initial_state() const {
  return std::make_unique<SupportingCastState>(shared_from_this());
}

int SupportingCastGame::max_game_length() const {
  // The villain deals, then at most round_guard(n) rounds (D12; every action after the deals
  // belongs to a round, the next start player's naming included). A round's counter passes
  // round_action_guard(n) only by one action, which ends it unless it is a chance outcome; chance
  // runs are short (a draw or a turned all-in card between decisions), kRoundChanceSlack covers
  // them. (By the rules alone, 15n + 1 scoring rounds and 20 stalemates could be played: SC-15.)
  return kVillains + round_guard_ * (round_action_guard_ + 1 + kRoundChanceSlack);
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

// The rules explained to a player in a page, without rule ids (the catalogue's rules.text).
std::string SupportingCastGame::rules_help() const {
  RenderContext ctx;
  return catalogue().text("rules.text", ctx);
}

int SupportingCastGame::tensor_size() const {
  return tensor_layout().size();  // the layout is in supporting_cast_view.cpp
}

}  // namespace villainy::supporting_cast
