#include "profile_forms.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

namespace navlab {

namespace {
constexpr double kHalfPi = std::numbers::pi / 2.0;
constexpr int kNewtonIterations = 60;  // the reaction window over a Budget form (converges in a handful)
constexpr double kNewtonStep = 1e-15;  // relative step at which that Newton iteration has converged
constexpr double kOutside = 1e-9;      // share of the bracket a closed-form crossing may fall outside by
// No closed-form crossing (yet): checked() then solves for it. (std::nan("") would parse its argument.)
constexpr double kNoCrossing = std::numeric_limits<double>::quiet_NaN();

// The larger root of v² − β·v − α = 0 (0 discriminant when it is negative), without cancellation.
double larger_root(double beta, double alpha) {
  const double sd = std::sqrt(std::max(0.0, beta * beta + 4.0 * alpha));
  return beta >= 0.0 ? 0.5 * (beta + sd) : 2.0 * alpha / (sd - beta);
}

double theta_at(const SpeedForm& f, double s) {
  return std::clamp(f.theta0 + 2.0 * f.k * f.dir * (s - f.s0), 0.0, kHalfPi);
}

// dx/ds of the form itself at s.
double form_slope(const SpeedForm& f, double s) {
  if (f.kind == SpeedForm::Kind::Rate) return 2.0 * f.rate;
  const double th = f.theta0 + 2.0 * f.k * f.dir * (s - f.s0);
  if (th <= 0.0 && f.dir < 0.0) return 0.0;  // past the end of a braking form: it stays at 0
  return 2.0 * f.a * std::cos(std::clamp(th, 0.0, kHalfPi)) * f.dir;
}

// A closed-form crossing, or the bracketed solve when it is not finite or falls outside [lo, hi].
template <class H>
double checked(double s, H h, double lo, double hi) {
  const double slack = kOutside * (hi - lo);
  if (std::isfinite(s) && s >= lo - slack && s <= hi + slack) return std::clamp(s, lo, hi);
  return std::clamp(bracketed_root(h, lo, hi), lo, hi);
}
}  // namespace

SpeedForm constant_form(double v, double dt) {
  SpeedForm f;
  f.x0 = v * v;
  f.dt = dt;
  return f;
}

double budget_time_integral(double theta) {
  // ∫₀^θ dφ/√sin φ = 2·arcsl(√sin θ), and arcsl(w) = F(ψ, 1/√2)/√2 with tan ψ = √2·w/√(1 − w²). Written
  // with 1 − sin θ = 2·sin²(π/4 − θ/2) so that ψ stays exact near θ = π/2.
  const double th = std::clamp(theta, 0.0, kHalfPi);
  const double psi = std::atan2(std::sqrt(std::sin(th)), std::sin(std::numbers::pi / 4.0 - th / 2.0));
  return std::numbers::sqrt2 * std::ellint_1(1.0 / std::numbers::sqrt2, psi);
}

double form_x(const SpeedForm& f, double s) {
  if (f.kind == SpeedForm::Kind::Rate) return rate_x(f, s);
  return f.a / f.k * std::sin(theta_at(f, s));
}

double form_speed_general(const SpeedForm& f, double s) {
  if (f.dt <= 0.0 || is_constant(f)) return std::sqrt(form_x(f, s));
  if (f.kind == SpeedForm::Kind::Rate)
    return std::max(0.0, larger_root(2.0 * f.rate * f.dt, f.x0 + 2.0 * f.rate * (s - f.s0)));
  // v² = x(s + v·dt): h(v) = v² − x(s + v·dt) rises with v (x falls on a braking form), negative at 0 and
  // >= 0 at the speed at s itself. Newton's steps inside that bracket, a bisection when one leaves it
  // (past the stop at the form's end x is 0 and h has a kink).
  double lo = 0.0, hi = std::sqrt(form_x(f, s)), v = hi;
  for (int i = 0; i < kNewtonIterations && hi > lo; ++i) {
    const double q = s + v * f.dt;
    const double h = v * v - form_x(f, q), dh = 2.0 * v - form_slope(f, q) * f.dt;
    if (h == 0.0) return v;
    (h < 0.0 ? lo : hi) = v;
    double next = dh > 0.0 ? v - h / dh : 0.5 * (lo + hi);
    if (!(next > lo && next < hi)) next = 0.5 * (lo + hi);
    const bool done = std::fabs(next - v) <= kNewtonStep * v;
    v = next;
    if (done) break;
  }
  return v;
}

double form_accel(const SpeedForm& f, double s) { return is_constant(f) ? 0.0 : 0.5 * form_slope(f, s); }

double form_position(const SpeedForm& f, double v) {
  double s;
  if (f.kind == SpeedForm::Kind::Rate) {
    s = f.s0 + (v * v - f.x0) / (2.0 * f.rate);
  } else {
    const double th = std::asin(std::clamp(f.k * v * v / f.a, 0.0, 1.0));
    s = f.s0 + (th - f.theta0) / (2.0 * f.k * f.dir);
  }
  return s - v * f.dt;
}

double budget_form_time(const SpeedForm& f, double s_a, double s_b) {
  const double ga = budget_time_integral(theta_at(f, s_a)), gb = budget_time_integral(theta_at(f, s_b));
  return std::fabs(gb - ga) / (2.0 * std::sqrt(f.a * f.k));
}

double meet_rising(const SpeedForm& up, const SpeedForm& down, double lo, double hi) {
  const auto h = [&](double s) { return form_speed(up, s) - form_speed(down, s); };
  double s = kNoCrossing;
  using K = SpeedForm::Kind;
  if (is_constant(down)) {
    s = form_position(up, std::sqrt(down.x0));
  } else if (up.kind == K::Rate && down.kind == K::Rate && down.dt <= 0.0) {
    // x0u + 2ru(s − s0u) = x0d + 2rd(s − s0d)
    s = (down.x0 - up.x0 + 2.0 * up.rate * up.s0 - 2.0 * down.rate * down.s0) / (2.0 * (up.rate - down.rate));
  } else if (up.kind == K::Rate && down.kind == K::Rate) {
    // v² = x0u + 2ru(s − s0u) and v² = x0d + 2rd(s + v·dt − s0d): eliminate s, a quadratic in v.
    const double q = 1.0 - down.rate / up.rate;
    const double beta = 2.0 * down.rate * down.dt;
    const double alpha = down.x0 + 2.0 * down.rate * (up.s0 - down.s0) - down.rate / up.rate * up.x0;
    const double sd = std::sqrt(std::max(0.0, beta * beta + 4.0 * q * alpha));
    const double v = beta >= 0.0 ? (beta + sd) / (2.0 * q) : 2.0 * alpha / (sd - beta);
    s = up.s0 + (v * v - up.x0) / (2.0 * up.rate);
  } else if (up.kind == K::Budget && down.kind == K::Budget && down.dt <= 0.0 && up.k == down.k) {
    // Equal x on [0, π/2] means equal θ: θ0u + 2k(s − s0u) = θ0d − 2k(s − s0d).
    s = (down.theta0 - up.theta0 + 2.0 * up.k * (up.s0 + down.s0)) / (4.0 * up.k);
  }
  return checked(s, h, lo, hi);
}

double cross_falling(const SpeedForm& f, const SpeedForm& g, double lo, double hi) {
  const auto h = [&](double s) { return form_speed(f, s) - form_speed(g, s); };
  double s = kNoCrossing;
  if (is_constant(f) && !is_constant(g))
    s = form_position(g, std::sqrt(f.x0));
  else if (is_constant(g) && !is_constant(f))
    s = form_position(f, std::sqrt(g.x0));
  return checked(s, h, lo, hi);
}

}  // namespace navlab
