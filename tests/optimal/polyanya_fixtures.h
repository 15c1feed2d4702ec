// What the Polyanya tests share: a slow shortest-path oracle that knows nothing of Polyanya (a visibility
// graph over the mesh's boundary vertices, searched with a plain O(n²) Dijkstra), the usual plan's path
// length (the funnel through A*'s corridor), and mesh generators: jittered grids, and grid maps with
// integer coordinates (walls of many collinear vertices, polygons with collinear vertices, long sliver
// triangles, many islands), the degenerate geometry real game meshes are made of.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "funnel.h"
#include "geom.h"
#include "locate.h"
#include "meshes.h"
#include "navmesh.h"
#include "polyanya.h"
#include "portals.h"
#include "search.h"

namespace navlab::optimal_test {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kRelative = 1e-6;  // lengths equal within this relative error (of at least 1 m)
constexpr double kEps = 1e-9;       // m: the oracle's geometric tolerance

inline double tolerance_for(double length) { return kRelative * std::max(1.0, length); }

// ---- oracle ------------------------------------------------------------------------------------

// The shortest path inside the mesh's polygons, worked out from the wall edges alone: a segment is
// visible when every piece of it between its contacts with the walls has its midpoint in a polygon, and
// the shortest path is the shortest chain of visible segments through boundary vertices (where a
// taut path turns).
class VisibilityOracle {
 public:
  explicit VisibilityOracle(const NavMesh& m) : mesh_(m) {
    std::vector<char> on_wall(m.verts.size(), 0);
    for (const NavPoly& poly : m.polys)
      for (size_t i = 0; i < poly.verts.size(); ++i) {
        const int a = poly.verts[i], b = poly.verts[(i + 1) % poly.verts.size()];
        if (poly.neighbours[i] >= 0) continue;
        walls_.push_back({m.verts[size_t(a)], m.verts[size_t(b)]});
        on_wall[size_t(a)] = on_wall[size_t(b)] = 1;
      }
    for (const NavPoly& poly : m.polys) {
      Vec2 lo{kInf, kInf}, hi{-kInf, -kInf};
      for (int v : poly.verts) {
        lo = {std::min(lo.x, m.verts[size_t(v)].x), std::min(lo.y, m.verts[size_t(v)].y)};
        hi = {std::max(hi.x, m.verts[size_t(v)].x), std::max(hi.y, m.verts[size_t(v)].y)};
      }
      box_lo_.push_back(lo);
      box_hi_.push_back(hi);
    }
    for (size_t v = 0; v < on_wall.size(); ++v)
      if (on_wall[v]) corners_.push_back(m.verts[v]);
  }

  bool inside(Vec2 p) const {
    for (size_t k = 0; k < mesh_.polys.size(); ++k) {
      if (p.x < box_lo_[k].x - kEps || p.y < box_lo_[k].y - kEps || p.x > box_hi_[k].x + kEps ||
          p.y > box_hi_[k].y + kEps)
        continue;
      const NavPoly& poly = mesh_.polys[k];
      bool in = true;
      for (size_t i = 0; i < poly.verts.size() && in; ++i) {
        const Vec2 a = mesh_.verts[size_t(poly.verts[i])];
        const Vec2 b = mesh_.verts[size_t(poly.verts[(i + 1) % poly.verts.size()])];
        in = orient(a, b, p) >= -kEps * distance(a, b);
      }
      if (in) return true;
    }
    return false;
  }

  bool visible(Vec2 p, Vec2 q) const {
    if (distance(p, q) <= kEps) return inside(p);
    std::vector<double> ts{0.0, 1.0};
    for (const auto& w : walls_) contacts(p, q, w.first, w.second, ts);
    std::sort(ts.begin(), ts.end());
    for (size_t i = 0; i + 1 < ts.size(); ++i) {
      const double lo = std::clamp(ts[i], 0.0, 1.0), hi = std::clamp(ts[i + 1], 0.0, 1.0);
      if (hi - lo < 1e-12) continue;
      if (!inside(lerp(p, q, 0.5 * (lo + hi)))) return false;
    }
    return inside(p) && inside(q);
  }

