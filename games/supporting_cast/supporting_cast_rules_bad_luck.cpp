// Tribute to the Supporting Cast, bad luck (docs/rules/supporting-cast.md "Bad luck"): the three
// steps (SC-11, SC-11a), the marker and its replacement (SC-12, SC-12a), the third bad luck and
// the all-in (SC-13, SC-13a). Legal actions and effects of each phase side by side.
#include "supporting_cast/supporting_cast.h"

namespace villainy::supporting_cast {

// SC-13: may seat p go all-in at its third bad luck?
bool SupportingCastState::all_in_eligible(int p) const {
  const Seat& s = seat(p);
  const Chain& c = chain(s.villain);
  return c.on_table && c.count == kEventsPerVillain - 1 && c.all_by_owner &&
         (s.villain_held || s.hand.test(super_hero_card(s.villain)));
}

// SC-11: the next bad-luck step for p.
void SupportingCastState::bad_luck_step(int p) {
  Seat& s = seat_mut(p);
  decider_ = static_cast<std::int8_t>(p);
  ++s.bad_luck;
  if (s.bad_luck == 1) {
    // SC-11 step 1: reveal the hand, lay a marker face down, draw one.
    reveal_hand_publicly(p);
    narrate([&](Narrator& n) {
      if (s.hand.empty())
        n.say("sc.bad_luck.1.empty", {{"seat", p}});
      else
        n.say("sc.bad_luck.1", {{"seat", p}, {"hand", card_keys(s.hand)}});
    });
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
      if (marker::is_card(s.marker)) s.known.reset(s.marker);
      s.marker_info = MarkerInfo::kPublic;
    }
    narrate([&](Narrator& n) {
      if (s.marker >= 0)
        n.say("sc.bad_luck.2", {{"seat", p}, {"marker", sc_->marker_key(s.marker)}});
      else
        n.say("sc.bad_luck.2.none", {{"seat", p}});
    });
    after_bad_luck(p);
    return;
  }
  // SC-13: third bad luck.
  narrate([&](Narrator& n) { n.say("sc.bad_luck.3", {{"seat", p}}); });
  if (all_in_eligible(p)) {
    phase_ = Phase::kAllInStake;
    return;
  }
  third_bad_luck_scores(p);
}

// SC-13: the third bad luck without an all-in, or after a miss: the round ends, 7 points.
void SupportingCastState::third_bad_luck_scores(int p) {
  // SC-13/SC-19a: the all-in cards turned in a missed all-in go back to the supply (D6); this
  // matters only when the round goes on (the party ending's last turns).
  allin_supply_ |= allin_turned_;
  allin_turned_ = 0;
  if (score(p, 7, RoundEnd::kThirdBadLuck)) return;  // the round (or game) ended
  end_turn();                                        // party ending: nothing ends (SC-19a)
}

// SC-11: a bad-luck step ends the turn; with bad-luck-retry=yes a now-legal play must be made,
// else the next step follows.
void SupportingCastState::after_bad_luck(int /*p*/) {
  if (sc_->retry) {
    offer_turn();
    return;
  }
  end_turn();
}

