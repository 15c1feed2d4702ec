#include "bake_reference.h"

#include <DetourAlloc.h>
#include <DetourNavMesh.h>

#include <memory>

#include "bake_check.h"
#include "bake_pipeline.h"
#include "tiled_convert.h"

namespace navlab {

namespace {

// World triangles (x, y up, z) as Recast reads them, and the convex volumes cleared before erosion.
struct PlainInput {
  std::vector<float> verts;
  std::vector<int> tris;
  std::vector<std::vector<float>> cleared;  // each a ring of world points at height 0
};

// One tile's Detour data (null: the grid held no polygon) and its size in bytes.
struct TileData {
  std::unique_ptr<unsigned char, void (*)(void*)> data{nullptr, dtFree};
  int size = 0;
};

// Recast's steps over the grid `cfg` (the whole level, or one tile grown by its border) into Detour's
// tile data for tile (tx, ty), null when the grid holds no polygon; `polygons` counts them.
Result<TileData> build_grid(const rcConfig& cfg, const PlainInput& in, const BakeDef& def, int tx, int ty,
                            int& polygons) {
  using R = Result<TileData>;
  const int nverts = int(in.verts.size() / 3), ntris = int(in.tris.size() / 3);
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
    return R::fail("Recast could not build the polygon mesh (Recast's limit is 65,535 vertices a tile)");
  RcPtr<rcPolyMeshDetail> dmesh(rcAllocPolyMeshDetail());
  if (!dmesh || !rcBuildPolyMeshDetail(&ctx, *pmesh, *chf, cfg.detailSampleDist, cfg.detailSampleMaxError, *dmesh))
    return R::fail("Recast could not build the detail mesh");
  polygons = pmesh->npolys;
  if (pmesh->npolys == 0) return R(TileData{});
  for (int i = 0; i < pmesh->npolys; ++i) pmesh->flags[i] = kPolyFlagWalk;
  dtNavMeshCreateParams params{};
  detour_params(*pmesh, *dmesh, def, params);
  params.tileX = tx;
  params.tileY = ty;
  unsigned char* data = nullptr;
  TileData out;
  if (!dtCreateNavMeshData(&params, &data, &out.size)) return R::fail("Detour could not create the navmesh data");
  out.data.reset(data);
  return R(std::move(out));
}

// The whole level's grid, checked as the bake checks it; "" or why it cannot be baked.
Result<void> level_grid(const PlainInput& in, const BakeDef& def, rcConfig& cfg) {
  if (Result<void> bad = check_bake_def(def); !bad) return bad;
  if (Result<void> bad = check_raster_work(in.verts, in.tris, def); !bad) return bad;
  cfg.cs = float(def.cell_size);
  cfg.ch = float(def.cell_height);
  rcCalcBounds(in.verts.data(), int(in.verts.size() / 3), cfg.bmin, cfg.bmax);
  const double grid_x = cfg.bmax[0] - cfg.bmin[0], grid_z = cfg.bmax[2] - cfg.bmin[2];
  if (Result<void> bad = check_bake_grid(def, {grid_x, grid_z, cfg.bmax[1] - cfg.bmin[1], grid_x, grid_z}); !bad)
    return bad;
  rcCalcGridSize(cfg.bmin, cfg.bmax, cfg.cs, &cfg.width, &cfg.height);
  recast_params(def, (long long)cfg.width * cfg.height, cfg);
  return {};
}

// RecastDemo's Solo Mesh steps over `in`, timed from the heightfield on.
Result<ReferenceBake> solo_mesh(const PlainInput& in, const BakeDef& def) {
  using R = Result<ReferenceBake>;
  rcConfig cfg{};
  if (Result<void> bad = level_grid(in, def, cfg); !bad) return Error{bad.error()};
  const auto t0 = Clock::now();
  ReferenceBake out;
  const Result<TileData> data = build_grid(cfg, in, def, 0, 0, out.polygons);
  if (!data) return R::fail(data.error());
  if (out.polygons == 0) return R::fail("Recast's bake produced no polygons");
  out.ms = ms_since(t0);
  return out;
}

// RecastDemo's Tile Mesh steps over `in`, on one thread: tiles of def.tile_size cells, each grown by a
// border of the agent's radius plus 3 cells (as the sample's, and the tiled bake's), built as the whole
// level is in solo_mesh and added to one Detour navmesh. Timed from the first tile on.
Result<ReferenceBake> tile_mesh(const PlainInput& in, const BakeDef& def) {
  using R = Result<ReferenceBake>;
  rcConfig level{};
  if (Result<void> bad = level_grid(in, def, level); !bad) return Error{bad.error()};
  const int tw = (level.width + def.tile_size - 1) / def.tile_size,
            th = (level.height + def.tile_size - 1) / def.tile_size;
  const int tile_bits = detour_index_bits(tw * th);
  if (tile_bits >= kRefIndexBits) return R::fail("more tiles than Detour's polygon references can name");
  const int border = level.walkableRadius + 3;
  const float side = float(def.tile_size) * level.cs, pad = float(border) * level.cs;

  const auto t0 = Clock::now();
  std::unique_ptr<dtNavMesh, void (*)(dtNavMesh*)> nav(dtAllocNavMesh(), dtFreeNavMesh);
  dtNavMeshParams np{};
  rcVcopy(np.orig, level.bmin);
  np.tileWidth = np.tileHeight = side;
  np.maxTiles = 1 << tile_bits;
  np.maxPolys = 1 << (kRefIndexBits - tile_bits);
  if (!nav || dtStatusFailed(nav->init(&np))) return R::fail("Detour could not initialise the navmesh");
  ReferenceBake out;
  out.tiles = 0;
  for (int ty = 0; ty < th; ++ty)
    for (int tx = 0; tx < tw; ++tx) {
      rcConfig cfg = level;
      cfg.tileSize = def.tile_size;
      cfg.borderSize = border;
      cfg.width = cfg.height = def.tile_size + 2 * border;
      cfg.bmin[0] = level.bmin[0] + float(tx) * side - pad;
      cfg.bmin[2] = level.bmin[2] + float(ty) * side - pad;
      cfg.bmax[0] = level.bmin[0] + float(tx + 1) * side + pad;
      cfg.bmax[2] = level.bmin[2] + float(ty + 1) * side + pad;
      recast_params(def, (long long)cfg.width * cfg.height, cfg);
      int polygons = 0;
      Result<TileData> data = build_grid(cfg, in, def, tx, ty, polygons);
      if (!data) return R::fail("tile " + std::to_string(tx) + "," + std::to_string(ty) + ": " + data.error());
      TileData& tile = data.value();
      if (!tile.data) continue;
      if (dtStatusFailed(nav->addTile(tile.data.get(), tile.size, DT_TILE_FREE_DATA, 0, nullptr)))
        return R::fail("Detour could not add tile " + std::to_string(tx) + "," + std::to_string(ty));
      tile.data.release();  // the navmesh frees it now
      out.polygons += polygons;
      ++out.tiles;
    }
  if (out.polygons == 0) return R::fail("Recast's bake produced no polygons");
  out.ms = ms_since(t0);
  return out;
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
  return def.tile_size > 0 ? tile_mesh(in, def) : solo_mesh(in, def);
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
  return def.tile_size > 0 ? tile_mesh(in, def) : solo_mesh(in, def);
}

}  // namespace navlab
