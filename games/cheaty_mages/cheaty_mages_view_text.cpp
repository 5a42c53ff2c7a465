// Cheaty Mages!: the table in plain words (view_text_for), in the viewer's language. Holds only
// what its viewer knows, like view_json: a face-down spell is shown by its type unless the viewer
// cast it or peeked at it (D11); other mages' hands and bets by count, until the bets are shown.
#include <fmt/format.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cheaty_mages/cheaty_mages.h"

namespace villainy::cheaty_mages {
using nlohmann::json;

namespace {
using P = CheatyMagesState::Phase;
// The phase as a catalogue word (word.cm.phase.<name>).
const char* phase_word(P p) {
  switch (p) {
    case P::kBet:
      return "cm.phase.betting";
    case P::kSpell:
    case P::kFerine:
    case P::kMetamorph:
      return "cm.phase.spells";
    case P::kRefill:
      return "cm.phase.refill";
    case P::kGameOver:
      return "cm.phase.over";
    case P::kStartPlayer:
    case P::kDealHand:
    case P::kDealFighter:
    case P::kDealJudge:
    case P::kDraw:
      break;
  }
  return "cm.phase.setup";
}
// Bet positions, e.g. "1, 3" (the language's list separator).
std::string positions(std::uint8_t bits, const std::string& sep) {
  std::string out;
  for (int b = 0; b < kPositions; ++b)
    if (bits & (1u << b)) out += (out.empty() ? "" : sep) + std::to_string(b + 1);
  return out;
}
}  // namespace

std::string CheatyMagesState::view_text(Player viewer) const {
  RenderContext ctx;
  ctx.viewer = viewer;
  return view_text_for(ctx);
}

// NOLINTNEXTLINE(readability-function-size)
std::string CheatyMagesState::view_text_for(const RenderContext& ctx) const {
  // Long on purpose: the table's text top to bottom; to split like the JSON view.
  const auto& g = *cm_;
  const Catalogue& cat = g.catalogue();
  const Player viewer = ctx.viewer;
  const int n = num_players();
  std::string out;
  auto text = [&](const char* id, const json& args = json::object()) {
    return cat.text(id, ctx, args);
  };
  const std::string sep = text("cm.view.sep");
  auto line = [&](const std::string& s) {
    out += s;
    out += '\n';
  };
  // The match in play (after the last one, the last one).
  const int match = d_.phase == Phase::kGameOver ? d_.played : d_.played + 1;
  line(text("cm.view.title",
            {{"match", match}, {"counted", d_.counted}, {"phase", phase_word(d_.phase)}}));
  if (d_.judge >= 0) {
    const std::string& key = g.judge(d_.judge).key;
    const CardText* card = cat.card(key, ctx.lang);
    line(text("cm.view.judge", {{"judge", key}, {"text", card ? card->text : std::string()}}) +
         (confused() ? text("cm.view.confused") : std::string()));
  }
  // CM-5: the fighters, with the spells on each as this viewer knows them.
  for (int pos = 0; pos < kPositions; ++pos) {
    const int id = d_.fighters[static_cast<size_t>(pos)];
    if (id < 0) continue;
    const FighterData& f = g.fighter(id);
    std::string s =
        text("cm.view.fighter", {{"pos", pos + 1},
                                 {"fighter", f.key},
                                 {"strength", f.strength},
                                 {"prize", f.prize},
                                 {"reverses", f.reverses ? "cm.view.rev" : "cm.normal"}});
    std::vector<std::string> spells;
    for (int i = 0; i < d_.n_spells; ++i) {
      const Spell& sp = d_.spells[static_cast<size_t>(i)];
      if (sp.loc != pos) continue;
      const SpellData& sd = g.spell(sp.kind);
      const json args = {{"card", sd.key}, {"type", type_word(sd.type)}, {"seat", sp.caster}};
      const char* id2 = !spell_visible(i, viewer) ? "cm.view.spell.hidden"
                        : sp.face_up              ? "cm.view.spell"
                                                  : "cm.view.spell.down";
      spells.push_back(text(id2, args));
    }
    if (!spells.empty()) {
      std::string list;
      for (const auto& x : spells) list += (list.empty() ? "" : sep) + x;
      s += text("cm.view.spells", {{"list", list}});
    }
    line(s);
  }
  // The mages: coins, cards, bets (positions when the viewer may know them), what stays on them.
  for (int q = 0; q < n; ++q) {
    const Seat& s = d_.seats[q];
    std::string l = text("cm.view.seat",
                         {{"seat", q}, {"coins", s.coins}, {"cards", s.hand_n}, {"bets", s.bet_n}});
    if ((q == viewer || d_.bets_public) && s.bet_n)
      l += text("cm.view.seat.on", {{"positions", positions(s.bets, sep)}});
    if (s.passed) l += text("cm.view.seat.passed");
    json kept = json::array();
    for (int i = 0; i < d_.n_spells; ++i)
      if (d_.spells[static_cast<size_t>(i)].loc == place::player(q))
        kept.push_back(g.spell(d_.spells[static_cast<size_t>(i)].kind).key);
    if (!kept.empty()) l += text("cm.view.seat.keeps", {{"cards", kept}});
    line(l);
  }
  if (viewer >= 0) {
    const Seat& s = d_.seats[viewer];
    line(text(s.hand_n ? "cm.view.hand" : "cm.view.hand.empty"));
    for (int k = 0; k < kKinds; ++k)
      for (int c = 0; c < s.hand[static_cast<size_t>(k)]; ++c) {
        const SpellData& sd = g.spell(k);
        line(text("cm.view.hand.card",
                  {{"card", sd.key},
                   {"type", type_word(sd.type)},
                   {"mana", sd.mana},
                   {"strength", fmt::format("{:+}", sd.strength)},
                   {"forbidden", sd.forbidden ? "cm.forbidden" : "cm.allowed"}}));
      }
  }
  json discard = json::array();
  for (int k = 0; k < kKinds; ++k)
    for (int c = 0; c < d_.discard[static_cast<size_t>(k)]; ++c) discard.push_back(g.spell(k).key);
  line(discard.empty() ? text("cm.view.deck.nodiscard", {{"n", d_.deck_n}})
                       : text("cm.view.deck", {{"n", d_.deck_n}, {"discard", discard}}));
  if (d_.phase == Phase::kSpell && d_.p_kind >= 0) {
    const SpellData& sd = g.spell(d_.p_kind);
    const bool hidden = !d_.p_face_up && viewer != d_.turn_player;
    const Event what = hidden ? Event{"cm.what.hidden", {{"type", type_word(sd.type)}}}
                              : Event{"cm.what.card", {{"card", sd.key}}};
    line(text("cm.view.casting", {{"what", json(what)}, {"seat", d_.turn_player}}));
  }
  // D13: the last finished match, in public.
  if (d_.summary.number > 0) {
    const MatchSummary& m = d_.summary;
    std::string l = m.all_ejected
                        ? text("cm.view.last.all_ejected")
                        : text("cm.view.last", {{"pos", m.winner_pos + 1},
                                                {"fighter", g.fighter(m.winner_fighter).key},
                                                {"prize", m.prize}});
    if (!m.counted) l += text("cm.view.last.replayed");
    line(l);
    for (int q = 0; q < n; ++q)
      line(text(m.bets[static_cast<size_t>(q)] ? "cm.view.last.bets" : "cm.view.last.nobets",
                {{"seat", q},
                 {"positions", positions(m.bets[static_cast<size_t>(q)], sep)},
                 {"n", m.payout[static_cast<size_t>(q)]}}));
  }
  if (d_.phase == Phase::kGameOver) {
    json ws = json::array();
    for (int q = 0; q < n; ++q)
      if (d_.winners_mask & (1u << q)) ws.push_back(q);
    line(text("cm.view.game_over", {{"seats", ws}}));
  }
  return out;
}

}  // namespace villainy::cheaty_mages
