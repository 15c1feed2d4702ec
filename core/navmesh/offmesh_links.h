// Off-mesh links and Detour, for every bake (one tile, tiles, the tile cache) and for Detour files: the
// off-mesh connections a bake hands to dtCreateNavMeshData, and NavMesh::links read back from the
// connections Detour stored and attached.
//
// Detour keeps a connection in the one tile its start point lies in (dtCreateNavMeshData classifies both
// ends against the tile's bounds and stores only connections that start inside). Adding the tiles joins
// its far end to the ground polygon within its radius in the tile where it lies, which must be that tile
// or one of its eight neighbours (dtNavMesh::connectExtOffMeshLinks).
#pragma once

#include <functional>
#include <vector>

#include "navmesh.h"
#include "scene.h"

class dtNavMesh;
struct dtNavMeshCreateParams;

namespace navlab {

// Detour's off-mesh connection arrays (dtNavMeshCreateParams::offMeshCon*) for a scene's links: link i
// is the connection of user id i, flagged kPolyFlagWalk, area 0 ("default": Detour's default filter
// charges the connection's length), bidirectional as the link says.
struct OffMeshCons {
  std::vector<float> verts, rad;
  std::vector<unsigned short> flags;
  std::vector<unsigned char> areas, dir;
  std::vector<unsigned int> user_id;

  OffMeshCons() = default;
  // Every link of `links` (radius: LinkDef::radius_or(def)).
  OffMeshCons(const std::vector<LinkDef>& links, const BakeDef& def);
  // Only the links whose start lies in the tile bounds [bmin, bmax) in x and z (world, m), by the rule
  // Detour stores a connection in a tile with (so each link goes to the one tile that keeps it).
  OffMeshCons(const std::vector<LinkDef>& links, const BakeDef& def, const float* bmin, const float* bmax);
  int size() const { return int(rad.size()); }
  // Points `params` at the arrays (which must outlive it); no connection: offMeshConCount 0.
  void fill(dtNavMeshCreateParams& params) const;
};

// Does Detour store a connection starting at world point `p` in a tile of bounds [bmin, bmax)?
bool starts_in_tile(const float* p, const float* bmin, const float* bmax);

// NavMesh::links from every off-mesh connection of `nav`: each end where Detour snapped it and the ground
// polygon it attached to (`ground_index` maps a ground polygon's dtPolyRef to its NavMesh index), the
// connection's off-mesh polygon (NavLink::detour_ref) and, across tiles, the node state Detour's
// findPath enters the landing polygon with. With `defs` (a bake) link i is the connection of user id i,
// cost and direction as the scene says; an end Detour did not attach keeps polygon -1 (build_navmesh
// reports it); a link stored twice (two tile cache layers at its start) is the first in tile order. Without (a Detour
// file) the links are the connections in order of user id, crossed in the direction their flags say, at the cost of
// their length.
std::vector<NavLink> read_offmesh_links(const dtNavMesh& nav, const std::vector<LinkDef>* defs, bool is3d,
                                        const std::function<int(unsigned int)>& ground_index);

}  // namespace navlab
