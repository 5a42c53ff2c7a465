// Card data (CM-1): the embedded cards match the reference's tables; card files (cards=PATH) are
// validated with errors naming the file and the field.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>

#include "table.h"
#include "villainy/core/record.h"
#include "villainy/core/registry.h"

namespace villainy::embedded {
extern const std::string_view cheaty_mages_cards;
}

namespace villainy::cheaty_mages {
namespace {
using namespace test;  // the scripted table of table.h
using Phase = CheatyMagesState::Phase;

TEST(CheatyMagesData, CM1_SpellTableMatchesTheReference) {
  const CardData& d = CardData::builtin();
  int total = 0, by_type[3] = {0, 0, 0};
  for (int k = 0; k < kKinds; ++k) {
    const SpellData& s = d.spells[static_cast<size_t>(k)];
    const Row& r = kTable[k];
    EXPECT_EQ(s.key, r.key);
    EXPECT_EQ("DES"[static_cast<int>(s.type)], r.type) << r.key;
    EXPECT_EQ(s.copies, r.copies) << r.key;
    EXPECT_EQ(s.mana, r.mana) << r.key;
    EXPECT_EQ(s.strength, r.strength) << r.key;
    EXPECT_EQ(s.forbidden, r.forbidden) << r.key;
    EXPECT_FALSE(s.name.empty());
    EXPECT_FALSE(s.name_zh.empty());
    total += s.copies;
    by_type[static_cast<int>(s.type)] += s.copies;
  }
  EXPECT_EQ(total, 72);
  EXPECT_EQ(by_type[0], 24);
  EXPECT_EQ(by_type[1], 31);
  EXPECT_EQ(by_type[2], 17);
  EXPECT_EQ(d.spells[kind::kFireball].name_zh, "火球");
}

TEST(CheatyMagesData, CM1_FightersMatchTheReference) {
  const CardData& d = CardData::builtin();
  const int prizes[kNumFighters] = {10, 8, 7, 6, 5, 5, 4, 4, 3, 3};
  for (int f = 0; f < kNumFighters; ++f) {
    const FighterData& x = d.fighters[static_cast<size_t>(f)];
    EXPECT_EQ(x.strength, f + 1) << x.key;
    EXPECT_EQ(x.prize, prizes[f]) << x.key;
    EXPECT_EQ(x.reverses, f == fighter_id::kSkeleton || f == fighter_id::kGhost) << x.key;
    EXPECT_FALSE(x.name_zh.empty());
  }
  EXPECT_EQ(d.fighters[fighter_id::kDragon].name_zh, "龍");
}

TEST(CheatyMagesData, CM1_JudgesMatchTheReference) {
  register_game();
  auto g = load_game("cheaty-mages", {}, 3);
  const auto& cg = static_cast<const CheatyMagesGame&>(*g);
  struct J {
    int limit;
    Penalty pen;
    bool d, e, s, f;
  };
  const J want[kNumJudges] = {
      {10, Penalty::kEject, false, false, true, true},
      {0, Penalty::kNone, false, false, false, false},
      {0, Penalty::kFlip, false, false, false, false},
      {15, Penalty::kDispel, false, false, false, true},
      {10, Penalty::kDispel, false, false, false, false},
      {12, Penalty::kEject, true, false, false, false},
      {15, Penalty::kEject, false, false, false, false},
      {12, Penalty::kDispel, false, false, true, false},
  };
  for (int j = 0; j < kNumJudges; ++j) {
    const JudgeData& x = cg.judge(j);
    EXPECT_EQ(x.limit, want[j].limit) << x.key;
    EXPECT_EQ(x.penalty, want[j].pen) << x.key;
    EXPECT_EQ(x.bans_direct, want[j].d) << x.key;
    EXPECT_EQ(x.bans_enchant, want[j].e) << x.key;
    EXPECT_EQ(x.bans_support, want[j].s) << x.key;
    EXPECT_EQ(x.bans_forbidden, want[j].f) << x.key;
    EXPECT_FALSE(x.name_zh.empty());
  }
}

TEST(CheatyMagesData, CM1_BrokenDataFilesAreRefused) {
  EXPECT_THROW(CardData::parse("{", "bad"), Error);
  EXPECT_THROW(CardData::parse("{\"spells\": []}", "bad"), Error);
}

TEST(CheatyMagesData, CM1_DuplicateAbsentByDefault) {
  Table t = setup(3, {});
  EXPECT_EQ(t.g().copies(kind::kDuplicate), 0);
  EXPECT_EQ(t.g().copies(kind::kDetectMagic), 2);
  EXPECT_FALSE(t.legal("deal:duplicate"));
}

nlohmann::json default_cards() {
  return nlohmann::json::parse(embedded::cheaty_mages_cards);
}

// A card file in /tmp, removed when the test ends.
struct TempFile {
  std::string path;
  explicit TempFile(const std::string& text) {
    char tmpl[] = "/tmp/villainy-cm-cards-XXXXXX.json";
    const int fd = mkstemps(tmpl, 5);
    EXPECT_GE(fd, 0);
    close(fd);
    path = tmpl;
    std::ofstream(path) << text;
  }
  ~TempFile() { std::remove(path.c_str()); }
};

// The error a broken card file gives (empty when it loads).
std::string load_error(const nlohmann::json& cards) {
  try {
    (void)CardData::parse(cards.dump(), "mine.json");
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

// Issue 30 (8): a misspelled optional field is refused, naming its path (before, "txt_zh" was
// lost silently); (3) no text of a card file carries a terminal escape sequence.
TEST(CheatyMagesData, CM1_UnknownFieldsAndEscapesAreRefused_Issue30) {
  nlohmann::json d = default_cards();
  d["fighters"][2]["txt_zh"] = "x";
  EXPECT_NE(load_error(d).find("card file mine.json: fighters[2].txt_zh: unknown field"),
            std::string::npos)
      << load_error(d);
  d = default_cards();
  d["judges"][0]["bans_"] = nlohmann::json::array();
  EXPECT_NE(load_error(d).find("judges[0].bans_: unknown field"), std::string::npos);
  d = default_cards();
  d["spells"][5]["name"] = "Magic \x1b[2JMissile";
  EXPECT_NE(load_error(d).find("spells[5].name: must not hold control characters"),
            std::string::npos)
      << load_error(d);
  d = default_cards();
  d["spells"][5]["text_zh"] =
      "\xc2\x9b"
      "2J";  // C1 CSI (U+009B)
  EXPECT_NE(load_error(d).find("spells[5].text_zh: must not hold control characters"),
            std::string::npos)
      << load_error(d);
  EXPECT_EQ(load_error(default_cards()), "");
}

// Issue 14: a designer's own cards by option (cards=PATH); the game plays with them, and a record
// carries them so that a replay needs no file.
TEST(CheatyMagesData, CM1_CardFileLoadsAndTheRecordCarriesIt) {
  register_game();
  nlohmann::json d = default_cards();
  d["spells"][kind::kCure]["strength"] = 3;
  d["spells"][kind::kCure]["name"] = "Big Cure";
  d["fighters"][fighter_id::kGoblin]["prize"] = 11;
  d["judges"][judge_id::kZapp]["limit"] = 14;
  TempFile file(d.dump());
  auto g = load_game("cheaty-mages", {{"cards", file.path}}, 4, OptionSource::kLocalUser);
  const auto& cg = static_cast<const CheatyMagesGame&>(*g);
  EXPECT_EQ(cg.spell(kind::kCure).strength, 3);
  EXPECT_EQ(cg.spell(kind::kCure).name, "Big Cure");
  EXPECT_EQ(cg.fighter(fighter_id::kGoblin).prize, 11);
  EXPECT_EQ(cg.judge(judge_id::kZapp).limit, 14);
  EXPECT_EQ(cg.action_name(act::kCast + kind::kCure), "cast:cure");  // keys stay the engine's
  // The modified Cure strengthens by 3 in play (CM-11).
  auto s = g->new_initial_state();
  s->apply(*g->action_from_name("start:0"));
  std::vector<Action> hist = {*g->action_from_name("start:0")};
  Rng rng(5);
  std::vector<Action> legal;
  while (!s->is_terminal()) {
    s->legal_actions(legal);
    const Action a = s->is_chance() ? s->sample_chance(rng)
                                    : legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
    s->apply(a);
    hist.push_back(a);
  }
  Record r = make_record(*g, hist, 5, {"random", "random", "random", "random"}, nullptr);
  ASSERT_EQ(r.data.count("cards"), 1u);
  Record back = record_from_text(record_to_json(r).dump(), "r.json");
  std::remove(file.path.c_str());  // replay must not need the file
  ReplayResult res = replay_record(back);
  EXPECT_EQ(static_cast<const CheatyMagesGame&>(*res.game).spell(kind::kCure).strength, 3);
  EXPECT_EQ(res.actions, hist);
}

TEST(CheatyMagesData, CM1_CardEffectsFollowTheFile) {
  nlohmann::json d = default_cards();
  d["spells"][kind::kCure]["strength"] = 3;
  TempFile file(d.dump());
  Table t = test::solo({"cure"}, "tad", {"1", "2", "3"}, {{"cards", file.path}});
  t.cast("cure", 4);
  EXPECT_EQ(t.s().strength(3), 4 + 3);  // Lizardman 4, Cure +3 from the file
}

// Every broken field is refused with the file's name and the field's path.
TEST(CheatyMagesData, CM1_BrokenCardFilesNameTheField) {
  struct Case {
    const char* what;
    std::function<void(nlohmann::json&)> change;
    const char* expect;
  };
  const std::vector<Case> cases = {
      {"mana not a number", [](auto& d) { d["spells"][3]["mana"] = "x"; }, "spells[3].mana"},
      {"mana out of range", [](auto& d) { d["spells"][3]["mana"] = 1000; }, "spells[3].mana"},
      {"key out of order", [](auto& d) { d["spells"][0]["key"] = "healing"; }, "spells[0].key"},
      {"no name", [](auto& d) { d["spells"][7].erase("name"); }, "spells[7]: missing field 'name'"},
      {"bad type", [](auto& d) { d["spells"][2]["type"] = "curse"; }, "spells[2].type"},
      {"not forbidden-bool", [](auto& d) { d["spells"][4]["forbidden"] = 1; },
       "spells[4].forbidden"},
      {"wrong total", [](auto& d) { d["spells"][0]["copies"] = 5; }, "must total 72"},
      {"no Detect Magic",
       [](auto& d) {
         d["spells"][kind::kDetectMagic]["copies"] = 0;
         d["spells"][kind::kCure]["copies"] = 6;
       },
       "spells[24].copies"},
      {"too few spells", [](auto& d) { d["spells"].erase(36); },
       "spells: must be an array of exactly 37"},
      {"missing prize", [](auto& d) { d["fighters"][2].erase("prize"); },
       "fighters[2]: missing field 'prize'"},
      {"tied strengths", [](auto& d) { d["fighters"][1]["strength"] = 1; }, "fighters[1].strength"},
      {"bad penalty", [](auto& d) { d["judges"][1]["penalty"] = "nap"; }, "judges[1].penalty"},
      {"bad ban",
       [](auto& d) {
         d["judges"][0]["bans"] = {"direct", "music"};
       },
       "judges[0].bans[1]"},
      {"text not a string", [](auto& d) { d["judges"][5]["text"] = 3; }, "judges[5].text"},
      {"no judges", [](auto& d) { d.erase("judges"); }, "missing field 'judges'"},
  };
  EXPECT_EQ(load_error(default_cards()), "");
  for (const Case& c : cases) {
    nlohmann::json d = default_cards();
    c.change(d);
    const std::string e = load_error(d);
    EXPECT_NE(e.find("card file mine.json"), std::string::npos) << c.what << ": " << e;
    EXPECT_NE(e.find(c.expect), std::string::npos) << c.what << ": " << e;
  }
  const std::string e = [] {
    try {
      (void)CardData::parse("{\"spells\": [", "mine.json");
    } catch (const Error& x) {
      return std::string(x.what());
    }
    return std::string();
  }();
  EXPECT_NE(e.find("card file mine.json: not valid JSON"), std::string::npos) << e;
}

// Only a local user's command line names a file (the server and records cannot).
TEST(CheatyMagesData, CM1_UntrustedOptionsNeverNameAFile) {
  register_game();
  TempFile file(default_cards().dump());
  EXPECT_THROW(load_game("cheaty-mages", {{"cards", file.path}}, 4), Error);
  EXPECT_THROW(load_game("cheaty-mages", {{"cards", "/dev/zero"}}, 4, OptionSource::kLocalUser),
               Error);
  EXPECT_NO_THROW(load_game("cheaty-mages", {{"cards", "default"}}, 4));
  EXPECT_NO_THROW(load_game("cheaty-mages", {{"cards", file.path}}, 4, OptionSource::kLocalUser));
}

}  // namespace
}  // namespace villainy::cheaty_mages
