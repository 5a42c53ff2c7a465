// Rule tests for Tribute to the Supporting Cast. Each test cites the rule ids of
// ../shared/rules/supporting-cast.md it checks, and sets up its position by forcing chance
// outcomes (villains, chain starts, deals, draws, all-in cards) through apply().
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "supporting_cast/supporting_cast.h"
#include "villainy/core/registry.h"
#include "villainy/core/runner.h"

namespace villainy::supporting_cast {
namespace {

// Data order of the default cast: wolf 0, queen 1, stepmother 2, witch 3, snowqueen 4, rumpel 5,
// westwitch 6.
class Table {
 public:
  explicit Table(int n, std::map<std::string, std::string> opts = {}) {
    register_game();
    g = load_game("supporting-cast", opts, n);
    st = g->new_initial_state();
  }
  SupportingCastState& s() { return static_cast<SupportingCastState&>(*st); }
  Action id(const std::string& name) const {
    auto a = g->action_from_name(name);
    if (!a) throw std::runtime_error("no action named " + name);
    return *a;
  }
  void act(const std::string& name) { st->apply(id(name)); }
  bool can(const std::string& name) const { return st->is_legal(id(name)); }
  int card(const std::string& key) const { return id("play:" + key) - act::kPlay; }
  std::set<std::string> legal() const {
    std::set<std::string> out;
    for (Action a : st->legal_actions()) out.insert(g->action_name(a));
    return out;
  }
  // Deals villains (keys per seat), chain starts (default event 1) and hands: given cards first,
  // then dead fillers for seats whose hand is given, any pile card for the others.
  void setup(const std::vector<std::string>& villains, std::map<std::string, int> starts,
             std::vector<std::vector<std::string>> hands) {
    for (const auto& v : villains) act("villain:" + v);
    const auto& cast = static_cast<const SupportingCastGame&>(*g).cast();
    for (int v = 0; v < kVillains; ++v) {
      if (!s().chain(v).on_table) continue;
      const std::string& key = cast.villains[static_cast<size_t>(v)].key;
      act(fmt::format("deal:{}.e{}", key, starts.count(key) ? starts[key] : 1));
    }
    const int n = g->num_players();
    const int h = n >= 6 ? 4 : (n == 5 ? 5 : 6);
    const size_t given = hands.size();  // seats whose hand is given get dead fillers
    hands.resize(static_cast<size_t>(n));
    std::set<int> used;
    for (auto& hand : hands)
      for (auto& c : hand) used.insert(card(c));
    std::vector<int> dead, other;
    std::vector<int> order;  // villains nobody plays first: their cards are the safest fillers
    for (int v = 0; v < kVillains; ++v)
      if (s().chain(v).owner < 0) order.push_back(v);
    for (int v = 0; v < kVillains; ++v)
      if (s().chain(v).owner >= 0) order.push_back(v);
    for (int v : order) {
      if (!s().chain(v).on_table) continue;
      int start = s().chain(v).first;
      for (int k = 1; k <= 7; ++k) {
        int c = make_card(v, k);
        if (used.count(c) || k == start) continue;
        int d = std::min((k - start + 7) % 7, (start - k + 7) % 7);
        (d >= 2 ? dead : other).push_back(c);
      }
      for (int k = 8; k <= 12; ++k)
        if (!used.count(make_card(v, k))) other.push_back(make_card(v, k));
    }
    std::vector<std::vector<int>> final_hands(static_cast<size_t>(n));
    for (int p = 0; p < n; ++p) {
      auto& fh = final_hands[static_cast<size_t>(p)];
      for (auto& c : hands[static_cast<size_t>(p)]) fh.push_back(card(c));
    }
    auto fill = [&](int p, std::vector<int>& first, std::vector<int>& second) {
      auto& fh = final_hands[static_cast<size_t>(p)];
      while (static_cast<int>(fh.size()) < h) {
        auto& src = !first.empty() ? first : second;
        fh.push_back(src.front());
        src.erase(src.begin());
      }
    };
    for (int p = 0; p < n; ++p)
      if (static_cast<size_t>(p) < given) fill(p, dead, other);
    for (int p = 0; p < n; ++p)
      if (static_cast<size_t>(p) >= given) fill(p, other, dead);
    for (int p = 0; p < n; ++p)
      for (int c : final_hands[static_cast<size_t>(p)]) st->apply(act::kDeal + c);
    dead_left = dead;
  }
  // A card nobody will be able to play soon, for forced draws.
  std::string dead_card() {
    const auto& gg = static_cast<const SupportingCastGame&>(*g);
    for (size_t i = 0; i < dead_left.size(); ++i)
      if (s().pile().test(dead_left[i])) {
        int c = dead_left[i];
        dead_left.erase(dead_left.begin() + static_cast<long>(i));
        return gg.card_key(c);
      }
    throw std::runtime_error("no dead card left in the pile");
  }
  void draw(const std::string& key) { act("deal:" + key); }
  void draw_dead() { draw(dead_card()); }
  // The player to move plays `key` and draws a dead card.
  void play_draw(const std::string& key) {
    act("play:" + key);
    if (st->is_chance()) draw_dead();
  }
  int seat_to_move() const { return st->current_player(); }

