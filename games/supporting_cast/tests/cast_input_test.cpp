// SC-1 card data from files (issue 17): only a local user's command line names a cast file; the
// game never opens one; a record carries the cast itself, so replay needs no file.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
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

TEST(SupportingCastCastInput, SC1_RecordCarriesTheCastAndReplayOpensNoFile) {
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

TEST(SupportingCastCastInput, SC1_UntrustedOptionsNeverNameAFile) {
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
