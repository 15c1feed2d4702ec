#include "format.h"

#include <cmath>

#include "tolerances.h"

namespace navlab {
namespace {
constexpr double kLargestFixed = 1e15;  // beyond it a fixed-point number is too long to read: exponent
}  // namespace

std::string num(double v, int digits) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "infinity" : "-infinity";
  char buf[64];
  const double mag = std::fabs(v);
  if (mag >= std::pow(10.0, digits) && mag < kLargestFixed)
    std::snprintf(buf, sizeof buf, "%.1f", v);
  else
    std::snprintf(buf, sizeof buf, "%.*g", digits, v);
  return buf;
}

std::string decimals(double v, int places) {
  if (!std::isfinite(v)) return num(v);
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", places, v);
  std::string s = buf;
  if (s.find('.') != std::string::npos) {
    while (s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
  }
  return s == "-0" ? "0" : s;
}

std::string whole_or_fixed(double v, int places) {
  if (!std::isfinite(v)) return num(v);
  const double r = std::round(v);
  if (std::fabs(v - r) < tol::kWhole) return fmt("%.0f", r == 0.0 ? 0.0 : r);
  const std::string s = fmt("%.*f", places, v);
  return s.find_first_not_of("-0.") == std::string::npos ? "0" : s;
}

std::string input_point_text(Vec2 p) { return fmt("(%g, %g)", p.x, p.y); }
std::string input_point_text(Vec3 p) { return fmt("(%g, %g, %g)", p.x, p.y, p.z); }

std::string point_text(Vec2 p, int digits) { return "(" + num(p.x, digits) + ", " + num(p.y, digits) + ")"; }

std::string point_text(Vec2 p, NumberText number) { return "(" + number(p.x) + ", " + number(p.y) + ")"; }

std::string count_text(double v) {
  constexpr double kLargestPrintedWhole = 1e15;  // exact in a double, well inside long long
  if (std::fabs(v) < kLargestPrintedWhole) return std::to_string(static_cast<long long>(v));
  return fmt("%g", v);
}

}  // namespace navlab
