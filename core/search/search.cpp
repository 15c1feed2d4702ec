#include "search.h"
#include "format.h"

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <memory>

#include "sum_text.h"
#include "tolerances.h"

namespace navlab {

namespace {

Vec3 world_centroid(const NavMesh& mesh, int node) {
  if (mesh.kind == NavMesh::Kind::Graph || mesh.heights.empty()) return to_world(mesh.centroid(node), 0.0);
  double h = 0.0;
  for (int v : mesh.polys[node].verts) h += mesh.heights[v];
  return to_world(mesh.centroid(node), h / double(mesh.polys[node].verts.size()));
}

// An open-list entry. A node's entries have strictly falling f (a node is pushed again only with a lower
// f), so the entry whose f is the node's label f is its newest; the others are stale.
// Laid out so that the entry read as one unsigned 128-bit number orders as (f, seq): f >= 0 (never -0:
// Labels::push adds +0), whose bits order as its values do, is the high half, and seq, unique, is the
// top of the low half, so the node below it never decides.
struct HeapEntry {
  int node;           // the node's label (Labels::slot)
  std::uint32_t seq;  // insertion order: the tie-breaker (a search pushes at most one entry per relaxation)
  double f;
};
static_assert(sizeof(HeapEntry) == 16 && offsetof(HeapEntry, f) == 8);
static_assert(std::endian::native == std::endian::little, "HeapLater reads f as the high half");
// a > b by (f, seq): one comparison of two 128-bit numbers instead of two dependent ones.
struct HeapLater {
  __extension__ using Key = unsigned __int128;
  bool operator()(const HeapEntry& a, const HeapEntry& b) const {
    return std::bit_cast<Key>(a) > std::bit_cast<Key>(b);
  }
};

constexpr size_t kHeapArity = 4;  // children per entry of the open list's heap

enum class NodeState : unsigned char { Unseen, Open, Closed };

// Everything the search keeps per node.
struct NodeLabel {
  double g = std::numeric_limits<double>::infinity();
  double f = std::numeric_limits<double>::infinity();
  Vec3 pos;
  int parent = -1;       // the parent's node (polygon or graph node)
  int parent_slot = -1;  // the parent's label (Labels::slot)
  int parent_link = -1;
  unsigned stamp = 0;  // labels in place: the search (Labels::generation) that wrote this label
  NodeState state = NodeState::Unseen;
};

// Above this many slots a search's labels are pooled (Labels): the labels of every slot in place would
// take more than 4 MB, far more than a core's cache, and a long search reads them scattered over all of
// it. Below it, one label per slot in place saves the pool's lookup, which a short search feels most.
constexpr size_t kPooledAbove = 65536;

// The labels and the open list of one search at a time, kept between searches by a NavQuery
// (NavQuery::Part::Search) so that a search costs the nodes it reaches, not the mesh's size. They hold
// nothing of a mesh between searches: one Labels serves searches on meshes of any size, one at a time.
// Label `slot` < n is node `slot`'s own (state 0); on a mesh of several tiles the labels from n on are
// the nodes of BakedNavMesh::state_nodes (a polygon entered across a tile border in Detour's node state
// 1, 2 or 3). A label of another search reads as unseen: starting a search clears nothing.
//
// On a mesh of up to kPooledAbove slots, label `slot` is pool[slot] and its stamp says which search
// wrote it. On a larger one, as Detour's node pool, the labels a search writes lie side by side in the
// order it first meets their nodes, and a small entry per slot (`where`: the search that met it, and
// its place in the pool) finds them: a long search on a large mesh then reads a few dense pages instead
// of one label per node scattered over the mesh's whole range.
struct Labels {
  struct Where {
    unsigned generation = 0;  // the search (Labels::generation) that met this slot
    unsigned label = 0;       // its label: pool[label]
  };
  bool pooled = false;          // labels found through `where` (else pool[slot])
  std::vector<Where> where;     // per slot, when pooled
  std::vector<NodeLabel> pool;  // room for every slot, so a label never moves during a search
  unsigned used = 0;            // pooled: labels of this search, pool[0, used)
  std::vector<HeapEntry> heap;  // the open list: a heap by HeapLater of kHeapArity children per entry (push, pop)
  std::vector<int> popped;      // the nodes closed, in order (copied into the result once at the end)
  unsigned generation = 0;
  int n = 0;
  const std::vector<StateNode>* extra = nullptr;

