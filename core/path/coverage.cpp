#include "coverage.h"
#include "query_cache.h"
#include "thread_lent.h"
#include "tolerances.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace navlab {

namespace {
constexpr double kAngleWrap = 1e-12;  // rad: a hit this close below a full turn from an arc's start is at its start
// Share of a wall or path piece: a hit this far beyond an end is on it. The same share as the walls'
// bounds are grown by (kWallHitOvershoot), so a wall skipped by its bounds holds no such hit.
constexpr double kOnSegment = kWallHitOvershoot;
// Bounds are compared with this much to spare (relative to the coordinates): far more than the rounding
// of the tests they stand for, so a polygon or wall skipped could not have changed a result.
constexpr double kBoundsSlack = 1e-9;
// rad: arc_coverage screens out, without their angle, the crossings farther than this past the arc's
// ends: far more than the 1e-12 of the sweep by which a crossing past an end still counts as on it.
constexpr double kArcReach = 1e-6;
// Share of the radius the cap's bounds are grown by before walls are skipped by them: a crossing's
// position is off the circle by rounding only (far less, even near a tangent), and the cap's corners move
// by at most that times r / h for a chord half-length h >= r sin(kArcReach).
constexpr double kCapMargin = 1e-5;
}  // namespace

void CorridorShape::reserve(size_t polygons, size_t corners, size_t walls) {
  corners_.reserve(corners);
  polys_.reserve(polygons);
  walls_.reserve(walls);
  wall_box_.reserve(walls);
  group_box_.reserve((walls + kWallGroup - 1) / kWallGroup);
}

void CorridorShape::clear() {
  tolerance = 1e-9;
  corners_.clear();
  polys_.clear();
  walls_.clear();
  wall_box_.clear();
  group_box_.clear();
}

void CorridorShape::add_polygon(std::span<const Vec2> ring) { add_polygon(ring, polygon_reach(ring)); }

void CorridorShape::add_polygon(std::span<const Vec2> ring, const PolygonReach& facts) {
  for (const Vec2 v : ring) corners_.push_back(v);  // (the generic range insert costs more for a few)
  // Written in place, field by field (see add_wall).
  Poly& poly = polys_.emplace_back();
  poly.first = uint32_t(corners_.size() - ring.size());
  poly.count = uint32_t(ring.size());
  poly.box = {facts.lo, facts.hi};
  poly.reach = facts.reach;
}

void CorridorShape::add_wall(Vec2 a, Vec2 b, int poly, int edge) {
  WallEdge& wall = walls_.emplace_back();
  wall.a = a;
  wall.b = b;
  wall.poly = poly;
  wall.edge = edge;
  // Worked out in registers and stored in place, for the reason above: a Box built and copied in at once
  // would be read back half-stored.
  double lx, ly, hx, hy;
  wall_bounds(a, b, lx, ly, hx, hy);
  const bool opens_group = wall_box_.size() % kWallGroup == 0;
  Box& box = wall_box_.emplace_back();
  box.lo.x = lx;
  box.lo.y = ly;
  box.hi.x = hx;
  box.hi.y = hy;
  Box& g = opens_group ? group_box_.emplace_back() : group_box_.back();
  if (opens_group) {
    g.lo.x = lx;
    g.lo.y = ly;
    g.hi.x = hx;
    g.hi.y = hy;
    return;
  }
  // A bound that is not a number is left out of the run's: it comes only of a wall whose direction is not a
  // number, which crosses no circle (arc_coverage finds no hit on it), so skipping it changes nothing.
  g.lo.x = std::min(g.lo.x, lx);
  g.lo.y = std::min(g.lo.y, ly);
  g.hi.x = std::max(g.hi.x, hx);
  g.hi.y = std::max(g.hi.y, hy);
}

