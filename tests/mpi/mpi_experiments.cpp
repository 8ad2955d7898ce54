#include "benchmark_precision.h"
#include <gtest/gtest.h>
TEST(Stopping, Placeholder) { EXPECT_TRUE(true); }