  std::shared_ptr<const Game> g;
  std::unique_ptr<State> st;
  std::vector<int> dead_left;
};

// Seats 1–3 hold their own heroes (always playable, no effect): a quiet table for seat 0.
const std::vector<std::string> kVillains4 = {"wolf", "queen", "stepmother", "witch"};
std::vector<std::vector<std::string>> quiet(std::vector<std::string> seat0) {
  std::vector<std::vector<std::string>> h = {
      seat0,
      {"queen.h1", "queen.h2", "queen.h3", "queen.h4"},
      {"stepmother.h1", "stepmother.h2", "stepmother.h3", "stepmother.h4"},
      {"witch.h1", "witch.h2", "witch.h3", "witch.h4"}};
  for (size_t p = 1; p < h.size(); ++p)  // seat 0's cards are not dealt twice
    std::erase_if(h[p], [&](const std::string& c) {
      return std::find(seat0.begin(), seat0.end(), c) != seat0.end();
    });
  return h;
}
// Seats 1, 2, 3 each play their next own hero (h1, h2, … in turn) and draw a dead card.
void others_pass(Table& t, int round) {
  for (const char* v : {"queen", "stepmother", "witch"}) {
    ASSERT_NE(t.seat_to_move(), 0);
    t.play_draw(fmt::format("{}.h{}", v, round));
  }
}

TEST(SupportingCastData, SC1_SC2_DefaultCastHasSevenVillainsWithCardsInTwoLanguages) {
  Cast c = Cast::load("default");
  std::set<std::string> keys;
  for (const auto& v : c.villains) {
    keys.insert(v.key);
    EXPECT_FALSE(v.name.empty());
    EXPECT_FALSE(v.name_zh.empty());
    for (const auto& e : v.events) EXPECT_FALSE(e.name.empty() || e.name_zh.empty());
    for (const auto& h : v.heroes) EXPECT_FALSE(h.name.empty() || h.name_zh.empty());
    EXPECT_FALSE(v.super_hero.name_zh.empty());
  }
  EXPECT_EQ(keys.size(), 7u);
  EXPECT_EQ(kNumCards, 91);  // 7 villain cards + 49 events + 35 heroes
}

TEST(SupportingCastData, SC1_BrokenCastFilesGetClearErrors) {
  auto expect_error = [](const std::string& text, const std::string& needle) {
    try {
      Cast::parse(text, "test.json");
      FAIL() << "accepted: " << text.substr(0, 40);
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find("test.json"), std::string::npos) << e.what();
    }
  };
  expect_error("{not json", "not valid JSON");
  expect_error(R"({"name":"x","name_zh":"y","villains":[]})", "exactly 7 villains");
  nlohmann::json j = nlohmann::json::parse(std::string(R"({"name":"x","name_zh":"y"})"));
  Cast good = Cast::load("default");
  (void)good;
  // One villain with six events.
  std::ifstream in(std::string(VILLAINY_SC_DATA_DIR) + "/fairy-tale-cast.json");
  nlohmann::json d = nlohmann::json::parse(in);
  d["villains"][2]["events"].erase(0);
  expect_error(d.dump(), "villains[2].events");
  d = nlohmann::json::parse(
      std::ifstream(std::string(VILLAINY_SC_DATA_DIR) + "/fairy-tale-cast.json"));
  d["villains"][3]["key"] = d["villains"][0]["key"];
  expect_error(d.dump(), "used twice");
  d = nlohmann::json::parse(
      std::ifstream(std::string(VILLAINY_SC_DATA_DIR) + "/fairy-tale-cast.json"));
  d["villains"][5]["heroes"][1].erase("name_zh");
  expect_error(d.dump(), "villains[5].heroes[1]");
  // A bad cast option is an error at game creation, naming the file.
  register_game();
  EXPECT_THROW(load_game("supporting-cast", {{"cast", "/no/such/cast.json"}}, 4), Error);
}

TEST(SupportingCastRules, SC3_SC4_SC5_SC6_SetupDealsVillainsChainsAndHands) {
  for (int n = 4; n <= 7; ++n) {
    Table t(n);
    // SC-3: villains are dealt by chance, one per seat, all different.
    EXPECT_TRUE(t.st->is_chance());
    EXPECT_EQ(t.st->legal_actions().size(), 7u);
    Rng rng(n);
    while (t.s().phase() == SupportingCastState::Phase::kDealVillain)
      t.st->apply(t.st->sample_chance(rng));
    std::set<int> vs;
    for (int p = 0; p < n; ++p) vs.insert(t.s().seat(p).villain);
    EXPECT_EQ(static_cast<int>(vs.size()), n);
    // SC-4: seven chains, each started by chance over its seven events.
    EXPECT_EQ(t.st->legal_actions().size(), 7u);
    while (t.s().phase() != SupportingCastState::Phase::kTurn)
      t.st->apply(t.st->sample_chance(rng));
    int chains = 0;
    for (int v = 0; v < kVillains; ++v)
      chains += t.s().chain(v).on_table && t.s().chain(v).count == 1;
    EXPECT_EQ(chains, 7);
    // SC-6: 7/6/5/4 players get 4/4/5/6 cards; SC-3: the villain card is held too.
    const int h = n >= 6 ? 4 : (n == 5 ? 5 : 6);
    for (int p = 0; p < n; ++p) {
      EXPECT_EQ(t.s().seat(p).hand.count(), h);
      EXPECT_TRUE(t.s().seat(p).villain_held);
    }
    // SC-5: the rest (42 events + 35 heroes) is the pile.
    EXPECT_EQ(t.s().pile_size(), 42 + 35 - n * h);
    // SC-7: seat 0 starts the first round.
    EXPECT_EQ(t.st->current_player(), 0);
  }
}

TEST(SupportingCastRules, SC4_UnownedVillainsRemoved) {
  Table t(4, {{"unowned-villains", "removed"}});
  t.setup(kVillains4, {}, {});
  int chains = 0;
  for (int v = 0; v < kVillains; ++v) chains += t.s().chain(v).on_table;
  EXPECT_EQ(chains, 4);
  EXPECT_EQ(t.s().pile_size(), 4 * 12 - 4 - 24);
}

TEST(SupportingCastRules, SC8_SC9_TopChainOneAboveOrBelowCyclic) {
  Table t(4);
  // The source's examples: on 5 you may play 4 or 6; on 7 you may play 6 or 1.
  t.setup(kVillains4, {{"wolf", 5}, {"queen", 7}},
          quiet({"wolf.e4", "wolf.e6", "queen.e1", "queen.e6", "wolf.e2", "queen.e3"}));
  EXPECT_EQ(t.legal(), (std::set<std::string>{"play:wolf.e4", "play:wolf.e6", "play:queen.e1",
                                              "play:queen.e6", "play:wolf.villain"}));
  // SC-8: a player with a legal play must play: no bad-luck choice.
  EXPECT_FALSE(t.can("bad-luck"));
  // SC-8: after the play, the player draws one card, then the turn passes on.
  t.act("play:wolf.e6");
  EXPECT_TRUE(t.st->is_chance());
  t.draw_dead();
  EXPECT_EQ(t.s().seat(0).hand.count(), 6);
  EXPECT_EQ(t.seat_to_move(), 1);
  // SC-9 top: the reference is the last event: 6 now, so 5 (already there) no, 7 yes, 4 no.
  EXPECT_TRUE(t.s().fits_chain(t.card("wolf.e7")));
  EXPECT_FALSE(t.s().fits_chain(t.card("wolf.e4")));
}

TEST(SupportingCastRules, SC9_EndsChainGrowsAtBothEnds) {
  Table t(4, {{"chain", "ends"}});
  t.setup(kVillains4, {{"wolf", 5}}, quiet({"wolf.e4", "wolf.e6", "wolf.e7"}));
  t.act("play:wolf.e6");
  t.draw_dead();
  // The run is 5–6: either end grows (4 or 7).
  EXPECT_TRUE(t.s().fits_chain(t.card("wolf.e4")));
  EXPECT_TRUE(t.s().fits_chain(t.card("wolf.e7")));
  EXPECT_FALSE(t.s().fits_chain(t.card("wolf.e3")));
}

TEST(SupportingCastRules, SC9_UnownedChainsPlayableOrClosed) {
  for (const char* mode : {"playable", "closed"}) {
    Table t(4, {{"unowned-chains", mode}});
    t.setup(kVillains4, {}, quiet({"snowqueen.e2"}));
    EXPECT_EQ(t.can("play:snowqueen.e2"), std::string(mode) == "playable") << mode;
  }
}

TEST(SupportingCastRules, SC10_SC9a_OwnCardsDiscardOthersHeroSkipsUnownedHeroDiscards) {
  Table t(4);
  t.setup(kVillains4, {},
          quiet({"wolf.h1", "witch.h4", "snowqueen.h1", "queen.super", "wolf.super"}));
  // Another villain's super hero is dead (rival-super-hero=dead); own super hero and villain card
  // are legal (SC-10).
  EXPECT_FALSE(t.can("play:queen.super"));
  EXPECT_TRUE(t.can("play:wolf.super"));
  EXPECT_TRUE(t.can("play:wolf.villain"));
  // An ordinary hero of another player's villain: laid on that chain, the owner is skipped.
  t.act("play:witch.h4");
  EXPECT_TRUE(t.s().chain_heroes().test(t.card("witch.h4")));
  EXPECT_EQ(t.s().chain(3).count, 1);  // SC-9a: heroes are not part of the chain
  EXPECT_EQ(t.s().seat(3).skip, 1);
  t.draw_dead();
  t.play_draw("queen.h1");
  t.play_draw("stepmother.h1");
  // Seat 3 loses its next turn (skip=next-turn): seat 0 moves; the skip is used up (SC-10a).
  EXPECT_EQ(t.seat_to_move(), 0);
  EXPECT_EQ(t.s().seat(3).skip, 0);
  // Own hero: discarded, no effect.
  t.act("play:wolf.h1");
  EXPECT_TRUE(t.s().discard().test(t.card("wolf.h1")));
  t.draw_dead();
  t.play_draw("queen.h2");
  t.play_draw("stepmother.h2");
  t.play_draw("witch.h1");
  // Hero of a villain nobody plays: discarded, nobody skipped.
  t.act("play:snowqueen.h1");
  EXPECT_TRUE(t.s().discard().test(t.card("snowqueen.h1")));
  for (int p = 0; p < 4; ++p) EXPECT_EQ(t.s().seat(p).skip, 0);
}

TEST(SupportingCastRules, SC10_SkipRestOfRoundAndSkipsDoNotStack) {
  Table t(4, {{"skip", "rest-of-round"}});
  t.setup(kVillains4, {}, quiet({"witch.h4", "witch.h3"}));
  t.play_draw("witch.h4");
  EXPECT_EQ(t.s().seat(3).skip, 2);
  t.play_draw("queen.h1");
  t.play_draw("stepmother.h1");
  EXPECT_EQ(t.seat_to_move(), 0);  // seat 3 is skipped
  t.play_draw("witch.h3");         // SC-10a: a second skip does not stack
  EXPECT_EQ(t.s().seat(3).skip, 2);
  t.play_draw("queen.h2");
  t.play_draw("stepmother.h2");
  // Seat 3 takes no further turns this round.
  EXPECT_EQ(t.seat_to_move(), 0);
}

TEST(SupportingCastRules, SC8a_ReserveOptionalOrForced) {
  for (const char* mode : {"optional", "forced"}) {
    Table t(4, {{"reserve", mode}});
    t.setup(kVillains4, {}, quiet({"wolf.super"}));
    // Only reserve cards are playable: the villain card and the own super hero.
    EXPECT_TRUE(t.can("play:wolf.villain"));
    EXPECT_TRUE(t.can("play:wolf.super"));
    EXPECT_EQ(t.can("bad-luck"), std::string(mode) == "optional") << mode;
  }
}

TEST(SupportingCastRules, SC11_SC11a_BadLuckStepsRevealMarkerFaceUpThenScoreSeven) {
  Table t(4);
  t.setup(kVillains4, {}, quiet({}));  // seat 0: six dead cards
  // Turn 1: the villain card is seat 0's only legal play; it avoids bad luck.
  t.play_draw("wolf.villain");
  others_pass(t, 1);
  // Turn 2: no legal play: bad luck step 1 — the hand is revealed, a marker chosen from it.
  ASSERT_EQ(t.s().phase(), SupportingCastState::Phase::kChooseMarker);
  EXPECT_EQ(t.s().seat(0).bad_luck, 1);
  EXPECT_EQ(t.s().seat(0).known, t.s().seat(0).hand);  // revealed to all
  const int marker = t.s().seat(0).hand.first();
  t.st->apply(act::kMarker + marker);
  EXPECT_EQ(t.s().seat(0).marker, marker);
  EXPECT_FALSE(t.s().seat(0).marker_face_up);
  // Others see that a marker lies face down, not which card (its identity is hidden).
  auto view1 = t.st->view_json(1);
  EXPECT_EQ(view1["seats"][0]["marker"]["state"], "face-down");
  EXPECT_FALSE(view1["seats"][0]["marker"].contains("card"));
  EXPECT_TRUE(t.st->view_json(0)["seats"][0]["marker"].contains("card"));
  // Step 1 draws one card and ends the turn (bad-luck-retry=no), with no SC-8 draw.
  ASSERT_TRUE(t.st->is_chance());
  t.draw_dead();
  EXPECT_EQ(t.s().seat(0).hand.count(), 7);  // six dealt, one drawn after the villain card
  EXPECT_EQ(t.seat_to_move(), 1);
  others_pass(t, 2);
  // Step 2: the marker is turned face up; the turn ends with no draw.
  EXPECT_EQ(t.s().seat(0).bad_luck, 2);
  EXPECT_TRUE(t.s().seat(0).marker_face_up);
  EXPECT_EQ(t.st->view_json(1)["seats"][0]["marker"]["state"], "face-up");
  EXPECT_TRUE(t.st->view_json(1)["seats"][0]["marker"].contains("card"));
  EXPECT_EQ(t.s().seat(0).hand.count(), 7);
  others_pass(t, 3);
  // Step 3: no all-in possible: the round ends and seat 0 scores 7 (SC-13, SC-15).
  EXPECT_EQ(t.s().rounds_finished(), 1);
  EXPECT_EQ(t.s().last_round().end, RoundEnd::kThirdBadLuck);
  EXPECT_EQ(t.s().seat(0).score, 7);
  EXPECT_EQ(t.s().round(), 2);
  // SC-11a: levels and markers reset every round.
  EXPECT_EQ(t.s().seat(0).bad_luck, 0);
  EXPECT_EQ(t.s().seat(0).marker, -1);
}

TEST(SupportingCastRules, SC11_BadLuckRetryMakesANowLegalPlay) {
  Table t(4, {{"bad-luck-retry", "yes"}});
  t.setup(kVillains4, {}, quiet({}));
  t.play_draw("wolf.villain");
  others_pass(t, 1);
  ASSERT_EQ(t.s().phase(), SupportingCastState::Phase::kChooseMarker);
  t.st->apply(act::kMarker + t.s().seat(0).hand.first());
  t.draw("wolf.h1");  // now seat 0 has a legal play: it must make it in the same turn
  EXPECT_EQ(t.seat_to_move(), 0);
  EXPECT_EQ(t.s().phase(), SupportingCastState::Phase::kTurn);
  EXPECT_TRUE(t.can("play:wolf.h1"));
  t.play_draw("wolf.h1");
  EXPECT_EQ(t.seat_to_move(), 1);
}

TEST(SupportingCastRules, SC11_BadLuckRetryStepsFollowAtOnce) {
  Table t(4, {{"bad-luck-retry", "yes"}});
  t.setup(kVillains4, {}, quiet({}));
  t.play_draw("wolf.villain");
  others_pass(t, 1);
  t.st->apply(act::kMarker + t.s().seat(0).hand.first());
  t.draw_dead();  // still nothing: step 2 and step 3 follow at once: the round ends
  EXPECT_EQ(t.s().rounds_finished(), 1);
  EXPECT_EQ(t.s().last_round().end, RoundEnd::kThirdBadLuck);
  EXPECT_EQ(t.s().seat(0).score, 7);
}

TEST(SupportingCastRules, SC12_SC12a_MarkerPlayedWhenItFitsAndReplaced) {
  Table t(4);
  auto hands = quiet(
      {"snowqueen.e3", "rumpel.e3", "rumpel.e4", "rumpel.e5", "westwitch.e3", "westwitch.e4"});
  hands[1].push_back("snowqueen.e2");  // seat 1 will make the marker playable
  t.setup(kVillains4, {}, hands);
  t.play_draw("wolf.villain");
  others_pass(t, 1);
  t.act("marker:snowqueen.e3");  // step 1
  t.draw_dead();
  t.play_draw("snowqueen.e2");  // seat 1: the snowqueen chain is now at 2
  t.play_draw("stepmother.h2");
  t.play_draw("witch.h2");
  // SC-12: the marker fits: it may be played like a hand card (and must, as the only play).
  EXPECT_EQ(t.legal(), (std::set<std::string>{"play-marker"}));
  t.act("play-marker");
  EXPECT_EQ(t.s().chain(4).count, 3);
  // SC-12a: the player picks the hand card that replaces it, face as before (down).
  ASSERT_EQ(t.s().phase(), SupportingCastState::Phase::kChooseMarker);
  t.act("marker:rumpel.e5");
  EXPECT_EQ(t.s().seat(0).marker, t.card("rumpel.e5"));
  EXPECT_FALSE(t.s().seat(0).marker_face_up);
  // Then the SC-8 draw.
  ASSERT_TRUE(t.st->is_chance());
  t.draw_dead();
  EXPECT_EQ(t.seat_to_move(), 1);
}

TEST(SupportingCastRules, SC12a_EmptyHandMarkerIsAnAllInCardThenTheLeaderCard) {
  Table t(4);
  auto hands = quiet({"snowqueen.e3"});
  hands[1].push_back("snowqueen.e2");
  t.setup(kVillains4, {}, hands);
  t.play_draw("wolf.villain");
  others_pass(t, 1);
  t.act("marker:snowqueen.e3");
  t.draw_dead();
  t.play_draw("snowqueen.e2");
  t.play_draw("stepmother.h2");
  t.play_draw("witch.h2");
  t.s().debug_clear_hand(0);
  t.act("play-marker");
  // No hand card: the lowest all-in card left replaces the marker (public).
  EXPECT_EQ(t.s().seat(0).marker, 101);
  EXPECT_EQ(t.s().all_in_supply_count(), 5);
  EXPECT_EQ(t.st->view_json(2)["seats"][0]["marker"]["card"], "all-in card 1");
}

TEST(SupportingCastRules, SC13_AllInWithTheVillainCardWinsOnThreeHits) {
  Table t(4);
  t.setup(kVillains4, {}, quiet({}));
  t.s().debug_lay_events(0, {2, 3, 4, 5, 6}, /*by_owner=*/true);
  // Reserve optional: seat 0 keeps the villain card and courts bad luck three times.
  t.act("bad-luck");
  t.st->apply(act::kMarker + t.s().seat(0).hand.first());
  t.draw_dead();
  others_pass(t, 1);
  t.act("bad-luck");
  others_pass(t, 2);
  t.act("bad-luck");
  ASSERT_EQ(t.s().phase(), SupportingCastState::Phase::kAllInStake);
  EXPECT_EQ(t.legal(), (std::set<std::string>{"all-in:villain", "all-in:decline"}));
  t.act("all-in:villain");
  EXPECT_EQ(t.legal(),
            (std::set<std::string>{"shuffler:1", "shuffler:2", "shuffler:3"}));  // SC-13a
  t.act("shuffler:2");
  t.act("name:3");
  t.act("turn:3");
  t.act("name:5");
  t.act("turn:5");
  t.act("name:1");
  EXPECT_EQ(t.st->legal_actions().size(), 4u);  // four all-in cards left to turn
  t.act("turn:1");
  ASSERT_TRUE(t.st->is_terminal());
  EXPECT_EQ(t.st->winners(), std::vector<Player>{0});
  EXPECT_EQ(t.s().win_condition(), WinCondition::kAllIn);
  EXPECT_EQ(t.s().last_round().end, RoundEnd::kAllInWin);
}

TEST(SupportingCastRules, SC13_AllInMissScoresSevenAndSuperHeroNeedsFour) {
  Table t(4);
  t.setup(kVillains4, {}, quiet({"wolf.super"}));
  t.s().debug_lay_events(0, {2, 3, 4, 5, 6}, true);
  t.act("bad-luck");
  t.act("marker:snowqueen.e4");
  t.draw_dead();
  others_pass(t, 1);
  t.act("bad-luck");
  others_pass(t, 2);
  t.act("bad-luck");
  EXPECT_TRUE(t.can("all-in:super"));
  t.act("all-in:super");
  t.act("shuffler:1");
  for (int k : {1, 2, 3}) {
    t.act(fmt::format("name:{}", k));
    t.act(fmt::format("turn:{}", k));
  }
  EXPECT_FALSE(t.st->is_terminal());  // three hits are not enough with the super hero
  t.act("name:4");
  t.act("turn:6");  // a miss: the round ends, seat 0 scores 7
  EXPECT_EQ(t.s().seat(0).score, 7);
  EXPECT_EQ(t.s().last_round().end, RoundEnd::kThirdBadLuck);
  EXPECT_TRUE(t.s().last_round().all_in_tried);
}

TEST(SupportingCastRules, SC13_NoAllInWhenTheChainHasAnotherPlayersCard) {
  Table t(4);
  t.setup(kVillains4, {}, quiet({}));
  t.s().debug_lay_events(0, {2, 3, 4, 5, 6}, /*by_owner=*/false);
  EXPECT_FALSE(t.s().all_in_eligible(0));
}

TEST(SupportingCastRules, SC14_CompletingOwnChainAloneWinsOutright) {
  Table t(4);
  t.setup(kVillains4, {}, quiet({"wolf.e7"}));
  t.s().debug_lay_events(0, {2, 3, 4, 5, 6}, true);
  t.act("play:wolf.e7");
  ASSERT_TRUE(t.st->is_terminal());
  EXPECT_EQ(t.st->winners(), std::vector<Player>{0});
  EXPECT_EQ(t.s().win_condition(), WinCondition::kOwnChain);
  EXPECT_EQ(t.st->returns(), (std::vector<double>{1, 0, 0, 0}));
}

TEST(SupportingCastRules, SC14_SC15_CompletionScoresTheCardsValue) {
  Table t(4);
  t.setup(kVillains4, {{"queen", 3}}, quiet({"queen.e2", "wolf.e7"}));
  t.s().debug_lay_events(1, {4, 5, 6, 7, 1}, true);
  t.s().debug_lay_events(0, {2, 3, 4, 5, 6}, false);
  t.act("play:queen.e2");  // completes the queen chain (owned by seat 1): score 2
  EXPECT_EQ(t.s().seat(0).score, 2);
  EXPECT_EQ(t.s().last_round().end, RoundEnd::kCompletion);
  EXPECT_EQ(t.s().last_round().points, 2);
}

TEST(SupportingCastRules, SC14_OwnChainNotAllByOwnerOnlyScores) {
  Table t(4);
  t.setup(kVillains4, {}, quiet({"wolf.e7"}));
  t.s().debug_lay_events(0, {2, 3, 4, 5, 6}, false);
  t.act("play:wolf.e7");
  EXPECT_FALSE(t.st->is_terminal());
  EXPECT_EQ(t.s().seat(0).score, 7);
}

TEST(SupportingCastRules, SC15_SC15a_ScoresCapAtFifteenAtLeastOnePoint) {
  struct Case {
    int before, points, after;
  };
  for (Case c : {Case{13, 7, 15}, Case{14, 1, 15}, Case{15, 1, 16}, Case{3, 1, 4}, Case{0, 7, 7}}) {
    // Complete the wolf chain (not all by its owner) with the card worth `points`.
    Table u(4);
    const int missing = c.points;
    std::vector<int> laid;
    for (int k = missing + 1; k < missing + 7; ++k) laid.push_back((k - 1) % 7 + 1);
    const int start = laid[0];
    u.setup(kVillains4, {{"wolf", start}}, quiet({fmt::format("wolf.e{}", missing)}));
    for (size_t i = 1; i < laid.size(); ++i) u.s().debug_lay_events(0, {laid[i]}, false);
    u.s().debug_set_score(0, c.before);
    u.s().debug_set_score(1, 5);
    u.s().debug_set_score(2, 5);
    u.s().debug_set_score(3, 5);
    u.act(fmt::format("play:wolf.e{}", missing));
    EXPECT_EQ(u.s().seat(0).score, c.after) << c.before << "+" << c.points;
    EXPECT_EQ(u.st->is_terminal(), c.after == 16);
  }
}

TEST(SupportingCastRules, SC16_ScorerNamesTheStartPlayer) {
  Table t(4);
  t.setup(kVillains4, {{"queen", 3}}, quiet({"queen.e2"}));
  t.s().debug_lay_events(1, {4, 5, 6, 7, 1}, true);
  t.act("play:queen.e2");
  // A new round is set up by chance; then the scorer (seat 0) names the start player.
  Rng rng(3);
  while (t.st->is_chance()) t.st->apply(t.st->sample_chance(rng));
  EXPECT_EQ(t.s().phase(), SupportingCastState::Phase::kNameStart);
  EXPECT_EQ(t.seat_to_move(), 0);
  EXPECT_EQ(t.legal(), (std::set<std::string>{"start:0", "start:1", "start:2", "start:3"}));
  t.act("start:2");
  EXPECT_EQ(t.seat_to_move(), 2);
  EXPECT_EQ(t.s().start_player(), 2);
}

TEST(SupportingCastRules, SC17_SixteenWinsAloneUnlessSomeoneHasZero) {
  for (bool zero : {false, true}) {
    Table t(4);
    t.setup(kVillains4, {{"queen", 3}}, quiet({"queen.e2"}));
    t.s().debug_lay_events(1, {4, 5, 6, 7, 1}, true);
    t.s().debug_set_score(0, 15);
    t.s().debug_set_score(1, 4);
    t.s().debug_set_score(2, zero ? 0 : 2);
    t.s().debug_set_score(3, zero ? 0 : 9);
    t.act("play:queen.e2");
    ASSERT_TRUE(t.st->is_terminal());
    if (zero) {
      EXPECT_EQ(t.st->winners(),
                (std::vector<Player>{2, 3}));  // the zero-point players win together
      EXPECT_EQ(t.s().win_condition(), WinCondition::kZeroPoints);
    } else {
      EXPECT_EQ(t.st->winners(), std::vector<Player>{0});
      EXPECT_EQ(t.s().win_condition(), WinCondition::kSixteen);
    }
  }
}

TEST(SupportingCastRules, SC19_SC19a_PartyEndingGivesEveryoneElseOneMoreTurn) {
  Table t(4, {{"ending", "party"}});
  t.setup(kVillains4, {{"queen", 3}}, quiet({"queen.e2"}));
  t.s().debug_lay_events(1, {4, 5, 6, 7, 1}, true);
  t.s().debug_set_score(0, 15);
  t.s().debug_set_score(3, 0);
  t.act("play:queen.e2");
  EXPECT_FALSE(t.st->is_terminal());  // the round goes on
  EXPECT_EQ(t.s().seat(0).score, 16);
  t.draw_dead();  // completions in the party ending do not end the round: the player draws
  EXPECT_EQ(t.seat_to_move(), 1);
  t.play_draw("queen.h1");
  t.play_draw("stepmother.h1");
  t.play_draw("witch.h1");
  ASSERT_TRUE(t.st->is_terminal());
  EXPECT_EQ(t.st->winners(), std::vector<Player>{0});  // the zero-point rule does not apply
  EXPECT_EQ(t.s().last_round().end, RoundEnd::kPartyEnd);
}

TEST(SupportingCastRules, SC13_SC19a_MissedAllInInThePartyEndingReturnsTheTurnedCards) {
  // SC-13 shuffles "the all-in cards still in the supply"; only a marker (SC-12) takes one out.
  // After a missed all-in in a round that goes on (SC-19a), the turned cards are back (D6).
  // Seats 0, 2 and 3 draw heroes of villains nobody plays (always playable, no effect).
  Table t(4, {{"ending", "party"}});
  auto hands = quiet({"wolf.h1", "wolf.e7"});
  hands[1] = {"stepmother.e3", "stepmother.e4", "stepmother.e5",
              "stepmother.e6", "witch.e3",      "witch.e4"};  // seat 1: nothing fits
  t.setup(kVillains4, {}, hands);
  t.s().debug_lay_events(0, {2, 3, 4, 5, 6}, /*by_owner=*/false);  // wolf: one short
  t.s().debug_lay_events(1, {2, 3, 4, 5, 6}, /*by_owner=*/true);   // queen: all-in ready
  t.s().debug_set_score(0, 15);
  t.act("play:wolf.villain");
  t.draw("rumpel.h1");
  t.act("bad-luck");  // seat 1 keeps its villain card (SC-8a) and courts bad luck
  t.act("marker:witch.e4");
  t.draw_dead();
  t.act("play:stepmother.h1");
  t.draw("rumpel.h2");
  t.act("play:witch.h1");
  t.draw("rumpel.h3");
  t.act("play:wolf.h1");
  t.draw("rumpel.h4");
  t.act("bad-luck");  // step 2
  t.act("play:stepmother.h2");
  t.draw("westwitch.h1");
  t.act("play:witch.h2");
  t.draw("westwitch.h2");
  t.act("play:wolf.e7");  // completes the wolf chain: 15 -> 16, the party ending's last turns
  t.draw("westwitch.h3");
  ASSERT_TRUE(t.s().party_active());
  ASSERT_EQ(t.seat_to_move(), 1);
  t.act("bad-luck");  // third bad luck
  ASSERT_EQ(t.s().phase(), SupportingCastState::Phase::kAllInStake);
  t.act("all-in:villain");
  t.act("shuffler:2");
  t.act("name:3");
  t.act("turn:3");  // a hit: that card stays out while the all-in goes on (D6)
  EXPECT_EQ(t.s().all_in_supply_count(), 5);
  t.act("name:4");
  t.act("turn:5");  // a miss: seat 1 scores 7 and the round goes on
  EXPECT_FALSE(t.st->is_terminal());
  EXPECT_EQ(t.s().seat(1).score, 7);
  EXPECT_EQ(t.seat_to_move(), 2);
  EXPECT_EQ(t.s().all_in_supply_count(), 6);
  EXPECT_EQ(t.st->view_json(3)["all_in_supply"], nlohmann::json::array({1, 2, 3, 4, 5, 6}));
  t.act("play:stepmother.h3");
  t.draw("westwitch.h4");
  t.act("play:witch.h3");
  t.draw("snowqueen.h1");
  ASSERT_TRUE(t.st->is_terminal());
  EXPECT_EQ(t.st->winners(), std::vector<Player>{0});
}

TEST(SupportingCastRules, SC19a_PartySeveralOnSixteenLowestScoreWins) {
  Table t(4, {{"ending", "party"}});
  auto hands = quiet({"queen.e2"});
  hands[1].push_back("wolf.e7");
  t.setup(kVillains4, {{"queen", 3}}, hands);
  t.s().debug_lay_events(1, {4, 5, 6, 7, 1}, true);
  t.s().debug_lay_events(0, {2, 3, 4, 5, 6}, false);
  t.s().debug_set_score(0, 15);
  t.s().debug_set_score(1, 15);
  t.s().debug_set_score(2, 3);
  t.s().debug_set_score(3, 6);
  t.act("play:queen.e2");
  t.draw_dead();
  t.play_draw("wolf.e7");  // seat 1 completes the wolf chain in its last turn: 16 too
  EXPECT_EQ(t.s().seat(1).score, 16);
  t.play_draw("stepmother.h1");
  t.play_draw("witch.h1");
  ASSERT_TRUE(t.st->is_terminal());
  EXPECT_EQ(t.st->winners(), std::vector<Player>{2});  // the lowest score at the table
  EXPECT_EQ(t.s().win_condition(), WinCondition::kPartyLowest);
}

TEST(SupportingCastRules, SC20_SC20a_ClaimTakesTheNamedCardAndTheOwnerMayAnswer) {
  Table t(4, {{"rival-super-hero", "claim"}});
  auto hands = quiet({"queen.super"});
  hands[1].push_back("wolf.super");  // seat 1 (queen's owner) holds the claimer's super hero
  hands[2].push_back("wolf.e2");     // seat 2 holds the card to claim
  t.setup(kVillains4, {}, hands);
  EXPECT_TRUE(t.can("play:queen.super"));
  t.act("play:queen.super");
  ASSERT_EQ(t.s().phase(), SupportingCastState::Phase::kClaimName);
  EXPECT_TRUE(t.can("claim:wolf.e2"));
  EXPECT_FALSE(t.can("claim:wolf.villain"));
  t.act("claim:wolf.e2");
  // The holder hands it over (public) and draws a replacement.
  EXPECT_FALSE(t.s().seat(2).hand.test(t.card("wolf.e2")));
  ASSERT_TRUE(t.st->is_chance());
  t.draw_dead();
  EXPECT_EQ(t.s().seat(2).hand.count(), 6);
  // The owner of the played super hero's villain may answer with the claimer's super hero.
  ASSERT_EQ(t.s().phase(), SupportingCastState::Phase::kClaimAnswer);
  EXPECT_EQ(t.seat_to_move(), 1);
  EXPECT_EQ(t.legal(), (std::set<std::string>{"answer:yes", "answer:no"}));
  t.act("answer:yes");
  EXPECT_TRUE(t.s().seat(1).hand.test(t.card("queen.super")));
  EXPECT_TRUE(t.s().seat(1).known.test(t.card("wolf.super")));  // shown
  // The claimed card is played at once (it fits the wolf chain at 1), then the SC-8 draw.
  EXPECT_EQ(t.s().chain(0).count, 2);
  ASSERT_TRUE(t.st->is_chance());
  t.draw_dead();
  EXPECT_EQ(t.seat_to_move(), 1);
}

TEST(SupportingCastRules, SC20a_AClaimMayNameAnyOfTheTwelveOwnEventsAndHeroes) {
  // SC-20a: "name one of your own twelve events or heroes" — also one in the claimer's own hand
  // or on a chain (the claim then finds nobody holding it), D7.
  Table t(4, {{"rival-super-hero", "claim"}});
  t.setup(kVillains4, {}, quiet({"queen.super", "wolf.e5", "wolf.h2"}));
  t.act("play:queen.super");
  ASSERT_EQ(t.s().phase(), SupportingCastState::Phase::kClaimName);
  std::set<std::string> twelve;
  for (int k = 1; k <= 7; ++k)
    twelve.insert(fmt::format("claim:wolf.e{}", k));  // e1 is on the chain
  for (int k = 1; k <= 4; ++k) twelve.insert(fmt::format("claim:wolf.h{}", k));
  twelve.insert("claim:wolf.super");
  EXPECT_EQ(t.legal(), twelve);
  EXPECT_EQ(t.s().claimable_cards(0).count(), 12);
  // Agents can tell which names can still succeed: not the ones seat 0 sees out of other hands.
  EXPECT_FALSE(t.s().claim_prospects(0).test(t.card("wolf.e5")));
  EXPECT_FALSE(t.s().claim_prospects(0).test(t.card("wolf.e1")));
  EXPECT_TRUE(t.s().claim_prospects(0).test(t.card("wolf.e2")));
  t.act("claim:wolf.e5");  // in seat 0's own hand: nobody else holds it, the claim fails
  for (int q = 1; q < 4; ++q) EXPECT_EQ(t.s().seat(q).known, t.s().seat(q).hand) << q;
  EXPECT_EQ(t.st->view_json(0)["pile_bottom"], nlohmann::json::array({"queen.super"}));
  EXPECT_TRUE(t.s().seat(0).hand.test(t.card("wolf.e5")));
  EXPECT_EQ(t.seat_to_move(), 1);
}

TEST(SupportingCastRules, SC20a_FailedClaimRevealsHandsAndSendsTheSuperHeroToTheBottom) {
  Table t(4, {{"rival-super-hero", "claim"}});
  t.setup(kVillains4, {}, quiet({"queen.super"}));
  t.act("play:queen.super");
  t.act("claim:wolf.e5");  // in the pile: nobody holds it
  for (int q = 1; q < 4; ++q) EXPECT_EQ(t.s().seat(q).known, t.s().seat(q).hand) << q;
  EXPECT_EQ(t.st->view_json(0)["pile_bottom"], nlohmann::json::array({"queen.super"}));
  EXPECT_EQ(t.seat_to_move(), 1);  // the turn ends without a draw
  EXPECT_EQ(t.s().seat(0).hand.count(), 5);
}

TEST(SupportingCastRules, SC20a_ClaimedCardThatCannotBePlayedCausesBadLuck) {
  Table t(4, {{"rival-super-hero", "claim"}});
  auto hands = quiet({"queen.super"});
  hands[2].push_back("wolf.e4");  // does not fit the wolf chain at 1
  t.setup(kVillains4, {}, hands);
  t.act("play:queen.super");
  t.act("claim:wolf.e4");
  t.draw_dead();  // seat 2's replacement
  // Seat 1 is asked even though it cannot answer: being asked reveals nothing (D7).
  EXPECT_EQ(t.legal(), (std::set<std::string>{"answer:no"}));
  t.act("answer:no");
  // The claimer keeps the card and takes bad-luck step 1.
  EXPECT_EQ(t.s().seat(0).bad_luck, 1);
  EXPECT_TRUE(t.s().seat(0).hand.test(t.card("wolf.e4")));
  EXPECT_EQ(t.s().phase(), SupportingCastState::Phase::kChooseMarker);
}

TEST(SupportingCastRules, SC21_StuckTableIsCounted) {
  // Every seat holds only events that do not fit: each takes bad luck in turn (a slot without a
  // play); a full circuit of such slots is one "stuck" count.
  Table t(4);
  t.setup(
      kVillains4, {},
      {{"wolf.e3", "wolf.e4", "wolf.e5", "wolf.e6", "queen.e3", "queen.e4"},
       {"queen.e5", "queen.e6", "stepmother.e3", "stepmother.e4", "stepmother.e5", "stepmother.e6"},
       {"witch.e3", "witch.e4", "witch.e5", "witch.e6", "snowqueen.e3", "snowqueen.e4"},
       {"snowqueen.e5", "snowqueen.e6", "rumpel.e3", "rumpel.e4", "rumpel.e5", "rumpel.e6"}});
  for (int p = 0; p < 4; ++p) {
    ASSERT_EQ(t.seat_to_move(), p);
    t.act("bad-luck");
    t.st->apply(act::kMarker + t.s().seat(p).hand.first());
    t.draw(fmt::format("westwitch.e{}", 3 + p));
  }
  EXPECT_EQ(t.s().round_stuck_count(), 1);
}

TEST(SupportingCastRules, SC21_SeatsOutForTheRoundHaveNoSlotsAndTheEndingSlotCounts) {
  // Under skip=rest-of-round a skipped seat takes no further turns (SC-10): it has no turn slots,
  // so it neither makes the table stuck nor counts as turns (D13). Here every slot plays a card
  // until seat 0 is alone; then each of its slots is a whole circuit of the one seat taking turns,
  // and the slot of the third bad luck that ends the round counts too (D13).
  Table t(4, {{"skip", "rest-of-round"}});
  t.setup(kVillains4, {}, quiet({"queen.h1", "stepmother.h1", "witch.h1"}));
  t.play_draw("queen.h1");  // seat 1 is out for the round
  t.play_draw("stepmother.h2");
  t.play_draw("witch.h2");
  t.play_draw("stepmother.h1");  // seat 2 is out
  t.play_draw("witch.h3");
  t.play_draw("witch.h1");                  // seat 3 is out
  EXPECT_EQ(t.s().round_stuck_count(), 0);  // no slot so far was without a play
  ASSERT_EQ(t.seat_to_move(), 0);
  t.act("bad-luck");  // seat 0 keeps its villain card (SC-8a)
  t.st->apply(act::kMarker + t.s().seat(0).hand.first());
  t.draw_dead();
  EXPECT_EQ(t.s().round_stuck_count(), 1);  // one seat taking turns: one slot is a circuit
  ASSERT_EQ(t.seat_to_move(), 0);
  t.act("bad-luck");
  EXPECT_EQ(t.s().round_stuck_count(), 2);
  t.act("bad-luck");  // third bad luck: no all-in, the round ends and seat 0 scores 7
  EXPECT_EQ(t.s().last_round().end, RoundEnd::kThirdBadLuck);
  EXPECT_EQ(t.s().seat(0).score, 7);
  EXPECT_EQ(t.s().last_round().stuck, 3);
  EXPECT_TRUE(t.s().last_round().stuck_at_end);  // reported apart too, for the other reading
  EXPECT_EQ(t.s().last_round().turns, 9);        // 6 plays and 3 bad lucks; no slots of seats out
}

TEST(SupportingCastRules, SC16a_SC16c_RoundsAlwaysEndWithoutStalemate) {
  register_game();
  for (const auto& opts : std::vector<std::map<std::string, std::string>>{
           {},
           {{"skip", "rest-of-round"}},
           {{"rival-super-hero", "claim"}, {"bad-luck-retry", "yes"}}}) {
    for (int n = 4; n <= 7; ++n) {
      auto g = load_game("supporting-cast", opts, n);
      Rng rng(static_cast<std::uint64_t>(n));
      std::vector<Action> buf;
      for (int i = 0; i < 40; ++i) {
        auto s = g->new_initial_state();
        int rounds_seen = 0;
        while (!s->is_terminal()) {
          if (s->is_chance())
            s->apply_unchecked(s->sample_chance(rng));
          else {
            s->legal_actions(buf);
            s->apply_unchecked(buf[rng.below(static_cast<std::uint32_t>(buf.size()))]);
          }
          auto& sc = static_cast<SupportingCastState&>(*s);
          if (sc.rounds_finished() != rounds_seen) {
            rounds_seen = sc.rounds_finished();
            EXPECT_NE(sc.last_round().end, RoundEnd::kStalemate);
          }
        }
      }
    }
  }
}

TEST(SupportingCastViews, HiddenHandsNeverReachOtherViewers) {
  Table t(4);
  t.setup(kVillains4, {}, quiet({"wolf.e2"}));
  auto v1 = t.st->view_json(1).dump();
  auto spectator = t.st->view_json(kSpectator).dump();
  EXPECT_EQ(v1.find("wolf.e2"), std::string::npos);
  EXPECT_EQ(spectator.find("wolf.e2"), std::string::npos);
  EXPECT_NE(t.st->view_json(0).dump().find("wolf.e2"), std::string::npos);
  EXPECT_EQ(t.st->view_text(1).find(":") != std::string::npos, true);
  // Describing a draw to another seat does not name the card.
  t.play_draw("wolf.e2");
  (void)t;
}

TEST(SupportingCastViews, DescribeDrawIsPerViewer) {
  Table t(4);
  t.setup(kVillains4, {}, quiet({"wolf.e2"}));
  t.act("play:wolf.e2");
  const Action draw = t.id("deal:snowqueen.e4");
  EXPECT_NE(t.st->describe_action(draw, 0).find("snowqueen 4"), std::string::npos);
  EXPECT_EQ(t.st->describe_action(draw, 1), "Seat 0 draws a card");
  EXPECT_EQ(t.st->describe_action(draw, kSpectator), "Seat 0 draws a card");
}

}  // namespace
}  // namespace villainy::supporting_cast
