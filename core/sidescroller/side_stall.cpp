#include "side_stall.h"

#include <cmath>

namespace navlab::side {
namespace {
// Sums of fixed steps (0.05 s × 4) miss the window by rounding; this much short still counts as full, s.
constexpr double kWindowTolerance = 1e-9;
}  // namespace

bool StallDetector::tick(double current_x, double dt) {
  elapsed_ += dt;
  if (elapsed_ + kWindowTolerance < window_) return false;
  const bool stalled = std::fabs(current_x - anchor_x_) < min_progress_;
  reset(current_x);
  return stalled;
}

}  // namespace navlab::side
