// The raycast stage against hand-computed rays on a small hand-authored mesh, and against Detour's
// dtNavMeshQuery::raycast on baked meshes (a floor plan, a 3D level, a floor plan baked in tiles): the
// outcome, the hit point, the hit normal and every polygon crossed must agree.
#include <gtest/gtest.h>

#include <DetourNavMesh.h>
#include <DetourNavMeshQuery.h>

#include <cfloat>
#include <cmath>
#include <memory>
#include <random>

#include "gates.h"
#include "meshes.h"
#include "navmesh_build.h"
#include "paths.h"
#include "raycast.h"

namespace navlab {
namespace {

// The L corridor (tests/support): polygon 0 is x in [-10, 2], y in [-2, 2]; polygon 1 the corner square
// x in [2, 6], y in [-2, 2]; polygon 2 x in [2, 6], y in [2, 10].
TEST(Raycast, HandComputedWallAndCrossings) {
  const NavMesh m = test::l_corridor();
  // (-4, 0) -> (4, 1): leaves polygon 0 over x = 2 at t = 0.75 (y = 0.75) into polygon 1, ends inside.
  RaycastTrace trace;
  RaycastResult r = raycast(m, {0, {-4, 0}, {4, 1}}, nullptr, &trace);
  EXPECT_EQ(r.outcome, RaycastOutcome::Clear);
  EXPECT_EQ(r.polys, (std::vector<int>{0, 1}));
  ASSERT_EQ(trace.steps.size(), 2u);
  EXPECT_EQ(trace.steps[0].kind, RaycastStep::Kind::Cross);
  EXPECT_NEAR(trace.steps[0].t_out, 0.75, 1e-12);
  EXPECT_NEAR(trace.steps[0].at.y, 0.75, 1e-12);
  EXPECT_EQ(trace.steps[1].kind, RaycastStep::Kind::End);
  // (-4, 0) -> (4, 6): the wall y = 2 of polygon 0 at t = 1/3, x = -4/3; its normal points down (-y),
  // into the polygon.
  trace = {};
  r = raycast(m, {0, {-4, 0}, {4, 6}}, nullptr, &trace);
  EXPECT_EQ(r.outcome, RaycastOutcome::Wall);
  EXPECT_NEAR(r.t, 1.0 / 3.0, 1e-12);
  EXPECT_NEAR(r.hit.x, -4.0 / 3.0, 1e-12);
  EXPECT_NEAR(r.hit.y, 2.0, 1e-12);
  EXPECT_NEAR(r.normal.x, 0.0, 1e-12);
  EXPECT_NEAR(r.normal.y, -1.0, 1e-12);
  EXPECT_NEAR(r.length, 10.0 / 3.0, 1e-12);
  EXPECT_EQ(r.polys, std::vector<int>{0});
  ASSERT_EQ(trace.steps.size(), 1u);
  EXPECT_EQ(trace.steps[0].describe(m, trace),
            "The ray crosses polygon 0 from 0 m to 3.33 m and hits the wall of its edge " + std::to_string(r.hit_edge) +
                " at (-1.33, 2).");
  // (1, -1.9) -> (5.9, 12): crosses x = 2 at y = 0.94 into the corner square, y = 2 at x = 2.37 into
  // polygon 2, and meets its top wall y = 10 at t = 11.9 / 13.9 (x = 5.19).
  r = raycast(m, {0, {1, -1.9}, {5.9, 12}});
  EXPECT_EQ(r.outcome, RaycastOutcome::Wall);
  EXPECT_EQ(r.polys, (std::vector<int>{0, 1, 2}));
  EXPECT_NEAR(r.t, 11.9 / 13.9, 1e-12);
  EXPECT_NEAR(r.hit.y, 10.0, 1e-12);
  EXPECT_NEAR(r.normal.y, -1.0, 1e-12);
}

TEST(Raycast, AStartOutsideItsPolygonMissesIt) {
  const NavMesh m = test::l_corridor();
  RaycastTrace trace;
  const RaycastResult r = raycast(m, {2, {-20, 0}, {-30, 0}}, nullptr, &trace);
  EXPECT_EQ(r.outcome, RaycastOutcome::Missed);
  EXPECT_EQ(r.t, 0.0);
  EXPECT_TRUE(r.polys.empty());
  ASSERT_EQ(trace.steps.size(), 1u);
  EXPECT_EQ(trace.steps[0].kind, RaycastStep::Kind::Missed);
}

// A closed door is a wall for the ray, with the door named: doors_balcony.json's door1 stands between
// polygons 1 and 2 of the corridor from (1, 1.5) to (7, 1.5).
TEST(Raycast, AClosedDoorStopsTheRayAndIsNamed) {
  const test::Loaded l = test::load("doors_balcony.json");
  ASSERT_FALSE(l.mesh.polys.empty());
  const RaycastResult open = raycast(l.mesh, {0, {1, 1.5}, {7, 1.5}});
  ASSERT_EQ(open.outcome, RaycastOutcome::Clear);
  const Result<Gates> gates = make_gates(l.scene, l.mesh, DoorOverrides{{"door1"}, {}});
  ASSERT_TRUE(gates.ok()) << gates.error();
  RaycastTrace trace;
  const RaycastResult shut = raycast(l.mesh, {0, {1, 1.5}, {7, 1.5}}, &gates->filter, &trace);
  EXPECT_EQ(shut.outcome, RaycastOutcome::Blocked);
  EXPECT_EQ(shut.blocked_by, "door door1");
  EXPECT_LT(shut.t, 1.0);
  EXPECT_LT(shut.polys.size(), open.polys.size());
  EXPECT_NE(trace.steps.back().describe(l.mesh, trace).find("which door door1 bars"), std::string::npos)
      << trace.steps.back().describe(l.mesh, trace);
}

// ---- Against Detour ----

struct Agreement {
  int rays = 0, clear = 0, hits = 0, polys = 0;
  int near_vertex = 0;  // rays passing within kNearVertex of a vertex, where float rounding may differ
  double worst_hit = 0.0;
};

// m: a ray passing this close to a mesh vertex may cross into either polygon at it in floats (Detour)
// and doubles (ours): 1e-4 m is a hundred times a float's rounding of coordinates of tens of metres.
constexpr double kNearVertex = 1e-4;

double nearest_vertex_distance(const NavMesh& m, Vec2 a, Vec2 b) {
  double best = 1e300;
  for (const Vec2& v : m.verts) best = std::min(best, distance_to_segment(v, a, b));
  return best;
}

std::pair<Vec2, double> random_point(const NavMesh& mesh, int poly, std::mt19937_64& rng) {
  std::uniform_real_distribution<double> u(0.05, 1.0);
  double wsum = 0.0, h = 0.0;
  Vec2 acc{};
  for (int v : mesh.polys[size_t(poly)].verts) {
    const double w = u(rng);
    wsum += w;
    acc = acc + mesh.verts[size_t(v)] * w;
    h += mesh.height(v) * w;
  }
  return {acc / wsum, h / wsum};
}

void compare_with_detour(const NavMesh& mesh, int rays, unsigned seed, Agreement& out) {
  ASSERT_TRUE(mesh.baked && mesh.baked->detour);
  std::unique_ptr<dtNavMeshQuery, void (*)(dtNavMeshQuery*)> query(dtAllocNavMeshQuery(), dtFreeNavMeshQuery);
  ASSERT_TRUE(dtStatusSucceed(query->init(mesh.baked->detour.get(), 2048)));
  dtQueryFilter filter;
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> angle(0.0, 6.283185307179586), reach(0.5, 40.0);
  for (int i = 0; i < rays; ++i) {
    const int poly = int(rng() % mesh.polys.size());
    const auto [start, h] = random_point(mesh, poly, rng);
    const double a = angle(rng), len = reach(rng);
    // The ray's ends as floats, so both sides cast exactly the same segment.
    const Vec3 sw = to_world(start, h), ew = to_world(start + Vec2{std::cos(a), std::sin(a)} * len, h);
    const float s3[3] = {float(sw.x), float(sw.y), float(sw.z)}, e3[3] = {float(ew.x), float(ew.y), float(ew.z)};
    const Vec2 s{s3[0], -double(s3[2])}, e{e3[0], -double(e3[2])};
    float t = 0, normal[3] = {0, 0, 0};
    dtPolyRef path[512];
    int npath = 0;
    ASSERT_TRUE(dtStatusSucceed(query->raycast(mesh.baked->ref(poly), s3, e3, &filter, &t, normal, path, &npath, 512)));
    const RaycastResult r = raycast(mesh, {poly, s, e});
    ++out.rays;
    std::vector<int> theirs;
    for (int k = 0; k < npath; ++k) theirs.push_back(mesh.baked->poly_of(path[k]));
    const bool agree = (t == FLT_MAX) == (r.outcome == RaycastOutcome::Clear) && theirs == r.polys;
    if (!agree) {
      // Only a ray that grazes a vertex may take another way in floats than in doubles.
      EXPECT_LT(nearest_vertex_distance(mesh, s, r.hit), kNearVertex)
          << "ray " << i << " from (" << s.x << ", " << s.y << ") to (" << e.x << ", " << e.y << "): detour t " << t
          << ", " << theirs.size() << " polygons; ours " << to_string(r.outcome) << " t " << r.t << ", "
          << r.polys.size() << " polygons";
      ++out.near_vertex;
      continue;
    }
    out.polys += int(r.polys.size());
    if (t == FLT_MAX) {
      ++out.clear;
      continue;
    }
    ++out.hits;
    const Vec2 theirs_hit = s + (e - s) * double(t);
    out.worst_hit = std::max(out.worst_hit, distance(theirs_hit, r.hit));
    EXPECT_LT(distance(theirs_hit, r.hit), 1e-3) << "ray " << i;
    // Detour's normal (x, y, z) in the plane is (x, -z).
    const Vec2 n{normal[0], -double(normal[2])};
    EXPECT_LT(distance(n, r.normal), 1e-4)
        << "ray " << i << ": detour (" << n.x << ", " << n.y << "), ours (" << r.normal.x << ", " << r.normal.y << ")";
  }
}

void report(const char* what, const Agreement& a) {
  std::printf("%s: %d rays (%d clear, %d hits, %d polygons crossed), %d grazing a vertex, worst hit %.3g m\n", what,
              a.rays, a.clear, a.hits, a.polys, a.near_vertex, a.worst_hit);
}

// Casts `rays` random rays on `mesh` and expects Detour's answers, with hits and clear rays among them.
void expect_agreement(const char* what, const NavMesh& mesh, int rays, unsigned seed, int min_hits, int min_clear) {
  Agreement a;
  compare_with_detour(mesh, rays, seed, a);
  report(what, a);
  EXPECT_GT(a.hits, min_hits);
  EXPECT_GT(a.clear, min_clear);
  EXPECT_LT(a.near_vertex, a.rays / 100);
}

TEST(RaycastDetour, FloorPlanAgrees) {
  expect_agreement("default.json", test::load("default.json").mesh, 3000, 11, 500, 300);
}

TEST(RaycastDetour, LevelMeshAgrees) {
  expect_agreement("mesh_level.json", test::load("mesh_level.json").mesh, 2000, 12, 300, 100);
}

TEST(RaycastDetour, TiledBakeAgrees) {
  Scene s = load_scene(test::scene_path("default.json")).value();
  s.bake.tile_size = 32;
  s.doors.clear();
  const Result<NavMesh> mesh = build_navmesh(s);
  ASSERT_TRUE(mesh.ok()) << mesh.error();
  ASSERT_FALSE(mesh->baked->refs.empty()) << "expected a bake of several tiles";
  expect_agreement("default.json in tiles of 32 cells", mesh.value(), 2000, 13, 300, 100);
}

}  // namespace
}  // namespace navlab
