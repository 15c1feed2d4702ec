#include "profile.h"
#include "tolerances.h"
#include "format.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <numbers>

#include "sum_text.h"

namespace navlab {

namespace {
constexpr int kBisections = 64;
constexpr double kSpeedEps = 1e-9;  // m/s: a speed this close to a limit is "at" it
constexpr double kStopMatch = 1e-9; // m: a stop-turn's s matches a piece boundary within this

// Time to cover ds from rest to rest, speeding up at `accel` then braking at `brake` (both samples of a
// piece shorter than the sample spacing can be stops): the peak v² = 2·ds·a·b/(a + b), t = v/a + v/b.
double rest_to_rest_time(double ds, double accel, double brake) {
  const double v = std::sqrt(2.0 * ds * accel * brake / (accel + brake));
  return v / accel + v / brake;
}

// A sample limit as a sentence names it.
std::string limit_name(ProfileLimit limit) {
  switch (limit) {
    case ProfileLimit::Goal: return "goal";
    case ProfileLimit::StopTurn: return "stop-turn";
    case ProfileLimit::Lateral: return "arc's lateral-acceleration limit sqrt(a_lat·R)";
    case ProfileLimit::MaxSpeed: return "max_speed limit";
    default: return std::string(to_string(limit)) + " limit";
  }
}

struct Point {
  double s = 0.0;
  double curvature = 0.0;  // of the step [s, next s]
  double cap = 0.0;        // m/s
  ProfileLimit cap_name = ProfileLimit::MaxSpeed;
};

// Tangential acceleration the total budget leaves at speed v on curvature k.
double budget(const AgentDef& ag, double v, double k) {
  if (k == 0.0) return ag.max_accel;
  const double lat = v * v * k;
  return std::sqrt(std::max(0.0, ag.max_accel * ag.max_accel - lat * lat));
}

// Largest v in [lo, hi] with ok(v), given ok(lo) and ok monotone (true then false). Only used where a
// closed form below could not give a finite answer.
template <class Pred>
double largest(double lo, double hi, Pred ok) {
  if (ok(hi)) return hi;
  for (int i = 0; i < kBisections; ++i) {
    const double mid = 0.5 * (lo + hi);
    (ok(mid) ? lo : hi) = mid;
  }
  return lo;
}

// Largest v in [from, cap] (from <= cap) reachable over ds from `from` at a tangential rate of
// min(rate, budget(v, k)): v² <= from² + 2·ds·min(rate, budget(v, k)). The right side shrinks as v grows,
// so the answer is where both sides meet, in closed form in x = v²:
//  - where the budget is at least `rate` (x <= sqrt(A² − rate²)/k, A = max_accel; everywhere on a
//    segment) the bound is x = from² + 2·ds·rate;
//  - beyond, the budget binds: (x − from²)² = 4·ds²·(A² − k²x²), whose larger root is the crossing.
double reachable(const AgentDef& ag, double from, double cap, double ds, double k, double rate) {
  const double A = ag.max_accel, f2 = from * from;
  const double x1 = f2 + 2.0 * ds * std::min(rate, A);
  if (k == 0.0 || (rate < A && x1 * k <= std::sqrt((A - rate) * (A + rate)))) return std::min(cap, std::sqrt(x1));
  if (f2 * k >= A) return from;  // no budget left already at `from`
  const double q = 4.0 * ds * ds, a2 = 1.0 + q * k * k;
  const double disc = q * (A * A * a2 - k * k * f2 * f2);
  const double v = std::sqrt((f2 + std::sqrt(std::max(0.0, disc))) / a2);
  if (std::isfinite(v)) return std::clamp(v, from, cap);
  return largest(from, cap, [&](double u) { return u * u <= f2 + 2.0 * ds * std::min(rate, budget(ag, u, k)); });
}

// The larger root of v² − β·v − α = 0 (0 discriminant when it is negative), without cancellation.
double larger_root(double beta, double alpha) {
  const double sd = std::sqrt(std::max(0.0, beta * beta + 4.0 * alpha));
  return beta >= 0.0 ? 0.5 * (beta + sd) : 2.0 * alpha / (sd - beta);
}

// Minimum of a fixed array over any index range in O(1), after an O(n log n) table (a sparse table:
// level k holds the minimum of each run of 2^k values).
class RangeMin {
 public:
  explicit RangeMin(std::vector<double> values) {
    levels_.push_back(std::move(values));
    for (size_t len = 2; len <= levels_[0].size(); len *= 2) {
      const std::vector<double>& prev = levels_.back();
      std::vector<double> next(levels_[0].size() - len + 1);
      for (size_t a = 0; a < next.size(); ++a) next[a] = std::min(prev[a], prev[a + len / 2]);
      levels_.push_back(std::move(next));
    }
  }
  // The minimum over [a, b], a <= b.
  double min(size_t a, size_t b) const {
    const size_t k = static_cast<size_t>(std::bit_width(b - a + 1)) - 1;
    return std::min(levels_[k][a], levels_[k][b + 1 - (size_t{1} << k)]);
  }

