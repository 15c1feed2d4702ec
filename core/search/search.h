// The search stage: Dijkstra and A* over the polygon graph (or the abstract node graph) of a NavMesh.
//
// The open list is a heap (four children per entry) with stale-entry skip: an improved node is pushed
// again and its old entries are skipped when popped. Entries with equal F pop in insertion order, so a
// trace is the same on every run. Closed nodes are reopened when a cheaper way to them is found (the
// edge_midpoints model is not consistent, exactly like Detour's).
//
// Cost models (SearchDef::cost_model), with `cost` the polygon's traversal multiplier:
//   edge_midpoints  Detour's dtNavMeshQuery::findPath. The start node sits at the start point; any other
//                   polygon's search position is the midpoint of the portal through which it was first
//                   discovered (Detour keeps that position when the node is later re-parented).
//                   On a mesh of several tiles (BakedNavMesh::borders) a polygon entered across a tile
//                   border is a node of its own per side of entry (Detour's node states, up to
//                   kDetourNodeStates per polygon), placed at Detour's portal midpoint (the portal's ends
//                   in 1/255 steps of the edge): it may be reached again from another side, at another
//                   position, after it was closed, and the corridor can hold the cheaper of the two.
//                   g += |pos(next) - pos(current)| * cost(current); entering the goal polygon also adds
//                   |goal point - pos(goal polygon)| * cost(goal polygon). h = |goal point - pos| * scale,
//                   0 on the goal polygon. Distances are 3D when the mesh has heights.
//   centroids       the same with every polygon's position at its centroid.
//   Off-mesh links (NavMesh::links) are extra connections of the polygon under their takeoff point:
//                   g += |takeoff - pos(current)| * cost(current) + the link's cost; a polygon first reached
//                   by a link sits at its landing point.
//   graph           explicit edge costs (graph scenes: GraphEdge::cost). On a polygon mesh, the
//                   centroid-to-centroid distance times the cost of the polygon being left, no start or
//                   goal legs. h = |pos(node) - pos(goal node)| * scale.
// Graph scenes always use `graph`, whatever the SearchDef says.
//
// The per-node labels and the open list are kept with the mesh (core/navmesh/query_cache.h) and reused:
// a label stamped by an earlier search reads as unseen, so a search allocates and clears nothing the
// size of the mesh and costs the nodes it reaches.
#pragma once

#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "enum_names.h"
#include "geom.h"
#include "nav_query.h"
#include "navmesh.h"
#include "query_cache.h"
#include "result.h"
#include "scene.h"

namespace navlab {

// What may not be used in a search. Every vector may be left empty (nothing blocked).
// Each blocked entry holds an index into `reasons` (the closed door or excluded area that blocks it).
struct SearchFilter {
  std::vector<std::string> reasons;   // e.g. "door door1", "area water"
  std::vector<int> node_block;        // per polygon / graph node: -1 allowed
  LinkBlocks poly_link_block;         // polygons: the barred (polygon, edge)s and their reasons
  std::vector<int> graph_link_block;  // graph: per NavMesh::edges index: -1 open

