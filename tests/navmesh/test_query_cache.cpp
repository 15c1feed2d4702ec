// What queries keep per mesh (core/navmesh/query_cache.h): locate's polygon grid gives exactly the
// linear scan's polygon (seeded random points, points on edges and vertices and just outside them), and a
// mesh that was copied, replaced, edited, re-baked or updated by the tile cache is never located with
// the index of the mesh it was before.
#include <gtest/gtest.h>

#include <cmath>
#include <atomic>
#include <random>
#include <set>
#include <thread>

#include "bake.h"
#include "locate.h"
#include "navmesh_build.h"
#include "polygon_grid.h"
#include "query_cache.h"
#include "search.h"
#include "tilecache.h"

namespace navlab {
namespace {

ScenePoint pt(Vec2 p) {
  ScenePoint s;
  s.plane = p;
  return s;
}

// The oracle: the linear scan over every polygon (the rule locate.h states).
int scan(const NavMesh& m, Vec2 p) { return polygon_containing(m, p, locate_tolerance(m)); }
int indexed(const NavMesh& m, Vec2 p) { return m.query_cache.index(m)->grid.containing(m, p); }

NavMesh hand_authored(const std::vector<Vec2>& verts, const std::vector<std::vector<int>>& polys) {
  Scene::Navmesh def;
  def.vertices = verts;
  def.polygons = polys;
  Result<NavMesh> m = build_hand_authored(def, "test");
  EXPECT_TRUE(m.ok()) << m.error();
  return m.value();
}

// `w` x `h` unit squares with every fourth row a wall open every fifth column, moved by `offset`.
NavMesh walled_grid(int w, int h, Vec2 offset = {}) {
  std::vector<Vec2> verts;
  std::vector<std::vector<int>> polys;
  for (int y = 0; y <= h; ++y)
    for (int x = 0; x <= w; ++x) verts.push_back(Vec2{double(x), double(y)} + offset);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      if (y % 4 == 2 && x % 5 != 2) continue;
      const int a = y * (w + 1) + x;
      polys.push_back({a, a + 1, a + w + 2, a + w + 1});
    }
  return hand_authored(verts, polys);
}

// A jittered triangulated grid with about 15% of triangles removed.
NavMesh jittered(std::mt19937& rng, int w, int h) {
  std::uniform_real_distribution<double> jitter(-0.3, 0.3), keep(0.0, 1.0);
  std::vector<Vec2> verts;
  std::vector<std::vector<int>> polys;
  for (int y = 0; y <= h; ++y)
    for (int x = 0; x <= w; ++x) verts.push_back({x + jitter(rng), y + jitter(rng)});
  auto v = [&](int x, int y) { return y * (w + 1) + x; };
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      if (keep(rng) > 0.15) polys.push_back({v(x, y), v(x + 1, y), v(x + 1, y + 1)});
      if (keep(rng) > 0.15) polys.push_back({v(x, y), v(x + 1, y + 1), v(x, y + 1)});
    }
  return hand_authored(verts, polys);
}

// A disc of `n` thin triangles around (5, 5) (apex angle 2π/n: their tolerance regions reach far past
// the apex), and one large square beside it covering more cells than a polygon may fill.
NavMesh fan_and_square(int n) {
  std::vector<Vec2> verts{{5, 5}};
  std::vector<std::vector<int>> polys;
  for (int i = 0; i < n; ++i) {
    const double a = 6.283185307179586 * i / n;
    verts.push_back({5 + 4 * std::cos(a), 5 + 4 * std::sin(a)});
  }
  for (int i = 0; i < n; ++i) polys.push_back({0, 1 + i, 1 + (i + 1) % n});
  const int s = int(verts.size());
  verts.insert(verts.end(), {{10, 0}, {40, 0}, {40, 30}, {10, 30}});
  polys.push_back({s, s + 1, s + 2, s + 3});
  return hand_authored(verts, polys);
}

