// The one navigation mesh value every stage reads, whatever source it came from.
//
// Polygon sources (hand-authored navmesh, baked floor plan, baked OBJ mesh) fill `verts` and `polys`;
// the abstract graph source fills `nodes` and `edges`. Baked meshes also keep their Detour mesh so that
// Detour queries (nearest poly, tile cache, crowd, reference paths) run on exactly the same polygons:
// polygon index i here is Detour's polygon BakedNavMesh::ref(i).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "geom.h"
#include "mesh_revision.h"
#include "query_cache.h"

class dtNavMesh;

namespace navlab {

struct NavPoly {
  std::vector<int> verts;       // indices into NavMesh::verts, counter-clockwise in the plane
  std::vector<int> neighbours;  // neighbours[i]: polygon across edge (verts[i], verts[i+1]); -1 = wall
  int area = 0;                 // index into NavMesh::area_names
  double cost = 1.0;            // traversal cost multiplier (>= 0)
  int door = -1;                // baked meshes: index into NavMesh::door_ids of the door whose footprint
                                // this polygon is (-1: not a door polygon)
  friend bool operator==(const NavPoly&, const NavPoly&) = default;
};

// Reverses a clockwise polygon (in `verts`) to counter-clockwise, keeping each neighbour on its edge:
// reversed edge k runs along original edge (n - 2 - k) mod n. Counter-clockwise polygons are unchanged.
void make_counter_clockwise(NavPoly& poly, const std::vector<Vec2>& verts);

struct GraphNode {
  std::string id;
  Vec2 pos;
  friend bool operator==(const GraphNode&, const GraphNode&) = default;
};

struct GraphEdge {
  int from = -1;
  int to = -1;
  double cost = 0.0;
  std::string door;  // empty: not gated
  friend bool operator==(const GraphEdge&, const GraphEdge&) = default;
};

// An off-mesh link (scene `links`): a jump, drop or ladder from a point of one polygon to a point of
// another, crossed in a straight line off the mesh. Baked meshes read the ends back from Detour's
// off-mesh connection, which snaps each end onto the nearest polygon within the link's radius.
struct NavLink {
  Vec2 from, to;             // planning plane, m (on polygons from_poly and to_poly)
  double from_height = 0.0;  // world height of `from` (3D meshes; 0 otherwise), m
  double to_height = 0.0;    // world height of `to`, m
  int from_poly = -1, to_poly = -1;
  double cost = 0.0;            // search cost of crossing, m of path (no polygon multiplier applies)
  bool bidirectional = true;    // false: from -> to only
  unsigned int detour_ref = 0;  // baked: the dtPolyRef of its off-mesh polygon (0: Detour stored none)
  int land_state = 0;           // baked in tiles: Detour's node state of to_poly entered over it forwards
                                // (the side of its start's tile the end lies on, halved; 0 inside it)
  friend bool operator==(const NavLink&, const NavLink&) = default;
};

// A search step over an off-mesh link: link `index` of NavMesh::links, forwards (from -> to) or backwards.
struct LinkCrossing {
  int index = -1;
  bool reverse = false;
};

// A polygon edge on a tile border, as Detour's findPath crosses it (core/navmesh/tiled_convert.h).
struct BorderEdge {
  bool border = false;      // the edge lies on a tile border (the rest of the fields apply)
  unsigned char state = 0;  // Detour's node state of the polygon entered over it: the link's side >> 1
  Vec3 mid;                 // world m: Detour's portal midpoint, the portal's ends in 1/255 steps of the
                            // edge of the polygon it is crossed from (dtLink bmin, bmax)
  int node = -1;            // the search node of the polygon entered over it in `state`: the polygon's own
                            // index for state 0, else polys.size() + an index into BakedNavMesh::state_nodes
  friend bool operator==(const BorderEdge&, const BorderEdge&) = default;
};

// A search node beyond the polygons' own (BakedNavMesh::state_nodes): polygon `poly` in node state `state`.
struct StateNode {
  int poly = -1;
  unsigned char state = 0;  // 1 .. kDetourNodeStates - 1
  friend bool operator==(const StateNode&, const StateNode&) = default;
};

// Detour's findPath keeps, on a mesh of several tiles, up to this many nodes per polygon: one per
// state (the side of the tile border it was entered across, halved; 0 also for entries inside a tile).
constexpr int kDetourNodeStates = 4;

// Owns the Detour mesh a NavMesh was baked into or read from (and whatever Detour state must outlive it).
// A single tile numbers its polygons as Detour does: polygon i is dtPolyRef base_ref | i. A mesh of several
// tiles (core/navmesh/tiled_convert.h) lists its polygons tile after tile: refs[i] is polygon i's dtPolyRef
// and tile_first[slot] the index of the first polygon of Detour's tile slot `slot`.
struct BakedNavMesh {
  std::shared_ptr<dtNavMesh> detour;  // freed with dtFreeNavMesh
  unsigned int base_ref = 0;          // single tile: dtPolyRef of polygon 0 in the tile
  std::vector<unsigned int> refs;     // several tiles: dtPolyRef per polygon (empty for a single tile)
  std::vector<int> tile_first;        // several tiles: per tile slot, its first polygon (-1: no polygons)
  // Several tiles: per polygon, per edge (NavPoly::neighbours), how Detour crosses it; a polygon with no
  // edge on a tile border has an empty list. Empty for a single tile.
  std::vector<std::vector<BorderEdge>> borders;
  // Several tiles: every (polygon, state > 0) some border edge enters, once each, as search nodes
  // polys.size() + i (BorderEdge::node). Only polygons at tile borders have them, so the search keeps
  // about one label per polygon, not kDetourNodeStates.
  std::vector<StateNode> state_nodes;
  // Several tiles: per NavMesh::links entry, the search node of its to_poly entered over it forwards in
  // Detour's node state NavLink::land_state (to_poly itself for state 0, else as BorderEdge::node).
  std::vector<int> link_nodes;
  double bake_ms = 0.0;  // measured time spent in Recast + Detour building

