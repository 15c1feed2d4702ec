#include "polyanya.h"

#include <algorithm>
#include <cstdint>
#include <limits>

#include "polyanya_geom.h"
#include "polyanya_scratch.h"

namespace navlab {

namespace {

using namespace polyanya_geom;
using polyanya_detail::Node;
using polyanya_detail::OpenEntry;
using polyanya_detail::Scratch;

// Smallest f first; on equal f the larger g (nearer the goal), then insertion order. As a heap
// comparator: "a comes out after b".
struct OpenLater {
  bool operator()(const OpenEntry& a, const OpenEntry& b) const {
    if (a.f != b.f) return a.f > b.f;
    if (a.g != b.g) return a.g < b.g;
    return a.seq > b.seq;
  }
};

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

using Polygon = polyanya_detail::MeshTables::Polygon;

class Search {
 public:
  Search(const NavMesh& mesh, const PolyanyaMeshInfo& info, const PolyanyaQuery& q, const SearchFilter* filter,
         const PolyanyaDef& def, PolyanyaTrace* trace, const polyanya_detail::MeshTables& tables, Scratch& s)
      : mesh_(mesh),
        info_(info),
        q_(q),
        filter_(filter),
        def_(def),
        trace_(trace),
        tol_(info.tolerance),
        tables_(tables),
        s_(s) {
    if (++s_.stamp == 0) {  // the stamps wrapped: every root must read as unseen again
      s_.root_stamp.assign(s_.root_stamp.size(), 0);
      s_.stamp = 1;
    }
    // Grown to the largest mesh searched so far (the scratch serves any mesh): an entry of an earlier
    // search, on this mesh or another, has an older stamp and reads as unseen.
    if (s_.root_g.size() < mesh.verts.size()) {
      s_.root_g.resize(mesh.verts.size(), 0.0);
      s_.root_stamp.resize(mesh.verts.size(), 0);
    }
    s_.nodes.clear();
    s_.open.clear();
  }

  PolyanyaResult run();

 private:
  std::vector<int> touching(int poly, Vec2 p, bool filtered) const;
  bool goal_in(int poly) const { return std::find(goal_polys_.begin(), goal_polys_.end(), poly) != goal_polys_.end(); }
  bool corner(int v) const { return v >= 0 && info_.corner[size_t(v)]; }
  // Whether a path may cross edge `edge` of `poly` into `nb`, the polygon across (-1: a wall).
  bool passable(int poly, int edge, int nb) const {
    if (nb < 0) return false;
    if (!filter_) return true;
    return filter_->link_block(mesh_, poly, edge) < 0 && !filter_->node_blocked(nb);
  }
  Polygon polygon(int poly) const { return tables_.polygon(poly); }
  bool make_successor(const Crossing& c, Node& s);
  bool turn_along_edge(Node& s) const;
  double best_g(int root_vertex) const;
  bool root_dominated(int root_vertex, double g) const { return root_vertex >= 0 && g > best_g(root_vertex) + tol_; }
  void offer(const Crossing& c);
  void expand(int id);
  void expand_collinear(const Node& n, int id);
  void expand_non_observable(const Node& n, int id, bool left_side);
  void open(Node n);
  void estimate(Node& n) const {
    n.h = heuristic(n.root, n.left, n.right, q_.goal, tol_);
    n.f = n.g + n.h;
  }
  void expand_from(int id);
  void push_goal(int id);
  void finish(int id);
  void record(PolyanyaStep::Kind kind, const Node& n, int id, PolyanyaStep::Prune prune = PolyanyaStep::Prune::None,
              bool in_place = false);
  void record_start(PolyanyaStep::Kind kind, int poly);
  void fail(FailStage stage, Reason reason, std::string message);

