#include "detour_file.h"

#include <DetourAlloc.h>
#include <DetourNavMesh.h>

#include <algorithm>
#include <cmath>
#include <cstring>

#include "atomic_file.h"
#include "bake.h"
#include "format.h"
#include "input_limits.h"
#include "text_file.h"
#include "tiled_convert.h"

namespace navlab {
namespace {

// RecastDemo's file layout (Sample_TileMesh's NavMeshSetHeader and NavMeshTileHeader).
constexpr int kSetMagic = 'M' << 24 | 'S' << 16 | 'E' << 8 | 'T';
constexpr int kSetVersion = 1;
struct SetHeader {
  int magic;
  int version;
  int num_tiles;
  dtNavMeshParams params;
};
struct TileHeader {
  dtTileRef tile_ref;
  int data_size;
};

// Largest count a tile header may give for any of its arrays: far above what Recast builds (polygons
// are at most 2^22 per mesh with 32-bit references), small enough that sizes cannot overflow.
constexpr int kMaxTileCount = 1 << 22;

int align4(long long n) { return int((n + 3) & ~3LL); }

// The size dtCreateNavMeshData gives tile data with these counts.
long long expected_tile_size(const dtMeshHeader& h) {
  return align4(sizeof(dtMeshHeader)) + align4(12LL * h.vertCount) + align4(sizeof(dtPoly) * (long long)h.polyCount) +
         align4(sizeof(dtLink) * (long long)h.maxLinkCount) +
         align4(sizeof(dtPolyDetail) * (long long)h.detailMeshCount) + align4(12LL * h.detailVertCount) +
         align4(4LL * h.detailTriCount) + align4(sizeof(dtBVNode) * (long long)h.bvNodeCount) +
         align4(sizeof(dtOffMeshConnection) * (long long)h.offMeshConCount);
}

// Where the arrays of a tile start, as dtNavMesh::addTile lays them out.
struct TileView {
  const dtMeshHeader* h;
  const float* verts;
  const dtPoly* polys;
  const dtPolyDetail* detail;
  const float* detail_verts;
  const unsigned char* detail_tris;
  const dtBVNode* bv;
  const dtOffMeshConnection* offmesh;
};

TileView view_of(const unsigned char* d) {
  TileView v{};
  v.h = reinterpret_cast<const dtMeshHeader*>(d);
  const dtMeshHeader& h = *v.h;
  long long at = align4(sizeof(dtMeshHeader));
  v.verts = reinterpret_cast<const float*>(d + at);
  at += align4(12LL * h.vertCount);
  v.polys = reinterpret_cast<const dtPoly*>(d + at);
  at += align4(sizeof(dtPoly) * (long long)h.polyCount) + align4(sizeof(dtLink) * (long long)h.maxLinkCount);
  v.detail = reinterpret_cast<const dtPolyDetail*>(d + at);
  at += align4(sizeof(dtPolyDetail) * (long long)h.detailMeshCount);
  v.detail_verts = reinterpret_cast<const float*>(d + at);
  at += align4(12LL * h.detailVertCount);
  v.detail_tris = d + at;
  at += align4(4LL * h.detailTriCount);
  v.bv = reinterpret_cast<const dtBVNode*>(d + at);
  at += align4(sizeof(dtBVNode) * (long long)h.bvNodeCount);
  v.offmesh = reinterpret_cast<const dtOffMeshConnection*>(d + at);
  return v;
}

Result<void> check_counts(const dtMeshHeader& h, int size) {
  if (h.magic != DT_NAVMESH_MAGIC) return Error{"its tile data does not start with Detour's magic 'DNAV'"};
  if (h.version != DT_NAVMESH_VERSION)
    return Error{"its tile data has version " + std::to_string(h.version) + ", Detour here reads version " +
                 std::to_string(DT_NAVMESH_VERSION)};
  for (int c : {h.polyCount, h.vertCount, h.maxLinkCount, h.detailMeshCount, h.detailVertCount, h.detailTriCount,
                h.bvNodeCount, h.offMeshConCount, h.offMeshBase})
    if (c < 0 || c > kMaxTileCount)
      return Error{"a tile count is " + std::to_string(c) + ", outside 0.." + std::to_string(kMaxTileCount)};
  if (expected_tile_size(h) != size)
    return Error{"a tile's data has " + std::to_string(size) + " bytes where its counts need " +
                 std::to_string(expected_tile_size(h))};
  if (h.offMeshBase + h.offMeshConCount != h.polyCount || h.detailMeshCount != h.offMeshBase)
    return Error{"a tile's polygon, detail and off-mesh counts do not agree"};
  return {};
}

// A finite coordinate within the scene's coordinate limit.
bool coordinate_ok(float v) { return std::isfinite(v) && std::fabs(v) <= limits::kMaxMagnitude; }

// Every number Detour computes with: bounds, agent sizes, vertices, detail heights, off-mesh ends.
Result<void> check_numbers(const TileView& t) {
  const dtMeshHeader& h = *t.h;
  for (float v : {h.walkableHeight, h.walkableRadius, h.walkableClimb, h.bvQuantFactor})
    if (!std::isfinite(v) || v < 0.0f)
      return Error{"a tile's agent sizes or BV quantisation are not finite numbers >= 0"};
  for (int k = 0; k < 3; ++k)
    if (!coordinate_ok(h.bmin[k]) || !coordinate_ok(h.bmax[k]) || h.bmin[k] > h.bmax[k])
      return Error{"a tile's bounds are not finite numbers within ±1e6 (min <= max)"};
  for (int i = 0; i < 3 * h.vertCount; ++i)
    if (!coordinate_ok(t.verts[i]))
      return Error{"vertex " + std::to_string(i / 3) + " is not at finite coordinates within ±1e6, got " +
                   num(t.verts[i])};
  for (int i = 0; i < 3 * h.detailVertCount; ++i)
    if (!coordinate_ok(t.detail_verts[i]))
      return Error{"detail vertex " + std::to_string(i / 3) + " is not at finite coordinates within ±1e6, got " +
                   num(t.detail_verts[i])};
  for (int i = 0; i < h.offMeshConCount; ++i)
    for (float v : t.offmesh[i].pos)
      if (!coordinate_ok(v) || !std::isfinite(t.offmesh[i].rad) || t.offmesh[i].rad < 0.0f)
        return Error{"off-mesh connection " + std::to_string(i) + " is not at finite coordinates within ±1e6"};
  return {};
}

// A tile's grid position must be where its bounds are: Detour finds tiles by position.
Result<void> check_place(const dtMeshHeader& h, const dtNavMeshParams& p) {
  const double gx = std::floor(((double(h.bmin[0]) + h.bmax[0]) / 2 - p.orig[0]) / p.tileWidth);
  const double gy = std::floor(((double(h.bmin[2]) + h.bmax[2]) / 2 - p.orig[2]) / p.tileHeight);
  if (double(h.x) != gx || double(h.y) != gy || h.layer < 0 || h.layer > kMaxDetourFileTiles)
    return Error{"a tile at grid position " + std::to_string(h.x) + "," + std::to_string(h.y) + " layer " +
                 std::to_string(h.layer) + " has its bounds in grid cell " + whole_or_fixed(gx) + "," +
                 whole_or_fixed(gy)};
  return {};
}

Result<void> check_polys(const TileView& t) {
  const dtMeshHeader& h = *t.h;
  for (int i = 0; i < h.polyCount; ++i) {
    const dtPoly& p = t.polys[i];
    const bool ground = i < h.offMeshBase;
    if (p.vertCount > DT_VERTS_PER_POLYGON || p.vertCount < (ground ? 3 : 2))
      return Error{"polygon " + std::to_string(i) + " has " + std::to_string(p.vertCount) + " vertices"};
    if ((p.getType() == DT_POLYTYPE_GROUND) != ground)
      return Error{"polygon " + std::to_string(i) + " has the wrong type for its place in the tile"};
    for (int j = 0; j < p.vertCount; ++j) {
      if (p.verts[j] >= h.vertCount)
        return Error{"polygon " + std::to_string(i) + " names vertex " + std::to_string(p.verts[j]) + " of " +
                     std::to_string(h.vertCount)};
      const unsigned short nei = p.neis[j];
      if (!(nei & DT_EXT_LINK) && nei != 0 && nei - 1 >= h.polyCount)
        return Error{"polygon " + std::to_string(i) + " names neighbour " + std::to_string(nei - 1) + " of " +
                     std::to_string(h.polyCount)};
    }
  }
  return {};
}

Result<void> check_detail_bv_offmesh(const TileView& t) {
  const dtMeshHeader& h = *t.h;
  for (int i = 0; i < h.detailMeshCount; ++i) {
    const dtPolyDetail& d = t.detail[i];
    if ((long long)d.vertBase + d.vertCount > h.detailVertCount || (long long)d.triBase + d.triCount > h.detailTriCount)
      return Error{"detail mesh " + std::to_string(i) + " reaches past the detail arrays"};
    const int corners = t.polys[i].vertCount + d.vertCount;
    for (unsigned k = 0; k < d.triCount; ++k)
      for (int c = 0; c < 3; ++c)
        if (t.detail_tris[(d.triBase + k) * 4 + unsigned(c)] >= corners)
          return Error{"detail mesh " + std::to_string(i) + " has a triangle corner out of range"};
  }
  for (int i = 0; i < h.bvNodeCount; ++i) {
    const int n = t.bv[i].i;
    if (n >= 0 ? n >= h.polyCount : (long long)i - n > h.bvNodeCount)
      return Error{"BV tree node " + std::to_string(i) + " points outside the tree"};
  }
  for (int i = 0; i < h.offMeshConCount; ++i)
    if (t.offmesh[i].poly < h.offMeshBase || t.offmesh[i].poly >= h.polyCount)
      return Error{"off-mesh connection " + std::to_string(i) + " names polygon " + std::to_string(t.offmesh[i].poly)};
  return {};
}

// Why the tile data cannot be handed to Detour, or "".
Result<void> check_tile(const unsigned char* data, int size, const dtNavMeshParams& params) {
  if (size < int(sizeof(dtMeshHeader))) return Error{"a tile's data is shorter than Detour's tile header"};
  dtMeshHeader h;
  std::memcpy(&h, data, sizeof h);
  if (Result<void> why = check_counts(h, size); !why) return why;
  const TileView t = view_of(data);
  if (Result<void> why = check_numbers(t); !why) return why;
  if (Result<void> why = check_place(h, params); !why) return why;
  if (Result<void> why = check_polys(t); !why) return why;
  return check_detail_bv_offmesh(t);
}

Result<void> check_params(const dtNavMeshParams& p, int tiles) {
  if (!coordinate_ok(p.orig[0]) || !coordinate_ok(p.orig[1]) || !coordinate_ok(p.orig[2]) ||
      !coordinate_ok(p.tileWidth) || !coordinate_ok(p.tileHeight) || p.tileWidth <= 0 || p.tileHeight <= 0)
    return Error{"its navmesh parameters (origin, tile size) are not finite numbers within ±1e6 (sizes > 0)"};
  if (p.maxTiles < tiles || p.maxTiles <= 0 || p.maxTiles > kMaxDetourFileTiles || p.maxPolys <= 0 ||
      p.maxPolys > kMaxTileCount)
    return Error{"its navmesh parameters allow " + std::to_string(p.maxTiles) + " tiles of " +
                 std::to_string(p.maxPolys) + " polygons for " + std::to_string(tiles) + " tiles"};
  // Detour's 32-bit polygon references: tile bits + polygon bits must leave at least 10 salt bits (an
  // init that fails after allocating leaves a mesh that cannot even be freed safely, so check first).
  if (detour_index_bits(p.maxTiles) + detour_index_bits(p.maxPolys) > 22)
    return Error{"its navmesh parameters need more than 22 bits of tile and polygon index (" +
                 std::to_string(p.maxTiles) + " tiles of " + std::to_string(p.maxPolys) + " polygons)"};
  return {};
}

std::vector<std::string> area_names_for(const dtNavMesh& nav) {
  int top = 0;
  for (int i = 0; i < nav.getMaxTiles(); ++i) {
    const dtMeshTile* t = nav.getTile(i);
    if (!t || !t->header) continue;
    for (int k = 0; k < t->header->polyCount; ++k) top = std::max(top, int(t->polys[k].getArea()));
  }
  std::vector<std::string> names{"default"};
  for (int a = 1; a <= top; ++a) names.push_back("area " + std::to_string(a));
  return names;
}

using R = Result<NavMesh>;

// The tile grid of a mesh of several tiles (its tiles' x, y and layer), or why it cannot be converted.
Result<void> tiled_layout(const dtNavMesh& nav, TiledLayout& lay) {
  long long max_x = 0, max_y = 0, layers = 1;
  double climb = kMinTileClimb;
  for (int i = 0; i < nav.getMaxTiles(); ++i) {
    const dtMeshTile* t = nav.getTile(i);
    if (!t || !t->header) continue;
    const dtMeshHeader& h = *t->header;
    if (h.x < 0 || h.y < 0 || h.layer < 0)
      return Error{"a tile lies at grid position " + std::to_string(h.x) + "," + std::to_string(h.y) + " layer " +
                   std::to_string(h.layer) + " (negative)"};
    max_x = std::max(max_x, (long long)h.x), max_y = std::max(max_y, (long long)h.y);
    layers = std::max(layers, h.layer + 1LL);
    if (std::isfinite(h.walkableClimb)) climb = std::max(climb, double(h.walkableClimb));
  }
  if (max_x >= kMaxDetourFileTiles || max_y >= kMaxDetourFileTiles || layers > kMaxDetourFileTiles ||
      (max_x + 1) * (max_y + 1) * layers > kMaxDetourFileTiles)
    return Error{"its tiles span a grid of " + std::to_string(max_x + 1) + " x " + std::to_string(max_y + 1) + " x " +
                 std::to_string(layers) + " tiles, more than " + std::to_string(kMaxDetourFileTiles)};
  lay.tw = int(max_x + 1);
  lay.th = int(max_y + 1);
  lay.poly_bits = detour_index_bits(nav.getParams()->maxPolys);
  lay.is3d = true;
  lay.climb = climb;
  return {};
}

Result<NavMesh> parse_bytes(const unsigned char* data, size_t size, const std::string& name) {
  auto fail = [&](const std::string& why) { return R::fail(name + ": not a navmesh file navlab can read: " + why); };
  SetHeader set;
  if (size < sizeof set) return fail("it is shorter than the file header (" + std::to_string(size) + " bytes)");
  std::memcpy(&set, data, sizeof set);
  if (set.magic != kSetMagic) return fail("it does not start with the magic 'MSET'");
  if (set.version != kSetVersion) return fail("it has version " + std::to_string(set.version) + ", not 1");
  if (set.num_tiles < 1 || set.num_tiles > kMaxDetourFileTiles)
    return fail("it has " + std::to_string(set.num_tiles) + " tiles (1 to " + std::to_string(kMaxDetourFileTiles) +
                ")");
  if (Result<void> why = check_params(set.params, set.num_tiles); !why) return fail(why.error());
  std::shared_ptr<dtNavMesh> nav(dtAllocNavMesh(), [](dtNavMesh* p) { dtFreeNavMesh(p); });
  if (!nav || dtStatusFailed(nav->init(&set.params))) return fail("Detour rejects its navmesh parameters");
  size_t at = sizeof set;
  for (int i = 0; i < set.num_tiles; ++i) {
    TileHeader th;
    if (size - at < sizeof th) return fail("it ends inside the header of tile " + std::to_string(i));
    std::memcpy(&th, data + at, sizeof th);
    at += sizeof th;
    if (th.data_size <= 0 || size_t(th.data_size) > size - at)
      return fail("tile " + std::to_string(i) + " claims " + std::to_string(th.data_size) + " bytes, " +
                  std::to_string(size - at) + " are left");
    if (Result<void> why = check_tile(data + at, th.data_size, set.params); !why)
      return fail("tile " + std::to_string(i) + ": " + why.error());
    auto* tile = static_cast<unsigned char*>(dtAlloc(size_t(th.data_size), DT_ALLOC_PERM));
    std::memcpy(tile, data + at, size_t(th.data_size));
    at += size_t(th.data_size);
    if (dtStatusFailed(nav->addTile(tile, th.data_size, DT_TILE_FREE_DATA, th.tile_ref, nullptr))) {
      dtFree(tile);
      return fail("Detour rejects tile " + std::to_string(i) + " (its place in the tile grid is taken or invalid)");
    }
  }
  const std::vector<std::string> areas = area_names_for(*nav);
  if (set.num_tiles > 1) {  // tiles joined as the tiled bake joins them (core/navmesh/tiled_convert.h)
    TiledLayout lay;
    if (Result<void> why = tiled_layout(*nav, lay); !why) return fail(why.error());
    lay.area_names = &areas;
    TiledNavMesh tm;
    TiledWeld weld;
    convert_tiled(*nav, lay, nullptr, tm, weld);
    tm.mesh.baked = tiled_baked(std::move(nav), lay, tm);
    return std::move(tm.mesh);
  }
  auto baked = std::make_shared<BakedNavMesh>();
  baked->detour = std::move(nav);
  return navmesh_from_tile(std::move(baked), true, areas);
}

}  // namespace

Result<NavMesh> parse_detour_file(const std::vector<unsigned char>& bytes, const std::string& name) {
  return parse_bytes(bytes.data(), bytes.size(), name);
}

Result<NavMesh> read_detour_file(const std::string& path) {
  Result<std::string> text = read_text_file(path, "navmesh file", limits::kMaxLevelFileBytes);
  if (!text) return R::fail(text.error());
  return parse_bytes(reinterpret_cast<const unsigned char*>(text->data()), text->size(), path);
}

Result<void> write_detour_file(const NavMesh& mesh, const std::string& path) {
  if (!mesh.baked || !mesh.baked->detour)
    return Error{path + ": only a baked navmesh (floorplan, mesh or detour scene) has Detour data to write"};
  const dtNavMesh& nav = *mesh.baked->detour;
  SetHeader set{kSetMagic, kSetVersion, 0, *nav.getParams()};
  for (int i = 0; i < nav.getMaxTiles(); ++i)
    if (const dtMeshTile* t = nav.getTile(i); t && t->header && t->dataSize) ++set.num_tiles;
  AtomicFile out(path, "navmesh file");
  if (Result<void> opened = out.open(); !opened) return opened;
  out.write(&set, sizeof set);
  for (int i = 0; i < nav.getMaxTiles(); ++i) {
    const dtMeshTile* t = nav.getTile(i);
    if (!t || !t->header || !t->dataSize) continue;
    const TileHeader th{nav.getTileRef(t), t->dataSize};
    out.write(&th, sizeof th);
    out.write(t->data, size_t(t->dataSize));
  }
  return out.commit();
}

}  // namespace navlab
