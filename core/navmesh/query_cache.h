// What the queries on one mesh share between calls: locate's polygon grid and tolerance, a baked mesh's
// Detour query, the graph's node ids and outgoing edges, and what other modules work out once per mesh
// (MeshIndex, built on first use). What a query reuses from one call to the next (the search's labels
// and open list) is not kept per mesh but per thread, in a NavQuery (nav_query.h), as Detour keeps it
// in a dtNavMeshQuery.
//
// Every NavMesh owns one (NavMesh::query_cache). A copy of the mesh starts with an empty cache, so a
// mesh that is copied and then changed (doors, rebakes, tile updates) never reads the index of the mesh
// it came from. A move takes the index along (the mesh's vectors and its revision move with it: a mesh
// baked and indexed on a worker thread is handed to the app ready), and leaves the moved-from cache
// empty. The index is built for one revision of the mesh (NavMesh::revision): code that edits a mesh in
// place (its heights, polygons, costs, door ids, area names, links ...) bumps the revision, and the next
// query builds the index again. As a second guard, a vertex, polygon, node, edge or link vector replaced
// by one of another size or buffer, or another Detour mesh, makes it built again too.
//
// Thread safety: const queries on one mesh may run on several threads at once. The index is built under
// a lock (a query finds it built without taking the lock) and only read afterwards, but for what the
// queries fill in per polygon as they first meet it, each polygon under an atomic state of its own
// (MeshIndex::edges_join, MeshIndex::SearchEdges).
#pragma once

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "link_blocks.h"
#include "polygon_grid.h"
#include "polygon_reach.h"

class dtNavMeshQuery;

namespace navlab {

struct NavMesh;

// Each polygon's connected component over its shared edges (NavPoly::neighbours), leaving out the edges
// `blocked` bars (SearchFilter::poly_link_block; null: none). A component's id is its rank in the order
// of each one's lowest polygon.
struct Components {
  std::vector<int> of_poly;
  int count = 0;
};
Components connected_components(const NavMesh& mesh, const LinkBlocks* blocked = nullptr);

// What locate and the search derive from a mesh, built once per mesh.
struct MeshIndex {
  double tolerance = 0.0;  // locate_tolerance(mesh), the point-in-polygon tolerance
  double scale = 1.0;      // m: the longer side of the vertices' bounds, at least 1 (relative tolerances)
  // Polygon meshes without a Detour mesh: the point-in-polygon candidates (tolerance `tolerance`). Baked
  // meshes: the polygons near a point in the plane (tolerance `detour_margin`), for locate's shortcut.
  PolygonGrid grid;
  // Baked meshes: a Detour query on the mesh for locate. Locate only calls its const queries (nearest
  // polygon, polygons in a box, closest point, height), which keep no state in the query object, so
  // threads share it. Null when Detour could not create it.
  std::shared_ptr<dtNavMeshQuery> detour_query;
  // Baked meshes: m; a point this far from every edge of a polygon is on the same side of it in Detour's
  // float arithmetic as in ours (many float roundings of the mesh's largest coordinate).
  double detour_margin = 0.0;
  // Baked meshes: the least walkable climb of the Detour tiles, m (findNearestPoly's "over the polygon"
  // allowance), and the largest |height| of any polygon or detail vertex (the surface of a 2D bake, whose
  // query points are at height 0, lies within it).
  double detour_climb = 0.0;
  double surface_max_abs_height = 0.0;
  std::unordered_map<std::string, int> node_ids;  // graphs: each id's first node index
  std::vector<std::vector<int>> graph_out;        // graphs: each node's outgoing NavMesh::edges, file order
  // Polygon meshes with off-mesh links: per polygon, the connection codes (NavMesh::link_code) of the
  // links that leave it, in link order (forwards from their `from` polygon, backwards from the `to`
  // polygon of a bidirectional link); empty when the mesh has no link.
  std::vector<std::vector<int>> poly_links;
  // Polygon meshes, per polygon: whether each of its shared edges joins it to the neighbour across, as
  // build_portals checks it per portal (core/path/portals.cpp works it out the first time a corridor
  // crosses the polygon: EdgesJoin). Threads may work one out at once: they store the same value.
  enum class EdgesJoin : unsigned char { NotYet, Yes, No };
  std::unique_ptr<std::atomic<EdgesJoin>[]> edges_join;
  // Polygon meshes without off-mesh links: each polygon's edges as the edge-midpoint search crosses
  // them, side by side (as Detour keeps a polygon's links), so a relaxation reads one record instead of
  // the polygon's vectors, two vertices and their heights.
  struct SearchEdge {
    int next;        // the polygon across (NavPoly::neighbours; -1: a wall, the rest unset)
    int slot;        // the search label of `next` entered over it: `next`, or across a tile border its node
                     // in Detour's state (BorderEdge::node)
    double x, y, z;  // world m: where `next` is first placed from here (NavMesh::edge_midpoint, or
                     // across a tile border Detour's portal midpoint, BorderEdge::mid)
    Vec3 mid() const { return {x, y, z}; }
  };
  // A polygon's records are written the first time a search expands it, so a search on a new mesh (a
  // bake, a tile update while a door is dragged) costs the polygons it reaches, not the mesh's size.
  class SearchEdges {
   public:
    SearchEdges() = default;
    explicit SearchEdges(const NavMesh& mesh);
    bool empty() const { return first_.empty(); }
    // Polygon `poly`'s records, count(poly) of them in NavPoly::neighbours order: written now if no
    // search wrote them yet; null while another thread writes them (the caller reads the mesh itself).
    const SearchEdge* of(const NavMesh& mesh, int poly) const;
    int count(int poly) const { return int(first_[size_t(poly) + 1] - first_[size_t(poly)]); }
    // Asks the processor to bring polygon `poly`'s first records into the cache: a search that puts a
    // polygon on its open list will likely expand it later, and on a large mesh reading its records is
    // then a miss to memory (docs/performance.md, "The search's records fetched ahead").
    void prefetch(int poly) const { __builtin_prefetch(&edges_[first_[size_t(poly)]]); }
    // NavPoly::cost of polygon `poly`, from an array of them side by side (a step's length is multiplied
    // by it: read from here, one expansion touches 8 bytes instead of the polygon's record).
    double cost(int poly) const { return cost_[size_t(poly)]; }