  const NavMesh& mesh_;
  const PolyanyaMeshInfo& info_;
  PolyanyaQuery q_;
  const SearchFilter* filter_;
  PolyanyaDef def_;
  PolyanyaTrace* trace_;
  double tol_;
  const polyanya_detail::MeshTables& tables_;
  Scratch& s_;
  std::vector<int> goal_polys_;
  long seq_ = 0;
  PolyanyaResult res_;
};

void Search::record(PolyanyaStep::Kind kind, const Node& n, int id, PolyanyaStep::Prune prune, bool in_place) {
  if (!trace_) return;
  PolyanyaStep s;
  s.kind = kind;
  s.node = id;
  s.parent = n.parent;
  s.poly = n.poly;
  s.root_vertex = n.root_vertex;
  s.turn_vertex = n.turn_vertex;
  s.root = n.root;
  s.left = n.left;
  s.right = n.right;
  s.g = n.g;
  s.h = n.h;
  s.f = n.f;
  s.best_g = n.root_vertex >= 0 ? best_g(n.root_vertex) : 0.0;
  s.why = n.why;
  s.prune = prune;
  s.in_place = in_place;
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

// The polygons containing `p` within the tolerance, reached from `poly` across edges (open ones only when
// `filtered`): a point on an edge or a vertex is in several.
std::vector<int> Search::touching(int poly, Vec2 p, bool filtered) const {
  std::vector<int> found{poly};
  for (size_t i = 0; i < found.size(); ++i) {
    const NavPoly& pg = mesh_.polys[size_t(found[i])];
    for (size_t e = 0; e < pg.verts.size(); ++e) {
      const int nb = pg.neighbours[e];
      if (nb < 0 || (filtered && !passable(found[i], int(e), nb)) ||
          std::find(found.begin(), found.end(), nb) != found.end())
        continue;
      if (mesh_.contains(nb, p, tol_)) found.push_back(nb);
    }
  }
  return found;
}

double Search::best_g(int root_vertex) const {
  const size_t v = size_t(root_vertex);
  return s_.root_stamp[v] == s_.stamp ? s_.root_g[v] : std::numeric_limits<double>::infinity();
}

// Node `s`'s interval lies on the line through its root, beyond it: the root sees nothing across the
// edge, but the path may run along the line (the edge's polygon is convex, so the line is its boundary)
// to the interval's nearer end and turn there into the polygon beyond, when that end is a corner. The
// end becomes the root (on the edge: the whole polygon beyond is seen from it); false when it is no
// corner, or not a vertex.
bool Search::turn_along_edge(Node& s) const {
  const bool left_nearer = distance(s.root, s.left) < distance(s.root, s.right);
  const int v = left_nearer ? s.left_vertex : s.right_vertex;
  if (!corner(v)) return false;
  const Vec2 c = mesh_.verts[size_t(v)];
  s.g += distance(s.root, c);
  s.via = s.root;
  s.via_vertex = s.root_vertex;
  s.root = c;
  s.root_vertex = v;
  s.why = SuccessorKind::AlongEdge;
  return true;
}

// The successor across edge c.edge of c.poly over the part c.part of that edge, into `s`; false when
// there is none: a wall or closed link, a point of the edge only, a dead end without the goal, or an
// edge in line with the root that turns nowhere.
bool Search::make_successor(const Crossing& c, Node& s) {
  const Polygon p = polygon(c.poly);
  const size_t k = size_t(c.edge), k1 = p.next(k);
  const int across = p.across[k];
  if (!passable(c.poly, c.edge, across)) return false;
  const int ia = p.vid[k], ib = p.vid[k1];
  const Vec2 a = p.pos[k], b = p.pos[k1];
  const double len = distance(a, b);
  Range r = c.part;
  if (r.lo * len <= tol_) r.lo = 0.0;
  if ((1.0 - r.hi) * len <= tol_) r.hi = 1.0;
  if (r.empty() || (r.hi - r.lo) * len <= tol_) return false;  // a point: nothing passes through it
  s = Node{};
  s.parent = c.parent;
  s.poly = across;
  s.edge = tables_.twin_of(c.poly, c.edge);
  if (s.edge < 0) return false;
  if (tables_.dead_end[size_t(s.poly)] && !goal_in(s.poly)) {
    ++res_.pruned;
    return false;
  }
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
    return false;
  return true;  // h and f when it is opened (a node expanded at once needs none)
}

// Generates the successor of crossing `c` among the current node's successors, unless its root was
// reached more cheaply (root-level pruning).
void Search::offer(const Crossing& c) {
  Node s;
  if (!make_successor(c, s)) return;
  if (root_dominated(s.root_vertex, s.g)) {
    ++res_.pruned;
    record(PolyanyaStep::Kind::Pruned, s, -1, PolyanyaStep::Prune::RootDominated);
    return;
  }
  if (s.root_vertex >= 0) {
    const size_t v = size_t(s.root_vertex);
    s_.root_g[v] = std::min(best_g(s.root_vertex), s.g);
    s_.root_stamp[v] = s_.stamp;
  }
  s_.successors.push_back(s);
}

// The root is on the entry edge's line: it is a vertex of the convex next polygon (or the start on its
// edge), so every other edge is seen whole.
void Search::expand_collinear(const Node& n, int id) {
  const size_t count = polygon(n.poly).n;
  for (size_t j = 1; j < count; ++j) {
    const int e = int((size_t(n.edge) + j) % count);
    offer({n.poly, e, Range{}, n.root_vertex, n.root, n.g, SuccessorKind::Collinear, id});
  }
}

// The parts of the next polygon outside the ray through one end of the interval, when that end is a
// corner: the corner becomes the root. Reads the vertices' sides of that ray from expand().
void Search::expand_non_observable(const Node& n, int id, bool left_side) {
  const Polygon p = polygon(n.poly);
  const size_t count = p.n;
  const size_t at = left_side ? size_t(n.edge) : p.next(size_t(n.edge));
  const int c = p.vid[at];
  if ((left_side ? n.left_vertex : n.right_vertex) != c || !corner(c) || c == n.root_vertex) return;
  const Vec2 cp = p.pos[at];
  const double g = n.g + distance(n.root, cp);
  // Outside the ray root→corner: left of it for the left end, right of it for the right end.
  const std::vector<double>& sides = left_side ? s_.side_left : s_.side_right;
  const double sign = left_side ? 1.0 : -1.0;
  const SuccessorKind why = left_side ? SuccessorKind::LeftNonObservable : SuccessorKind::RightNonObservable;
  for (size_t j = 1; j < count; ++j) {
    const size_t e = (size_t(n.edge) + j) % count;
    const Range part = keep_nonnegative(sign * sides[e], sign * sides[p.next(e)], Range{});
    if (!part.empty()) offer({n.poly, int(e), part, c, cp, g, why, id});
  }
}

// Node `id`'s successors into s_.successors (not yet opened).
void Search::expand(int id) {
  const Node n = s_.nodes[size_t(id)];
  const Polygon p = polygon(n.poly);
  const size_t count = p.n;
  const Vec2 ea = p.pos[size_t(n.edge)], eb = p.pos[p.next(size_t(n.edge))];
  if (snap(side(ea, eb, n.root), tol_) == 0.0) {
    expand_collinear(n, id);
    return;
  }
  // Each vertex's signed distance (m) from the rays root→right and root→left, snapped to 0 within the
  // tolerance: one pass serves the observable part and both non-observable ones.
  s_.side_right.resize(count);
  s_.side_left.resize(count);
  const double to_right = 1.0 / distance(n.root, n.right), to_left = 1.0 / distance(n.root, n.left);
  for (size_t k = 0; k < count; ++k) {
    const Vec2 v = p.pos[k];
    s_.side_right[k] = snap(orient(n.root, n.right, v) * to_right, tol_);
    s_.side_left[k] = snap(orient(n.root, n.left, v) * to_left, tol_);
  }
  // Observable: left of (or on) the ray root→right and right of (or on) the ray root→left.
  for (size_t j = 1; j < count; ++j) {
    const size_t e = (size_t(n.edge) + j) % count, f = p.next(e);
    Range part = keep_nonnegative(s_.side_right[e], s_.side_right[f], {});
    part = keep_nonnegative(-s_.side_left[e], -s_.side_left[f], part);
    if (!part.empty()) offer({n.poly, int(e), part, n.root_vertex, n.root, n.g, SuccessorKind::Observable, id});
  }
  expand_non_observable(n, id, false);
  expand_non_observable(n, id, true);
}

void Search::open(Node n) {
  if (!n.final) estimate(n);
  s_.nodes.push_back(n);
  const int id = int(s_.nodes.size()) - 1;
  s_.open.push_back({n.f, n.final ? n.f : n.g, seq_++, id});
  std::push_heap(s_.open.begin(), s_.open.end(), OpenLater{});
  ++res_.generated;
  record(n.final ? PolyanyaStep::Kind::GoalNode : PolyanyaStep::Kind::Successor, n, id);
}

// Expands node `id` (just popped). A node with one successor only has it expanded at once, without the
// open list (the paper's intermediate pruning): along a chain of polygons with one way on, one node
// after another, until a node has several successors, none, or enters the goal's polygon.
void Search::expand_from(int id) {
  for (;;) {
    if (goal_in(s_.nodes[size_t(id)].poly)) {
      push_goal(id);
      return;
    }
    s_.successors.clear();
    expand(id);
    if (s_.successors.size() != 1) break;
    s_.nodes.push_back(s_.successors.front());
    id = int(s_.nodes.size()) - 1;
    Node& n = s_.nodes.back();
    if (trace_) estimate(n);  // for the step's sentence only
    ++res_.generated;
    ++res_.expanded_in_place;
    record(PolyanyaStep::Kind::Successor, n, id);
    record(PolyanyaStep::Kind::Popped, n, id, PolyanyaStep::Prune::None, true);
  }
  for (const Node& s : s_.successors) open(s);
}

// The goal is in the next polygon of node `id`: the rest of the path is exact, straight from the root
// through the interval or turning at the interval's nearer end.
void Search::push_goal(int id) {
  Node fin = s_.nodes[size_t(id)];
  fin.parent = id;
  fin.final = true;
  fin.turn_vertex = -1;
  const Polygon p = polygon(fin.poly);
  const Vec2 ea = p.pos[size_t(fin.edge)], eb = p.pos[p.next(size_t(fin.edge))];
  const bool collinear = snap(side(ea, eb, fin.root), tol_) == 0.0;
  const bool straight =
      collinear || (side(fin.root, fin.right, q_.goal) >= -tol_ && side(fin.root, fin.left, q_.goal) <= tol_);
  fin.h = distance(fin.root, q_.goal);
  if (!straight) {
    const double via_left = distance(fin.root, fin.left) + distance(fin.left, q_.goal);
    const double via_right = distance(fin.root, fin.right) + distance(fin.right, q_.goal);
    const bool left = via_left <= via_right;
    fin.turns = true;
    fin.turn_vertex = left ? fin.left_vertex : fin.right_vertex;
    fin.left = fin.right = left ? fin.left : fin.right;
    fin.h = std::min(via_left, via_right);
  } else {
    fin.left = fin.right = q_.goal;
  }
  fin.f = fin.g + fin.h;
  open(fin);
}

// Final node `id` was popped: the path through the roots, and the polygons it crosses.
void Search::finish(int id) {
  const Node fin = s_.nodes[size_t(id)];
  std::vector<int> chain;
  for (int i = fin.parent; i >= 0; i = s_.nodes[size_t(i)].parent) chain.push_back(i);
  std::reverse(chain.begin(), chain.end());
  res_.path = {q_.start};
  res_.corridor = {s_.nodes[size_t(chain.front())].from_poly};
  int root = -1;
  for (int i : chain) {
    const Node& n = s_.nodes[size_t(i)];
    if (n.why == SuccessorKind::AlongEdge && n.via_vertex != root) {  // a corner turned at on the way
      res_.path.push_back(n.via);
      res_.turns.push_back(n.via_vertex);
    }
    if (n.root_vertex != root) {
      res_.path.push_back(n.root);
      res_.turns.push_back(n.root_vertex);
      root = n.root_vertex;
    }
    res_.corridor.push_back(n.poly);
    res_.links.push_back(n.from_edge);
  }
  if (fin.turns) {
    res_.path.push_back(fin.left);
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
  goal_polys_ = touching(q_.goal_poly, q_.goal, false);
  const std::vector<int> starts =
      filter_ && filter_->node_blocked(q_.start_poly) ? std::vector<int>{} : touching(q_.start_poly, q_.start, true);
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
  s_.successors.clear();
  for (int s : starts) {
    const NavPoly& p = mesh_.polys[size_t(s)];
    for (size_t e = 0; e < p.verts.size(); ++e)
      if (std::find(starts.begin(), starts.end(), p.neighbours[e]) == starts.end())
        offer({s, int(e), Range{}, -1, q_.start, 0.0, SuccessorKind::Start, -1});
  }
  const std::vector<Node> first = s_.successors;
  for (const Node& n : first) open(n);
  while (!s_.open.empty()) {
    std::pop_heap(s_.open.begin(), s_.open.end(), OpenLater{});
    const int id = s_.open.back().node;
    s_.open.pop_back();
    const Node& n = s_.nodes[size_t(id)];
    if (n.final) {
      ++res_.expanded;
      record(PolyanyaStep::Kind::Found, n, id);
      finish(id);
      return res_;
    }
    if (root_dominated(n.root_vertex, n.g)) {
      ++res_.pruned;
      record(PolyanyaStep::Kind::Pruned, n, id, PolyanyaStep::Prune::RootDominated);
      continue;
    }
    if (def_.node_budget > 0 && res_.expanded >= def_.node_budget) {
      fail(FailStage::Search, Reason::BudgetExhausted,
           "Polyanya popped its budget of " + std::to_string(def_.node_budget) + " nodes before reaching the goal.");
      return res_;
    }
    ++res_.expanded;
    record(PolyanyaStep::Kind::Popped, n, id);
    expand_from(id);
  }
  fail(FailStage::Search, Reason::Disconnected, "No path on the navmesh joins the start and the goal.");
  return res_;
}

}  // namespace

PolyanyaResult polyanya(const NavMesh& mesh, const PolyanyaMeshInfo& info, const PolyanyaQuery& query,
                        const SearchFilter* filter, const PolyanyaDef& def, PolyanyaTrace* trace, NavQuery& nav_query) {
  Search s(mesh, info, query, filter, def, trace, polyanya_detail::mesh_tables(mesh),
           polyanya_detail::scratch_of(nav_query));
  return s.run();
}

PolyanyaResult polyanya(const NavMesh& mesh, const PolyanyaMeshInfo& info, const PolyanyaQuery& query,
                        const SearchFilter* filter, const PolyanyaDef& def, PolyanyaTrace* trace) {
  const NavQuery::ThisThread nav_query;
  return polyanya(mesh, info, query, filter, def, trace, *nav_query);
}

PolyanyaResult polyanya(const NavMesh& mesh, const PolyanyaQuery& query, const SearchFilter* filter,
                        const PolyanyaDef& def, PolyanyaTrace* trace) {
  return polyanya(mesh, polyanya_mesh_info(mesh, filter), query, filter, def, trace);
}

}  // namespace navlab