// Polygons the builder would refuse, set up by hand: a needle (three points on a line), a clockwise
// triangle, a triangle with a repeated corner, and ordinary squares. The scan accepts points around
// the first ones that no bounding box holds, so the grid must try them for every point.
NavMesh odd_polygons() {
  NavMesh m;
  m.verts = {{0, 0}, {1, 0}, {2, 0}, {3, 3}, {4, 3}, {3, 4}, {5, 5}, {6, 5}, {6, 6}, {7, 0}, {8, 0}, {8, 1}, {7, 1}};
  // A pentagram: every corner a left turn (144°), but its edges turn twice around.
  for (int k = 0; k < 5; ++k)
    m.verts.push_back(Vec2{20, 0} +
                      Vec2{std::cos(k * 4 * 3.141592653589793 / 5), std::sin(k * 4 * 3.141592653589793 / 5)} * 3.0);
  auto poly = [](std::vector<int> v) {
    NavPoly p;
    p.neighbours.assign(v.size(), -1);
    p.verts = std::move(v);
    return p;
  };
  m.polys = {poly({9, 10, 11, 12}), poly({0, 1, 2}),       poly({3, 5, 4}),
             poly({6, 7, 7, 8}),    poly({10, 9, 12, 11}), poly({13, 14, 15, 16, 17})};
  return m;
}

// Points to try on `m`: uniform over its bounds and around them, every corner, points along every edge,
// and points just inside and outside edges and corners, at a few multiples of the tolerance.
std::vector<Vec2> probe_points(const NavMesh& m, std::mt19937& rng, int uniform) {
  const Bounds2 b = bounds_of(m.verts);
  const Vec2 pad = (b.hi - b.lo) * 0.1 + Vec2{1, 1};
  std::uniform_real_distribution<double> ux(b.lo.x - pad.x, b.hi.x + pad.x), uy(b.lo.y - pad.y, b.hi.y + pad.y);
  std::uniform_real_distribution<double> t01(0.0, 1.0), angle(0.0, 6.283185307179586);
  const double tol = locate_tolerance(m);
  std::vector<Vec2> out;
  for (int i = 0; i < uniform; ++i) out.push_back({ux(rng), uy(rng)});
  for (const NavPoly& p : m.polys)
    for (size_t i = 0; i < p.verts.size(); ++i) {
      const Vec2 a = m.verts[size_t(p.verts[i])], c = m.verts[size_t(p.verts[(i + 1) % p.verts.size()])];
      const Vec2 outward = distance(a, c) > 0 ? perp_left(c - a) / -distance(a, c) : Vec2{1, 0};
      const Vec2 on = lerp(a, c, t01(rng));
      out.insert(out.end(), {a, on, lerp(a, c, 0.5)});
      for (double k : {-1.0, 0.5, 0.99, 1.01, 2.0, 50.0}) {
        out.push_back(on + outward * (k * tol));
        out.push_back(a + Vec2{std::cos(angle(rng)), std::sin(angle(rng))} * (k * tol));
      }
    }
  return out;
}

void expect_grid_equals_scan(const NavMesh& m, std::mt19937& rng, int uniform, const std::string& name) {
  int located = 0, tried = 0;
  for (const Vec2 p : probe_points(m, rng, uniform)) {
    const int want = scan(m, p);
    ASSERT_EQ(indexed(m, p), want) << name << " at (" << p.x << ", " << p.y << ")";
    ASSERT_EQ(locate(m, pt(p), Endpoint::Start).poly, want) << name;
    located += want >= 0;
    ++tried;
  }
  EXPECT_GT(located, 0) << name << ": some probes land on the mesh";
  EXPECT_LT(located, tried) << name << ": some probes are off it";
}

