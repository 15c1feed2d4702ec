// The corridor region and the arc coverage test (core/path/coverage.h) against a plain transcription of
// DESIGN §3's rule: every corridor polygon tested for a point, every wall intersected with an arc, the
// hits sorted by angle and every piece's midpoint tested. The shape skips polygons and walls by their
// bounds; the answers must be the same, to the last bit, on seeded random corridors, arcs and points,
// and on slivers whose tolerance region reaches far past their corners.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <queue>
#include <random>
#include <set>

#include "coverage.h"
#include "meshes.h"
#include "tolerances.h"

namespace navlab {
namespace {

// ---- The plain rule ----

struct Plain {
  std::vector<std::vector<Vec2>> polygons;
  std::vector<WallEdge> walls;
  double tolerance = 1e-9;
};

Plain plain_shape(const NavMesh& mesh, const std::vector<int>& corridor) {
  Plain s;
  const std::set<int> in(corridor.begin(), corridor.end());
  std::set<int> done;
  double lo_x = 1e300, lo_y = 1e300, hi_x = -1e300, hi_y = -1e300;
  for (int p : corridor) {
    if (!done.insert(p).second) continue;
    const NavPoly& poly = mesh.polys[size_t(p)];
    std::vector<Vec2> ring;
    for (size_t i = 0; i < poly.verts.size(); ++i) {
      const Vec2 a = mesh.verts[size_t(poly.verts[i])];
      ring.push_back(a);
      lo_x = std::min(lo_x, a.x), lo_y = std::min(lo_y, a.y), hi_x = std::max(hi_x, a.x), hi_y = std::max(hi_y, a.y);
      const int nb = poly.neighbours[i];
      if (nb >= 0 && in.count(nb)) continue;
      s.walls.push_back({a, mesh.verts[size_t(poly.verts[(i + 1) % poly.verts.size()])], p, int(i)});
    }
    s.polygons.push_back(ring);
  }
  s.tolerance = tol::scaled(std::max(hi_x - lo_x, hi_y - lo_y));
  return s;
}

bool plain_in_polygon(const std::vector<Vec2>& ring, Vec2 p, double tolerance) {
  bool in = ring.size() >= 3;
  for (size_t i = 0; i < ring.size() && in; ++i) {
    const Vec2 a = ring[i], b = ring[(i + 1) % ring.size()];
    const double len = distance(a, b);
    in = (len > 0.0 ? cross(b - a, p - a) / len : 0.0) >= -tolerance;
  }
  return in;
}

bool plain_inside(const Plain& s, Vec2 p) {
  for (const auto& ring : s.polygons)
    if (plain_in_polygon(ring, p, s.tolerance)) return true;
  return false;
}

ArcCoverage plain_coverage(const Arc& arc, const Plain& s) {
  struct Hit {
    double u;
    Vec2 p;
    int wall;
  };
  std::vector<Hit> hits;
  for (size_t w = 0; w < s.walls.size(); ++w) {
    const Vec2 a = s.walls[w].a, d = s.walls[w].b - a, f = a - arc.center;
    const double qa = dot(d, d), qb = 2.0 * dot(f, d), qc = dot(f, f) - arc.radius * arc.radius;
    const double disc = qb * qb - 4.0 * qa * qc;
    if (qa <= 0.0 || disc < 0.0) continue;
    const double sq = std::sqrt(disc);
    const double roots[2] = {(-qb - sq) / (2.0 * qa), (-qb + sq) / (2.0 * qa)};
    for (int k = 0; k < (sq > 0.0 ? 2 : 1); ++k) {
      if (roots[k] < -1e-12 || roots[k] > 1.0 + 1e-12) continue;
      const Vec2 p = a + d * roots[k];
      double delta = std::atan2(p.y - arc.center.y, p.x - arc.center.x);
      delta = arc.sweep > 0.0 ? delta - arc.start : arc.start - delta;
      delta = std::fmod(delta, 2.0 * std::numbers::pi);
      if (delta < 0.0) delta += 2.0 * std::numbers::pi;
      const double u = 2.0 * std::numbers::pi - delta < 1e-12 ? 0.0 : delta / std::fabs(arc.sweep);
      if (u <= 1.0 + 1e-12) hits.push_back({std::clamp(u, 0.0, 1.0), p, int(w)});
    }
  }
  std::sort(hits.begin(), hits.end(), [](const Hit& x, const Hit& y) { return x.u < y.u; });
  ArcCoverage out;
  out.hits = int(hits.size());
  double prev = 0.0;
  int prev_hit = -1;
  for (size_t i = 0; i <= hits.size(); ++i) {
    const double next = i < hits.size() ? hits[i].u : 1.0;
    if (next - prev > 1e-12 || hits.empty()) {
      const Vec2 mid = arc.point((prev + next) / 2.0);
      if (!plain_inside(s, mid)) {
        out.inside = false;
        out.outside_point = mid;
        const int h = prev_hit >= 0 ? prev_hit : (i < hits.size() ? int(i) : -1);
        out.hit = h >= 0 ? hits[size_t(h)].p : arc.point(0.0);
        out.wall = h >= 0 ? hits[size_t(h)].wall : -1;
        return out;
      }
    }
    if (i < hits.size()) prev = hits[i].u, prev_hit = int(i);
  }
  return out;
}

// ---- Random corridors, arcs and points ----

double uniform(std::mt19937& rng, double a, double b) { return std::uniform_real_distribution<double>(a, b)(rng); }

// The polygons a breadth-first walk passes from one random polygon to another, in order.
std::vector<int> random_corridor(std::mt19937& rng, const NavMesh& mesh) {
  const int n = mesh.size();
  const int from = std::uniform_int_distribution<int>(0, n - 1)(rng),
            to = std::uniform_int_distribution<int>(0, n - 1)(rng);
  std::vector<int> parent(size_t(n), -2);
  std::queue<int> q;
  q.push(from);
  parent[size_t(from)] = -1;
  while (!q.empty()) {
    const int p = q.front();
    q.pop();
    for (int nb : mesh.polys[size_t(p)].neighbours)
      if (nb >= 0 && parent[size_t(nb)] == -2) parent[size_t(nb)] = p, q.push(nb);
  }
  if (parent[size_t(to)] == -2) return {from};
  std::vector<int> path;
  for (int p = to; p != -1; p = parent[size_t(p)]) path.push_back(p);
  std::reverse(path.begin(), path.end());
  return path;
}

void expect_same(const ArcCoverage& got, const ArcCoverage& want, const std::string& what) {
  EXPECT_EQ(got.inside, want.inside) << what;
  EXPECT_EQ(got.hits, want.hits) << what;
  EXPECT_EQ(got.wall, want.wall) << what;
  EXPECT_EQ(got.hit, want.hit) << what;
  EXPECT_EQ(got.outside_point, want.outside_point) << what;
}

TEST(Coverage, WallsAndAnswersAreThePlainRulesOnRandomCorridors) {
  std::mt19937 rng(4242);
  std::mt19937 pick(7);  // the polygons tried first (their own draws: the corridors, points and arcs stay)
  int arcs = 0, outside = 0, hit_arcs = 0, points = 0, points_in = 0;
  for (int m = 0; m < 12; ++m) {
    const NavMesh mesh = test::random_mesh(rng, 6 + m % 5, 5 + m % 4);
    for (int c = 0; c < 10; ++c) {
      const std::vector<int> corridor = random_corridor(rng, mesh);
      const CorridorShape shape = corridor_shape(mesh, corridor);
      const Plain plain = plain_shape(mesh, corridor);
      ASSERT_EQ(shape.walls().size(), plain.walls.size());
      for (size_t w = 0; w < plain.walls.size(); ++w) {
        EXPECT_EQ(shape.walls()[w].a, plain.walls[w].a);
        EXPECT_EQ(shape.walls()[w].poly, plain.walls[w].poly);
      }
      EXPECT_EQ(shape.tolerance, plain.tolerance);
      // The same region read in place from the mesh.
      CorridorRegion region;
      region.assign(mesh, corridor);
      EXPECT_EQ(region.tolerance, plain.tolerance);
      // Points anywhere, on corners, and a hair either side of edges (within and beyond the tolerance).
      for (int i = 0; i < 200; ++i) {
        Vec2 p{uniform(rng, -1.0, 12.0), uniform(rng, -1.0, 10.0)};
        if (i % 2 == 1) {
          const std::vector<Vec2>& ring = plain.polygons[size_t(i) % plain.polygons.size()];
          const Vec2 a = ring[size_t(i / 2) % ring.size()], b = ring[(size_t(i / 2) + 1) % ring.size()];
          const Vec2 out = perp_left(b - a) * (-1.0 / length(b - a));
          const double off = (i % 3 - 1) * plain.tolerance * (i % 5 == 0 ? 0.5 : 2.0);
          p = lerp(a, b, uniform(rng, 0.0, 1.0)) + out * off;
        }
        const bool want = plain_inside(plain, p);
        EXPECT_EQ(inside_corridor(shape, p), want) << "point (" << p.x << ", " << p.y << ")";
        // Whichever polygon is tried first (one past the last too), the answer is the same, and the
        // polygon it names holds the point.
        size_t first = std::uniform_int_distribution<size_t>(0, plain.polygons.size())(pick);
        EXPECT_EQ(shape.contains(p, first), want) << "point (" << p.x << ", " << p.y << ")";
        if (want) {
          ASSERT_LT(first, plain.polygons.size());
          EXPECT_TRUE(plain_in_polygon(plain.polygons[first], p, plain.tolerance)) << "polygon " << first;
        }
        size_t first_in_place = std::uniform_int_distribution<size_t>(0, plain.polygons.size())(pick);
        EXPECT_EQ(region.contains(p, first_in_place), want) << "point (" << p.x << ", " << p.y << "), in place";
        if (want) {
          ASSERT_LT(first_in_place, plain.polygons.size());
          EXPECT_TRUE(plain_in_polygon(plain.polygons[first_in_place], p, plain.tolerance));
        }
        ++points;
        points_in += want;
      }
      // Arcs anywhere, and small ones about the corridor's corners (they cross walls).
      for (int i = 0; i < 60; ++i) {
        Arc arc;
        if (i % 2 == 0) {
          arc.center = {uniform(rng, 0.0, 10.0), uniform(rng, 0.0, 8.0)};
          arc.radius = uniform(rng, 0.05, 4.0);
        } else {
          const std::vector<Vec2>& ring = plain.polygons[size_t(i) % plain.polygons.size()];
          arc.center = ring[size_t(i / 2) % ring.size()] + Vec2{uniform(rng, -0.3, 0.3), uniform(rng, -0.3, 0.3)};
          arc.radius = uniform(rng, 0.05, 0.8);
        }
        arc.start = uniform(rng, -std::numbers::pi, std::numbers::pi);
        arc.sweep = uniform(rng, -std::numbers::pi, std::numbers::pi);
        const ArcCoverage want = plain_coverage(arc, plain);
        expect_same(arc_coverage(arc, shape), want, "arc " + std::to_string(arcs));
        size_t first = std::uniform_int_distribution<size_t>(0, plain.polygons.size())(pick);
        expect_same(arc_coverage(arc, shape, first), want, "arc " + std::to_string(arcs) + ", polygon tried first");
        size_t first_in_place = std::uniform_int_distribution<size_t>(0, plain.polygons.size())(pick);
        expect_same(arc_coverage(arc, region, first_in_place), want, "arc " + std::to_string(arcs) + ", in place");
        ++arcs;
        outside += !want.inside;
        hit_arcs += want.hits > 0;
      }
      if (HasFailure()) return;
    }
  }
  // The draws cover both answers.
  EXPECT_GT(outside, arcs / 4);
  EXPECT_GT(arcs - outside, arcs / 10);
  EXPECT_GT(hit_arcs, arcs / 5);
  EXPECT_GT(points_in, points / 4);
  EXPECT_LT(points_in, points * 3 / 4);
}

TEST(Coverage, ASliverContainsWhatItsToleranceRegionReachesFarPastItsCorner) {
  // A triangle 10 m long and 1e-7 m wide at its base: its tolerance region (1e-8 m off every edge's line)
  // reaches about 10 m · 1e-8 / (1e-7 / 2) = 2 m past its apex. A point 1.5 m beyond the apex is inside.
  const std::vector<Vec2> sliver{{0, 0}, {10, 5e-8}, {0, 1e-7}};
  const std::vector<Vec2> square{{20, 0}, {21, 0}, {21, 1}, {20, 1}};
  CorridorShape shape;
  shape.add_polygon(square);
  shape.add_polygon(sliver);
  shape.tolerance = 1e-8;
  Plain plain;
  plain.polygons = {square, sliver};
  plain.tolerance = 1e-8;
  EXPECT_TRUE(plain_inside(plain, {11.5, 5e-8}));
  for (double x = 9.0; x < 14.0; x += 0.01)
    for (double y : {5e-8, 5e-8 + 1e-8, -1e-8, 2e-7}) {
      const Vec2 p{x, y};
      EXPECT_EQ(inside_corridor(shape, p), plain_inside(plain, p)) << x << " " << y;
    }
  // A blunt corner reaches only tolerance·sqrt(2) past it: a point further out along the diagonal is
  // skipped by the bounds and is outside by the rule too.
  for (double d : {0.5e-8, 1.0e-8, 1.5e-8, 3e-8}) {
    const Vec2 p{21.0 + d, 1.0 + d};
    EXPECT_EQ(inside_corridor(shape, p), plain_inside(plain, p)) << d;
  }
}

}  // namespace
}  // namespace navlab
