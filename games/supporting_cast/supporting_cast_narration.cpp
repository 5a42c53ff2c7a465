// Tribute to the Supporting Cast: narration (docs/narration.md). Every action as an event for one
// viewer (action_event, also the choice label), and the catalogue: the core messages, the game's
// messages (data/messages.json) and the cast's card names and texts in both languages. The
// automatic consequences are narrated where they happen, in the rules files.
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "supporting_cast/supporting_cast.h"

namespace villainy::embedded {
extern const std::string_view supporting_cast_messages;
}

namespace villainy::supporting_cast {
using nlohmann::json;

namespace {
// "The Big Bad Wolf" → "Big Bad Wolf", for card names that follow it with a number.
std::string short_villain_name(const std::string& name) {
  return name.rfind("The ", 0) == 0 ? name.substr(4) : name;
}

const json& game_messages() {
  static const json j = json::parse(embedded::supporting_cast_messages);
  return j;
}
}  // namespace

std::string SupportingCastGame::marker_key(int m) const {
  if (m >= marker::kLeader) return "leader";
  if (m >= marker::kAllInBase) return fmt::format("allin.{}", m - marker::kAllInBase);
  return card_key(m);
}

const Catalogue& SupportingCastGame::catalogue() const {
  std::call_once(catalogue_once_, [&] {
    auto c = std::make_unique<Catalogue>(Catalogue::core());
    c->add_json(game_messages(), "supporting_cast/data/messages.json");
    // Card names and texts from the cast; the rules' text for a kind where the cast has none.
    auto add = [&](const std::string& key, const char* lang, const std::string& name_tmpl,
                   const std::string& text_tmpl, const std::string& name, const std::string& text,
                   const json& args) {
      RenderContext ctx;
      ctx.lang = lang;
      json a = args;
      a["name"] = name;
      villainy::CardText t;
      t.name = name_tmpl.empty() ? name : c->text(name_tmpl, ctx, a);
      t.text = text.empty() ? c->text(text_tmpl, ctx, a) : text;
      c->add_card(key, lang, std::move(t));
    };
    for (int v = 0; v < kVillains; ++v) {
      const VillainData& d = cast_.villains[static_cast<size_t>(v)];
      for (const bool zh : {false, true}) {
        const char* lang = zh ? "zh-TW" : "en";
        const std::string& vname = zh ? d.name_zh : d.name;
        const json base = {{"villain", zh ? d.name_zh : short_villain_name(d.name)}};
        add(d.key, lang, "", "sc.text.villain", vname, "", base);
        add(card_key(villain_card(v)), lang, "sc.card.villain_card", "sc.text.villain_card", vname,
            zh ? d.text_zh : d.text, base);
        for (int k = 1; k <= kEventsPerVillain; ++k) {
          const CardText& e = d.events[static_cast<size_t>(k - 1)];
          json a = base;
          a["n"] = k;
          a["a"] = wrap_event(k - 1);
          a["b"] = wrap_event(k + 1);
          add(card_key(make_card(v, k)), lang, "sc.card.event", "sc.text.event",
              zh ? e.name_zh : e.name, zh ? e.text_zh : e.text, a);
        }
        for (int h = 0; h < kOrdinaryHeroesPerVillain; ++h) {
          const CardText& e = d.heroes[static_cast<size_t>(h)];
          add(card_key(make_card(v, static_cast<int>(CardSlot::kFirstHero) + h)), lang,
              "sc.card.hero", "sc.text.hero", zh ? e.name_zh : e.name, zh ? e.text_zh : e.text,
              base);
        }
        add(card_key(super_hero_card(v)), lang, "sc.card.super", "sc.text.super",
            zh ? d.super_hero.name_zh : d.super_hero.name,
            zh ? d.super_hero.text_zh : d.super_hero.text, base);
      }
    }
    for (const char* lang : {"en", "zh-TW"}) {
      for (int k = 1; k <= kAllInCards; ++k)
        add(fmt::format("allin.{}", k), lang, "sc.card.allin", "sc.text.allin", "", "", {{"n", k}});
      add("leader", lang, "sc.card.leader", "sc.text.leader", "", "", json::object());
    }
    catalogue_ = std::move(c);
  });
  return *catalogue_;
}

// The English line of the action event. The single deals have no event (the narration tells
// each round's deal in one event); their line still tells the viewer what they see, so that two
// deals described alike look alike (the invariant suite's non-interference check).
std::string SupportingCastState::describe_action(Action a, Player viewer) const {
  Event e = action_event(a, viewer);
  if (e.empty() && phase_ == Phase::kChainStart)
    e = {"sc.chain_start", {{"card", sc_->card_key(a - act::kDeal)}}};
  if (e.empty() && phase_ == Phase::kDealHand)
    e = deal_seat_ == viewer
            ? Event{"sc.deal.card", {{"seat", deal_seat_}, {"card", sc_->card_key(a - act::kDeal)}}}
            : Event{"sc.deal.card.hidden", {{"seat", deal_seat_}}};
  if (e.empty()) return "";
  RenderContext ctx;
  ctx.viewer = viewer;
  return sc_->catalogue().render(e, ctx);
}

// What kind of play a card is for seat p: onto a chain, against a player, discarded, a claim.
Event SupportingCastState::play_event(const char* source, int p, int card) const {
  const auto& g = *sc_;
  const std::string key = g.card_key(card);
  if (is_event(card)) return {fmt::format("sc.{}.event", source), {{"seat", p}, {"card", key}}};
  if (is_ordinary_hero(card)) {
    const int owner = chain(villain_of(card)).owner;
    if (owner >= 0 && owner != p)
      return {fmt::format("sc.{}.hero", source), {{"seat", p}, {"card", key}, {"target", owner}}};
  } else if (is_super_hero(card) && villain_of(card) != seat(p).villain) {
    return {fmt::format("sc.{}.claim", source), {{"seat", p}, {"card", key}}};
  }
  return {fmt::format("sc.{}.discard", source), {{"seat", p}, {"card", key}}};
}

Event SupportingCastState::action_event(Action a, Player viewer) const {
  const auto& g = *sc_;
  using namespace act;
  switch (phase_) {
    case Phase::kDealVillain:
      return {"sc.villain",
              {{"seat", deal_seat_},
               {"villain", g.cast().villains[static_cast<size_t>(a - kVillain)].key}}};
    case Phase::kChainStart:
    case Phase::kDealHand:
      return {};  // summarised when the deal is complete (sc.round.start, sc.deal)
    case Phase::kDraw: {
      const int card = a - kDeal;
      const bool from_bottom = pile_.empty();  // the public bottom stack (D16)
      if (draw_for_ == viewer || from_bottom)
        return {"sc.draw.card", {{"seat", draw_for_}, {"card", g.card_key(card)}}};
      if (!is_legal(a)) return {"sc.draw", {{"seat", draw_for_}}};
      // What everyone sees at once is in the event: a draw that the same action reveals (a
      // bad-luck step shows the hand, SC-11) is named, and who acts next when it is not the
      // drawer (the card decided it).
      SupportingCastState after(*this);
      after.apply_unchecked(a);
      if (after.seat(draw_for_).known.test(card))
        return {"sc.draw.card", {{"seat", draw_for_}, {"card", g.card_key(card)}}};
      const Player next = after.current_player();
      if (next == draw_for_) return {"sc.draw", {{"seat", draw_for_}}};
      if (next >= 0) return {"sc.draw.then", {{"seat", draw_for_}, {"next", next}}};
      if (next == kChancePlayer) return {"sc.draw.then_chance", {{"seat", draw_for_}}};
      return {"sc.draw.then_end", {{"seat", draw_for_}}};
    }
    case Phase::kAllInTurn:
      return {"sc.all_in.turn", {{"n", a - kTurn + 1}}};
    default:
      break;
  }
  const int p = decider_;
  if (kPlays.contains(a)) return play_event("play", p, a - kPlay);
  if (a == kPlayMarker) return play_event("play_marker", p, seat(p).marker);
  if (a == kBadLuck) return {"sc.bad_luck.choose", {{"seat", p}}};
  if (kMarkers.contains(a)) {
    const bool face_up = marker_replacing_ && seat(p).marker_face_up;
    if (face_up) return {"sc.marker.lay.up", {{"seat", p}, {"card", g.card_key(a - kMarker)}}};
    if (p == viewer) return {"sc.marker.lay", {{"seat", p}, {"card", g.card_key(a - kMarker)}}};
    return {"sc.marker.lay.hidden", {{"seat", p}}};
  }
  if (kClaims.contains(a))
    return {"sc.claim.name", {{"seat", p}, {"card", g.card_key(a - kClaim)}}};
  if (kStarts.contains(a)) {
    const int start = a - kStart;
    if (start == p) return {"sc.start.self", {{"seat", p}}};
    return {"sc.start", {{"seat", p}, {"start", start}}};
  }
  if (a == kAllInVillain) return {"sc.all_in.villain", {{"seat", p}}};
  if (a == kAllInSuper) return {"sc.all_in.super", {{"seat", p}}};
  if (a == kAllInDecline) return {"sc.all_in.decline", {{"seat", p}}};
  if (kShufflers.contains(a)) return {"sc.all_in.shuffler", {{"seat", a - kShuffler}, {"by", p}}};
  if (kNames.contains(a)) return {"sc.all_in.name", {{"seat", p}, {"n", a - kName + 1}}};
  if (a == kAnswerYes)
    return {"sc.claim.answer",
            {{"seat", p},
             {"shown", g.card_key(super_hero_card(seat(turn_player_).villain))},
             {"super", claim_super_ >= 0 ? g.card_key(claim_super_) : std::string()}}};
  if (a == kAnswerNo) return {"sc.claim.no_answer", {{"seat", p}}};
  return {"core.text", {{"text", g.action_name(a)}}};
}

// The cards of a set as keys, for events.
json SupportingCastState::card_keys(CardSet s) const {
  json a = json::array();
  s.for_each([&](int c) { a.push_back(sc_->card_key(c)); });
  return a;
}

// SC-16: the summary of a finished round and the scores, for every viewer.
void SupportingCastState::narrate_round_end(RoundEnd reason, int scorer, int points) {
  narrate([&](Narrator& n) {
    const auto& g = *sc_;
    switch (reason) {
      case RoundEnd::kOwnChainWin:
        n.say("sc.round.own_chain",
              {{"seat", scorer},
               {"villain", g.cast().villains[static_cast<size_t>(seat(scorer).villain)].key}});
        break;
      case RoundEnd::kCompletion:
        n.say("sc.round.completion",
              {{"seat", scorer},
               {"villain", g.cast().villains[static_cast<size_t>(villain_of(last_card_))].key},
               {"card", g.card_key(last_card_)},
               {"points", points}});
        break;
      case RoundEnd::kThirdBadLuck:
        n.say("sc.round.third_bad_luck", {{"seat", scorer}, {"points", points}});
        break;
      case RoundEnd::kAllInWin:
        n.say("sc.round.all_in", {{"seat", scorer}, {"hits", allin_hits_}});
        break;
      case RoundEnd::kStalemate:
        n.say("sc.round.stalemate");
        break;
      case RoundEnd::kPartyEnd:
        n.say("sc.round.party_end");
        break;
      case RoundEnd::kNone:
        break;
    }
    n.say("sc.round.end", {{"round", round_}});
    for (int q = 0; q < num_players(); ++q)
      n.say("sc.score", {{"seat", q},
                         {"villain", g.cast().villains[static_cast<size_t>(seat(q).villain)].key},
                         {"score", seat(q).score}});
  });
}

// SC-17, SC-18, SC-19, D12: the end of the game, with the reason each winner won.
std::vector<Event> SupportingCastState::game_end_events() const {
  std::vector<Event> out;
  const int scorer = last_round_.scorer;
  for (int q = 0; q < num_players(); ++q) {
    if (!(winners_mask_ & (1u << q))) continue;
    switch (win_) {
      case WinCondition::kSixteen:
        out.push_back({"sc.win.sixteen", {{"seat", q}}});
        break;
      case WinCondition::kZeroPoints:
        out.push_back({"sc.win.zero_points", {{"seat", q}, {"by", scorer}}});
        break;
      case WinCondition::kOwnChain:
        out.push_back({"sc.win.own_chain", {{"seat", q}}});
        break;
      case WinCondition::kAllIn:
        out.push_back({"sc.win.all_in", {{"seat", q}}});
        break;
      case WinCondition::kPartyLowest:
        out.push_back({"sc.win.party_lowest", {{"seat", q}, {"score", seat(q).score}}});
        break;
      case WinCondition::kNone:
        out.push_back({"sc.win.stalemates", {{"seat", q}, {"score", seat(q).score}}});
        break;
    }
  }
  return out;
}

void SupportingCastState::narrate_game_end() {
  narrate([&](Narrator& n) {
    n.say("sc.game.over", {{"rounds", rounds_finished_}});
    for (Event& e : game_end_events()) n.say(std::move(e));
  });
}

}  // namespace villainy::supporting_cast
