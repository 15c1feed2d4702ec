#include "polyanya.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <queue>
#include <set>
#include <tuple>
#include <unordered_map>

#include "locate.h"
#include "polyanya_geom.h"

namespace navlab {

namespace {

using namespace polyanya_geom;

constexpr double kInf = std::numeric_limits<double>::infinity();

// A search node. The entry edge of `poly` is (verts[edge], verts[edge + 1]); seen from the root (on the
// other side of it), verts[edge] is on the left and verts[edge + 1] on the right, because polygons are
// counter-clockwise.
struct Node {
  int parent = -1;
  int poly = -1;       // next polygon
  int edge = -1;       // entry edge of `poly`
  int from_poly = -1;  // the polygon whose edge `from_edge` leads into `poly`
  int from_edge = -1;
  int root_vertex = -1;  // -1: the start point
  Vec2 root, left, right;
  int left_vertex = -1, right_vertex = -1;  // mesh vertex when that end is the end of the entry edge
  double g = 0.0, h = 0.0, f = 0.0;
  SuccessorKind why = SuccessorKind::Start;
  bool final = false;    // the goal node
  int turn_vertex = -1;  // final node: the interval end it turns at (-1: none, or not a vertex)
  Vec2 turn;
  bool turns = false;
};

struct OpenEntry {
  double f, g;
  long seq;
  int node;
};
// Smallest f first; on equal f the larger g (nearer the goal), then insertion order.
struct OpenLater {
  bool operator()(const OpenEntry& a, const OpenEntry& b) const {
    if (a.f != b.f) return a.f > b.f;
    if (a.g != b.g) return a.g < b.g;
    return a.seq > b.seq;
  }
};

using ExpandedKey = std::tuple<int, int, int, double, double, double, double>;

// Where a successor comes from: the polygon and edge it crosses, the visible part and its root.
struct Crossing {
  int poly = -1;
  int edge = -1;
  Range part;
  int root_vertex = -1;
  Vec2 root;
  double g = 0.0;
  SuccessorKind why = SuccessorKind::Observable;
  int parent = -1;
};

bool passable(const NavMesh& mesh, const SearchFilter* filter, int poly, int edge) {
  const int nb = mesh.polys[size_t(poly)].neighbours[size_t(edge)];
  if (nb < 0) return false;
  if (!filter) return true;
  return filter->link_block(mesh, poly, edge) < 0 && !filter->node_blocked(nb);
}

class Search {
 public:
  Search(const NavMesh& mesh, const PolyanyaMeshInfo& info, const PolyanyaQuery& q, const SearchFilter* filter,
         const PolyanyaDef& def, PolyanyaTrace* trace)
      : mesh_(mesh), info_(info), q_(q), filter_(filter), def_(def), trace_(trace), tol_(info.tolerance),
        best_g_(mesh.verts.size(), kInf) {}

  PolyanyaResult run();

 private:
  std::vector<int> start_polys() const;
  bool goal_in(int poly) const { return poly == q_.goal_poly || mesh_.contains(poly, q_.goal, tol_); }
  int entry_edge(int poly, int from, int a, int b) const;
  void push(const Crossing& c);
  bool turn_along_edge(Node& s) const;
  bool root_dominated(int root_vertex, double g) const;
  void expand(int id);
  void expand_collinear(int id);
  void expand_non_observable(int id, bool left_side);
  void push_goal(int id);
  void finish(int id);
  void record(PolyanyaStep::Kind kind, int id, SuccessorKind why = SuccessorKind::Observable,
              PolyanyaStep::Prune prune = PolyanyaStep::Prune::None);
  void record_start(PolyanyaStep::Kind kind, int poly);
  void fail(FailStage stage, Reason reason, std::string message);

