// Numbers for sentences read aloud: a value with as few decimals as it needs, and sums whose printed
// terms add up to the printed total (0.205 + 0.185 = 0.390 rather than 0.21 + 0.19 = 0.39).
#pragma once

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace navlab {

// `v` with `decimals` digits after the point.
inline std::string fixed_text(double v, int decimals) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

// The fewest decimals, from `min_decimals` to 6, at which the rounded `terms` add up exactly to the
// rounded sum of the terms (6 when none does).
inline int decimals_that_add_up(const std::vector<double>& terms, int min_decimals = 2) {
  for (int d = min_decimals; d < 6; ++d) {
    const double scale = std::pow(10.0, d);
    long long parts = 0;
    double total = 0.0;
    for (double t : terms) {
      parts += std::llround(t * scale);
      total += t;
    }
    if (parts == std::llround(total * scale)) return d;
  }
  return 6;
}

// The fewest decimals, from `min_decimals` to 6, at which `a` and `b` print differently (`min_decimals`
// when they are equal): "from 2.56 m to 2.5612 m" says the two are not the same point.
inline int decimals_that_differ(double a, double b, int min_decimals = 2) {
  if (a == b) return min_decimals;
  for (int d = min_decimals; d < 6; ++d)
    if (fixed_text(a, d) != fixed_text(b, d)) return d;
  return 6;
}

// "a + b = c" (with `unit` after every number, e.g. " m") at the decimals where the sum adds up.
inline std::string sum_text(const std::vector<double>& terms, const std::string& unit, int min_decimals = 2) {
  const int d = decimals_that_add_up(terms, min_decimals);
  std::string out;
  double total = 0.0;
  for (size_t i = 0; i < terms.size(); ++i) {
    out += (i ? " + " : "") + fixed_text(terms[i], d) + unit;
    total += terms[i];
  }
  return out + " = " + fixed_text(total, d) + unit;
}

}  // namespace navlab
