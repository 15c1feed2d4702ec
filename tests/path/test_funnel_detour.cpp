// Our portals + funnel against Detour's findStraightPath on the same corridor (findPath), on baked
// meshes: a floor plan with pillars and a 3D OBJ terrain with holes. Corners must agree within 1e-4 m.
// The funnel runs in the planning plane; 3D corners take the height of the mesh vertex (or of the
// start/goal) they are.
#include <gtest/gtest.h>

#include <DetourNavMesh.h>
#include <DetourNavMeshQuery.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <random>
#include <sstream>

#include "funnel.h"
#include "navmesh_build.h"
#include "paths.h"
#include "portals.h"
#include "scene.h"

namespace navlab {
namespace {

Scene floorplan_scene() {
  Scene s;
  s.path = "floorplan.json";
  Scene::Floorplan& plan = s.source.emplace<Scene::Floorplan>();
  plan.outline = {{0, 0}, {40, 0}, {40, 25}, {22, 25}, {22, 30}, {0, 30}};
  plan.holes = {{{5, 5}, {9, 5}, {9, 8}, {5, 8}},       {{14, 3}, {16, 3}, {16, 20}, {14, 20}},
                {{20, 10}, {26, 6}, {28, 12}},          {{30, 14}, {35, 14}, {35, 22}, {33, 22}, {33, 16}, {30, 16}},
                {{4, 14}, {10, 14}, {10, 15}, {4, 15}}, {{6, 20}, {12, 24}, {8, 26}}};
  return s;
}

// A rolling terrain (slopes well under 45°) with square holes, written as an OBJ beside a scene path.
Scene terrain_scene() {
  const std::string dir = test::temp_dir();
  const std::string obj = dir + "/terrain.obj";
  std::ofstream out(obj);
  const int n = 40;
  const double cell = 1.0;
  auto height = [](double x, double z) { return 1.5 * std::sin(x * 0.15) + 1.0 * std::cos(z * 0.2 + 0.3 * x * 0.1); };
  for (int j = 0; j <= n; ++j)
    for (int i = 0; i <= n; ++i)
      out << "v " << i * cell << " " << height(i * cell, j * cell) << " " << j * cell << "\n";
  auto hole = [](int i, int j) {
    return (i >= 8 && i < 12 && j >= 6 && j < 20) || (i >= 20 && i < 32 && j >= 14 && j < 17) ||
           (i >= 24 && i < 27 && j >= 25 && j < 36) || (i >= 5 && i < 15 && j >= 28 && j < 31) ||
           (i >= 16 && i < 19 && j >= 2 && j < 10) || (i >= 30 && i < 38 && j >= 4 && j < 6) ||
           (i >= 32 && i < 34 && j >= 22 && j < 34) || (i >= 14 && i < 22 && j >= 22 && j < 24) ||
           (i + j == 45 && i > 5 && i < 20);
  };
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) {
      if (hole(i, j)) continue;
      const int a = j * (n + 1) + i + 1, b = a + 1, c = a + n + 1, d = c + 1;
      // Counter-clockwise seen from above (y up): a, c, b then b, c, d.
      out << "f " << a << " " << c << " " << b << "\nf " << b << " " << c << " " << d << "\n";
    }
  out.close();
  Scene s;
  s.path = dir + "/terrain.json";
  s.source.emplace<Scene::Mesh>().obj = "terrain.obj";
  return s;
}

struct Comparison {
  int pairs = 0, corners = 0, skipped = 0;
  int collinear = 0;  // interior points of Detour's path lying on the segment between their neighbours
  double worst = 0.0;
};

// Random point inside polygon `poly` (convex combination of its vertices) and its height.
std::pair<Vec2, double> random_point(const NavMesh& mesh, int poly, std::mt19937_64& rng) {
  std::uniform_real_distribution<double> u(0.05, 1.0);
  const NavPoly& p = mesh.polys[poly];
  double wsum = 0.0, h = 0.0;
  Vec2 acc{};
  for (int v : p.verts) {
    const double w = u(rng);
    wsum += w;
    acc = acc + mesh.verts[v] * w;
    h += (mesh.is3d ? mesh.heights[v] : 0.0) * w;
  }
  return {acc / wsum, h / wsum};
}

void report(const Comparison& c) {
  std::printf("%d pairs (%d skipped: not connected), %d corners, %d zero-angle points dropped, worst %.3g m\n", c.pairs,
              c.skipped, c.corners, c.collinear, c.worst);
}

void compare_with_detour(const NavMesh& mesh, int want_pairs, unsigned seed, Comparison& out) {
  ASSERT_TRUE(mesh.baked && mesh.baked->detour);
  const dtNavMesh* nav = mesh.baked->detour.get();
  std::unique_ptr<dtNavMeshQuery, void (*)(dtNavMeshQuery*)> query(dtAllocNavMeshQuery(), dtFreeNavMeshQuery);
  ASSERT_TRUE(dtStatusSucceed(query->init(nav, 4096)));
  dtQueryFilter filter;
  std::mt19937_64 rng(seed);
  const int npolys = int(mesh.polys.size());
  ASSERT_GT(npolys, 10);
  int attempts = 0;
  while (out.pairs < want_pairs) {
    ASSERT_LT(++attempts, want_pairs * 20) << "too few connected pairs";
    const int a = int(rng() % npolys), b = int(rng() % npolys);
    const auto [sp, sh] = random_point(mesh, a, rng);
    const auto [gp, gh] = random_point(mesh, b, rng);
    const Vec3 sw = to_world(sp, sh), gw = to_world(gp, gh);
    const float s3[3] = {float(sw.x), float(sw.y), float(sw.z)};
    const float g3[3] = {float(gw.x), float(gw.y), float(gw.z)};
    const dtPolyRef sref = mesh.baked->base_ref | dtPolyRef(a), gref = mesh.baked->base_ref | dtPolyRef(b);
    dtPolyRef path[1024];
    int npath = 0;
    const dtStatus st = query->findPath(sref, gref, s3, g3, &filter, path, &npath, 1024);
    if (dtStatusFailed(st) || dtStatusDetail(st, DT_PARTIAL_RESULT) || npath == 0 || path[npath - 1] != gref) {
      ++out.skipped;
      continue;
    }
    float straight[3 * 1024];
    unsigned char flags[1024];
    dtPolyRef refs[1024];
    int nstraight = 0;
    ASSERT_TRUE(
        dtStatusSucceed(query->findStraightPath(s3, g3, path, npath, straight, flags, refs, &nstraight, 1024, 0)));

    // The same corridor, our way. Start and goal go through float like Detour's inputs.
    std::vector<int> corridor;
    for (int i = 0; i < npath; ++i) {
      unsigned salt = 0, it = 0, ip = 0;
      nav->decodePolyId(path[i], salt, it, ip);
      corridor.push_back(int(ip));
    }
    const Vec2 start = to_plane({s3[0], s3[1], s3[2]}), goal = to_plane({g3[0], g3[1], g3[2]});
    const PortalsResult portals = build_portals(mesh, corridor, start, goal, g3[1]);
    ASSERT_TRUE(portals.ok()) << portals.failure->message;
    const FunnelResult r = funnel(start, portals.portals);
    ASSERT_TRUE(r.ok());
    std::vector<Vec3> ours{to_world(start, s3[1])};
    for (const FunnelCorner& c : r.corners) {
      const Portal& p = portals.portals[c.portal];
      ours.push_back(to_world(c.point, c.side == FunnelSide::Left ? p.left_height : p.right_height));
    }
    ours.push_back(to_world(goal, g3[1]));

    ++out.pairs;
    // Float coordinates make some points lie on the straight line between their neighbours (a
    // zero-angle "corner", e.g. along a diagonal of 0.3 m cells); Detour's float tests and our double
    // ones keep different ones. Such a point does not change the path: drop it on both sides (counted)
    // before comparing corner by corner.
    std::vector<Vec3> theirs;
    for (int i = 0; i < nstraight; ++i) theirs.push_back({straight[3 * i], straight[3 * i + 1], straight[3 * i + 2]});
    auto drop_collinear = [&](std::vector<Vec3>& pts) {
      for (size_t i = 1; i + 1 < pts.size();) {
        const Vec2 p = to_plane(pts[i - 1]), q = to_plane(pts[i]), n = to_plane(pts[i + 1]);
        if (distance_to_segment(q, p, n) <= 1e-4) {
          pts.erase(pts.begin() + long(i));
          ++out.collinear;
        } else {
          ++i;
        }
      }
    };
    drop_collinear(theirs);
    drop_collinear(ours);
    auto listing = [&] {
      std::ostringstream o;
      o << "ours:";
      for (const Vec3& p : ours) o << " (" << p.x << ", " << p.y << ", " << p.z << ")";
      o << "\nDetour:";
      for (int i = 0; i < nstraight; ++i)
        o << " (" << straight[3 * i] << ", " << straight[3 * i + 1] << ", " << straight[3 * i + 2] << ")";
      return o.str();
    };
    ASSERT_EQ(ours.size(), theirs.size()) << listing() << "\npair " << out.pairs << " from polygon " << a << " to " << b
                                          << " over " << npath << " polygons";
    for (size_t i = 0; i < theirs.size(); ++i) {
      // A floor plan is a 2D scene: its Detour slab height means nothing there, so compare in the plane.
      const double err = mesh.is3d ? distance(ours[i], theirs[i]) : distance(to_plane(ours[i]), to_plane(theirs[i]));
      out.worst = std::max(out.worst, err);
      EXPECT_LE(err, 1e-4) << listing() << "\npair " << out.pairs << " point " << i;
    }
    out.corners += int(theirs.size()) - 2;
  }
}

TEST(FunnelDetour, FloorPlanCornersEqualFindStraightPath) {
  Result<NavMesh> mesh = build_navmesh(floorplan_scene());
  ASSERT_TRUE(mesh.ok()) << mesh.error();
  Comparison c;
  compare_with_detour(mesh.value(), 500, 1234, c);
  EXPECT_GT(c.corners, 300) << "the pairs must bend around the pillars";
  report(c);
}

TEST(FunnelDetour, ObjTerrainCornersEqualFindStraightPathIn3D) {
  Result<NavMesh> mesh = build_navmesh(terrain_scene());
  ASSERT_TRUE(mesh.ok()) << mesh.error();
  ASSERT_TRUE(mesh->is3d);
  Comparison c;
  compare_with_detour(mesh.value(), 500, 5678, c);
  EXPECT_GT(c.corners, 300);
  report(c);
}

TEST(FunnelDetour, DefaultSceneCornersEqualFindStraightPath) {
  const std::string path = test::scene_path("default.json");
  Result<Scene> scene = load_scene(path);
  ASSERT_TRUE(scene.ok()) << scene.error();
  Result<NavMesh> mesh = build_navmesh(scene.value());
  ASSERT_TRUE(mesh.ok()) << mesh.error();
  ASSERT_TRUE(mesh->baked) << "scenes/default.json is a baked floor plan";
  Comparison c;
  compare_with_detour(mesh.value(), 500, 42, c);
  report(c);
}

}  // namespace
}  // namespace navlab
