// The navmesh's surface (core/navmesh/detail_surface.h): heights from Detour's detail mesh on a ramp
// computed by hand and against Detour's own getPolyHeight on baked levels, rays against triangles worked
// by hand, the floors and picks of a level with a balcony over its floor; and surface_at, the floor under
// a plane point, checked against the level's own geometry (flat floors at known heights, a ramp's slope),
// the highest floor from above and the one nearest a given height, none off the mesh or on a graph.
#include <gtest/gtest.h>

#include <DetourNavMesh.h>
#include <DetourNavMeshBuilder.h>
#include <DetourNavMeshQuery.h>

#include <memory>
#include <random>

#include "bake.h"
#include "detail_surface.h"
#include "locate.h"
#include "navmesh_build.h"
#include "obj.h"
#include "paths.h"
#include "meshes.h"

namespace navlab {
namespace {

// A square polygon 4 m wide on a ramp rising 0.5 m per metre along x (world corners (0,0,0), (4,2,0),
// (4,2,4), (0,0,4)), whose detail mesh adds one vertex in the middle 0.5 m above the ramp: (2, 1.5, 2).
// Four detail triangles fan from it. Built with Detour's own dtCreateNavMeshData, as a bake would.
//
// Heights by hand: at the middle 1.5 (the ramp alone: 1.0). At world (1, ?, 2), on the triangle
// (0,0,0), (0,0,4), (2,1.5,2): the weights of its corners are 0.25, 0.25, 0.5 -> 0 + 0 + 0.75 = 0.75
// (the ramp alone: 0.5). At world (2.5, ?, 1), on (4,2,0), (0,0,0), (2,1.5,2): weights 0.375, 0.125,
// 0.5 -> 0.75 + 0 + 0.75 = 1.5 (the ramp alone: 1.25).
struct HandTile {
  NavMesh mesh;
};

HandTile bumped_ramp() {
  // Cells: cs = 1 m, ch = 0.5 m, bmin (0, 0, 0): vertex (x, y, z) in cells is world (x, 0.5 y, z).
  const unsigned short verts[] = {0, 0, 0, 0, 0, 4, 4, 4, 4, 4, 4, 0};          // (0,0,0) (0,0,4) (4,2,4) (4,2,0)
  const unsigned short polys[] = {0, 1, 2, 3, 0xffff, 0xffff, 0xffff, 0xffff};  // nvp 4: corners, then walls
  const unsigned short flags[] = {1};
  const unsigned char areas[] = {0};
  const unsigned int detail_meshes[] = {0, 5, 0, 4};  // vertex base, count (corners + 1), triangle base, count
  const float detail_verts[] = {0, 0, 0, 0, 0, 4, 4, 2, 4, 4, 2, 0, 2, 1.5f, 2};
  const unsigned char detail_tris[] = {0, 1, 4, 0, 1, 2, 4, 0, 2, 3, 4, 0, 3, 0, 4, 0};
  dtNavMeshCreateParams p{};
  p.verts = verts;
  p.vertCount = 4;
  p.polys = polys;
  p.polyFlags = flags;
  p.polyAreas = areas;
  p.polyCount = 1;
  p.nvp = 4;
  p.detailMeshes = detail_meshes;
  p.detailVerts = detail_verts;
  p.detailVertsCount = 5;
  p.detailTris = detail_tris;
  p.detailTriCount = 4;
  p.walkableHeight = 2.0f;
  p.walkableRadius = 0.5f;
  p.walkableClimb = 0.5f;
  const float bmin[3] = {0, 0, 0}, bmax[3] = {4, 2, 4};
  std::copy(bmin, bmin + 3, p.bmin);
  std::copy(bmax, bmax + 3, p.bmax);
  p.cs = 1.0f;
  p.ch = 0.5f;
  p.buildBvTree = true;
  unsigned char* data = nullptr;
  int size = 0;
  EXPECT_TRUE(dtCreateNavMeshData(&p, &data, &size));
  auto baked = std::make_shared<BakedNavMesh>();
  baked->detour = std::shared_ptr<dtNavMesh>(dtAllocNavMesh(), dtFreeNavMesh);
  EXPECT_TRUE(dtStatusSucceed(baked->detour->init(data, size, DT_TILE_FREE_DATA)));
  return {navmesh_from_tile(baked, true, {"default"})};
}

Vec2 plane_of(double x, double z) { return to_plane({x, 0.0, z}); }

TEST(DetailSurface, HeightsOnAHandBuiltRampFollowItsDetailVertex) {
  const NavMesh m = bumped_ramp().mesh;
  ASSERT_EQ(m.polys.size(), 1u);
  EXPECT_EQ(detail_triangles(m, 0).size(), 4u);
  EXPECT_NEAR(*surface_height(m, 0, plane_of(2, 2)), 1.5, 1e-6);
  EXPECT_NEAR(*surface_height(m, 0, plane_of(1, 2)), 0.75, 1e-6);
  EXPECT_NEAR(*surface_height(m, 0, plane_of(2.5, 1)), 1.5, 1e-6);
  EXPECT_NEAR(*surface_height(m, 0, plane_of(4, 0)), 2.0, 1e-6);  // a corner
  EXPECT_NEAR(*surface_height(m, 0, plane_of(0, 2)), 0.0, 1e-6);  // the low edge
  // Outside: nothing, unless the caller allows the distance; then the nearest edge point's height.
  EXPECT_FALSE(surface_height(m, 0, plane_of(5, 2)).has_value());
  ASSERT_TRUE(surface_height(m, 0, plane_of(5, 2), 1.5).has_value());
  EXPECT_NEAR(*surface_height(m, 0, plane_of(5, 2), 1.5), 2.0, 1e-6);
}

TEST(DetailSurface, HandAuthoredMeshesUseTheirCornerHeights) {
  // A 10 m ramp from height 0 at x = 0 to 5 at x = 10 (plane coordinates), one polygon, no detail mesh.
  NavMesh m = test::mesh_of({{0, 0}, {10, 0}, {10, 4}, {0, 4}}, {{0, 1, 2, 3}});
  m.is3d = true;
  m.heights = {0, 5, 5, 0};
  EXPECT_NEAR(*surface_height(m, 0, {4, 1}), 2.0, 1e-12);
  EXPECT_NEAR(*surface_height(m, 0, {7.5, 3.9}), 3.75, 1e-12);
  EXPECT_FALSE(surface_height(m, 0, {4, -1}).has_value());
}

// Detour's getPolyHeight on the same point of the same polygon, or nullopt.
std::optional<double> detour_height(const NavMesh& m, const dtNavMeshQuery& q, int poly, Vec2 p) {
  const Vec3 w = to_world(p, 0.0);
  const float pos[3] = {float(w.x), 0.0f, float(w.z)};
  float h = 0.0f;
  if (dtStatusFailed(q.getPolyHeight(m.baked->ref(poly), pos, &h))) return std::nullopt;
  return double(h);
}

// Points strictly inside each polygon (random weights of a fan triangle), on a baked level: the height
// from the detail mesh is Detour's.
void expect_heights_match_detour(const std::string& scene) {
  const test::Loaded l = test::load(scene);
  ASSERT_TRUE(l.mesh.baked);
  dtNavMeshQuery q;
  ASSERT_TRUE(dtStatusSucceed(q.init(l.mesh.baked->detour.get(), 64)));
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  int checked = 0;
  for (int poly = 0; poly < int(l.mesh.polys.size()); ++poly) {
    const std::vector<int>& v = l.mesh.polys[size_t(poly)].verts;
    for (int k = 0; k < 12; ++k) {
      const size_t i = 1 + size_t(k) % (v.size() - 2);
      double a = u(rng), b = u(rng);
      if (a + b > 1.0) a = 1.0 - a, b = 1.0 - b;
      const Vec2 p0 = l.mesh.verts[size_t(v[0])], p1 = l.mesh.verts[size_t(v[i])], p2 = l.mesh.verts[size_t(v[i + 1])];
      const Vec2 mid = (p0 + p1 + p2) / 3.0;
      const Vec2 p = mid + (p0 + (p1 - p0) * a + (p2 - p0) * b - mid) * 0.9;  // strictly inside
      const auto ours = surface_height(l.mesh, poly, p);
      const auto theirs = detour_height(l.mesh, q, poly, p);
      ASSERT_TRUE(theirs.has_value()) << scene << " polygon " << poly;
      ASSERT_TRUE(ours.has_value()) << scene << " polygon " << poly;
      EXPECT_NEAR(*ours, *theirs, 1e-4) << scene << " polygon " << poly << " at " << p.x << ", " << p.y;
      ++checked;
    }
  }
  EXPECT_GT(checked, 50);
}

TEST(DetailSurface, HeightsMatchDetourOnTheSampleLevel) { expect_heights_match_detour("mesh_level.json"); }
TEST(DetailSurface, HeightsMatchDetourOnTheTwoFloorLevel) { expect_heights_match_detour("mesh_two_floors.json"); }

TEST(DetailSurface, RaysMeetTrianglesWhereWorkedByHand) {
  const WorldTriangle t{Vec3{0, 0, 0}, Vec3{1, 0, 0}, Vec3{0, 0, 1}};  // the floor y = 0, x + z <= 1
  EXPECT_NEAR(*ray_triangle({{0.25, 5, 0.25}, {0, -1, 0}}, t), 5.0, 1e-12);
  EXPECT_NEAR(*ray_triangle({{0.25, 5, 0.25}, {0, -2, 0}}, t), 2.5, 1e-12);  // t in units of dir
  EXPECT_NEAR(*ray_triangle({{0.25, -3, 0.25}, {0, 1, 0}}, t), 3.0, 1e-12);  // from below: either face
  EXPECT_NEAR(*ray_triangle({{-1, 2, 0.5}, {1, -2, 0}}, t), 1.0, 1e-12);     // oblique: meets (0, 0, 0.5)
  EXPECT_FALSE(ray_triangle({{0.9, 5, 0.9}, {0, -1, 0}}, t).has_value());    // beyond the hypotenuse
  EXPECT_FALSE(ray_triangle({{-0.5, 5, 0.25}, {0, -1, 0}}, t).has_value());  // beyond the edge x = 0
  EXPECT_FALSE(ray_triangle({{0.25, 5, -0.5}, {0, -1, 0}}, t).has_value());  // beyond the edge z = 0
  EXPECT_FALSE(ray_triangle({{0.25, 5, 0.25}, {0, 1, 0}}, t).has_value());   // behind the origin
  EXPECT_FALSE(ray_triangle({{-1, 0, 0.25}, {1, 0, 0}}, t).has_value());     // along its plane
}

// A 10 x 10 m floor (polygon 0, height 0) with a 4 x 4 m balcony over one corner (polygon 1, height 3).
NavMesh floor_and_balcony() {
  NavMesh m;
  m.verts = {{0, 0}, {10, 0}, {10, 10}, {0, 10}, {0, 0}, {4, 0}, {4, 4}, {0, 4}};
  m.polys = {NavPoly{{0, 1, 2, 3}, {-1, -1, -1, -1}}, NavPoly{{4, 5, 6, 7}, {-1, -1, -1, -1}}};
  m.is3d = true;
  m.heights = {0, 0, 0, 0, 3, 3, 3, 3};
  return m;
}

TEST(DetailSurface, FloorsOverAPointAreEveryPolygonAboveOrBelowIt) {
  const NavMesh m = floor_and_balcony();
  const SurfaceMesh s(m);
  const auto both = s.floors_at({3, 2});
  ASSERT_EQ(both.size(), 2u);
  EXPECT_EQ(both[0].poly, 0);
  EXPECT_NEAR(both[0].height, 0.0, 1e-12);
  EXPECT_EQ(both[1].poly, 1);
  EXPECT_NEAR(both[1].height, 3.0, 1e-12);
  const auto one = s.floors_at({6, 2});
  ASSERT_EQ(one.size(), 1u);
  EXPECT_EQ(one[0].poly, 0);
  EXPECT_TRUE(s.floors_at({11, 2}).empty());
  EXPECT_EQ(s.floors_at({11, 2}, 1.5).size(), 1u);
}

TEST(DetailSurface, APickIsTheNearestHitAlongTheRay) {
  const SurfaceMesh s(floor_and_balcony());
  // Down and to the -x side at 45 degrees from world (5, 5, -2): at y = 3 it is at x = 3, over the
  // balcony (plane (3, 2)): the balcony, t = 2.
  auto hit = s.pick({{5, 5, -2}, {-1, -1, 0}});
  ASSERT_TRUE(hit.has_value());
  EXPECT_EQ(hit->poly, 1);
  EXPECT_NEAR(hit->t, 2.0, 1e-12);
  EXPECT_NEAR(hit->world.x, 3.0, 1e-12);
  EXPECT_NEAR(hit->world.y, 3.0, 1e-12);
  EXPECT_NEAR(hit->plane().y, 2.0, 1e-12);
  // From (8, 5, -2) it passes y = 3 at x = 6, beside the balcony, and meets the floor at (3, 0, -2).
  hit = s.pick({{8, 5, -2}, {-1, -1, 0}});
  ASSERT_TRUE(hit.has_value());
  EXPECT_EQ(hit->poly, 0);
  EXPECT_NEAR(hit->t, 5.0, 1e-12);
  EXPECT_NEAR(hit->world.x, 3.0, 1e-12);
  // From under the balcony looking up: the balcony's underside.
  hit = s.pick({{2, 1, -2}, {0, 1, 0}});
  ASSERT_TRUE(hit.has_value());
  EXPECT_EQ(hit->poly, 1);
  EXPECT_NEAR(hit->t, 2.0, 1e-12);
  EXPECT_FALSE(s.pick({{20, 5, -2}, {0, -1, 0}}).has_value());  // beside the level
}

TEST(DetailSurface, PicksOnABakedLevelAreTheNearestOfEveryTriangle) {
  const test::Loaded l = test::load("mesh_two_floors.json");
  const SurfaceMesh s(l.mesh);
  ASSERT_FALSE(s.empty());
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> x(-2.0, 26.0), z(-22.0, 2.0), d(-0.6, 0.6);
  int hits = 0;
  for (int i = 0; i < 200; ++i) {
    const Ray r{{x(rng), 12.0, z(rng)}, {d(rng), -1.0, d(rng)}};
    // The slow oracle: every triangle of every polygon.
    std::optional<double> best;
    for (int p = 0; p < int(l.mesh.polys.size()); ++p)
      for (const WorldTriangle& t : detail_triangles(l.mesh, p))
        if (auto h = ray_triangle(r, t); h && (!best || *h < *best)) best = h;
    const auto hit = s.pick(r);
    ASSERT_EQ(hit.has_value(), best.has_value()) << i;
    if (!hit) continue;
    ++hits;
    EXPECT_NEAR(hit->t, *best, 1e-9) << i;
  }
  EXPECT_GT(hits, 50);
}

// ---- surface_at ----

// Recast's surface lies up to one cell height (0.2 m at the defaults) above the level's triangles (a span
// covers the cell the triangle is in), and its detail mesh may stray from that by the bake's detail error
// (1 cell height): a height is right when it lies in [floor - kBelow, floor + kAbove].
constexpr double kBelow = 0.05;
constexpr double kAbove = 0.4;

void expect_on_floor(double height, double floor, const std::string& where) {
  EXPECT_GE(height, floor - kBelow) << where;
  EXPECT_LE(height, floor + kAbove) << where;
}

NavMesh baked_level() {
  auto scene = load_scene(test::scene_path("mesh_level.json"));
  EXPECT_TRUE(scene.ok()) << scene.error();
  auto mesh = build_navmesh(scene.value());
  EXPECT_TRUE(mesh.ok()) << mesh.error();
  return std::move(mesh).value();
}

// Plane point of world (x, z).
Vec2 at(double x, double z) { return to_plane({x, 0.0, z}); }

TEST(SurfacePoint, TheLevelsFloorsHaveTheirHeights) {
  const NavMesh mesh = baked_level();
  // scenes/mesh_level.obj: ground at 0, the dais at 0.4 (x 14..20, z 0..-5), the platform at 2 (x 14..20,
  // z -7..-12) and the ramp from (8, 0) to (14, 2) along x over z -8..-12.
  struct Case {
    Vec2 p;
    double floor;
  };
  for (const Case& c : {Case{at(4, -6), 0.0}, Case{at(17, -2), 0.4}, Case{at(17, -10), 2.0}, Case{at(11, -10), 1.0},
                        Case{at(12.5, -9), 1.5}}) {
    const std::string where = std::to_string(c.p.x) + ", " + std::to_string(c.p.y);
    const SurfacePoint s = surface_at(mesh, c.p);
    ASSERT_TRUE(s.on_mesh()) << where;
    expect_on_floor(s.height, c.floor, where);
    // The polygon is one that contains the point (the containment rule of locate's hand-authored meshes).
    EXPECT_TRUE(mesh.contains(s.poly, c.p, locate_tolerance(mesh)));
  }
  EXPECT_FALSE(surface_at(mesh, at(30, -6)).on_mesh());  // beyond the level
  EXPECT_FALSE(surface_at(mesh, at(17, -6)).on_mesh());  // the wall-less gap between dais and platform edge
}

// Two floors, one above the other: a 10 x 10 m ground and a 4 m wide balcony 3 m above its east half.
ObjMesh two_floors() {
  ObjMesh m;
  m.verts = {{0, 0, 0}, {10, 0, 0}, {10, 0, -10}, {0, 0, -10}, {6, 3, 0}, {10, 3, 0}, {10, 3, -10}, {6, 3, -10}};
  m.tris = {{0, 1, 2}, {0, 2, 3}, {4, 5, 6}, {4, 6, 7}};
  return m;
}

TEST(SurfacePoint, FromAboveTheHighestFloorOrTheOneNearestAHeight) {
  auto baked = bake_triangles(two_floors(), BakeDef{});
  ASSERT_TRUE(baked.ok()) << baked.error();
  const NavMesh& mesh = baked.value();
  const Vec2 under = at(8, -5);  // under the balcony's middle: the ground there is 3 m below it
  const SurfacePoint top = surface_at(mesh, under);
  ASSERT_TRUE(top.on_mesh());
  expect_on_floor(top.height, 3.0, "from above");
  const SurfacePoint ground = surface_at(mesh, under, 0.5);
  ASSERT_TRUE(ground.on_mesh());
  expect_on_floor(ground.height, 0.0, "near 0.5 m");
  EXPECT_NE(ground.poly, top.poly);
  expect_on_floor(surface_at(mesh, under, 2.0).height, 3.0, "near 2 m");
  // West of the balcony there is only the ground, whatever height is asked for.
  expect_on_floor(surface_at(mesh, at(2, -5), 3.0).height, 0.0, "west, near 3 m");
}

TEST(SurfacePoint, AFlatMeshIsAtHeightZeroAndAGraphHasNoSurface) {
  Scene::Navmesh def;
  def.vertices = {{0, 0}, {4, 0}, {4, 4}, {0, 4}, {8, 0}, {8, 4}};
  def.polygons = {{0, 1, 2, 3}, {1, 4, 5, 2}};
  auto mesh = build_hand_authored(def, "t.json");
  ASSERT_TRUE(mesh.ok()) << mesh.error();
  const SurfacePoint s = surface_at(mesh.value(), {6, 1});
  EXPECT_EQ(s.poly, 1);
  EXPECT_EQ(s.height, 0.0);
  EXPECT_FALSE(surface_at(mesh.value(), {9, 1}).on_mesh());
  NavMesh graph;
  graph.kind = NavMesh::Kind::Graph;
  EXPECT_FALSE(surface_at(graph, {0, 0}).on_mesh());
}

// The views' one picking rule: on polygons the surface under the point (the balcony from above, the ground
// west of it), on a graph the nearest node within the radius, the first in file order on a tie.
TEST(SurfacePoint, APickIsTheSurfaceOnPolygonsAndTheNearestNodeOnAGraph) {
  auto baked = bake_triangles(two_floors(), BakeDef{});
  ASSERT_TRUE(baked.ok()) << baked.error();
  const SurfacePoint balcony = pick_at(baked.value(), at(8, -5));
  ASSERT_TRUE(balcony.on_mesh());
  expect_on_floor(balcony.height, 3.0, "pick from above");
  expect_on_floor(pick_at(baked.value(), at(2, -5), 10.0).height, 0.0, "pick west");
  EXPECT_FALSE(pick_at(baked.value(), at(20, -5), 10.0).on_mesh());  // no radius on polygons

  NavMesh graph;
  graph.kind = NavMesh::Kind::Graph;
  graph.nodes.resize(4);
  graph.nodes[0].pos = {0, 0};
  graph.nodes[1].pos = {3, 0};
  graph.nodes[2].pos = {5, 0};
  graph.nodes[3].pos = {7, 0};  // as far from (6, 0) as node 2
  EXPECT_EQ(pick_at(graph, {2.6, 0.1}, 1.0).poly, 1);
  EXPECT_EQ(pick_at(graph, {6, 0}, 1.0).poly, 2);     // the tie goes to the first in file order
  EXPECT_EQ(pick_at(graph, {1.5, 3}, 1.0).poly, -1);  // nothing within the radius
  EXPECT_EQ(pick_at(graph, {1.5, 0}, 2.0).poly, 0);   // 1.5 m from nodes 0 and 1
  EXPECT_EQ(pick_at(graph, {2.6, 0.1}, 1.0).height, 0.0);
}

}  // namespace
}  // namespace navlab
