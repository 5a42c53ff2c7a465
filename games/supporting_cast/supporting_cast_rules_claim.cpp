// Tribute to the Supporting Cast, the afterword's claim (docs/rules/supporting-cast.md "The
// afterword's optional rule"; rival-super-hero=claim): SC-20, SC-20a, D7, D8, D15, D16. Legal
// actions and effects of the claim's phases side by side.
#include "supporting_cast/supporting_cast.h"

namespace villainy::supporting_cast {

CardSet SupportingCastState::claimable(int p) const {
  // SC-20a: any of the claimer's own twelve events and heroes (D7).
  CardSet own;
  const int v = seat(p).villain;
  for (int k = 1; k <= 12; ++k) own.set(make_card(v, k));
  return own;
}

CardSet SupportingCastState::claim_prospects(int p) const {
  const Seat& s = seat(p);
  CardSet own, elsewhere;
  for (int k = 1; k <= 12; ++k) own.set(make_card(s.villain, k));
  own = own.minus(s.hand);
  if (marker::is_card(s.marker)) own.reset(s.marker);
  const Chain& c = chain(s.villain);
  for (int k = 1; k <= 7; ++k)
    if (c.mask & (1u << (k - 1))) elsewhere.set(make_card(s.villain, k));
  elsewhere = elsewhere | discard_ | chain_heroes_;
  for (int q = 0; q < num_players(); ++q) {
    const Seat& o = seat(q);
    if (marker::is_card(o.marker) && o.marker_info == MarkerInfo::kPublic) elsewhere.set(o.marker);
  }
  for (int i = 0; i < bottom_n_; ++i) elsewhere.set(bottom_[static_cast<size_t>(i)]);
  return own.minus(elsewhere);
}

void SupportingCastState::claim_resolve_named(int p, int card) {
  claim_card_ = static_cast<std::int8_t>(card);
  int holder = -1;
  for (int q = 0; q < num_players(); ++q)
    if (q != p && seat(q).hand.test(card)) holder = q;
  if (holder < 0) {
    // SC-20a: nobody held it: the others reveal their hands; the super hero goes to the bottom.
    for (int q = 0; q < num_players(); ++q)
      if (q != p) reveal_hand_publicly(q);
    narrate([&](Narrator& n) {
      n.say("sc.claim.failed",
            {{"card", sc_->card_key(card)}, {"super", sc_->card_key(claim_super_)}});
      for (int q = 0; q < num_players(); ++q) {
        if (q == p) continue;
        if (seat(q).hand.empty())
          n.say("sc.hand.shown.empty", {{"seat", q}});
        else
          n.say("sc.hand.shown", {{"seat", q}, {"hand", card_keys(seat(q).hand)}});
      }
    });
    bottom_[bottom_n_++] = claim_super_;
    claim_super_ = -1;
    end_turn();
    return;
  }
  claim_holder_ = static_cast<std::int8_t>(holder);
  narrate([&](Narrator& n) {
    n.say("sc.claim.found", {{"seat", holder}, {"card", sc_->card_key(card)}, {"claimer", p}});
  });
  Seat& h = seat_mut(holder);
  h.hand.reset(card);
  h.known.reset(card);
  Seat& s = seat_mut(p);
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
  const bool playable = card_playable(p, card);
  narrate([&](Narrator& n) {
    n.say(playable ? "sc.claim.play" : "sc.claim.keep",
          {{"seat", p}, {"card", sc_->card_key(card)}});
  });
  if (playable) {
    play_card(p, card, false);  // SC-20a: played at once
    return;
  }
  bad_luck_step(p);  // SC-20a: the claimer takes the next bad-luck step and keeps the card
}

// SC-20a (D7): name any of your own twelve events and heroes.
void SupportingCastState::legal_claim_name(std::vector<Action>& out) const {
  claimable(decider_).for_each([&](int c) { out.push_back(act::kClaim + c); });
}

void SupportingCastState::apply_claim_name(Action a) {
  claim_resolve_named(decider_, a - act::kClaim);
}

// SC-20a (D7): the owner of the played super hero's villain is always asked; "yes" only when
// they hold the claimer's super hero.
void SupportingCastState::legal_claim_answer(std::vector<Action>& out) const {
  const Seat& o = seat(decider_);
  const int claimer_super = super_hero_card(seat(turn_player_).villain);
  if (o.hand.test(claimer_super)) out.push_back(act::kAnswerYes);
  out.push_back(act::kAnswerNo);
}

void SupportingCastState::apply_claim_answer(Action a) {
  Seat& o = seat_mut(decider_);
  if (a == act::kAnswerYes) {
    const int claimer_super = super_hero_card(seat(turn_player_).villain);
    o.known.set(claimer_super);  // shown (D8)
    o.hand.set(claim_super_);    // takes the played super hero
    o.known.set(claim_super_);
  } else {
    discard_.set(claim_super_);
  }
  claim_after_answer();
}

}  // namespace villainy::supporting_cast
