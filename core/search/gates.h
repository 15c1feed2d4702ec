// Gates: which connections of the navigation graph each door covers, which polygons the agent may not
// enter, and why a goal that is on the mesh still cannot be reached.
//
// A door is a topology change: while closed, the connections it covers are gone.
//   door segment  covers every shared polygon edge it crosses (at a point inside the edge, not merely at
//                 one of its ends) or overlaps collinearly over a positive length;
//   door polygon  covers every shared polygon edge whose midpoint lies inside it;
//   baked doors   a door marked in the bake (NavMesh::door_ids, core/navmesh/bake.h) covers every connection of its
//                 footprint polygons instead, whatever its shape; while closed its polygons are excluded
//                 from the search too (SearchFilter::node_block), so a start or goal on one is cut off;
//   graph scenes  a door gates the edges that name it (GraphEdge::door).
// Both directions of a covered shared edge are covered. agent.excluded_areas removes every polygon of
// those areas.
#pragma once

#include <string>
#include <vector>

#include "corridor_version.h"
#include "navmesh.h"
#include "result.h"
#include "scene.h"
#include "search.h"

namespace navlab {

// A connection: `link` is the polygon edge index of `node` (polygons) or the NavMesh::edges index (graph).
struct Link {
  int node = -1;
  int link = -1;
  friend bool operator==(const Link&, const Link&) = default;
};

struct DoorGate {
  std::string id;
  bool open = true;         // after overrides
  std::vector<Link> links;  // every connection it covers, in mesh order
};

// Door ids named on the command line: `closed` are closed and `opened` are opened whatever the scene
// says (a door in both lists is an error).
struct DoorOverrides {
  std::vector<std::string> closed;
  std::vector<std::string> opened;
};

struct Gates {
  std::vector<DoorGate> doors;              // scene doors in file order, then graph-only gate names
  std::vector<std::string> excluded_areas;  // agent.excluded_areas that name an area of the mesh
  SearchFilter filter;                      // reasons: "door ID" / "area NAME"
};

// The connections a door shape covers on a polygon mesh (see the header comment).
std::vector<Link> door_links(const NavMesh& mesh, const Door& door);

// Index of door `id` in mesh.door_ids (marked in the bake), or -1.
int baked_door_index(const NavMesh& mesh, const std::string& id);
// The polygons of door `id`'s footprint (baked meshes; empty when it was not marked or made none).
std::vector<int> door_polygons(const NavMesh& mesh, const std::string& id);

// The polygons of every closed baked door in `gates`, sorted (what locate may not pick).
std::vector<int> closed_door_polygons(const Gates& gates, const NavMesh& mesh);
// closed_door_polygons() into `out` (emptied first; its buffer kept).
void closed_door_polygons_into(const Gates& gates, const NavMesh& mesh, std::vector<int>& out);

// Which doors' connections make_gates finds: every door's (what the door covers, for the app, the
// follower and the CLI), or only the closed ones' (the search filter and what plan() reads; an open
// door's DoorGate::links is then left empty).
enum class GateLinks { All, ClosedOnly };

// Door coverage, door states after `overrides` and the agent's excluded areas as a search filter.
// Fails when an override names a door that is neither in the scene nor on a graph edge.
Result<Gates> make_gates(const Scene& scene, const NavMesh& mesh, const DoorOverrides& overrides = {},
                         GateLinks which = GateLinks::All);
// make_gates() into `out`, overwritten whole; its vectors and strings keep their capacity, so gates made
// again and again (a plan per query) allocate nothing once they are large enough while no door is closed.
// Fails with make_gates()'s error (`out` is then unspecified).
Result<void> make_gates_into(const Scene& scene, const NavMesh& mesh, const DoorOverrides& overrides, GateLinks which,
                             Gates& out);

// Every door (make_gates order) with its state after `overrides` and the connections it covers, sorted
// and unique. This is the one door-cover rule: the planner, the follower and the app all read it.
// Empty when `overrides` name an unknown door.
std::vector<DoorCover> door_covers(const Scene& scene, const NavMesh& mesh, const DoorOverrides& overrides = {});
// The connections door `door` covers in `covers` (empty when absent).
std::vector<Connection> cover_of(const std::vector<DoorCover>& covers, const std::string& door);

// Success when every scene door covers at least one connection; otherwise fails with the error for the first door that
// covers nothing, "FILE:LINE:COL: /doors/N: door 'ID' covers nothing: WHY; ...".
Result<void> check_door_covers(const Scene& scene, const NavMesh& mesh);

// The closed doors (ids) and excluded areas (names) a corridor passes through, in corridor order,
// each once. `corridor`/`links` as in SearchResult.
std::vector<std::string> blocked_by(const Gates& gates, const NavMesh& mesh, const std::vector<int>& corridor,
                                    const std::vector<int>& links);

// Tells `disconnected` from `agent_restricted`: searches again with every door open and every area
// allowed (no node budget). A path there means the filter is what separates start and goal: the failure
// becomes agent_restricted with blocked_by = the closed doors and excluded areas on that path.
// Otherwise `original` is returned unchanged.
Failure explain_unreachable(const NavMesh& mesh, const SearchQuery& query, const SearchDef& def, const Gates& gates,
                            const Failure& original);

}  // namespace navlab
