#include <gtest/gtest.h>
#include "supporting_cast/supporting_cast.h"