  // Starts a search over `count` nodes and the `states` beyond them: every label unseen, the open list empty.
  void begin(int count, const std::vector<StateNode>* states) {
    n = count;
    extra = states;
    const size_t want = size_t(count) + (states ? states->size() : 0);
    pooled = want > kPooledAbove;
    if (pooled && where.size() < want) where.resize(want);
    if (pool.size() < want) pool.resize(want);
    used = 0;
    if (++generation == 0) {  // the generations went once around: clear the stamps and entries for real
      for (NodeLabel& l : pool) l.stamp = 0;
      for (Where& w : where) w.generation = 0;
      generation = 1;
    }
    heap.clear();
    popped.clear();
  }
  int node_of(int slot) const { return slot < n ? slot : (*extra)[size_t(slot - n)].poly; }
  int state_of(int slot) const { return slot < n ? 0 : (*extra)[size_t(slot - n)].state; }
  // The label in `slot` in this search (an unseen one the first time it is asked for).
  NodeLabel& operator[](int slot) {
    if (!pooled) {
      NodeLabel& l = pool[size_t(slot)];
      if (l.stamp != generation) {
        l = NodeLabel{};
        l.stamp = generation;
      }
      return l;
    }
    Where& w = where[size_t(slot)];
    if (w.generation != generation) {
      w.generation = generation;
      w.label = used++;
      pool[w.label] = NodeLabel{};
    }
    return pool[w.label];
  }
  // The label of `slot` if this search has met it, else null.
  const NodeLabel* met(size_t slot) const {
    if (!pooled) return pool[slot].stamp == generation ? &pool[slot] : nullptr;
    return where[slot].generation == generation ? &pool[where[slot].label] : nullptr;
  }
  // Search position of each node, in its lowest state seen (unseen: (0, 0, 0)).
  std::vector<Vec3> positions() const {
    std::vector<Vec3> out(static_cast<size_t>(n));
    std::vector<int> lowest(static_cast<size_t>(n), kDetourNodeStates);
    const size_t total = size_t(n) + (extra ? extra->size() : 0);
    for (size_t slot = 0; slot < total; ++slot) {
      const NodeLabel* l = met(slot);
      const int node = node_of(int(slot)), st = state_of(int(slot));
      if (!l || st >= lowest[size_t(node)]) continue;
      lowest[size_t(node)] = st;
      out[size_t(node)] = l->pos;
    }
    return out;
  }
  // The open list is a heap of four children per entry (entry i's are 4i + 1 to 4i + 4): it pops the
  // least (f, seq) first as std::priority_queue does, and as that order is total (no two entries share
  // a seq) it pops the same sequence; it is half as deep as a binary heap, so a pop on a large mesh's
  // long open list walks half as many levels (docs/performance.md, "The search's records fetched ahead").
  void push(HeapEntry e) {
    e.f += 0.0;  // -0 to +0 (see HeapEntry)
    size_t i = heap.size();
    heap.push_back(e);
    HeapEntry* const h = heap.data();
    while (i > 0) {
      const size_t parent = (i - 1) / kHeapArity;
      if (!HeapLater{}(h[parent], e)) break;
      h[i] = h[parent];
      i = parent;
    }
    h[i] = e;
  }
  HeapEntry pop() {
    HeapEntry* const h = heap.data();
    const HeapEntry top = h[0], last = heap.back();
    heap.pop_back();
    const size_t size = heap.size();
    size_t i = 0;
    for (size_t child = 1; child < size; child = kHeapArity * i + 1) {
      size_t least = child;
      for (size_t k = child + 1; k < std::min(child + kHeapArity, size); ++k)
        if (HeapLater{}(h[least], h[k])) least = k;
      if (!HeapLater{}(last, h[least])) break;
      h[i] = h[least];
      i = least;
    }
    if (size > 0) h[i] = last;
    return top;
  }
};

// The sizes of the open and closed sets, kept up to date on every state change when a trace records
// them (the sets themselves are rebuilt from the steps by search_sets_at).
struct SetCounts {
  int open = 0, closed = 0;
  void changed(NodeState from, NodeState to) {
    if (from == to) return;
    open += (to == NodeState::Open) - (from == NodeState::Open);
    closed += (to == NodeState::Closed) - (from == NodeState::Closed);
  }
};

}  // namespace

int SearchFilter::link_block(const NavMesh& mesh, int node, int link) const {
  if (mesh.kind == NavMesh::Kind::Graph) return graph_link_block.empty() ? -1 : graph_link_block[link];
  // Off-mesh links (codes past the polygon's edges) are gated by no door: only their polygons are.
  return poly_link_block.at(node, link);
}

std::string node_label(const NavMesh& mesh, int node) {
  if (node == kNodeGone) return "a polygon rebuilt since";
  if (node < 0 || node >= mesh.size()) return "none";
  if (mesh.kind == NavMesh::Kind::Graph) return mesh.nodes[node].id;
  return "polygon " + std::to_string(node);
}

int link_target(const NavMesh& mesh, int node, int link) {
  if (mesh.kind == NavMesh::Kind::Graph) return mesh.edges[link].to;
  if (link < int(mesh.polys[node].neighbours.size())) return mesh.polys[node].neighbours[link];
  const LinkCrossing c = mesh.crossing(node, link);
  if (c.index < 0) return -1;
  const NavLink& l = mesh.links[size_t(c.index)];
  if (!c.reverse) return l.from_poly == node ? l.to_poly : -1;
  return l.bidirectional && l.to_poly == node ? l.from_poly : -1;
}

int Connections::count(int node) const {
  if (mesh.kind == NavMesh::Kind::Graph) return int(index.graph_out[size_t(node)].size());
  const int edges = int(mesh.polys[size_t(node)].neighbours.size());
  return index.poly_links.empty() ? edges : edges + int(index.poly_links[size_t(node)].size());
}

int Connections::code(int node, int k) const {
  if (mesh.kind == NavMesh::Kind::Graph) return index.graph_out[size_t(node)][size_t(k)];
  const int edges = int(mesh.polys[size_t(node)].neighbours.size());
  return k < edges ? k : index.poly_links[size_t(node)][size_t(k - edges)];
}

CostModel effective_cost_model(const NavMesh& mesh, const SearchDef& def) {
  return mesh.kind == NavMesh::Kind::Graph ? CostModel::Graph : def.cost_model;
}

namespace {

// The search's step records (no-ops without a trace): each says what happened with its numbers.
struct Tracer {
  SearchTrace* trace;
  SetCounts sets;

