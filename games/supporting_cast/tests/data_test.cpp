// SC-1 card data: the embedded default cast, a designer's cast file (option cast=PATH) validated
// with errors naming the file and the field; only a local user's command line names a cast file,
// the game never opens one, and a record carries the cast itself, so replay needs no file.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "supporting_cast/supporting_cast.h"
#include "villainy/core/random.h"
#include "villainy/core/record.h"
#include "villainy/core/registry.h"

namespace villainy::supporting_cast {
namespace {

std::string default_cast_text() {
  std::ifstream in(std::string(VILLAINY_SC_DATA_DIR) + "/fairy-tale-cast.json");
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// A short finished game of `g` (random choices, fixed seed).
std::vector<Action> play_out(const Game& g) {
  auto s = g.new_initial_state();
  std::vector<Action> hist;
  Rng rng(3);
  while (!s->is_terminal()) {
    auto legal = s->legal_actions();
    Action a = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
    s->apply(a);
    hist.push_back(a);
  }
  return hist;
}

TEST(SupportingCastData, SC1_SC2_DefaultCastHasSevenVillainsWithCardsInTwoLanguages) {
  Cast c = Cast::load("default");
  std::set<std::string> keys;
  for (const auto& v : c.villains) {
    keys.insert(v.key);
    EXPECT_FALSE(v.name.empty());
    EXPECT_FALSE(v.name_zh.empty());
    EXPECT_FALSE(v.text.empty() || v.text_zh.empty());  // the villain card's text
    for (const auto& e : v.events)
      EXPECT_FALSE(e.name.empty() || e.name_zh.empty() || e.text.empty() || e.text_zh.empty());
    for (const auto& h : v.heroes)
      EXPECT_FALSE(h.name.empty() || h.name_zh.empty() || h.text.empty() || h.text_zh.empty());
    EXPECT_FALSE(v.super_hero.name_zh.empty() || v.super_hero.text_zh.empty());
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
  // Texts are optional, but a text must be a string.
  d = nlohmann::json::parse(
      std::ifstream(std::string(VILLAINY_SC_DATA_DIR) + "/fairy-tale-cast.json"));
  d["villains"][1]["events"][3].erase("text");
  EXPECT_NO_THROW(Cast::parse(d.dump(), "test.json"));
  d["villains"][1]["events"][3]["text"] = 5;
  expect_error(d.dump(), "villains[1].events[3].text");
  // A bad cast option is an error at game creation, naming the file.
  register_game();
  EXPECT_THROW(load_game("supporting-cast", {{"cast", "/no/such/cast.json"}}, 4), Error);
}

// Issue 30 (8): two villains with the same name (or Chinese name) are refused, as a misspelled
// optional field is (before, "txt_zh" was lost silently); (3) no text carries a control character.
TEST(SupportingCastData, SC1_SameNamesUnknownFieldsAndEscapesAreRefused_Issue30) {
  auto error_of = [](const std::function<void(nlohmann::json&)>& doctor) {
    nlohmann::json d = nlohmann::json::parse(
        std::ifstream(std::string(VILLAINY_SC_DATA_DIR) + "/fairy-tale-cast.json"));
    doctor(d);
    try {
      Cast::parse(d.dump(), "test.json");
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  std::string e =
      error_of([](nlohmann::json& d) { d["villains"][4]["name"] = d["villains"][1]["name"]; });
  EXPECT_NE(e.find("cast file test.json: villains[4].name: '"), std::string::npos) << e;
  EXPECT_NE(e.find("is used twice (also at villains[1].name)"), std::string::npos) << e;
  e = error_of(
      [](nlohmann::json& d) { d["villains"][6]["name_zh"] = d["villains"][0]["name_zh"]; });
  EXPECT_NE(e.find("villains[6].name_zh: '"), std::string::npos) << e;
  e = error_of([](nlohmann::json& d) { d["villains"][2]["events"][1]["txt_zh"] = "x"; });
  EXPECT_NE(e.find("villains[2].events[1].txt_zh: unknown field"), std::string::npos) << e;
  e = error_of([](nlohmann::json& d) { d["villians"] = d["villains"]; });
  EXPECT_NE(e.find("test.json: villians: unknown field"), std::string::npos) << e;
  e = error_of([](nlohmann::json& d) { d["villains"][0]["text"] = "\x1b]0;owned\x07"; });
  EXPECT_NE(e.find("villains[0].text: must not hold control characters"), std::string::npos) << e;
}

TEST(SupportingCastData, SC1_RecordCarriesTheCastAndReplayOpensNoFile) {
  register_game();
  // A cast of its own: the default with another name (so it is not the built-in one).
  nlohmann::json d = nlohmann::json::parse(default_cast_text());
  d["name"] = "Test cast";
  d["villains"][0]["name"] = "Renamed villain";
  char tmpl[] = "/tmp/villainy-cast-XXXXXX.json";
  int fd = mkstemps(tmpl, 5);
  ASSERT_GE(fd, 0);
  close(fd);
  const std::string path = tmpl;
  std::ofstream(path) << d.dump();
  auto g = load_game("supporting-cast", {{"cast", path}}, 4, OptionSource::kLocalUser);
  const auto& sc = static_cast<const SupportingCastGame&>(*g);
  EXPECT_EQ(sc.cast().villains[0].name, "Renamed villain");
  auto hist = play_out(*g);
  Record r = make_record(*g, hist, 3, {"random", "random", "random", "random"}, nullptr);
  ASSERT_EQ(r.data.count("cast"), 1u);
  std::remove(path.c_str());  // replay must not need the file
  Record back = record_from_text(record_to_json(r).dump(), "r.json");
  ReplayResult res = replay_record(back);
  EXPECT_EQ(static_cast<const SupportingCastGame&>(*res.game).cast().villains[0].name,
            "Renamed villain");
  EXPECT_EQ(res.actions, hist);
  // The same record without the data: the path is refused, and nothing is opened.
  back.data.clear();
  try {
    replay_record(back);
    FAIL() << "a record naming a cast file was replayed";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("only a local user's command line may name a file"),
              std::string::npos)
        << e.what();
  }
}

TEST(SupportingCastData, SC1_UntrustedOptionsNeverNameAFile) {
  register_game();
  for (const char* p : {"/etc/shadow", "/dev/stdin", "/dev/zero", "fairy-tale-cast.json"}) {
    EXPECT_THROW(load_game("supporting-cast", {{"cast", p}}, 4), Error) << p;
    EXPECT_THROW(load_game("supporting-cast", {{"cast", p}}, 4, OptionSource::kUntrusted), Error)
        << p;
  }
  // A local user may not name a device either (it would block or never end).
  EXPECT_THROW(load_game("supporting-cast", {{"cast", "/dev/zero"}}, 4, OptionSource::kLocalUser),
               Error);
  // A record's cast data is validated like a file.
  try {
    load_game("supporting-cast", {{"cast", "x.json"}}, 4, OptionSource::kUntrusted,
              {{"cast", "{\"name\": \"" + std::string(100000, 'n') + "\"}"}});
    FAIL();
  } catch (const Error& e) {
    EXPECT_LT(std::string(e.what()).size(), 300u) << std::string(e.what()).substr(0, 300);
  }
  EXPECT_NO_THROW(load_game("supporting-cast", {{"cast", "default"}}, 4));
}

}  // namespace
}  // namespace villainy::supporting_cast
