// The narration checks (core/testing/narration_check.h, issue 11) on a toy narrating game, once
// correct and once with each defect they guard against, and the catalogue check on every game.
//
// The toy ("test-narrate"): a deck of 6 cards; each of 2–3 seats is dealt 2 cards (chance, seen
// only by their holder; the deal is told once, summarised); then each seat in turn discards one
// card face down (the others are told "Seat N discards a card face down"); the last discard ends
// the game and shows every card; the highest card left wins. Option `defect` plants one defect:
//   event-arg    the others' event of a discard carries the card in an argument no template
//                prints: describe_action is clean, the browser client would see the card;
//   consequence  after a discard the game narrates to everyone whether the card was high;
//   missing-zh   a message has no Chinese template;
//   bad-param    the discarder's own event lacks the parameter its template prints.
#include "narration_check.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "invariants.h"
#include "villainy/core/game.h"
#include "villainy/core/registry.h"
#include "villainy/core/signature.h"
#include "villainy/games/all.h"

namespace villainy {
namespace {

constexpr int kDeck = 6;
constexpr Action kDiscard = kDeck;  // discard:<card> is kDiscard + card

const char* kToyMessages = R"({
  "messages": {
    "en": {"t.deal.you": "you are dealt {card:card}", "t.dealt": "{n} cards are dealt",
           "t.discard": "{seat:seat} discards {card:card}", "t.discard.you": "you discard {card:card}",
           "t.discard.choice": "discard {card:card}",
           "t.discard_hidden": "{seat:seat} discards a card face down",
           "t.high": "{seat:seat} discarded a high card"},
    "zh-TW": {"t.deal.you": "你拿到{card:card}", "t.dealt": "發了 {n} 張牌",
              "t.discard": "{seat:seat}棄掉{card:card}", "t.discard.you": "你棄掉{card:card}",
              "t.discard.choice": "棄掉{card:card}",
              "t.discard_hidden": "{seat:seat}蓋著棄掉一張牌",
              "t.high": "{seat:seat}棄掉了一張大牌"}
  },
  "cards": {
    "c0": {"en": {"name": "Zero", "text": "Worth 0."}, "zh-TW": {"name": "零", "text": "值 0。"}},
    "c1": {"en": {"name": "One", "text": "Worth 1."}, "zh-TW": {"name": "一", "text": "值 1。"}},
    "c2": {"en": {"name": "Two", "text": "Worth 2."}, "zh-TW": {"name": "二", "text": "值 2。"}},
    "c3": {"en": {"name": "Three", "text": "Worth 3."}, "zh-TW": {"name": "三", "text": "值 3。"}},
    "c4": {"en": {"name": "Four", "text": "Worth 4."}, "zh-TW": {"name": "四", "text": "值 4。"}},
    "c5": {"en": {"name": "Five", "text": "Worth 5."}, "zh-TW": {"name": "五", "text": "值 5。"}}
  }
})";

std::string card_key(int c) {
  return "c" + std::to_string(c);
}

class ToyGame : public Game {
 public:
  static GameInfo make_info() {
    return {"test-narrate",
            "Narrate (toy)",
            2,
            3,
            {{"defect",
              "none",
              {"none", "event-arg", "consequence", "missing-zh", "bad-param"},
              "a planted defect, for the narration checks' own tests"}},
            "A toy game for the narration checks' tests."};
  }
  ToyGame(const Options& o, int n) : Game(make_info(), o, n), defect_(o.get("defect")) {
    cat_ = Catalogue::core();
    cat_.add_json_text(kToyMessages, "toy");
    if (defect_ == "missing-zh") cat_.add_message("en", "t.only_en", "only in English");
  }
  std::unique_ptr<State> new_initial_state() const override;
  int num_distinct_actions() const override { return 2 * kDeck; }
  std::string action_name(Action a) const override {
    return (a < kDeck ? "deal:" : "discard:") + std::to_string(a % kDeck);
  }
  int max_game_length() const override { return 3 * num_players(); }
  int tensor_size() const override { return kDeck + 2; }
  const Catalogue& catalogue() const override { return cat_; }
  std::string defect_;
  Catalogue cat_;
};

