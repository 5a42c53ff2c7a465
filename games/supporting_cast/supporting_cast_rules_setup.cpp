// Tribute to the Supporting Cast, setting up (docs/rules/supporting-cast.md "Setting up a round"):
// villains dealt at game start (SC-3), each round's chains and pile (SC-4, SC-5), hands (SC-6),
// the start player (SC-7, SC-16). Legal actions and effects of each setup phase side by side.
#include "supporting_cast/supporting_cast.h"

namespace villainy::supporting_cast {

SupportingCastState::SupportingCastState(std::shared_ptr<const Game> game)
    : State(std::move(game)), sc_(static_cast<const SupportingCastGame*>(&this->game())) {
  villain_pool_ = 0x7f;
  phase_ = Phase::kDealVillain;
  deal_seat_ = 0;
}

// SC-3 (D3): one villain per seat, by chance, in seat order.
void SupportingCastState::legal_deal_villain(std::vector<Action>& out) const {
  for (int v = 0; v < kVillains; ++v)
    if (villain_pool_ & (1u << v)) out.push_back(act::kVillain + v);
}

void SupportingCastState::apply_deal_villain(Action a) {
  const int v = a - act::kVillain;
  villain_pool_ &= static_cast<std::uint8_t>(~(1u << v));
  seat_mut(deal_seat_).villain = static_cast<std::int8_t>(v);
  chain_mut(v).owner = deal_seat_;
  if (++deal_seat_ == num_players()) begin_round();
}

// SC-4, SC-5, D14: a round starts afresh; every villain's cards but the chain starts are the pile.
void SupportingCastState::begin_round() {
  if (round_ >= sc_->round_guard()) {  // D12
    end_at_guard();
    return;
  }
  ++round_;
  const int n = num_players();
  pile_ = {};
  discard_ = {};
  chain_heroes_ = {};
  bottom_ = {};
  bottom_n_ = 0;
  allin_supply_ = 0x3f;
  allin_turned_ = 0;
  leader_used_ = false;
  for (int v = 0; v < kVillains; ++v) {
    Chain& c = chain_mut(v);
    int owner = c.owner;
    c = Chain{};
    c.owner = static_cast<std::int8_t>(owner);
    c.on_table = owner >= 0 || !sc_->unowned_removed;
    if (!c.on_table) continue;
    for (int s = 1; s < kCardsPerVillain; ++s) pile_.set(make_card(v, s));
  }
  for (int p = 0; p < n; ++p) {
    Seat& s = seat_mut(p);
    s.hand = {};
    s.known = {};
    s.bad_luck = 0;
    s.marker = marker::kNone;
    s.marker_info = MarkerInfo::kNone;
    s.villain_held = true;  // D14: the villain card returns to its owner every round
    s.skip = Skip::kNone;
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
  while (deal_chain_ < kVillains && !chain(deal_chain_).on_table) ++deal_chain_;
  phase_ = Phase::kChainStart;
}

// SC-4: each chain on the table starts with one of its seven events, by chance.
void SupportingCastState::legal_chain_start(std::vector<Action>& out) const {
  for (int k = 1; k <= kEventsPerVillain; ++k)
    out.push_back(act::kDeal + make_card(deal_chain_, k));
}

void SupportingCastState::apply_chain_start(Action a) {
  const int card = a - act::kDeal;
  Chain& c = chain_mut(deal_chain_);
  const int k = event_value(card);
  c.first = c.last = c.lo = c.hi = static_cast<std::int8_t>(k);
  c.mask = static_cast<std::uint8_t>(1u << (k - 1));
  c.count = 1;
  pile_.reset(card);
  ++deal_chain_;
  while (deal_chain_ < kVillains && !chain(deal_chain_).on_table) ++deal_chain_;
  if (deal_chain_ >= kVillains) {
    narrate([&](Narrator& n) { n.say("sc.round.start", {{"round", round_}}); });
    phase_ = Phase::kDealHand;
    deal_seat_ = 0;
  }
}

// SC-6: hands dealt from the pile, seat 0 first (D3). Also the SC-8 draw (kDraw) and the
// replacement draws: any card of the pile, else the bottom stack in order (D2).
void SupportingCastState::legal_pile_card(std::vector<Action>& out) const {
  if (!pile_.empty())
    pile_.for_each([&](int c) { out.push_back(act::kDeal + c); });
  else if (bottom_n_ > 0)
    out.push_back(act::kDeal + bottom_[0]);
}

void SupportingCastState::apply_deal_hand(Action a) {
  const int n = num_players();
  const int card = a - act::kDeal;
  pile_.reset(card);
  seat_mut(deal_seat_).hand.set(card);
  if (seat(deal_seat_).hand.count() >= hand_size_for(n)) ++deal_seat_;
  if (deal_seat_ >= n) {
    // One event per viewer for the whole deal: the viewer's own hand, or the hand size.
    narrate([&](Narrator& nr) {
      const Player v = nr.viewer();
      if (v >= 0 && v < n)
        nr.say("sc.deal.you", {{"seat", v}, {"cards", card_keys(seat(v).hand)}});
      else
        nr.say("sc.deal", {{"n", hand_size_for(n)}});
    });
    if (round_scorer_ >= 0) {
      phase_ = Phase::kNameStart;  // SC-16: the scorer names the start player
      decider_ = round_scorer_;
    } else {
      start_turns();
    }
  }
}

// SC-16: the last round's scorer names the start player (anyone, themselves included).
void SupportingCastState::legal_name_start(std::vector<Action>& out) const {
  for (int q = 0; q < num_players(); ++q) out.push_back(act::kStart + q);
}

void SupportingCastState::apply_name_start(Action a) {
  start_player_ = static_cast<std::int8_t>(a - act::kStart);
  start_turns();
}

// SC-7: turns go clockwise from the start player.
void SupportingCastState::start_turns() {
  turn_player_ = start_player_;
  begin_turn();
}

// SC-16: the next round is set up afresh; the scorer will name the start player.
void SupportingCastState::next_round(int scorer) {
  round_scorer_ = static_cast<std::int8_t>(scorer);
  begin_round();
}

}  // namespace villainy::supporting_cast
