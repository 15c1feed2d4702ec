#include "tilecache.h"
#include "format.h"

#include <DetourCommon.h>
#include <DetourNavMesh.h>
#include <DetourNavMeshBuilder.h>
#include <DetourTileCache.h>
#include <DetourTileCacheBuilder.h>
#include <Recast.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <map>
#include <sstream>
#include <unordered_map>

#include "area_marks.h"
#include "bake.h"
#include "bake_check.h"
#include "level_file.h"
#include "offmesh_links.h"
#include "tiled_convert.h"
#include "tolerances.h"

namespace navlab {

namespace {
using Clock = std::chrono::steady_clock;
}  // namespace

// The Detour tile cache's callbacks, members of TileCache::Impl. In a named namespace: g++ warns
// (-Wsubobject-linkage) when, in a unity batch, a class with external linkage holds members of types from
// an anonymous namespace.
namespace tilecache_parts {

// FastLZ is not packaged: the tile cache stores layers uncompressed.
struct PassThroughCompressor final : dtTileCacheCompressor {
  int maxCompressedSize(const int bufferSize) override { return bufferSize; }
  dtStatus compress(const unsigned char* buffer, const int bufferSize, unsigned char* compressed,
                    const int maxCompressedSize, int* compressedSize) override {
    if (bufferSize > maxCompressedSize) return DT_FAILURE | DT_BUFFER_TOO_SMALL;
    std::memcpy(compressed, buffer, size_t(bufferSize));
    *compressedSize = bufferSize;
    return DT_SUCCESS;
  }
  dtStatus decompress(const unsigned char* compressed, const int compressedSize, unsigned char* buffer,
                      const int maxBufferSize, int* bufferSize) override {
    if (compressedSize > maxBufferSize) return DT_FAILURE | DT_BUFFER_TOO_SMALL;
    std::memcpy(buffer, compressed, size_t(compressedSize));
    *bufferSize = compressedSize;
    return DT_SUCCESS;
  }
};

// Without flags the default query filter rejects every polygon. Areas become ours: Recast's walkable
// area (63) is our area 0, painted areas keep their index; door areas (first_door .. first_door + doors - 1)
// keep their id here and get the door flag (the conversion turns them into NavPoly::door).
// The scene's links go to Detour here too, as in the tiled bake: each tile (its bounds are set before
// process() is called) gets the links that start in it.
struct FlagsProcess final : dtTileCacheMeshProcess {
  int first_door = 0;
  int doors = 0;
  std::vector<LinkDef> links;
  BakeDef bake;
  OffMeshCons cons;  // the links of the tile being built: Detour reads them after process() returns
  void process(dtNavMeshCreateParams* params, unsigned char* polyAreas, unsigned short* polyFlags) override {
    for (int i = 0; i < params->polyCount; ++i) {
      if (polyAreas[i] == DT_TILECACHE_WALKABLE_AREA) polyAreas[i] = 0;
      const bool door = polyAreas[i] >= first_door && polyAreas[i] < first_door + doors;
      polyFlags[i] = door ? kPolyFlagWalk | kPolyFlagDoor : kPolyFlagWalk;
    }
    cons = OffMeshCons(links, bake, params->bmin, params->bmax);
    cons.fill(*params);
  }
};

}  // namespace tilecache_parts

namespace {

struct RcFree {
  void operator()(rcHeightfield* p) const { rcFreeHeightField(p); }
  void operator()(rcCompactHeightfield* p) const { rcFreeCompactHeightfield(p); }
  void operator()(rcHeightfieldLayerSet* p) const { rcFreeHeightfieldLayerSet(p); }
};
template <class T>
using RcPtr = std::unique_ptr<T, RcFree>;

}  // namespace

std::string TileUpdate::describe() const {
  std::ostringstream s;
  s << rebuilt_tiles.size() << (rebuilt_tiles.size() == 1 ? " tile" : " tiles") << " rebuilt";
  if (!rebuilt_tiles.empty()) {
    s << " (";
    for (size_t i = 0; i < rebuilt_tiles.size(); ++i) s << (i ? ", " : "") << rebuilt_tiles[i];
    s << ")";
  }
  s << " in " << update_calls << " update calls, " << converted_polygons << " polygons converted again, "
    << fmt("%.2f ms (conversion %.2f ms).", ms, convert_ms);
  return s.str();
}

// Declaration order is destruction order reversed: the tile cache goes first, then the Detour mesh,
// then the compressor, mesh process and allocator it points to.
struct TileCache::Impl {
  dtTileCacheAlloc alloc;
  tilecache_parts::PassThroughCompressor comp;
  tilecache_parts::FlagsProcess proc;
  BakeDef bake;
  bool is3d = false;
  std::vector<std::string> area_names{"default"};
  std::vector<double> area_costs{1.0};  // per area name: its polygons' cost (NavPoly::cost)
  std::vector<VolumeMark> volumes;      // a level's convex volumes (scene mesh.areas)
  float orig[3] = {0, 0, 0};
  int tile_size = 32;
  int max_layers = 4;
  // The bake input, kept to rebuild tiles when a door moves: world triangles, the floor plan's carving
  // and painting rules (null for meshes) and the doors as they are now.
  std::vector<float> verts;
  std::vector<int> tris;
  Scene::Floorplan plan;
  std::function<bool(Vec2)> is_floor;
  std::function<int(Vec2)> area_at;
  std::vector<Door> doors;
  float bmin[3] = {0, 0, 0}, bmax[3] = {0, 0, 0};
  int walkable_height = 0, walkable_climb = 0, walkable_radius = 0, border = 0;
  std::unique_ptr<dtNavMesh, void (*)(dtNavMesh*)> nav{nullptr, dtFreeNavMesh};
  std::unique_ptr<dtTileCache, void (*)(dtTileCache*)> cache{nullptr, dtFreeTileCache};
  std::map<std::string, dtObstacleRef> obstacles;
  std::map<std::string, ObstacleShape> shapes;  // the shape of every obstacle in `obstacles`
  TiledWeld weld;                               // border vertices of the converted mesh, for welding rebuilt tiles
  ~Impl() {
    cache.reset();
    nav.reset();
  }
  Result<void> read_input(const Scene& scene);  // verts, tris and the floor plan's rules
  Result<void> build_tile(int tx, int ty);      // bakes tile (tx, ty) into layers and adds them to the cache
  void rebuild_tile(int tx, int ty);            // replaces the tile's layers and Detour tiles
  bool touches_tile(const std::vector<Vec2>& footprint, int tx, int ty) const;
};

TileCache::TileCache() : impl_(std::make_unique<Impl>()) {}
TileCache::~TileCache() = default;

// The bake input: the floor plan's slab with its per-cell carving (a coarse grid buckets the holes, so
// a cell tests only the holes near it) and painting, or the level's triangles.
Result<void> TileCache::Impl::read_input(const Scene& scene) {
  if (const Scene::Floorplan* floorplan = scene.floorplan_source()) {
    plan = *floorplan;
    if (plan.outline.size() < 3) return Error{"floorplan outline needs at least 3 points"};
    double lx = plan.outline[0].x, hx = lx, ly = plan.outline[0].y, hy = ly;
    for (const Vec2& p : plan.outline) {
      lx = std::min(lx, p.x), hx = std::max(hx, p.x), ly = std::min(ly, p.y), hy = std::max(hy, p.y);
    }
    const Vec3 c[4] = {to_world({lx, ly}, 0.0), to_world({hx, ly}, 0.0), to_world({hx, hy}, 0.0),
                       to_world({lx, hy}, 0.0)};
    for (const Vec3& v : c) verts.insert(verts.end(), {float(v.x), float(v.y), float(v.z)});
    verts.insert(verts.end(), {float(c[0].x), -0.2f, float(c[0].z)});
    tris = {0, 1, 2, 0, 2, 3};
    struct HoleGrid {
      double x0 = 0, y0 = 0, size = 4.0;
      int nx = 1, ny = 1;
      std::vector<std::vector<int>> cells;
      int cell(double v, double o, int n) const { return std::clamp(int(std::floor((v - o) / size)), 0, n - 1); }
    };
    auto grid = std::make_shared<HoleGrid>();
    grid->x0 = lx;
    grid->y0 = ly;
    grid->nx = std::max(1, int(std::ceil((hx - lx) / grid->size)) + 1);
    grid->ny = std::max(1, int(std::ceil((hy - ly) / grid->size)) + 1);
    grid->cells.resize(size_t(grid->nx) * size_t(grid->ny));
    for (size_t h = 0; h < plan.holes.size(); ++h) {
      double x_lo = 1e300, x_hi = -1e300, y_lo = 1e300, y_hi = -1e300;
      for (const Vec2& p : plan.holes[h])
        x_lo = std::min(x_lo, p.x), x_hi = std::max(x_hi, p.x), y_lo = std::min(y_lo, p.y), y_hi = std::max(y_hi, p.y);
      for (int gx = grid->cell(x_lo, lx, grid->nx); gx <= grid->cell(x_hi, lx, grid->nx); ++gx)
        for (int gy = grid->cell(y_lo, ly, grid->ny); gy <= grid->cell(y_hi, ly, grid->ny); ++gy)
          grid->cells[size_t(gy) * size_t(grid->nx) + size_t(gx)].push_back(int(h));
    }
    const Scene::Floorplan* fp = &plan;  // Impl lives on the heap: the address is stable
    is_floor = [fp, grid](Vec2 p) {
      if (!point_in_ring(p, fp->outline)) return false;
      const int gx = grid->cell(p.x, grid->x0, grid->nx), gy = grid->cell(p.y, grid->y0, grid->ny);
      for (int h : grid->cells[size_t(gy) * size_t(grid->nx) + size_t(gx)])
        if (point_in_ring(p, fp->holes[size_t(h)])) return false;
      return true;
    };
    AreaTable table;
    std::vector<int> ids;
    for (const AreaPaint& a : plan.areas) ids.push_back(table.add(a.name, a.cost));
    area_names = table.names;
    area_costs = table.costs;
    if (!plan.areas.empty())
      area_at = [fp, ids](Vec2 p) {
        int id = 0;
        for (size_t i = 0; i < fp->areas.size(); ++i)
          if (point_in_ring(p, fp->areas[i].polygon)) id = ids[i];
        return id;
      };
  } else if (const Scene::Mesh* level = scene.mesh_source()) {
    auto obj = read_level(*level, scene.path);
    if (!obj) return Error{obj.error()};
    for (const Vec3& v : obj->verts) verts.insert(verts.end(), {float(v.x), float(v.y), float(v.z)});
    for (const auto& t : obj->tris) tris.insert(tris.end(), t.begin(), t.end());
    is3d = true;
    AreaTable table;
    volumes = volume_marks(level->areas, table);
    area_names = table.names;
    area_costs = table.costs;
    // Door polygons take the volume beneath them; the conversion knows their plane point only, so the
    // last volume over it in the plane counts, whatever its height range.
    if (!volumes.empty())
      area_at = [marks = volumes](Vec2 p) {
        int area = 0;
        for (const VolumeMark& m : marks)
          if (point_in_ring(p, m.ring)) area = m.area;
        return area;
      };
  } else {
    return Error{"the tile cache needs a floorplan or mesh scene"};
  }
  if (area_names.size() + doors.size() >= RC_WALKABLE_AREA)
    return Error{std::to_string(area_names.size()) + " area names and " + std::to_string(doors.size()) +
                 " doors need more than the 62 Recast area ids a bake can mark"};
  proc.first_door = int(area_names.size());
  proc.doors = int(doors.size());
  if (verts.empty() || tris.empty()) return Error{"no triangles to bake"};
  return {};
}

// Tile (tx, ty) as core/navmesh/bake.h bakes a whole level: rasterise, filter, carve the floor plan, erode, paint,
// mark the volumes and the doors; then its height layers go into the cache (at most max_layers).
Result<void> TileCache::Impl::build_tile(int tx, int ty) {
  const float cs = float(bake.cell_size), ch = float(bake.cell_height);
  const int nverts = int(verts.size() / 3), ntris = int(tris.size() / 3);
  const int w = tile_size + 2 * border;
  float tmin[3] = {bmin[0] + float(tx * tile_size - border) * cs, bmin[1],
                   bmin[2] + float(ty * tile_size - border) * cs};
  float tmax[3] = {bmin[0] + float((tx + 1) * tile_size + border) * cs, bmax[1],
                   bmin[2] + float((ty + 1) * tile_size + border) * cs};
  rcContext ctx(false);
  RcPtr<rcHeightfield> hf(rcAllocHeightfield());
  if (!hf || !rcCreateHeightfield(&ctx, *hf, w, w, tmin, tmax, cs, ch))
    return Error{"Recast could not allocate a tile heightfield"};
  std::vector<unsigned char> tri_areas(size_t(ntris), 0);
  rcMarkWalkableTriangles(&ctx, float(bake.agent_max_slope), verts.data(), nverts, tris.data(), ntris,
                          tri_areas.data());
  if (!rcRasterizeTriangles(&ctx, verts.data(), nverts, tris.data(), tri_areas.data(), ntris, *hf, walkable_climb))
    return Error{"Recast could not rasterise a tile"};
  rcFilterLowHangingWalkableObstacles(&ctx, walkable_climb, *hf);
  rcFilterLedgeSpans(&ctx, walkable_height, walkable_climb, *hf);
  rcFilterWalkableLowHeightSpans(&ctx, walkable_height, *hf);
  RcPtr<rcCompactHeightfield> chf(rcAllocCompactHeightfield());
  if (!chf || !rcBuildCompactHeightfield(&ctx, walkable_height, walkable_climb, *hf, *chf))
    return Error{"Recast could not build a compact heightfield"};
  auto centre = [&](int x, int z) {
    return to_plane({chf->bmin[0] + (x + 0.5) * cs, 0.0, chf->bmin[2] + (z + 0.5) * cs});
  };
  auto for_each_span = [&](auto&& f) {
    for (int z = 0; z < chf->height; ++z)
      for (int x = 0; x < chf->width; ++x) {
        const rcCompactCell& c = chf->cells[x + z * chf->width];
        for (unsigned i = c.index, end = c.index + c.count; i < end; ++i) f(x, z, int(i));
      }
  };
  if (is_floor)
    for_each_span([&](int x, int z, int i) {
      if (!is_floor(centre(x, z))) chf->areas[i] = RC_NULL_AREA;
    });
  if (!rcErodeWalkableArea(&ctx, walkable_radius, *chf)) return Error{"Recast could not erode a tile"};
  if (area_at && !is3d)  // a floor plan's painting; a level's volumes are marked by their height range below
    for_each_span([&](int x, int z, int i) {
      if (chf->areas[i] == RC_NULL_AREA) return;
      const int a = area_at(centre(x, z));
      chf->areas[i] = a == 0 ? RC_WALKABLE_AREA : (unsigned char)a;
    });
  if (!volumes.empty()) mark_volumes(ctx, volumes, *chf);
  if (!doors.empty()) mark_door_areas(ctx, doors, bake, proc.first_door, *chf);
  RcPtr<rcHeightfieldLayerSet> lset(rcAllocHeightfieldLayerSet());
  if (!lset || !rcBuildHeightfieldLayers(&ctx, *chf, border, walkable_height, *lset))
    return Error{"Recast could not build heightfield layers"};
  for (int i = 0; i < std::min(lset->nlayers, max_layers); ++i) {
    const rcHeightfieldLayer& layer = lset->layers[i];
    dtTileCacheLayerHeader header{};
    header.magic = DT_TILECACHE_MAGIC;
    header.version = DT_TILECACHE_VERSION;
    header.tx = tx;
    header.ty = ty;
    header.tlayer = i;
    rcVcopy(header.bmin, layer.bmin);
    rcVcopy(header.bmax, layer.bmax);
    header.width = (unsigned char)layer.width;
    header.height = (unsigned char)layer.height;
    header.minx = (unsigned char)layer.minx;
    header.maxx = (unsigned char)layer.maxx;
    header.miny = (unsigned char)layer.miny;
    header.maxy = (unsigned char)layer.maxy;
    header.hmin = (unsigned short)layer.hmin;
    header.hmax = (unsigned short)layer.hmax;
    unsigned char* data = nullptr;
    int size = 0;
    if (dtStatusFailed(dtBuildTileCacheLayer(&comp, &header, layer.heights, layer.areas, layer.cons, &data, &size)))
      return Error{"Detour could not build a tile cache layer"};
    if (dtStatusFailed(cache->addTile(data, size, DT_COMPRESSEDTILE_FREE_DATA, nullptr))) {
      dtFree(data);
      return Error{"Detour could not add a tile cache layer"};
    }
  }
  return {};
}

// Does a footprint (planning plane) reach into tile (tx, ty), border cells included?
bool TileCache::Impl::touches_tile(const std::vector<Vec2>& footprint, int tx, int ty) const {
  if (footprint.empty()) return false;
  double x_lo = 1e300, x_hi = -1e300, z_lo = 1e300, z_hi = -1e300;
  for (Vec2 p : footprint) {
    const Vec3 w = to_world(p, 0.0);
    x_lo = std::min(x_lo, w.x), x_hi = std::max(x_hi, w.x), z_lo = std::min(z_lo, w.z), z_hi = std::max(z_hi, w.z);
  }
  const double cs = bake.cell_size;
  const double tx0 = bmin[0] + (tx * tile_size - border) * cs, tx1 = bmin[0] + ((tx + 1) * tile_size + border) * cs;
  const double tz0 = bmin[2] + (ty * tile_size - border) * cs, tz1 = bmin[2] + ((ty + 1) * tile_size + border) * cs;
  return x_hi >= tx0 && x_lo <= tx1 && z_hi >= tz0 && z_lo <= tz1;
}

void TileCache::Impl::rebuild_tile(int tx, int ty) {
  constexpr int kMaxTileLayers = 32;
  dtCompressedTileRef layers[kMaxTileLayers];
  const int n = cache->getTilesAt(tx, ty, layers, kMaxTileLayers);
  for (int i = 0; i < n; ++i) cache->removeTile(layers[i], nullptr, nullptr);
  const dtMeshTile* tiles[kMaxTileLayers];
  const int m = static_cast<const dtNavMesh&>(*nav).getTilesAt(tx, ty, tiles, kMaxTileLayers);
  for (int i = 0; i < m; ++i) nav->removeTile(nav->getTileRef(tiles[i]), nullptr, nullptr);
  // Recast fails a tile only when it runs out of memory; such a tile stays empty.
  static_cast<void>(build_tile(tx, ty));
  cache->buildNavMeshTilesAt(tx, ty, nav.get());
}

TileCacheDef tile_cache_def(const Scene& scene) {
  TileCacheDef def;
  if (scene.bake.tile_size > 0) def.tile_size = std::clamp(scene.bake.tile_size, 8, 255);
  return def;
}

Result<std::unique_ptr<TileCache>> TileCache::build(const Scene& scene, const TileCacheDef& def,
                                                    BakeProgress* progress) {
  using R = Result<std::unique_ptr<TileCache>>;
  const auto t_start = Clock::now();
  const BakeDef& b = scene.bake;
  if (def.tile_size < 8 || def.tile_size > 255) return R::fail("tile_size must be in 8..255");
  if (!(b.cell_size > 0 && b.cell_height > 0 && b.agent_height > 0 && b.agent_radius >= 0))
    return R::fail("bad bake parameters");
  if (b.verts_per_poly < 3 || b.verts_per_poly > DT_VERTS_PER_POLYGON)
    return R::fail("bake.verts_per_poly must be in 3..6");

  std::unique_ptr<TileCache> tc(new TileCache());
  Impl& im = *tc->impl_;
  im.bake = b;
  im.tile_size = def.tile_size;
  im.max_layers = def.max_layers;
  im.doors = scene.doors;
  im.proc.links = scene.links;
  im.proc.bake = b;
  if (Result<void> bad = im.read_input(scene); !bad) return Error{bad.error()};
  const int nverts = int(im.verts.size() / 3);

  rcCalcBounds(im.verts.data(), nverts, im.bmin, im.bmax);
  const float* bmin = im.bmin;
  const float* bmax = im.bmax;
  const BakeGridSize grid{bmax[0] - bmin[0], bmax[2] - bmin[2], bmax[1] - bmin[1], bmax[0] - bmin[0],
                          bmax[2] - bmin[2]};
  if (Result<void> bad = check_bake_grid(b, grid); !bad) return Error{bad.error()};
  int gw = 0, gh = 0;
  rcCalcGridSize(bmin, bmax, float(b.cell_size), &gw, &gh);
  const int ts = def.tile_size;
  tc->tw_ = (gw + ts - 1) / ts;
  tc->th_ = (gh + ts - 1) / ts;
  const int max_tiles = tc->tw_ * tc->th_ * def.max_layers;
  const int tile_bits = detour_index_bits(max_tiles);
  if (tile_bits > 14) return R::fail("the level needs " + std::to_string(max_tiles) + " tiles; raise tile_size");
  tc->poly_bits_ = 22 - tile_bits;
  rcVcopy(im.orig, bmin);

  im.walkable_height = int(std::ceil(b.agent_height / b.cell_height));
  im.walkable_climb = int(std::floor(b.agent_max_climb / b.cell_height));
  im.walkable_radius = int(std::ceil(b.agent_radius / b.cell_size));
  im.border = im.walkable_radius + 3;

  dtTileCacheParams tcp{};
  rcVcopy(tcp.orig, bmin);
  tcp.cs = float(b.cell_size);
  tcp.ch = float(b.cell_height);
  tcp.width = ts;
  tcp.height = ts;
  tcp.walkableHeight = float(b.agent_height);
  tcp.walkableRadius = float(b.agent_radius);
  tcp.walkableClimb = float(b.agent_max_climb);
  tcp.maxSimplificationError = float(b.edge_max_error);
  tcp.maxTiles = max_tiles;
  tcp.maxObstacles = std::max(1, def.max_obstacles);
  im.cache.reset(dtAllocTileCache());
  if (!im.cache || dtStatusFailed(im.cache->init(&tcp, &im.alloc, &im.comp, &im.proc)))
    return R::fail("Detour could not initialise the tile cache");

  dtNavMeshParams nmp{};
  rcVcopy(nmp.orig, bmin);
  nmp.tileWidth = float(ts) * float(b.cell_size);
  nmp.tileHeight = float(ts) * float(b.cell_size);
  nmp.maxTiles = 1 << tile_bits;
  nmp.maxPolys = 1 << tc->poly_bits_;
  im.nav.reset(dtAllocNavMesh());
  if (!im.nav || dtStatusFailed(im.nav->init(&nmp))) return R::fail("Detour could not initialise the tiled navmesh");

  const int tiles = tc->tw_ * tc->th_;
  if (progress) progress->tiles_total.store(tiles);
  for (int ty = 0; ty < tc->th_; ++ty)
    for (int tx = 0; tx < tc->tw_; ++tx) {
      if (progress && progress->cancel.load())
        return R::fail("the tile cache's bake was cancelled after " + std::to_string(ty * tc->tw_ + tx) + " of " +
                       std::to_string(tiles) + " tiles");
      if (Result<void> bad = im.build_tile(tx, ty); !bad) return Error{bad.error()};
      if (progress) progress->tiles_done.fetch_add(1);
    }
  for (int ty = 0; ty < tc->th_; ++ty)
    for (int tx = 0; tx < tc->tw_; ++tx)
      if (dtStatusFailed(im.cache->buildNavMeshTilesAt(tx, ty, im.nav.get())))
        return R::fail("Detour could not build the navmesh tiles at " + std::to_string(tx) + "," + std::to_string(ty));
  tc->convert(nullptr);
  if (tc->mesh_.mesh.polys.empty()) return R::fail("the bake produced no polygons");
  for (size_t i = 0; i < tc->mesh_.mesh.links.size(); ++i) {
    const NavLink& l = tc->mesh_.mesh.links[i];
    if (l.from_poly >= 0 && l.to_poly >= 0) continue;
    const bool from = l.from_poly < 0;
    return R::fail("/links/" + std::to_string(i) + (from ? "/from" : "/to") + ": link " + std::to_string(i) + "'s " +
                   (from ? "from" : "to") + " point is on no polygon of the tile cache: no polygon within the " +
                   "link's radius " + num(scene.links[i].radius_or(b), kExactDigits) + " m of it" +
                   (from ? "" : ", or it lies beyond the tiles next to its start's tile (Detour joins no farther)"));
  }
  tc->bake_ms_ = std::chrono::duration<double, std::milli>(Clock::now() - t_start).count();
  return R(std::move(tc));
}

Result<void> TileCache::set_obstacle(const std::string& id, const ObstacleShape& shape) {
  Impl& im = *impl_;
  if (Result<void> err = remove_obstacle(id); !err) return err;
  const double r = im.bake.agent_radius;
  dtObstacleRef ref = 0;
  auto add = [&]() -> dtStatus {
    if (shape.kind == ObstacleShape::Kind::Cylinder) {
      const Vec3 p = to_world(shape.center, shape.base);
      const float pos[3] = {float(p.x), float(p.y), float(p.z)};
      return im.cache->addObstacle(pos, float(shape.radius + r), float(shape.height), &ref);
    }
    const Vec3 c = to_world(shape.center, shape.base + shape.height * 0.5);
    const float centre[3] = {float(c.x), float(c.y), float(c.z)};
    const float half[3] = {float(shape.half_extents.x + r), float(shape.height * 0.5), float(shape.half_extents.y + r)};
    return im.cache->addBoxObstacle(centre, half, float(shape.angle), &ref);
  };
  dtStatus st = add();
  if (dtStatusDetail(st, DT_BUFFER_TOO_SMALL)) {  // the request queue is full: process it, then retry
    update();
    st = add();
  }
  if (dtStatusFailed(st)) return Error{"Detour could not add obstacle " + id + " (too many obstacles?)"};
  im.obstacles[id] = ref;
  im.shapes[id] = shape;
  return {};
}

Result<void> TileCache::remove_obstacle(const std::string& id) {
  Impl& im = *impl_;
  auto it = im.obstacles.find(id);
  if (it == im.obstacles.end()) return {};
  dtStatus st = im.cache->removeObstacle(it->second);
  if (dtStatusDetail(st, DT_BUFFER_TOO_SMALL)) {
    update();
    st = im.cache->removeObstacle(it->second);
  }
  if (dtStatusFailed(st)) return Error{"Detour could not remove obstacle " + id};
  im.obstacles.erase(it);
  im.shapes.erase(id);
  return {};
}

bool TileCache::has_obstacle(const std::string& id) const { return impl_->obstacles.count(id) != 0; }

int TileCache::tile_count() const {
  int n = 0;
  const dtNavMesh& nav = *impl_->nav;
  for (int i = 0; i < nav.getMaxTiles(); ++i) {
    const dtMeshTile* t = nav.getTile(i);
    n += t && t->header && t->header->polyCount > 0;
  }
  return n;
}

std::pair<Vec2, Vec2> TileCache::tile_bounds(int tile) const {
  const Impl& im = *impl_;
  const int tx = tile % tw_, ty = (tile / tw_) % th_;
  const double side = im.tile_size * im.bake.cell_size;
  const double x0 = im.orig[0] + tx * side, z0 = im.orig[2] + ty * side;
  return {{x0, -(z0 + side)}, {x0 + side, -z0}};
}

TileUpdate TileCache::update() {
  return apply([] {});
}

TileUpdate TileCache::move_door(const Door& door) {
  Impl& im = *impl_;
  auto it = std::find_if(im.doors.begin(), im.doors.end(), [&](const Door& d) { return d.id == door.id; });
  if (it == im.doors.end()) return {};
  const std::vector<Vec2> before = door_footprint(*it, im.bake), after = door_footprint(door, im.bake);
  *it = door;
  return apply([&] {
    std::vector<std::pair<int, int>> touched;
    for (int ty = 0; ty < th_; ++ty)
      for (int tx = 0; tx < tw_; ++tx)
        if (im.touches_tile(before, tx, ty) || im.touches_tile(after, tx, ty)) touched.push_back({tx, ty});
    // An obstacle remembers the cache tiles it carved by reference: lift the ones over these tiles out
    // before the tiles are replaced, and put them back after.
    std::map<std::string, ObstacleShape> lifted;
    for (const auto& [id, ref] : im.obstacles) {
      const dtTileCacheObstacle* ob = im.cache->getObstacleByRef(ref);
      for (int i = 0; ob && i < ob->ntouched; ++i) {
        const dtCompressedTile* t = im.cache->getTileByRef(ob->touched[i]);
        if (t && std::count(touched.begin(), touched.end(), std::pair<int, int>{t->header->tx, t->header->ty}))
          lifted[id] = im.shapes.at(id);
      }
    }
    // Neither can fail: each obstacle lifted is one the cache holds, and after the drain each one put
    // back has the slot its removal freed.
    for (const auto& [id, shape] : lifted) static_cast<void>(remove_obstacle(id));
    drain();
    for (const auto& [tx, ty] : touched) im.rebuild_tile(tx, ty);
    for (const auto& [id, shape] : lifted) static_cast<void>(set_obstacle(id, shape));
  });
}

int TileCache::drain() {
  int calls = 0;
  bool up_to_date = false;
  while (!up_to_date && calls < 100000) {
    if (dtStatusFailed(impl_->cache->update(0.0f, impl_->nav.get(), &up_to_date))) break;
    ++calls;
  }
  return calls;
}

TileUpdate TileCache::apply(const std::function<void()>& change) {
  const auto t0 = Clock::now();
  Impl& im = *impl_;
  dtNavMesh& nav = *im.nav;
  const dtNavMesh& cnav = nav;
  auto tile_id = [&](const dtMeshTile* t) { return t->header->layer * tw_ * th_ + t->header->y * tw_ + t->header->x; };
  auto snapshot = [&]() {
    std::map<int, dtTileRef> refs;
    for (int i = 0; i < nav.getMaxTiles(); ++i) {
      const dtMeshTile* t = cnav.getTile(i);
      if (t && t->header) refs[tile_id(t)] = nav.getTileRef(t);
    }
    return refs;
  };
  const auto before = snapshot();
  TileUpdate u;
  change();
  u.update_calls = drain();
  const auto after = snapshot();
  for (const auto& [id, ref] : after) {
    auto it = before.find(id);
    if (it == before.end() || it->second != ref) u.rebuilt_tiles.push_back(id);
  }
  for (const auto& [id, ref] : before)
    if (!after.count(id)) u.rebuilt_tiles.push_back(id);
  std::sort(u.rebuilt_tiles.begin(), u.rebuilt_tiles.end());
  u.rebuilt_tiles.erase(std::unique(u.rebuilt_tiles.begin(), u.rebuilt_tiles.end()), u.rebuilt_tiles.end());
  const auto t1 = Clock::now();
  if (!u.rebuilt_tiles.empty()) u.converted_polygons = convert(&u.rebuilt_tiles);
  const auto t2 = Clock::now();
  u.convert_ms = std::chrono::duration<double, std::milli>(t2 - t1).count();
  u.ms = std::chrono::duration<double, std::milli>(t2 - t0).count();
  return u;
}

int TileCache::convert(const std::vector<int>* rebuilt) {
  const Impl& im = *impl_;
  const TiledLayout lay{
      tw_,         th_,       poly_bits_,    im.is3d, &im.area_names, std::max(kMinTileClimb, im.bake.agent_max_climb),
      &im.area_at, &im.doors, &im.proc.links};
  const int converted = convert_tiled(*im.nav, lay, rebuilt, mesh_, impl_->weld);
  apply_area_costs(mesh_.mesh, im.area_costs);
  return converted;
}

TiledNavMesh TileCache::full_conversion() const {
  const Impl& im = *impl_;
  const TiledLayout lay{
      tw_,         th_,       poly_bits_,    im.is3d, &im.area_names, std::max(kMinTileClimb, im.bake.agent_max_climb),
      &im.area_at, &im.doors, &im.proc.links};
  TiledNavMesh out;
  TiledWeld weld;
  convert_tiled(*im.nav, lay, nullptr, out, weld);
  apply_area_costs(out.mesh, im.area_costs);
  return out;
}

}  // namespace navlab