class ToyState : public State {
 public:
  explicit ToyState(std::shared_ptr<const Game> g) : State(std::move(g)) {
    defect_ = static_cast<const ToyGame&>(game()).defect_;
    hand_.resize(static_cast<size_t>(num_players()));
    disc_.assign(static_cast<size_t>(num_players()), -1);
  }
  ToyState(const ToyState&) = default;
  int n() const { return num_players(); }
  bool narrates() const override { return true; }
  Player current_player() const override {
    if (dealt_ < 2 * n()) return kChancePlayer;
    return turn_ < n() ? turn_ : kTerminalPlayer;
  }
  bool held(int c) const {
    for (const auto& h : hand_)
      if (std::find(h.begin(), h.end(), c) != h.end()) return true;
    return std::find(disc_.begin(), disc_.end(), c) != disc_.end();
  }
  void legal_actions(std::vector<Action>& out) const override {
    out.clear();
    if (is_terminal()) return;
    if (is_chance()) {
      for (int c = 0; c < kDeck; ++c)
        if (!held(c)) out.push_back(c);
    } else {
      for (int c : hand_[static_cast<size_t>(turn_)]) out.push_back(kDiscard + c);
    }
  }
  void chance_outcomes(std::vector<ChanceOutcome>& out) const override {
    std::vector<Action> l;
    legal_actions(l);
    out.clear();
    for (Action a : l) out.push_back({a, 1.0 / static_cast<double>(l.size())});
  }
  Event action_event(Action a, Player v) const override {
    if (is_chance()) {
      const int who = dealt_ / 2;
      if (who == v) return {"t.deal.you", {{"seat", who}, {"card", card_key(a)}}};
      return {};  // the others are told once, when the deal is over
    }
    const int c = a - kDiscard;
    if (turn_ == v) {
      if (defect_ == "bad-param") return {"t.discard", {{"seat", turn_}}};
      return {"t.discard", {{"seat", turn_}, {"card", card_key(c)}}};
    }
    // The last discard ends the game, which shows every card: the event says which it was.
    if (turn_ == n() - 1) return {"t.discard", {{"seat", turn_}, {"card", card_key(c)}}};
    if (defect_ == "event-arg")
      return {"t.discard_hidden", {{"seat", turn_}, {"card", card_key(c)}}};
    return {"t.discard_hidden", {{"seat", turn_}}};
  }
  void apply_unchecked(Action a) override {
    if (a < kDeck) {
      auto& h = hand_[static_cast<size_t>(dealt_++ / 2)];
      h.push_back(a);
      std::sort(h.begin(), h.end());
      if (dealt_ == 2 * n()) narrate([&](Narrator& nr) { nr.say("t.dealt", {{"n", dealt_}}); });
      return;
    }
    const int c = a - kDiscard;
    auto& h = hand_[static_cast<size_t>(turn_)];
    h.erase(std::find(h.begin(), h.end(), c));
    disc_[static_cast<size_t>(turn_)] = c;
    if (defect_ == "consequence" && c >= kDeck / 2)
      narrate([&](Narrator& nr) { nr.say("t.high", {{"seat", turn_}}); });
    ++turn_;
    if (is_terminal()) narrate([&](Narrator& nr) { nr.say("core.winner", {{"seat", winner()}}); });
  }
  std::unique_ptr<State> clone() const override { return std::make_unique<ToyState>(*this); }
  std::unique_ptr<State> resample(Player viewer, Rng& rng) const override {
    auto s = std::make_unique<ToyState>(*this);
    std::vector<int> pool;  // cards the viewer cannot locate
    for (int c = 0; c < kDeck; ++c) {
      bool mine = false;
      if (viewer >= 0) {
        const auto& h = hand_[static_cast<size_t>(viewer)];
        mine =
            std::find(h.begin(), h.end(), c) != h.end() || disc_[static_cast<size_t>(viewer)] == c;
      }
      if (!mine) pool.push_back(c);
    }
    auto draw = [&] {
      const size_t k = rng.below(static_cast<std::uint32_t>(pool.size()));
      const int c = pool[k];
      pool.erase(pool.begin() + static_cast<long>(k));
      return c;
    };
    for (int p = 0; p < n(); ++p) {
      if (p == viewer) continue;
      auto& h = s->hand_[static_cast<size_t>(p)];
      for (auto& c : h) c = draw();
      std::sort(h.begin(), h.end());
      if (disc_[static_cast<size_t>(p)] >= 0) s->disc_[static_cast<size_t>(p)] = draw();
    }
    return s;
  }
  nlohmann::json view_json(Player v) const override {
    nlohmann::json j = {{"dealt", dealt_}, {"turn", turn_}};
    std::vector<int> counts;
    for (const auto& h : hand_) counts.push_back(static_cast<int>(h.size()));
    j["hand_sizes"] = counts;
    if (v >= 0) {
      j["mine"] = hand_[static_cast<size_t>(v)];
      j["my_discard"] = disc_[static_cast<size_t>(v)];
    }
    if (is_terminal()) {
      j["hands"] = hand_;
      j["discarded"] = disc_;
    }
    return j;
  }
  std::string view_text(Player v) const override { return view_json(v).dump(); }
  void view_tensor(Player v, std::span<float> out) const override {
    std::fill(out.begin(), out.end(), 0.0f);
    if (v >= 0)
      for (int c : hand_[static_cast<size_t>(v)]) out[static_cast<size_t>(c)] = 1;
    out[kDeck] = static_cast<float>(dealt_);
    out[kDeck + 1] = static_cast<float>(turn_);
  }
  int winner() const {
    int best = 0;
    for (int p = 1; p < n(); ++p)
      if (hand_[static_cast<size_t>(p)].back() > hand_[static_cast<size_t>(best)].back()) best = p;
    return best;
  }
  std::vector<double> returns() const override {
    std::vector<double> r(static_cast<size_t>(n()), 0.0);
    r[static_cast<size_t>(winner())] = 1.0;
    return r;
  }
  std::vector<Player> winners() const override { return {winner()}; }
  nlohmann::json outcome() const override { return {{"hands", hand_}}; }
  std::uint64_t fingerprint() const override {
    std::uint64_t h = kFnvOffset;
    for (const auto& hand : hand_)
      for (int c : hand) h = fnv1a(h, static_cast<std::uint64_t>(c + 1));
    for (int c : disc_) h = fnv1a(h, static_cast<std::uint64_t>(c + 100));
    return fnv1a(h, static_cast<std::uint64_t>(dealt_ * 1000 + turn_ * 10));
  }