TEST(LocateGrid, EqualsTheLinearScan) {
  std::mt19937 rng(20261201);
  expect_grid_equals_scan(walled_grid(30, 22), rng, 3000, "walled grid");
  expect_grid_equals_scan(walled_grid(12, 9, {9e5, -8e5}), rng, 2000, "walled grid far from the origin");
  for (int i = 0; i < 4; ++i)
    expect_grid_equals_scan(jittered(rng, 12, 10), rng, 2000, "jittered " + std::to_string(i));
  expect_grid_equals_scan(fan_and_square(200), rng, 3000, "fan and square");
  expect_grid_equals_scan(odd_polygons(), rng, 3000, "odd polygons");
}

TEST(LocateGrid, AroundThinApexesAndFarAlongANeedle) {
  // Around the apex of 200 thin triangles: each one's tolerance region reaches about 64 tolerances past
  // it, beyond its box grown by one tolerance.
  const NavMesh fan = fan_and_square(200);
  for (int i = 0; i < 16; ++i) {
    const double a = 6.283185307179586 * (i + 0.3) / 16;
    const Vec2 p = Vec2{5, 5} + Vec2{std::cos(a), std::sin(a)} * (60 * locate_tolerance(fan));
    EXPECT_EQ(indexed(fan, p), scan(fan, p)) << i;
  }
  // The needle (0,0)-(2,0) accepts every point near its line, however far along it.
  const NavMesh odd = odd_polygons();
  EXPECT_EQ(scan(odd, {-50, 0}), 1);
  EXPECT_EQ(indexed(odd, {-50, 0}), 1);
}

// The grid's bound on each polygon's tolerance region holds: every point the scan's rule accepts for a
// polygon lies within its box grown by PolygonGrid::reach tolerances (thin apexes, far from the origin,
// corners visited from every direction). The polygons it cannot bound are the odd ones.
TEST(LocateGrid, EveryAcceptedPointIsWithinTheReach) {
  std::mt19937 rng(8);
  std::uniform_real_distribution<double> angle(0.0, 6.283185307179586), radius(0.0, 200.0);
  std::vector<NavMesh> meshes;
  meshes.push_back(fan_and_square(200));
  meshes.push_back(fan_and_square(1000));
  meshes.push_back(jittered(rng, 8, 6));
  meshes.push_back(walled_grid(6, 5, {9e5, -8e5}));
  int accepted = 0;
  for (const NavMesh& m : meshes) {
    const double tol = locate_tolerance(m);
    for (int i = 0; i < int(m.polys.size()); ++i) {
      const double reach = PolygonGrid::reach(m, i);
      ASSERT_GE(reach, 1.0) << "polygon " << i;
      Bounds2 box;
      for (int v : m.polys[size_t(i)].verts) box.add(m.verts[size_t(v)]);
      const double grow = reach * tol * (1 + 1e-6);
      for (int v : m.polys[size_t(i)].verts)
        for (int k = 0; k < 20; ++k) {
          const double a = angle(rng), r = radius(rng) * tol;
          const Vec2 p = m.verts[size_t(v)] + Vec2{std::cos(a), std::sin(a)} * r;
          if (!m.contains(i, p, tol)) continue;
          ++accepted;
          EXPECT_TRUE(p.x >= box.lo.x - grow && p.x <= box.hi.x + grow && p.y >= box.lo.y - grow &&
                      p.y <= box.hi.y + grow)
              << "polygon " << i << " reach " << reach;
        }
    }
  }
  EXPECT_GT(accepted, 1000);
  const NavMesh odd = odd_polygons();
  EXPECT_GE(PolygonGrid::reach(odd, 0), 1.0);                                  // the square
  for (int i : {1, 2, 4, 5}) EXPECT_LT(PolygonGrid::reach(odd, i), 0.0) << i;  // needle, clockwise ones, pentagram
  EXPECT_GE(PolygonGrid::reach(odd, 3), 1.0);  // a repeated corner is one edge of zero length
}

// ---- The cache follows the mesh. ----

