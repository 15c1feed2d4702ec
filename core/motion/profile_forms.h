// The closed forms a speed profile is made of, written in x = v² (m²/s²)
// over arc length s (m), and what the profile needs of them: speed, acceleration, time, where a speed
// is reached and where two forms meet.
//
//   Rate    x = x0 + 2·rate·(s − s0): constant tangential acceleration `rate` (m/s²; 0: constant speed).
//   Budget  x = (a/k)·sin θ with θ = theta0 + 2·k·dir·(s − s0) in [0, π/2]: an arc of curvature k
//           (1/m) where the total budget binds, dx/ds = ±2·sqrt(a² − k²x²) (a = max_accel, m/s²;
//           dir +1 speeding up, −1 braking).
//   A form with a reaction step dt > 0 (s) is a braking form seen through the reaction window (the
//           profile's decision curve, never a piece of the profile itself): its speed at s is the v whose
//           window ends on the form, v = v_form(s + v·dt). Over a Rate form braking at b that is the root
//           of v² + 2·b·dt·v = x(s), the stopping limit sqrt((b·dt)² + 2·b·d) − b·dt when x(s) = 2·b·d;
//           over a Budget form it is solved numerically.
#pragma once

#include <algorithm>
#include <cmath>

namespace navlab {

struct SpeedForm {
  enum class Kind { Rate, Budget };
  Kind kind = Kind::Rate;
  double s0 = 0.0;      // m: where x0 (Rate) or theta0 (Budget) holds
  double x0 = 0.0;      // Rate: m²/s² at s0
  double rate = 0.0;    // Rate: m/s², > 0 speeding up, < 0 braking
  double k = 0.0;       // Budget: curvature, 1/m (> 0)
  double a = 0.0;       // Budget: the total budget max_accel, m/s² (> 0)
  double theta0 = 0.0;  // Budget: rad at s0
  double dir = 1.0;     // Budget: +1 speeding up, −1 braking
  double dt = 0.0;      // s: the reaction step it is seen through (0: the form itself; > 0 only on braking
                        // or constant forms)
  friend bool operator==(const SpeedForm&, const SpeedForm&) = default;
};

// A constant speed v (m/s) seen through the reaction step dt (s): the same speed everywhere.
SpeedForm constant_form(double v, double dt = 0.0);
// True for a Rate form with rate 0.
inline bool is_constant(const SpeedForm& f) { return f.kind == SpeedForm::Kind::Rate && f.rate == 0.0; }

// x of a Rate form itself (no reaction window) at s, m²/s², clamped to >= 0.
inline double rate_x(const SpeedForm& f, double s) { return std::max(0.0, f.x0 + 2.0 * f.rate * (s - f.s0)); }
// x of the form itself (no reaction window) at s, m²/s², clamped to >= 0 (Budget: θ clamped to [0, π/2]).
double form_x(const SpeedForm& f, double s);
// The speed at s, m/s, of any form (with the reaction window when dt > 0).
double form_speed_general(const SpeedForm& f, double s);
// The same, a Rate form seen directly (the common case, form_x's sqrt) in line.
inline double form_speed(const SpeedForm& f, double s) {
  if (f.kind == SpeedForm::Kind::Rate && (f.dt <= 0.0 || is_constant(f))) return std::sqrt(rate_x(f, s));
  return form_speed_general(f, s);
}
// The tangential acceleration dv/dt = (dx/ds)/2 at s, m/s² (f.dt must be 0).
double form_accel(const SpeedForm& f, double s);
// The s (m) where the form's speed is v (m/s). The form must not be constant; v within its range.
double form_position(const SpeedForm& f, double v);
// The time (s) along a Budget form `f` from s_a to s_b >= s_a.
double budget_form_time(const SpeedForm& f, double s_a, double s_b);
// The time (s) to go from s_a to s_b >= s_a along the form (f.dt must be 0), with v_a, v_b its speeds
// there (m/s): finite also into a stop (v_b = 0) or from rest.
// (Rate forms in line; a Budget form's time is budget_form_time().)
inline double form_time(const SpeedForm& f, double s_a, double v_a, double s_b, double v_b) {
  if (s_b <= s_a) return 0.0;
  if (is_constant(f)) return v_a > 0.0 ? (s_b - s_a) / v_a : 0.0;
  if (f.kind == SpeedForm::Kind::Rate) {
    const double vsum = v_a + v_b;
    return vsum > 0.0 ? 2.0 * (s_b - s_a) / vsum : 0.0;
  }
  return budget_form_time(f, s_a, s_b);
}

// Where the rising form `up` (dt 0, speeding up) meets `down` (non-increasing) in [lo, hi], given
// up <= down at lo and up >= down at hi: closed forms where they exist, else a bracketed solve. m.
double meet_rising(const SpeedForm& up, const SpeedForm& down, double lo, double hi);
// Where two non-increasing forms f and g cross in [lo, hi], given f − g changes sign there (it changes
// sign at most once: every braking form's slope at a speed depends only on the curvature). m.
double cross_falling(const SpeedForm& f, const SpeedForm& g, double lo, double hi);

// A root of h in [lo, hi] where h changes sign (the end nearer to one when it does not): Illinois
// steps with a bisection every fourth step, so the bracket always shrinks; to a relative width of 4e-16.
template <class H>
double bracketed_root(H h, double lo, double hi) {
  double hlo = h(lo), hhi = h(hi);
  if (hlo == 0.0) return lo;
  if (hhi == 0.0) return hi;
  if ((hlo < 0.0) == (hhi < 0.0)) return std::fabs(hlo) <= std::fabs(hhi) ? lo : hi;
  int side = 0;
  for (int i = 0; i < 200; ++i) {
    double s = (lo * hhi - hi * hlo) / (hhi - hlo);
    if (i % 4 == 3 || !(s > lo && s < hi)) s = 0.5 * (lo + hi);
    if (!(s > lo && s < hi)) break;  // no double between lo and hi
    const double hs = h(s);
    if (hs == 0.0) return s;
    if ((hs < 0.0) == (hlo < 0.0)) {
      lo = s;
      hlo = hs;
      if (side == -1) hhi *= 0.5;
      side = -1;
    } else {
      hi = s;
      hhi = hs;
      if (side == 1) hlo *= 0.5;
      side = 1;
    }
    if (hi - lo <= 4e-16 * (std::fabs(lo) + std::fabs(hi))) break;
  }
  return 0.5 * (lo + hi);
}

// ∫₀^θ dφ / sqrt(sin φ) for θ in [0, π/2] (the time integral of a Budget form), by the lemniscate
// arcsine written with std::ellint_1.
double budget_time_integral(double theta);

}  // namespace navlab