 private:
  std::string defect_;
  std::vector<std::vector<int>> hand_;
  std::vector<int> disc_;  // per seat, -1 before its discard
  int dealt_ = 0, turn_ = 0;
};

std::unique_ptr<State> ToyGame::new_initial_state() const {
  return std::make_unique<ToyState>(shared_from_this());
}

void register_toy() {
  register_game({ToyGame::make_info(),
                 [](const Options& o, int n) { return std::make_shared<ToyGame>(o, n); },
                 {}});
}

testing::InvariantResult run_toy(const std::string& defect) {
  register_toy();
  testing::InvariantConfig cfg;
  cfg.game = "test-narrate";
  cfg.option_sets = {{{"defect", defect}}};
  cfg.games_per_config = 30;
  cfg.view_check_rate = 0.5;
  return testing::run_invariants(cfg);
}

bool any_failure_has(const testing::InvariantResult& r, const std::string& text) {
  for (const auto& f : r.failures)
    if (f.find(text) != std::string::npos) return true;
  return false;
}

TEST(NarrationCheck, PassesOnTheCorrectToy) {
  const auto r = run_toy("none");
  EXPECT_TRUE(r.ok()) << r.summary();
  EXPECT_GT(r.pairs, 0);
  register_toy();
  const auto rep = testing::check_narration_games(load_game("test-narrate", {}, 3), 20, 1);
  EXPECT_TRUE(rep.problems.empty()) << rep.problems.front();
  EXPECT_EQ(rep.games, 20);
  // Every kind of event the toy tells was seen (so the check covered them).
  EXPECT_EQ(rep.ids, (std::vector<std::string>{"core.winner", "t.deal.you", "t.dealt", "t.discard",
                                               "t.discard_hidden"}));
}

TEST(NarrationCheck, CatchesAHiddenCardInAnEventArgument) {
  const auto r = run_toy("event-arg");
  EXPECT_FALSE(r.ok());
  EXPECT_TRUE(any_failure_has(r, "look alike to")) << r.summary();
  EXPECT_TRUE(any_failure_has(r, "\"card\"")) << r.summary();
}

TEST(NarrationCheck, CatchesANarratedConsequenceThatLeaks) {
  const auto r = run_toy("consequence");
  EXPECT_FALSE(r.ok());
  EXPECT_TRUE(any_failure_has(r, "look alike to")) << r.summary();
  EXPECT_TRUE(any_failure_has(r, "t.high")) << r.summary();
}

