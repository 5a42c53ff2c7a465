// The narration core (docs/narration.md): the catalogue's template language, languages, and
// State::apply_narrated on a toy game that narrates a private deal.
#include "villainy/core/narration.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <nlohmann/json.hpp>

#include "villainy/core/game.h"

namespace villainy {
namespace {

Catalogue sample() {
  Catalogue c = Catalogue::core();
  c.add_json(nlohmann::json::parse(R"({
    "messages": {
      "en": {"t.skip": "{seat:seat} is skipped", "t.skip.you": "you are skipped",
             "t.play": "{seat:seat} plays {card:card}", "t.play.choice": "play {card:card}",
             "t.draw": "{seat:seat} draws {n:plural:a card|# cards}",
             "t.gain": "{seat:seat} gains {what:words}", "t.both": "{who:seats} tie on {cards:cards}",
             "t.wrap": "because {why:event}", "word.energy": "energy", "word.lair": "lair"},
      "zh-TW": {"t.skip": "{seat:seat}被跳過", "t.skip.you": "你被跳過",
                "t.play": "{seat:seat}打出{card:card}", "t.play.choice": "打出{card:card}",
                "t.draw": "{seat:seat}抽了 {n} 張牌", "t.gain": "{seat:seat}獲得{what:words}",
                "t.both": "{who:seats}以{cards:cards}平手", "t.wrap": "因為{why:event}",
                "word.energy": "能量", "word.lair": "巢穴"}},
    "cards": {"wolf": {"en": {"name": "Wolf", "text": "Howls."}, "zh-TW": {"name": "狼", "text": "嚎叫。"}},
              "pig": {"en": {"name": "Pig", "text": "Oinks."}, "zh-TW": {"name": "豬", "text": "哼哼。"}}}
  })"),
             "sample");
  return c;
}

RenderContext ctx(Player viewer, std::string lang = "en") {
  RenderContext c;
  c.viewer = viewer;
  c.lang = std::move(lang);
  return c;
}

TEST(Narration, SeatsAreYouForTheViewerAndOneBasedForOthers) {
  const Catalogue c = sample();
  const Event e{"t.play", {{"seat", 2}, {"card", "wolf"}}};
  EXPECT_EQ(c.render(e, ctx(0)), "Seat 3 plays Wolf");
  EXPECT_EQ(c.render(e, ctx(kSpectator)), "Seat 3 plays Wolf");
  EXPECT_EQ(c.render(e, ctx(0, "zh-TW")), "3 號玩家打出狼");
  RenderContext named = ctx(0);
  named.seat_names = {"Ann", "", "Bo"};
  EXPECT_EQ(c.render(e, named), "Bo plays Wolf");
}

TEST(Narration, TheYouVariantKeepsTheGrammarRight) {
  const Catalogue c = sample();
  const Event e{"t.skip", {{"seat", 1}}};
  EXPECT_EQ(c.render(e, ctx(1)), "You are skipped");
  EXPECT_EQ(c.render(e, ctx(0)), "Seat 2 is skipped");
  EXPECT_EQ(c.render(e, ctx(1, "zh-TW")), "你被跳過");
  // The spectator is never "you".
  EXPECT_EQ(c.render(e, ctx(kSpectator)), "Seat 2 is skipped");
}

TEST(Narration, ChoiceLabelsUseTheirOwnTemplate) {
  const Catalogue c = sample();
  RenderContext k = ctx(0);
  k.choice = true;
  EXPECT_EQ(c.render(Event{"t.play", {{"seat", 0}, {"card", "pig"}}}, k), "Play Pig");
  EXPECT_EQ(c.render(Event{"t.skip", {{"seat", 0}}}, k), "You are skipped");
}

TEST(Narration, ListsPluralsWordsAndNestedEvents) {
  const Catalogue c = sample();
  EXPECT_EQ(c.render(Event{"t.draw", {{"seat", 1}, {"n", 1}}}, ctx(0)), "Seat 2 draws a card");
  EXPECT_EQ(c.render(Event{"t.draw", {{"seat", 1}, {"n", 3}}}, ctx(0)), "Seat 2 draws 3 cards");
  EXPECT_EQ(c.render(Event{"t.gain", {{"seat", 0}, {"what", {"energy", "lair"}}}}, ctx(1)),
            "Seat 1 gains energy and lair");
  EXPECT_EQ(c.render(Event{"t.gain", {{"seat", 0}, {"what", {"energy", "lair"}}}}, ctx(1, "zh-TW")),
            "1 號玩家獲得能量和巢穴");
  EXPECT_EQ(c.render(Event{"t.both", {{"who", {0, 1, 3}}, {"cards", {"wolf", "pig"}}}}, ctx(1)),
            "Seat 1, you and Seat 4 tie on Wolf and Pig");
  EXPECT_EQ(
      c.render(Event{"t.both", {{"who", {0, 1, 3}}, {"cards", {"wolf", "pig"}}}}, ctx(1, "zh-TW")),
      "1 號玩家、你和 4 號玩家以狼和豬平手");
  const Event inner{"t.skip", {{"seat", 0}}};
  EXPECT_EQ(c.render(Event{"t.wrap", {{"why", inner}}}, ctx(0)), "Because you are skipped");
}

TEST(Narration, OneSpacingRuleBetweenChineseAndLatin) {
  // One space between CJK and Latin letters or digits, whatever the template had.
  EXPECT_EQ(cjk_spacing("你指定5 號玩家"), "你指定 5 號玩家");
  EXPECT_EQ(cjk_spacing("輪到Alice了"), "輪到 Alice 了");
  EXPECT_EQ(cjk_spacing("第 3 回合"), "第 3 回合");
  // None next to full-width punctuation.
  EXPECT_EQ(cjk_spacing("數字是循環的： 7 和 1"), "數字是循環的：7 和 1");
  EXPECT_EQ(cjk_spacing("（ 1 號玩家 ）"), "（1 號玩家）");
  // A line's own indentation and the spaces between two CJK characters stay.
  EXPECT_EQ(cjk_spacing("  大野狼 1\n  城市 能源 1"), "  大野狼 1\n  城市 能源 1");
  // The renderer applies it to 繁中, so no template has to.
  Catalogue c = sample();
  const char* aim = R"({"messages": {"en": {"t.aim": "{seat:seat} aims at {to:seat}"},
                                    "zh-TW": {"t.aim": "{seat:seat}指定{to:seat}"}}})";
  c.add_json(nlohmann::json::parse(aim), "aim");
  EXPECT_EQ(c.render(Event{"t.aim", {{"seat", 0}, {"to", 4}}}, ctx(0, "zh-TW")), "你指定 5 號玩家");
  EXPECT_EQ(c.render(Event{"t.aim", {{"seat", 0}, {"to", 4}}}, ctx(kSpectator)),
            "Seat 1 aims at Seat 5");
}