  void push(SearchStep s) { trace->steps.push_back(std::move(s)); }
  static SearchStep named(SearchStep::Kind kind, int node, int parent = -1) {
    SearchStep s;
    s.kind = kind;
    s.node = node;
    s.parent = parent;
    return s;
  }
  void stale(int node, int state, double f) {
    if (!trace) return;
    SearchStep s = named(SearchStep::Kind::StaleSkipped, node);
    s.f = f;
    s.state = state;
    push(std::move(s));
  }
  void exhausted(int goal, int expanded) {
    if (!trace) return;
    SearchStep s = named(SearchStep::Kind::Exhausted, goal);
    s.pops = expanded;
    push(std::move(s));
  }
  void popped(const NodeLabel& l, int node, int state) {
    if (!trace) return;
    SearchStep s = named(SearchStep::Kind::Popped, node, l.parent);
    s.link = l.parent_link;
    s.state = state;
    s.g = l.g;
    s.f = l.f;
    s.h = l.f - l.g;
    s.open_count = sets.open;
    s.closed_count = sets.closed;
    push(std::move(s));
  }
  void blocked(int node, int parent, int link, int cause) {
    if (!trace) return;
    SearchStep s = named(SearchStep::Kind::Blocked, node, parent);
    s.link = link;
    s.cause = cause;
    push(std::move(s));
  }
  void relaxed(const NodeLabel& l, int node, int state, int parent, int link, double g, double h, bool improved) {
    if (!trace) return;
    SearchStep s = named(SearchStep::Kind::Relaxed, node, parent);
    s.link = link;
    s.state = state;
    s.g = g;
    s.h = h;
    s.f = g + h;
    s.old_g = l.g;
    s.improved = improved;
    s.was_closed = l.state == NodeState::Closed;
    push(std::move(s));
  }
  void open_empty(int goal) {
    if (trace) push(named(SearchStep::Kind::OpenEmpty, goal));
  }
  void reached(int goal, double cost, const std::vector<int>& corridor) {
    if (!trace) return;
    SearchStep s = named(SearchStep::Kind::Reached, goal);
    s.g = cost;
    trace->route = corridor;
    push(std::move(s));
  }
};

// The takeoff (landing = false) or landing point of crossing `c`, in the world.
Vec3 link_end(const NavMesh& mesh, LinkCrossing c, bool landing) {
  const NavLink& l = mesh.links[size_t(c.index)];
  return landing != c.reverse ? to_world(l.to, l.to_height) : to_world(l.from, l.from_height);
}

// Where a node's costs are measured from, fixed when it is first seen (as Detour does): the midpoint of
// the edge it was entered by (EdgeMidpoints) or its centroid.
// A polygon first reached by an off-mesh link sits at the link's landing point whatever the model (as
// Detour places it at the off-mesh connection's end).
Vec3 discovery_position(const NavMesh& mesh, CostModel model, int from, int link, int node) {
  if (const LinkCrossing c = mesh.crossing(from, link); c.index >= 0) return link_end(mesh, c, true);
  if (model != CostModel::EdgeMidpoints) return world_centroid(mesh, node);
  return mesh.edge_midpoint(from, link);
}

// Does the search read the mesh's edge records (MeshIndex::SearchEdge)? The edge-midpoint model on a
// polygon mesh without off-mesh links, where every connection is an edge placed at its record's point.
bool uses_edge_records(const NavMesh& mesh, CostModel model) {
  return mesh.kind == NavMesh::Kind::Polygons && model == CostModel::EdgeMidpoints && mesh.links.empty();
}

// One A* (or Dijkstra) run: the labels and the open list (`L`, the NavQuery's) and the node nearest
// the goal so far.
struct AStar {
  const NavMesh& mesh;
  const SearchQuery& query;
  const SearchDef& def;
  const SearchFilter* filter;
  const CostModel model;
  const bool is_graph;
  const bool astar;  // Dijkstra: no heuristic (Polyanya plans: A*, see scene.h)
  Labels& L;
  const MeshIndex* index;    // graphs and meshes with off-mesh links: their connections (null: edges only)
  const MeshIndex* records;  // the edge-midpoint model on polygons without links: its edge records (else null)
  // Meshes of several tiles: how Detour crosses each tile-border edge (BakedNavMesh::borders); null else.
  const std::vector<std::vector<BorderEdge>>* borders;
  const Vec3 target;  // where the goal distance is measured to: the goal point, or the goal node (Graph model)
  Tracer tr;
  std::uint32_t seq = 0;
  // Detour keeps, besides the open list, the discovered node nearest the goal for partial paths.
  int best_node;
  int best_slot;
  double best_dist_sq = std::numeric_limits<double>::infinity();  // squared: compared only, no square root