const std::vector<Vec2> kTwoSquares{{0, 0}, {1, 0}, {2, 0}, {0, 1}, {1, 1}, {2, 1}};
const std::vector<std::vector<int>> kTwoSquarePolys{{0, 1, 4, 3}, {1, 2, 5, 4}};

TEST(QueryCache, ACopyEditedInPlaceIsLocatedOnItsOwnPolygons) {
  const NavMesh a = hand_authored(kTwoSquares, kTwoSquarePolys);
  EXPECT_EQ(locate(a, pt({0.5, 0.5}), Endpoint::Start).poly, 0);
  NavMesh b = a;
  for (Vec2& v : b.verts) v = v + Vec2{10, 0};
  EXPECT_EQ(locate(b, pt({10.5, 0.5}), Endpoint::Start).poly, 0);
  EXPECT_FALSE(locate(b, pt({0.5, 0.5}), Endpoint::Start).ok());
  EXPECT_EQ(locate(a, pt({0.5, 0.5}), Endpoint::Start).poly, 0);  // the original keeps its own
}

TEST(QueryCache, AMeshReplacedByAnotherIsLocatedOnTheNewOne) {
  NavMesh m = hand_authored(kTwoSquares, kTwoSquarePolys);
  EXPECT_EQ(locate(m, pt({1.5, 0.5}), Endpoint::Start).poly, 1);
  m = walled_grid(4, 1, {5, 0});  // as a door change or a rebuild replaces the scene's mesh
  EXPECT_FALSE(locate(m, pt({1.5, 0.5}), Endpoint::Start).ok());
  EXPECT_EQ(locate(m, pt({7.5, 0.5}), Endpoint::Start).poly, 2);
}

TEST(QueryCache, AMovedMeshTakesItsIndexAlong) {
  NavMesh a = walled_grid(6, 4, {0, 0});
  EXPECT_FALSE(a.query_cache.has_index(a));
  EXPECT_EQ(locate(a, pt({2.5, 0.5}), Endpoint::Start).poly, 2);
  ASSERT_TRUE(a.query_cache.has_index(a));
  const MeshIndex* built = &a.query_cache.index_of(a);
  NavMesh b = std::move(a);
  EXPECT_TRUE(b.query_cache.has_index(b));
  EXPECT_EQ(&b.query_cache.index_of(b), built);  // the same index, not a new one
  EXPECT_EQ(locate(b, pt({2.5, 0.5}), Endpoint::Start).poly, 2);
  NavMesh c;
  c = std::move(b);  // move assignment too
  EXPECT_EQ(&c.query_cache.index_of(c), built);
  // The meshes moved from start again: another mesh put there is located on its own polygons.
  a = hand_authored(kTwoSquares, kTwoSquarePolys);
  EXPECT_FALSE(a.query_cache.has_index(a));
  EXPECT_EQ(locate(a, pt({1.5, 0.5}), Endpoint::Start).poly, 1);
  EXPECT_FALSE(locate(a, pt({4.5, 0.5}), Endpoint::Start).ok());
  const NavMesh copy = c;  // a copy still starts empty
  EXPECT_FALSE(copy.query_cache.has_index(copy));
}

TEST(QueryCache, APolygonAddedAfterAQueryIsFound) {
  NavMesh m = hand_authored(kTwoSquares, kTwoSquarePolys);
  EXPECT_FALSE(locate(m, pt({2.5, 0.5}), Endpoint::Start).ok());
  m.verts.insert(m.verts.end(), {{3, 0}, {3, 1}});
  NavPoly p;
  p.verts = {2, 6, 7, 5};
  p.neighbours = {-1, -1, -1, -1};
  m.polys.push_back(p);
  EXPECT_EQ(locate(m, pt({2.5, 0.5}), Endpoint::Start).poly, 2);
}