   private:
    enum class State : unsigned char { NotYet, Writing, Written };
    void write(const NavMesh& mesh, int poly) const;
    std::vector<unsigned> first_;                  // polygon p's records: edges_[first_[p], first_[p + 1])
    std::vector<double> cost_;                     // per polygon: NavPoly::cost
    std::unique_ptr<SearchEdge[]> edges_;          // left uninitialised until written
    std::unique_ptr<std::atomic<State>[]> state_;  // per polygon
  };
  SearchEdges search_edges;
  // Baked meshes, per door of NavMesh::door_ids (index k): the polygons of its footprint (NavPoly::door
  // == k), in index order, and every connection of theirs in both directions as (polygon, edge), in mesh
  // order: what a closed baked door gates (core/search/gates.h), found once instead of on every plan.
  struct BakedDoor {
    std::vector<int> polys;
    std::vector<std::pair<int, int>> edges;
  };
  std::vector<BakedDoor> baked_doors;
  explicit MeshIndex(const NavMesh& mesh);

  // Polygon meshes: polygon p's polygon_reach() (its bounds and how far its tolerance region reaches),
  // worked out the first time a corridor shape takes it (core/path/coverage.cpp) and kept. Threads may
  // ask at once: one writes it, another meanwhile works it out for itself.
  PolygonReach reach_of(const NavMesh& mesh, int p) const;
  // What other modules work out once per mesh and keep with its index: each in a type of its own module,
  // made by `make` on the first call (on whichever thread asks first; the others wait for it) and
  // dropped with the index when the mesh changes. One slot per kind of facts; the index knows their
  // slots, not what they hold.
  enum class ModuleFacts {
    SpawnComponents,   // core/spawn: the polygons' connected components with every door open
    SpawnWalls,        // core/spawn: every wall edge, for the clearance check without a Detour mesh
    PolyanyaWallEnds,  // core/optimal: per vertex, how many wall edges end at it
    PolyanyaTables,    // core/optimal: which vertices a shortest path may turn at, each edge's twin, dead ends
    Count
  };
  template <class T, class Make>
  const T& module_facts(ModuleFacts kind, Make make) const {
    FactsSlot& slot = facts_[size_t(kind)];
    std::call_once(slot.once, [&] { slot.object = std::make_shared<const T>(make()); });
    return *static_cast<const T*>(slot.object.get());
  }

 private:
  enum class Kept : unsigned char { NotYet, Writing, Written };
  std::unique_ptr<std::atomic<Kept>[]> reach_state_;  // per polygon
  std::unique_ptr<PolygonReach[]> reach_;             // per polygon, written when first asked for
  struct FactsSlot {
    std::once_flag once;
    std::shared_ptr<const void> object;
  };
  mutable std::array<FactsSlot, size_t(ModuleFacts::Count)> facts_;
};

class QueryCache {
 public:
  QueryCache() = default;
  QueryCache(const QueryCache&) noexcept {}
  QueryCache(QueryCache&& other) noexcept { take_from(other); }
  QueryCache& operator=(const QueryCache& other) noexcept;
  QueryCache& operator=(QueryCache&& other) noexcept;
  ~QueryCache() = default;

  // The index of `mesh` (the mesh that owns this cache), built on first use or when the mesh changed.
  std::shared_ptr<const MeshIndex> index(const NavMesh& mesh) const;
  // The same index without a reference count: the cache keeps it until the mesh changes, and a query
  // holds it only while it runs (the mesh does not change under a query). No atomic count to touch.
  const MeshIndex& index_of(const NavMesh& mesh) const;
  // Whether the index of `mesh` as it is now is built (the next query does not build it).
  bool has_index(const NavMesh& mesh) const;

 private:
  // Which mesh the index was built from: its revision; the buffers and sizes of its vectors, and its
  // Detour mesh.
  struct Layout {
    std::uint64_t revision = 0;
    const void* verts = nullptr;
    size_t vert_count = 0;
    const void* polys = nullptr;
    size_t poly_count = 0;
    const void* nodes = nullptr;
    size_t node_count = 0;
    const void* edges = nullptr;
    size_t edge_count = 0;
    const void* links = nullptr;
    size_t link_count = 0;
    const void* baked = nullptr;
    friend bool operator==(const Layout&, const Layout&) = default;
  };
  static Layout layout_of(const NavMesh& mesh);
  // Forgets the index (an assignment): the next query builds it again. Code that edits a mesh bumps its
  // revision instead (NavMesh::revision).
  void clear() noexcept;
  // The index of `other` (a mesh being moved), which is left empty. No query runs on either mesh
  // meanwhile.
  void take_from(QueryCache& other) noexcept;

  // The index with the layout it was built for. Published through `built_` once made, so a query reads
  // it without the lock; it is replaced (and the old one freed) only when the mesh changed, and a mesh
  // changes only while no query runs on it, so no reader still holds the old one then.
  struct Built {
    Layout layout;
    std::shared_ptr<const MeshIndex> index;
  };

  mutable std::mutex mutex_;  // guards building and replacing `owned_`
  mutable std::unique_ptr<const Built> owned_;
  mutable std::atomic<const Built*> built_{nullptr};
};

}  // namespace navlab
