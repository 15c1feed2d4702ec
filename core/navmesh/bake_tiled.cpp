#include "bake_tiled.h"

#include <DetourAlloc.h>
#include <DetourNavMesh.h>
#include <DetourNavMeshBuilder.h>
#include <Recast.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>
#include <thread>

#include "bake_check.h"
#include "bake_pipeline.h"
#include "format.h"
#include "offmesh_links.h"
#include "tiled_convert.h"

namespace navlab {
namespace {

// A grid of more than 2^14 tiles would leave a tile fewer than 256 polygons (kRefIndexBits).
constexpr int kMaxTileBits = 14;
// Recast's polygon mesh indexes a tile's vertices with 16 bits; RC_MESH_NULL_IDX is taken.
constexpr int kMaxTileVerts = 0xfffe;

// The tile grid over the bake input's bounds.
struct TileGrid {
  float bmin[3] = {0, 0, 0}, bmax[3] = {0, 0, 0};
  int tile_size = 0;   // cells per tile side
  int border = 0;      // cells baked around each tile (agent radius + 3, as RecastDemo)
  int tw = 0, th = 0;  // tiles along world x and z
  int poly_bits = 0;   // Detour polygon bits per tile
  int count() const { return tw * th; }
};

// One tile's Detour data, owned until the navmesh takes it.
struct TileOut {
  std::unique_ptr<unsigned char, void (*)(void*)> data{nullptr, dtFree};
  int size = 0;
  std::vector<int> poly_door;  // per polygon of the tile: its door (-1: none)
  std::string error;           // why the tile failed ("" if it did not)
};

Result<void> make_grid(const BakeInput& in, const BakeDef& def, TileGrid& g) {
  if (def.tile_size < kMinBakeTileSize || def.tile_size > kMaxBakeTileSize)
    return Error{"bake.tile_size must be 0 (one tile) or " + std::to_string(kMinBakeTileSize) + ".." +
                 std::to_string(kMaxBakeTileSize) + " cells, got " + std::to_string(def.tile_size)};
  rcCalcBounds(in.verts.data(), int(in.verts.size() / 3), g.bmin, g.bmax);
  const double grid_x = g.bmax[0] - g.bmin[0], grid_z = g.bmax[2] - g.bmin[2], m = 2.0 * in.rules.margin;
  const BakeGridSize size{grid_x - m, grid_z - m, g.bmax[1] - g.bmin[1], grid_x, grid_z};
  if (Result<void> bad = check_bake_grid(def, size); !bad) return bad;
  int gw = 0, gh = 0;
  rcCalcGridSize(g.bmin, g.bmax, float(def.cell_size), &gw, &gh);
  g.tile_size = def.tile_size;
  g.border = int(std::ceil(def.agent_radius / def.cell_size)) + 3;
  g.tw = (gw + g.tile_size - 1) / g.tile_size;
  g.th = (gh + g.tile_size - 1) / g.tile_size;
  const int tile_bits = detour_index_bits(g.count());
  if (tile_bits > kMaxTileBits)
    return Error{"the tiled bake needs " + std::to_string(g.count()) + " tiles of " + std::to_string(g.tile_size) +
                 " cells, more than Detour's " + std::to_string(1 << kMaxTileBits) + "; raise bake.tile_size"};
  g.poly_bits = kRefIndexBits - tile_bits;
  return {};
}

// Recast's grid of tile (tx, ty): the tile's cells plus the border on every side.
rcConfig tile_config(const TileGrid& g, const BakeDef& def, int tx, int ty) {
  rcConfig cfg{};
  cfg.cs = float(def.cell_size);
  cfg.ch = float(def.cell_height);
  cfg.tileSize = g.tile_size;
  cfg.borderSize = g.border;
  cfg.width = cfg.height = g.tile_size + 2 * g.border;
  const float side = float(g.tile_size) * cfg.cs, pad = float(g.border) * cfg.cs;
  cfg.bmin[0] = g.bmin[0] + float(tx) * side - pad;
  cfg.bmin[1] = g.bmin[1];
  cfg.bmin[2] = g.bmin[2] + float(ty) * side - pad;
  cfg.bmax[0] = g.bmin[0] + float(tx + 1) * side + pad;
  cfg.bmax[1] = g.bmax[1];
  cfg.bmax[2] = g.bmin[2] + float(ty + 1) * side + pad;
  recast_params(def, (long long)cfg.width * cfg.height, cfg);
  return cfg;
}

// Bakes tile (tx, ty) into Detour tile data (none when the tile holds no polygon). Reads only its
// arguments: workers run it side by side.
TileOut build_tile(const BakeInput& in, const BakeDef& def, const TileGrid& g, int tx, int ty) {
  TileOut out;
  const rcConfig cfg = tile_config(g, def, tx, ty);
  rcContext ctx(false);
  auto recast = run_recast(ctx, cfg, in, def, nullptr);
  if (!recast) {
    out.error = recast.error();
    return out;
  }
  RecastMeshes& rc = recast.value();
  if (!rc.pmesh || rc.pmesh->npolys == 0) return out;
  const std::string where = "tile " + std::to_string(tx) + "," + std::to_string(ty);
  if (rc.pmesh->nverts > kMaxTileVerts || rc.pmesh->npolys > (1 << g.poly_bits)) {
    out.error = where + " has " + std::to_string(rc.pmesh->nverts) + " vertices and " +
                std::to_string(rc.pmesh->npolys) + " polygons, more than a Detour tile holds; lower bake.tile_size";
    return out;
  }
  out.poly_door = door_polygons(in.rules, *rc.pmesh);
  dtNavMeshCreateParams params{};
  detour_params(*rc.pmesh, *rc.dmesh, def, params);
  // The links that start in this tile (its polygon mesh's bounds are the tile's, without the border).
  const OffMeshCons cons(in.rules.links, def, rc.pmesh->bmin, rc.pmesh->bmax);
  cons.fill(params);
  params.tileX = tx;
  params.tileY = ty;
  params.tileLayer = 0;
  unsigned char* data = nullptr;
  if (!dtCreateNavMeshData(&params, &data, &out.size)) out.error = "Detour could not create the data of " + where;
  out.data.reset(data);
  return out;
}

// Detour joins a link's end only in the tile its start lies in or one of the eight around it
// (dtNavMesh::connectExtOffMeshLinks): "" or the first link whose ends lie farther apart in tiles.
Result<void> check_link_tiles(const BakeInput& in, const BakeDef& def, const TileGrid& g) {
  const double side = g.tile_size * def.cell_size;
  auto tile_of = [&](const ScenePoint& p, int axis) {
    const Vec3 w = p.world();
    return int(std::floor(((axis == 0 ? w.x : w.z) - g.bmin[axis]) / side));
  };
  for (size_t i = 0; i < in.rules.links.size(); ++i) {
    const LinkDef& l = in.rules.links[i];
    const int dx = std::abs(tile_of(l.to, 0) - tile_of(l.from, 0)),
              dz = std::abs(tile_of(l.to, 2) - tile_of(l.from, 2));
    if (dx <= 1 && dz <= 1) continue;
    const Vec3 a = l.from.world(), b = l.to.world();
    const double span = std::max(std::abs(b.x - a.x), std::abs(b.z - a.z));
    return Error{"link " + std::to_string(i) + "'s ends lie " + std::to_string(std::max(dx, dz)) + " tiles of " +
                 num(side, kExactDigits) +
                 " m apart; Detour joins a link's end only in its start's tile or the eight "
                 "around it: raise bake.tile_size to at least " +
                 std::to_string(int(std::ceil(span / def.cell_size))) + " cells or shorten the link"};
  }
  return {};
}

// Builds every tile on `threads` workers; tiles[i] is tile (i % tw, i / tw). Workers take the next tile
// from a shared counter and write only their tile's slot and the progress counters.
std::vector<TileOut> build_tiles(const BakeInput& in, const BakeDef& def, const TileGrid& g, const TiledBakeRun& run) {
  std::vector<TileOut> tiles(size_t(g.count()));
  std::atomic<int> next{0};
  BakeProgress* progress = run.progress;
  auto work = [&] {
    for (;;) {
      if (progress && progress->cancel.load()) return;
      const int i = next.fetch_add(1);
      if (i >= g.count()) return;
      tiles[size_t(i)] = build_tile(in, def, g, i % g.tw, i / g.tw);
      if (progress) progress->tiles_done.fetch_add(1);
    }
  };
  const unsigned hw = std::max(1u, std::thread::hardware_concurrency());
  const int threads = std::clamp(run.threads > 0 ? run.threads : int(hw), 1, std::max(1, g.count()));
  std::vector<std::thread> workers;
  for (int t = 1; t < threads; ++t) workers.emplace_back(work);
  work();  // the calling thread is worker 0
  for (std::thread& w : workers) w.join();
  return tiles;
}

// Adds the built tiles to a new Detour mesh in tile order (each tile's data goes to the mesh).
Result<std::shared_ptr<dtNavMesh>> join_tiles(std::vector<TileOut>& tiles, const TileGrid& g, const BakeDef& def) {
  using R = Result<std::shared_ptr<dtNavMesh>>;
  dtNavMeshParams params{};
  rcVcopy(params.orig, g.bmin);
  params.tileWidth = params.tileHeight = float(g.tile_size) * float(def.cell_size);
  params.maxTiles = 1 << detour_index_bits(g.count());
  params.maxPolys = 1 << g.poly_bits;
  std::shared_ptr<dtNavMesh> nav(dtAllocNavMesh(), [](dtNavMesh* p) { dtFreeNavMesh(p); });
  if (!nav || dtStatusFailed(nav->init(&params))) return R::fail("Detour could not initialise the tiled navmesh");
  for (TileOut& t : tiles) {
    if (!t.data) continue;
    if (dtStatusFailed(nav->addTile(t.data.get(), t.size, DT_TILE_FREE_DATA, 0, nullptr)))
      return R::fail("Detour could not add a baked tile to the navmesh");
    t.data.release();  // the navmesh frees it
  }
  return R(std::move(nav));
}

Result<NavMesh> bake_tiled(const BakeInput& in, const BakeDef& def, const TiledBakeRun& run,
                           std::vector<BakeStep>* trace) {
  using R = Result<NavMesh>;
  const auto t_total = Clock::now();
  if (Result<void> bad = check_bake_input(in, def); !bad) return Error{bad.error()};
  TileGrid g;
  if (Result<void> bad = make_grid(in, def, g); !bad) return Error{bad.error()};
  if (Result<void> bad = check_link_tiles(in, def, g); !bad) return Error{bad.error()};
  if (run.progress) run.progress->tiles_total.store(g.count());

  std::vector<TileOut> tiles = build_tiles(in, def, g, run);
  if (run.progress && run.progress->cancel.load())
    return R::fail("bake cancelled after " + std::to_string(run.progress->tiles_done.load()) + " of " +
                   std::to_string(g.count()) + " tiles");
  int with_polys = 0;
  for (const TileOut& t : tiles) {
    if (!t.error.empty()) return R::fail(t.error);
    with_polys += t.data != nullptr;
  }
  if (trace) trace->push_back({"tiles", ms_since(t_total), with_polys, "tiles with polygons"});
  if (with_polys == 0)
    return R::fail("the bake produced no polygons: no tile of " + std::to_string(g.tile_size) +
                   " cells kept a walkable region (the floor is narrower than twice the agent radius, or its regions "
                   "are smaller than region_min_size)");

  const auto t0 = Clock::now();
  auto nav = join_tiles(tiles, g, def);
  if (!nav) return R::fail(nav.error());
  const TiledLayout lay{g.tw,
                        g.th,
                        g.poly_bits,
                        in.rules.is3d,
                        &in.rules.area_names,
                        std::max(kMinTileClimb, def.agent_max_climb),
                        nullptr,
                        nullptr,
                        &in.rules.links};
  TiledNavMesh tm;
  TiledWeld weld;
  convert_tiled(*nav.value(), lay, nullptr, tm, weld);
  // Detour areas are the painted areas already (door_polygons); the door of each polygon comes from its tile.
  const int mask = (1 << g.poly_bits) - 1;
  for (size_t i = 0; i < tm.mesh.polys.size(); ++i)
    tm.mesh.polys[i].door = tiles[size_t(tm.tile_of[i])].poly_door[size_t(tm.keys[i] & mask)];
  for (const DoorMark& d : in.rules.doors) tm.mesh.door_ids.push_back(d.id);
  apply_area_costs(tm.mesh, in.rules.area_costs);
  auto baked = tiled_baked(std::move(nav.value()), lay, tm);
  if (trace) trace->push_back({"detour", ms_since(t0), long(tm.mesh.polys.size()), "polygons in the tiles"});
  baked->bake_ms = ms_since(t_total);
  tm.mesh.baked = std::move(baked);
  return std::move(tm.mesh);
}

}  // namespace

Result<NavMesh> bake_floorplan_tiled(const Scene::Floorplan& plan, const BakeDef& def, const TiledBakeRun& run,
                                     std::vector<BakeStep>* trace, const std::vector<Door>& doors,
                                     const std::vector<LinkDef>& links) {
  auto in = floorplan_input(plan, def, doors);
  if (!in) return Result<NavMesh>::fail(in.error());
  in.value().rules.links = links;
  return bake_tiled(in.value(), def, run, trace);
}

Result<NavMesh> bake_triangles_tiled(const ObjMesh& soup, const BakeDef& def, const TiledBakeRun& run,
                                     std::vector<BakeStep>* trace, const std::vector<Door>& doors,
                                     const std::vector<AreaVolume>& areas, const std::vector<LinkDef>& links) {
  BakeInput in = triangles_input(soup, def, doors, areas);
  in.rules.links = links;
  return bake_tiled(in, def, run, trace);
}

}  // namespace navlab
