// Tribute to the Supporting Cast: views (JSON, text, tensor) and per-viewer action descriptions.
// Every view is built for one viewer and holds only what that viewer knows (see D11).
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "supporting_cast/supporting_cast.h"

namespace villainy::supporting_cast {
using nlohmann::json;

namespace {
const char* phase_name(SupportingCastState::Phase p) {
  using P = SupportingCastState::Phase;
  switch (p) {
    case P::kDealVillain:
      return "deal-villains";
    case P::kChainStart:
      return "chain-starts";
    case P::kDealHand:
      return "deal-hands";
    case P::kNameStart:
      return "name-start-player";
    case P::kTurn:
      return "turn";
    case P::kChooseMarker:
      return "choose-marker";
    case P::kDraw:
      return "draw";
    case P::kAllInStake:
      return "all-in-stake";
    case P::kAllInShuffler:
      return "all-in-shuffler";
    case P::kAllInName:
      return "all-in-name";
    case P::kAllInTurn:
      return "all-in-turn";
    case P::kClaimName:
      return "claim-name";
    case P::kClaimAnswer:
      return "claim-answer";
    case P::kGameOver:
      return "game-over";
  }
  return "?";
}
const char* skip_name(Skip s) {
  return s == Skip::kNone ? "none" : (s == Skip::kNextTurn ? "next-turn" : "rest-of-round");
}
std::string marker_text(int m, const SupportingCastGame& g) {
  if (m >= marker::kLeader) return "the leader card";
  if (m >= marker::kAllInBase) return fmt::format("all-in card {}", m - marker::kAllInBase);
  return g.card_name(m);
}
std::string seat_name(int p, Player viewer) {
  return p == viewer ? std::string("you") : fmt::format("seat {}", p);
}
}  // namespace

json SupportingCastState::view_json(Player viewer) const {
  const auto& g = *sc_;
  const int n = num_players();
  auto keys = [&](CardSet s) {
    json a = json::array();
    s.for_each([&](int c) { a.push_back(g.card_key(c)); });
    return a;
  };
  json j;
  j["game"] = "supporting-cast";
  j["viewer"] = viewer;
  j["players"] = n;
  j["round"] = round_;
  j["rounds_finished"] = rounds_finished_;
  j["phase"] = phase_name(phase_);
  j["current_player"] = current_player();
  j["turn_player"] = turn_player_;
  j["start_player"] = start_player_;
  j["party_last_turns"] = party_active_ ? json(party_slots_left_) : json(nullptr);
  json seats = json::array();
  for (int p = 0; p < n; ++p) {
    const Seat& s = seats_[static_cast<size_t>(p)];
    json o;
    o["seat"] = p;
    o["villain"] = s.villain >= 0 ? json(g.cast().villains[static_cast<size_t>(s.villain)].key)
                                  : json(nullptr);
    o["score"] = s.score;
    o["hand_count"] = s.hand.count();
    if (p == viewer) o["hand"] = keys(s.hand);
    o["known_cards"] = keys(s.known);  // public: revealed cards still in that hand (or its marker)
    o["villain_card_held"] = s.villain_held;
    o["bad_luck"] = s.bad_luck;
    json m;
    if (s.marker < 0) {
      m["state"] = "none";
    } else {
      m["state"] = s.marker_face_up ? "face-up" : "face-down";
      const bool visible =
          p == viewer || s.marker_info == MarkerInfo::kPublic || s.marker >= kNumCards;
      if (visible)
        m["card"] =
            s.marker < kNumCards ? json(g.card_key(s.marker)) : json(marker_text(s.marker, g));
      const char* among = s.marker_info == MarkerInfo::kInKnown    ? "yes"
                          : s.marker_info == MarkerInfo::kOutKnown ? "no"
                          : s.marker_info == MarkerInfo::kAny      ? "maybe"
                                                                   : "n/a";
      m["among_known_cards"] = among;
    }
    o["marker"] = m;
    o["skip"] = skip_name(s.skip);
    o["played_this_round"] = s.played_round;
    o["played_this_game"] = s.played_game;
    seats.push_back(o);
  }
  j["seats"] = seats;
  json chains = json::array();
  for (int v = 0; v < kVillains; ++v) {
    const Chain& c = chains_[static_cast<size_t>(v)];
    json o;
    o["villain"] = g.cast().villains[static_cast<size_t>(v)].key;
    o["owner"] = c.owner;
    o["on_table"] = c.on_table;
    if (c.on_table && c.count > 0) {
      json ev = json::array();
      for (int k = 1; k <= 7; ++k)
        if (c.mask & (1u << (k - 1))) ev.push_back(k);
      o["events"] = ev;
      o["first"] = c.first;
      o["last"] = c.last;
      if (g.chain_ends) o["run"] = {c.lo, c.hi};
      o["all_after_first_by_owner"] = c.all_by_owner;
      o["complete"] = c.count == 7;
      CardSet heroes;
      for (int k = 8; k <= 11; ++k)
        if (chain_heroes_.test(make_card(v, k))) heroes.set(make_card(v, k));
      o["heroes"] = keys(heroes);
    }
    chains.push_back(o);
  }
  j["chains"] = chains;
  if (last_card_ >= 0) j["last_play"] = {{"seat", last_card_by_}, {"card", g.card_key(last_card_)}};
  j["pile_count"] = pile_size();
  json bottom = json::array();
  for (int i = 0; i < bottom_n_; ++i) bottom.push_back(g.card_key(bottom_[static_cast<size_t>(i)]));
  j["pile_bottom"] = bottom;
  j["discard"] = keys(discard_);
  json supply = json::array();
  for (int k = 1; k <= 6; ++k)
    if (allin_supply_ & (1u << (k - 1))) supply.push_back(k);
  j["all_in_supply"] = supply;
  j["leader_card_used_as_marker"] = leader_used_;
  if (phase_ == Phase::kAllInShuffler || phase_ == Phase::kAllInName || phase_ == Phase::kAllInTurn)
    j["all_in"] = {{"player", decider_},
                   {"stake", allin_stake_ == 1 ? "villain" : "super"},
                   {"hits", allin_hits_},
                   {"needed", allin_stake_ == 1 ? 3 : 4},
                   {"named", phase_ == Phase::kAllInTurn ? json(allin_named_) : json(nullptr)}};
  if (claim_super_ >= 0 &&
      (phase_ == Phase::kClaimName || phase_ == Phase::kClaimAnswer || phase_ == Phase::kDraw))
    j["claim"] = {{"claimer", turn_player_},
                  {"super_hero", g.card_key(claim_super_)},
                  {"named", claim_card_ >= 0 ? json(g.card_key(claim_card_)) : json(nullptr)},
                  {"holder", claim_holder_}};
  if (rounds_finished_ > 0)
    j["last_round"] = {{"end", round_end_name(last_round_.end)},
                       {"scorer", last_round_.scorer},
                       {"points", last_round_.points}};
  if (viewer >= 0 && current_player() == viewer)
    j["your_options"] = decision_options_json(*this, viewer);
  if (phase_ == Phase::kGameOver) j["result"] = outcome();
  return j;
}

std::string SupportingCastState::view_text(Player viewer) const {
  const auto& g = *sc_;
  const int n = num_players();
  std::string out;
  out += fmt::format(
      "== Round {} ==  ({} players{})\n", round_, n,
      party_active_ ? fmt::format(", party ending: {} last turns left", party_slots_left_) : "");
  out += "Chains:\n";
  for (int v = 0; v < kVillains; ++v) {
    const Chain& c = chains_[static_cast<size_t>(v)];
    if (!c.on_table) continue;
    const auto& vd = g.cast().villains[static_cast<size_t>(v)];
    std::string ev;
    for (int k = 1; k <= 7; ++k)
      ev += (c.mask & (1u << (k - 1))) ? fmt::format("{}", k) : std::string("·");
    std::string heroes;
    for (int k = 8; k <= 11; ++k)
      if (chain_heroes_.test(make_card(v, k)))
        heroes += " +" + vd.heroes[static_cast<size_t>(k - 8)].name;
    std::string fits;
    if (c.count > 0 && c.count < 7) {
      if (g.chain_ends)
        fits = fmt::format("next: {} or {}", ((c.hi) % 7) + 1, ((c.lo + 5) % 7) + 1);
      else
        fits = fmt::format("last {}, next: {} or {}", c.last, (c.last % 7) + 1,
                           ((c.last + 5) % 7) + 1);
    }
    out += fmt::format(
        "  {:<11} {:<30} [{}] {}{}{}{}\n", vd.key, vd.name, ev, c.count == 7 ? "COMPLETE" : fits,
        c.owner >= 0 ? fmt::format("  owner: {}", seat_name(c.owner, viewer)) : "  (no owner)",
        c.all_by_owner && c.owner >= 0 && c.count > 1 ? " (all by owner)" : "", heroes);
  }
  out += "Players:\n";
  for (int p = 0; p < n; ++p) {
    const Seat& s = seats_[static_cast<size_t>(p)];
    std::string marker;
    if (s.marker >= 0) {
      const bool visible =
          p == viewer || s.marker_info == MarkerInfo::kPublic || s.marker >= kNumCards;
      marker = fmt::format(", marker {} {}", s.marker_face_up ? "face up:" : "face down:",
                           visible ? marker_text(s.marker, g) : std::string("?"));
    }
    std::string known;
    if (p != viewer && !s.known.empty()) {
      known = ", known in hand:";
      s.known.for_each([&](int c) { known += " " + g.card_key(c); });
    }
    out += fmt::format(
        "  {}seat {} {:<28} score {:2}  cards {}{}  bad luck {}{}{}{}{}\n",
        p == turn_player_ && phase_ != Phase::kGameOver ? "> " : "  ", p,
        s.villain >= 0 ? g.cast().villains[static_cast<size_t>(s.villain)].name : "?", s.score,
        s.hand.count(), s.villain_held ? " +villain card" : "", s.bad_luck, marker,
        s.skip != Skip::kNone ? fmt::format(", SKIPPED ({})", skip_name(s.skip)) : "", known,
        p == viewer ? "  (you)" : "");
  }
  std::string bottom;
  for (int i = 0; i < bottom_n_; ++i) bottom += " " + g.card_key(bottom_[static_cast<size_t>(i)]);
  out += fmt::format("Pile: {} cards{}   All-in supply: {}   Discard: {} cards\n", pile_size(),
                     bottom.empty() ? "" : " (bottom:" + bottom + ")",
                     __builtin_popcount(allin_supply_), discard_.count());
  if (viewer >= 0 && viewer < n) {
    const Seat& s = seats_[static_cast<size_t>(viewer)];
    out += "Your hand:\n";
    s.hand.for_each([&](int c) {
      out += fmt::format("  - {}{}\n", g.card_name(c),
                         card_playable(viewer, c) ? "   (playable)" : "");
    });
    if (s.hand.empty()) out += "  (empty)\n";
  }
  if (last_card_ >= 0)
    out += fmt::format("Last card played: {} by {}\n", g.card_name(last_card_),
                       seat_name(last_card_by_, viewer));
  if (rounds_finished_ > 0 && phase_ != Phase::kGameOver)
    out += fmt::format("Last round: {}{}\n", round_end_name(last_round_.end),
                       last_round_.scorer >= 0
                           ? fmt::format(", {} scored {}", seat_name(last_round_.scorer, viewer),
                                         last_round_.points)
                           : "");
  if (phase_ == Phase::kGameOver) {
    out += fmt::format("GAME OVER: {} — winner(s):", win_condition_name(win_));
    for (Player w : winners()) out += " " + seat_name(w, viewer);
    out += "\n";
  }
  return out;
}

namespace {
constexpr int kSeatValues = 1 + 1 + 4 + 1 + 3 + 1 + 3 + kNumCards + kNumCards;
constexpr int kChainValues = 7 + 7 + 8 + 2;
TensorLayout make_layout() {
  TensorLayout l;
  l.add("own_hand", kNumCards, "viewer's hand, one per card")
      .add("own_marker", kNumCards, "viewer's marker card (SC-11), even face down")
      .add("out_of_play", kNumCards, "discarded cards and heroes in chains (public)")
      .add("seated", 1, "the viewer holds a seat")
      .add("pile", 1, "draw pile size / 80")
      .add("seats", kMaxPlayers * kSeatValues,
           "per seat from the viewer on: score / 16 (SC-15), hand size / 10, bad luck 0-3 "
           "one-hot (SC-11), holds their villain card, skip 0-2 one-hot, to play, has a marker, "
           "marker face up, marker known to be in the hand, cards known in the hand, the marker "
           "card when public (or the viewer's own)")
      .add("chains", kVillains * kChainValues,
           "per villain chain: events present (7), last event (7), owner relative to the viewer "
           "(7 = none) one-hot (8), on the table, all laid by the owner (SC-14)")
      .add("phase", 14, "phase one-hot")
      .add("to_act", kMaxPlayers, "seat to act, relative to the viewer, one-hot")
      .add("allin_supply", 6, "all-in events still available (SC-13)")
      .add("allin_hits", 1, "all-in hits / 4")
      .add("party", 1, "party active")
      .add("leader_used", 1, "leader power used")
      .add("round", 1, "round / 100");
  return l;
}
}  // namespace

const TensorLayout& SupportingCastGame::tensor_layout() const {
  static const TensorLayout layout = make_layout();
  return layout;
}

void SupportingCastState::view_tensor(Player viewer, std::span<float> out) const {
  TensorWriter w(sc_->tensor_layout(), out);
  auto cards = [](std::span<float> o, CardSet s) {
    s.for_each([&](int c) { o[static_cast<size_t>(c)] = 1.0f; });
  };
  const int n = num_players();
  const bool seat = viewer >= 0 && viewer < n;
  cards(w.next("own_hand"), seat ? seats_[static_cast<size_t>(viewer)].hand : CardSet{});
  CardSet own_marker;
  if (seat) {
    int m = seats_[static_cast<size_t>(viewer)].marker;
    if (m >= 0 && m < kNumCards) own_marker.set(m);
  }
  cards(w.next("own_marker"), own_marker);
  cards(w.next("out_of_play"), discard_ | chain_heroes_);
  w.scalar("seated", seat ? 1.0f : 0.0f);
  w.scalar("pile", static_cast<float>(pile_size()) / 80.0f);
  auto seats = w.next("seats");
  for (int r = 0; r < n; ++r) {
    const int p = seat ? (viewer + r) % n : r;
    const Seat& s = seats_[static_cast<size_t>(p)];
    auto o = seats.subspan(static_cast<size_t>(r * kSeatValues), kSeatValues);
    size_t i = 0;
    auto put = [&](float v) { o[i++] = v; };
    put(static_cast<float>(s.score) / 16.0f);
    put(static_cast<float>(s.hand.count()) / 10.0f);
    for (int b = 0; b < 4; ++b) put(s.bad_luck == b ? 1.0f : 0.0f);
    put(s.villain_held ? 1.0f : 0.0f);
    for (int k = 0; k < 3; ++k) put(static_cast<int>(s.skip) == k ? 1.0f : 0.0f);
    put(p == turn_player_ ? 1.0f : 0.0f);
    put(s.marker >= 0 ? 1.0f : 0.0f);
    put(s.marker_face_up ? 1.0f : 0.0f);
    put(s.marker_info == MarkerInfo::kInKnown ? 1.0f : 0.0f);
    cards(o.subspan(i, kNumCards), s.known);
    i += kNumCards;
    if (s.marker >= 0 && s.marker < kNumCards &&
        (s.marker_info == MarkerInfo::kPublic || p == viewer))
      o[i + static_cast<size_t>(s.marker)] = 1.0f;
  }
  auto chains = w.next("chains");
  for (int v = 0; v < kVillains; ++v) {
    const Chain& c = chains_[static_cast<size_t>(v)];
    float* o = chains.data() + v * kChainValues;
    for (int k = 1; k <= 7; ++k) o[k - 1] = c.mask & (1u << (k - 1)) ? 1.0f : 0.0f;
    for (int k = 1; k <= 7; ++k) o[6 + k] = c.count > 0 && c.last == k ? 1.0f : 0.0f;
    const int rel = c.owner < 0 ? 7 : (seat ? (c.owner - viewer + n) % n : c.owner);
    o[14 + rel] = 1.0f;
    o[22] = c.on_table ? 1.0f : 0.0f;
    o[23] = c.all_by_owner ? 1.0f : 0.0f;
  }
  w.one_hot("phase", static_cast<int>(phase_));
  const int cp = current_player();
  w.one_hot("to_act", cp < 0 ? -1 : (seat ? (cp - viewer + n) % n : cp));
  auto supply = w.next("allin_supply");
  for (int k = 1; k <= 6; ++k) supply[static_cast<size_t>(k - 1)] = (allin_supply_ >> (k - 1)) & 1;
  w.scalar("allin_hits", static_cast<float>(allin_hits_) / 4.0f);
  w.scalar("party", party_active_ ? 1.0f : 0.0f);
  w.scalar("leader_used", leader_used_ ? 1.0f : 0.0f);
  w.scalar("round", static_cast<float>(round_) / 100.0f);
  w.finish();
}

std::string SupportingCastState::describe_action(Action a, Player viewer) const {
  std::string line = describe_action_lower(a, viewer);
  if (!line.empty() && line[0] >= 'a' && line[0] <= 'z')
    line[0] = static_cast<char>(line[0] - 'a' + 'A');
  return line;
}

std::string SupportingCastState::describe_action_lower(Action a, Player viewer) const {
  const auto& g = *sc_;
  using namespace act;
  switch (phase_) {
    case Phase::kDealVillain:
      return fmt::format("{} get{} the villain {}", seat_name(deal_seat_, viewer),
                         deal_seat_ == viewer ? "" : "s",
                         g.cast().villains[static_cast<size_t>(a - kVillain)].name);
    case Phase::kChainStart:
      return fmt::format("Chain start: {}", g.card_name(a - kDeal));
    case Phase::kDealHand:
      return deal_seat_ == viewer ? fmt::format("You are dealt {}", g.card_name(a - kDeal))
                                  : fmt::format("Seat {} is dealt a card", deal_seat_);
    case Phase::kDraw: {
      const bool from_bottom = pile_.empty();  // the public bottom stack (D16)
      if (draw_for_ == viewer || from_bottom)
        return fmt::format("{} draw{} {}", seat_name(draw_for_, viewer),
                           draw_for_ == viewer ? "" : "s", g.card_name(a - kDeal));
      // What everyone sees at once is in the line: a draw that a bad luck step reveals (SC-11)
      // is named, and who acts next when it is not the drawer (the card decided it).
      if (!is_legal(a)) return fmt::format("Seat {} draws a card", draw_for_);
      SupportingCastState after(*this);
      after.apply_unchecked(a);
      if (after.seats_[static_cast<size_t>(draw_for_)].known.test(a - kDeal))
        return fmt::format("Seat {} draws {}", draw_for_, g.card_name(a - kDeal));
      const Player next = after.current_player();
      if (next == draw_for_) return fmt::format("Seat {} draws a card", draw_for_);
      return fmt::format("Seat {} draws a card (next: {})", draw_for_,
                         next >= 0               ? fmt::format("seat {}", next)
                         : next == kChancePlayer ? std::string("chance")
                                                 : std::string("game over"));
    }
    case Phase::kAllInTurn:
      return fmt::format("All-in card turned: {}", a - kTurn + 1);
    default:
      break;
  }
  const int p = decider_;
  const std::string who = seat_name(p, viewer);
  if (a >= kPlay && a < kPlayMarker) {
    const int c = a - kPlay;
    std::string effect;
    if (is_event(c))
      effect = " onto its chain";
    else if (is_ordinary_hero(c)) {
      int owner = chains_[static_cast<size_t>(villain_of(c))].owner;
      effect = owner >= 0 && owner != p ? fmt::format(" — {} is skipped", seat_name(owner, viewer))
                                        : " (discarded)";
    } else if (is_super_hero(c) && villain_of(c) != seats_[static_cast<size_t>(p)].villain) {
      effect = " to claim a card";
    } else {
      effect = " (discarded)";
    }
    return fmt::format("{} play{} {}{}", who, p == viewer ? "" : "s", g.card_name(c), effect);
  }
  if (a == kPlayMarker)
    return fmt::format("{} play{} the marker {}", who, p == viewer ? "" : "s",
                       g.card_name(seats_[static_cast<size_t>(p)].marker));
  if (a == kBadLuck)
    return fmt::format("{} take{} bad luck instead of playing a reserve card", who,
                       p == viewer ? "" : "s");
  if (a >= kMarker && a < kClaim) {
    const bool face_up = marker_replacing_ && seats_[static_cast<size_t>(p)].marker_face_up;
    if (p == viewer || face_up)
      return fmt::format("{} lay{} {} as the bad-luck marker ({})", who, p == viewer ? "" : "s",
                         g.card_name(a - kMarker), face_up ? "face up" : "face down");
    return fmt::format("{} lays a card face down as the bad-luck marker", who);
  }
  if (a >= kClaim && a < kStart)
    return fmt::format("{} name{} {}", who, p == viewer ? "" : "s", g.card_name(a - kClaim));
  if (a >= kStart && a < kAllInVillain)
    return fmt::format("{} name{} {} as start player", who, p == viewer ? "" : "s",
                       seat_name(a - kStart, viewer));
  if (a == kAllInVillain)
    return fmt::format("{} go{} all-in with the villain card (3 hits to win)", who,
                       p == viewer ? "" : "es");
  if (a == kAllInSuper)
    return fmt::format("{} go{} all-in with the super hero (4 hits to win)", who,
                       p == viewer ? "" : "es");
  if (a == kAllInDecline)
    return fmt::format("{} decline{} the all-in and score 7", who, p == viewer ? "" : "s");
  if (a >= kShuffler && a < kName)
    return fmt::format("{} shuffles the all-in cards", seat_name(a - kShuffler, viewer));
  if (a >= kName && a < kAnswerYes)
    return fmt::format("{} name{} {}", who, p == viewer ? "" : "s", a - kName + 1);
  if (a == kAnswerYes)
    return fmt::format(
        "{} show{} {} and take{} {}", who, p == viewer ? "" : "s",
        g.card_name(make_card(seats_[static_cast<size_t>(turn_player_)].villain, 12)),
        p == viewer ? "" : "s", claim_super_ >= 0 ? g.card_name(claim_super_) : "?");
  if (a == kAnswerNo) return fmt::format("{} do{} not answer", who, p == viewer ? "" : "es");
  return g.action_name(a);
}

}  // namespace villainy::supporting_cast
