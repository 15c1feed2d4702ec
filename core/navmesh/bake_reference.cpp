#include "bake_reference.h"

#include <DetourAlloc.h>

#include "bake_check.h"
#include "bake_pipeline.h"

namespace navlab {

namespace {

// World triangles (x, y up, z) as Recast reads them, and the convex volumes cleared before erosion.
struct PlainInput {
  std::vector<float> verts;
  std::vector<int> tris;
  std::vector<std::vector<float>> cleared;  // each a ring of world points at height 0
};

// RecastDemo's Solo Mesh steps over `in`, timed from the heightfield on.
Result<ReferenceBake> solo_mesh(const PlainInput& in, const BakeDef& def) {
  using R = Result<ReferenceBake>;
  if (std::string bad = check_bake_def(def); !bad.empty()) return R::fail(bad);
  if (std::string bad = check_raster_work(in.verts, in.tris, def); !bad.empty()) return R::fail(bad);
  rcConfig cfg{};
  cfg.cs = float(def.cell_size);
  cfg.ch = float(def.cell_height);
  const int nverts = int(in.verts.size() / 3), ntris = int(in.tris.size() / 3);
  rcCalcBounds(in.verts.data(), nverts, cfg.bmin, cfg.bmax);
  const double grid_x = cfg.bmax[0] - cfg.bmin[0], grid_z = cfg.bmax[2] - cfg.bmin[2];
  if (std::string bad = check_bake_grid(def, {grid_x, grid_z, cfg.bmax[1] - cfg.bmin[1], grid_x, grid_z}); !bad.empty())
    return R::fail(bad);
  rcCalcGridSize(cfg.bmin, cfg.bmax, cfg.cs, &cfg.width, &cfg.height);
  recast_params(def, (long long)cfg.width * cfg.height, cfg);

  const auto t0 = Clock::now();
  rcContext ctx(false);
  RcPtr<rcHeightfield> solid(rcAllocHeightfield());
  if (!solid || !rcCreateHeightfield(&ctx, *solid, cfg.width, cfg.height, cfg.bmin, cfg.bmax, cfg.cs, cfg.ch))
    return R::fail("Recast could not allocate the heightfield");
  std::vector<unsigned char> areas(size_t(ntris), 0);
  rcMarkWalkableTriangles(&ctx, cfg.walkableSlopeAngle, in.verts.data(), nverts, in.tris.data(), ntris, areas.data());
  if (!rcRasterizeTriangles(&ctx, in.verts.data(), nverts, in.tris.data(), areas.data(), ntris, *solid,
                            cfg.walkableClimb))
    return R::fail("Recast could not rasterise the triangles");
  rcFilterLowHangingWalkableObstacles(&ctx, cfg.walkableClimb, *solid);
  rcFilterLedgeSpans(&ctx, cfg.walkableHeight, cfg.walkableClimb, *solid);
  rcFilterWalkableLowHeightSpans(&ctx, cfg.walkableHeight, *solid);
  RcPtr<rcCompactHeightfield> chf(rcAllocCompactHeightfield());
  if (!chf || !rcBuildCompactHeightfield(&ctx, cfg.walkableHeight, cfg.walkableClimb, *solid, *chf))
    return R::fail("Recast could not build the compact heightfield");
  solid.reset();
  for (const std::vector<float>& ring : in.cleared)
    rcMarkConvexPolyArea(&ctx, ring.data(), int(ring.size() / 3), cfg.bmin[1] - 1.0f, cfg.bmax[1] + 1.0f, RC_NULL_AREA,
                         *chf);
  if (!rcErodeWalkableArea(&ctx, cfg.walkableRadius, *chf)) return R::fail("Recast could not erode the walkable area");
  if (!build_regions(ctx, def.partition, cfg, *chf)) return R::fail("Recast could not build regions");
  RcPtr<rcContourSet> cset(rcAllocContourSet());
  if (!cset || !rcBuildContours(&ctx, *chf, cfg.maxSimplificationError, cfg.maxEdgeLen, *cset))
    return R::fail("Recast could not build contours");
  RcPtr<rcPolyMesh> pmesh(rcAllocPolyMesh());
  if (!pmesh || !rcBuildPolyMesh(&ctx, *cset, cfg.maxVertsPerPoly, *pmesh))
    return R::fail("Recast could not build the polygon mesh in one tile (Recast's limit is 65,535 vertices a tile)");
  RcPtr<rcPolyMeshDetail> dmesh(rcAllocPolyMeshDetail());
  if (!dmesh || !rcBuildPolyMeshDetail(&ctx, *pmesh, *chf, cfg.detailSampleDist, cfg.detailSampleMaxError, *dmesh))
    return R::fail("Recast could not build the detail mesh");
  if (pmesh->npolys == 0) return R::fail("Recast's bake produced no polygons");
  for (int i = 0; i < pmesh->npolys; ++i) pmesh->flags[i] = kPolyFlagWalk;
  dtNavMeshCreateParams params{};
  detour_params(*pmesh, *dmesh, def, params);
  unsigned char* data = nullptr;
  int size = 0;
  if (!dtCreateNavMeshData(&params, &data, &size)) return R::fail("Detour could not create the navmesh data");
  dtFree(data);
  return ReferenceBake{ms_since(t0), pmesh->npolys};
}

bool is_axis_rectangle(const std::vector<Vec2>& ring) {
  if (ring.size() != 4) return false;
  const Bounds2 b = bounds_of(ring);
  for (const Vec2& p : ring)
    if ((p.x != b.lo.x && p.x != b.hi.x) || (p.y != b.lo.y && p.y != b.hi.y)) return false;
  return b.hi.x > b.lo.x && b.hi.y > b.lo.y;
}

// Whether every corner of `ring` turns the same way (straight corners allowed).
bool is_convex(const std::vector<Vec2>& ring) {
  int sign = 0;
  for (size_t i = 0; i < ring.size(); ++i) {
    const Vec2 a = ring[i], b = ring[(i + 1) % ring.size()], c = ring[(i + 2) % ring.size()];
    const double turn = cross(b - a, c - b);
    const int s = turn > 0.0 ? 1 : turn < 0.0 ? -1 : 0;
    if (s != 0 && sign != 0 && s != sign) return false;
    if (s != 0) sign = s;
  }
  return sign != 0;
}

void add_world(std::vector<float>& out, Vec2 p, double height) {
  const Vec3 w = to_world(p, height);
  out.insert(out.end(), {float(w.x), float(w.y), float(w.z)});
}

}  // namespace

Result<ReferenceBake> recast_reference_bake(const ObjMesh& soup, const BakeDef& def) {
  PlainInput in;
  for (const Vec3& v : soup.verts) in.verts.insert(in.verts.end(), {float(v.x), float(v.y), float(v.z)});
  for (const auto& t : soup.tris) in.tris.insert(in.tris.end(), t.begin(), t.end());
  return solo_mesh(in, def);
}

Result<ReferenceBake> recast_reference_bake(const Scene::Floorplan& plan, const BakeDef& def) {
  using R = Result<ReferenceBake>;
  if (!is_axis_rectangle(plan.outline))
    return R::fail("the outline is not an axis-aligned rectangle (Recast would need it as triangles)");
  PlainInput in;
  // The slab counter-clockwise in the plane (its normal points up), and a point below it so the
  // heightfield has some depth, as the bake's own slab.
  const Bounds2 b = bounds_of(plan.outline);
  for (const Vec2 p : {b.lo, Vec2{b.hi.x, b.lo.y}, b.hi, Vec2{b.lo.x, b.hi.y}}) add_world(in.verts, p, 0.0);
  add_world(in.verts, b.lo, -0.2);
  in.tris = {0, 1, 2, 0, 2, 3};
  for (size_t h = 0; h < plan.holes.size(); ++h) {
    if (!is_convex(plan.holes[h]))
      return R::fail("hole " + std::to_string(h) + " is not convex (a convex volume cannot clear it)");
    std::vector<float> ring;
    for (const Vec2& p : plan.holes[h]) add_world(ring, p, 0.0);
    in.cleared.push_back(std::move(ring));
  }
  return solo_mesh(in, def);
}

}  // namespace navlab