 private:
  std::vector<std::vector<double>> levels_;
};

// Largest v in [0, vb[i]] whose reaction window [s_i, s_i + v·dt] keeps v² <= the envelope's v², which
// is linear in s between samples (constant deceleration), so its minimum over the window is at a
// sample inside it or at the window's end. A piece [s_{j−1}, s_j] is passed when a window ending at s_j
// still holds: (s_j − s_i)/dt below vb[i] and its square <= the envelope's v² at every sample up to j.
// That test only gets harder as j grows, so the first piece that is not passed is found by a binary
// search (`vb2` gives the minimum of vb² over a run of samples at once), and v is there: v² <= the
// passed samples' minimum and v² <= the envelope's v² at s_i + v·dt, a quadratic in v. Samples before
// `lower` (the first after i with a lower envelope speed) cannot bind, so the search starts there.
double reaction_speed(const std::vector<Point>& pts, const std::vector<double>& vb, const RangeMin& vb2, size_t i,
                      size_t lower, double dt) {
  const size_t n = pts.size();
  const double vmax = vb[i], si = pts[i].s;
  if (vmax <= 0.0) return vmax;
  const size_t first = std::max(i + 1, lower);
  if (first > i + 1 && (pts[first - 1].s - si) / dt >= vmax) return vmax;
  // The minimum of the envelope's v² at the samples of the passed pieces [first, j).
  const auto passed_min = [&](size_t j) { return j > first ? std::min(vmax * vmax, vb2.min(first, j - 1)) : vmax * vmax; };
  const auto passes = [&](size_t j) {
    const double hi = (pts[j].s - si) / dt;
    return hi < vmax && hi * hi <= std::min(vmax * vmax, vb2.min(first, j));
  };
  size_t a = first, b = n;  // the first piece not passed is in [a, b] (b = n: every piece passes)
  while (a < b) {
    const size_t mid = a + (b - a) / 2;
    if (passes(mid)) a = mid + 1;
    else b = mid;
  }
  const size_t j = a;
  const double m = passed_min(j);
  if (j >= n) return std::min(vmax, std::sqrt(m));
  const double s0 = pts[j - 1].s, s1 = pts[j].s;
  const double lo = (s0 - si) / dt, hi = (s1 - si) / dt;  // v whose window ends at s0 / s1
  const double b0 = vb[j - 1] * vb[j - 1], b1 = vb[j] * vb[j];
  if (hi < vmax) {
    if (s1 <= s0) return lo;
  } else {
    const double t = (si + vmax * dt - s0) / (s1 - s0);
    if (vmax * vmax <= std::min(m, b0 + (b1 - b0) * t)) return vmax;
  }
  const double c = (b1 - b0) / (s1 - s0);  // d(v²)/ds on this piece
  const double root = larger_root(c * dt, b0 + c * (si - s0));
  return std::clamp(std::min(std::sqrt(m), root), lo, std::min(hi, vmax));
}
}  // namespace

double stopping_speed_limit(double d, double brake, double dt) {
  const double bdt = brake * dt;
  return std::sqrt(bdt * bdt + 2.0 * brake * std::max(0.0, d)) - bdt;
}

const char* to_string(ProfileLimit l) {
  switch (l) {
    case ProfileLimit::Start: return "start";
    case ProfileLimit::Goal: return "goal";
    case ProfileLimit::StopTurn: return "stop_turn";
    case ProfileLimit::MaxSpeed: return "max_speed";
    case ProfileLimit::Lateral: return "lateral";
    case ProfileLimit::Braking: return "braking";
    case ProfileLimit::Accel: return "accel";
  }
  return "max_speed";
}

const char* to_string(ProfileStep::Kind k) {
  switch (k) {
    case ProfileStep::Kind::PieceLimit: return "piece_limit";
    case ProfileStep::Kind::StopTurn: return "stop_turn";
    case ProfileStep::Kind::Braking: return "braking";
    case ProfileStep::Kind::Accelerating: return "accelerating";
    case ProfileStep::Kind::Total: return "total";
  }
  return "piece_limit";
}

std::string ProfileStep::describe() const {
  switch (kind) {
    case Kind::PieceLimit:
      if (arc && limit == ProfileLimit::Lateral)
        return fmt("On the arc from s %.2f m to %.2f m (R %.2f m) the speed limit is sqrt(a_lat·R) = sqrt(%.2f · %.2f) "
                   "= %.2f m/s.",
                   s0, s1, radius, v0 * v0 / radius, radius, v0);
      return fmt("On the %s from s %.2f m to %.2f m the speed limit is max_speed, %.2f m/s.", arc ? "arc" : "segment", s0,
                 s1, v0);
    case Kind::StopTurn:
      return fmt("Stop-turn at s %.2f m: speed 0, turn %.1f° in place in %.2f s.", s0, theta * 180.0 / std::numbers::pi,
                 time);
    case Kind::Braking: {
      const std::string zone = fmt("from %.2f m/s at s %.2f m to %.2f m/s at s %.2f m", v0, s0, v1, s1);
      if (v1 > 0.0)
        return "Backward pass: brake " + zone + " to meet the " + limit_name(limit) + " ahead.";
      // A stop ahead: the seed's braking rule with its two terms, v·dt + v²/(2b) = distance.
      const double react = v0 * reaction_dt, brake_len = v0 * v0 / (2.0 * brake);
      return "Backward pass: to stop for the " + limit_name(limit) + " the agent brakes " + zone + ": at " +
             fmt("%.2f m/s with reaction step dt %.2f s and braking b %.2f m/s², ", v0, reaction_dt, brake) +
             "stopping takes " + sum_text({react, brake_len}, " m") + " (v·dt + v²/2b).";
    }
    case Kind::Accelerating:
      return fmt("Forward pass: accelerate from %.2f m/s at s %.2f m to %.2f m/s at s %.2f m.", v0, s0, v1, s1);
    case Kind::Total:
      return fmt("Total time %.2f s over %.2f m, %.2f s of it turning in place.", time, s1, turn_time);
  }
  return "";
}

namespace {

bool positive(double x) { return std::isfinite(x) && x > 0.0; }

void record(ProfileTrace* trace, ProfileStep st) {
  if (trace) trace->steps.push_back(std::move(st));
}

// The sample points along the path with each one's limit: max_speed, or on an arc the lateral limit;
// the start (0) and the goal (0). Records each piece's limit.
std::vector<Point> sample_points(const SmoothPath& path, const AgentDef& ag, ProfileTrace* trace) {
  const double a_lat = std::min(ag.lateral_accel, ag.max_accel);
  auto piece_cap = [&](const PathPiece& p, ProfileLimit* name) {
    *name = ProfileLimit::MaxSpeed;
    if (p.kind != PathPiece::Kind::Arc) return ag.max_speed;
    const double v = std::sqrt(a_lat * p.arc.radius);
    if (v < ag.max_speed) *name = ProfileLimit::Lateral;
    return std::min(v, ag.max_speed);
  };
  const double spacing = profile_spacing(path.length);
  auto piece_samples = [spacing](const PathPiece& p) { return std::max(1, int(std::ceil(p.length / spacing - tol::kWhole))); };
  std::vector<Point> pts;
  size_t count = 1;  // the goal
  for (const PathPiece& p : path.pieces) count += size_t(piece_samples(p));
  pts.reserve(count);
  for (size_t k = 0; k < path.pieces.size(); ++k) {
    const PathPiece& p = path.pieces[k];
    ProfileLimit name = ProfileLimit::MaxSpeed;
    const double cap = piece_cap(p, &name);
    if (trace) {
      ProfileStep st;
      st.kind = ProfileStep::Kind::PieceLimit;
      st.piece = int(k);
      st.arc = p.kind == PathPiece::Kind::Arc;
      st.radius = p.arc.radius;
      st.s0 = p.s0;
      st.s1 = p.s0 + p.length;
      st.v0 = st.v1 = cap;
      st.limit = name;
      record(trace, st);
    }
    const int n = piece_samples(p);
    for (int i = 0; i < n; ++i) {
      Point q{p.s0 + p.length * i / n, p.curvature(), cap, name};
      if (i == 0 && !pts.empty() && pts.back().cap < cap) {  // a boundary takes the lower neighbour limit
        q.cap = pts.back().cap;
        q.cap_name = pts.back().cap_name;
      }
      pts.push_back(q);
    }
  }
  pts.push_back(Point{path.length, path.pieces.empty() ? 0.0 : path.pieces.back().curvature(), 0.0, ProfileLimit::Goal});
  pts.front().cap = 0.0;
  if (pts.size() > 1) pts.front().cap_name = ProfileLimit::Start;
  return pts;
}

// Every stop-turn stands still (limit 0 at its sample); returns the time spent turning in place.
double stop_turns(const SmoothPath& path, const AgentDef& ag, std::vector<Point>& pts, ProfileTrace* trace) {
  double turn_time = 0.0;
  for (const Turn& t : path.turns) {
    if (t.kind != TurnKind::Stop) continue;
    auto it = std::lower_bound(pts.begin(), pts.end(), t.s - kStopMatch, [](const Point& p, double s) { return p.s < s; });
    if (it != pts.end() && std::fabs(it->s - t.s) <= kStopMatch) {
      it->cap = 0.0;
      it->cap_name = ProfileLimit::StopTurn;
    }
    const double time = t.theta / ag.max_turn_rate;
    turn_time += time;
    ProfileStep st;
    st.kind = ProfileStep::Kind::StopTurn;
    st.s0 = st.s1 = t.s;
    st.theta = t.theta;
    st.time = time;
    record(trace, st);
  }
  return turn_time;
}

// Backward pass: the continuous braking envelope.
std::vector<double> braking_envelope(const std::vector<Point>& pts, const AgentDef& ag) {
  const size_t n = pts.size();
  std::vector<double> vb(n);
  vb[n - 1] = pts[n - 1].cap;
  for (size_t i = n - 1; i-- > 0;) {
    const double ds = pts[i + 1].s - pts[i].s, k = pts[i].curvature, next = vb[i + 1], cap = pts[i].cap;
    vb[i] = cap <= next ? cap : reachable(ag, next, cap, ds, k, ag.brake_decel);
  }
  return vb;
}

// Reaction step: at speed v the controller runs v·dt before braking along the envelope `vb`.
std::vector<double> reaction_envelope(const std::vector<Point>& pts, const std::vector<double>& vb, const AgentDef& ag) {
  if (ag.reaction_dt <= 0.0) return vb;
  const size_t n = pts.size();
  std::vector<double> vr(n);
  std::vector<size_t> lower(n, n);  // the first sample after i with vb below vb[i] (n: none)
  std::vector<size_t> stack;
  for (size_t j = 0; j < n; ++j) {
    while (!stack.empty() && vb[j] < vb[stack.back()]) {
      lower[stack.back()] = j;
      stack.pop_back();
    }
    stack.push_back(j);
  }
  std::vector<double> squares(n);
  for (size_t j = 0; j < n; ++j) squares[j] = vb[j] * vb[j];
  const RangeMin vb2(std::move(squares));
  for (size_t i = 0; i < n; ++i) vr[i] = reaction_speed(pts, vb, vb2, i, lower[i], ag.reaction_dt);
  return vr;
}

// Forward pass: acceleration from rest under the envelope `vr`.
std::vector<double> forward_pass(const std::vector<Point>& pts, const std::vector<double>& vr, const AgentDef& ag) {
  const size_t n = pts.size();
  std::vector<double> v(n);
  v[0] = std::min(0.0, vr[0]);
  for (size_t i = 0; i + 1 < n; ++i) {
    const double ds = pts[i + 1].s - pts[i].s, k = pts[i].curvature, prev = v[i], hi = vr[i + 1];
    v[i + 1] = hi <= prev ? hi : reachable(ag, prev, hi, ds, k, ag.accel);
  }
  return v;
}

// The profile's samples with their binding limit; returns the time spent moving.
double fill_samples(Profile& out, const std::vector<Point>& pts, const std::vector<double>& v,
                    const std::vector<double>& vr, const AgentDef& ag) {
  const size_t n = pts.size();
  double move_time = 0.0;
  out.samples.resize(n);
  for (size_t i = 0; i < n; ++i) {
    ProfileSample& smp = out.samples[i];
    smp.s = pts[i].s;
    smp.v = v[i];
    smp.curvature = pts[i].curvature;
    if (i + 1 < n) {
      const double ds = pts[i + 1].s - pts[i].s;
      smp.a = (v[i + 1] * v[i + 1] - v[i] * v[i]) / (2.0 * ds);
      const double vsum = v[i] + v[i + 1];
      move_time += vsum > 0.0 ? 2.0 * ds / vsum : rest_to_rest_time(ds, ag.accel, ag.brake_decel);
    }
    if (pts[i].cap == 0.0) smp.limit = pts[i].cap_name;
    else if (v[i] < vr[i] - kSpeedEps) smp.limit = ProfileLimit::Accel;
    else if (vr[i] < pts[i].cap - kSpeedEps) smp.limit = ProfileLimit::Braking;
    else smp.limit = pts[i].cap_name;
  }
  return move_time;
}

// One step per run of braking / accelerating samples, then the total.
void trace_runs(const Profile& out, const std::vector<Point>& pts, const std::vector<double>& v, const SmoothPath& path,
                const AgentDef& ag, double turn_time, ProfileTrace& trace) {
  const size_t n = pts.size();
  for (size_t i = 0; i < n;) {
    const ProfileLimit lim = out.samples[i].limit;
    if (lim != ProfileLimit::Braking && lim != ProfileLimit::Accel) {
      ++i;
      continue;
    }
    size_t j = i;
    while (j + 1 < n && out.samples[j + 1].limit == lim) ++j;
    const size_t end = std::min(j + 1, n - 1);  // the run ends at the next sample's limit
    ProfileStep st;
    st.kind = lim == ProfileLimit::Braking ? ProfileStep::Kind::Braking : ProfileStep::Kind::Accelerating;
    // The zone starts where the previous limit let go; after another braking or accelerating run it
    // starts where that run ended, so s never runs backwards from one step to the next.
    const bool after_run =
        i > 0 && (out.samples[i - 1].limit == ProfileLimit::Braking || out.samples[i - 1].limit == ProfileLimit::Accel);
    const size_t from = i > 0 && !after_run ? i - 1 : i;
    st.s0 = pts[from].s;
    st.v0 = v[from];
    st.s1 = pts[end].s;
    st.v1 = v[end];
    st.limit = out.samples[end].limit;
    st.brake = ag.brake_decel;
    st.reaction_dt = ag.reaction_dt;
    trace.steps.push_back(st);
    i = j + 1;
  }
  ProfileStep total;
  total.kind = ProfileStep::Kind::Total;
  total.s1 = path.length;
  total.time = out.total_time;
  total.turn_time = turn_time;
  trace.steps.push_back(total);
}

}  // namespace

Profile speed_profile(const SmoothPath& path, const AgentDef& ag, ProfileTrace* trace) {
  Profile out;
  out.length = path.length;
  if (!positive(ag.max_speed) || !positive(ag.accel) || !positive(ag.brake_decel) || !positive(ag.lateral_accel) ||
      !positive(ag.max_accel) || !positive(ag.max_turn_rate) || !std::isfinite(ag.reaction_dt) ||
      ag.reaction_dt < 0.0) {
    out.failure = Failure{FailStage::Profile, Reason::BadAgent,
                          "max_speed, accel, brake_decel, lateral_accel, max_accel and max_turn_rate must be > 0 "
                          "and reaction_dt >= 0",
                          {}};
    return out;
  }
  std::vector<Point> pts = sample_points(path, ag, trace);
  const double turn_time = stop_turns(path, ag, pts, trace);
  const std::vector<double> vr = reaction_envelope(pts, braking_envelope(pts, ag), ag);
  const std::vector<double> v = forward_pass(pts, vr, ag);
  out.total_time = fill_samples(out, pts, v, vr, ag) + turn_time;
  if (trace) trace_runs(out, pts, v, path, ag, turn_time, *trace);
  return out;
}

}  // namespace navlab