TEST(NarrationCheck, CatchesAMissingTranslation) {
  const auto r = run_toy("missing-zh");
  EXPECT_FALSE(r.ok());
  EXPECT_TRUE(any_failure_has(r, "zh-TW: message t.only_en")) << r.summary();
  register_toy();
  const auto rep = testing::check_narration_games(
      load_game("test-narrate", {{"defect", "missing-zh"}}, 2), 2, 1);
  ASSERT_FALSE(rep.problems.empty());
  EXPECT_EQ(rep.problems.front(), "zh-TW: message t.only_en");
}

TEST(NarrationCheck, CatchesAnEventThatDoesNotRender) {
  register_toy();
  const auto rep =
      testing::check_narration_games(load_game("test-narrate", {{"defect", "bad-param"}}, 2), 5, 1);
  ASSERT_FALSE(rep.problems.empty());
  EXPECT_NE(rep.problems.front().find("does not render"), std::string::npos)
      << rep.problems.front();
  EXPECT_NE(rep.problems.front().find("t.discard"), std::string::npos) << rep.problems.front();
}

TEST(NarrationCheck, AnUnknownEventIdIsAProblem) {
  const Catalogue& core = Catalogue::core();
  EXPECT_EQ(testing::render_problem(core, Event{"core.winner", {{"seat", 1}}}, 0), "");
  EXPECT_EQ(testing::render_problem(core, Event{"x.nothing", {}}, 0),
            "event 'x.nothing' has no en template");
}

// Every game: all messages and cards in both languages, and every event of a few random games
// (every seat and the spectator listening) renders in both.
TEST(NarrationCheck, EveryGamesCatalogueIsCompleteAndEveryEventRenders) {
  register_all_games();
  for (const GameEntry* e : registered_games()) {
    if (e->info.name.rfind("test-", 0) == 0) continue;
    for (int k : {e->info.min_players, e->info.max_players}) {
      const auto rep = testing::check_narration_games(load_game(e->info.name, {}, k), 3, 7);
      EXPECT_TRUE(rep.problems.empty())
          << e->info.name << " with " << k << " players: " << rep.problems.size()
          << " problems, e.g. " << rep.problems.front();
      EXPECT_EQ(rep.games, 3);
      EXPECT_GT(rep.events, 0) << e->info.name;
      std::printf("[ narration ] %s, %d players: %d steps, %d events, %zu distinct ids\n",
                  e->info.name.c_str(), k, rep.steps, rep.events, rep.ids.size());
    }
  }
}

// Every game: a choice's label (its event, as the chooser reads it before choosing) is the same
// in every state the chooser cannot tell from the real one. The narration checks look at an
// action's event once it is applied, when it may reveal what the action reveals; a label must
// not tell it beforehand (Mwahahaha!'s "Accept the trade" once said which offered face-down card
// was a Betrayed lie).
TEST(NarrationCheck, AChoiceSaysOnlyWhatItsChooserKnows) {
  register_all_games();
  for (const GameEntry* e : registered_games()) {
    if (e->info.name.rfind("test-", 0) == 0) continue;
    for (int k : {e->info.min_players, e->info.max_players}) {
      auto g = load_game(e->info.name, {}, k);
      int compared = 0;
      for (int game = 0; game < 4; ++game) {
        auto st = g->new_initial_state();
        Rng rng(derive_seed(41, static_cast<std::uint64_t>(game * 8 + k)));
        std::vector<Action> legal, other_legal;
        for (int step = 0; !st->is_terminal() && step < 3000; ++step) {
          if (st->is_chance()) {
            st->apply(st->sample_chance(rng));
            continue;
          }
          const Player p = st->current_player();
          st->legal_actions(legal);
          if (legal.size() > 1 && step % 3 == 0) {
            for (int r = 0; r < 2; ++r) {
              const auto other = st->resample(p, rng);
              other->legal_actions(other_legal);
              ASSERT_EQ(legal, other_legal) << e->info.name << " step " << step;
              for (Action a : legal) {
                const Event mine = st->action_event(a, p), theirs = other->action_event(a, p);
                EXPECT_EQ(mine, theirs)
                    << e->info.name << " with " << k << " players, step " << step << ": choice "
                    << st->game().action_name(a) << " reads " << nlohmann::json(mine).dump()
                    << " here and " << nlohmann::json(theirs).dump()
                    << " in a state its chooser cannot tell apart";
                ++compared;
              }
            }
          }
          st->apply(legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
        }
      }
      EXPECT_GT(compared, 0) << e->info.name;
      std::printf("[ choices ] %s, %d players: %d labels compared\n", e->info.name.c_str(), k,
                  compared);
    }
  }
}

}  // namespace
}  // namespace villainy
