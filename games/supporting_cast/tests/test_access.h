// The rule tests' access to positions that no chance outcome sets up (a score, a chain laid in
// earlier turns, an emptied hand). A friend of SupportingCastState; production code has no hooks.
#pragma once
#include <initializer_list>
#include <stdexcept>

#include "supporting_cast/supporting_cast.h"

namespace villainy::supporting_cast {

struct TestAccess {
  // The whole data, for tests that change one field at a time (information_state_test.cpp).
  static StateData& data(SupportingCastState& s) { return static_cast<StateData&>(s); }
  static void set_score(SupportingCastState& s, int p, int score) {
    s.seat_mut(p).score = static_cast<std::int8_t>(score);
  }
  static void set_villain_held(SupportingCastState& s, int p, bool held) {
    s.seat_mut(p).villain_held = held;
  }
  // Moves a seat's hand to the discard (to reach an empty hand without exhausting the pile).
  static void clear_hand(SupportingCastState& s, int p) {
    s.discard_ = s.discard_ | s.seat(p).hand;
    s.seat_mut(p).hand = {};
    s.seat_mut(p).known = {};
  }
  // Lays events (values, in order) from the pile onto chain v, as if laid by its owner or not.
  static void lay_events(SupportingCastState& s, int v, std::initializer_list<int> values,
                         bool by_owner) {
    Chain& c = s.chain_mut(v);
    for (int k : values) {
      const int card = make_card(v, k);
      if (!s.pile_.test(card)) throw std::runtime_error("lay_events: the card is not in the pile");
      s.pile_.reset(card);
      s.lay_event(c, k);
      if (!by_owner) c.all_by_owner = false;
    }
  }
};

}  // namespace villainy::supporting_cast