  AStar(const NavMesh& m, const SearchQuery& q, const SearchDef& d, const SearchFilter* f, CostModel cm, SearchTrace* t,
        Labels& labels, const MeshIndex* ix)
      : mesh(m),
        query(q),
        def(d),
        filter(f),
        model(cm),
        is_graph(m.kind == NavMesh::Kind::Graph),
        astar(d.algorithm != Algorithm::Dijkstra),
        L(labels),
        index(is_graph || !m.links.empty() ? ix : nullptr),
        records(uses_edge_records(m, cm) ? ix : nullptr),
        borders(cm == CostModel::EdgeMidpoints && m.baked && !m.baked->borders.empty() ? &m.baked->borders : nullptr),
        target(cm == CostModel::Graph ? world_centroid(m, q.goal) : q.goal_pos),
        tr{t, {}},
        best_node(q.start),
        best_slot(0) {
    L.begin(m.size(), borders ? &m.baked->state_nodes : nullptr);
    best_slot = q.start;
  }

  // How Detour crosses edge `link` of polygon `node` when it lies on a tile border (null: it does not).
  const BorderEdge* border_of(int node, int link) const {
    if (!borders) return nullptr;
    const std::vector<BorderEdge>& edges = (*borders)[size_t(node)];
    return size_t(link) < edges.size() && edges[size_t(link)].border ? &edges[size_t(link)] : nullptr;
  }

