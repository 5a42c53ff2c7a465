// Cheaty Mages!: views (JSON and tensor; text in cheaty_mages_view_text.cpp) and per-viewer action
// descriptions. Every view holds only what its viewer knows: face-down spells are shown by type
// unless the viewer cast or peeked at them (D11), other players' hands and bets by count only,
// until the bets are revealed.
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "cheaty_mages/cheaty_mages.h"

namespace villainy::cheaty_mages {
using nlohmann::json;

namespace {
using P = CheatyMagesState::Phase;
using St = CheatyMagesState::Stage;
const char* phase_name(P p) {
  switch (p) {
    case P::kStartPlayer:
      return "start-player";
    case P::kDealHand:
      return "deal-hands";
    case P::kDealFighter:
      return "deal-fighters";
    case P::kDealJudge:
      return "deal-judge";
    case P::kBet:
      return "betting";
    case P::kSpell:
      return "spells";
    case P::kDraw:
      return "draw";
    case P::kFerine:
      return "ferine-flip";
    case P::kMetamorph:
      return "metamorphosis";
    case P::kRefill:
      return "refill";
    case P::kGameOver:
      return "game-over";
  }
  return "?";
}
const char* stage_name(St s) {
  switch (s) {
    case St::kChoose:
      return "choose";
    case St::kPeekDiscard:
      return "peek-discard";
    case St::kPeekTarget:
      return "peek-target";
    case St::kTarget:
      return "target";
    case St::kChooseSpell:
      return "choose-spell";
    case St::kDest:
      return "alteration-destination";
    case St::kAmnesia:
      return "amnesia-discard";
    case St::kSwap:
      return "imitation-swap";
  }
  return "?";
}
const char* type_name(SpellType t) {
  switch (t) {
    case SpellType::kDirect:
      return "Direct";
    case SpellType::kEnchant:
      return "Enchant";
    case SpellType::kSupport:
      return "Support";
  }
  return "?";
}
std::string bets_text(std::uint8_t bets) {
  std::string s;
  for (int b = 0; b < kPositions; ++b)
    if (bets & (1u << b)) s += (s.empty() ? "" : ",") + std::to_string(b + 1);
  return s.empty() ? "-" : s;
}
}  // namespace

json CheatyMagesState::spell_view(int i, Player viewer) const {
  const auto& g = *cm_;
  const int n = num_players();
  const Spell& s = d_.spells[static_cast<size_t>(i)];
  json e;
  e["type"] = type_name(g.spell(s.kind).type);
  e["caster"] = s.caster;
  e["face_up"] = s.face_up;
  e["spell"] = spell_visible(i, viewer) ? json(g.spell(s.kind).key) : json("unknown");
  if (!s.face_up) {
    std::vector<int> knowers;
    for (int q = 0; q < n; ++q)
      if ((s.known >> q) & 1) knowers.push_back(q);
    e["known_by"] = knowers;
    if (s.fclass != ForbiddenClass::kUnknown)
      e["forbidden"] = s.fclass == ForbiddenClass::kForbidden;
  }
  if (s.attached >= 0) {
    for (int t = 0, idx = 0; t < d_.n_spells; ++t)
      if (d_.spells[static_cast<size_t>(t)].loc == s.loc) {
        if (d_.spells[static_cast<size_t>(t)].uid == s.attached) e["on_spell"] = idx;
        ++idx;
      }
  }
  return e;
}

json CheatyMagesState::seats_view(Player viewer) const {
  const auto& g = *cm_;
  const int n = num_players();
  json seats = json::array();
  for (int q = 0; q < n; ++q) {
    const Seat& s = d_.seats[q];
    json e;
    e["coins"] = s.coins;
    e["hand_size"] = s.hand_n;
    e["bet_cards"] = s.bet_n;
    e["passed"] = s.passed;
    if (q == viewer || d_.bets_public) e["bets"] = bets_text(s.bets);
    if (q == viewer) {
      json h = json::object();
      for (int k = 0; k < kKinds; ++k)
        if (s.hand[static_cast<size_t>(k)]) h[g.spell(k).key] = s.hand[static_cast<size_t>(k)];
      e["hand"] = h;
    }
    json cont = json::array();
    for (int i = 0; i < d_.n_spells; ++i)
      if (d_.spells[static_cast<size_t>(i)].loc == place::player(q))
        cont.push_back(g.spell(d_.spells[static_cast<size_t>(i)].kind).key);
    e["continuous"] = cont;
    e["bribes_this_match"] = s.match_bribes;
    seats.push_back(e);
  }
  return seats;
}

json CheatyMagesState::last_match_view() const {
  const auto& g = *cm_;
  const int n = num_players();
  const MatchSummary& m = d_.summary;
  json s;
  s["match"] = m.number;
  s["counted"] = m.counted;
  s["judge"] = m.judge >= 0 ? json(g.judge(m.judge).key) : json(nullptr);
  s["judged"] = m.judged;
  s["confusion"] = m.confusion;
  if (m.ferine_type >= 0) s["ferine_turned"] = type_name(static_cast<SpellType>(m.ferine_type));
  s["dispelled"] = bets_text(m.dispelled);
  s["ejected"] = bets_text(m.ejected);
  s["all_ejected"] = m.all_ejected;
  s["winner_position"] = m.winner_pos + 1;
  s["prize"] = m.prize;
  std::vector<std::string> b;
  std::vector<int> pay;
  for (int q = 0; q < n; ++q) {
    b.push_back(bets_text(m.bets[static_cast<size_t>(q)]));
    pay.push_back(m.payout[static_cast<size_t>(q)]);
  }
  s["bets"] = b;
  s["payouts"] = pay;
  return s;
}

json CheatyMagesState::view_json(Player viewer) const {
  const auto& g = *cm_;
  const int n = num_players();
  json j;
  j["game"] = "cheaty-mages";
  j["viewer"] = viewer;
  j["players"] = n;
  j["phase"] = phase_name(d_.phase);
  if (d_.phase == Phase::kSpell) j["stage"] = stage_name(d_.stage);
  j["current_player"] = current_player();
  j["start_player"] = d_.start_player;
  j["turn_player"] = d_.turn_player;
  j["matches_counted"] = d_.counted;
  j["matches_played"] = d_.played;
  j["judge"] = d_.judge >= 0 ? json(g.judge(d_.judge).key) : json(nullptr);
  j["deck_size"] = d_.deck_n;
  json disc = json::object();
  for (int k = 0; k < kKinds; ++k)
    if (d_.discard[static_cast<size_t>(k)])
      disc[g.spell(k).key] = d_.discard[static_cast<size_t>(k)];
  j["discard"] = disc;
  json fighters = json::array();
  for (int pos = 0; pos < kPositions; ++pos) {
    json f;
    f["position"] = pos + 1;
    const int id = d_.fighters[static_cast<size_t>(pos)];
    f["fighter"] = id >= 0 ? json(g.fighter(id).key) : json(nullptr);
    json sp = json::array();
    for (int i = 0; i < d_.n_spells; ++i)
      if (d_.spells[static_cast<size_t>(i)].loc == pos) sp.push_back(spell_view(i, viewer));
    f["spells"] = sp;
    fighters.push_back(f);
  }
  j["fighters"] = fighters;
  json judge_spells = json::array();
  for (int i = 0; i < d_.n_spells; ++i)
    if (d_.spells[static_cast<size_t>(i)].loc == place::kJudge)
      judge_spells.push_back(spell_view(i, viewer));
  j["judge_spells"] = judge_spells;
  j["seats"] = seats_view(viewer);
  if (d_.phase == Phase::kSpell && d_.p_kind >= 0) {
    json pend;
    pend["caster"] = d_.turn_player;
    pend["type"] = type_name(g.spell(d_.p_kind).type);
    const bool hidden = !d_.p_face_up && viewer != d_.turn_player;
    pend["spell"] = hidden ? json("unknown") : json(g.spell(d_.p_kind).key);
    pend["face_up"] = d_.p_face_up;
    if (d_.p_loc >= 0) pend["at"] = d_.p_loc;
    j["pending"] = pend;
  }
  if (d_.summary.number > 0) j["last_match"] = last_match_view();
  if (!is_terminal() && current_player() == viewer)
    j["your_options"] = decision_options_json(*this, viewer);
  if (d_.phase == Phase::kGameOver) j["result"] = outcome();
  return j;
}

namespace {
// Per-seat block of the tensor, seats relative to the viewer (row 0 = the viewer).
constexpr int kSeatValues = 8;
TensorLayout make_layout() {
  TensorLayout l;
  l.add("own_hand", kKinds, "viewer's hand: copies of each spell kind / 4 (D1 order)")
      .add("discard", kKinds, "discard pile: copies of each spell kind / 4")
      .add("deck_size", 1, "cards left in the deck / 72")
      .add("positions", kPositions * 50,
           "per position 1-5 (CM-5): fighter one-hot (10), spells the viewer can see by kind "
           "(37), unseen face-down spells Direct/other (2), reflected (CM-9)")
      .add("judge", kNumJudges, "the judge, one-hot")
      .add("confused", 1, "Confusion on the judge")
      .add("seats", kMaxPlayers * kSeatValues,
           "per seat from the viewer on: coins / 50, hand size / 8, bets placed / 3, passed, "
           "start player, to act, Invisibility, Prismatic Ray")
      .add("own_bets", kPositions, "viewer's secret bets (CM-6): one per position")
      .add("phase", 11,
           "phase one-hot (start, deal hand, deal fighter, deal judge, bet, spell, "
           "draw, ferine, metamorph, refill, over)")
      .add("stage", 8,
           "spell-turn decision one-hot (choose, peek discard, peek target, target, "
           "choose spell, destination, amnesia, swap)")
      .add("pending_spell", kKinds, "the spell the viewer is casting (to the caster only)")
      .add("matches", 1, "matches counted / 3 (CM-4)");
  return l;
}
}  // namespace

const TensorLayout& CheatyMagesGame::tensor_layout() const {
  static const TensorLayout layout = make_layout();
  return layout;
}

void CheatyMagesState::view_tensor(Player viewer, std::span<float> out) const {
  TensorWriter w(cm_->tensor_layout(), out);
  const int n = num_players();
  auto hand = w.next("own_hand");
  if (viewer >= 0)
    for (int k = 0; k < kKinds; ++k)
      hand[static_cast<size_t>(k)] = d_.seats[viewer].hand[static_cast<size_t>(k)] / 4.0f;
  auto disc = w.next("discard");
  for (int k = 0; k < kKinds; ++k)
    disc[static_cast<size_t>(k)] = d_.discard[static_cast<size_t>(k)] / 4.0f;
  w.scalar("deck_size", d_.deck_n / 72.0f);
  auto positions = w.next("positions");
  for (int pos = 0; pos < kPositions; ++pos) {
    float* o = positions.data() + pos * 50;
    const int id = d_.fighters[static_cast<size_t>(pos)];
    if (id >= 0) o[id] = 1.0f;
    for (int s = 0; s < d_.n_spells; ++s) {
      const Spell& sp = d_.spells[static_cast<size_t>(s)];
      if (sp.loc != pos) continue;
      if (spell_visible(s, viewer))
        o[10 + sp.kind] += 1.0f;
      else
        o[47 + (cm_->spell(sp.kind).type == SpellType::kDirect ? 0 : 1)] += 1.0f;
    }
    o[49] = reflected(pos) ? 1.0f : 0.0f;
  }
  w.one_hot("judge", d_.judge);
  w.scalar("confused", confused() ? 1.0f : 0.0f);
  auto seats = w.next("seats");
  for (int r = 0; r < n; ++r) {
    const int q = viewer >= 0 ? (viewer + r) % n : r;
    const Seat& s = d_.seats[q];
    float* o = seats.data() + r * kSeatValues;
    o[0] = s.coins / 50.0f;
    o[1] = s.hand_n / 8.0f;
    o[2] = s.bet_n / 3.0f;
    o[3] = s.passed;
    o[4] = q == d_.start_player;
    o[5] = q == current_player();
    o[6] = has_continuous(q, kind::kInvisibility);
    o[7] = has_continuous(q, kind::kPrismaticRay);
  }
  auto bets = w.next("own_bets");
  if (viewer >= 0)
    for (int b = 0; b < kPositions; ++b)
      bets[static_cast<size_t>(b)] = (d_.seats[viewer].bets >> b) & 1;
  w.one_hot("phase", static_cast<int>(d_.phase));
  w.one_hot("stage", d_.phase == Phase::kSpell ? static_cast<int>(d_.stage) : -1);
  const bool casting = d_.phase == Phase::kSpell && d_.stage != Stage::kChoose && viewer >= 0 &&
                       viewer == d_.turn_player;
  w.one_hot("pending_spell", casting ? d_.p_kind : -1);
  w.scalar("matches", d_.counted / 3.0f);
  w.finish();
}

}  // namespace villainy::cheaty_mages
