// Polyanya against an independent oracle: a visibility graph over the mesh's boundary vertices,
// searched with a plain O(n²) Dijkstra (polyanya_fixtures.h). Random meshes are jittered grids of
// triangles and quads with cells removed (holes).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "polyanya_fixtures.h"

namespace navlab {
namespace {

using test::mesh_of;
using namespace optimal_test;

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

// A mesh edited in place (its revision bumped, as every in-place edit does) is searched with tables made
// for it as it is now, not those of its first search: the left column of the ring is walled off, and the
// goal across the ring cannot be reached any more, whether searched on the edited mesh, on a copy of it or
// with a NavQuery the caller owns.
TEST(Polyanya, AMeshEditedInPlaceIsSearchedWithItsNewTables) {
  NavMesh mesh = ring_mesh();
  const Vec2 s{0.5, 1.5}, g{2.5, 1.5};
  const int sp = poly_at(mesh, s), gp = poly_at(mesh, g);
  const PolyanyaResult before = run(mesh, s, sp, g, gp);
  ASSERT_EQ(before.status, Status::Complete);
  EXPECT_NEAR(before.length, 1.0 + std::sqrt(2.0), 1e-9);
  const auto wall_off = [&](Vec2 a, Vec2 b) {
    const int pa = poly_at(mesh, a), pb = poly_at(mesh, b);
    for (int& nb : mesh.polys[size_t(pa)].neighbours)
      if (nb == pb) nb = -1;
    for (int& nb : mesh.polys[size_t(pb)].neighbours)
      if (nb == pa) nb = -1;
  };
  wall_off({0.5, 0.5}, {1.5, 0.5});
  wall_off({0.5, 2.5}, {1.5, 2.5});
  mesh.revision.bump();
  const auto expect_cut_off = [](const PolyanyaResult& r, const std::string& what) {
    EXPECT_EQ(r.status, Status::Failed) << what;
    ASSERT_TRUE(r.failure) << what;
    EXPECT_EQ(r.failure->reason, Reason::Disconnected) << what;
  };
  expect_cut_off(run(mesh, s, sp, g, gp), "the edited mesh");
  const NavMesh copy = mesh;
  expect_cut_off(run(copy, s, sp, g, gp), "a copy of it");
  NavQuery own;
  expect_cut_off(polyanya(mesh, polyanya_mesh_info(mesh), PolyanyaQuery{s, g, sp, gp}, nullptr, {}, nullptr, own),
                 "with a NavQuery of its own");
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
  const VisibilityOracle oracle(mesh);
  struct Case {
    Vec2 s, g;
  };
  // Vertices of the hole, a mesh corner, edges shared by two polygons and a wall edge.
  const Case cases[] = {{{1, 1}, {2, 2}},     {{0, 0}, {3, 3}},     {{1, 0.5}, {2, 2.5}}, {{0.5, 1}, {2.5, 2}},
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

// A polygon's side may hold collinear vertices (hand-authored meshes allow them, merged triangle meshes
// are full of them). A root on the line of such a side sees nothing across the side's other edges, but
// the path may run along the side to the nearer end of an edge and turn there into the polygon beyond.
//
// Here the bottom row of a 3×3 square with its middle cell missing is one polygon whose top side runs
// (3,1) (2,1) (1,1) (0,1). From the hole's corner (1, 1) to (3, 2) the shortest path runs along that
// side to the hole's other corner (2, 1) and up: 1 + √2. Dropping the edge (2,1)-(3,1) because the
// start lies on its line sent the path over the top of the hole, 3 m.
TEST(Polyanya, TurnsAtTheEndOfAnEdgeInLineWithTheRoot) {
  std::vector<Vec2> v;
  for (int y = 0; y <= 3; ++y)
    for (int x = 0; x <= 3; ++x) v.push_back({double(x), double(y)});
  auto id = [](int x, int y) { return y * 4 + x; };
  const NavMesh mesh = mesh_of(v, {{id(0, 0), id(1, 0), id(2, 0), id(3, 0), id(3, 1), id(2, 1), id(1, 1), id(0, 1)},
                                   {id(0, 1), id(1, 1), id(1, 2), id(0, 2)},
                                   {id(2, 1), id(3, 1), id(3, 2), id(2, 2)},
                                   {id(0, 2), id(1, 2), id(2, 2), id(2, 3), id(1, 3), id(0, 3)},
                                   {id(2, 2), id(3, 2), id(3, 3), id(2, 3)}});
  const VisibilityOracle oracle(mesh);
  PolyanyaTrace trace;
  const PolyanyaResult r = run(mesh, {1, 1}, 0, {3, 2}, 2, &trace);
  ASSERT_EQ(r.status, Status::Complete);
  EXPECT_NEAR(r.length, 1.0 + std::sqrt(2.0), 1e-12);
  EXPECT_NEAR(oracle.shortest({1, 1}, {3, 2}), r.length, 1e-9);
  expect_valid_path(oracle, r);
  ASSERT_GE(r.turns.size(), 1u);
  EXPECT_EQ(r.turns.back(), id(2, 1));
  const bool along = std::any_of(trace.steps.begin(), trace.steps.end(),
                                 [](const PolyanyaStep& s) { return s.why == SuccessorKind::AlongEdge; });
  EXPECT_TRUE(along);
}

// The root the path runs along the line from may be a corner just turned at: over the top of a block
// (cells (1, 0) and (1, 1) of a 3×3 grid) whose top (1,2)-(2,2) is one piece of the upper row's
// polygon's bottom side, from the left column to the right one. The path turns at (1, 2), runs along the
// block's top and turns again at (2, 2): both turns are the path's points.
TEST(Polyanya, AnEdgeInLineWithACornerJustTurnedAtKeepsBothTurns) {
  std::vector<Vec2> v;
  for (int y = 0; y <= 3; ++y)
    for (int x = 0; x <= 3; ++x) v.push_back({double(x), double(y)});
  auto id = [](int x, int y) { return y * 4 + x; };
  const NavMesh mesh = mesh_of(v, {{id(0, 0), id(1, 0), id(1, 1), id(0, 1)},
                                   {id(0, 1), id(1, 1), id(1, 2), id(0, 2)},
                                   {id(2, 0), id(3, 0), id(3, 1), id(2, 1)},
                                   {id(2, 1), id(3, 1), id(3, 2), id(2, 2)},
                                   {id(0, 2), id(1, 2), id(2, 2), id(3, 2), id(3, 3), id(2, 3), id(1, 3), id(0, 3)}});
  const VisibilityOracle oracle(mesh);
  const PolyanyaResult r = run(mesh, {0.5, 0.5}, 0, {2.5, 0.5}, 2);
  ASSERT_EQ(r.status, Status::Complete);
  EXPECT_NEAR(r.length, 2.0 * std::hypot(0.5, 1.5) + 1.0, 1e-12);
  EXPECT_EQ(r.turns, (std::vector<int>{id(1, 2), id(2, 2)}));
  expect_valid_path(oracle, r);
}

// The same when that edge is the only way between two polygons: polygon A's bottom side runs (0,1)
// (1,1) (2,1), a wall and then the edge into B below. From the vertex (0, 1) no search node may cross
// (1,1)-(2,1) directly (the start is on its line), so the search found no path at all (it failed with
// "disconnected" where A* finds the corridor A, B).
TEST(Polyanya, AnEdgeInLineWithTheStartIsNoDeadEnd) {
  const NavMesh mesh =
      mesh_of({{0, 1}, {1, 1}, {2, 1}, {2, 2}, {0, 2}, {1, 0}, {2, 0}}, {{0, 1, 2, 3, 4}, {5, 6, 2, 1}});
  const VisibilityOracle oracle(mesh);
  const PolyanyaResult r = run(mesh, {0, 1}, 0, {1.5, 0.5}, 1);
  ASSERT_EQ(r.status, Status::Complete) << (r.failure ? r.failure->message : "");
  EXPECT_NEAR(r.length, 1.0 + std::sqrt(0.5), 1e-12);
  EXPECT_NEAR(oracle.shortest({0, 1}, {1.5, 0.5}), r.length, 1e-9);
  EXPECT_EQ(r.corridor, (std::vector<int>{0, 1}));
  // And back: from B the corner (1, 1) is turned at on the way up, then the wall is followed to (0, 1).
  const PolyanyaResult back = run(mesh, {1.5, 0.5}, 1, {0, 1}, 0);
  ASSERT_EQ(back.status, Status::Complete);
  EXPECT_NEAR(back.length, r.length, 1e-12);
}

TEST(Polyanya, UnreachableGoalsUseTheUsualReasons) {
  // Two unit squares that do not touch.
  const NavMesh mesh =
      mesh_of({{0, 0}, {1, 0}, {1, 1}, {0, 1}, {2, 0}, {3, 0}, {3, 1}, {2, 1}}, {{0, 1, 2, 3}, {4, 5, 6, 7}});
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

// The corner table worked out another way, vertex by vertex from the angles of the polygons around it:
// a vertex is a corner when an edge of an open polygon that no path may cross (a closed link, an
// excluded polygon across) ends at it, or when an open polygon's wall ends at it and the open polygons
// around it fill more than 180° (the meshes here have one wedge of polygons around each vertex: no two
// kept cells touch at a corner only).
std::vector<char> corners_by_angles(const NavMesh& mesh, const SearchFilter& filter) {
  constexpr double kPi = 3.14159265358979323846;
  const size_t nv = mesh.verts.size();
  std::vector<double> angle(nv, 0.0);
  std::vector<char> on_wall(nv, 0), closed_end(nv, 0);
  for (size_t i = 0; i < mesh.polys.size(); ++i) {
    if (filter.node_blocked(int(i))) continue;
    const NavPoly& p = mesh.polys[i];
    const size_t n = p.verts.size();
    for (size_t e = 0; e < n; ++e) {
      const int v = p.verts[e];
      const Vec2 at = mesh.verts[size_t(v)], next = mesh.verts[size_t(p.verts[(e + 1) % n])],
                 prev = mesh.verts[size_t(p.verts[(e + n - 1) % n])];
      // The interior angle at v, in (0, π]: at a collinear vertex rounding may put atan2 at -π.
      const double a = std::atan2(cross(next - at, prev - at), dot(next - at, prev - at));
      angle[size_t(v)] += a < 0.0 ? a + 2.0 * kPi : a;
      const int nb = p.neighbours[e];
      const int w = p.verts[(e + 1) % n];
      if (nb < 0) {
        on_wall[size_t(v)] = on_wall[size_t(w)] = 1;
      } else if (filter.link_block(mesh, int(i), int(e)) >= 0 || filter.node_blocked(nb)) {
        closed_end[size_t(v)] = closed_end[size_t(w)] = 1;
      }
    }
  }
  std::vector<char> corner(nv, 0);
  for (size_t v = 0; v < nv; ++v) corner[v] = closed_end[v] || (on_wall[v] && angle[v] > kPi + 1e-9);
  return corner;
}

TEST(Polyanya, CornersMatchTheAnglesUnderRandomFilters) {
  std::mt19937 rng(20261202);
  int unmarked = 0, marked = 0;  // vertices the filter took off / put on the open mesh's corners
  int corners = 0, wall_vertices = 0;
  for (int m = 0; m < 40; ++m) {
    const NavMesh mesh = jittered_mesh(rng, 5 + m % 4, 4 + m % 3, 0.1 + 0.05 * (m % 4));
    if (mesh.polys.empty()) continue;
    const std::vector<char> open = corners_by_angles(mesh, SearchFilter{});
    EXPECT_EQ(polyanya_mesh_info(mesh).corner, open) << "mesh " << m;
    for (std::uint32_t w : polyanya_wall_ends(mesh)) wall_vertices += w > 0;
    for (char c : open) corners += c;
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
    const std::vector<char> want = corners_by_angles(mesh, filter);
    EXPECT_EQ(polyanya_mesh_info(mesh, &filter).corner, want) << "mesh " << m;
    for (size_t v = 0; v < want.size(); ++v) {
      unmarked += open[v] && !want[v];
      marked += !open[v] && want[v];
    }
  }
  EXPECT_GT(unmarked, 0);  // both directions happen
  EXPECT_GT(marked, 0);
  EXPECT_GT(corners, 0);  // and not every vertex on a wall is a corner
  EXPECT_LT(corners, wall_vertices);
}

// On grid maps the walls are runs of collinear vertices and rooms have inner corners: only the convex
// corners of the obstacles are corners (the angle oracle on meshes with collinear vertices, turned so
// that collinear is collinear up to rounding only).
TEST(Polyanya, StraightWallsAndInnerCornersAreNoCorners) {
  std::mt19937 rng(20261206);
  const GridStyle styles[] = {GridStyle::Squares, GridStyle::Triangles, GridStyle::Runs, GridStyle::Slivers};
  int corners = 0, wall_vertices = 0;
  for (int m = 0; m < 12; ++m) {
    const NavMesh mesh = grid_mesh(rng, 9, 7, 0.3, styles[m % 4], 1.0, m % 3 == 2 ? 0.4 : 0.0);
    const std::vector<char> want = corners_by_angles(mesh, SearchFilter{});
    EXPECT_EQ(polyanya_mesh_info(mesh).corner, want) << "mesh " << m;
    for (std::uint32_t w : polyanya_wall_ends(mesh)) wall_vertices += w > 0;
    for (char c : want) corners += c;
  }
  EXPECT_GT(corners, 0);
  EXPECT_LT(2 * corners, wall_vertices);  // most wall vertices are on straight walls or inner corners
}

// The tip of a thin wall (a slit: the wall runs along one segment on both sides, through vertices of the
// same positions but different indices) leaves 360° free: a corner, where the path round the slit turns.
TEST(Polyanya, TheTipOfAThinWallIsACorner) {
  // Two squares side by side over a slit from (1, 0) to (1, 1) (vertices 1 and 7 there), joined above it
  // by the edge (1, 1)-(1, 2).
  const NavMesh mesh =
      mesh_of({{0, 0}, {1, 0}, {1, 1}, {1, 2}, {0, 2}, {2, 0}, {2, 2}, {1, 0}}, {{0, 1, 2, 3, 4}, {7, 5, 6, 3, 2}});
  ASSERT_EQ(mesh.polys.size(), 2u);
  EXPECT_TRUE(polyanya_mesh_info(mesh).corner[2]);
  EXPECT_FALSE(polyanya_mesh_info(mesh).corner[3]);  // the top wall runs straight on there
  const PolyanyaResult r = run(mesh, {0.5, 0.2}, 0, {1.5, 0.2}, 1);
  ASSERT_EQ(r.status, Status::Complete);
  EXPECT_NEAR(r.length, 2.0 * std::hypot(0.5, 0.8), 1e-12);
  EXPECT_EQ(r.turns, std::vector<int>{2});
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
    const NavMesh mesh = jittered_mesh(rng, 4 + m % 5, 3 + m % 4, 0.15 + 0.06 * (m % 6));
    if (mesh.polys.empty()) continue;
    const VisibilityOracle oracle(mesh);
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
                                            << (r.failure ? to_string(r.failure->reason) : "") << " s " << s.x << ","
                                            << s.y << " (" << sp << ") g " << g.x << "," << g.y << " (" << gp << ")";
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
  EXPECT_GT(unreachable, 0);          // the holes cut some meshes apart
  EXPECT_GT(shorter_than_funnel, 0);  // and the corridor's funnel is sometimes not the shortest
}

TEST(Polyanya, StepsTellTheSearch) {
  const NavMesh mesh = ring_mesh();
  PolyanyaTrace trace;
  const PolyanyaResult r = run(mesh, {0.5, 1.5}, 3, {2.5, 1.5}, 4, &trace);
  ASSERT_EQ(r.status, Status::Complete);
  int popped = 0, in_place = 0, successors = 0, goal = 0;
  for (const PolyanyaStep& s : trace.steps) {
    EXPECT_FALSE(s.describe().empty());
    popped += s.kind == PolyanyaStep::Kind::Popped && !s.in_place;
    in_place += s.kind == PolyanyaStep::Kind::Popped && s.in_place;
    successors += s.kind == PolyanyaStep::Kind::Successor;
    goal += s.kind == PolyanyaStep::Kind::GoalNode;
  }
  EXPECT_EQ(popped + 1, r.expanded);  // the final node's pop is the Found step
  EXPECT_EQ(in_place, r.expanded_in_place);
  EXPECT_GT(in_place, 0);  // round the hole one polygon after another has one way on
  EXPECT_EQ(successors + goal, r.generated);
  EXPECT_EQ(trace.steps.front().kind, PolyanyaStep::Kind::Start);
  EXPECT_EQ(trace.steps.back().kind, PolyanyaStep::Kind::Found);
  EXPECT_NEAR(trace.steps.back().f, 1.0 + std::sqrt(2.0), 1e-12);
}

}  // namespace
}  // namespace navlab