  const NavMesh& mesh_;
  const PolyanyaMeshInfo& info_;
  PolyanyaQuery q_;
  const SearchFilter* filter_;
  PolyanyaDef def_;
  PolyanyaTrace* trace_;
  double tol_;
  std::vector<double> best_g_;  // per vertex: the best g it was a root with
  std::vector<Node> nodes_;
  std::priority_queue<OpenEntry, std::vector<OpenEntry>, OpenLater> open_;
  std::set<ExpandedKey> expanded_;
  long seq_ = 0;
  PolyanyaResult res_;
};

void Search::record(PolyanyaStep::Kind kind, int id, SuccessorKind why, PolyanyaStep::Prune prune) {
  if (!trace_) return;
  const Node& n = nodes_[size_t(id)];
  PolyanyaStep s;
  s.kind = kind;
  s.node = id;
  s.parent = n.parent;
  s.poly = n.poly;
  s.root_vertex = n.root_vertex;
  s.turn_vertex = n.turn_vertex;
  s.root = n.root;
  s.left = n.final ? n.turn : n.left;
  s.right = n.final ? n.turn : n.right;
  s.g = n.g;
  s.h = n.h;
  s.f = n.f;
  s.best_g = n.root_vertex >= 0 ? best_g_[size_t(n.root_vertex)] : 0.0;
  s.why = why;
  s.prune = prune;
  trace_->steps.push_back(s);
}

void Search::record_start(PolyanyaStep::Kind kind, int poly) {
  if (!trace_) return;
  PolyanyaStep s;
  s.kind = kind;
  s.poly = poly;
  s.root = q_.start;
  s.left = s.right = q_.goal;
  if (kind == PolyanyaStep::Kind::Direct) s.f = s.h = distance(q_.start, q_.goal);
  trace_->steps.push_back(s);
}

void Search::fail(FailStage stage, Reason reason, std::string message) {
  res_.status = Status::Failed;
  res_.failure = Failure{stage, reason, std::move(message), {}};
}

// Polygons containing the start within the tolerance, reached from the located one across open edges
// (a start on an edge or a vertex is in several).
std::vector<int> Search::start_polys() const {
  std::vector<int> found;
  if (filter_ && filter_->node_blocked(q_.start_poly)) return found;
  found.push_back(q_.start_poly);
  for (size_t i = 0; i < found.size(); ++i) {
    const NavPoly& p = mesh_.polys[size_t(found[i])];
    for (size_t e = 0; e < p.verts.size(); ++e) {
      const int nb = p.neighbours[e];
      if (!passable(mesh_, filter_, found[i], int(e)) || std::find(found.begin(), found.end(), nb) != found.end())
        continue;
      if (mesh_.contains(nb, q_.start, tol_)) found.push_back(nb);
    }
  }
  return found;
}

// The edge of `poly` shared with `from` whose ends are vertices b then a (its counter-clockwise order).
int Search::entry_edge(int poly, int from, int a, int b) const {
  const NavPoly& p = mesh_.polys[size_t(poly)];
  const size_t n = p.verts.size();
  int fallback = -1;
  for (size_t e = 0; e < n; ++e) {
    if (p.neighbours[e] != from) continue;
    if (p.verts[e] == b && p.verts[(e + 1) % n] == a) return int(e);
    const Vec2 pb = mesh_.verts[size_t(p.verts[e])], pa = mesh_.verts[size_t(p.verts[(e + 1) % n])];
    if (distance(pb, mesh_.verts[size_t(b)]) <= tol_ && distance(pa, mesh_.verts[size_t(a)]) <= tol_) return int(e);
    if (fallback < 0) fallback = int(e);
  }
  return fallback;
}

bool Search::root_dominated(int root_vertex, double g) const {
  return root_vertex >= 0 && g > best_g_[size_t(root_vertex)] + tol_;
}

// Node `s`'s interval lies on the line through its root, beyond it: the root sees nothing across the
// edge, but the path may run along the line (the edge's polygon is convex, so the line is its boundary)
// to the interval's nearer end and turn there into the polygon beyond, when that end is a corner. The
// end becomes the root (on the edge: the whole polygon beyond is seen from it); false when it is no
// corner, or not a vertex.
bool Search::turn_along_edge(Node& s) const {
  const bool left_nearer = distance(s.root, s.left) < distance(s.root, s.right);
  const int v = left_nearer ? s.left_vertex : s.right_vertex;
  if (v < 0 || !info_.corner[size_t(v)]) return false;
  const Vec2 c = mesh_.verts[size_t(v)];
  s.g += distance(s.root, c);
  s.root = c;
  s.root_vertex = v;
  s.why = SuccessorKind::AlongEdge;
  return true;
}

// Generates the successor across edge c.edge of c.poly over the part c.part of that edge.
void Search::push(const Crossing& c) {
  if (!passable(mesh_, filter_, c.poly, c.edge)) return;
  const NavPoly& p = mesh_.polys[size_t(c.poly)];
  const size_t n = p.verts.size();
  const int ia = p.verts[size_t(c.edge)], ib = p.verts[(size_t(c.edge) + 1) % n];
  const Vec2 a = mesh_.verts[size_t(ia)], b = mesh_.verts[size_t(ib)];
  const double len = distance(a, b);
  Range r = c.part;
  if (r.lo * len <= tol_) r.lo = 0.0;
  if ((1.0 - r.hi) * len <= tol_) r.hi = 1.0;
  if (r.empty() || (r.hi - r.lo) * len <= tol_) return;  // a point: nothing passes through it
  Node s;
  s.parent = c.parent;
  s.poly = p.neighbours[size_t(c.edge)];
  s.edge = entry_edge(s.poly, c.poly, ia, ib);
  if (s.edge < 0) return;
  s.from_poly = c.poly;
  s.from_edge = c.edge;
  s.root_vertex = c.root_vertex;
  s.root = c.root;
  s.left = lerp(a, b, r.hi);
  s.right = lerp(a, b, r.lo);
  s.left_vertex = r.hi == 1.0 ? ib : -1;
  s.right_vertex = r.lo == 0.0 ? ia : -1;
  s.g = c.g;
  s.why = c.why;
  if (snap(side(a, b, c.root), tol_) == 0.0 && distance_to_segment(c.root, a, b) > tol_ && !turn_along_edge(s))
    return;
  s.h = heuristic(s.root, s.left, s.right, q_.goal, tol_);
  s.f = s.g + s.h;
  nodes_.push_back(s);
  const int id = int(nodes_.size()) - 1;
  if (root_dominated(s.root_vertex, s.g)) {
    ++res_.pruned;
    record(PolyanyaStep::Kind::Pruned, id, c.why, PolyanyaStep::Prune::RootDominated);
    return;
  }
  if (s.root_vertex >= 0) best_g_[size_t(s.root_vertex)] = std::min(best_g_[size_t(s.root_vertex)], s.g);
  open_.push({s.f, s.g, seq_++, id});
  ++res_.generated;
  record(PolyanyaStep::Kind::Successor, id, c.why);
}

// The root is on the entry edge's line: it is a vertex of the convex next polygon (or the start on its
// edge), so every other edge is seen whole.
void Search::expand_collinear(int id) {
  const Node n = nodes_[size_t(id)];
  const size_t count = mesh_.polys[size_t(n.poly)].verts.size();
  for (size_t j = 1; j < count; ++j) {
    const int e = int((size_t(n.edge) + j) % count);
    push({n.poly, e, Range{}, n.root_vertex, n.root, n.g, SuccessorKind::Collinear, id});
  }
}

// The parts of the next polygon outside the ray through one end of the interval, when that end is a
// corner: the corner becomes the root.
void Search::expand_non_observable(int id, bool left_side) {
  const Node n = nodes_[size_t(id)];
  const NavPoly& p = mesh_.polys[size_t(n.poly)];
  const size_t count = p.verts.size();
  const int corner = left_side ? p.verts[size_t(n.edge)] : p.verts[(size_t(n.edge) + 1) % count];
  if ((left_side ? n.left_vertex : n.right_vertex) != corner || !info_.corner[size_t(corner)] ||
      corner == n.root_vertex)
    return;
  const Vec2 c = mesh_.verts[size_t(corner)];
  const double g = n.g + distance(n.root, c);
  // Outside the ray root→corner: left of it for the left end, right of it for the right end.
  const double sign = left_side ? 1.0 : -1.0;
  for (size_t j = 1; j < count; ++j) {
    const size_t e = (size_t(n.edge) + j) % count;
    const Vec2 a = mesh_.verts[size_t(p.verts[e])], b = mesh_.verts[size_t(p.verts[(e + 1) % count])];
    const double fa = sign * snap(side(n.root, c, a), tol_), fb = sign * snap(side(n.root, c, b), tol_);
    const Range part = keep_nonnegative(fa, fb, Range{});
    const SuccessorKind why = left_side ? SuccessorKind::LeftNonObservable : SuccessorKind::RightNonObservable;
    if (!part.empty()) push({n.poly, int(e), part, corner, c, g, why, id});
  }
}

void Search::expand(int id) {
  const Node n = nodes_[size_t(id)];
  const NavPoly& p = mesh_.polys[size_t(n.poly)];
  const size_t count = p.verts.size();
  const Vec2 ea = mesh_.verts[size_t(p.verts[size_t(n.edge)])];
  const Vec2 eb = mesh_.verts[size_t(p.verts[(size_t(n.edge) + 1) % count])];
  if (snap(side(ea, eb, n.root), tol_) == 0.0) {
    expand_collinear(id);
    return;
  }
  // Observable: left of (or on) the ray root→right and right of (or on) the ray root→left.
  for (size_t j = 1; j < count; ++j) {
    const size_t e = (size_t(n.edge) + j) % count;
    const Vec2 a = mesh_.verts[size_t(p.verts[e])], b = mesh_.verts[size_t(p.verts[(e + 1) % count])];
    Range part = keep_nonnegative(snap(side(n.root, n.right, a), tol_), snap(side(n.root, n.right, b), tol_), {});
    part = keep_nonnegative(-snap(side(n.root, n.left, a), tol_), -snap(side(n.root, n.left, b), tol_), part);
    if (!part.empty()) push({n.poly, int(e), part, n.root_vertex, n.root, n.g, SuccessorKind::Observable, id});
  }
  expand_non_observable(id, false);
  expand_non_observable(id, true);
}

// The goal is in the next polygon of node `id`: the rest of the path is exact, straight from the root
// through the interval or turning at the interval's nearer end.
void Search::push_goal(int id) {
  Node fin = nodes_[size_t(id)];
  fin.parent = id;
  fin.final = true;
  const NavPoly& p = mesh_.polys[size_t(fin.poly)];
  const Vec2 ea = mesh_.verts[size_t(p.verts[size_t(fin.edge)])];
  const Vec2 eb = mesh_.verts[size_t(p.verts[(size_t(fin.edge) + 1) % p.verts.size()])];
  const bool collinear = snap(side(ea, eb, fin.root), tol_) == 0.0;
  const bool straight = collinear || (side(fin.root, fin.right, q_.goal) >= -tol_ &&
                                      side(fin.root, fin.left, q_.goal) <= tol_);
  fin.h = distance(fin.root, q_.goal);
  if (!straight) {
    const double via_left = distance(fin.root, fin.left) + distance(fin.left, q_.goal);
    const double via_right = distance(fin.root, fin.right) + distance(fin.right, q_.goal);
    const bool left = via_left <= via_right;
    fin.turns = true;
    fin.turn = left ? fin.left : fin.right;
    fin.turn_vertex = left ? fin.left_vertex : fin.right_vertex;
    fin.h = std::min(via_left, via_right);
  }
  fin.f = fin.g + fin.h;
  nodes_.push_back(fin);
  const int fid = int(nodes_.size()) - 1;
  open_.push({fin.f, fin.f, seq_++, fid});
  ++res_.generated;
  record(PolyanyaStep::Kind::GoalNode, fid);
}

// Final node `id` was popped: the path through the roots, and the polygons it crosses.
void Search::finish(int id) {
  const Node& fin = nodes_[size_t(id)];
  std::vector<int> chain;
  for (int i = fin.parent; i >= 0; i = nodes_[size_t(i)].parent) chain.push_back(i);
  std::reverse(chain.begin(), chain.end());
  res_.path = {q_.start};
  res_.corridor = {nodes_[size_t(chain.front())].from_poly};
  int root = -1;
  for (int i : chain) {
    const Node& n = nodes_[size_t(i)];
    if (n.root_vertex != root) {
      res_.path.push_back(n.root);
      res_.turns.push_back(n.root_vertex);
      root = n.root_vertex;
    }
    res_.corridor.push_back(n.poly);
    res_.links.push_back(n.from_edge);
  }
  if (fin.turns) {
    res_.path.push_back(fin.turn);
    res_.turns.push_back(fin.turn_vertex);
  }
  res_.path.push_back(q_.goal);
  res_.length = fin.f;
  res_.status = Status::Complete;
  res_.failure.reset();
}

PolyanyaResult Search::run() {
  if (q_.start_poly < 0) {
    fail(FailStage::Locate, Reason::StartOffMesh, "The start is not on the navmesh.");
    return res_;
  }
  if (q_.goal_poly < 0) {
    fail(FailStage::Locate, Reason::GoalOffMesh, "The goal is not on the navmesh.");
    return res_;
  }
  const std::vector<int> starts = start_polys();
  for (int s : starts) {
    record_start(PolyanyaStep::Kind::Start, s);
    if (!goal_in(s)) continue;
    record_start(PolyanyaStep::Kind::Direct, s);
    res_.status = Status::Complete;
    res_.path = {q_.start, q_.goal};
    res_.length = distance(q_.start, q_.goal);
    res_.corridor = {s};
    return res_;
  }
  for (int s : starts) {
    const NavPoly& p = mesh_.polys[size_t(s)];
    for (size_t e = 0; e < p.verts.size(); ++e)
      if (std::find(starts.begin(), starts.end(), p.neighbours[e]) == starts.end())
        push({s, int(e), Range{}, -1, q_.start, 0.0, SuccessorKind::Start, -1});
  }
  while (!open_.empty()) {
    const OpenEntry top = open_.top();
    open_.pop();
    const Node n = nodes_[size_t(top.node)];
    if (n.final) {
      ++res_.expanded;
      record(PolyanyaStep::Kind::Found, top.node);
      finish(top.node);
      return res_;
    }
    if (root_dominated(n.root_vertex, n.g)) {
      ++res_.pruned;
      record(PolyanyaStep::Kind::Pruned, top.node, n.why, PolyanyaStep::Prune::RootDominated);
      continue;
    }
    if (!expanded_.insert({n.root_vertex, n.poly, n.edge, n.left.x, n.left.y, n.right.x, n.right.y}).second) {
      ++res_.pruned;
      record(PolyanyaStep::Kind::Pruned, top.node, n.why, PolyanyaStep::Prune::Duplicate);
      continue;
    }
    if (def_.node_budget > 0 && res_.expanded >= def_.node_budget) {
      fail(FailStage::Search, Reason::BudgetExhausted,
           "Polyanya popped its budget of " + std::to_string(def_.node_budget) + " nodes before reaching the goal.");
      return res_;
    }
    ++res_.expanded;
    record(PolyanyaStep::Kind::Popped, top.node, n.why);
    if (goal_in(n.poly))
      push_goal(top.node);
    else
      expand(top.node);
  }
  fail(FailStage::Search, Reason::Disconnected, "No path on the navmesh joins the start and the goal.");
  return res_;
}

}  // namespace

// A vertex is a corner when an edge no path may cross ends at it: a wall (kept with the mesh's index),
// a closed link or an edge into an excluded polygon, each of a polygon the filter leaves open. Only the
// filter's entries are visited, not the whole mesh.
PolyanyaMeshInfo polyanya_mesh_info(const NavMesh& mesh, const SearchFilter* filter) {
  PolyanyaMeshInfo info;
  const MeshIndex& index = mesh.query_cache.index_of(mesh);
  info.tolerance = index.tolerance;
  const std::vector<std::uint32_t>& walls = index.wall_ends(mesh);
  info.corner.resize(walls.size());
  for (size_t v = 0; v < walls.size(); ++v) info.corner[v] = walls[v] > 0;
  if (!filter) return info;
  const auto each_edge = [&](int poly, auto&& visit) {
    const NavPoly& p = mesh.polys[size_t(poly)];
    for (size_t e = 0; e < p.verts.size(); ++e) visit(e, p.verts[e], p.verts[(e + 1) % p.verts.size()]);
  };
  // An excluded polygon's walls are not the path's: a vertex only they end at is no corner.
  std::vector<int> excluded;
  for (size_t i = 0; i < filter->node_block.size(); ++i)
    if (filter->node_block[i] >= 0) excluded.push_back(int(i));
  std::unordered_map<int, std::uint32_t> excluded_walls;  // vertex: wall ends of excluded polygons
  for (int q : excluded)
    each_edge(q, [&](size_t e, int a, int b) {
      if (mesh.polys[size_t(q)].neighbours[e] >= 0) return;
      ++excluded_walls[a];
      ++excluded_walls[b];
    });
  for (const auto& [v, count] : excluded_walls)
    if (walls[size_t(v)] == count) info.corner[size_t(v)] = 0;
  const auto mark = [&](int a, int b) { info.corner[size_t(a)] = info.corner[size_t(b)] = 1; };
  // The open polygons' edges into excluded ones.
  for (int q : excluded)
    for (int i : mesh.polys[size_t(q)].neighbours) {
      if (i < 0 || filter->node_blocked(i)) continue;
      each_edge(i, [&](size_t e, int a, int b) {
        if (mesh.polys[size_t(i)].neighbours[e] == q) mark(a, b);
      });
    }
  // Closed links of open polygons.
  for (const LinkBlocks::Row& row : filter->poly_link_block.rows()) {
    const int i = row.poly;
    if (filter->node_blocked(i)) continue;
    each_edge(i, [&](size_t e, int a, int b) {
      if (mesh.polys[size_t(i)].neighbours[e] >= 0 && filter->link_block(mesh, i, int(e)) >= 0) mark(a, b);
    });
  }
  return info;
}

PolyanyaResult polyanya(const NavMesh& mesh, const PolyanyaMeshInfo& info, const PolyanyaQuery& query,
                        const SearchFilter* filter, const PolyanyaDef& def, PolyanyaTrace* trace) {
  Search s(mesh, info, query, filter, def, trace);
  return s.run();
}

PolyanyaResult polyanya(const NavMesh& mesh, const PolyanyaQuery& query, const SearchFilter* filter,
                        const PolyanyaDef& def, PolyanyaTrace* trace) {
  return polyanya(mesh, polyanya_mesh_info(mesh, filter), query, filter, def, trace);
}

}  // namespace navlab
