// Rule tests for Tribute to the Supporting Cast: views and action descriptions, per viewer (D11).
// Each test cites the rule ids of docs/rules/supporting-cast.md it checks, and sets up its
// position by forcing chance outcomes through apply() (table.h).
#include <gtest/gtest.h>

#include "table.h"

namespace villainy::supporting_cast {
namespace {
using test_table::kVillains4;
using test_table::others_pass;
using test_table::quiet;
using test_table::Table;

TEST(SupportingCastViews, HiddenHandsNeverReachOtherViewers) {
  Table t(4);
  t.setup(kVillains4, {}, quiet({"wolf.e2"}));
  auto v1 = t.st()->view_json(1).dump();
  auto spectator = t.st()->view_json(kSpectator).dump();
  EXPECT_EQ(v1.find("wolf.e2"), std::string::npos);
  EXPECT_EQ(spectator.find("wolf.e2"), std::string::npos);
  EXPECT_NE(t.st()->view_json(0).dump().find("wolf.e2"), std::string::npos);
  EXPECT_EQ(t.st()->view_text(1).find(":") != std::string::npos, true);
  // Once played, the card is public: on the wolf chain for every viewer.
  t.play_draw("wolf.e2");
  EXPECT_EQ(t.st()->view_json(1)["chains"][0]["events"], nlohmann::json::array({1, 2}));
}

TEST(SupportingCastViews, DescribeDrawIsPerViewer) {
  Table t(4);
  t.setup(kVillains4, {}, quiet({"wolf.e2"}));
  t.act("play:wolf.e2");
  const Action draw = t.id("deal:snowqueen.e4");
  EXPECT_EQ(t.st()->describe_action(draw, 0).rfind("You draw Snow Queen 4: ", 0), 0u)
      << t.st()->describe_action(draw, 0);
  EXPECT_EQ(t.st()->describe_action(draw, 1), "Seat 1 draws a card");
  EXPECT_EQ(t.st()->describe_action(draw, kSpectator), "Seat 1 draws a card");
}

}  // namespace
}  // namespace villainy::supporting_cast
