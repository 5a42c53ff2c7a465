// Mwahahaha! rule tests: the card data (MW-1): every card of the stand-in set, the raw deck per
// player count. Each test cites the rule ids of docs/rules/mwahahaha.md it checks. Positions are
// set up by forcing chance outcomes (scientists, devices, draws, dice) through apply(); a few tests
// then place tokens, Minions or Empires on the table through the test accessor (documented at the
// call) to reach a phase quickly.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <cstdio>
#include <fstream>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "mw_table.h"
#include "villainy/core/record.h"
#include "villainy/core/registry.h"

namespace villainy::mwahahaha {
namespace {

using namespace testing_table;

// MW-1: the components, every card of the stand-in set.
TEST(MwData, EveryCardOfTheStandInSet_MW1) {
  const CardData& d = CardData::standin();
  // P-SCI: every scientist has the profile {3,2,2,0} and an English and Chinese name.
  for (const auto& s : d.scientists) {
    SCOPED_TRACE(s.name);
    auto r = s.rating;
    std::sort(r.begin(), r.end());
    EXPECT_EQ(r, (std::array<int, 4>{0, 2, 2, 3}));
    EXPECT_FALSE(s.zh.empty());
    EXPECT_FALSE(s.power_name.empty());
  }
  // P-DEV: dice 4v3 / 5v4 / 6v5 / 7v6; requirements grow level by level; ransom 1/2/2-4.
  for (const auto& dv : d.devices) {
    SCOPED_TRACE(dv.name);
    EXPECT_EQ(dv.dice, (std::array<int, 4>{4, 5, 6, 7}));
    EXPECT_EQ(dv.people, (std::array<int, 4>{3, 4, 5, 6}));
    for (int l = 1; l < kLevels; ++l)
      for (int t = 0; t < kTypes; ++t)
        EXPECT_GE(dv.req[static_cast<size_t>(l)][static_cast<size_t>(t)],
                  dv.req[static_cast<size_t>(l - 1)][static_cast<size_t>(t)]);
    EXPECT_EQ(dv.ransom[0], 1);
    EXPECT_EQ(dv.ransom[1], 2);
    EXPECT_FALSE(dv.zh.empty());
  }
  // Man-Eating Plants at State: Energy 2, Money 1, Structure 3, Eureka 2 (the source).
  EXPECT_EQ(d.devices[8].name, "Man-Eating Plants");
  EXPECT_EQ(d.devices[8].req[1], (std::array<int, 4>{2, 1, 3, 2}));
  // P-EMP: capacity 16 per resource over the 36 Empires; cash-in 3 (one icon of 2), 2 (others).
  std::array<int, 4> cap{};
  for (const auto& e : d.empires) {
    SCOPED_TRACE(e.name);
    int icons = 0, total_cap = 0, cash = 0;
    for (int t = 0; t < kTypes; ++t) {
      cap[static_cast<size_t>(t)] += e.cap[static_cast<size_t>(t)];
      icons += e.cap[static_cast<size_t>(t)] > 0;
      total_cap += e.cap[static_cast<size_t>(t)];
      cash += e.cash[static_cast<size_t>(t)];
    }
    EXPECT_EQ(cash, total_cap == 2 && icons == 1 ? 3 : 2);
    EXPECT_FALSE(e.zh.empty());
  }
  EXPECT_EQ(cap, (std::array<int, 4>{16, 16, 16, 16}));
  // P-MIN: per resource values 1,1,1,1,2,2,2,2,3,3; the source's four Energy Minions.
  std::array<std::multiset<int>, 4> vals;
  for (const auto& m : d.minions) {
    SCOPED_TRACE(m.name);
    vals[static_cast<size_t>(m.type)].insert(m.value);
    EXPECT_GE(m.hp, 1);
    EXPECT_FALSE(m.zh.empty());
  }
  for (const auto& v : vals) EXPECT_EQ(v, (std::multiset<int>{1, 1, 1, 1, 2, 2, 2, 2, 3, 3}));
  EXPECT_EQ(d.minions[4].name, "Giant Lizards");
  EXPECT_EQ(d.minions[4].value, 2);
  EXPECT_EQ(d.minions[5].name, "Ultrasonic Overload");
  EXPECT_EQ(d.minions[6].name, "Nanites");
  EXPECT_EQ(d.minions[0].name, "Email Virus");
  EXPECT_EQ(d.minions[0].value, 1);
  // P-DT: 30 designs x 2 copies = 60.
  int copies = 0;
  for (const auto& t : d.tricks) {
    SCOPED_TRACE(t.name);
    copies += t.copies;
    EXPECT_FALSE(t.timing.empty());
    EXPECT_FALSE(t.zh.empty());
  }
  EXPECT_EQ(copies, 60);
}

TEST(MwData, RawDeckPerPlayerCount_MW1) {
  register_game();
  for (int n = 2; n <= 5; ++n) {
    auto g = load_game("mwahahaha", {}, n);
    const auto& mg = static_cast<const MwahahahaGame&>(*g);
    int total = 0;
    for (int k = 0; k < kRawKinds; ++k) total += mg.raw_total(k);
    EXPECT_EQ(total, 25 * n);
    EXPECT_EQ(mg.raw_total(kWild), 3 * n);
    EXPECT_EQ(mg.raw_total(kBetrayed), 2 * n);
  }
}

// Your own cards (issue 14, MW-1): option cards=PATH loads a card file of the embedded form; the
// default stays embedded. A broken file is refused with an error naming the file and the field;
// only a local user's command line may name a file.
class MwCardFile : public ::testing::Test {
 protected:
  void SetUp() override { register_game(); }
  void TearDown() override {
    if (!path_.empty()) std::remove(path_.c_str());
  }
  static nlohmann::json standin() {
    std::ifstream in(std::string(VILLAINY_MW_DATA_DIR) + "/standin-cards.json");
    std::stringstream ss;
    ss << in.rdbuf();
    return nlohmann::json::parse(ss.str());
  }
  std::string write(const std::string& text) {
    char tmpl[] = "/tmp/villainy-mw-cards-XXXXXX.json";
    const int fd = mkstemps(tmpl, 5);
    if (fd >= 0) close(fd);
    path_ = tmpl;
    std::ofstream(path_) << text;
    return path_;
  }
  std::string error_of(const nlohmann::json& cards) {
    const std::string p = write(cards.dump());
    try {
      load_game("mwahahaha", {{"cards", p}}, 3, OptionSource::kLocalUser);
    } catch (const Error& e) {
      return e.what();
    }
    return "";
  }
  std::string path_;
};

TEST_F(MwCardFile, LoadsAGoodFile_MW1) {
  nlohmann::json d = standin();
  d["minions"][4]["name"] = "Giant Geckos";
  d["minions"][4]["zh"] = "巨型壁虎";
  d["minions"][4]["value"] = 3;
  auto g = load_game("mwahahaha", {{"cards", write(d.dump())}}, 3, OptionSource::kLocalUser);
  const auto& mg = static_cast<const MwahahahaGame&>(*g);
  EXPECT_EQ(mg.data().minions[4].name, "Giant Geckos");
  EXPECT_EQ(mg.data().minions[4].value, 3);
  EXPECT_EQ(g->catalogue().card(card_key(CardKind::kMinion, 4, mg.data()), "zh-TW")->name,
            "巨型壁虎");
  // The default is the embedded set.
  auto def = load_game("mwahahaha", {}, 3);
  EXPECT_EQ(static_cast<const MwahahahaGame&>(*def).data().minions[4].name, "Giant Lizards");
  // A game on the file plays to its end.
  auto st = g->new_initial_state();
  Rng rng(5);
  int steps = 0;
  while (!st->is_terminal() && steps++ < 3000) {
    if (st->is_chance()) {
      st->apply(st->sample_chance(rng));
    } else {
      auto legal = st->legal_actions();
      st->apply(legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
    }
  }
  EXPECT_GT(steps, 100);
}

TEST_F(MwCardFile, RejectsBrokenFilesByNamedField_MW1) {
  {
    nlohmann::json d = standin();
    d["minions"][3]["type"] = 7;
    const std::string e = error_of(d);
    EXPECT_NE(e.find(path_), std::string::npos) << e;
    EXPECT_NE(e.find("minions[3]"), std::string::npos) << e;
  }
  {
    nlohmann::json d = standin();
    d["scientists"][2].erase("ratings");
    const std::string e = error_of(d);
    EXPECT_NE(e.find("scientists[2]"), std::string::npos) << e;
    EXPECT_NE(e.find("ratings"), std::string::npos) << e;
  }
  {
    nlohmann::json d = standin();
    d["empires"].erase(0);
    const std::string e = error_of(d);
    EXPECT_NE(e.find("empires"), std::string::npos) << e;
  }
  {
    nlohmann::json d = standin();
    d["rules"]["hand_size"] = "five";
    EXPECT_NE(error_of(d).find("rules"), std::string::npos);
  }
  {
    nlohmann::json d = standin();
    d["dirty_tricks"][0]["copies"] = 40;
    EXPECT_NE(error_of(d).find("dirty_tricks[0]"), std::string::npos);
  }
  EXPECT_NE(error_of(nlohmann::json::parse("[1, 2]")).find(path_), std::string::npos);
  // A record or a network message never names a file.
  EXPECT_THROW(
      load_game("mwahahaha", {{"cards", write(standin().dump())}}, 3, OptionSource::kUntrusted),
      Error);
}

// Issue 30: one reader path, every key unique in its list, every field known and named in errors,
// every documented range playable.

// Plays a random game on the file at `players` and replays its record (untrusted text): the
// same actions, the same end. Returns "" or what went wrong.
std::string play_and_replay(const std::shared_ptr<const Game>& g, std::uint64_t seed) {
  try {
    auto st = g->new_initial_state();
    Rng rng(seed);
    std::vector<Action> actions;
    while (!st->is_terminal()) {
      if (static_cast<int>(actions.size()) > g->max_game_length()) return "longer than its guard";
      Action a = kInvalidAction;
      if (st->is_chance()) {
        a = st->sample_chance(rng);
      } else {
        const auto legal = st->legal_actions();
        a = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
      }
      st->apply(a);  // checked: a legal action the engine refuses is an Error
      actions.push_back(a);
    }
    const std::vector<std::string> seats(static_cast<size_t>(g->num_players()), "random");
    const Record rec = make_record(*g, actions, seed, seats, st.get());
    ReplayResult rep = replay_record(record_from_text(record_to_json(rec).dump(), "rec"));
    if (rep.actions != actions) return "the replay's actions differ";
    if (rep.state->fingerprint() != st->fingerprint()) return "the end differs";
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

// (1) A duplicated scientists[].key, minions[].key, devices[].key (or empires[].key) is refused,
// naming the entry and the first one; before, it loaded and 11 of 13 records did not replay.
TEST_F(MwCardFile, DuplicateKeysAreRefused_Issue30) {
  for (const char* list : {"scientists", "minions", "devices", "empires", "raw_deck"}) {
    SCOPED_TRACE(list);
    nlohmann::json d = standin();
    nlohmann::json& l = std::string(list) == "raw_deck" ? d["raw_deck"]["cards"] : d[list];
    l[3]["key"] = l[1]["key"];
    const std::string e = error_of(d);
    const std::string at = std::string(list) == "raw_deck" ? "raw_deck.cards" : list;
    EXPECT_NE(e.find(at + "[3].key: '"), std::string::npos) << e;
    EXPECT_NE(e.find("is used twice (also at " + at + "[1].key)"), std::string::npos) << e;
  }
}

// (2) rules.empire_cost = 0 and rules.minion_cost = 0 (documented 0–10) play: a purchase with
// nothing to pay draws at once. Before, every game failed ("chose an illegal action (pay:…)").
// The other ends of the documented ranges play too.
TEST_F(MwCardFile, EveryDocumentedRangePlays_Issue30) {
  const std::vector<std::map<std::string, int>> files = {
      {{"empire_cost", 0}},
      {{"minion_cost", 0}},
      {{"empire_cost", 0}, {"minion_cost", 0}, {"max_empires", 36}, {"max_minions", 40}},
      {{"empire_cost", 10}, {"minion_cost", 10}, {"hand_size", 1}, {"sacrifice_cards", 10}},
      {{"tricks_per_round", 5},
       {"wild_value", 0},
       {"hand_size", 10},
       {"max_empires", 1},
       {"max_minions", 1}},
      {{"tricks_per_round", 0}, {"wild_value", 5}, {"sacrifice_cards", 1}}};
  for (const auto& rules : files) {
    nlohmann::json d = standin();
    std::string label;
    for (const auto& [k, v] : rules) {
      d["rules"][k] = v;
      label += fmt::format("{}={} ", k, v);
    }
    SCOPED_TRACE(label);
    const std::string p = write(d.dump());
    for (int players : {2, 5}) {
      auto g = load_game("mwahahaha", {{"cards", p}}, players, OptionSource::kLocalUser);
      for (std::uint64_t seed = 1; seed <= 2; ++seed)
        EXPECT_EQ(play_and_replay(g, seed), "") << players << " players, seed " << seed;
    }
    std::remove(p.c_str());
    path_.clear();
  }
}

// (6) Errors name the field (which rule, which card field), once, with the file once; a missing
// field is named, never a raw library error.
TEST_F(MwCardFile, ErrorsNameTheFieldPath_Issue30) {
  auto check = [&](const std::function<void(nlohmann::json&)>& doctor, const std::string& want) {
    nlohmann::json d = standin();
    doctor(d);
    const std::string e = error_of(d);
    SCOPED_TRACE(e);
    EXPECT_NE(e.find(want), std::string::npos);
    EXPECT_EQ(e.find("json.exception"), std::string::npos);
    // The file's name once.
    const auto first = e.find(path_);
    ASSERT_NE(first, std::string::npos);
    EXPECT_EQ(e.find(path_, first + 1), std::string::npos);
  };
  check([](nlohmann::json& d) { d["rules"]["hand_size"] = 0; },
        ": rules.hand_size: expected an integer in [1, 10]");
  check([](nlohmann::json& d) { d["minions"][0]["value"] = 0; },
        ": minions[0].value: expected an integer in [1, 6]");
  check([](nlohmann::json& d) { d["empires"][2].erase("perk"); },
        ": empires[2]: missing field 'perk'");
  check([](nlohmann::json& d) { d["empires"][2]["perk"] = "moat"; },
        ": empires[2].perk: must be none, fortified or front-business, not 'moat'");
  check([](nlohmann::json& d) { d["devices"][4]["requirements"][1][2] = 51; },
        ": devices[4].requirements[1][2]: expected an integer in [0, 50]");
  check([](nlohmann::json& d) { d["scientists"][1]["power"] = "telepathy"; },
        ": scientists[1].power: unknown scientist power 'telepathy'");
  check([](nlohmann::json& d) { d["dirty_tricks"][3]["key"] = "strike"; },
        ": dirty_tricks[3].key: must be 'union-strike' (the engine's order), not 'strike'");
  // (8) threat_dice has a documented range now: 1–12 (a threat rolls at least one die).
  check(
      [](nlohmann::json& d) {
        d["devices"][0]["threat_dice"] = {0, 0, 0, 0};
      },
      ": devices[0].threat_dice[0]: expected an integer in [1, 12]");
  // (8) A misspelled optional field is refused, not lost.
  check([](nlohmann::json& d) { d["minions"][3]["ability_txt_zh"] = "x"; },
        ": minions[3].ability_txt_zh: unknown field");
  check([](nlohmann::json& d) { d["rules"]["hand-size"] = 5; }, ": rules.hand-size: unknown field");
  // A rule the file states but the engine does not vary must say what the engine plays.
  check([](nlohmann::json& d) { d["rules"]["empire_purchase"] = "choose"; },
        ": rules.empire_purchase: the engine plays 'blind-draw' only");
  // (3) No text of a card file carries a terminal escape sequence.
  check([](nlohmann::json& d) { d["minions"][0]["name"] = "\x1b[2JNanites"; },
        ": minions[0].name: must not hold control characters");
}

}  // namespace
}  // namespace villainy::mwahahaha
