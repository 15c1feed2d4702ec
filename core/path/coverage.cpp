#include "coverage.h"
#include "tolerances.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <unordered_set>

namespace navlab {

namespace {
constexpr double kAngleWrap = 1e-12;  // rad: a hit this close below a full turn from an arc's start is at its start
constexpr double kOnSegment = 1e-12;  // share of a wall or path piece: a hit this far beyond an end is on it
}  // namespace

CorridorShape corridor_shape(const NavMesh& mesh, const std::vector<int>& corridor) {
  CorridorShape shape;
  if (mesh.kind != NavMesh::Kind::Polygons) return shape;
  std::unordered_set<int> in_corridor;
  for (int p : corridor)
    if (p >= 0 && p < int(mesh.polys.size())) in_corridor.insert(p);
  std::unordered_set<int> done;  // a corridor never repeats a polygon, but be safe
  Bounds2 bounds;
  for (int p : corridor) {
    if (!in_corridor.count(p) || !done.insert(p).second) continue;
    const NavPoly& poly = mesh.polys[p];
    std::vector<Vec2> pts;
    const int n = int(poly.verts.size());
    for (int i = 0; i < n; ++i) {
      const Vec2 a = mesh.vertex(p, i);
      pts.push_back(a);
      bounds.add(a);
      const int nb = i < int(poly.neighbours.size()) ? poly.neighbours[i] : -1;
      if (nb >= 0 && in_corridor.count(nb)) continue;
      shape.walls.push_back({a, mesh.vertex(p, (i + 1) % n), p, i});
    }
    shape.polygons.push_back(std::move(pts));
  }
  if (!shape.polygons.empty())
    shape.tolerance = tol::scaled(bounds.largest_side());
  return shape;
}

bool inside_corridor(const CorridorShape& shape, Vec2 p) {
  for (const auto& poly : shape.polygons)
    if (in_convex(poly, p, shape.tolerance)) return true;
  return false;
}

Vec2 Arc::point(double u) const {
  const double ang = start + sweep * u;
  return center + Vec2{std::cos(ang), std::sin(ang)} * radius;
}

double Arc::length() const { return std::fabs(sweep) * radius; }

namespace {
struct Hit {
  double u;  // position along the arc, [0, 1]
  Vec2 p;
  int wall;
};

// Fraction along the arc of the point at angle `ang`, or a value > 1 when it is not on the arc.
double arc_fraction(const Arc& arc, double ang) {
  if (arc.sweep == 0.0) return 2.0;
  const double two_pi = 2.0 * std::numbers::pi;
  double delta = arc.sweep > 0.0 ? ang - arc.start : arc.start - ang;
  delta = std::fmod(delta, two_pi);
  if (delta < 0.0) delta += two_pi;
  const double u = delta / std::fabs(arc.sweep);
  // A hit just before the start (angle rounding) wraps to ~2π: count it as the start.
  if (two_pi - delta < kAngleWrap) return 0.0;
  return u;
}
}  // namespace

ArcCoverage arc_coverage(const Arc& arc, const CorridorShape& shape) {
  ArcCoverage out;
  std::vector<Hit> hits;
  const double r = arc.radius;
  for (size_t w = 0; w < shape.walls.size(); ++w) {
    const Vec2 a = shape.walls[w].a, d = shape.walls[w].b - shape.walls[w].a;
    const Vec2 f = a - arc.center;
    // |f + t d|^2 = r^2  =>  (d.d) t^2 + 2 (f.d) t + (f.f - r^2) = 0
    const double qa = dot(d, d), qb = 2.0 * dot(f, d), qc = dot(f, f) - r * r;
    if (qa <= 0.0) continue;
    const double disc = qb * qb - 4.0 * qa * qc;
    if (disc < 0.0) continue;
    const double sq = std::sqrt(disc);
    const double roots[2] = {(-qb - sq) / (2.0 * qa), (-qb + sq) / (2.0 * qa)};
    for (int k = 0; k < (sq > 0.0 ? 2 : 1); ++k) {
      const double t = roots[k];
      if (t < -kOnSegment || t > 1.0 + kOnSegment) continue;
      const Vec2 p = a + d * t;
      const double u = arc_fraction(arc, std::atan2(p.y - arc.center.y, p.x - arc.center.x));
      if (u <= 1.0 + kOnSegment) hits.push_back({std::clamp(u, 0.0, 1.0), p, int(w)});
    }
  }
  std::sort(hits.begin(), hits.end(), [](const Hit& x, const Hit& y) { return x.u < y.u; });
  out.hits = int(hits.size());
  // Pieces: [0, h0], [h0, h1], ..., [hn, 1]. Test each piece's midpoint.
  double prev = 0.0;
  int prev_hit = -1;
  for (size_t i = 0; i <= hits.size(); ++i) {
    const double next = i < hits.size() ? hits[i].u : 1.0;
    if (next - prev > kOnSegment || (hits.empty())) {
      const Vec2 mid = arc.point((prev + next) / 2.0);
      if (!inside_corridor(shape, mid)) {
        out.inside = false;
        out.outside_point = mid;
        const int h = prev_hit >= 0 ? prev_hit : (i < hits.size() ? int(i) : -1);
        if (h >= 0) {
          out.hit = hits[h].p;
          out.wall = hits[h].wall;
        } else {
          out.hit = arc.point(0.0);
        }
        return out;
      }
    }
    if (i < hits.size()) {
      prev = hits[i].u;
      prev_hit = int(i);
    }
  }
  return out;
}

}  // namespace navlab
