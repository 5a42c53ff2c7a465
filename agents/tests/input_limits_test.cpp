// Agent parameters and tournament sizes from untrusted text (issue 17): finite, in range, checked
// before anything runs or is allocated.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "villainy/agents/agents.h"
#include "villainy/agents/ismcts.h"
#include "villainy/agents/tournament.h"
#include "villainy/core/registry.h"
#include "villainy/games/all.h"

namespace villainy {
namespace {

std::string error_of_spec(const std::string& spec) {
  try {
    parse_ismcts_config(AgentSpec::parse(spec));
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(AgentLimits, IsmctsBudgetsMustBeFiniteAndInRange) {
  // ms=nan passed validation (NaN compares false) and the search never ended; ms=inf and 1e300
  // overflowed the conversion to a clock duration.
  for (const char* bad :
       {"ismcts:ms=nan", "ismcts:ms=inf", "ismcts:ms=-inf", "ismcts:ms=1e300", "ismcts:ms=3600001",
        "ismcts:ms=-1", "ismcts:c=nan", "ismcts:c=inf", "ismcts:c=1e300",
        "ismcts:iterations=1000000000000", "ismcts:iterations=100000001", "ismcts:depth=2147483648",
        "ismcts:depth=-1", "ismcts:iterations=12abc"}) {
    const std::string e = error_of_spec(bad);
    EXPECT_NE(e.find("ismcts"), std::string::npos) << bad << ": " << e;
  }
  EXPECT_NE(error_of_spec("ismcts:ms=nan").find("ms must be a number from 0 to 3600000"),
            std::string::npos);
  EXPECT_EQ(error_of_spec("ismcts:ms=50"), "");
  EXPECT_EQ(error_of_spec("ismcts:ms=3600000:c=100:iterations=100000000:depth=1000000"), "");
}

TEST(AgentLimits, IsmctsConfigIsCheckedWhenBuiltDirectly) {
  register_all_games();
  register_all_agents();
  auto game = load_game("supporting-cast", {}, 4);
  for (double ms : {std::nan(""), std::numeric_limits<double>::infinity(), 1e300}) {
    IsmctsConfig cfg;
    cfg.time_ms = ms;
    EXPECT_THROW(IsmctsAgent(*game, cfg), Error) << ms;
  }
  IsmctsConfig cfg;
  cfg.exploration = std::nan("");
  EXPECT_THROW(IsmctsAgent(*game, cfg), Error);
}

TEST(AgentLimits, ParameterTextIsCutInErrors) {
  register_all_games();
  register_all_agents();
  auto game = load_game("supporting-cast", {}, 4);
  const std::string huge(1 << 20, 'k');
  for (const std::string& spec : {huge, "ismcts:" + huge + "=1", "ismcts:ms=" + huge, huge + ":x=1",
                                  "ismcts:rollout=" + huge}) {
    try {
      make_agent(spec, *game);
      ADD_FAILURE() << "accepted";
    } catch (const Error& e) {
      EXPECT_LT(std::string(e.what()).size(), 400u);
    }
  }
}

TEST(AgentLimits, TournamentGamesAreBoundedBeforeAllocation) {
  register_all_games();
  register_all_agents();
  TournamentConfig cfg;
  cfg.game = load_game("supporting-cast", {}, 4);
  cfg.agents = {"random"};
  cfg.games = 2147483647;  // allocated one result per game, then bad_alloc
  try {
    run_tournament(cfg);
    ADD_FAILURE() << "accepted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("at most 1000000 games"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace villainy
