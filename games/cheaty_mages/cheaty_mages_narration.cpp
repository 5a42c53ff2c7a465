// Cheaty Mages!: narration (docs/narration.md). Every action as an event for one viewer
// (action_event, also the choice label), and the catalogue: the core messages, the game's
// messages (data/messages.json) and every card's name and text in both languages. The automatic
// consequences (judgement, payouts, the game end) are narrated where they happen, in the rules.
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "cheaty_mages/cheaty_mages.h"

namespace villainy::embedded {
extern const std::string_view cheaty_mages_messages;
}

namespace villainy::cheaty_mages {
using nlohmann::json;

namespace {
const json& game_messages() {
  static const json j = json::parse(embedded::cheaty_mages_messages);
  return j;
}
}  // namespace

const char* type_word(SpellType t) {
  switch (t) {
    case SpellType::kDirect:
      return "direct";
    case SpellType::kEnchant:
      return "enchant";
    case SpellType::kSupport:
      return "support";
  }
  return "direct";
}

const char* penalty_word(Penalty p) {
  switch (p) {
    case Penalty::kEject:
      return "eject";
    case Penalty::kDispel:
      return "dispel";
    case Penalty::kFlip:
      return "flip";
    case Penalty::kNone:
      return "none";
  }
  return "none";
}

const Catalogue& CheatyMagesGame::catalogue() const {
  std::call_once(catalogue_once_, [&] {
    auto c = std::make_unique<Catalogue>(Catalogue::core());
    c->add_json(game_messages(), "cheaty_mages/data/messages.json");
    // A card's text: the card data's, else built from its numbers and the catalogue's templates
    // (cm.text.*, cm.effect.<key> for a spell that does more than change strength).
    for (const bool zh : {false, true}) {
      RenderContext ctx;
      ctx.lang = zh ? "zh-TW" : "en";
      auto add = [&](const std::string& key, const std::string& name, const std::string& name_zh,
                     const std::string& text, const std::string& text_zh,
                     const std::string& built) {
        villainy::CardText t;
        t.name = zh && !name_zh.empty() ? name_zh : name;
        const std::string& given = zh ? text_zh : text;
        t.text = given.empty() ? built : given;
        c->add_card(key, ctx.lang, std::move(t));
      };
      for (int k = 0; k < kKinds; ++k) {
        const SpellData& s = spell(k);
        Event effect{"cm.effect." + s.key, json::object()};
        if (!c->has_message(effect.id, "en"))
          effect = {s.strength >= 0 ? "cm.effect.up" : "cm.effect.down",
                    {{"n", s.strength >= 0 ? s.strength : -s.strength}}};
        const std::string built =
            c->text("cm.text.spell", ctx,
                    {{"type", type_word(s.type)},
                     {"mana", s.mana},
                     {"forbidden", s.forbidden ? "cm.forbidden" : "cm.allowed"},
                     {"effect", json(effect)}});
        add(s.key, s.name, s.name_zh, s.text, s.text_zh, built);
      }
      for (int f = 0; f < kNumFighters; ++f) {
        const FighterData& d = fighter(f);
        add(d.key, d.name, d.name_zh, d.text, d.text_zh,
            c->text("cm.text.fighter", ctx,
                    {{"strength", d.strength},
                     {"prize", d.prize},
                     {"reverses", d.reverses ? "cm.reverses" : "cm.normal"}}));
      }
      for (int j = 0; j < kNumJudges; ++j) {
        const JudgeData& d = judge(j);
        std::vector<std::string> bans;
        if (d.bans_direct) bans.push_back("direct");
        if (d.bans_enchant) bans.push_back("enchant");
        if (d.bans_support) bans.push_back("support");
        if (d.bans_forbidden) bans.push_back("forbidden");
        const std::string ban_text =
            bans.empty() ? "" : c->text("cm.text.judge.bans", ctx, {{"bans", bans}});
        const std::string special = "cm.text." + d.key;
        const std::string built = c->has_message(special, "en")
                                      ? c->text(special, ctx, {{"limit", d.limit}})
                                      : c->text("cm.text.judge", ctx,
                                                {{"limit", d.limit},
                                                 {"penalty", penalty_word(d.penalty)},
                                                 {"bans", ban_text}});
        add(d.key, d.name, d.name_zh, d.text, d.text_zh, built);
      }
    }
    catalogue_ = std::move(c);
  });
  return *catalogue_;
}

// The English line of the action event. A single deal has no event (the narration tells each
// run of deals in one event); its line still tells the viewer what they see.
std::string CheatyMagesState::describe_action(Action a, Player viewer) const {
  Event e = action_event(a, viewer);
  if (e.empty() && (d_.phase == Phase::kDealHand || d_.phase == Phase::kDraw))
    e = d_.draw_for == viewer ? Event{"cm.deal.card", {{"card", cm_->spell(a - act::kDeal).key}}}
                              : Event{"cm.deal.hidden", {{"seat", d_.draw_for}}};
  if (e.empty() && d_.phase == Phase::kDealFighter)
    e = {"cm.fighter",
         {{"pos", d_.deal_pos + 1}, {"fighter", cm_->fighter(a - act::kFighter).key}}};
  if (e.empty()) return "";
  RenderContext ctx;
  ctx.viewer = viewer;
  return cm_->catalogue().render(e, ctx);
}

Event CheatyMagesState::action_event(Action a, Player viewer) const {
  const auto& g = *cm_;
  using namespace act;
  const int actor = current_player();
  auto fighter_key = [&](int pos) {
    const int f = d_.fighters[static_cast<size_t>(pos)];
    return f >= 0 ? g.fighter(f).key : std::string();
  };
  switch (d_.phase) {
    case Phase::kStartPlayer:
      return {"cm.start", {{"seat", a - kStart}}};
    case Phase::kDealHand:
    case Phase::kDraw:
      return {};  // told once the run of deals is over (continue_after_draw)
    case Phase::kFerine:
      return {"cm.ferine",
              {{"card", g.spell(a - kDeal).key}, {"type", type_word(g.spell(a - kDeal).type)}}};
    case Phase::kDealFighter: {
      if (d_.deal_pos + 1 < kPositions) return {};  // the five are told together
      std::vector<std::string> fs;
      for (int pos = 0; pos + 1 < kPositions; ++pos) fs.push_back(fighter_key(pos));
      fs.push_back(g.fighter(a - kFighter).key);
      return {"cm.fighters", {{"fighters", fs}}};
    }
    case Phase::kMetamorph:
      return {"cm.metamorph", {{"pos", d_.p_loc + 1}, {"fighter", g.fighter(a - kFighter).key}}};
    case Phase::kDealJudge:
      return {"cm.judge", {{"judge", g.judge(a - kJudge).key}}};
    case Phase::kBet:
      if (a == kBetDone) return {"cm.bet_done", {{"seat", actor}, {"n", d_.seats[actor].bet_n}}};
      if (actor == viewer)
        return {"cm.bet",
                {{"seat", actor}, {"pos", a - kBet + 1}, {"fighter", fighter_key(a - kBet)}}};
      return {"cm.bet", {{"seat", actor}}};
    case Phase::kRefill:
      if (a == kDraw) return {"cm.refill", {{"seat", actor}}};
      return {"cm.discard", {{"seat", actor}, {"card", g.spell(a - kDiscard).key}}};
    case Phase::kGameOver:
      return {};
    case Phase::kSpell:
      break;
  }
  const bool me = actor == viewer;
  if (a == kPass) return {"cm.pass", {{"seat", actor}}};
  if (a == kPeek) return {"cm.peek", {{"seat", actor}}};
  if (is_cast(a)) {
    const bool hide = is_hide(a);
    const int k = cast_kind(a);
    const SpellData& sd = g.spell(k);
    const bool bribe = banned(k) && !has_continuous(actor, kind::kInvisibility);
    if (!me && (hide || (sd.type == SpellType::kEnchant && k != kind::kReflection)))
      return {"cm.cast.hidden",
              {{"seat", actor},
               {"type", type_word(sd.type)},
               {"how", bribe ? "cm.up.bribe" : "cm.up"}}};
    std::string how = hide ? "cm.down" : "cm.up";
    if (!hide && sd.type == SpellType::kEnchant && k != kind::kReflection) how = "cm.down";
    if (bribe) how += ".bribe";
    return {"cm.cast", {{"seat", actor}, {"card", sd.key}, {"how", how}}};
  }
  if (is_discard(a)) return {"cm.discard", {{"seat", actor}, {"card", g.spell(a - kDiscard).key}}};
  if (is_swap(a)) {
    // A swap that ends the spell phase is shown to everyone when the bets are revealed (CM-11).
    bool revealed = me;
    if (!me && !d_.bets_public && is_legal(a)) {
      CheatyMagesState after(*this);
      after.apply_unchecked(a);
      revealed = after.d_.bets_public;
    }
    if (revealed)
      return {"cm.swap.shown",
              {{"seat", actor}, {"from", swap_from(a) + 1}, {"to", swap_to(a) + 1}}};
    return {"cm.swap", {{"seat", actor}}};
  }
  if (is_spell_choice(a)) {
    const int idx = spell_index_at(d_.p_loc, a - kSpell);
    if (idx >= 0 && spell_visible(idx, viewer))
      return {"cm.choose",
              {{"seat", actor},
               {"n", a - kSpell + 1},
               {"card", g.spell(d_.spells[static_cast<size_t>(idx)].kind).key}}};
    return {"cm.choose.hidden", {{"seat", actor}, {"n", a - kSpell + 1}}};
  }
  Event target;
  if (is_target_fighter(a)) {
    const int pos = a - kTargetFighter;
    target = fighter_key(pos).empty()
                 ? Event{"cm.what.spell", json::object()}
                 : Event{"cm.at.fighter", {{"pos", pos + 1}, {"fighter", fighter_key(pos)}}};
  } else if (a == kTargetJudge) {
    target = {"cm.at.judge", json::object()};
  } else {
    target = {"cm.at.player", {{"p", a - kTargetPlayer}}};
  }
  if (d_.stage == Stage::kDest) return {"cm.move", {{"seat", actor}, {"target", json(target)}}};
  Event what{"cm.what.spell", json::object()};
  if (d_.stage == Stage::kPeekTarget)
    what = {"cm.what.peek", json::object()};
  else if (d_.p_kind >= 0)
    what = (!d_.p_face_up && !me)
               ? Event{"cm.what.hidden", {{"type", type_word(g.spell(d_.p_kind).type)}}}
               : Event{"cm.what.card", {{"card", g.spell(d_.p_kind).key}}};
  return {"cm.aim", {{"seat", actor}, {"what", json(what)}, {"target", json(target)}}};
}

// The rules explained to a player in a page, without rule ids (the catalogue's rules.text).
std::string CheatyMagesGame::rules_help() const {
  RenderContext ctx;
  return catalogue().text("rules.text", ctx);
}

}  // namespace villainy::cheaty_mages