namespace {
// CorridorShape::contains and CorridorRegion::contains: the polygons tried from `first` on (those after
// it, then those before), each skipped by its bounds grown by what its tolerance region reaches past
// them, and the first that holds `p` within the tolerance written to `first`. corner(poly, j) is polygon
// `poly`'s corner j.
template <class Poly, class Corner>
bool contains_in(const std::vector<Poly>& polys, double tolerance, Vec2 p, size_t& first, Corner corner) {
  const double slack = kBoundsSlack * (1.0 + std::fabs(p.x) + std::fabs(p.y));
  const auto holds = [&](const Poly& poly) {
    if (poly.count < 3) return false;
    const double r = tolerance * poly.reach + slack;  // inf for an unbounded region
    if ((p.x < poly.box.lo.x - r) | (p.x > poly.box.hi.x + r) | (p.y < poly.box.lo.y - r) | (p.y > poly.box.hi.y + r))
      return false;  // one branch for the four comparisons, as in for_walls_near
    return in_convex(
        poly.count, [&](size_t j) { return corner(poly, j); }, p, tolerance);
  };
  const size_t n = polys.size(), start = first < n ? first : 0;
  for (size_t k = 0; k < n; ++k) {
    const size_t i = start + k < n ? start + k : start + k - n;
    if (holds(polys[i])) {
      first = i;
      return true;
    }
  }
  return false;
}
}  // namespace

bool CorridorShape::contains(Vec2 p, size_t& first) const {
  return contains_in(polys_, tolerance, p, first,
                     [this](const Poly& poly, size_t j) { return corners_[poly.first + j]; });
}

CorridorShape corridor_shape(const NavMesh& mesh, const std::vector<int>& corridor) {
  CorridorShape shape;
  corridor_shape_into(mesh, corridor, shape);
  return shape;
}

void corridor_shape_into(const NavMesh& mesh, const std::vector<int>& corridor, CorridorShape& shape) {
  const ThreadLent<CorridorRegion> region;  // the thread's own, whose vectors keep their capacity
  region->assign(mesh, corridor);
  region->copy_into(shape);
}

void CorridorRegion::assign(const NavMesh& mesh, const std::vector<int>& corridor) {
  tolerance = 1e-9;
  polys_.clear();
  is_wall_.clear();
  group_box_.clear();
  verts_ = mesh.verts.data();
  if (mesh.kind != NavMesh::Kind::Polygons) return;
  // Which polygons the corridor uses, marked in a per-thread array the size of the mesh (1: in the
  // corridor, 2: added already) and cleared again, so a query allocates nothing for it.
  thread_local std::vector<char> mark;
  if (mark.size() < mesh.polys.size()) mark.resize(mesh.polys.size(), 0);
  const int polys = int(mesh.polys.size());
  // A raw pointer into the per-thread array, taken once: through the thread_local name every use would
  // look the thread's array up again after each call that could have changed it.
  char* const marks = mark.data();
  size_t edges = 0;
  for (int p : corridor)
    if (p >= 0 && p < polys) {
      marks[size_t(p)] = 1;
      edges += mesh.polys[size_t(p)].verts.size();
    }
  is_wall_.resize(edges);  // written edge by edge below (one resize, not a push per edge)
  polys_.reserve(corridor.size());
  // Each polygon's bounds and reach are the mesh's, worked out once (MeshIndex::reach_of); the region's
  // bounds are theirs together.
  const MeshIndex& index = mesh.query_cache.index_of(mesh);
  Bounds2 bounds;
  uint32_t walls = 0, first_edge = 0;
  for (int p : corridor) {
    if (p < 0 || p >= polys || marks[size_t(p)] != 1) continue;  // a corridor never repeats a polygon, but be safe
    marks[size_t(p)] = 2;
    const NavPoly& mp = mesh.polys[size_t(p)];
    const size_t n = mp.verts.size(), sides = std::min(n, mp.neighbours.size());
    Poly& poly = polys_.emplace_back();  // written in place, field by field (see CorridorShape::add_wall)
    poly.verts = mp.verts.data();
    poly.count = uint32_t(n);
    poly.first_edge = first_edge;
    first_edge += uint32_t(n);
    poly.first_wall = walls;
    poly.id = p;
    uint8_t* const is_wall = is_wall_.data() + poly.first_edge;
    const int* const neighbours = mp.neighbours.data();
    for (size_t i = 0; i < n; ++i) {
      const int nb = i < sides ? neighbours[i] : -1;
      const bool wall = !(nb >= 0 && nb < polys && marks[size_t(nb)] != 0);
      is_wall[i] = uint8_t(wall);
      walls += uint32_t(wall);
    }
    const PolygonReach facts = index.reach_of(mesh, p);
    poly.box.lo = facts.lo;
    poly.box.hi = facts.hi;
    poly.reach = facts.reach;
    // Every wall's bounds lie inside the corners' bounds grown by twice the most a wall's bounds are grown
    // by (an edge's |dx| + |dy| is at most the corners' bounds' width plus height).
    const double grow = 2.0 * kWallHitOvershoot * ((facts.hi.x - facts.lo.x) + (facts.hi.y - facts.lo.y));
    poly.wall_box.lo = facts.lo - Vec2{grow, grow};
    poly.wall_box.hi = facts.hi + Vec2{grow, grow};
    if (n > 0) {
      bounds.add(facts.lo);
      bounds.add(facts.hi);
    }
    const bool opens_group = (polys_.size() - 1) % kPolyGroup == 0;
    Box& g = opens_group ? group_box_.emplace_back() : group_box_.back();
    if (opens_group) {
      g = poly.wall_box;
    } else {
      g.lo.x = std::min(g.lo.x, poly.wall_box.lo.x);
      g.lo.y = std::min(g.lo.y, poly.wall_box.lo.y);
      g.hi.x = std::max(g.hi.x, poly.wall_box.hi.x);
      g.hi.y = std::max(g.hi.y, poly.wall_box.hi.y);
    }
  }
  for (int p : corridor)
    if (p >= 0 && p < polys) marks[size_t(p)] = 0;
  if (!polys_.empty()) tolerance = tol::scaled(bounds.largest_side());
}

