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
}  // namespace

json SupportingCastState::seat_view(int p, Player viewer) const {
  const auto& g = *sc_;
  const Seat& s = seats_[static_cast<size_t>(p)];
  json o;
  o["seat"] = p;
  o["villain"] =
      s.villain >= 0 ? json(g.cast().villains[static_cast<size_t>(s.villain)].key) : json(nullptr);
  o["score"] = s.score;
  o["hand_count"] = s.hand.count();
  if (p == viewer) o["hand"] = card_keys(s.hand);
  o["known_cards"] =
      card_keys(s.known);  // public: revealed cards still in that hand (or its marker)
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
  return o;
}

json SupportingCastState::chain_view(int v) const {
  const auto& g = *sc_;
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
    o["heroes"] = card_keys(heroes);
  }
  return o;
}

json SupportingCastState::view_json(Player viewer) const {
  const auto& g = *sc_;
  const int n = num_players();
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
  for (int p = 0; p < n; ++p) seats.push_back(seat_view(p, viewer));
  j["seats"] = seats;
  json chains = json::array();
  for (int v = 0; v < kVillains; ++v) chains.push_back(chain_view(v));
  j["chains"] = chains;
  if (last_card_ >= 0) j["last_play"] = {{"seat", last_card_by_}, {"card", g.card_key(last_card_)}};
  j["pile_count"] = pile_size();
  json bottom = json::array();
  for (int i = 0; i < bottom_n_; ++i) bottom.push_back(g.card_key(bottom_[static_cast<size_t>(i)]));
  j["pile_bottom"] = bottom;
  j["discard"] = card_keys(discard_);
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
  if (rounds_finished_ > 0) {
    // The face-up markers (SC-11) and the cards known in each hand at the round's end, per seat.
    json shown = json::array(), known = json::array();
    for (int p = 0; p < num_players(); ++p) {
      const int m = last_round_.markers[static_cast<size_t>(p)];
      shown.push_back(m >= 0 ? json(g.marker_key(m)) : json(nullptr));
      known.push_back(card_keys(last_round_.known[static_cast<size_t>(p)]));
    }
    j["last_round"] = {{"end", round_end_name(last_round_.end)},
                       {"scorer", last_round_.scorer},
                       {"points", last_round_.points},
                       {"markers", shown},
                       {"known_cards", known}};
  }
  if (viewer >= 0 && current_player() == viewer)
    j["your_options"] = decision_options_json(*this, viewer);
  if (phase_ == Phase::kGameOver) j["result"] = outcome();
  return j;
}

std::string SupportingCastState::view_text(Player viewer) const {
  RenderContext ctx;
  ctx.viewer = viewer;
  return view_text_for(ctx);
}

namespace {
// Lines of the text view in ctx.lang, appended to `out`.
struct TextWriter {
  const Catalogue& cat;
  const RenderContext& ctx;
  std::string& out;
  // A piece of a line: not capitalised (the catalogue capitalises whole English lines).
  std::string piece(const char* id, const json& args = json::object()) const {
    std::string t = cat.text(id, ctx, args);
    if (ctx.lang == "en" && !t.empty() && t[0] >= 'A' && t[0] <= 'Z' &&
        !(t.size() > 1 && t[1] >= 'A' && t[1] <= 'Z'))
      t[0] = static_cast<char>(t[0] - 'A' + 'a');
    return t;
  }
  void line(const char* id, const json& args = json::object()) const {
    out += cat.text(id, ctx, args);
    out += '\n';
  }
};
}  // namespace

void SupportingCastState::chain_text(int v, const RenderContext& ctx, std::string& out) const {
  const auto& g = *sc_;
  TextWriter w{sc_->catalogue(), ctx, out};
  const Chain& c = chain(v);
  if (!c.on_table) return;
  std::string events = "[";
  for (int k = 1; k <= kEventsPerVillain; ++k)
    events += (c.mask & (1u << (k - 1))) ? std::to_string(k) : std::string("·");
  events += "]";
  std::string who;
  if (c.owner < 0)
    who = w.piece("sc.view.chain.unowned");
  else
    who = w.piece("sc.view.chain.owner",
                  {{"owner", c.owner},
                   {"all", c.all_by_owner && c.count > 1 ? w.piece("sc.view.chain.all") : ""}});
  w.line("sc.view.chain", {{"villain", g.cast().villains[static_cast<size_t>(v)].key},
                           {"events", events},
                           {"who", who}});
  if (c.count == kEventsPerVillain) {
    w.line("sc.view.chain.complete");
  } else if (c.count > 0 && !(sc_->unowned_closed && c.owner < 0)) {
    // The events that fit now (SC-9), never one already on the chain.
    int fit[2] = {g.chain_ends ? wrap_event(c.lo - 1) : wrap_event(c.last - 1),
                  g.chain_ends ? wrap_event(c.hi + 1) : wrap_event(c.last + 1)};
    std::string next;
    for (int f = 0; f < 2; ++f) {
      if (c.mask & (1u << (fit[f] - 1))) continue;
      if (f == 1 && fit[1] == fit[0]) continue;
      if (!next.empty()) next += w.piece("sc.view.or");
      next += std::to_string(fit[f]);
    }
    if (next.empty())
      w.line("sc.view.chain.blocked");
    else
      w.line("sc.view.chain.next", {{"next", next}});
  }
  CardSet heroes;
  for (int k = 8; k <= 11; ++k)
    if (chain_heroes_.test(make_card(v, k))) heroes.set(make_card(v, k));
  if (!heroes.empty()) w.line("sc.view.chain.heroes", {{"heroes", card_keys(heroes)}});
}