// SC-11 step 1: the hand is shown; what the public knows of a face-down marker (D11).
void SupportingCastState::reveal_hand_publicly(int p) {
  Seat& s = seat_mut(p);
  if (marker::is_card(s.marker)) {
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

// SC-11a, SC-12a (D5): with an empty hand the marker is the lowest all-in card left, else the
// leader card, else none.
void SupportingCastState::replace_marker_auto(int p) {
  Seat& s = seat_mut(p);
  if (allin_supply_) {
    int k = __builtin_ctz(allin_supply_) + 1;
    allin_supply_ &= static_cast<std::uint8_t>(~(1u << (k - 1)));
    s.marker = static_cast<std::int8_t>(marker::kAllInBase + k);
    s.marker_info = MarkerInfo::kPublic;
  } else if (!leader_used_) {
    leader_used_ = true;
    s.marker = marker::kLeader;
    s.marker_info = MarkerInfo::kPublic;
  } else {
    s.marker = marker::kNone;
    s.marker_info = MarkerInfo::kNone;
  }
  narrate([&](Narrator& n) {
    if (s.marker >= 0)
      n.say("sc.marker.auto", {{"seat", p}, {"card", sc_->marker_key(s.marker)}});
    else
      n.say("sc.marker.none", {{"seat", p}});
  });
}

// SC-12a: a played marker is replaced straight away, lying as it lay.
void SupportingCastState::replace_marker(int p, bool face_up, AfterMarker after) {
  Seat& s = seat_mut(p);
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
  if (after_marker_ == AfterMarker::kClaim) {  // D15: the claim goes on after the replacement
    phase_ = Phase::kClaimName;
    decider_ = static_cast<std::int8_t>(p);
    return;
  }
  start_draw(p, AfterDraw::kEndTurn);
}

// SC-11a, SC-12a: the marker is any hand card.
void SupportingCastState::legal_choose_marker(std::vector<Action>& out) const {
  seat(decider_).hand.for_each([&](int c) { out.push_back(act::kMarker + c); });
}

void SupportingCastState::apply_choose_marker(Action a) {
  const int p = decider_;
  const int card = a - act::kMarker;
  Seat& s = seat_mut(p);
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
}

// SC-13a: stake the villain card (3 hits) or the super hero (4 hits), or decline.
void SupportingCastState::legal_all_in_stake(std::vector<Action>& out) const {
  const Seat& s = seat(decider_);
  if (s.villain_held) out.push_back(act::kAllInVillain);
  if (s.hand.test(super_hero_card(s.villain))) out.push_back(act::kAllInSuper);
  out.push_back(act::kAllInDecline);
}

void SupportingCastState::apply_all_in_stake(Action a) {
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
}

// SC-13a (D6): any other player shuffles.
void SupportingCastState::legal_all_in_shuffler(std::vector<Action>& out) const {
  for (int q = 0; q < num_players(); ++q)
    if (q != decider_) out.push_back(act::kShuffler + q);
}

void SupportingCastState::apply_all_in_shuffler(Action /*a*/) {
  phase_ = Phase::kAllInName;
}

// SC-13a: any number 1–6 may be named.
void SupportingCastState::legal_all_in_name(std::vector<Action>& out) const {
  for (int k = 0; k < kAllInCards; ++k) out.push_back(act::kName + k);
}

void SupportingCastState::apply_all_in_name(Action a) {
  allin_named_ = static_cast<std::int8_t>(a - act::kName + 1);
  if (allin_supply_ == 0) {  // SC-13a: turning from an empty supply is a miss
    narrate([&](Narrator& n) { n.say("sc.all_in.empty", {{"seat", decider_}}); });
    third_bad_luck_scores(decider_);
    return;
  }
  phase_ = Phase::kAllInTurn;
}

// SC-13: a card of the supply is turned, by chance.
void SupportingCastState::legal_all_in_turn(std::vector<Action>& out) const {
  for (int k = 1; k <= kAllInCards; ++k)
    if (allin_supply_ & (1u << (k - 1))) out.push_back(act::kTurn + k - 1);
}

void SupportingCastState::apply_all_in_turn(Action a) {
  const int k = a - act::kTurn + 1;
  const int p = decider_;
  allin_supply_ &= static_cast<std::uint8_t>(~(1u << (k - 1)));
  allin_turned_ |= static_cast<std::uint8_t>(1u << (k - 1));  // D6: out until the all-in ends
  if (k == allin_named_) {
    ++allin_hits_;
    narrate([&](Narrator& n) {
      n.say("sc.all_in.hit",
            {{"seat", p}, {"hits", allin_hits_}, {"needed", allin_stake_ == 1 ? 3 : 4}});
    });
    if (allin_hits_ >= (allin_stake_ == 1 ? 3 : 4)) {  // SC-13, SC-18: an outright win
      finish_round(RoundEnd::kAllInWin, p, 0);
      end_game(WinCondition::kAllIn, static_cast<std::uint8_t>(1u << p));
      return;
    }
    phase_ = Phase::kAllInName;
    return;
  }
  narrate([&](Narrator& n) { n.say("sc.all_in.miss", {{"seat", p}}); });
  third_bad_luck_scores(p);
}

}  // namespace villainy::supporting_cast
