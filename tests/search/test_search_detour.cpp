// Cross-check of the search stage against Detour's dtNavMeshQuery::findPath on baked meshes: with the
// edge_midpoints cost model our corridor must be Detour's, polygon by polygon, and its cost must equal the
// cost Detour's own node pool records for the goal polygon, over seeded random pairs on a baked floor plan (with a
// walled-off island) and a baked OBJ level. Pairs in different islands must be `disconnected` for us where Detour
// returns a partial path.
#include <DetourNavMesh.h>
#include <DetourNavMeshQuery.h>
#include <DetourNode.h>
#include <DetourStatus.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <random>
#include <sstream>

#include "navmesh_build.h"
#include "paths.h"
#include "search.h"

namespace navlab {
namespace {

struct DetourPoint {
  int poly = -1;
  float world[3] = {0, 0, 0};  // Detour's position (tile vertex heights)
};

// A uniformly random point of Detour polygon `poly` (fan triangle by area, then barycentric).
DetourPoint random_point(const dtMeshTile* tile, int poly, std::mt19937& rng) {
  const dtPoly& p = tile->polys[poly];
  auto vert = [&](int k) { return &tile->verts[p.verts[k] * 3]; };
  std::vector<double> areas;
  double total = 0.0;
  for (int k = 1; k + 1 < p.vertCount; ++k) {
    const float *a = vert(0), *b = vert(k), *c = vert(k + 1);
    const double area = std::abs((b[0] - a[0]) * (c[2] - a[2]) - (c[0] - a[0]) * (b[2] - a[2]));
    areas.push_back(area);
    total += area;
  }
  std::uniform_real_distribution<double> u(0.0, 1.0);
  double pick = u(rng) * total;
  int tri = 0;
  while (tri + 1 < int(areas.size()) && pick > areas[tri]) pick -= areas[tri++];
  double s = u(rng), t = u(rng);
  if (s + t > 1.0) {
    s = 1.0 - s;
    t = 1.0 - t;
  }
  const float *a = vert(0), *b = vert(tri + 1), *c = vert(tri + 2);
  DetourPoint e;
  e.poly = poly;
  for (int i = 0; i < 3; ++i) e.world[i] = float(a[i] + s * (b[i] - a[i]) + t * (c[i] - a[i]));
  return e;
}

// Our search position for a Detour position: 2D meshes (no heights) plan at height 0.
Vec3 ours(const NavMesh& mesh, const DetourPoint& e) {
  return {double(e.world[0]), mesh.heights.empty() ? 0.0 : double(e.world[1]), double(e.world[2])};
}

struct Report {
  int pairs = 0, compared = 0, same_poly = 0, disconnected = 0, corridors_equal = 0;
  std::vector<std::string> mismatches;
};

Report cross_check(const NavMesh& mesh, int pairs, unsigned seed, CostModel model = CostModel::EdgeMidpoints) {
  Report rep;
  const dtNavMesh* nav = mesh.baked->detour.get();
  const dtMeshTile* tile = nav->getTileByRef(mesh.baked->base_ref);
  EXPECT_NE(tile, nullptr);
  if (!tile) return rep;
  const int n = tile->header->polyCount;
  EXPECT_EQ(n, mesh.size());
  if (mesh.heights.empty()) {
    // A 2D bake is one flat slab: every Detour vertex at the same height, so 2D distances are Detour's.
    for (int v = 1; v < tile->header->vertCount; ++v) EXPECT_EQ(tile->verts[v * 3 + 1], tile->verts[1]);
  }
  dtNavMeshQuery query;
  EXPECT_TRUE(dtStatusSucceed(query.init(nav, 16384)));
  dtQueryFilter filter;
  for (int i = 0; i < n; ++i) filter.setAreaCost(tile->polys[i].getArea(), float(mesh.polys[i].cost));

  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> pick(0, n - 1);
  std::vector<dtPolyRef> path(4096);
  for (int k = 0; k < pairs; ++k) {
    const DetourPoint a = random_point(tile, pick(rng), rng), b = random_point(tile, pick(rng), rng);
    ++rep.pairs;
    const dtPolyRef ra = mesh.baked->base_ref | dtPolyRef(a.poly), rb = mesh.baked->base_ref | dtPolyRef(b.poly);
    int count = 0;
    const dtStatus st = query.findPath(ra, rb, a.world, b.world, &filter, path.data(), &count, int(path.size()));
    SearchDef def;
    def.cost_model = model;
    const SearchResult r = search(mesh, SearchQuery{a.poly, b.poly, ours(mesh, a), ours(mesh, b)}, def);
    std::ostringstream id;
    id << "pair " << k << " (polygon " << a.poly << " -> " << b.poly << ")";
    if (dtStatusFailed(st)) {
      rep.mismatches.push_back(id.str() + ": Detour findPath failed");
      continue;
    }
    const bool detour_reached = count > 0 && path[count - 1] == rb;
    if (!detour_reached) {
      ++rep.disconnected;
      if (!dtStatusDetail(st, DT_PARTIAL_RESULT)) rep.mismatches.push_back(id.str() + ": Detour not partial");
      if (r.status != Status::Failed || !r.failure || r.failure->reason != Reason::Disconnected)
        rep.mismatches.push_back(id.str() + ": Detour returns a partial path, we say " + to_string(r.status));
      continue;
    }
    if (r.status != Status::Complete) {
      rep.mismatches.push_back(id.str() + ": Detour reaches the goal, we say " + to_string(r.status));
      continue;
    }
    if (a.poly == b.poly) {  // Detour answers at once without costing; both corridors are one polygon
      ++rep.same_poly;
      if (count != 1 || r.corridor.size() != 1) rep.mismatches.push_back(id.str() + ": one-polygon corridor expected");
      continue;
    }
    const dtNode* goal = query.getNodePool()->findNode(rb, 0);
    if (!goal) {
      rep.mismatches.push_back(id.str() + ": no Detour node for the goal");
      continue;
    }
    ++rep.compared;
    // The corridor itself, polygon by polygon: equal costs alone would let a different route through.
    std::vector<int> detour_corridor;
    for (int i = 0; i < count; ++i) detour_corridor.push_back(int(path[i] & ~mesh.baked->base_ref));
    if (detour_corridor == r.corridor)
      ++rep.corridors_equal;
    else
      rep.mismatches.push_back(id.str() + ": corridors differ (" + std::to_string(r.corridor.size()) +
                               " polygons, Detour " + std::to_string(count) + ")");
    const double detour_cost = goal->cost;
    if (std::abs(r.cost - detour_cost) > 1e-4 * std::max(1.0, detour_cost)) {
      std::ostringstream m;
      m << id.str() << ": ours " << r.cost << " (" << r.corridor.size() << " polygons), Detour " << detour_cost << " ("
        << count << " polygons)";
      rep.mismatches.push_back(m.str());
    }
  }
  return rep;
}

void summary(const char* what, const Report& r) {
  std::printf(
      "%s: %d pairs, %d costs and corridors compared (%d corridors equal), %d one-polygon, %d disconnected, "
      "%zu mismatches\n",
      what, r.pairs, r.compared, r.corridors_equal, r.same_poly, r.disconnected, r.mismatches.size());
}

std::string list(const Report& r) {
  std::string out;
  for (const std::string& m : r.mismatches) out += "  " + m + "\n";
  return out;
}

// A 30 x 20 m floor plan with pillars and a wall at x = 20 whose end gaps (0.2 m) are narrower than the
// agent, so the strip east of it is a separate island after erosion.
Scene island_floorplan() {
  Scene s;
  s.path = "cross_check.json";
  Scene::Floorplan& plan = s.source.emplace<Scene::Floorplan>();
  plan.outline = {{0, 0}, {30, 0}, {30, 20}, {0, 20}};
  plan.holes = {{{5, 4}, {7, 4}, {7, 6}, {5, 6}},
                {{10, 12}, {13, 12}, {13, 13}, {10, 13}},
                {{14, 3}, {16, 5}, {14, 7}, {12, 5}},
                {{20, 0.2}, {20.5, 0.2}, {20.5, 19.8}, {20, 19.8}}};
  return s;
}

TEST(SearchDetour, BakedFloorPlanMatchesFindPathCost) {
  const Result<NavMesh> mesh = build_navmesh(island_floorplan());
  ASSERT_TRUE(mesh.ok()) << mesh.error();
  ASSERT_TRUE(mesh->baked);
  const Report r = cross_check(mesh.value(), 800, 12345);
  summary("floor plan", r);
  EXPECT_TRUE(r.mismatches.empty()) << r.mismatches.size() << " mismatches of " << r.pairs << ":\n" << list(r);
  EXPECT_GE(r.compared, 500);
  EXPECT_GT(r.disconnected, 0);  // the island is really there
  // The comparison can fail: centroid positions are not Detour's, and most costs then differ.
  const Report wrong = cross_check(mesh.value(), 100, 12345, CostModel::Centroids);
  summary("floor plan, centroids", wrong);
  EXPECT_GT(wrong.mismatches.size(), 50u);
}

TEST(SearchDetour, BakedObjLevelMatchesFindPathCost) {
  Result<Scene> scene = load_scene(test::scene_path("mesh_level.json"));
  ASSERT_TRUE(scene.ok()) << scene.error();
  const Result<NavMesh> mesh = build_navmesh(scene.value());
  ASSERT_TRUE(mesh.ok()) << mesh.error();
  ASSERT_TRUE(mesh->baked);
  ASSERT_FALSE(mesh->heights.empty());
  const Report r = cross_check(mesh.value(), 800, 678);
  summary("OBJ level", r);
  EXPECT_TRUE(r.mismatches.empty()) << r.mismatches.size() << " mismatches of " << r.pairs << ":\n" << list(r);
  EXPECT_GE(r.compared, 500);
}

}  // namespace
}  // namespace navlab