  // The search node of polygon `next` entered over edge `link` of `node` when that is an off-mesh link:
  // on a mesh of several tiles, forwards, Detour's node state NavLink::land_state (its node in
  // BakedNavMesh::link_nodes); backwards, and anywhere else, the polygon's own node (state 0: the
  // off-mesh polygon leads back into its start's tile from inside it).
  int landing_node(int node, int link, int next) const {
    if (!borders || mesh.links.empty()) return next;
    const LinkCrossing c = mesh.crossing(node, link);
    const std::vector<int>& nodes = mesh.baked->link_nodes;
    return c.index >= 0 && !c.reverse && size_t(c.index) < nodes.size() ? nodes[size_t(c.index)] : next;
  }

  double poly_cost(int node) const { return is_graph ? 1.0 : mesh.polys[size_t(node)].cost; }
  double heuristic(int node, Vec3 pos) const {
    if (!astar || node == query.goal) return 0.0;
    return distance(pos, target) * def.heuristic_scale;
  }
  void set_state(NodeLabel& l, NodeState to) {
    if (tr.trace) tr.sets.changed(l.state, to);
    l.state = to;
  }

  // The start on the open list (none when a filter bars the start itself).
  void start() {
    const int s = query.start;
    NodeLabel& l = L[s];
    l.pos = model == CostModel::Graph ? world_centroid(mesh, s) : query.start_pos;
    l.g = 0.0;
    if (s == query.goal && model != CostModel::Graph) l.g = distance(query.start_pos, query.goal_pos) * poly_cost(s);
    l.f = l.g + heuristic(s, l.pos);
    set_state(l, NodeState::Open);
    best_dist_sq = distance_sq(l.pos, target);
    L.push({s, seq++, l.f});
    if (filter && filter->node_blocked(s)) L.heap.clear();
  }

  // The filter's reason index barring the step from `cur` over `link` into `next` (-1: open).
  int block_of(int cur, int link, int next) const {
    if (!filter) return -1;
    const int block = filter->link_block(mesh, cur, link);
    return block < 0 && filter->node_blocked(next) ? filter->node_block[size_t(next)] : block;
  }

  // G of `next` when reached from `cur` (whose poly_cost is `cur_cost`) over `link`.
  // Over an off-mesh link: the walk to its takeoff in `cur`, then the link's own cost (no multiplier).
  double g_through(const NodeLabel& from, int cur, double cur_cost, int link, const NodeLabel& to, int next) const {
    if (is_graph) return from.g + mesh.edges[size_t(link)].cost;
    const LinkCrossing jump = mesh.crossing(cur, link);
    double g = jump.index < 0 ? from.g + distance(from.pos, to.pos) * cur_cost
                              : from.g + distance(from.pos, link_end(mesh, jump, false)) * cur_cost +
                                    mesh.links[size_t(jump.index)].cost;
    if (next == query.goal && model != CostModel::Graph) g += distance(to.pos, query.goal_pos) * poly_cost(next);
    return g;
  }

