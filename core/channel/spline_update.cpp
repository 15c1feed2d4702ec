#include "spline_update.h"
#include "format.h"

#include <algorithm>
#include <cmath>

namespace navlab {

namespace {

constexpr double kJoinTol = 1e-6;      // m: the fresh spline joins the previous one within this distance
constexpr double kDirTol = 1e-6;       // 1 - cos of the largest angle between the two directions at the join
constexpr double kCutStep = 0.02;      // m: Safe mode tests the previous spline in chords this long
constexpr double kTouch = 1e-9;        // m: a chord this close to an obstacle meets it
constexpr double kNothingLeft = 1e-6;  // m: a frozen spline shorter than this leaves nothing to follow

Spline with_mode(Spline s, SplineMode mode, bool recompute, const std::string& why, SplineTrace* trace) {
  s.mode = mode;
  s.recompute_needed = recompute;
  SplineStep st;
  st.kind = SplineStep::Kind::ModeChosen;
  st.mode = mode;
  st.why = why;
  record_to(trace, st);
  return s;
}

// The chord [a, b] crosses or touches the obstacle outline (touching counts: the cut must stay clear).
bool meets(Vec2 a, Vec2 b, const std::vector<Vec2>& outline) {
  if (outlines_intersect({a, b}, outline)) return true;
  const size_t edges = outline.size() == 2 ? 1 : outline.size();
  for (size_t i = 0; i < edges; ++i) {
    const Vec2 c = outline[i], d = outline[(i + 1) % outline.size()];
    if (std::min({distance_to_segment(a, c, d), distance_to_segment(b, c, d), distance_to_segment(c, a, b),
                  distance_to_segment(d, a, b)}) <= kTouch)
      return true;
  }
  return false;
}

// Safe mode: the arc length along `u.previous` (from u.s on) where the chord walk first leaves the
// navmesh or meets an obstacle, less u.clearance (never before u.s); the previous spline's length when
// it does neither or in Unsafe mode.
double safe_end(const SplineUpdate& u) {
  const Spline& p = *u.previous;
  if (u.failure_mode == FailureMode::Unsafe || (!u.navmesh && u.obstacles.empty())) return p.length;
  const double rest = std::max(0.0, p.length - u.s);
  const int n = std::max(1, int(std::ceil(rest / kCutStep)));
  Vec2 a = p.point_at(u.s);
  for (int i = 1; i <= n; ++i) {
    const double at = u.s + rest * i / n;
    const Vec2 b = p.point_at(at);
    bool bad = u.navmesh && !segment_inside(*u.navmesh, a, b);
    for (const Obstacle& o : u.obstacles) bad = bad || meets(a, b, o.outline);
    if (bad) return std::max(u.s, u.s + rest * (i - 1) / n - u.clearance);
    a = b;
  }
  return p.length;
}

// The unit direction of travel at arc length s (clamped).
Vec2 direction_at(const Spline& spline, double s) {
  double acc = 0.0;
  for (const SplinePiece& q : spline.pieces) {
    const double len = q.length();
    if (s <= acc + len || &q == &spline.pieces.back())
      return q.tangent(len > 0.0 ? std::clamp((s - acc) / len, 0.0, 1.0) : 0.0);
    acc += len;
  }
  return {1.0, 0.0};
}

Spline frozen(const SplineUpdate& u, SplineTrace* trace) {
  const double end = safe_end(u);
  Spline rest = cut(*u.previous, u.s, end);
  if (rest.length <= kNothingLeft)
    return with_mode({}, SplineMode::Failure, true,
                     "no new spline, and the previous one ends where the agent stands: it stops", trace);
  const bool joinless = u.fresh && u.fresh->mode != SplineMode::Failure;
  std::string why = joinless ? "the new spline does not join the previous one, which the agent in motion keeps"
                             : "no new spline: the previous one is kept";
  if (u.failure_mode == FailureMode::Unsafe)
    why += " as it is (unsafe)";
  else if (end < u.previous->length)
    why += " up to " + num(rest.length) + " m ahead, where it leaves the navmesh or meets an obstacle";
  else
    why += " to its end";
  why += "; a new plan is needed";
  return with_mode(rest, SplineMode::Frozen, true, why, trace);
}

Spline out_of_navmesh(const SplineUpdate& u, SplineTrace* trace) {
  Spline back;
  SplinePiece seg;
  seg.from = u.position;
  seg.to = *u.way_back;
  if (distance(seg.from, seg.to) > 0.0) back.pieces.push_back(seg);
  back.length = distance(seg.from, seg.to);
  return with_mode(back, SplineMode::OutOfNavMesh, true,
                   "the agent is " + num(back.length) + " m off the navmesh: the shortcut returns to its nearest point",
                   trace);
}

// The previous spline kept up to `join`, then the fresh one from where it joins.
Spline stabilized(const SplineUpdate& u, double join, SplineTrace* trace) {
  const Spline keep = cut(*u.previous, u.s, join);
  SplineStep st;
  st.kind = SplineStep::Kind::TailKept;
  st.distance = keep.length;
  st.at = u.previous->point_at(join);
  record_to(trace, st);
  const std::optional<double> j = find_join(*u.fresh, st.at, direction_at(*u.previous, join), kJoinTol);
  const Spline rest = cut(*u.fresh, j.value_or(0.0), u.fresh->length);
  Spline out = *u.fresh;
  out.pieces = keep.pieces;
  out.pieces.insert(out.pieces.end(), rest.pieces.begin(), rest.pieces.end());
  out.length = keep.length + rest.length;
  return out;
}

}  // namespace

std::optional<double> find_join(const Spline& spline, Vec2 p, Vec2 dir, double tol) {
  double s = 0.0, best_d = tol;
  std::optional<double> best;
  for (const SplinePiece& q : spline.pieces) {
    const double len = q.length();
    double u = 0.0;
    if (q.kind == SplinePiece::Kind::Segment) {
      u = len > 0.0 ? std::clamp(dot(p - q.from, q.to - q.from) / (len * len), 0.0, 1.0) : 0.0;
    } else if (q.sweep > 0.0) {
      const Vec2 r0 = q.from - q.center, r = p - q.center;
      double ang = std::atan2(cross(r0, r), dot(r0, r));  // signed angle from the start
      if (!q.ccw) ang = -ang;
      u = std::clamp(ang / q.sweep, 0.0, 1.0);
    }
    const double d = distance(q.point(u), p);
    if (d <= best_d && dot(q.tangent(u), dir) >= 1.0 - kDirTol) {
      best_d = d;
      best = s + u * len;
    }
    s += len;
  }
  return best;
}

std::optional<double> stable_join(const SplineUpdate& u) {
  if (!u.previous || !u.fresh || u.previous->pieces.empty() || u.fresh->pieces.empty()) return std::nullopt;
  const Spline& p = *u.previous;
  const double safe = safe_end(u), want = std::min(p.length, u.s + std::max(0.0, u.stable_distance));
  // Candidates: the stable distance, then every later piece end (where two splines that share their
  // pegs meet exactly even when their first segments differ).
  std::vector<double> at{want};
  double acc = 0.0;
  for (const SplinePiece& q : p.pieces) {
    acc += q.length();
    if (acc > want) at.push_back(std::min(acc, p.length));
  }
  for (double c : at) {
    if (c > safe) break;
    if (find_join(*u.fresh, p.point_at(c), direction_at(p, c), kJoinTol)) return c;
  }
  return std::nullopt;
}

Spline update_spline(const SplineUpdate& u, SplineTrace* trace) {
  if (!u.on_navmesh) {
    if (u.way_back) return out_of_navmesh(u, trace);
    return with_mode({}, SplineMode::Failure, true, "the agent is off the navmesh with no way back: it stops", trace);
  }
  const bool has_previous = u.previous && !u.previous->pieces.empty();
  if (!u.fresh || u.fresh->mode == SplineMode::Failure) {
    if (has_previous) return frozen(u, trace);
    return with_mode({}, SplineMode::Failure, true, "no spline to follow: the agent stops", trace);
  }
  if (!has_previous) return *u.fresh;
  if (const std::optional<double> join = stable_join(u)) return stabilized(u, *join, trace);
  SplineStep st;
  st.kind = SplineStep::Kind::TailChanged;
  st.distance = std::min(u.previous->length - u.s, u.stable_distance);
  if (u.committed) st.why = "the agent in motion keeps the previous one";
  record_to(trace, st);
  if (u.committed) return frozen(u, trace);
  return *u.fresh;
}

}  // namespace navlab