void CorridorRegion::copy_into(CorridorShape& shape) const {
  shape.clear();
  size_t corners = 0;
  for (const Poly& poly : polys_) corners += poly.count;
  shape.reserve(polys_.size(), corners, corners);
  thread_local std::vector<Vec2> ring;
  for (const Poly& poly : polys_) {
    const size_t n = poly.count;
    // The ring is only grown (a resize down and up again would fill it each time).
    if (ring.size() < n) ring.resize(n);
    Vec2* const corner = ring.data();
    for (size_t i = 0; i < n; ++i) corner[i] = verts_[poly.verts[i]];
    const uint8_t* is_wall = is_wall_.data() + poly.first_edge;
    for (size_t i = 0; i < n; ++i)
      if (is_wall[i]) shape.add_wall(corner[i], corner[i + 1 == n ? 0 : i + 1], poly.id, int(i));
    shape.add_polygon({corner, n}, PolygonReach{poly.box.lo, poly.box.hi, poly.reach});
  }
  if (!shape.empty()) shape.tolerance = tolerance;
}

bool CorridorRegion::contains(Vec2 p, size_t& first) const {
  return contains_in(polys_, tolerance, p, first, [this](const Poly& poly, size_t j) { return verts_[poly.verts[j]]; });
}

ArcCoverage CorridorShapeOnDemand::cover(const Arc& arc, size_t& first) {
  if (shape_) return arc_coverage(arc, *shape_, first);
  if (!assigned_) {
    out_->assign(*mesh_, *corridor_);
    assigned_ = true;
  }
  return arc_coverage(arc, *out_, first);
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

// The bounds of the cap {q : |q| <= r, q . n >= d} (n a unit vector, -r < d < r), relative to the circle's
// centre. Along each axis the least and greatest lie at the circle's own extreme there when the cap holds
// it, else at an end of the chord, d n +- h n_perp with h = sqrt(r^2 - d^2).
void cap_bounds(double r, Vec2 n, double d, Vec2& lo, Vec2& hi) {
  const double h = std::sqrt(std::max(0.0, (r - d) * (r + d)));
  lo.x = -r * n.x >= d ? -r : d * n.x - h * std::fabs(n.y);
  hi.x = r * n.x >= d ? r : d * n.x + h * std::fabs(n.y);
  lo.y = -r * n.y >= d ? -r : d * n.y - h * std::fabs(n.x);
  hi.y = r * n.y >= d ? r : d * n.y + h * std::fabs(n.x);
}

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
  size_t first = 0;
  return arc_coverage(arc, shape, first);
}