TEST(Narration, BrokenEventsRenderAsTheirIdOrThrowInStrictMode) {
  Catalogue c = sample();
  EXPECT_EQ(c.render(Event{"t.nothing", {}}, ctx(0)), "[t.nothing]");
  EXPECT_EQ(c.render(Event{"t.play", {{"seat", 0}}}, ctx(1)), "[t.play]");  // no card
  EXPECT_EQ(c.render(Event{"t.play", {{"seat", 0}, {"card", "cow"}}}, ctx(1)), "[t.play]");
  c.set_strict(true);
  EXPECT_THROW(c.render(Event{"t.nothing", {}}, ctx(0)), Error);
  try {
    c.render(Event{"t.play", {{"seat", "x"}, {"card", "wolf"}}}, ctx(0));
    FAIL() << "a seat that is not a number must be an error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("seat"), std::string::npos) << e.what();
  }
}

TEST(Narration, MissingTranslationsAreListed) {
  Catalogue c = sample();
  EXPECT_TRUE(c.missing_translations().empty());
  EXPECT_TRUE(Catalogue::core().missing_translations().empty());
  c.add_message("en", "t.only_english", "hello");
  c.add_card("cow", "en", {"Cow", "Moos."});
  const auto missing = c.missing_translations();
  ASSERT_EQ(missing.size(), 2u);
  EXPECT_EQ(missing[0], "zh-TW: message t.only_english");
  EXPECT_EQ(missing[1], "zh-TW: card cow (name)");
}

TEST(Narration, CardsAreFoundByNameInAnyLanguage) {
  const Catalogue c = sample();
  EXPECT_EQ(c.find_card("wolf"), "wolf");
  EXPECT_EQ(c.find_card("PIG"), "pig");
  EXPECT_EQ(c.find_card("狼"), "wolf");
  EXPECT_EQ(c.find_card("cow"), "");
  ASSERT_NE(c.card("wolf", "zh-TW"), nullptr);
  EXPECT_EQ(c.card("wolf", "zh-TW")->text, "嚎叫。");
}

