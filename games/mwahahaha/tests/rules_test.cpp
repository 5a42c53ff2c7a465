#include <gtest/gtest.h>

#include "mwahahaha/mwahahaha.h"

namespace villainy::mwahahaha {
namespace {
TEST(MwRules, Placeholder) {
  SUCCEED();
}
}  // namespace
}  // namespace villainy::mwahahaha