  bool node_blocked(int node) const { return !node_block.empty() && node_block[node] >= 0; }
  // `link`: polygon edge index of `node` (polygons) or NavMesh::edges index (graph).
  int link_block(const NavMesh& mesh, int node, int link) const;
};

// One query, already located: start/goal polygon (or node) indices and world positions
// (2D scenes: to_world(plane, 0); graph scenes: the node positions).
struct SearchQuery {
  int start = -1;
  int goal = -1;
  Vec3 start_pos;
  Vec3 goal_pos;
};

struct SearchTrace;

// One recorded step of a search. Kinds:
//   Popped        `node` left the open list with `g`, `h`, `f` and `parent`; `open_count`/`closed_count`
//                 are the sizes of the sets right after it was closed (search_sets_at gives the sets).
//   StaleSkipped  an outdated heap entry of `node` (its `f`) was popped and ignored.
//   Relaxed       from `parent` (the node being expanded) to `node` over `link`: candidate `g`,`h`,`f`
//                 against `old_g` (infinity when unseen); `improved` says whether it was taken.
//   Blocked       the link from `parent` to `node` is closed or `node` is excluded; `cause` indexes the
//                 trace's `causes`, which name it.
//   Exhausted     the node budget ran out before the goal (`node`) was popped after `pops` pops.
//   Reached       the goal `node` was popped with cost `g`: the search stops and the corridor is rebuilt by
//                 following the parents back; the trace's `route` is it, start first.
//   OpenEmpty     the open list ran empty before the goal `node` was popped: no path under the filter.
//   Retarget      the goal cannot be reached (`goal_reason`); the unreachable_goal policy searches again towards
//                 `node`, whose point `point` lies `g` m from the goal.
struct SearchStep {
  enum class Kind { Popped, StaleSkipped, Relaxed, Blocked, Exhausted, Reached, OpenEmpty, Retarget };
  Kind kind = Kind::Popped;
  int node = -1;
  int parent = -1;
  int link = -1;
  double g = 0.0;
  double h = 0.0;
  double f = 0.0;
  double old_g = std::numeric_limits<double>::infinity();
  bool improved = false;
  bool was_closed = false;  // Relaxed: `node` had already been taken from the open list (it is reopened)
  int open_count = 0;       // Popped: nodes on the open list right after the pop
  int closed_count = 0;     // Popped: nodes closed, this one included
  int pops = 0;             // Exhausted: the pops made before the budget ran out
  int cause = -1;           // Blocked: the closed door or excluded area, an index into SearchTrace::causes
  Reason goal_reason = Reason::Disconnected;  // Retarget: why the goal itself cannot be reached
  Vec2 point;                                 // Retarget: the substitute point, m
  // Popped, StaleSkipped, Relaxed: which of the node's labels (0, or on a mesh of several tiles the
  // Detour node state of the side of a tile border it was entered across: see the cost models above).
  int state = 0;
  // One sentence with the step's numbers, the mesh's names for its nodes and, from its trace, the names
  // of what blocks and the corridor rebuilt, e.g. "Take Hall from the open list (reached from Start):
  // G 2 + H 0 = F 2; 1 node open, 2 nodes closed."
  std::string describe(const NavMesh& mesh, const SearchTrace& trace) const;
};
inline constexpr Named<SearchStep::Kind> kSearchStepKindNames[] = {
    {SearchStep::Kind::Popped, "popped"},        {SearchStep::Kind::StaleSkipped, "stale_skipped"},
    {SearchStep::Kind::Relaxed, "relaxed"},      {SearchStep::Kind::Blocked, "blocked"},
    {SearchStep::Kind::Exhausted, "exhausted"},  {SearchStep::Kind::Reached, "reached"},
    {SearchStep::Kind::OpenEmpty, "open_empty"}, {SearchStep::Kind::Retarget, "retarget"},
};
static_assert(names_cover(kSearchStepKindNames, SearchStep::Kind::Retarget));
inline const char* to_string(SearchStep::Kind v) { return name_in(kSearchStepKindNames, v); }

// How one sentence or label writes its costs, so a number reads the same wherever it appears in it:
// whole numbers as they are ("G 2 + H 3 = F 5") when g, h and `other` are all whole, else every number
// with the decimals (two at least) at which the printed G + H adds up to the printed F.
struct CostDigits {
  int decimals = -1;  // -1: whole numbers
  std::string operator()(double v) const;
};
CostDigits cost_digits(double g, double h, double other = 0.0);

// The open and closed sets (sorted node indices) right after step `index` of `steps`, rebuilt by
// replaying them: a Popped step of the start (no parent) begins a search with the start closed and
// nothing open; a Relaxed step that improved opens its node (re-opening it if closed); a Popped step
// closes its node. A node with several states (meshes of several tiles) is listed once per state in
// the set that state is in. Linear in the steps and the nodes named.
struct SearchSets {
  std::vector<int> open, closed;
};
SearchSets search_sets_at(const std::vector<SearchStep>& steps, size_t index);

struct SearchTrace {
  Algorithm algorithm = Algorithm::AStar;
  CostModel cost_model = CostModel::EdgeMidpoints;
  std::vector<SearchStep> steps;
  std::vector<std::string> causes;  // what blocks a link, as Blocked steps index it: the filter's reasons
  std::vector<int> route;           // the corridor the Reached step rebuilt from the parents, start first
  std::vector<Vec3> positions;      // search position of every node at the end (world; unseen: (0,0,0))
};

struct SearchResult {
  Status status = Status::Failed;
  std::optional<Failure> failure;  // stage "search": disconnected | budget_exhausted
  std::vector<int> corridor;       // node indices, start first; partial: start .. best node so far
  std::vector<int> links;          // links[i] joins corridor[i] and corridor[i+1] (see SearchFilter)
  double cost = 0.0;               // G of the last corridor node (goal leg included for the goal)
  int expanded = 0;                // nodes popped (the goal included; stale entries not counted)
  std::vector<int> popped;         // the nodes popped, in pop order (a reopened node appears again)
  Algorithm algorithm = Algorithm::AStar;
  CostModel cost_model = CostModel::EdgeMidpoints;
  // Back to a new result's values, the vectors keeping their capacity.
  void clear() {
    status = Status::Failed;
    failure.reset();
    corridor.clear();
    links.clear();
    cost = 0.0;
    expanded = 0;
    popped.clear();
    algorithm = Algorithm::AStar;
    cost_model = CostModel::EdgeMidpoints;
  }
};

// The cost model actually used for `mesh` (graph meshes always use Graph).
CostModel effective_cost_model(const NavMesh& mesh, const SearchDef& def);

// Runs Dijkstra (def.algorithm == Dijkstra: h = 0) or A* from query.start to query.goal.
// def.node_budget > 0 limits the number of nodes popped: when it runs out before the goal is popped the
// result is Partial with reason budget_exhausted and the corridor to the discovered node nearest the
// goal (as Detour's partial path; it may be the goal itself, not proven shortest). No path under
// `filter`: Failed, reason disconnected (the caller tells agent_restricted apart, see gates.h). As in
// Detour the link back to a node's parent is not relaxed. `trace` (optional) receives every step.
SearchResult search(const NavMesh& mesh, const SearchQuery& query, const SearchDef& def,
                    const SearchFilter* filter = nullptr, SearchTrace* trace = nullptr);

// search() into `out`, which is overwritten whole: its vectors keep their capacity, so a caller that
// searches again and again with one result (as Detour's findPath writes into the caller's array)
// allocates nothing once they are large enough. `trace` as in search().
// The labels and open list are the calling thread's NavQuery's.
void search_into(const NavMesh& mesh, const SearchQuery& query, const SearchDef& def, const SearchFilter* filter,
                 SearchTrace* trace, SearchResult& out);
// The same with the labels and open list of `nav_query` (NavQuery::Part::Search), which serves one
// search at a time.
void search_into(const NavMesh& mesh, const SearchQuery& query, const SearchDef& def, const SearchFilter* filter,
                 SearchTrace* trace, SearchResult& out, NavQuery& nav_query);

// Builds the index of `mesh` and writes every polygon's edge records (MeshIndex::search_edges), so the
// first search on it — on whichever thread — neither builds nor writes them (on a 100k-polygon mesh a
// few ms). The app's bake worker calls it on every new mesh.
void prepare_search(const NavMesh& mesh);

// A record's node whose polygon no longer exists: a tile under it was rebuilt after the search (the app
// keeps a plan whose corridor the rebuild did not touch, and renumbers its records).
constexpr int kNodeGone = -2;

// Display name of a node: the graph node id, "polygon N", "none" (-1) or "a polygon rebuilt since"
// (kNodeGone).
std::string node_label(const NavMesh& mesh, int node);

// The polygon across connection `link` of `node` (polygons: an edge, or an off-mesh link code as
// NavMesh::link_code numbers it; -1 for a wall or a link that does not leave `node` that way) or the
// head of NavMesh::edges[link] (graph).
int link_target(const NavMesh& mesh, int node, int link);

// The connections of `node` to try, in order: a graph node's outgoing edges (MeshIndex::graph_out); a
// polygon's edges, then the codes of the off-mesh links leaving it (MeshIndex::poly_links).
struct Connections {
  const NavMesh& mesh;
  const MeshIndex& index;
  int count(int node) const;
  int code(int node, int k) const;  // the k-th connection code of `node`, k in [0, count(node))
};

}  // namespace navlab
