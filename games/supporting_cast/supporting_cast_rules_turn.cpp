// Tribute to the Supporting Cast, a turn (docs/rules/supporting-cast.md "Your turn"): the duty to
// play (SC-8, SC-8a), events onto chains (SC-9, SC-9a), heroes and skips (SC-10, SC-10a), the
// draw, and the turn slots counted for the statistics (SC-21, D13).
#include <algorithm>
#include <array>

#include "supporting_cast/supporting_cast.h"

namespace villainy::supporting_cast {

namespace {
// wrap_event for a neighbour of an event value (k in [-6, 14]): no division (issue 15: fits_chain
// is the largest part of a random playout and of an ISMCTS iteration here).
constexpr int wrap_near(int k) {
  return k < 1 ? k + kEventsPerVillain : (k > kEventsPerVillain ? k - kEventsPerVillain : k);
}
static_assert(wrap_near(0) == wrap_event(0) && wrap_near(8) == wrap_event(8) &&
              wrap_near(-1) == wrap_event(-1) && wrap_near(4) == wrap_event(4));
}  // namespace

// SC-9: does the event fit its villain's chain?
bool SupportingCastState::fits_chain(int card) const {
  const Chain& c = chain(villain_of(card));
  if (!c.on_table || c.count >= kEventsPerVillain) return false;
  if (sc_->unowned_closed && c.owner < 0) return false;
  const int k = event_value(card);
  if (c.mask & (1u << (k - 1))) return false;
  if (sc_->chain_ends) return k == wrap_near(c.hi + 1) || k == wrap_near(c.lo - 1);
  return k == wrap_near(c.last + 1) || k == wrap_near(c.last - 1);
}

// SC-9, SC-10: what seat p may play.
bool SupportingCastState::card_playable(int p, int card) const {
  if (is_event(card)) return fits_chain(card);
  const int own = seat(p).villain;
  if (is_villain_card(card)) return villain_of(card) == own;
  if (is_ordinary_hero(card)) return true;
  // Super hero.
  return villain_of(card) == own || sc_->claim;
}

namespace {
constexpr CardSet cards_where(bool (*pred)(int)) {
  CardSet s;
  for (int c = 0; c < kNumCards; ++c)
    if (pred(c)) s.w[c >> 6] |= 1ULL << (c & 63);
  return s;
}
constexpr CardSet kOrdinaryHeroes = cards_where([](int c) { return is_ordinary_hero(c); });
constexpr CardSet kSuperHeroes = cards_where([](int c) { return is_super_hero(c); });
// Bit k-1 for the event k = wrap(e + 1), resp. wrap(e - 1), per event value e in 0..7 (0: an
// empty chain, as fits_chain reads it).
constexpr auto event_bits(int step) {
  std::array<std::uint8_t, 8> t{};
  for (int e = 0; e < 8; ++e)
    t[static_cast<size_t>(e)] = static_cast<std::uint8_t>(1u << (wrap_near(e + step) - 1));
  return t;
}
constexpr auto kAbove = event_bits(1), kBelow = event_bits(-1);
}  // namespace

// card_playable for the cards of `among` at once (issue 15: one pass over the chains instead of
// calls per hand card): the events that fit (SC-9) of the chains `among` has events of, every
// ordinary hero, the own villain card and super hero, and the other super heroes under
// rival-super-hero=claim (SC-10, SC-20). Cards outside `among` may be missing.
CardSet SupportingCastState::playable_among(int p, CardSet among) const {
  CardSet out = sc_->claim ? kOrdinaryHeroes | kSuperHeroes : kOrdinaryHeroes;
  const int own = seat(p).villain;
  if (own >= 0) {
    out.set(villain_card(own));
    out.set(super_hero_card(own));
  }
  const bool ends = sc_->chain_ends, closed = sc_->unowned_closed;
  for (int v = 0; v < kVillains; ++v) {
    const int at = make_card(v, 1);  // events 1..7 are bits at..at+6 of one word
    static_assert(make_card(4, 7) < 64 && make_card(5, 1) >= 64);
    const std::uint64_t held = (among.w[at >> 6] >> (at & 63)) & 0x7f;
    if (!held) continue;
    const Chain& c = chains_[static_cast<size_t>(v)];
    if (!c.on_table || c.count >= kEventsPerVillain || (closed && c.owner < 0)) continue;
    // The events next to the last one (SC-9), or past either end of the run (chain=ends).
    const unsigned next =
        ends ? kAbove[static_cast<size_t>(c.hi)] | kBelow[static_cast<size_t>(c.lo)]
             : kAbove[static_cast<size_t>(c.last)] | kBelow[static_cast<size_t>(c.last)];
    out.w[at >> 6] |= (held & next & ~static_cast<unsigned>(c.mask)) << (at & 63);
  }
  return out;
}

CardSet SupportingCastState::playable_cards(int p) const {
  return playable_among(p, CardSet{{~0ULL, ~0ULL}});
}

// The cards seat p could play from its hand or as its marker.
CardSet SupportingCastState::playable_held(int p) const {
  const Seat& s = seat(p);
  CardSet held = s.hand;
  if (marker::is_card(s.marker)) held.set(s.marker);
  return playable_among(p, held);
}

// SC-8a: the reserve cards.
bool SupportingCastState::is_reserve(int p, int card) const {
  const int own = seat(p).villain;
  return card == villain_card(own) || card == super_hero_card(own);
}

bool SupportingCastState::has_non_reserve_play(int p) const {
  const Seat& s = seat(p);
  // An ordinary hero is always playable and never a reserve card (SC-10, SC-8a): most hands hold
  // one, and then the chains need not be looked at.
  if (!(s.hand & kOrdinaryHeroes).empty() ||
      (marker::is_card(s.marker) && kOrdinaryHeroes.test(s.marker)))
    return true;
  const CardSet allowed = playable_held(p);
  CardSet reserve;
  reserve.set(villain_card(s.villain));
  reserve.set(super_hero_card(s.villain));
  return !(s.hand & allowed).minus(reserve).empty() ||
         (marker::is_card(s.marker) && allowed.test(s.marker) && !is_reserve(p, s.marker));
}

bool SupportingCastState::has_reserve_play(int p) const {
  const Seat& s = seat(p);
  const int own = s.villain;
  return s.villain_held || s.hand.test(super_hero_card(own)) || s.marker == super_hero_card(own);
}

int SupportingCastState::active_players() const {
  int k = 0;
  for (int p = 0; p < num_players(); ++p) k += seat(p).skip != Skip::kRestOfRound;
  return k;
}

// SC-21, D13: a turn slot, with or without a play.
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

// The turn player's slot: the party ending's count (D9), skips (SC-10a, D13), then the turn.
void SupportingCastState::begin_turn() {
  const int n = num_players();
  for (int guard = 0; guard < 4 * n + 4; ++guard) {
    if (party_active_) {
      if (party_slots_left_ == 0) {
        finish_party();
        return;
      }
      --party_slots_left_;
    }
    Seat& s = seat_mut(turn_player_);
    if (s.skip == Skip::kNone) {
      in_turn_ = true;
      turn_played_ = false;
      offer_turn();
      return;
    }
    if (s.skip == Skip::kNextTurn) {
      narrate([&](Narrator& nr) { nr.say("sc.turn.skipped", {{"seat", turn_player_}}); });
      s.skip = Skip::kNone;  // SC-10a: used up when the turn comes round
      count_slot(false);     // SC-21: a slot lost to a skip is a slot without a play
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

// SC-8, SC-11: the turn player plays, or suffers bad luck with no legal play.
void SupportingCastState::offer_turn() {
  const int p = turn_player_;
  decider_ = static_cast<std::int8_t>(p);
  if (has_non_reserve_play(p) || has_reserve_play(p)) {
    phase_ = Phase::kTurn;  // legal_turn adds bad-luck when only reserve cards are playable
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

// SC-8, SC-8a, SC-12: playable hand cards, the villain card, the marker; bad luck instead of
// reserve cards (reserve=optional).
void SupportingCastState::legal_turn(std::vector<Action>& out) const {
  const int p = decider_;
  const Seat& s = seat(p);
  const CardSet allowed = playable_held(p);
  CardSet playable = s.hand & allowed;
  if (s.villain_held) playable.set(villain_card(s.villain));
  playable.for_each([&](int c) { out.push_back(act::kPlay + c); });
  const bool marker_playable = marker::is_card(s.marker) && allowed.test(s.marker);
  if (marker_playable) out.push_back(act::kPlayMarker);
  // SC-8a; has_non_reserve_play(p) from the sets already built (an ordinary hero: at once).
  if (!sc_->reserve_forced && (playable & kOrdinaryHeroes).empty()) {
    CardSet reserve;
    reserve.set(villain_card(s.villain));
    reserve.set(super_hero_card(s.villain));
    const bool non_reserve =
        !playable.minus(reserve).empty() || (marker_playable && !is_reserve(p, s.marker));
    if (!non_reserve) out.push_back(act::kBadLuck);
  }
}

void SupportingCastState::apply_turn(Action a) {
  const int p = decider_;
  if (a == act::kBadLuck) {
    bad_luck_step(p);
    return;
  }
  if (a == act::kPlayMarker) {
    play_card(p, seat(p).marker, true);
    return;
  }
  play_card(p, a - act::kPlay, false);
}

// SC-9 ends: the run grows at the end the card extends.
void SupportingCastState::lay_event(Chain& c, int k) const {
  if (sc_->chain_ends) {
    if (k == wrap_event(c.hi + 1))
      c.hi = static_cast<std::int8_t>(k);
    else
      c.lo = static_cast<std::int8_t>(k);
  }
  c.last = static_cast<std::int8_t>(k);
  c.mask |= static_cast<std::uint8_t>(1u << (k - 1));
  ++c.count;
}

// A card played by p (from the hand, the villain card, or the marker): SC-9, SC-10, SC-14, SC-20.
void SupportingCastState::play_card(int p, int card, bool from_marker) {
  Seat& s = seat_mut(p);
  turn_played_ = true;
  s.played_round = true;
  s.played_game = true;
  bool marker_face_up = s.marker_face_up;
  last_card_ = static_cast<std::int8_t>(card);
  last_card_by_ = static_cast<std::int8_t>(p);
  if (from_marker) {
    s.known.reset(card);
    s.marker = marker::kNone;
    s.marker_info = MarkerInfo::kNone;
  } else if (is_villain_card(card)) {
    s.villain_held = false;
  } else {
    s.hand.reset(card);
    s.known.reset(card);
  }
  const int v = villain_of(card);
  if (is_event(card)) {
    Chain& c = chain_mut(v);
    const int k = event_value(card);
    lay_event(c, k);
    if (c.owner != p) c.all_by_owner = false;
    if (c.count == kEventsPerVillain) {
      // SC-14: the chain is complete.
      if (c.owner == p && c.all_by_owner) {
        finish_round(RoundEnd::kOwnChainWin, p, 0);
        end_game(WinCondition::kOwnChain, static_cast<std::uint8_t>(1u << p));
        return;
      }
      if (score(p, k, RoundEnd::kCompletion)) return;
    }
  } else if (is_ordinary_hero(card)) {
    const int owner = chain(v).owner;
    if (owner >= 0 && owner != p) {
      chain_heroes_.set(card);  // SC-10: laid on the owner's chain; the owner is skipped
      Seat& t = seat_mut(owner);
      const bool already = t.skip != Skip::kNone;
      if (!already)  // SC-10a: skips do not stack
        t.skip = sc_->skip_rest ? Skip::kRestOfRound : Skip::kNextTurn;
      narrate([&](Narrator& n) {
        n.say(already                     ? "sc.skip.already"
              : t.skip == Skip::kNextTurn ? "sc.skip.next"
                                          : "sc.skip.rest",
              {{"seat", owner}});
      });
    } else {
      discard_.set(card);
    }
  } else if (is_super_hero(card) && v != s.villain) {
    // SC-20: a claim with another villain's super hero.
    claim_super_ = static_cast<std::int8_t>(card);
    claim_owner_ = chain(v).owner;
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

// SC-8: a draw, if any card is left; then what the draw was for.
void SupportingCastState::start_draw(int p, AfterDraw after) {
  after_draw_ = after;
  draw_for_ = static_cast<std::int8_t>(p);
  if (pile_.empty() && bottom_n_ == 0) {  // pile_size() == 0 without counting
    continue_after_draw();
    return;
  }
  phase_ = Phase::kDraw;
}

void SupportingCastState::apply_draw(Action a) {
  const int card = a - act::kDeal;
  Seat& s = seat_mut(draw_for_);
  if (pile_.test(card)) {
    pile_.reset(card);
  } else {
    // From the ordered bottom stack (D2): public knowledge (D16).
    for (int i = 1; i < bottom_n_; ++i)
      bottom_[static_cast<size_t>(i - 1)] = bottom_[static_cast<size_t>(i)];
    --bottom_n_;
    bottom_[bottom_n_] = 0;  // no stale entry: the fingerprint hashes the whole array
    s.known.set(card);
  }
  s.hand.set(card);
  continue_after_draw();
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

}  // namespace villainy::supporting_cast
