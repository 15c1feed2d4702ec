#include "search.h"
#include "format.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <queue>

#include "sum_text.h"

namespace navlab {

namespace {

// Whole numbers as they are (graph costs: "G 6"), others with two decimals.
std::string cost_num(double v) {
  if (v == std::numeric_limits<double>::infinity()) return "infinity";
  if (std::fabs(v - std::round(v)) < 1e-9) return fixed_text(std::round(v), 0);
  return fixed_text(v, 2);
}

Vec3 world_vertex(const NavMesh& mesh, int v) {
  return to_world(mesh.verts[v], mesh.heights.empty() ? 0.0 : mesh.heights[v]);
}

Vec3 world_centroid(const NavMesh& mesh, int node) {
  if (mesh.kind == NavMesh::Kind::Graph || mesh.heights.empty()) return to_world(mesh.centroid(node), 0.0);
  double h = 0.0;
  for (int v : mesh.polys[node].verts) h += mesh.heights[v];
  return to_world(mesh.centroid(node), h / double(mesh.polys[node].verts.size()));
}

struct HeapEntry {
  double f;
  long seq;  // insertion order: the tie-breaker
  int node;
  int version;
};
struct HeapLater {
  bool operator()(const HeapEntry& a, const HeapEntry& b) const {
    return a.f != b.f ? a.f > b.f : a.seq > b.seq;
  }
};

enum class NodeState : unsigned char { Unseen, Open, Closed };

// Everything the search keeps per node.
struct Labels {
  std::vector<double> g, f;
  std::vector<int> parent, parent_link, version;
  std::vector<Vec3> pos;
  std::vector<NodeState> state;
  explicit Labels(int n)
      : g(n, std::numeric_limits<double>::infinity()),
        f(n, std::numeric_limits<double>::infinity()),
        parent(n, -1),
        parent_link(n, -1),
        version(n, 0),
        pos(n),
        state(n, NodeState::Unseen) {}
};

// The open and closed sets as sorted node lists, kept up to date on every state change when a trace
// records them (a copy per pop costs the sets' size, not the mesh's).
struct TracedSets {
  std::vector<int> open, closed;
  static void insert(std::vector<int>& v, int n) {
    const auto it = std::lower_bound(v.begin(), v.end(), n);
    if (it == v.end() || *it != n) v.insert(it, n);
  }
  static void erase(std::vector<int>& v, int n) {
    const auto it = std::lower_bound(v.begin(), v.end(), n);
    if (it != v.end() && *it == n) v.erase(it);
  }
  void changed(int n, NodeState from, NodeState to) {
    if (from == to) return;
    if (from == NodeState::Open) erase(open, n);
    if (from == NodeState::Closed) erase(closed, n);
    if (to == NodeState::Open) insert(open, n);
    if (to == NodeState::Closed) insert(closed, n);
  }
};

// Outgoing links of a node, in a fixed order: polygon edges in vertex order, graph edges in file order.
struct Adjacency {
  std::vector<std::vector<int>> graph_out;  // graph meshes only
  explicit Adjacency(const NavMesh& mesh) {
    if (mesh.kind != NavMesh::Kind::Graph) return;
    graph_out.resize(mesh.nodes.size());
    for (size_t e = 0; e < mesh.edges.size(); ++e) graph_out[mesh.edges[e].from].push_back(int(e));
  }
};

}  // namespace

int SearchFilter::link_block(const NavMesh& mesh, int node, int link) const {
  if (mesh.kind == NavMesh::Kind::Graph) return graph_link_block.empty() ? -1 : graph_link_block[link];
  if (poly_link_block.empty() || poly_link_block[node].empty()) return -1;
  return poly_link_block[node][link];
}

std::string node_label(const NavMesh& mesh, int node) {
  if (node < 0) return "none";
  if (mesh.kind == NavMesh::Kind::Graph) return mesh.nodes[node].id;
  return "polygon " + std::to_string(node);
}

int link_target(const NavMesh& mesh, int node, int link) {
  if (mesh.kind == NavMesh::Kind::Graph) return mesh.edges[link].to;
  return mesh.polys[node].neighbours[link];
}

CostModel effective_cost_model(const NavMesh& mesh, const SearchDef& def) {
  return mesh.kind == NavMesh::Kind::Graph ? CostModel::Graph : def.cost_model;
}

const char* to_string(SearchStep::Kind k) {
  switch (k) {
    case SearchStep::Kind::Popped: return "popped";
    case SearchStep::Kind::StaleSkipped: return "stale_skipped";
    case SearchStep::Kind::Relaxed: return "relaxed";
    case SearchStep::Kind::Blocked: return "blocked";
    case SearchStep::Kind::Exhausted: return "exhausted";
    case SearchStep::Kind::Reached: return "reached";
    case SearchStep::Kind::OpenEmpty: return "open_empty";
    case SearchStep::Kind::Retarget: return "retarget";
  }
  return "popped";
}

namespace {

// "G 2 + H 3 = F 5"; non-whole values at the decimals where the printed terms add up.
std::string gh_sum(double g, double h, double f) {
  const bool whole = std::fabs(g - std::round(g)) < 1e-9 && std::fabs(h - std::round(h)) < 1e-9;
  if (whole) return "G " + cost_num(g) + " + H " + cost_num(h) + " = F " + cost_num(f);
  const int d = decimals_that_add_up({g, h});
  return "G " + fixed_text(g, d) + " + H " + fixed_text(h, d) + " = F " + fixed_text(g + h, d);
}

std::string count(size_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

std::string relaxed_text(const SearchStep& s) {
  const std::string from = "From " + s.parent_name + ", ";
  if (!s.improved)
    return from + "reaching " + s.node_name + " costs G " + cost_num(s.g) + ", which is not less than its G " +
           cost_num(s.old_g) + " so far: " + s.node_name + " keeps its parent.";
  if (s.old_g == std::numeric_limits<double>::infinity())
    return from + s.node_name + " is seen for the first time: " + gh_sum(s.g, s.h, s.f) + "; it joins the open list with parent " +
           s.parent_name + ".";
  return from + "a cheaper way to " + s.node_name + ": G " + cost_num(s.g) + " is less than its G " + cost_num(s.old_g) +
         " so far; " + gh_sum(s.g, s.h, s.f) + ", parent now " + s.parent_name + (s.was_closed ? "; it was already taken, so it is opened again." : "; its open-list entry is updated.");
}

std::string join_route(const std::vector<std::string>& route) {
  std::string out;
  for (size_t i = 0; i < route.size(); ++i) out += (i ? ", " : "") + route[i];
  return out;
}

}  // namespace

std::string SearchStep::describe() const {
  switch (kind) {
    case Kind::Popped:
      return "Take " + node_name + " from the open list" +
             (parent_name.empty() ? " (the start)" : " (reached from " + parent_name + ")") + ": " + gh_sum(g, h, f) +
             "; " + count(open.size(), "node", "nodes") + " open, " + count(closed.size(), "node", "nodes") + " closed.";
    case Kind::StaleSkipped:
      return "Skip an outdated open-list entry of " + node_name + " (F " + cost_num(f) +
             "): a cheaper entry for it was added later.";
    case Kind::Relaxed: return relaxed_text(*this);
    case Kind::Blocked:
      return "From " + parent_name + ", " + node_name + " cannot be entered: blocked by " + why + ".";
    case Kind::Exhausted:
      return "The node budget is used up after taking " + std::to_string(int(g)) + " nodes, before " + node_name +
             " was taken: the search stops without proving or ruling out a path.";
    case Kind::Reached:
      return "Goal reached: " + node_name + " was taken with cost " + cost_num(g) +
             "; the corridor is rebuilt from the parents: " + join_route(route) + ".";
    case Kind::OpenEmpty:
      return "The open list is empty and " + node_name +
             " was never reached: no path leads there with the doors and areas in force.";
    case Kind::Retarget: {
      char buf[96];
      std::snprintf(buf, sizeof buf, "(%.2f, %.2f)", point.x, point.y);
      return "The goal cannot be reached (" + why + "), and the scene asks for the nearest reachable point: " +
             "a second search heads for " + node_name + " at " + buf + ", " + cost_num(g) + " m from the goal.";
    }
  }
  return "";
}

SearchResult search(const NavMesh& mesh, const SearchQuery& query, const SearchDef& def,
                    const SearchFilter* filter, SearchTrace* trace) {
  SearchResult res;
  res.algorithm = def.algorithm;
  res.cost_model = effective_cost_model(mesh, def);
  const int n = mesh.size();
  const bool is_graph = mesh.kind == NavMesh::Kind::Graph;
  const CostModel model = res.cost_model;
  const bool astar = def.algorithm != Algorithm::Dijkstra;  // Polyanya: A* (see scene.h)
  if (trace) {
    trace->algorithm = def.algorithm;
    trace->cost_model = model;
  }
  auto fail = [&](const std::string& reason, const std::string& message) {
    res.status = Status::Failed;
    res.failure = Failure{"search", reason, message, {}};
  };
  if (query.start < 0 || query.start >= n || query.goal < 0 || query.goal >= n) {
    fail("invalid_argument", "The start or goal node index (" + std::to_string(query.start) + ", " +
                                 std::to_string(query.goal) + ") is not a node of the mesh (0 to " + std::to_string(n - 1) + ").");
    return res;
  }

  Labels L(n);
  const Adjacency adj(mesh);
  const auto poly_cost = [&](int node) { return is_graph ? 1.0 : mesh.polys[node].cost; };
  // Position used for the goal distance: the goal point, or the goal node/centroid in the graph model.
  const Vec3 target = model == CostModel::Graph ? world_centroid(mesh, query.goal) : query.goal_pos;
  const auto heuristic = [&](int node, Vec3 pos) {
    if (!astar || node == query.goal) return 0.0;
    return distance(pos, target) * def.heuristic_scale;
  };

  // Detour keeps, besides the open list, the discovered node nearest the goal for partial paths.
  int best_node = query.start;
  double best_dist = std::numeric_limits<double>::infinity();

  long seq = 0;
  std::priority_queue<HeapEntry, std::vector<HeapEntry>, HeapLater> open;
  const int start = query.start;
  L.pos[start] = model == CostModel::Graph ? world_centroid(mesh, start) : query.start_pos;
  L.g[start] = 0.0;
  if (start == query.goal && model != CostModel::Graph) L.g[start] = distance(query.start_pos, query.goal_pos) * poly_cost(start);
  L.f[start] = L.g[start] + heuristic(start, L.pos[start]);
  TracedSets sets;
  auto set_state = [&](int node, NodeState to) {
    if (trace) sets.changed(node, L.state[node], to);
    L.state[node] = to;
  };
  set_state(start, NodeState::Open);
  best_dist = distance(L.pos[start], target);
  open.push({L.f[start], seq++, start, 0});

  bool found = false, exhausted = false;
  if (filter && filter->node_blocked(start)) open = {};
  while (!open.empty()) {
    const HeapEntry top = open.top();
    open.pop();
    const int cur = top.node;
    if (top.version != L.version[cur] || L.state[cur] != NodeState::Open) {
      if (trace) {
        SearchStep s;
        s.kind = SearchStep::Kind::StaleSkipped;
        s.node = cur;
        s.f = top.f;
        s.node_name = node_label(mesh, cur);
        trace->steps.push_back(std::move(s));
      }
      continue;
    }
    if (def.node_budget > 0 && res.expanded >= def.node_budget) {
      exhausted = true;
      if (trace) {
        SearchStep s;
        s.kind = SearchStep::Kind::Exhausted;
        s.node = query.goal;
        s.g = res.expanded;
        s.node_name = node_label(mesh, query.goal);
        trace->steps.push_back(std::move(s));
      }
      break;
    }
    set_state(cur, NodeState::Closed);
    ++res.expanded;
    res.popped.push_back(cur);
    if (trace) {
      SearchStep s;
      s.kind = SearchStep::Kind::Popped;
      s.node = cur;
      s.parent = L.parent[cur];
      s.link = L.parent_link[cur];
      s.g = L.g[cur];
      s.f = L.f[cur];
      s.h = L.f[cur] - L.g[cur];
      s.node_name = node_label(mesh, cur);
      s.parent_name = L.parent[cur] < 0 ? "" : node_label(mesh, L.parent[cur]);
      s.open = sets.open;
      s.closed = sets.closed;
      trace->steps.push_back(std::move(s));
    }
    if (cur == query.goal) {
      found = true;
      break;
    }

    const int link_count = is_graph ? int(adj.graph_out[cur].size()) : int(mesh.polys[cur].neighbours.size());
    for (int k = 0; k < link_count; ++k) {
      const int link = is_graph ? adj.graph_out[cur][k] : k;
      const int next = link_target(mesh, cur, link);
      if (next < 0 || next == L.parent[cur]) continue;
      int block = -1;
      if (filter) {
        block = filter->link_block(mesh, cur, link);
        if (block < 0 && filter->node_blocked(next)) block = filter->node_block[next];
      }
      if (block >= 0) {
        if (trace) {
          SearchStep s;
          s.kind = SearchStep::Kind::Blocked;
          s.node = next;
          s.parent = cur;
          s.link = link;
          s.node_name = node_label(mesh, next);
          s.parent_name = node_label(mesh, cur);
          s.why = filter->reasons[block];
          trace->steps.push_back(std::move(s));
        }
        continue;
      }
      // Position on first discovery (kept afterwards, as Detour does).
      if (L.state[next] == NodeState::Unseen) {
        if (model == CostModel::EdgeMidpoints) {
          const std::vector<int>& pv = mesh.polys[cur].verts;
          const Vec3 a = world_vertex(mesh, pv[link]);
          const Vec3 b = world_vertex(mesh, pv[(link + 1) % pv.size()]);
          L.pos[next] = (a + b) * 0.5;
        } else {
          L.pos[next] = world_centroid(mesh, next);
        }
      }
      double g = L.g[cur];
      if (is_graph) {
        g += mesh.edges[link].cost;
      } else {
        g += distance(L.pos[cur], L.pos[next]) * poly_cost(cur);
        if (next == query.goal && model != CostModel::Graph)
          g += distance(L.pos[next], query.goal_pos) * poly_cost(next);
      }
      const double h = heuristic(next, L.pos[next]);
      const double f = g + h;
      const bool improved = L.state[next] == NodeState::Unseen || f < L.f[next];
      if (trace) {
        SearchStep s;
        s.kind = SearchStep::Kind::Relaxed;
        s.node = next;
        s.parent = cur;
        s.link = link;
        s.g = g;
        s.h = h;
        s.f = f;
        s.old_g = L.g[next];
        s.improved = improved;
        s.was_closed = L.state[next] == NodeState::Closed;
        s.node_name = node_label(mesh, next);
        s.parent_name = node_label(mesh, cur);
        trace->steps.push_back(std::move(s));
      }
      if (!improved) continue;
      L.g[next] = g;
      L.f[next] = f;
      L.parent[next] = cur;
      L.parent_link[next] = link;
      set_state(next, NodeState::Open);
      ++L.version[next];
      open.push({f, seq++, next, L.version[next]});
      const double d = distance(L.pos[next], target);
      if (d < best_dist) {
        best_dist = d;
        best_node = next;
      }
    }
  }
  if (trace) trace->positions = L.pos;
  if (trace && !found && !exhausted) {
    SearchStep s;
    s.kind = SearchStep::Kind::OpenEmpty;
    s.node = query.goal;
    s.node_name = node_label(mesh, query.goal);
    trace->steps.push_back(std::move(s));
  }

  int last = -1;
  if (found) {
    last = query.goal;
    res.status = Status::Complete;
  } else if (exhausted) {
    last = best_node;
    res.status = Status::Partial;
    res.failure = Failure{"search", "budget_exhausted",
                          "The node budget of " + std::to_string(def.node_budget) +
                              " pops ran out before the goal was reached, so no path is proven or ruled "
                              "out; the corridor leads to " +
                              node_label(mesh, best_node) + ", the discovered node nearest the goal.",
                          {}};
  } else {
    fail("disconnected", "No connection leads from " + node_label(mesh, query.start) + " to " +
                             node_label(mesh, query.goal) + ": they lie in separate parts of the mesh.");
    return res;
  }
  for (int v = last; v >= 0; v = L.parent[v]) {
    res.corridor.push_back(v);
    if (L.parent[v] >= 0) res.links.push_back(L.parent_link[v]);
  }
  std::reverse(res.corridor.begin(), res.corridor.end());
  std::reverse(res.links.begin(), res.links.end());
  res.cost = L.g[last];
  if (trace && found) {
    SearchStep s;
    s.kind = SearchStep::Kind::Reached;
    s.node = last;
    s.g = res.cost;
    s.node_name = node_label(mesh, last);
    for (int v : res.corridor) s.route.push_back(node_label(mesh, v));
    trace->steps.push_back(std::move(s));
  }
  return res;
}

}  // namespace navlab