  // The shortest length from s to g inside the mesh; infinity when no path joins them.
  double shortest(Vec2 s, Vec2 g) const {
    if (visible(s, g)) return distance(s, g);
    corner_graph();
    const size_t n = corners_.size();
    // Dijkstra over the corners from s; the goal is reached from every corner that sees it.
    std::vector<double> dist(n, kInf), to_goal(n, kInf);
    std::vector<char> done(n, 0);
    for (size_t i = 0; i < n; ++i) {
      if (visible(s, corners_[i])) dist[i] = distance(s, corners_[i]);
      if (visible(corners_[i], g)) to_goal[i] = distance(corners_[i], g);
    }
    double best = kInf;
    for (;;) {
      size_t u = n;
      for (size_t i = 0; i < n; ++i)
        if (!done[i] && dist[i] < kInf && (u == n || dist[i] < dist[u])) u = i;
      if (u == n || dist[u] >= best) break;
      done[u] = 1;
      best = std::min(best, dist[u] + to_goal[u]);
      for (size_t v = 0; v < n; ++v)
        if (!done[v] && sees_[u * n + v]) dist[v] = std::min(dist[v], dist[u] + distance(corners_[u], corners_[v]));
    }
    return best;
  }

 private:
  // Parameters along p→q where the segment meets the wall edge a–b (crossing, touching or overlapping).
  static void contacts(Vec2 p, Vec2 q, Vec2 a, Vec2 b, std::vector<double>& ts) {
    const Vec2 d = q - p, e = b - a;
    const double den = cross(d, e);
    const double len2 = dot(d, d);
    if (std::abs(den) > kEps * std::sqrt(len2 * dot(e, e))) {
      const double t = cross(a - p, e) / den, u = cross(a - p, d) / den;
      if (t >= -kEps && t <= 1 + kEps && u >= -kEps && u <= 1 + kEps) ts.push_back(t);
      return;
    }
    // Parallel: the ends of either segment that lie on the other.
    for (Vec2 c : {a, b})
      if (distance_to_segment(c, p, q) <= kEps) ts.push_back(dot(c - p, d) / len2);
    for (double t : {0.0, 1.0})
      if (distance_to_segment(p + d * t, a, b) <= kEps) ts.push_back(t);
  }

  // Which corners see each other, worked out once per mesh.
  void corner_graph() const {
    if (!sees_.empty() || corners_.empty()) return;
    const size_t n = corners_.size();
    sees_.assign(n * n, 0);
    for (size_t u = 0; u < n; ++u)
      for (size_t v = u + 1; v < n; ++v) sees_[u * n + v] = sees_[v * n + u] = visible(corners_[u], corners_[v]);
  }

