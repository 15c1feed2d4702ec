// Polyanya: the exact any-angle shortest path on a navigation mesh (Cui, Harabor and Grastien,
// "Compromise-free Pathfinding on a Navigation Mesh", IJCAI 2017).
//
// Every planner that searches the polygon graph and then pulls a string through the chosen corridor
// finds the shortest path inside that corridor, not the shortest path on the mesh. Polyanya searches
// the mesh itself. A search node is an interval [left, right] on a polygon edge plus a root: the last
// turning point of the path (the start or a mesh vertex) from which every point of the interval is
// visible. g is the length of the path from the start to the root; the heuristic h is the length of the
// shortest path from the root through the interval to the goal, ignoring obstacles (the goal is mirrored
// across the interval's line when it lies on the root's side), so f = g + h never overestimates.
//
// Expanding a node projects the interval through the polygon beyond it ("next polygon"):
//   observable successors      the parts of the polygon's other edges visible from the root between the
//                              rays root→left and root→right; the root stays.
//   non-observable successors  the parts outside those rays, only when that end of the interval is a
//                              corner (a vertex where an obstacle leaves more than 180° free: only there
//                              can a shortest path turn); the corner becomes the root, g grows by its
//                              distance.
//   collinear roots            a root on the line of its interval is a vertex of the next polygon (or the
//                              start on its edge): the whole convex polygon is visible from it.
//   along an edge              an edge in line with the root but beyond it (a polygon side with collinear
//                              vertices): the root sees nothing across it, but the path may run along the
//                              line to the edge's nearer end and turn there when it is a corner, which
//                              becomes the root (dropping such edges lost every path through them).
// Pruning as the paper has it: the best g of every vertex used as a root is kept, and a node whose root
// was reached more cheaply is pruned (root-level); a node with one successor only has it expanded at
// once, without the open list (intermediate); no successor enters a polygon with no other neighbour that
// does not hold the goal (dead end). The goal is found when it lies in the next polygon of an expanded
// node: a final node with the exact remaining length is pushed, and the search ends when a final node
// is popped.
//
// Lengths are in the planning plane (m); on 3D meshes heights are not part of the length. Polygon cost
// multipliers (NavPoly::cost) are not used: the length is Euclidean, so on a mesh with costs the
// polygon search may rightly avoid a region the shortest path crosses. The agent
// radius is handled as the funnel handles it: baked meshes are already eroded by it; a hand-authored
// mesh is taken as the space of the agent's centre.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "enum_names.h"
#include "geom.h"
#include "navmesh.h"
#include "result.h"
#include "search.h"

