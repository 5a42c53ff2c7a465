#include <gtest/gtest.h>

#include "cheaty_mages/cheaty_mages.h"
