#include "spline_update.h"

#include <algorithm>
#include <cmath>

namespace navlab {

namespace {

constexpr double kJoinTol = 1e-6;    // m: the fresh spline joins the previous one within this distance
constexpr double kDirTol = 1e-6;     // 1 - cos of the largest angle between the two directions at the join
constexpr double kCutStep = 0.02;    // m: Safe mode tests the previous spline in chords this long
constexpr double kTouch = 1e-9;      // m: a chord this close to an obstacle meets it

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

// Arc length where the chord walk along `s` first leaves the navmesh or meets an obstacle.
double safe_end(const Spline& s, const SplineUpdate& u) {
  const int n = std::max(1, int(std::ceil(s.length / kCutStep)));
  Vec2 a = s.point_at(0.0);
  for (int i = 1; i <= n; ++i) {
    const double at = s.length * i / n;
    const Vec2 b = s.point_at(at);
    bool bad = u.navmesh && !segment_inside(*u.navmesh, a, b);
    for (const Obstacle& o : u.obstacles) bad = bad || meets(a, b, o.outline);
    if (bad) return s.length * (i - 1) / n;
    a = b;
  }
  return s.length;
}

Spline frozen(const SplineUpdate& u, SplineTrace* trace) {
  Spline rest = cut(*u.previous, u.s, u.previous->length);
  if (u.failure_mode == FailureMode::Safe) rest = cut(rest, 0.0, safe_end(rest, u));
  return with_mode(rest, SplineMode::Frozen, true,
                   u.failure_mode == FailureMode::Safe
                       ? "no new spline: the previous one is followed up to where it leaves the navmesh"
                       : "no new spline: the previous one is followed as it is (unsafe)",
                   trace);
}

Spline out_of_navmesh(const SplineUpdate& u, SplineTrace* trace) {
  Spline back;
  SplinePiece seg;
  seg.from = u.position;
  seg.to = *u.way_back;
  if (distance(seg.from, seg.to) > 0.0) back.pieces.push_back(seg);
  back.length = distance(seg.from, seg.to);
  return with_mode(back, SplineMode::OutOfNavMesh, true, "the agent is off the navmesh: the shortcut returns to the nearest navmesh point",
                   trace);
}

Spline stabilized(const SplineUpdate& u, SplineTrace* trace) {
  const Spline& prev = *u.previous;
  const double end = std::min(prev.length, u.s + u.stable_distance);
  Spline keep = cut(prev, u.s, end);
  SplineStep st;
  st.distance = keep.length;
  if (keep.pieces.empty()) return *u.fresh;
  const std::optional<double> join = find_join(*u.fresh, keep.pieces.back().to, keep.pieces.back().tangent(1.0), kJoinTol);
  if (!join) {
    st.kind = SplineStep::Kind::TailChanged;
    record_to(trace, st);
    return *u.fresh;
  }
  st.kind = SplineStep::Kind::TailKept;
  record_to(trace, st);
  Spline out = *u.fresh;
  const Spline rest = cut(*u.fresh, *join, u.fresh->length);
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

Spline update_spline(const SplineUpdate& u, SplineTrace* trace) {
  if (!u.on_navmesh) {
    if (u.way_back) return out_of_navmesh(u, trace);
    return with_mode({}, SplineMode::Failure, true, "the agent is off the navmesh with no way back: it stops", trace);
  }
  if (!u.fresh || u.fresh->mode == SplineMode::Failure) {
    if (u.previous && !u.previous->pieces.empty()) return frozen(u, trace);
    return with_mode({}, SplineMode::Failure, true, "no spline to follow: the agent stops", trace);
  }
  if (!u.previous || u.previous->pieces.empty() || u.stable_distance <= 0.0) return *u.fresh;
  return stabilized(u, trace);
}

}  // namespace navlab
