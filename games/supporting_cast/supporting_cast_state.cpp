// Tribute to the Supporting Cast: the state's dispatch (legal actions and effects per phase, whose
// code is in the rules files, one per section of the rules reference), chance, clone, results and
// the fingerprint.
#include <algorithm>
#include <array>
#include <cstring>
#include <nlohmann/json.hpp>

#include "supporting_cast/supporting_cast.h"
#include "villainy/core/signature.h"

namespace villainy::supporting_cast {
using nlohmann::json;

namespace {
// kSelectInByte[b][k]: the position of the k-th set bit of byte b (8 where b has fewer).
constexpr auto kSelectInByte = [] {
  std::array<std::array<std::uint8_t, 8>, 256> t{};
  for (int b = 0; b < 256; ++b) {
    int k = 0;
    for (auto& e : t[static_cast<size_t>(b)]) e = 8;
    for (int i = 0; i < 8; ++i)
      if (b & (1 << i))
        t[static_cast<size_t>(b)][static_cast<size_t>(k++)] = static_cast<std::uint8_t>(i);
  }
  return t;
}();
}  // namespace

int select64(std::uint64_t x, int k) {
  constexpr std::uint64_t kOnes = 0x0101010101010101ULL, kHigh = 0x8080808080808080ULL;
  std::uint64_t b = x - ((x >> 1) & 0x5555555555555555ULL);
  b = (b & 0x3333333333333333ULL) + ((b >> 2) & 0x3333333333333333ULL);
  b = (b + (b >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
  const std::uint64_t prefix = b * kOnes;  // byte i: the set bits in bytes 0..i (at most 64)
  // Bytes whose prefix is at most k have the high bit set (0x80 + k - prefix never borrows).
  const std::uint64_t le = ((static_cast<std::uint64_t>(k) * kOnes) | kHigh) - prefix;
  const int byte = static_cast<int>((((le & kHigh) >> 7) * kOnes) >> 56);
  const int shift = byte * 8;
  const int before = static_cast<int>(((prefix << 8) >> shift) & 0xff);
  return shift + kSelectInByte[(x >> shift) & 0xff][static_cast<size_t>(k - before)];
}

namespace {
// current_player per phase: chance, over, or the decider (0); a table, not a switch (issue 15:
// the search asks it several times per action).
constexpr auto kPhasePlayer = [] {
  std::array<std::int8_t, kPhases> t{};
  for (Phase p :
       {Phase::kDealVillain, Phase::kChainStart, Phase::kDealHand, Phase::kDraw, Phase::kAllInTurn})
    t[static_cast<size_t>(p)] = kChancePlayer;
  t[static_cast<size_t>(Phase::kGameOver)] = kTerminalPlayer;
  return t;
}();
}  // namespace

Player SupportingCastState::current_player() const {
  const int t = kPhasePlayer[static_cast<size_t>(phase_)];
  return t < 0 ? t : decider_;
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
  if (round_actions_ > sc_->round_action_guard() && phase_ != Phase::kGameOver && !is_chance()) {
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
      int k = static_cast<int>(rng.below(static_cast<std::uint32_t>(popcount64(villain_pool_))));
      std::uint32_t x = villain_pool_;
      for (; k > 0; --k) x &= x - 1;
      return act::kVillain + __builtin_ctz(x);
    }
    case Phase::kChainStart:
      return act::kDeal + make_card(deal_chain_, 1 + static_cast<int>(rng.below(7)));
    case Phase::kDealHand:
    case Phase::kDraw:
      if (!pile_.empty()) {  // pile_.nth(rng.below(pile_.count())), each word counted once
        const int c0 = popcount64(pile_.w[0]), c1 = popcount64(pile_.w[1]);
        const int k = static_cast<int>(rng.below(static_cast<std::uint32_t>(c0 + c1)));
        return act::kDeal + (k < c0 ? select64(pile_.w[0], k) : 64 + select64(pile_.w[1], k - c0));
      }
      return act::kDeal + bottom_[0];
    case Phase::kAllInTurn: {
      int k = static_cast<int>(rng.below(static_cast<std::uint32_t>(popcount64(allin_supply_))));
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

// One hash over the whole state's data (StateData, which has no padding: checked in
// supporting_cast_state.h), so no field can be forgotten.
namespace {
std::uint64_t hash_data(const StateData& data, std::uint64_t h) {
  const auto* bytes = reinterpret_cast<const unsigned char*>(&data);
  std::size_t i = 0;
  for (; i + 8 <= sizeof(StateData); i += 8) {
    std::uint64_t word = 0;
    std::memcpy(&word, bytes + i, 8);
    h = fnv1a(h, word);
  }
  for (; i < sizeof(StateData); ++i) h = fnv1a(h, bytes[i]);
  return h;
}
}  // namespace

std::uint64_t SupportingCastState::fingerprint() const {
  return hash_data(static_cast<const StateData&>(*this), kFnvOffset);
}

// D20: the viewer's information state is the whole data with exactly what a resample for the
// viewer re-deals (D11) masked: the pile's cards (its size stays), every other seat's hand cards
// (its size and the publicly known cards stay) and a hidden face-down marker card (that there is
// one, and what the table knows of it, stay). Every other field is public or the viewer's own.
// So a resample keeps the key, and any difference the viewer can see changes it.
std::uint64_t SupportingCastState::information_state_key(Player viewer) const {
  StateData d = static_cast<const StateData&>(*this);
  for (int q = 0; q < num_players(); ++q) {
    if (q == viewer) continue;
    Seat& s = d.seats_[static_cast<size_t>(q)];
    s.padding[0] = static_cast<std::uint8_t>(s.hand.count());
    s.hand = {};
    if (marker::is_card(s.marker) && s.marker_info != MarkerInfo::kPublic) s.marker = -2;
  }
  d.padding_[0] = static_cast<std::uint8_t>(pile_.count());
  d.pile_ = {};
  return hash_data(d, fnv1a(kFnvOffset, static_cast<std::uint64_t>(viewer)));
}

}  // namespace villainy::supporting_cast