TEST(Narration, BadCatalogueJsonNamesTheField) {
  Catalogue c;
  try {
    c.add_json(nlohmann::json::parse(R"({"messages": {"en": {"a": 3}}})"), "x.json");
    FAIL();
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "x.json: messages.en.a: must be a string");
  }
  EXPECT_THROW(c.add_json(nlohmann::json::parse(R"({"messages": {"fr": {}}})"), "x.json"), Error);
  EXPECT_THROW(c.add_json(nlohmann::json::parse(R"({"cards": {"k": {"en": {}}}})"), "x.json"),
               Error);
  EXPECT_THROW(c.add_json_text("{", "x.json"), Error);
}

TEST(Narration, LanguagesFromUsersAndTheEnvironment) {
  EXPECT_EQ(canonical_language("zh_TW"), "zh-TW");
  EXPECT_EQ(canonical_language("zh-Hant"), "zh-TW");
  EXPECT_EQ(canonical_language("EN"), "en");
  EXPECT_THROW(canonical_language("fr"), Error);
  ::setenv("LC_ALL", "zh_TW.UTF-8", 1);
  EXPECT_EQ(default_language(), "zh-TW");
  ::setenv("LC_ALL", "C.UTF-8", 1);
  EXPECT_EQ(default_language(), "en");
  ::unsetenv("LC_ALL");
  ::unsetenv("LC_MESSAGES");
  ::setenv("LANG", "zh_TW", 1);
  EXPECT_EQ(default_language(), "zh-TW");
  ::unsetenv("LANG");
  EXPECT_EQ(default_language(), "en");
}

// A toy game: chance deals seat 0 a card (0..2) face down, then seat 0 shows it or keeps it.
// Seat 1 and spectators learn only that a card was dealt, and the card if it is shown.
class ToyGame : public Game {
 public:
  explicit ToyGame(bool narrating)
      : Game(GameInfo{"toy", "Toy", 2, 2, {}, "a toy"}, Options{}, 2), narrating_(narrating) {
    cat_ = Catalogue::core();
    cat_.add_json(nlohmann::json::parse(R"({"messages": {
      "en": {"toy.dealt": "{seat:seat} is dealt a card", "toy.dealt.you": "you are dealt {card:card}",
             "toy.show": "{seat:seat} shows {card:card}", "toy.show.choice": "show your card",
             "toy.keep": "{seat:seat} keeps the card hidden", "toy.over": "the game ends"},
      "zh-TW": {"toy.dealt": "{seat:seat}拿到一張牌", "toy.dealt.you": "你拿到{card:card}",
             "toy.show": "{seat:seat}亮出{card:card}", "toy.show.choice": "亮出你的牌",
             "toy.keep": "{seat:seat}不亮牌", "toy.over": "遊戲結束"}},
      "cards": {"c0": {"en": {"name": "Zero", "text": "0"}, "zh-TW": {"name": "零", "text": "0"}},
                "c1": {"en": {"name": "One", "text": "1"}, "zh-TW": {"name": "一", "text": "1"}},
                "c2": {"en": {"name": "Two", "text": "2"}, "zh-TW": {"name": "二", "text": "2"}}}})"),
                  "toy");
  }
  std::unique_ptr<State> new_initial_state() const override;
  int num_distinct_actions() const override { return 5; }  // deal 0..2, show, keep
  std::string action_name(Action a) const override {
    return a < 3 ? "deal:" + std::to_string(a) : a == 3 ? "show" : "keep";
  }
  int max_game_length() const override { return 2; }
  int tensor_size() const override { return 1; }
  const Catalogue& catalogue() const override { return cat_; }
  bool narrating_;

 private:
  Catalogue cat_;
};

class ToyState : public State {
 public:
  using State::State;
  Player current_player() const override {
    return card_ < 0 ? kChancePlayer : done_ ? kTerminalPlayer : 0;
  }
  void legal_actions(std::vector<Action>& out) const override {
    out.clear();
    if (card_ < 0)
      out = {0, 1, 2};
    else if (!done_)
      out = {3, 4};
  }
  void chance_outcomes(std::vector<ChanceOutcome>& out) const override {
    out = {{0, 1.0 / 3}, {1, 1.0 / 3}, {2, 1.0 / 3}};
  }
  void apply_unchecked(Action a) override {
    if (a < 3) {
      card_ = a;
      return;
    }
    shown_ = a == 3;
    done_ = true;
    narrate([&](Narrator& n) { n.say("toy.over"); });
  }
  std::unique_ptr<State> clone() const override { return std::make_unique<ToyState>(*this); }
  std::unique_ptr<State> resample(Player, Rng&) const override { return clone(); }
  nlohmann::json view_json(Player) const override { return {}; }
  std::string view_text(Player) const override { return ""; }
  void view_tensor(Player, std::span<float>) const override {}
  std::vector<double> returns() const override { return {0, 0}; }
  std::vector<Player> winners() const override { return {}; }
  nlohmann::json outcome() const override { return {}; }
  std::uint64_t fingerprint() const override {
    return static_cast<std::uint64_t>(card_ + 10 * shown_ + 100 * done_);
  }
  bool narrates() const override { return static_cast<const ToyGame&>(game()).narrating_; }
  Event action_event(Action a, Player viewer) const override {
    const std::string card = "c" + std::to_string(a < 3 ? a : card_);
    if (a < 3) {
      if (viewer == 0) return {"toy.dealt", {{"seat", 0}, {"card", card}}};
      return {"toy.dealt", {{"seat", 0}}};
    }
    if (a == 3) return {"toy.show", {{"seat", 0}, {"card", card}}};
    return {"toy.keep", {{"seat", 0}}};
  }
  bool ends_turn(Action a) const override { return a == 4; }
  std::string describe_action(Action a, Player viewer) const override {
    if (narrates()) return State::describe_action(a, viewer);
    return game().action_name(a);
  }