namespace {
// arc_coverage() in a CorridorShape or a CorridorRegion: both list the same walls in the same order.
template <class Region>
ArcCoverage coverage_in(const Arc& arc, const Region& shape, size_t& first) {
  ArcCoverage out;
  thread_local std::vector<Hit> hits;  // kept per thread: no allocation once it has grown
  hits.clear();
  const double r = arc.radius;
  const Vec2 c = arc.center;
  double slack = kBoundsSlack * (1.0 + r + std::fabs(c.x) + std::fabs(c.y));
  // A crossing farther than kArcReach from the arc's middle, in angle, is not on the arc: it needs no
  // angle. (Those the angle decides are the ones it puts within a hair of the arc's ends.)
  const double half_sweep = std::fabs(arc.sweep) / 2.0 + kArcReach;
  const bool screen = half_sweep < std::numbers::pi;
  const double mid_angle = arc.start + arc.sweep / 2.0;
  const Vec2 mid_dir{std::cos(mid_angle), std::sin(mid_angle)};
  const double least_dot = std::cos(half_sweep) * r;
  // Only a wall whose bounds reach the circle's can cross it; and when the screen below keeps only the
  // crossings in the cap of the circle beyond the chord at least_dot along mid_dir, only a wall whose
  // bounds reach the cap's.
  Vec2 lo = c - Vec2{r, r}, hi = c + Vec2{r, r};
  if (screen) {
    cap_bounds(r, mid_dir, least_dot, lo, hi);
    lo = lo + c;
    hi = hi + c;
    slack += kCapMargin * r;
  }
  shape.for_walls_near(lo, hi, slack, [&](size_t w, const WallEdge& wall) {
    const Vec2 a = wall.a, d = wall.b - wall.a;
    const Vec2 f = a - arc.center;
    // |f + t d|^2 = r^2  =>  (d.d) t^2 + 2 (f.d) t + (f.f - r^2) = 0
    const double qa = dot(d, d), qb = 2.0 * dot(f, d), qc = dot(f, f) - r * r;
    if (qa <= 0.0) return;
    const double disc = qb * qb - 4.0 * qa * qc;
    if (disc < 0.0) return;
    const double sq = std::sqrt(disc);
    const double roots[2] = {(-qb - sq) / (2.0 * qa), (-qb + sq) / (2.0 * qa)};
    for (int k = 0; k < (sq > 0.0 ? 2 : 1); ++k) {
      const double t = roots[k];
      if (t < -kOnSegment || t > 1.0 + kOnSegment) continue;
      const Vec2 p = a + d * t;
      if (screen && dot(p - c, mid_dir) < least_dot) continue;
      const double u = arc_fraction(arc, std::atan2(p.y - arc.center.y, p.x - arc.center.x));
      if (u <= 1.0 + kOnSegment) hits.push_back({std::clamp(u, 0.0, 1.0), p, int(w)});
    }
  });
  std::sort(hits.begin(), hits.end(), [](const Hit& x, const Hit& y) { return x.u < y.u; });
  out.hits = int(hits.size());
  // Pieces: [0, h0], [h0, h1], ..., [hn, 1]. Test each piece's midpoint.
  double prev = 0.0;
  int prev_hit = -1;
  for (size_t i = 0; i <= hits.size(); ++i) {
    const double next = i < hits.size() ? hits[i].u : 1.0;
    if (next - prev > kOnSegment || (hits.empty())) {
      // Without hits the piece is the whole arc, whose midpoint lies at mid_angle: arc.point(0.5) there.
      const Vec2 mid = hits.empty() ? c + mid_dir * r : arc.point((prev + next) / 2.0);
      if (!shape.contains(mid, first)) {
        out.inside = false;
        out.outside_point = mid;
        const int h = prev_hit >= 0 ? prev_hit : (i < hits.size() ? int(i) : -1);
        if (h >= 0) {
          out.hit = hits[size_t(h)].p;
          out.wall = hits[size_t(h)].wall;
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

}  // namespace

ArcCoverage arc_coverage(const Arc& arc, const CorridorShape& shape, size_t& first) {
  return coverage_in(arc, shape, first);
}

ArcCoverage arc_coverage(const Arc& arc, const CorridorRegion& region, size_t& first) {
  return coverage_in(arc, region, first);
}

}  // namespace navlab