  // The dtPolyRef of polygon `poly` (a valid index of the NavMesh).
  unsigned int ref(int poly) const { return refs.empty() ? base_ref | unsigned(poly) : refs[size_t(poly)]; }
  // The polygon index of a dtPolyRef of `detour` (-1 when it names no polygon of the mesh).
  int poly_of(unsigned int ref) const;
};

struct NavMesh {
  enum class Kind { Polygons, Graph };
  Kind kind = Kind::Polygons;
  bool is3d = false;  // mesh scenes: vertices carry heights; points are reported as [x, y, z]

  // Polygon sources.
  std::vector<Vec2> verts;      // planning-plane positions
  std::vector<double> heights;  // world height per vertex (3D only, else empty)
  std::vector<NavPoly> polys;
  std::vector<std::string> area_names{"default"};
  // Baked meshes: the ids of the doors whose footprints were marked in the bake (core/navmesh/bake.h), whether
  // or not a polygon came of them. A door listed here is gated by its polygons (NavPoly::door); any other
  // door by the shared edges its shape covers (core/search/gates.h).
  std::vector<std::string> door_ids;
  // Off-mesh links; `polys` holds only the ground polygons (Detour's off-mesh polygons are not in it).
  std::vector<NavLink> links;

  // Graph source.
  std::vector<GraphNode> nodes;
  std::vector<GraphEdge> edges;

  std::shared_ptr<const BakedNavMesh> baked;  // null unless baked with Recast
  // Baked with Recast (one tile, tiles, the tile cache, a Detour file): its walkable area is the space of
  // the agent's centre, already eroded by the bake's agent radius. The tile cache's mesh has no `baked`
  // (its Detour mesh changes under it with every update) but is eroded all the same.
  bool eroded = false;

  // Which state of the contents above this is (core/navmesh/mesh_revision.h): new in a copy, taken along
  // by a move; code that edits a member above in place, once the mesh may have been queried, calls
  // revision.bump().
  MeshRevision revision;
  // What locate and the search keep between queries on this mesh (core/navmesh/query_cache.h): empty in
  // a copy, taken along by a move, built again when the revision changes or a vector above is replaced.
  QueryCache query_cache;

  int size() const { return kind == Kind::Graph ? int(nodes.size()) : int(polys.size()); }
  Vec2 vertex(int poly, int corner) const { return verts[polys[poly].verts[corner]]; }
  // The world height of vertex `v` (0 on a 2D mesh), and the vertex in the world.
  double height(int v) const { return heights.empty() ? 0.0 : heights[size_t(v)]; }
  Vec3 world_vertex(int v) const { return to_world(verts[size_t(v)], height(v)); }
  // The world midpoint of edge `edge` of polygon `poly` (from its corner `edge` to the next).
  Vec3 edge_midpoint(int poly, int edge) const {
    const std::vector<int>& pv = polys[size_t(poly)].verts;
    const size_t next =
        size_t(edge) + 1 == pv.size() ? 0 : size_t(edge) + 1;  // no division: the search runs this often
    return (world_vertex(pv[size_t(edge)]) + world_vertex(pv[next])) * 0.5;
  }
  // Polygon centroid (area-weighted) in the plane; node position for graphs.
  Vec2 centroid(int poly) const;
  // Is p inside polygon `poly` (convex, counter-clockwise) or less than `tol` m outside an edge?
  bool contains(int poly, Vec2 p, double tol) const {
    const std::vector<int>& v = polys[size_t(poly)].verts;
    return in_convex(
        v.size(), [&](size_t i) { return verts[size_t(v[i])]; }, p, tol);
  }
  // The search numbers a polygon's connections: 0 .. edges - 1 cross its edges (NavPoly::neighbours),
  // edges + 2 L crosses off-mesh link L forwards and edges + 2 L + 1 backwards (from its `to` end).
  int link_code(int poly, LinkCrossing c) const {
    return int(polys[size_t(poly)].neighbours.size()) + 2 * c.index + (c.reverse ? 1 : 0);
  }
  // The off-mesh link crossed by connection `code` of `poly`, or index -1 for an edge (or no link).
  LinkCrossing crossing(int poly, int code) const {
    if (kind != Kind::Polygons || links.empty() || code < 0) return {};
    const int k = code - int(polys[size_t(poly)].neighbours.size());
    if (k < 0 || k / 2 >= int(links.size())) return {};
    return {k / 2, k % 2 == 1};
  }
  // Node index of a graph node id (the first node with it), or -1.
  int node_index(const std::string& id) const;
  // Area index of a name, or -1.
  int area_index(const std::string& name) const;
};

}  // namespace navlab