  // Relaxes the step from the node just closed (`from`, label `cur_slot`, poly_cost `cur_cost`) over
  // connection `link` into `next`, whose label is `next_slot`; `position()` places `next` the first time
  // it is seen.
  template <class Position>
  void relax(const NodeLabel& from, int cur, int cur_slot, double cur_cost, int link, int next, int next_slot,
             Position&& position) {
    if (const int block = block_of(cur, link, next); block >= 0) {
      tr.blocked(next, cur, link, block);
      return;
    }
    NodeLabel& to = L[next_slot];
    if (to.state == NodeState::Unseen) to.pos = position();
    const double g = g_through(from, cur, cur_cost, link, to, next);
    const double h = heuristic(next, to.pos);
    const double f = g + h;
    const bool improved = to.state == NodeState::Unseen || f < to.f;
    tr.relaxed(to, next, L.state_of(next_slot), cur, link, g, h, improved);
    if (!improved) return;
    to.g = g;
    to.f = f;
    to.parent = cur;
    to.parent_slot = cur_slot;
    to.parent_link = link;
    set_state(to, NodeState::Open);
    L.push({next_slot, seq++, f});
    if (records) records->search_edges.prefetch(next);
    if (const double d = distance_sq(to.pos, target); d < best_dist_sq) {
      best_dist_sq = d;
      best_node = next;
      best_slot = next_slot;
    }
  }

