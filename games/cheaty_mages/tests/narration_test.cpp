// Narration (issue 11, docs/narration.md): every action and every automatic consequence is an
// event for one viewer, rendered in English and Traditional Chinese; events reveal nothing the
// viewer does not know; rendered lines use plain words (no internal keys).
#include <gtest/gtest.h>

#include <cctype>

#include "cheaty_mages/cheaty_mages.h"
#include "villainy/core/random.h"
#include "villainy/core/registry.h"

namespace villainy::cheaty_mages {
namespace {

// An internal key on a screen line: an action name ("cast:fireball", /[a-z]+:[a-z0-9]/) or a
// JSON array ("[0,").
bool has_internal_key(const std::string& line) {
  if (line.find("[0,") != std::string::npos) return true;
  auto lower = [](char c) { return std::islower(static_cast<unsigned char>(c)) != 0; };
  for (size_t i = 1; i + 1 < line.size(); ++i)
    if (line[i] == ':' && lower(line[i - 1]) &&
        (lower(line[i + 1]) || std::isdigit(static_cast<unsigned char>(line[i + 1]))))
      return true;
  return false;
}

Action random_action(const State& s, Rng& rng, std::vector<Action>& legal) {
  if (s.is_chance()) return s.sample_chance(rng);
  s.legal_actions(legal);
  return legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
}

TEST(CheatyMagesNarration, EveryMessageAndCardInBothLanguages) {
  register_game();
  auto g = load_game("cheaty-mages", {}, 4);
  const Catalogue& cat = g->catalogue();
  const auto missing = cat.missing_translations();
  EXPECT_TRUE(missing.empty()) << missing.front();
  const auto& cm = static_cast<const CheatyMagesGame&>(*g);
  std::vector<std::string> keys;
  for (int k = 0; k < kKinds; ++k) keys.push_back(cm.spell(k).key);
  for (int f = 0; f < kNumFighters; ++f) keys.push_back(cm.fighter(f).key);
  for (int j = 0; j < kNumJudges; ++j) keys.push_back(cm.judge(j).key);
  for (const auto& key : keys)
    for (const char* lang : {"en", "zh-TW"}) {
      const villainy::CardText* t = cat.card(key, lang);
      ASSERT_NE(t, nullptr) << key << " " << lang;
      EXPECT_FALSE(t->name.empty() || t->text.empty()) << key << " " << lang;
      EXPECT_EQ(t->text.find('['), std::string::npos) << key << " " << lang << ": " << t->text;
    }
  EXPECT_EQ(cat.card("fireball", "zh-TW")->name, "火球");
  EXPECT_EQ(cat.card("fireball", "en")->text,
            "Direct spell, mana 1. Lowers a fighter's strength by 4.");
  EXPECT_EQ(cat.card("adoth", "en")->text,
            "Judge: ejects a fighter with more than 10 mana. Bans Support and Forbidden spells.");
  // The help page explains the game without rule ids.
  EXPECT_EQ(g->rules_help().find("CM-"), std::string::npos);
  EXPECT_NE(g->rules_help().find("Reflection"), std::string::npos);
}

// Seeded random games, 3–6 players: every event of every viewer renders in strict mode in both
// languages without an internal key; the deals are summarised (one event per viewer per run).
TEST(CheatyMagesNarration, RandomGamesRenderStrictlyInPlainWords) {
  register_game();
  EXPECT_TRUE(has_internal_key("cast:fireball") && has_internal_key("[0,1]") &&
              !has_internal_key("Judge: ejects"));
  int events = 0, judgements = 0, game_ends = 0;
  std::vector<Action> legal;
  for (int n = 3; n <= 6; ++n) {
    auto g = load_game("cheaty-mages", {{"bribe", "on"}, {"duplicate", "on"}}, n);
    Catalogue cat = g->catalogue();
    cat.set_strict(true);
    std::vector<Player> viewers;
    for (int p = 0; p < n; ++p) viewers.push_back(p);
    viewers.push_back(kSpectator);
    auto s = g->new_initial_state();
    Rng rng(static_cast<std::uint64_t>(40 + n));
    int hand_events = 0;
    while (!s->is_terminal()) {
      const Action a = random_action(*s, rng, legal);
      const auto per_viewer = s->apply_narrated(a, viewers);
      for (size_t v = 0; v < viewers.size(); ++v)
        for (const Event& e : per_viewer[v]) {
          if (e.id == "cm.deal.hands" || e.id == "cm.deal.hands.you") ++hand_events;
          if (e.id == "cm.winner" || e.id == "cm.all_ejected" || e.id == "cm.all_ejected.replay")
            ++judgements;
          if (e.id == "cm.game_winner") ++game_ends;
          for (const char* lang : {"en", "zh-TW"}) {
            RenderContext ctx;
            ctx.lang = lang;
            ctx.viewer = viewers[v];
            const std::string line = cat.render(e, ctx);  // strict: throws on a gap
            EXPECT_FALSE(has_internal_key(line)) << line;
            EXPECT_EQ(line.find("you is"), std::string::npos) << line;
            ++events;
          }
        }
    }
    EXPECT_EQ(hand_events, static_cast<int>(viewers.size()));  // the hands: one event each
  }
  EXPECT_GT(judgements, 4 * 3 * 4);  // at least three judged matches a game, every viewer
  EXPECT_GT(game_ends, 0);
  EXPECT_GT(events, 2000);
}

// Events for a viewer are the same in two resamples for that viewer (states the viewer cannot
// tell apart), for every action legal in both.
TEST(CheatyMagesNarration, EventsRevealNothingHidden) {
  register_game();
  int compared = 0;
  std::vector<Action> legal;
  for (int n : {3, 5}) {
    auto g = load_game("cheaty-mages", {}, n);
    auto s = g->new_initial_state();
    Rng rng(static_cast<std::uint64_t>(11 + n)), resample_rng(8);
    int steps = 0;
    while (!s->is_terminal() && steps++ < 400) {
      for (Player v = 0; v < n; v += 2) {
        auto x0 = s->resample(v, resample_rng);
        auto y0 = s->resample(v, resample_rng);
        x0->legal_actions(legal);
        for (Action a : legal) {
          if (!y0->is_legal(a)) continue;
          auto x = x0->clone();
          auto y = y0->clone();
          const auto ex = x->apply_narrated(a, v), ey = y->apply_narrated(a, v);
          ++compared;
          // Different events only when the action shows the difference anyway (a chance draw
          // of the viewer's own card, or a judgement that reveals it: the views differ after).
          if (ex != ey) {
            EXPECT_NE(x->view_json(v), y->view_json(v))
                << "viewer " << v << " action " << g->action_name(a) << ": "
                << nlohmann::json(ex).dump() << " vs " << nlohmann::json(ey).dump();
          }
        }
      }
      s->apply(random_action(*s, rng, legal));
    }
  }
  EXPECT_GT(compared, 1000);
}

}  // namespace
}  // namespace villainy::cheaty_mages
