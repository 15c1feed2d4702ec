// The stall detector of docs/sidescroller.md: one shared rule for "not getting anywhere" — the net horizontal
// displacement over a window of time is below a minimum. Every side-scroller user holds its own instance
// with the seed's settings (kPaceStall, kNavigatorStall, kRushStall) and ticks it once per fixed step.
#pragma once

namespace navlab::side {

struct StallSettings {
  double window_s;        // s; length of one window                               [Limit: > 0]
  double min_progress_m;  // m; less net |Δx| than this over a window is a stall   [Limit: >= 0]
};

// The seed's three users, in seconds (Pace's 12 frames at 60 fps became 0.2 s).
inline constexpr StallSettings kPaceStall{0.2, 0.05};
inline constexpr StallSettings kNavigatorStall{0.5, 0.05};
inline constexpr StallSettings kRushStall{0.15, 0.05};

class StallDetector {
 public:
  StallDetector(double window_s, double min_progress_m) : window_(window_s), min_progress_(min_progress_m) {}
  explicit StallDetector(StallSettings s) : StallDetector(s.window_s, s.min_progress_m) {}

  // Restarts the window at `current_x` (start moving, new target, after a report).
  void reset(double current_x) {
    anchor_x_ = current_x;
    elapsed_ = 0.0;
  }
  // Advances by `dt` s. When the window is full, returns true if the body moved less than the minimum
  // since the window started; either way the window then restarts at `current_x`.
  bool tick(double current_x, double dt);

  double window() const { return window_; }              // s
  double elapsed() const { return elapsed_; }            // s into the current window
  double min_progress() const { return min_progress_; }  // m
  double anchor_x() const { return anchor_x_; }          // m; where the current window started

 private:
  double window_, min_progress_;
  double anchor_x_ = 0.0;
  double elapsed_ = 0.0;
};

}  // namespace navlab::side