  // Relaxes every neighbour of the node just closed (label `cur_slot`). On a mesh of several tiles a
  // neighbour entered across a tile border has a label of its own per side (Detour's node states) and
  // sits at Detour's portal midpoint.
  void expand(int cur_slot) {
    const int cur = L.node_of(cur_slot);
    const NodeLabel& from = L[cur_slot];  // labels are not moved during a search: `from` stays valid
    // Every connection an edge: its label and position in one record (unless another thread is
    // writing this polygon's records just now).
    if (const MeshIndex::SearchEdge* edges = records ? records->search_edges.of(mesh, cur) : nullptr) {
      const int count = records->search_edges.count(cur);
      const double cost = records->search_edges.cost(cur);
      for (int k = 0; k < count; ++k) {
        const MeshIndex::SearchEdge& e = edges[k];
        if (e.next < 0 || e.next == from.parent) continue;
        relax(from, cur, cur_slot, cost, k, e.next, e.slot, [&] { return e.mid(); });
      }
      return;
    }
    const int link_count =
        index ? Connections{mesh, *index}.count(cur) : int(mesh.polys[size_t(cur)].neighbours.size());
    const double cost = poly_cost(cur);
    for (int k = 0; k < link_count; ++k) {
      const int link = index ? Connections{mesh, *index}.code(cur, k) : k;
      // Without an index every connection is an edge of a polygon: its neighbour, read in place.
      const int next = index ? link_target(mesh, cur, link) : mesh.polys[size_t(cur)].neighbours[size_t(k)];
      if (next < 0 || next == from.parent) continue;
      const BorderEdge* border = border_of(cur, link);
      relax(from, cur, cur_slot, cost, link, next, border ? border->node : landing_node(cur, link, next),
            [&] { return border ? border->mid : discovery_position(mesh, model, cur, link, next); });
    }
  }
};

// The corridor from the start to label `last` by the parents, with the links crossed.
// Counted first and filled from the back: at most one allocation per vector, none into a reused result
// that has room (this runs on every query).
void corridor_to(Labels& L, int last, SearchResult& res) {
  size_t count = 0;
  for (int v = last; v >= 0; v = L[v].parent_slot) ++count;
  res.corridor.resize(count);
  res.links.resize(count - 1);
  size_t i = count;
  for (int v = last; v >= 0; v = L[v].parent_slot) {
    res.corridor[--i] = L.node_of(v);
    if (i > 0) res.links[i - 1] = L[v].parent_link;
  }
  res.cost = L[last].g;
}

}  // namespace

SearchResult search(const NavMesh& mesh, const SearchQuery& query, const SearchDef& def, const SearchFilter* filter,
                    SearchTrace* trace) {
  SearchResult res;
  search_into(mesh, query, def, filter, trace, res);
  return res;
}

void prepare_search(const NavMesh& mesh) {
  mesh.query_cache.index_of(mesh);
  // Every polygon's edge records, which a search otherwise writes as it first expands the polygon.
  if (uses_edge_records(mesh, CostModel::EdgeMidpoints)) {
    const MeshIndex& index = mesh.query_cache.index_of(mesh);
    if (!index.search_edges.empty())
      for (int p = 0; p < int(mesh.polys.size()); ++p) index.search_edges.of(mesh, p);
  }
}

void search_into(const NavMesh& mesh, const SearchQuery& query, const SearchDef& def, const SearchFilter* filter,
                 SearchTrace* trace, SearchResult& res) {
  const NavQuery::ThisThread nav_query;
  search_into(mesh, query, def, filter, trace, res, *nav_query);
}

void search_into(const NavMesh& mesh, const SearchQuery& query, const SearchDef& def, const SearchFilter* filter,
                 SearchTrace* trace, SearchResult& res, NavQuery& nav_query) {
  res.clear();
  res.algorithm = def.algorithm;
  res.cost_model = effective_cost_model(mesh, def);
  const int n = mesh.size();
  const CostModel model = res.cost_model;
  if (trace) {
    trace->algorithm = def.algorithm;
    trace->cost_model = model;
    if (filter) trace->causes = filter->reasons;
  }
  auto fail = [&](Reason reason, const std::string& message) {
    res.status = Status::Failed;
    res.failure = Failure{FailStage::Search, reason, message, {}};
  };
  if (query.start < 0 || query.start >= n || query.goal < 0 || query.goal >= n) {
    fail(Reason::InvalidArgument, "The start or goal node index (" + std::to_string(query.start) + ", " +
                                      std::to_string(query.goal) + ") is not a node of the mesh (0 to " +
                                      std::to_string(n - 1) + ").");
    return;
  }

  Labels& labels = nav_query.part<Labels>(NavQuery::Part::Search, [] { return std::make_shared<Labels>(); });
  // Graphs' outgoing edges, each polygon's off-mesh links or edge records.
  const MeshIndex* index = mesh.kind == NavMesh::Kind::Graph || !mesh.links.empty() || uses_edge_records(mesh, model)
                               ? &mesh.query_cache.index_of(mesh)
                               : nullptr;
  AStar A(mesh, query, def, filter, model, trace, labels, index);
  A.start();
  bool found = false, exhausted = false;
  int goal_slot = -1;
  while (!A.L.heap.empty()) {
    const HeapEntry top = A.L.pop();
    const int cur_slot = top.node;
    const int cur = A.L.node_of(cur_slot);
    NodeLabel& cur_label = A.L[cur_slot];
    if (top.f != cur_label.f || cur_label.state != NodeState::Open) {
      A.tr.stale(cur, A.L.state_of(cur_slot), top.f);
      continue;
    }
    if (def.node_budget > 0 && res.expanded >= def.node_budget) {
      exhausted = true;
      A.tr.exhausted(query.goal, res.expanded);
      break;
    }
    A.set_state(cur_label, NodeState::Closed);
    ++res.expanded;
    A.L.popped.push_back(cur);
    A.tr.popped(cur_label, cur, A.L.state_of(cur_slot));
    if (cur == query.goal) {
      found = true;
      goal_slot = cur_slot;
      break;
    }
    A.expand(cur_slot);
  }
  res.popped.assign(A.L.popped.begin(), A.L.popped.end());  // no allocation into a reused result
  if (trace) trace->positions = A.L.positions();
  if (!found && !exhausted) A.tr.open_empty(query.goal);
  Labels& L = A.L;
  const int best_node = A.best_node;

  int last = -1;
  if (found) {
    last = goal_slot;
    res.status = Status::Complete;
  } else if (exhausted) {
    last = A.best_slot;
    res.status = Status::Partial;
    res.failure = Failure{FailStage::Search,
                          Reason::BudgetExhausted,
                          "The node budget of " + std::to_string(def.node_budget) +
                              " pops ran out before the goal was reached, so no path is proven or ruled "
                              "out; the corridor leads to " +
                              node_label(mesh, best_node) + ", the discovered node nearest the goal.",
                          {}};
  } else {
    fail(Reason::Disconnected, "No connection leads from " + node_label(mesh, query.start) + " to " +
                                   node_label(mesh, query.goal) + ": they lie in separate parts of the mesh.");
    return;
  }
  corridor_to(L, last, res);
  if (found) A.tr.reached(query.goal, res.cost, res.corridor);
}

}  // namespace navlab
