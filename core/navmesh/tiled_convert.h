// A tiled Detour mesh (several tiles, as the tile cache, the tiled bake and RecastDemo's tile-mesh files
// hold) converted to the NavMesh value every stage reads.
//
// Tiles are concatenated in tile order, vertices shared between tiles are welded, and a polygon edge on
// a tile border that faces several polygons of the next tile is split at their vertices so that each
// edge has one neighbour (portals then join two polygons at shared vertices, as on a single tile).
// Polygon i of the NavMesh is one Detour polygon: it has a stable key (tile << polygon bits | polygon in
// tile) that survives rebuilds of other tiles, and Detour's reference (tiled_baked).
//
// After a change of some tiles only they and their eight neighbours (whose border edges face them) need
// converting again; the other polygons are kept. The result is the same value a full conversion gives:
// polygons in tile order (so a polygon's index shifts by the change in polygon count of the tiles
// before it; its key does not change), vertices numbered in order of first use in polygon order.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "geom.h"
#include "navmesh.h"
#include "scene.h"

class dtNavMesh;

namespace navlab {

// Detour's 32-bit polygon references leave 22 bits to the tile and polygon indices (10 for the salt).
constexpr int kRefIndexBits = 22;

// The bits Detour's polygon references give an index below n (a mesh's tiles, a tile's polygons): log2 of
// n rounded up to a power of two.
inline int detour_index_bits(int n) {
  int bits = 0;
  while ((1 << bits) < n) ++bits;
  return bits;
}

// m: the climb across which border vertices are welded when the bake allows none (Detour's link heights
// are floats).
constexpr double kMinTileClimb = 0.01;

// The NavMesh of the tiled Detour mesh, with what ties each polygon to its tile.
struct TiledNavMesh {
  NavMesh mesh;
  std::vector<int> keys;     // per polygon: stable key (tile << poly_bits | polygon index in the tile)
  std::vector<int> tile_of;  // per polygon: tile id (layer * tiles_x * tiles_y + ty * tiles_x + tx)
};

// How the Detour tiles are laid out and what their area ids mean.
struct TiledLayout {
  int tw = 0, th = 0;  // tiles along x and z; a tile's id is layer * tw * th + y * tw + x   [Limit: >= 1]
  int poly_bits = 0;   // Detour's polygon bits (keys are tile id << poly_bits | polygon)
  bool is3d = false;   // keep vertex heights in the NavMesh
  const std::vector<std::string>* area_names = nullptr;  // Detour area a < size is area a; door areas follow
  double climb = kMinTileClimb;                          // m; border vertices within this height are welded
  const std::function<int(Vec2)>* area_at = nullptr;     // painted area at a point (null: area 0)
  const std::vector<Door>* doors = nullptr;              // door k is Detour area area_names->size() + k
  // The scene's links, connection user id i being link i (null: read the connections as a Detour file's,
  // offmesh_links.h).
  const std::vector<LinkDef>* links = nullptr;
};

// The border vertices of a conversion, kept to weld the tiles converted again after a change.
struct TiledWeld {
  std::unordered_map<long long, std::vector<int>> buckets;  // planning-plane mm key -> vertex indices
  std::vector<double> heights;                              // world height of every converted vertex (2D meshes too)
};

// Converts `nav` into `mesh`. `rebuilt` null: everything, from scratch. Otherwise `mesh` and `weld` hold
// the previous conversion and only the tiles in `rebuilt` (tile ids, sorted) and their neighbours are
// converted again. Door polygons (Detour area of a door) name their door and take the area painted
// beneath them. Only ground polygons become NavMesh polygons; the off-mesh connections of every tile
// become NavMesh::links (read_offmesh_links, with lay.links), in full each time. Returns the number of
// polygons converted.
int convert_tiled(const dtNavMesh& nav, const TiledLayout& lay, const std::vector<int>* rebuilt, TiledNavMesh& mesh,
                  TiledWeld& weld);

// How Detour's findPath crosses each polygon edge of `mesh` (converted from `nav`, polygon i being
// Detour's `refs[i]`) that lies on a tile border: the node state it enters the neighbour with and
// Detour's portal midpoint (BakedNavMesh::borders).
std::vector<std::vector<BorderEdge>> border_edges(const dtNavMesh& nav, const TiledLayout& lay, const NavMesh& mesh,
                                                  const std::vector<unsigned int>& refs);

// Numbers the search nodes of `baked`'s border edges (BorderEdge::node) and of `mesh`'s links
// (BakedNavMesh::link_nodes), and lists the nodes beyond the polygons' own (BakedNavMesh::state_nodes)
// in the order they are first met: border edges polygon by polygon, then links.
void number_state_nodes(BakedNavMesh& baked, const NavMesh& mesh);

// The BakedNavMesh of a converted tiled mesh: owns `nav` and maps polygon i to its dtPolyRef and back
// (BakedNavMesh::refs, tile_first), so that Detour queries run on the same polygons, and keeps how
// Detour crosses its tile borders (BakedNavMesh::borders).
std::shared_ptr<BakedNavMesh> tiled_baked(std::shared_ptr<dtNavMesh> nav, const TiledLayout& lay,
                                          const TiledNavMesh& mesh);

}  // namespace navlab
