// How numbers read in messages (format.h), against hand-written text.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "format.h"

namespace navlab {
namespace {

TEST(Format, ACountReadsWholeAndOnePastEveryIntegerReadsInExponentForm) {
  EXPECT_EQ(count_text(0.0), "0");
  EXPECT_EQ(count_text(5000.0), "5000");
  EXPECT_EQ(count_text(1000000001.0), "1000000001");
  EXPECT_EQ(count_text(999999999999999.0), "999999999999999");
  // Past long long's range a conversion would be undefined: the script fuzzer found {"measure": 3e40}.
  EXPECT_EQ(count_text(3e40), "3e+40");
  EXPECT_EQ(count_text(1e19), "1e+19");
  EXPECT_EQ(count_text(std::numeric_limits<double>::infinity()), "inf");
}

TEST(Format, NumbersForPeopleKeepThreeDigitsAndDropTrailingZeros) {
  EXPECT_EQ(num(2.23607), "2.24");
  EXPECT_EQ(decimals(2.5, 3), "2.5");
  EXPECT_EQ(decimals(-0.0001, 3), "0");
  EXPECT_EQ(whole_or_fixed(6.0), "6");
  EXPECT_EQ(whole_or_fixed(1.5), "1.50");
}

}  // namespace
}  // namespace navlab