TEST(QueryCache, AnInPlaceEditIsFoundOnceTheRevisionIsBumped) {
  NavMesh m = hand_authored(kTwoSquares, kTwoSquarePolys);
  EXPECT_EQ(locate(m, pt({0.5, 0.5}), Endpoint::Start).poly, 0);
  for (Vec2& v : m.verts) v = v + Vec2{10, 0};  // same vector, same size: only the revision tells
  m.revision.bump();
  EXPECT_FALSE(m.query_cache.has_index(m));
  EXPECT_EQ(locate(m, pt({10.5, 0.5}), Endpoint::Start).poly, 0);
  EXPECT_FALSE(locate(m, pt({0.5, 0.5}), Endpoint::Start).ok());
}

// Heights edited in place move where the search places each polygon it enters (its edge records): once
// the revision is bumped the search reads the new heights, as a copy of the edited mesh does.
TEST(QueryCache, HeightsEditedInPlaceAreSearchedOnceTheRevisionIsBumped) {
  NavMesh m = walled_grid(4, 1, {0, 0});
  m.is3d = true;
  m.heights.assign(m.verts.size(), 0.0);
  const SearchQuery q{0, 3, to_world({0.5, 0.5}, 0.0), to_world({3.5, 0.5}, 0.0)};
  const double flat = search(m, q, SearchDef{}).cost;
  for (size_t v = 0; v < m.heights.size(); ++v) m.heights[v] = m.verts[v].x;  // a slope of 45 degrees along x
  m.revision.bump();
  const double sloped = search(m, q, SearchDef{}).cost;
  const NavMesh copy = m;  // a copy builds an index of its own
  EXPECT_EQ(sloped, search(copy, q, SearchDef{}).cost);
  EXPECT_GT(sloped, flat + 1.0);
}

TEST(QueryCache, ACopyAndAMovedFromMeshAreOtherRevisions) {
  NavMesh a = walled_grid(2, 1, {0, 0});
  const std::uint64_t first = a.revision.value();
  const NavMesh copy = a;
  EXPECT_NE(copy.revision.value(), first);
  NavMesh b = std::move(a);
  EXPECT_EQ(b.revision.value(), first);  // the moved mesh is the same mesh
  EXPECT_NE(a.revision.value(), first);  // NOLINT(bugprone-use-after-move): the moved-from one is another
  b.revision.bump();
  EXPECT_NE(b.revision.value(), first);
}

TEST(QueryCache, GraphNodeIdsFollowTheGraph) {
  Scene::Graph g;
  g.nodes = {{"A", {0, 0}}, {"B", {1, 0}}};
  g.edges = {{"A", "B", 1, ""}};
  NavMesh m = build_graph(g, "g").value();
  EXPECT_EQ(m.node_index("B"), 1);
  g.nodes = {{"B", {0, 0}}, {"C", {1, 0}}, {"A", {2, 0}}};
  m = build_graph(g, "g").value();
  EXPECT_EQ(m.node_index("B"), 0);
  EXPECT_EQ(m.node_index("A"), 2);
  EXPECT_EQ(m.node_index("C"), 1);
}

TEST(QueryCache, ARebakedMeshIsLocatedWithItsOwnDetourMesh) {
  Scene::Floorplan f;
  f.outline = {{0, 0}, {20, 0}, {20, 12}, {0, 12}};
  NavMesh m = bake_floorplan(f, BakeDef{}).value();
  const LocateDef def = locate_def(BakeDef{});
  ASSERT_TRUE(locate(m, pt({10, 6}), Endpoint::Start, def).ok());
  f.holes = {{{8, 4}, {12, 4}, {12, 8}, {8, 8}}};  // a pillar where the point was
  m = bake_floorplan(f, BakeDef{}).value();
  EXPECT_FALSE(locate(m, pt({10, 6}), Endpoint::Start, def).ok());
  const Location beside = locate(m, pt({3, 3}), Endpoint::Start, def);
  ASSERT_TRUE(beside.ok());
  EXPECT_EQ(beside.poly, polygon_containing(m, {3, 3}, 1e-4));
}