 private:
  int card_ = -1;
  bool shown_ = false, done_ = false;
};

std::unique_ptr<State> ToyGame::new_initial_state() const {
  return std::make_unique<ToyState>(shared_from_this());
}

TEST(Narration, ApplyNarratedGivesEachViewerOnlyWhatTheyMayKnow) {
  auto game = std::make_shared<ToyGame>(true);
  auto s = game->new_initial_state();
  const Player viewers[] = {0, 1, kSpectator};
  auto deal = s->apply_narrated(2, viewers);
  ASSERT_EQ(deal.size(), 3u);
  ASSERT_EQ(deal[0].size(), 1u);
  EXPECT_EQ(deal[0][0], (Event{"toy.dealt", {{"seat", 0}, {"card", "c2"}}}));
  EXPECT_EQ(deal[1][0], (Event{"toy.dealt", {{"seat", 0}}}));
  EXPECT_EQ(deal[2][0], deal[1][0]);
  const Catalogue& c = game->catalogue();
  EXPECT_EQ(c.render(deal[0][0], ctx(0)), "You are dealt Two");
  EXPECT_EQ(c.render(deal[1][0], ctx(1)), "Seat 1 is dealt a card");
  EXPECT_EQ(c.render(deal[0][0], ctx(0, "zh-TW")), "你拿到二");
  // The action and then the consequence the game narrated during apply.
  auto show = s->apply_narrated(3, 1);
  ASSERT_EQ(show.size(), 2u);
  EXPECT_EQ(c.render(show[0], ctx(1)), "Seat 1 shows Two");
  EXPECT_EQ(c.render(show[1], ctx(1)), "The game ends");
  EXPECT_TRUE(s->is_terminal());
}

TEST(Narration, AnIllegalActionThrowsAndChangesNothing) {
  auto game = std::make_shared<ToyGame>(true);
  auto s = game->new_initial_state();
  const auto before = s->fingerprint();
  EXPECT_THROW(s->apply_narrated(3, 0), Error);  // not legal at the deal
  EXPECT_THROW(s->apply_narrated(99, 0), Error);
  EXPECT_EQ(s->fingerprint(), before);
  // And a later plain apply is not narrated into a stale listener.
  s->apply(1);
  s->apply(4);
  EXPECT_TRUE(s->is_terminal());
}

TEST(Narration, DescribeActionAndChoicesComeFromTheEvents) {
  auto game = std::make_shared<ToyGame>(true);
  auto s = game->new_initial_state();
  s->apply(0);
  EXPECT_EQ(s->describe_action(3, 1), "Seat 1 shows Zero");
  const nlohmann::json opts = decision_options_json(*s, 0);
  ASSERT_EQ(opts.size(), 2u);
  EXPECT_EQ(opts[0]["event"]["id"], "toy.show");
  EXPECT_FALSE(opts[0].contains("ends_turn"));
  EXPECT_EQ(opts[1]["ends_turn"], true);
  RenderContext k = ctx(0);
  k.choice = true;
  EXPECT_EQ(game->catalogue().render(opts[0]["event"].get<Event>(), k), "Show your card");
}

TEST(Narration, AGameThatDoesNotNarrateIsToldAsText) {
  auto game = std::make_shared<ToyGame>(false);
  auto s = game->new_initial_state();
  auto events = s->apply_narrated(1, 0);
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].id, "core.text");
  EXPECT_EQ(Catalogue::core().render(events[0], ctx(0)), "Deal:1");
  auto keep = s->apply_narrated(4, 0);
  EXPECT_EQ(keep.size(), 1u);  // no consequence events without narration
}

}  // namespace
}  // namespace villainy
