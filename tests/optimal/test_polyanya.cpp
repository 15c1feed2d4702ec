// Polyanya against an independent oracle: a visibility graph over every mesh vertex, searched with a
// plain O(n²) Dijkstra. Visibility is decided here from the mesh's wall edges alone: a segment is
// visible when every piece between its contacts with the walls has its midpoint inside some polygon.
// Random meshes are jittered grids of triangles and quads with cells removed (holes).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

#include "funnel.h"
#include "locate.h"
#include "meshes.h"
#include "polyanya.h"
#include "portals.h"
#include "search.h"

namespace navlab {
namespace {

using test::mesh_of;

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kRelative = 1e-6;  // lengths equal within this relative error
constexpr double kEps = 1e-9;       // m: oracle's geometric tolerance

// ---- oracle ------------------------------------------------------------------------------------

bool inside_mesh(const NavMesh& mesh, Vec2 p) {
  for (const NavPoly& poly : mesh.polys) {
    bool in = true;
    for (size_t i = 0; i < poly.verts.size() && in; ++i) {
      const Vec2 a = mesh.verts[size_t(poly.verts[i])], b = mesh.verts[size_t(poly.verts[(i + 1) % poly.verts.size()])];
      in = orient(a, b, p) >= -kEps * distance(a, b);
    }
    if (in) return true;
  }
  return false;
}

// Parameters along p→q where the segment meets the wall edge a–b (crossing, touching or overlapping).
void contacts(Vec2 p, Vec2 q, Vec2 a, Vec2 b, std::vector<double>& ts) {
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

struct Oracle {
  const NavMesh& mesh;
  std::vector<std::pair<Vec2, Vec2>> walls;

  explicit Oracle(const NavMesh& m) : mesh(m) {
    for (const NavPoly& poly : m.polys)
      for (size_t i = 0; i < poly.verts.size(); ++i)
        if (poly.neighbours[i] < 0)
          walls.push_back({m.verts[size_t(poly.verts[i])], m.verts[size_t(poly.verts[(i + 1) % poly.verts.size()])]});
  }

  bool visible(Vec2 p, Vec2 q) const {
    if (distance(p, q) <= kEps) return inside_mesh(mesh, p);
    std::vector<double> ts{0.0, 1.0};
    for (const auto& w : walls) contacts(p, q, w.first, w.second, ts);
    std::sort(ts.begin(), ts.end());
    for (size_t i = 0; i + 1 < ts.size(); ++i) {
      const double lo = std::clamp(ts[i], 0.0, 1.0), hi = std::clamp(ts[i + 1], 0.0, 1.0);
      if (hi - lo < 1e-12) continue;
      if (!inside_mesh(mesh, lerp(p, q, 0.5 * (lo + hi)))) return false;
    }
    return inside_mesh(mesh, p) && inside_mesh(mesh, q);
  }

  // Dijkstra over start, goal and every mesh vertex; infinity when unreachable.
  double shortest(Vec2 s, Vec2 g) const {
    std::vector<Vec2> pts{s, g};
    pts.insert(pts.end(), mesh.verts.begin(), mesh.verts.end());
    const size_t n = pts.size();
    std::vector<double> dist(n, kInf);
    std::vector<char> done(n, 0);
    dist[0] = 0.0;
    for (;;) {
      size_t u = n;
      for (size_t i = 0; i < n; ++i)
        if (!done[i] && dist[i] < kInf && (u == n || dist[i] < dist[u])) u = i;
      if (u == n || u == 1) break;
      done[u] = 1;
      for (size_t v = 0; v < n; ++v)
        if (!done[v] && dist[u] + distance(pts[u], pts[v]) < dist[v] && visible(pts[u], pts[v]))
          dist[v] = dist[u] + distance(pts[u], pts[v]);
    }
    return dist[1];
  }
};

// ---- random meshes -----------------------------------------------------------------------------

bool convex_ccw(const std::vector<Vec2>& v, const std::vector<int>& poly) {
  for (size_t i = 0; i < poly.size(); ++i)
    if (orient(v[size_t(poly[i])], v[size_t(poly[(i + 1) % poly.size()])], v[size_t(poly[(i + 2) % poly.size()])]) <= 1e-6)
      return false;
  return true;
}

// Which cells of a w×h grid are kept: ~`hole_share` removed, then cells added back until no two kept
// cells touch at a corner only (a navmesh connects polygons by edges, so a path cannot pass there,
// while the oracle's visibility would let it).
std::vector<char> random_cells(std::mt19937& rng, int w, int h, double hole_share) {
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

// A w×h grid of unit cells, vertices jittered, holes from random_cells, each kept cell a quad or two
// triangles (random diagonal).
NavMesh random_mesh(std::mt19937& rng, int w, int h, double hole_share) {
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
  // A vertex of removed cells only is off the mesh: the oracle never routes through it.
  return mesh_of(verts, polys);
}

Vec2 random_point_in(std::mt19937& rng, const NavMesh& mesh, int poly) {
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  const NavPoly& p = mesh.polys[size_t(poly)];
  double wa = unit(rng), wb = unit(rng), wc = unit(rng);
  const double sum = wa + wb + wc;
  return mesh.verts[size_t(p.verts[0])] * (wa / sum) + mesh.verts[size_t(p.verts[1])] * (wb / sum) +
         mesh.verts[size_t(p.verts[2])] * (wc / sum);
}

PolyanyaResult run(const NavMesh& mesh, Vec2 s, int sp, Vec2 g, int gp, PolyanyaTrace* trace = nullptr) {
  return polyanya(mesh, PolyanyaQuery{s, g, sp, gp}, nullptr, {}, trace);
}

// The funnel over A*'s corridor (Detour's edge-midpoint model), the usual plan's path length.
double funnel_length(const NavMesh& mesh, Vec2 s, int sp, Vec2 g, int gp) {
  const SearchResult sr = search(mesh, SearchQuery{sp, gp, to_world(s, 0.0), to_world(g, 0.0)}, SearchDef{});
  if (sr.status != Status::Complete) return kInf;
  const PortalsResult pr = build_portals(mesh, sr.corridor, s, g);
  EXPECT_TRUE(pr.ok());
  return funnel(s, pr.portals).length;
}

double tolerance_for(double length) { return kRelative * std::max(1.0, length); }

// Every segment of the path is visible and the segments add up to the reported length.
void expect_valid_path(const Oracle& oracle, const PolyanyaResult& r) {
  ASSERT_GE(r.path.size(), 2u);
  double sum = 0.0;
  for (size_t i = 0; i + 1 < r.path.size(); ++i) {
    EXPECT_TRUE(oracle.visible(r.path[i], r.path[i + 1])) << "segment " << i;
    sum += distance(r.path[i], r.path[i + 1]);
  }
  EXPECT_NEAR(sum, r.length, tolerance_for(r.length));
}

// ---- tests -------------------------------------------------------------------------------------

// 3×3 square with the middle cell missing: from the middle of the left column to the middle of the
// right column the path turns at (1, 2) and (2, 2) (or their mirror images): 2·√0.5 + 1 = 1 + √2.
NavMesh ring_mesh() {
  std::vector<Vec2> v;
  for (int y = 0; y <= 3; ++y)
    for (int x = 0; x <= 3; ++x) v.push_back({double(x), double(y)});
  auto id = [](int x, int y) { return y * 4 + x; };
  std::vector<std::vector<int>> polys;
  for (int y = 0; y < 3; ++y)
    for (int x = 0; x < 3; ++x)
      if (!(x == 1 && y == 1)) polys.push_back({id(x, y), id(x + 1, y), id(x + 1, y + 1), id(x, y + 1)});
  return mesh_of(v, polys);
}

TEST(Polyanya, RingAroundAHoleHandComputed) {
  const NavMesh mesh = ring_mesh();
  // Polygons in row-major order without the middle: (0,1) is polygon 3, (2,1) is polygon 4.
  const PolyanyaResult r = run(mesh, {0.5, 1.5}, 3, {2.5, 1.5}, 4);
  ASSERT_EQ(r.status, Status::Complete);
  EXPECT_NEAR(r.length, 1.0 + std::sqrt(2.0), 1e-12);
  ASSERT_EQ(r.path.size(), 4u);
  EXPECT_EQ(r.turns.size(), 2u);
  EXPECT_NEAR(std::abs(r.path[1].y - 1.5), 0.5, 1e-12);
  EXPECT_NEAR(r.path[1].x, 1.0, 1e-12);
  EXPECT_NEAR(r.path[2].x, 2.0, 1e-12);
}

TEST(Polyanya, SamePolygonIsTheStraightSegment) {
  const NavMesh mesh = ring_mesh();
  PolyanyaTrace trace;
  const PolyanyaResult r = run(mesh, {0.1, 0.2}, 0, {0.9, 0.7}, 0, &trace);
  ASSERT_EQ(r.status, Status::Complete);
  EXPECT_DOUBLE_EQ(r.length, distance(Vec2{0.1, 0.2}, Vec2{0.9, 0.7}));
  EXPECT_EQ(r.corridor, std::vector<int>{0});
  ASSERT_FALSE(trace.steps.empty());
  EXPECT_EQ(trace.steps.back().kind, PolyanyaStep::Kind::Direct);
}

TEST(Polyanya, StartAndGoalOnVerticesAndEdges) {
  const NavMesh mesh = ring_mesh();
  const Oracle oracle(mesh);
  struct Case {
    Vec2 s, g;
  };
  // Vertices of the hole, a mesh corner, edges shared by two polygons and a wall edge.
  const Case cases[] = {{{1, 1}, {2, 2}}, {{0, 0}, {3, 3}}, {{1, 0.5}, {2, 2.5}}, {{0.5, 1}, {2.5, 2}},
                        {{1.5, 1}, {1.5, 2}}, {{1, 1.5}, {3, 1.5}}, {{0, 1.5}, {2, 1.5}}};
  for (const Case& c : cases) {
    const int sp = polygon_containing(mesh, c.s, locate_tolerance(mesh));
    const int gp = polygon_containing(mesh, c.g, locate_tolerance(mesh));
    const PolyanyaResult r = run(mesh, c.s, sp, c.g, gp);
    const double want = oracle.shortest(c.s, c.g);
    ASSERT_EQ(r.status, Status::Complete) << c.s.x << "," << c.s.y;
    EXPECT_NEAR(r.length, want, tolerance_for(want)) << c.s.x << "," << c.s.y << " -> " << c.g.x << "," << c.g.y;
    expect_valid_path(oracle, r);
  }
  // (1,1) to (2,2) across the hole: around it, 2 m.
  EXPECT_NEAR(run(mesh, {1, 1}, 0, {2, 2}, 4).length, 2.0, 1e-12);
}

TEST(Polyanya, UnreachableGoalsUseTheUsualReasons) {
  // Two unit squares that do not touch.
  const NavMesh mesh = mesh_of({{0, 0}, {1, 0}, {1, 1}, {0, 1}, {2, 0}, {3, 0}, {3, 1}, {2, 1}}, {{0, 1, 2, 3}, {4, 5, 6, 7}});
  PolyanyaResult r = run(mesh, {0.5, 0.5}, 0, {2.5, 0.5}, 1);
  EXPECT_EQ(r.status, Status::Failed);
  ASSERT_TRUE(r.failure);
  EXPECT_EQ(r.failure->stage, FailStage::Search);
  EXPECT_EQ(r.failure->reason, Reason::Disconnected);
  r = run(mesh, {-5, 0.5}, -1, {2.5, 0.5}, 1);
  ASSERT_TRUE(r.failure);
  EXPECT_EQ(r.failure->reason, Reason::StartOffMesh);
  r = run(mesh, {0.5, 0.5}, 0, {9, 9}, -1);
  ASSERT_TRUE(r.failure);
  EXPECT_EQ(r.failure->reason, Reason::GoalOffMesh);
}

TEST(Polyanya, ClosedLinkIsAWall) {
  // Ring mesh with the link between polygons 0 and 1 closed: from polygon 0 to polygon 1 the path goes
  // the long way round; with the link between 3 and 5 closed as well, there is no path.
  const NavMesh mesh = ring_mesh();
  SearchFilter filter;
  filter.reasons = {"door d"};
  auto close = [&](int a, int b) {
    for (int p : {a, b}) {
      const int other = p == a ? b : a;
      const std::vector<int>& nbs = mesh.polys[size_t(p)].neighbours;
      for (size_t e = 0; e < nbs.size(); ++e)
        if (nbs[e] == other) filter.poly_link_block.bar(p, int(e), int(nbs.size()), 0);
    }
  };
  close(0, 1);
  const PolyanyaQuery q{{0.5, 0.5}, {1.5, 0.5}, 0, 1};
  PolyanyaResult r = polyanya(mesh, q, &filter);
  ASSERT_EQ(r.status, Status::Complete);
  // Up past the closed link and the hole, across the top and down the right column: turning at (1,2),
  // (2,2) and (2,1).
  const double want = distance(Vec2{0.5, 0.5}, Vec2{1, 2}) + 1 + 1 + distance(Vec2{2, 1}, Vec2{1.5, 0.5});
  EXPECT_NEAR(r.length, want, 1e-12);
  close(3, 5);
  r = polyanya(mesh, q, &filter);
  ASSERT_TRUE(r.failure);
  EXPECT_EQ(r.failure->reason, Reason::Disconnected);
}

// The corner table worked out the plain way: every open polygon's every edge, marked when no path may
// cross it (a wall, a closed link, an excluded polygon across).
std::vector<char> corners_by_full_scan(const NavMesh& mesh, const SearchFilter& filter) {
  std::vector<char> corner(mesh.verts.size(), 0);
  for (size_t i = 0; i < mesh.polys.size(); ++i) {
    if (filter.node_blocked(int(i))) continue;
    const NavPoly& p = mesh.polys[i];
    for (size_t e = 0; e < p.verts.size(); ++e) {
      const int nb = p.neighbours[e];
      if (nb >= 0 && filter.link_block(mesh, int(i), int(e)) < 0 && !filter.node_blocked(nb)) continue;
      corner[size_t(p.verts[e])] = corner[size_t(p.verts[(e + 1) % p.verts.size()])] = 1;
    }
  }
  return corner;
}

TEST(Polyanya, CornersMatchAFullScanUnderRandomFilters) {
  std::mt19937 rng(20261202);
  int unmarked = 0, marked = 0;  // vertices the filter took off / put on the open mesh's corners
  for (int m = 0; m < 40; ++m) {
    const NavMesh mesh = random_mesh(rng, 5 + m % 4, 4 + m % 3, 0.1 + 0.05 * (m % 4));
    if (mesh.polys.empty()) continue;
    const std::vector<char> open = corners_by_full_scan(mesh, SearchFilter{});
    EXPECT_EQ(polyanya_mesh_info(mesh).corner, open) << "mesh " << m;
    std::uniform_int_distribution<int> die(0, 5);
    SearchFilter filter;
    filter.reasons = {"area x", "door d"};
    if (m % 3 != 2) {  // some polygons excluded
      filter.node_block.assign(mesh.polys.size(), -1);
      for (int& b : filter.node_block) b = die(rng) == 0 ? 0 : -1;
    }
    if (m % 3 != 1) {  // some links closed, on one side or both
      for (size_t p = 0; p < mesh.polys.size(); ++p) {
        if (die(rng) > 1) continue;
        const int edges = int(mesh.polys[p].neighbours.size());
        for (int e = 0; e < edges; ++e)
          if (die(rng) < 2) filter.poly_link_block.bar(int(p), e, edges, 1);
      }
    }
    const std::vector<char> want = corners_by_full_scan(mesh, filter);
    EXPECT_EQ(polyanya_mesh_info(mesh, &filter).corner, want) << "mesh " << m;
    for (size_t v = 0; v < want.size(); ++v) {
      unmarked += open[v] && !want[v];
      marked += !open[v] && want[v];
    }
  }
  EXPECT_GT(unmarked, 0);  // both directions happen
  EXPECT_GT(marked, 0);
}

TEST(Polyanya, BudgetExhausted) {
  const NavMesh mesh = ring_mesh();
  PolyanyaDef def;
  def.node_budget = 1;
  const PolyanyaResult r = polyanya(mesh, PolyanyaQuery{{0.5, 1.5}, {2.5, 1.5}, 3, 4}, nullptr, def);
  ASSERT_TRUE(r.failure);
  EXPECT_EQ(r.failure->reason, Reason::BudgetExhausted);
}

// The core property: on random meshes with holes Polyanya's length equals the visibility-graph
// shortest path, the path is made of visible segments, swapping start and goal gives the same length,
// it is never longer than the funnel over A*'s corridor, and its own corridor's funnel is the path.
TEST(Polyanya, MatchesVisibilityGraphOnRandomMeshes) {
  std::mt19937 rng(20261130);
  int compared = 0, unreachable = 0, shorter_than_funnel = 0;
  for (int m = 0; m < 16; ++m) {
    const NavMesh mesh = random_mesh(rng, 4 + m % 5, 3 + m % 4, 0.15 + 0.05 * (m % 6));
    if (mesh.polys.empty()) continue;
    const Oracle oracle(mesh);
    std::uniform_int_distribution<int> pick(0, int(mesh.polys.size()) - 1);
    for (int k = 0; k < 15; ++k) {
      const int sp = pick(rng), gp = pick(rng);
      const Vec2 s = random_point_in(rng, mesh, sp), g = random_point_in(rng, mesh, gp);
      const double want = oracle.shortest(s, g);
      const PolyanyaResult r = run(mesh, s, sp, g, gp);
      const PolyanyaResult back = run(mesh, g, gp, s, sp);
      if (want == kInf) {
        ++unreachable;
        ASSERT_TRUE(r.failure);
        EXPECT_EQ(r.failure->reason, Reason::Disconnected);
        continue;
      }
      ASSERT_EQ(r.status, Status::Complete) << "mesh " << m << " query " << k << " want " << want << " "
                                            << (r.failure ? to_string(r.failure->reason) : "") << " s " << s.x << "," << s.y
                                            << " (" << sp << ") g " << g.x << "," << g.y << " (" << gp << ")";
      EXPECT_NEAR(r.length, want, tolerance_for(want)) << "mesh " << m << " query " << k;
      EXPECT_NEAR(back.length, r.length, tolerance_for(want)) << "mesh " << m << " query " << k;
      expect_valid_path(oracle, r);
      const double fl = funnel_length(mesh, s, sp, g, gp);
      EXPECT_LE(r.length, fl + tolerance_for(fl));
      if (r.length < fl - tolerance_for(fl)) ++shorter_than_funnel;
      const PortalsResult own = build_portals(mesh, r.corridor, s, g);
      ASSERT_TRUE(own.ok()) << own.failure->message;
      EXPECT_NEAR(funnel(s, own.portals).length, r.length, tolerance_for(want));
      ++compared;
    }
  }
  EXPECT_GT(compared, 100);
  EXPECT_GT(unreachable, 0);           // the holes cut some meshes apart
  EXPECT_GT(shorter_than_funnel, 0);   // and the corridor's funnel is sometimes not the shortest
}

TEST(Polyanya, StepsTellTheSearch) {
  const NavMesh mesh = ring_mesh();
  PolyanyaTrace trace;
  const PolyanyaResult r = run(mesh, {0.5, 1.5}, 3, {2.5, 1.5}, 4, &trace);
  ASSERT_EQ(r.status, Status::Complete);
  int popped = 0, successors = 0, goal = 0;
  for (const PolyanyaStep& s : trace.steps) {
    EXPECT_FALSE(s.describe().empty());
    popped += s.kind == PolyanyaStep::Kind::Popped;
    successors += s.kind == PolyanyaStep::Kind::Successor;
    goal += s.kind == PolyanyaStep::Kind::GoalNode;
  }
  EXPECT_EQ(popped + 1, r.expanded);  // the final node's pop is the Found step
  EXPECT_EQ(successors + goal, r.generated);
  EXPECT_EQ(trace.steps.front().kind, PolyanyaStep::Kind::Start);
  EXPECT_EQ(trace.steps.back().kind, PolyanyaStep::Kind::Found);
  EXPECT_NEAR(trace.steps.back().f, 1.0 + std::sqrt(2.0), 1e-12);
}

}  // namespace
}  // namespace navlab
