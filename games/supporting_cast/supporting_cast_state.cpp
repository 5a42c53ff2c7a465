// Tribute to the Supporting Cast: the state's dispatch (legal actions and effects per phase, whose
// code is in the rules files, one per section of the rules reference), chance, clone, results and
// the fingerprint.
#include <algorithm>
#include <nlohmann/json.hpp>

#include "supporting_cast/supporting_cast.h"
#include "villainy/core/signature.h"

namespace villainy::supporting_cast {
using nlohmann::json;

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

void SupportingCastState::legal_actions(std::vector<Action>& out) const {
  out.clear();
  switch (phase_) {
    case Phase::kDealVillain:
      return legal_deal_villain(out);
    case Phase::kChainStart:
      return legal_chain_start(out);
    case Phase::kDealHand:
    case Phase::kDraw:
      return legal_pile_card(out);
    case Phase::kNameStart:
      return legal_name_start(out);
    case Phase::kTurn:
      return legal_turn(out);
    case Phase::kChooseMarker:
      return legal_choose_marker(out);
    case Phase::kAllInStake:
      return legal_all_in_stake(out);
    case Phase::kAllInShuffler:
      return legal_all_in_shuffler(out);
    case Phase::kAllInName:
      return legal_all_in_name(out);
    case Phase::kAllInTurn:
      return legal_all_in_turn(out);
    case Phase::kClaimName:
      return legal_claim_name(out);
    case Phase::kClaimAnswer:
      return legal_claim_answer(out);
    case Phase::kGameOver:
      return;
  }
}

void SupportingCastState::apply_unchecked(Action a) {
  ++round_actions_;
  if (round_actions_ > kRoundActionGuard && phase_ != Phase::kGameOver && !is_chance()) {
    stalemate();  // D12 guard
    return;
  }
  switch (phase_) {
    case Phase::kDealVillain:
      return apply_deal_villain(a);
    case Phase::kChainStart:
      return apply_chain_start(a);
    case Phase::kDealHand:
      return apply_deal_hand(a);
    case Phase::kNameStart:
      return apply_name_start(a);
    case Phase::kDraw:
      return apply_draw(a);
    case Phase::kTurn:
      return apply_turn(a);
    case Phase::kChooseMarker:
      return apply_choose_marker(a);
    case Phase::kAllInStake:
      return apply_all_in_stake(a);
    case Phase::kAllInShuffler:
      return apply_all_in_shuffler(a);
    case Phase::kAllInName:
      return apply_all_in_name(a);
    case Phase::kAllInTurn:
      return apply_all_in_turn(a);
    case Phase::kClaimName:
      return apply_claim_name(a);
    case Phase::kClaimAnswer:
      return apply_claim_answer(a);
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

std::unique_ptr<State> SupportingCastState::clone() const {
  return std::make_unique<SupportingCastState>(*this);
}

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