  const NavMesh& mesh_;
  std::vector<std::pair<Vec2, Vec2>> walls_;
  std::vector<Vec2> box_lo_, box_hi_;  // per polygon
  std::vector<Vec2> corners_;          // the ends of wall edges
  mutable std::vector<char> sees_;     // corners_.size()² visibility
};

// ---- the usual plan's length and Polyanya's call -----------------------------------------------

inline int poly_at(const NavMesh& mesh, Vec2 p) { return polygon_containing(mesh, p, locate_tolerance(mesh)); }

inline PolyanyaResult run(const NavMesh& mesh, Vec2 s, int sp, Vec2 g, int gp, PolyanyaTrace* trace = nullptr) {
  return polyanya(mesh, PolyanyaQuery{s, g, sp, gp}, nullptr, {}, trace);
}

// The funnel over A*'s corridor (Detour's edge-midpoint model), the usual plan's path length; infinity
// when A* finds no corridor.
inline double funnel_length(const NavMesh& mesh, Vec2 s, int sp, Vec2 g, int gp) {
  const SearchResult sr = search(mesh, SearchQuery{sp, gp, to_world(s, 0.0), to_world(g, 0.0)}, SearchDef{});
  if (sr.status != Status::Complete) return kInf;
  const PortalsResult pr = build_portals(mesh, sr.corridor, s, g);
  EXPECT_TRUE(pr.ok());
  return funnel(s, pr.portals).length;
}

// Every segment of the path is visible and the segments add up to the reported length.
inline void expect_valid_path(const VisibilityOracle& oracle, const PolyanyaResult& r) {
  ASSERT_GE(r.path.size(), 2u);
  double sum = 0.0;
  for (size_t i = 0; i + 1 < r.path.size(); ++i) {
    EXPECT_TRUE(oracle.visible(r.path[i], r.path[i + 1])) << "segment " << i;
    sum += distance(r.path[i], r.path[i + 1]);
  }
  EXPECT_NEAR(sum, r.length, tolerance_for(r.length));
}

// ---- meshes ------------------------------------------------------------------------------------

// Which cells of a w×h grid are kept: ~`hole_share` removed, then cells added back until no two kept
// cells touch at a corner only (a navmesh connects polygons by edges, so a path cannot pass there,
// while the oracle's visibility would let it).
inline std::vector<char> random_cells(std::mt19937& rng, int w, int h, double hole_share) {
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::vector<char> keep(size_t(w * h));
  for (char& k : keep) k = unit(rng) >= hole_share;
  auto at = [&](int x, int y) -> char& { return keep[size_t(y * w + x)]; };
  for (bool changed = true; changed;) {
    changed = false;
    for (int y = 0; y + 1 < h; ++y)
      for (int x = 0; x + 1 < w; ++x) {
        const bool diag = at(x, y) && at(x + 1, y + 1) && !at(x + 1, y) && !at(x, y + 1);
        const bool anti = at(x + 1, y) && at(x, y + 1) && !at(x, y) && !at(x + 1, y + 1);
        if (diag || anti) {
          at(x + (diag ? 1 : 0), y) = 1;
          changed = true;
        }
      }
  }
  return keep;
}

inline bool convex_ccw(const std::vector<Vec2>& v, const std::vector<int>& poly) {
  for (size_t i = 0; i < poly.size(); ++i)
    if (orient(v[size_t(poly[i])], v[size_t(poly[(i + 1) % poly.size()])], v[size_t(poly[(i + 2) % poly.size()])]) <=
        1e-6)
      return false;
  return true;
}

// A w×h grid of unit cells, vertices jittered, holes from random_cells, each kept cell a quad or two
// triangles (random diagonal).
inline NavMesh jittered_mesh(std::mt19937& rng, int w, int h, double hole_share) {
  std::uniform_real_distribution<double> jitter(-0.2, 0.2), unit(0.0, 1.0);
  std::vector<Vec2> verts;
  for (int y = 0; y <= h; ++y)
    for (int x = 0; x <= w; ++x) verts.push_back({x + jitter(rng), y + jitter(rng)});
  auto id = [&](int x, int y) { return y * (w + 1) + x; };
  const std::vector<char> keep = random_cells(rng, w, h, hole_share);
  std::vector<std::vector<int>> polys;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      if (!keep[size_t(y * w + x)]) continue;
      const int a = id(x, y), b = id(x + 1, y), c = id(x + 1, y + 1), d = id(x, y + 1);
      const std::vector<int> quad{a, b, c, d};
      if (unit(rng) < 0.3 && convex_ccw(verts, quad)) {
        polys.push_back(quad);
      } else if (unit(rng) < 0.5) {
        polys.push_back({a, b, c});
        polys.push_back({a, c, d});
      } else {
        polys.push_back({a, b, d});
        polys.push_back({b, c, d});
      }
    }
  return test::mesh_of(verts, polys);
}

