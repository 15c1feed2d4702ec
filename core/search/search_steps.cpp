// The search's step records in words: each kind's name, each step's sentence, the cost digits that make
// the printed terms add up, and the open and closed sets at a step (replayed from the records).
#include <algorithm>
#include <cmath>

#include "format.h"
#include "search.h"
#include "sum_text.h"
#include "tolerances.h"

namespace navlab {

namespace {

// Whole numbers as they are (graph costs: "G 6"), others with two decimals.
std::string cost_num(double v) { return whole_or_fixed(v); }

bool is_whole_cost(double v) { return std::fabs(v - std::round(v)) < tol::kWhole; }

}  // namespace

namespace {

// "G 2 + H 3 = F 5", every number as `n` writes it (F is G + H: the printed terms add up).
std::string gh_sum(const CostDigits& n, double g, double h) {
  return "G " + n(g) + " + H " + n(h) + " = F " + n(g + h);
}

// Whether a step from `node` over `link` crosses a tile border (meshes of several tiles).
bool across_border(const NavMesh& mesh, int node, int link) {
  if (!mesh.baked || mesh.baked->borders.empty() || node < 0 || node >= mesh.size() || link < 0) return false;
  const std::vector<BorderEdge>& edges = mesh.baked->borders[size_t(node)];
  return size_t(link) < edges.size() && edges[size_t(link)].border;
}

// What a step entering a node across a tile border adds to its sentence (nothing otherwise).
std::string border_text(const NavMesh& mesh, const SearchStep& s) {
  if (!across_border(mesh, s.parent, s.link)) return "";
  return " across a tile border (its node for entries from that side, state " + std::to_string(s.state) +
         ", at the midpoint of Detour's portal)";
}

std::string relaxed_text(const SearchStep& s, const std::string& node, const std::string& parent, LinkCrossing jump,
                         const std::string& border) {
  const std::string from =
      "From " + parent + border + ", " +
      (jump.index < 0 ? ""
                      : "jumping by link " + std::to_string(jump.index) + (jump.reverse ? " (backwards)" : "") + ", ");
  const bool first = s.old_g == std::numeric_limits<double>::infinity();
  const CostDigits n = cost_digits(s.g, s.h, first ? s.g : s.old_g);
  if (!s.improved)
    return from + "reaching " + node + " costs G " + n(s.g) + ", which is not less than its G " + n(s.old_g) +
           " so far: " + node + " keeps its parent.";
  if (first)
    return from + node + " is seen for the first time: " + gh_sum(n, s.g, s.h) +
           "; it joins the open list with parent " + parent + ".";
  // The open list is a heap without decrease-key: the cheaper way is a new entry, and the old one
  // stays until it comes up and is skipped (a StaleSkipped step).
  return from + "a cheaper way to " + node + ": G " + n(s.g) + " is less than its G " + n(s.old_g) + " so far; " +
         gh_sum(n, s.g, s.h) + ", parent now " + parent +
         (s.was_closed ? "; it was already taken, so it is opened again."
                       : "; it joins the open list again with F " + n(s.g + s.h) + " (its entry with F " +
                             n(s.old_g + s.h) + " stays and is skipped when it comes up).");
}

// The off-mesh link a step from `node` over `link` crosses (index -1: an edge, or not a polygon step).
LinkCrossing jump_of(const NavMesh& mesh, int node, int link) {
  if (mesh.kind != NavMesh::Kind::Polygons || node < 0 || node >= mesh.size()) return {};
  return mesh.crossing(node, link);
}

std::string join_route(const NavMesh& mesh, const std::vector<int>& route) {
  std::string out;
  for (size_t i = 0; i < route.size(); ++i) out += (i ? ", " : "") + node_label(mesh, route[i]);
  return out;
}

}  // namespace

std::string SearchStep::describe(const NavMesh& mesh, const SearchTrace& trace) const {
  const std::vector<std::string>& causes = trace.causes;
  const std::string node_name = node_label(mesh, node);
  const std::string parent_name = parent != -1 ? node_label(mesh, parent) : "";
  switch (kind) {
    case Kind::Popped:
      return "Take " + node_name + " from the open list" +
             (parent_name.empty() ? " (the start)"
                                  : " (reached from " + parent_name +
                                        (jump_of(mesh, parent, link).index >= 0
                                             ? " by link " + std::to_string(jump_of(mesh, parent, link).index)
                                             : "") +
                                        border_text(mesh, *this) + ")") +
             ": " + gh_sum(cost_digits(g, h), g, h) + "; " + count_of(size_t(open_count), "node", "nodes") + " open, " +
             count_of(size_t(closed_count), "node", "nodes") + " closed.";
    case Kind::StaleSkipped:
      return "Skip an outdated open-list entry of " + node_name + " (F " + cost_digits(f, 0.0)(f) +
             "): a cheaper way to it was found after this entry was added.";
    case Kind::Relaxed:
      return relaxed_text(*this, node_name, parent_name, jump_of(mesh, parent, link), border_text(mesh, *this));
    case Kind::Blocked:
      return "From " + parent_name + ", " +
             (jump_of(mesh, parent, link).index >= 0
                  ? "by link " + std::to_string(jump_of(mesh, parent, link).index) + ", "
                  : "") +
             node_name + " cannot be entered: blocked by " +
             (cause >= 0 && size_t(cause) < causes.size() ? causes[size_t(cause)] : "a closed door or excluded area") +
             ".";
    case Kind::Exhausted:
      return "The node budget is used up after taking " + std::to_string(pops) + " nodes, before " + node_name +
             " was taken: the search stops without proving or ruling out a path.";
    case Kind::Reached:
      return "Goal reached: " + node_name + " was taken with cost " + cost_num(g) +
             "; the corridor is rebuilt from the parents: " + join_route(mesh, trace.route) + ".";
    case Kind::OpenEmpty:
      return "The open list is empty and " + node_name +
             " was never reached: no path leads there with the doors and areas in force.";
    case Kind::Retarget:
      return std::string("The goal cannot be reached (") + to_string(goal_reason) +
             "), and the scene asks for the nearest reachable point: a second search heads for " + node_name + " at " +
             fmt("(%.2f, %.2f)", point.x, point.y) + ", " + cost_num(g) + " m from the goal.";
  }
  return "";
}

std::string CostDigits::operator()(double v) const {
  return decimals < 0 ? whole_or_fixed(v) : fixed_text(v, decimals);
}

CostDigits cost_digits(double g, double h, double other) {
  if (is_whole_cost(g) && is_whole_cost(h) && is_whole_cost(other)) return CostDigits{-1};
  return CostDigits{decimals_that_add_up({g, h})};
}

namespace {
// A label's state as the replay below rebuilds it from the steps.
enum class ReplayState : unsigned char { Unseen, Open, Closed };
}  // namespace

SearchSets search_sets_at(const std::vector<SearchStep>& steps, size_t index) {
  // Replay into a state per node, then list the nodes in order: linear in the steps and the nodes.
  // Keyed by node and state (one key per label of the search).
  std::vector<ReplayState> state;
  std::vector<int> named;
  auto set = [&](int node, int st, ReplayState to) {
    if (node < 0 || st < 0 || st >= kDetourNodeStates) return;
    const size_t key = size_t(node) * kDetourNodeStates + size_t(st);
    if (key >= state.size()) state.resize(key + 1, ReplayState::Unseen);
    if (state[key] == ReplayState::Unseen) named.push_back(int(key));
    state[key] = to;
  };
  for (size_t i = 0; i <= index && i < steps.size(); ++i) {
    const SearchStep& st = steps[i];
    if (st.kind == SearchStep::Kind::Popped) {
      if (st.parent == -1) {  // the start: a new search
        for (int n : named) state[size_t(n)] = ReplayState::Unseen;
        named.clear();
      }
      set(st.node, st.state, ReplayState::Closed);
    } else if (st.kind == SearchStep::Kind::Relaxed && st.improved) {
      set(st.node, st.state, ReplayState::Open);
    }
  }
  std::sort(named.begin(), named.end());
  SearchSets out;
  for (int key : named) {
    if (state[size_t(key)] == ReplayState::Open) out.open.push_back(key / kDetourNodeStates);
    if (state[size_t(key)] == ReplayState::Closed) out.closed.push_back(key / kDetourNodeStates);
  }
  return out;
}

}  // namespace navlab