void SupportingCastState::player_text(int p, const RenderContext& ctx, std::string& out) const {
  const auto& g = *sc_;
  TextWriter w{sc_->catalogue(), ctx, out};
  const Player viewer = ctx.viewer;
  const std::string separator = w.piece("core.list.separator");
  const Seat& s = seat(p);
  const bool to_move = p == turn_player_ && phase_ != Phase::kGameOver;
  out += to_move ? "> " : "  ";
  w.line("sc.view.player",
         {{"seat", p},
          {"villain", s.villain >= 0 ? g.cast().villains[static_cast<size_t>(s.villain)].key : ""},
          {"score", s.score},
          {"cards", s.hand.count()}});
  std::vector<std::string> details;
  if (s.villain_held) details.push_back(w.piece("sc.view.player.villain_card"));
  if (s.bad_luck > 0) details.push_back(w.piece("sc.view.player.bad_luck", {{"n", s.bad_luck}}));
  if (s.marker >= 0) {
    const bool visible =
        p == viewer || s.marker_info == MarkerInfo::kPublic || !marker::is_card(s.marker);
    if (visible)
      details.push_back(w.piece("sc.view.player.marker",
                                {{"face", s.marker_face_up ? "sc.face_up" : "sc.face_down"},
                                 {"card", g.marker_key(s.marker)}}));
    else
      details.push_back(w.piece("sc.view.player.marker.hidden"));
  }
  if (s.skip == Skip::kNextTurn) details.push_back(w.piece("sc.view.player.skip.next"));
  if (s.skip == Skip::kRestOfRound) details.push_back(w.piece("sc.view.player.skip.rest"));
  if (p != viewer && !s.known.empty())
    details.push_back(w.piece("sc.view.player.known", {{"cards", card_keys(s.known)}}));
  if (!details.empty()) {
    std::string d;
    for (const auto& x : details) d += (d.empty() ? "" : separator) + x;
    w.line("sc.view.details", {{"text", d}});
  }
}

// The table in plain words, in ctx.lang, for ctx.viewer: only what that viewer knows (D11).
std::string SupportingCastState::view_text_for(const RenderContext& ctx) const {
  const auto& g = *sc_;
  const Catalogue& cat = g.catalogue();
  const int n = num_players();
  const Player viewer = ctx.viewer;
  std::string out;
  TextWriter w{cat, ctx, out};
  w.line("sc.view.round", {{"round", round_}, {"players", n}});
  if (party_active_) w.line("sc.view.party", {{"n", party_slots_left_}});
  w.line("sc.view.chains");
  for (int v = 0; v < kVillains; ++v) chain_text(v, ctx, out);
  w.line("sc.view.players");
  for (int p = 0; p < n; ++p) player_text(p, ctx, out);
  json bottom = json::array();
  for (int i = 0; i < bottom_n_; ++i) bottom.push_back(g.card_key(bottom_[static_cast<size_t>(i)]));
  w.line("sc.view.pile",
         {{"n", pile_size()},
          {"bottom", bottom.empty() ? "" : w.piece("sc.view.bottom", {{"cards", bottom}})},
          {"allin", __builtin_popcount(allin_supply_)},
          {"discard", discard_.count()}});
  if (viewer >= 0 && viewer < n) {
    const Seat& s = seat(viewer);
    w.line("sc.view.hand");
    s.hand.for_each([&](int c) {
      w.line(card_playable(viewer, c) ? "sc.view.hand.card.playable" : "sc.view.hand.card",
             {{"card", g.card_key(c)}});
    });
    if (s.hand.empty()) w.line("sc.view.hand.empty");
  }
  // The last card played this round (a card of an earlier round would mislead).
  bool played_this_round = false;
  for (int p = 0; p < n; ++p) played_this_round |= seat(p).played_round;
  if (last_card_ >= 0 && played_this_round)
    w.line("sc.view.last", {{"card", g.card_key(last_card_)}, {"by", last_card_by_}});
  if (rounds_finished_ > 0 && phase_ != Phase::kGameOver && !played_this_round) {
    const std::string reason = std::string("sc.end.") + round_end_name(last_round_.end);
    if (last_round_.scorer >= 0)
      w.line("sc.view.last_round.scored",
             {{"reason", reason}, {"by", last_round_.scorer}, {"points", last_round_.points}});
    else
      w.line("sc.view.last_round", {{"reason", reason}});
  }
  if (phase_ == Phase::kAllInShuffler || phase_ == Phase::kAllInName || phase_ == Phase::kAllInTurn)
    w.line("sc.view.all_in",
           {{"seat", decider_}, {"hits", allin_hits_}, {"needed", allin_stake_ == 1 ? 3 : 4}});
  if (phase_ == Phase::kGameOver) {
    w.line("sc.view.game_over");
    for (const Event& e : game_end_events()) {
      out += cat.render(e, ctx);
      out += '\n';
    }
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

}  // namespace villainy::supporting_cast