namespace navlab {

// One query, already located (see core/navmesh/locate.h): points in the planning plane, m, and the polygons
// the locate stage put them in (-1: off the mesh).
struct PolyanyaQuery {
  Vec2 start;
  Vec2 goal;
  int start_poly = -1;
  int goal_poly = -1;
};

// Why a successor exists (stable JSON names in to_string).
enum class SuccessorKind {
  Start,               // an edge of a polygon containing the start, seen whole from the start
  Observable,          // part of an edge between the rays through the interval's ends; same root
  LeftNonObservable,   // left of the ray through the interval's left end: that corner is the root
  RightNonObservable,  // right of the ray through the interval's right end: that corner is the root
  Collinear,           // the root is a vertex of the next polygon: the whole polygon is visible
  AlongEdge,           // the edge lies on the line through the root, beyond it: the path runs along the
                       // line to the edge's nearer end, a corner, which becomes the root
};
inline constexpr Named<SuccessorKind> kSuccessorKindNames[] = {
    {SuccessorKind::Start, "start"},
    {SuccessorKind::Observable, "observable"},
    {SuccessorKind::LeftNonObservable, "left_non_observable"},
    {SuccessorKind::RightNonObservable, "right_non_observable"},
    {SuccessorKind::Collinear, "collinear"},
    {SuccessorKind::AlongEdge, "along_edge"},
};
static_assert(names_cover(kSuccessorKindNames, SuccessorKind::AlongEdge));
inline const char* to_string(SuccessorKind v) { return name_in(kSuccessorKindNames, v); }

// One recorded step of a Polyanya search. Kinds:
//   Start       the search starts in `poly` (a polygon containing the start point).
//   Direct      the goal is in a polygon containing the start: the straight segment is the path.
//   Popped      node `node` left the open list: interval [left, right] on the edge into `poly`, `root`
//               (vertex `root_vertex`, -1 for the start), g, h and f. With `in_place` it did not: it was
//               its parent's only successor and is expanded at once (intermediate pruning).
//   Successor   node `node` (child of `parent`) was generated, `why` says which kind; `poly`, interval,
//               root and g/h/f as above.
//   Pruned      node `node` was dropped when popped (or, expanded in place, when generated), or (`node`
//               -1) a successor of `parent` into `poly` was not generated: `prune` says why; `best_g`
//               is the best g known for its root.
//   GoalNode    the goal lies in `poly`, the next polygon of `parent`: a final node `node` with f = the
//               exact length through the interval was pushed (`turn_vertex` >= 0 when it turns at an
//               end of the interval).
//   Found       final node `node` was popped: the path is complete, length `f`.
struct PolyanyaStep {
  enum class Kind { Start, Direct, Popped, Successor, Pruned, GoalNode, Found };
  enum class Prune {
    None,
    RootDominated,  // the root vertex is already reached with a smaller g
  };
  Kind kind = Kind::Popped;
  int node = -1;
  int parent = -1;
  int poly = -1;         // the next polygon
  int root_vertex = -1;  // mesh vertex index of the root; -1: the start point
  int turn_vertex = -1;  // GoalNode only
  Vec2 root, left, right;
  double g = 0.0, h = 0.0, f = 0.0;
  double best_g = 0.0;  // Pruned (RootDominated) only
  SuccessorKind why = SuccessorKind::Observable;
  Prune prune = Prune::None;
  bool in_place = false;  // Popped only: expanded without the open list (its parent's only successor)
  // One sentence with the step's numbers, e.g. "Pop node 4: interval (1, 2) to (1, 3) into polygon 5,
  // root vertex 7 (2, 0), g 2, h 3.1, f 5.1."
  std::string describe() const;
};
inline constexpr Named<PolyanyaStep::Kind> kPolyanyaStepKindNames[] = {
    {PolyanyaStep::Kind::Start, "start"},   {PolyanyaStep::Kind::Direct, "direct"},
    {PolyanyaStep::Kind::Popped, "popped"}, {PolyanyaStep::Kind::Successor, "successor"},
    {PolyanyaStep::Kind::Pruned, "pruned"}, {PolyanyaStep::Kind::GoalNode, "goal_node"},
    {PolyanyaStep::Kind::Found, "found"},
};
static_assert(names_cover(kPolyanyaStepKindNames, PolyanyaStep::Kind::Found));
inline const char* to_string(PolyanyaStep::Kind v) { return name_in(kPolyanyaStepKindNames, v); }
inline constexpr Named<PolyanyaStep::Prune> kPolyanyaStepPruneNames[] = {
    {PolyanyaStep::Prune::None, "none"},
    {PolyanyaStep::Prune::RootDominated, "root_dominated"},
};
static_assert(names_cover(kPolyanyaStepPruneNames, PolyanyaStep::Prune::RootDominated));
inline const char* to_string(PolyanyaStep::Prune v) { return name_in(kPolyanyaStepPruneNames, v); }

struct PolyanyaTrace {
  std::vector<PolyanyaStep> steps;
};

// Limits of one search.
struct PolyanyaDef {
  int node_budget = 0;  // nodes popped before giving up (budget_exhausted); 0 = unlimited
};

struct PolyanyaResult {
  Status status = Status::Failed;
  // stage "locate": start_off_mesh / goal_off_mesh; stage "search": disconnected (no path under the
  // filter) / budget_exhausted (no proof either way).
  std::optional<Failure> failure;
  std::vector<Vec2> path;  // start, turning vertices..., goal (complete only)
  std::vector<int> turns;  // mesh vertex index of every interior path point
  double length = 0.0;     // m, planning plane
  // The polygons the path crosses, start first (adjacent, each link open): a corridor whose funnel is
  // this path. links[i] is the edge of corridor[i] into corridor[i + 1].
  std::vector<int> corridor;
  std::vector<int> links;
  int expanded = 0;           // nodes popped from the open list, final node included
  int expanded_in_place = 0;  // nodes expanded at once as their parent's only successor (never pushed)
  int generated = 0;          // nodes made: pushed, or expanded in place
  int pruned = 0;             // nodes dropped or not generated (any reason)
};

// What every query on one mesh under one filter shares: the geometric tolerance and which vertices are
// corners, where a shortest path may turn: a vertex where the free space beside a wall spans more than
// 180° (a convex corner of an obstacle or the tip of a thin wall; not a vertex where walls run straight
// on, nor a room's inner corner), and an end of an edge the filter closes (a closed link, or an edge
// into an excluded polygon) of a polygon it leaves open; not a vertex only excluded polygons' walls end
// at. The open mesh's part is worked out on the mesh's first search and kept with it; making the table
// costs a copy per vertex and a pass over the filter's entries, not over every polygon's edges.
struct PolyanyaMeshInfo {
  double tolerance = 1e-7;   // m: 1e-7 x the mesh extent (at least 1 m), as locate uses
  std::vector<char> corner;  // per mesh vertex: 1 when a shortest path may turn there
};
PolyanyaMeshInfo polyanya_mesh_info(const NavMesh& mesh, const SearchFilter* filter = nullptr);

// Per mesh vertex: how many polygon edges with no neighbour across (walls) end at it; worked out on the
// first call and kept with the mesh's index (MeshIndex::ModuleFacts): the corners start from it.
const std::vector<std::uint32_t>& polyanya_wall_ends(const NavMesh& mesh);
// Works out what Polyanya keeps with a new polygon mesh (its wall ends), on the thread that readies it
// (BakeJob's and TileJob's `prepare`).
void ready_polyanya(const NavMesh& mesh);

// Finds the shortest path from query.start to query.goal on the polygon mesh `mesh` (not a graph)
// through polygons and links `filter` allows (null: everything). Closed doors and excluded polygons
// are walls. `trace` (optional) receives every step. The first form prepares the mesh information on
// every call; the second reuses `info`, which must come from the same mesh and filter.
PolyanyaResult polyanya(const NavMesh& mesh, const PolyanyaQuery& query, const SearchFilter* filter = nullptr,
                        const PolyanyaDef& def = {}, PolyanyaTrace* trace = nullptr);
PolyanyaResult polyanya(const NavMesh& mesh, const PolyanyaMeshInfo& info, const PolyanyaQuery& query,
                        const SearchFilter* filter = nullptr, const PolyanyaDef& def = {},
                        PolyanyaTrace* trace = nullptr);
// The same with the search's state kept by `nav_query` (NavQuery::Part::Polyanya; both forms above use
// the calling thread's NavQuery).
PolyanyaResult polyanya(const NavMesh& mesh, const PolyanyaMeshInfo& info, const PolyanyaQuery& query,
                        const SearchFilter* filter, const PolyanyaDef& def, PolyanyaTrace* trace, NavQuery& nav_query);

}  // namespace navlab