// How a grid map's free cells become polygons. All keep the grid's integer coordinates, so walls are
// runs of collinear vertices and many rays pass exactly through vertices.
enum class GridStyle {
  Squares,    // one square per cell
  Triangles,  // two triangles per cell, random diagonal
  Runs,       // horizontal runs of cells (cut at random) as rectangles with every grid vertex on their
              // long sides: polygons with collinear vertices
  Slivers,    // the same runs cut into long thin triangles: two fans, from the run's top-left corner
              // over its bottom side and from its bottom-right corner over its top side
};

// A grid map of w×h cells of `cell` m turned by `angle` radians (then collinear vertices are collinear
// only up to rounding), ~`hole_share` of the cells blocked (islands and walls).
inline NavMesh grid_mesh(std::mt19937& rng, int w, int h, double hole_share, GridStyle style, double cell = 1.0,
                         double angle = 0.0) {
  std::vector<Vec2> verts;
  const double cs = std::cos(angle), sn = std::sin(angle);
  for (int y = 0; y <= h; ++y)
    for (int x = 0; x <= w; ++x)
      verts.push_back(angle == 0.0 ? Vec2{x * cell, y * cell}
                                   : Vec2{(cs * x - sn * y) * cell, (sn * x + cs * y) * cell});
  auto id = [&](int x, int y) { return y * (w + 1) + x; };
  const std::vector<char> keep = random_cells(rng, w, h, hole_share);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::vector<std::vector<int>> polys;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w;) {
      if (!keep[size_t(y * w + x)]) {
        ++x;
        continue;
      }
      int end = x + 1;  // one past the run's last cell
      const bool runs = style == GridStyle::Runs || style == GridStyle::Slivers;
      while (runs && end < w && keep[size_t(y * w + end)] && unit(rng) < 0.85) ++end;
      const int a = id(x, y), b = id(end, y), c = id(end, y + 1), d = id(x, y + 1);
      if (style == GridStyle::Squares) {
        polys.push_back({a, b, c, d});
      } else if (style == GridStyle::Triangles) {
        if (unit(rng) < 0.5) {
          polys.push_back({a, b, c});
          polys.push_back({a, c, d});
        } else {
          polys.push_back({a, b, d});
          polys.push_back({b, c, d});
        }
      } else if (style == GridStyle::Runs) {
        std::vector<int> rect;
        for (int i = x; i <= end; ++i) rect.push_back(id(i, y));
        for (int i = end; i >= x; --i) rect.push_back(id(i, y + 1));
        polys.push_back(rect);
      } else {
        for (int i = x; i < end; ++i) polys.push_back({id(i, y), id(i + 1, y), d});
        for (int i = end; i > x; --i) polys.push_back({b, id(i, y + 1), id(i - 1, y + 1)});
      }
      x = end;
    }
  return test::mesh_of(verts, polys);
}

// A point of polygon `poly`: a random convex combination of its vertices, or (one time in four each) a
// vertex of it or the middle of one of its edges, where start and goal of grid scenarios often lie.
inline Vec2 random_point_in(std::mt19937& rng, const NavMesh& mesh, int poly) {
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  const NavPoly& p = mesh.polys[size_t(poly)];
  std::uniform_int_distribution<size_t> corner(0, p.verts.size() - 1);
  const double kind = unit(rng);
  const size_t i = corner(rng);
  const Vec2 a = mesh.verts[size_t(p.verts[i])], b = mesh.verts[size_t(p.verts[(i + 1) % p.verts.size()])];
  if (kind < 0.25) return a;
  if (kind < 0.5) return lerp(a, b, 0.5);
  Vec2 sum{0, 0};
  double total = 0.0;
  for (int v : p.verts) {
    const double w = unit(rng);
    sum = sum + mesh.verts[size_t(v)] * w;
    total += w;
  }
  return sum * (1.0 / total);
}

}  // namespace navlab::optimal_test