TEST(QueryCache, ADetourMeshSwappedInPlaceIsQueriedItself) {
  Scene::Floorplan f;
  f.outline = {{0, 0}, {20, 0}, {20, 12}, {0, 12}};
  NavMesh m = bake_floorplan(f, BakeDef{}).value();
  const std::shared_ptr<const BakedNavMesh> before = m.baked;  // kept alive: only the swap is tested
  const LocateDef def = locate_def(BakeDef{});
  ASSERT_TRUE(locate(m, pt({10, 6}), Endpoint::Start, def).ok());
  f.holes = {{{8, 4}, {12, 4}, {12, 8}, {8, 8}}};
  const NavMesh pillar = bake_floorplan(f, BakeDef{}).value();
  m.verts = pillar.verts;
  m.polys = pillar.polys;
  m.baked = pillar.baked;
  EXPECT_FALSE(locate(m, pt({10, 6}), Endpoint::Start, def).ok());
}

TEST(QueryCache, ATileUpdateIsLocatedOnTheUpdatedMesh) {
  Scene s;
  s.source = Scene::Floorplan{{{0, 0}, {40, 0}, {40, 12}, {0, 12}}, {}, {}};
  s.bake.cell_size = 0.25;
  s.bake.agent_radius = 0.5;
  auto built = TileCache::build(s);
  ASSERT_TRUE(built) << built.error();
  TileCache& c = *built.value();
  const NavMesh& m = c.navmesh().mesh;  // the same object, refreshed by every update
  std::mt19937 rng(3);
  auto agree = [&](const std::string& when) {
    for (const Vec2 p : probe_points(m, rng, 400))
      ASSERT_EQ(locate(m, pt(p), Endpoint::Start).poly, scan(m, p)) << when;
  };
  agree("before");
  EXPECT_GE(locate(m, pt({20, 6}), Endpoint::Start).poly, 0);
  ObstacleShape box;
  box.kind = ObstacleShape::Kind::Box;
  box.half_extents = {0.5, 1.5};
  box.center = {20, 6};
  ASSERT_EQ(c.set_obstacle("crate", box).error(), "");
  c.update();
  EXPECT_FALSE(locate(m, pt({20, 6}), Endpoint::Start).ok()) << "the crate is carved";
  agree("with the crate");
  ASSERT_EQ(c.remove_obstacle("crate").error(), "");
  c.update();
  EXPECT_GE(locate(m, pt({20, 6}), Endpoint::Start).poly, 0);
  agree("after");
}

// Each polygon's bounds and reach, kept by the index the first time a corridor shape asks, are those
// polygon_reach() gives for the polygon's corners, whichever of four threads asking at once wrote them,
// and asked again they are the same.
TEST(QueryCache, APolygonsReachIsWorkedOutOnceAndIsItsRings) {
  std::mt19937 rng(3);
  const NavMesh m = jittered(rng, 30, 20);
  const MeshIndex& index = m.query_cache.index_of(m);
  const auto same = [](const PolygonReach& a, const PolygonReach& b) {
    return a.lo == b.lo && a.hi == b.hi && (a.reach == b.reach || (std::isinf(a.reach) && std::isinf(b.reach)));
  };
  const auto want = [&](int p) {
    std::vector<Vec2> ring;
    for (int v : m.polys[size_t(p)].verts) ring.push_back(m.verts[size_t(v)]);
    return polygon_reach(ring);
  };
  std::vector<std::thread> threads;
  std::atomic<int> wrong{0};
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < int(m.polys.size()); ++i) {
        const int p = (i * (t + 1)) % int(m.polys.size());  // each thread in its own order
        if (!same(index.reach_of(m, p), want(p))) ++wrong;
      }
    });
  for (std::thread& t : threads) t.join();
  EXPECT_EQ(wrong.load(), 0);
  for (int p = 0; p < int(m.polys.size()); ++p) EXPECT_TRUE(same(index.reach_of(m, p), want(p))) << p;
}

}  // namespace
}  // namespace navlab
