// The search's scratch space is kept by a NavQuery and reused (core/navmesh/nav_query.h), the calling
// thread's or one the caller owns: results, traces and every recorded step must be exactly those of a
// search that starts from fresh arrays. The
// oracle here is such a search, written plainly from search.h's rules (full arrays per call,
// std::priority_queue), run on seeded random meshes, graphs, filters and budgets.
#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <queue>
#include <random>
#include <thread>

#include "meshes.h"
#include "navmesh_build.h"
#include "search.h"

namespace navlab {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// ---- The oracle. ----

struct RefEntry {
  double f;
  long seq;
  int node, version;
  bool operator<(const RefEntry& o) const { return f != o.f ? f > o.f : seq > o.seq; }  // top: least f, then seq
};

// The search's state, plain: full arrays per call and a std::priority_queue with stale entries skipped.
struct RefSearch {
  enum State { Unseen, Open, Closed };
  const NavMesh& m;
  const SearchQuery& q;
  const SearchDef& def;
  const SearchFilter* filter;
  SearchTrace* trace;
  const size_t n = size_t(m.size());
  const bool graph = m.kind == NavMesh::Kind::Graph;
  const CostModel model = effective_cost_model(m, def);
  const bool astar = def.algorithm != Algorithm::Dijkstra;
  std::vector<double> g = std::vector<double>(n, kInf), f = std::vector<double>(n, kInf);
  std::vector<int> parent = std::vector<int>(n, -1), plink = std::vector<int>(n, -1), version = std::vector<int>(n, 0);
  std::vector<Vec3> pos = std::vector<Vec3>(n);
  std::vector<State> state = std::vector<State>(n, Unseen);
  int open_n = 0, closed_n = 0;
  Vec3 target{};
  std::priority_queue<RefEntry> open{};
  long seq = 0;
  double best_dist = kInf;
  int best = -1;
  SearchResult res{};

  void set_state(int v, State to) {
    open_n += (to == Open) - (state[size_t(v)] == Open);
    closed_n += (to == Closed) - (state[size_t(v)] == Closed);
    state[size_t(v)] = to;
  }
  Vec3 centroid(int v) const { return to_world(m.centroid(v), 0.0); }  // 2D meshes and graphs only
  double cost_of(int v) const { return graph ? 1.0 : m.polys[size_t(v)].cost; }
  double h_of(int v) const {
    return !astar || v == q.goal ? 0.0 : distance(pos[size_t(v)], target) * def.heuristic_scale;
  }
  static SearchStep step(SearchStep::Kind kind, int node, int parent_node) {
    SearchStep s;
    s.kind = kind;
    s.node = node;
    s.parent = parent_node;
    return s;
  }
  void record(const SearchStep& st) {
    if (trace) trace->steps.push_back(st);
  }

  void start() {
    target = model == CostModel::Graph ? centroid(q.goal) : q.goal_pos;
    res.algorithm = def.algorithm;
    res.cost_model = model;
    if (trace) {
      trace->algorithm = def.algorithm;
      trace->cost_model = model;
      if (filter) trace->causes = filter->reasons;
    }
    const int s = q.start;
    pos[size_t(s)] = model == CostModel::Graph ? centroid(s) : q.start_pos;
    g[size_t(s)] = s == q.goal && model != CostModel::Graph ? distance(q.start_pos, q.goal_pos) * cost_of(s) : 0.0;
    f[size_t(s)] = g[size_t(s)] + h_of(s);
    set_state(s, Open);
    best_dist = distance(pos[size_t(s)], target);
    best = s;
    open.push({f[size_t(s)], seq++, s, 0});
    if (filter && filter->node_blocked(s)) open = {};
  }

  // Polygon edge indices, or NavMesh::edges indices leaving `cur` in file order.
  std::vector<int> links_of(int cur) const {
    std::vector<int> links;
    if (graph) {
      for (size_t e = 0; e < m.edges.size(); ++e)
        if (m.edges[e].from == cur) links.push_back(int(e));
    } else {
      for (size_t k = 0; k < m.polys[size_t(cur)].neighbours.size(); ++k) links.push_back(int(k));
    }
    return links;
  }

  void relax(int cur, int link) {
    const int next = graph ? m.edges[size_t(link)].to : m.polys[size_t(cur)].neighbours[size_t(link)];
    if (next < 0 || next == parent[size_t(cur)]) return;
    int block = filter ? filter->link_block(m, cur, link) : -1;
    if (block < 0 && filter && filter->node_blocked(next)) block = filter->node_block[size_t(next)];
    if (block >= 0) {
      SearchStep st = step(SearchStep::Kind::Blocked, next, cur);
      st.link = link;
      st.cause = block;
      return record(st);
    }
    if (state[size_t(next)] == Unseen) {
      if (model == CostModel::EdgeMidpoints) {
        const std::vector<int>& pv = m.polys[size_t(cur)].verts;
        const Vec2 a = m.verts[size_t(pv[size_t(link)])], b = m.verts[size_t(pv[(size_t(link) + 1) % pv.size()])];
        pos[size_t(next)] = (to_world(a, 0.0) + to_world(b, 0.0)) * 0.5;
      } else {
        pos[size_t(next)] = centroid(next);
      }
    }
    double gn = graph ? g[size_t(cur)] + m.edges[size_t(link)].cost
                      : g[size_t(cur)] + distance(pos[size_t(cur)], pos[size_t(next)]) * cost_of(cur);
    if (!graph && next == q.goal && model != CostModel::Graph)
      gn += distance(pos[size_t(next)], q.goal_pos) * cost_of(next);
    const double hn = h_of(next), fn = gn + hn;
    const bool improved = state[size_t(next)] == Unseen || fn < f[size_t(next)];
    SearchStep st = step(SearchStep::Kind::Relaxed, next, cur);
    st.link = link;
    st.g = gn;
    st.h = hn;
    st.f = gn + hn;
    st.old_g = g[size_t(next)];
    st.improved = improved;
    st.was_closed = state[size_t(next)] == Closed;
    record(st);
    if (!improved) return;
    g[size_t(next)] = gn;
    f[size_t(next)] = fn;
    parent[size_t(next)] = cur;
    plink[size_t(next)] = link;
    set_state(next, Open);
    open.push({fn, seq++, next, ++version[size_t(next)]});
    if (const double d = distance(pos[size_t(next)], target); d < best_dist) {
      best_dist = d;
      best = next;
    }
  }

  enum class Ended { Open, Found, Exhausted, Empty };
  // Pops the next node and expands it; what ended the search, if anything did.
  Ended pop() {
    if (open.empty()) return Ended::Empty;
    const RefEntry top = open.top();
    open.pop();
    const int cur = top.node;
    if (top.version != version[size_t(cur)] || state[size_t(cur)] != Open) {
      SearchStep st = step(SearchStep::Kind::StaleSkipped, cur, -1);
      st.f = top.f;
      record(st);
      return Ended::Open;
    }
    if (def.node_budget > 0 && res.expanded >= def.node_budget) {
      SearchStep st = step(SearchStep::Kind::Exhausted, q.goal, -1);
      st.pops = res.expanded;
      record(st);
      return Ended::Exhausted;
    }
    set_state(cur, Closed);
    ++res.expanded;
    res.popped.push_back(cur);
    SearchStep st = step(SearchStep::Kind::Popped, cur, parent[size_t(cur)]);
    st.link = plink[size_t(cur)];
    st.g = g[size_t(cur)];
    st.f = f[size_t(cur)];
    st.h = f[size_t(cur)] - g[size_t(cur)];
    st.open_count = open_n;
    st.closed_count = closed_n;
    record(st);
    if (cur == q.goal) return Ended::Found;
    for (int link : links_of(cur)) relax(cur, link);
    return Ended::Open;
  }

  SearchResult finish(Ended ended) {
    if (trace) trace->positions = pos;
    const bool found = ended == Ended::Found;
    if (ended == Ended::Empty) {
      record(step(SearchStep::Kind::OpenEmpty, q.goal, -1));
      res.status = Status::Failed;
      return res;
    }
    res.status = found ? Status::Complete : Status::Partial;
    for (int v = found ? q.goal : best; v >= 0; v = parent[size_t(v)]) {
      res.corridor.insert(res.corridor.begin(), v);
      if (parent[size_t(v)] >= 0) res.links.insert(res.links.begin(), plink[size_t(v)]);
    }
    res.cost = g[size_t(res.corridor.back())];
    if (found && trace) {
      SearchStep st = step(SearchStep::Kind::Reached, q.goal, -1);
      st.g = res.cost;
      trace->route = res.corridor;
      trace->steps.push_back(st);
    }
    return res;
  }
};

SearchResult reference_search(const NavMesh& m, const SearchQuery& q, const SearchDef& def, const SearchFilter* filter,
                              SearchTrace* trace) {
  RefSearch r{m, q, def, filter, trace};
  r.start();
  RefSearch::Ended ended = RefSearch::Ended::Open;
  while (ended == RefSearch::Ended::Open) ended = r.pop();
  return r.finish(ended);
}

// ---- Comparison. ----

void expect_same(const SearchResult& a, const SearchResult& b, const std::string& what) {
  EXPECT_EQ(a.status, b.status) << what;
  EXPECT_EQ(a.corridor, b.corridor) << what;
  EXPECT_EQ(a.links, b.links) << what;
  EXPECT_EQ(a.cost, b.cost) << what;
  EXPECT_EQ(a.expanded, b.expanded) << what;
  EXPECT_EQ(a.popped, b.popped) << what;
}

void expect_same(const SearchTrace& a, const SearchTrace& b, const std::string& what) {
  ASSERT_EQ(a.steps.size(), b.steps.size()) << what;
  for (size_t i = 0; i < a.steps.size(); ++i) {
    const SearchStep &x = a.steps[i], &y = b.steps[i];
    const std::string at = what + ", step " + std::to_string(i);
    EXPECT_EQ(x.kind, y.kind) << at;
    EXPECT_EQ(x.node, y.node) << at;
    EXPECT_EQ(x.parent, y.parent) << at;
    EXPECT_EQ(x.link, y.link) << at;
    EXPECT_EQ(x.g, y.g) << at;
    EXPECT_EQ(x.h, y.h) << at;
    EXPECT_EQ(x.f, y.f) << at;
    EXPECT_EQ(x.old_g, y.old_g) << at;
    EXPECT_EQ(x.improved, y.improved) << at;
    EXPECT_EQ(x.was_closed, y.was_closed) << at;
    EXPECT_EQ(x.open_count, y.open_count) << at;
    EXPECT_EQ(x.closed_count, y.closed_count) << at;
    EXPECT_EQ(x.pops, y.pops) << at;
    EXPECT_EQ(x.cause, y.cause) << at;
  }
  EXPECT_EQ(a.route, b.route) << what;
  EXPECT_EQ(a.causes, b.causes) << what;
  EXPECT_EQ(a.positions, b.positions) << what;
}

// ---- Meshes, queries and filters. ----

// `count` nodes at random positions, each with up to four edges to random others (whole costs, so equal
// F ties are common and the insertion order decides).
NavMesh random_graph(std::mt19937& rng, int count) {
  std::uniform_real_distribution<double> at(0.0, 10.0);
  std::uniform_int_distribution<int> pick(0, count - 1), degree(0, 4), cost(1, 5);
  Scene::Graph g;
  for (int i = 0; i < count; ++i) g.nodes.push_back({"n" + std::to_string(i), {at(rng), at(rng)}});
  for (int i = 0; i < count; ++i)
    for (int k = degree(rng); k > 0; --k) {
      const int j = pick(rng);
      if (j != i) g.edges.push_back({g.nodes[size_t(i)].id, g.nodes[size_t(j)].id, double(cost(rng)), ""});
    }
  Result<NavMesh> m = build_graph(g, "random");
  EXPECT_TRUE(m.ok()) << m.error();
  return m.value();
}

// About one node in `one_in` excluded and, on polygon meshes, one link in `one_in` closed.
SearchFilter random_filter(std::mt19937& rng, const NavMesh& m, int one_in) {
  std::uniform_int_distribution<int> die(0, one_in - 1);
  SearchFilter f;
  f.reasons = {"door d1", "area water"};
  f.node_block.assign(size_t(m.size()), -1);
  for (int& b : f.node_block) b = die(rng) == 0 ? 1 : -1;
  if (m.kind == NavMesh::Kind::Graph) {
    f.graph_link_block.assign(m.edges.size(), -1);
    for (int& b : f.graph_link_block) b = die(rng) == 0 ? 0 : -1;
    return f;
  }
  for (int p = 0; p < int(m.polys.size()); ++p) {
    const int edges = int(m.polys[size_t(p)].neighbours.size());
    for (int e = 0; e < edges; ++e)
      if (die(rng) == 0) f.poly_link_block.bar(p, e, edges, 0);
  }
  return f;
}

SearchQuery random_query(std::mt19937& rng, const NavMesh& m) {
  std::uniform_int_distribution<int> pick(0, m.size() - 1);
  const int a = pick(rng), b = pick(rng);
  return {a, b, to_world(m.centroid(a), 0), to_world(m.centroid(b), 0)};
}

// search_into() writes over one result again and again: it must hold this search's answer alone (no
// corridor, popped node or failure left from an earlier one).
void expect_reused_same(const SearchResult& reused, const SearchResult& want, const std::string& what) {
  expect_same(reused, want, what + " (into a reused result)");
  EXPECT_EQ(reused.failure.has_value(), want.status != Status::Complete) << what << " (into a reused result)";
}

// One search of `q` on `m` under `def` and `f`, untraced, traced and into `reused`: each equals the oracle's.
void compare_one(const NavMesh& m, const SearchQuery& q, const SearchDef& def, const SearchFilter* f,
                 SearchResult& reused, const std::string& what) {
  SearchTrace got_trace, want_trace;
  const SearchResult want = reference_search(m, q, def, f, &want_trace);
  expect_same(search(m, q, def, f), want, what + " (untraced)");
  expect_same(search(m, q, def, f, &got_trace), want, what);
  expect_same(got_trace, want_trace, what);
  search_into(m, q, def, f, nullptr, reused);
  expect_reused_same(reused, want, what);
}

// Every algorithm, cost model, filter and budget on a run of queries on `m`, traced and not, and into
// one result reused by all of them: each search equals the oracle's.
int compare_on(std::mt19937& rng, const NavMesh& m, int queries, const std::string& name) {
  int compared = 0;
  SearchResult reused;
  for (int k = 0; k < queries; ++k) {
    const SearchQuery q = random_query(rng, m);
    const SearchFilter filter = random_filter(rng, m, 6);
    for (Algorithm a : {Algorithm::AStar, Algorithm::Dijkstra})
      for (CostModel model : {CostModel::EdgeMidpoints, CostModel::Centroids, CostModel::Graph})
        for (int budget : {0, 7})
          for (const SearchFilter* f : {static_cast<const SearchFilter*>(nullptr), &filter}) {
            SearchDef def;
            def.algorithm = a;
            def.cost_model = model;
            def.node_budget = budget;
            compare_one(m, q, def, f, reused,
                        name + " query " + std::to_string(k) + " " + to_string(a) + " " + to_string(model) +
                            " budget " + std::to_string(budget) + (f ? " filtered" : ""));
            ++compared;
          }
  }
  return compared;
}

TEST(SearchScratch, EqualsAFreshSearchOnRandomMeshesAndPairs) {
  std::mt19937 rng(20261201);
  int compared = 0;
  for (int i = 0; i < 6; ++i) {
    const NavMesh m = test::random_mesh(rng, 9, 7);
    compared += compare_on(rng, m, 12, "mesh " + std::to_string(i));
  }
  EXPECT_EQ(compared, 6 * 12 * 24);
}

// A mesh of more slots than the search keeps in place (kPooledAbove, 65,536 in core/search/search.cpp):
// its labels are pooled in the order the search meets them, and every search still equals the oracle's,
// one after another on the same pool: A* and Dijkstra, filtered and not, traced and not, and into one
// reused result (the other cost models and budgets take the same labels; the small meshes above run them).
TEST(SearchScratch, EqualsAFreshSearchOnAMeshLargeEnoughToPoolItsLabels) {
  std::mt19937 rng(65537);
  const NavMesh m = test::random_mesh(rng, 200, 200, 0.1);
  ASSERT_GT(m.size(), 65536);
  const SearchQuery q = random_query(rng, m);
  const SearchFilter filter = random_filter(rng, m, 6);
  SearchResult reused;
  int compared = 0;
  for (Algorithm a : {Algorithm::AStar, Algorithm::Dijkstra})
    for (const SearchFilter* f : {static_cast<const SearchFilter*>(nullptr), &filter}) {
      SearchDef def;
      def.algorithm = a;
      compare_one(m, q, def, f, reused, std::string("large mesh ") + to_string(a) + (f ? " filtered" : ""));
      ++compared;
    }
  EXPECT_EQ(compared, 4);
}

// A mesh readied by prepare_search() (its index built and every polygon's edge records written before
// any search, as the app's bake worker does) searches as the oracle does.
TEST(SearchScratch, APreparedMeshSearchesAsAFreshOne) {
  std::mt19937 rng(8128);
  int compared = 0;
  for (int i = 0; i < 4; ++i) {
    const NavMesh m = i < 3 ? test::random_mesh(rng, 8, 6) : random_graph(rng, 30);
    prepare_search(m);
    compared += compare_on(rng, m, 8, "prepared mesh " + std::to_string(i));
  }
  EXPECT_EQ(compared, 4 * 8 * 24);
}

TEST(SearchScratch, EqualsAFreshSearchOnRandomGraphs) {
  std::mt19937 rng(411);
  int compared = 0;
  for (int i = 0; i < 6; ++i) {
    const NavMesh m = random_graph(rng, 40);
    compared += compare_on(rng, m, 12, "graph " + std::to_string(i));
  }
  EXPECT_EQ(compared, 6 * 12 * 24);
}

// Searches on two meshes of different sizes, interleaved, with the thread's one scratch: a label left by
// an earlier, larger search never shows in a later one (its trace's positions included), nor does a
// longer corridor in a result written over again.
TEST(SearchScratch, InterleavedSearchesOnTwoMeshes) {
  std::mt19937 rng(99);
  const NavMesh big = test::random_mesh(rng, 14, 12), small = test::random_mesh(rng, 4, 3);
  const NavMesh* meshes[] = {&big, &small};
  SearchResult reused;  // one result for both meshes
  for (int k = 0; k < 60; ++k) {
    const NavMesh& m = *meshes[k % 2];
    const SearchQuery q = random_query(rng, m);
    SearchDef def;
    def.algorithm = k % 3 == 0 ? Algorithm::Dijkstra : Algorithm::AStar;
    SearchTrace got_trace, want_trace;
    const SearchResult want = reference_search(m, q, def, nullptr, &want_trace);
    expect_same(search(m, q, def, nullptr, &got_trace), want, "search " + std::to_string(k));
    expect_same(got_trace, want_trace, "search " + std::to_string(k));
    search_into(m, q, def, nullptr, nullptr, reused);
    expect_reused_same(reused, want, "search " + std::to_string(k));
  }
}

// A query with a node outside the mesh fails before any search: written over a result that held a
// corridor, it leaves none of it.
TEST(SearchScratch, AnInvalidQueryIntoAReusedResultLeavesNothingOfTheLastOne) {
  std::mt19937 rng(17);
  const NavMesh m = test::random_mesh(rng, 6, 6);
  SearchResult r;
  search_into(m, {0, 0, to_world(m.centroid(0), 0), to_world(m.centroid(0), 0)}, SearchDef{}, nullptr, nullptr, r);
  ASSERT_EQ(r.status, Status::Complete);
  EXPECT_EQ(r.corridor, (std::vector<int>{0}));
  EXPECT_EQ(r.popped, (std::vector<int>{0}));
  search_into(m, {-1, 0, {}, {}}, SearchDef{}, nullptr, nullptr, r);
  EXPECT_EQ(r.status, Status::Failed);
  ASSERT_TRUE(r.failure.has_value());
  EXPECT_EQ(r.failure->reason, Reason::InvalidArgument);
  EXPECT_TRUE(r.corridor.empty());
  EXPECT_TRUE(r.links.empty());
  EXPECT_TRUE(r.popped.empty());
  EXPECT_EQ(r.expanded, 0);
  EXPECT_EQ(r.cost, 0.0);
}

// The same mesh searched from several threads at once, each with its own NavQuery (the thread's).
TEST(SearchScratch, ConcurrentSearchesOnOneMesh) {
  std::mt19937 rng(5);
  const NavMesh m = test::random_mesh(rng, 10, 10);
  std::vector<SearchQuery> queries;
  std::vector<SearchResult> want;
  for (int k = 0; k < 40; ++k) {
    queries.push_back(random_query(rng, m));
    want.push_back(reference_search(m, queries.back(), SearchDef{}, nullptr, nullptr));
  }
  constexpr int kThreads = 4;
  std::vector<std::vector<SearchResult>> got(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      for (int round = 0; round < 5; ++round)
        for (const SearchQuery& q : queries) got[size_t(t)].push_back(search(m, q, SearchDef{}));
    });
  for (std::thread& t : threads) t.join();
  for (int t = 0; t < kThreads; ++t)
    for (size_t i = 0; i < got[size_t(t)].size(); ++i)
      expect_same(got[size_t(t)][i], want[i % queries.size()],
                  "thread " + std::to_string(t) + " search " + std::to_string(i));
}

}  // namespace
}  // namespace navlab

namespace navlab {
namespace {

// The thread's own NavQuery serves one query at a time: a query inside a query gets a temporary one,
// the thread's is used again once it is free, and another thread has its own.
TEST(NavQuery, TheThreadsOwnServesOneQueryAtATime) {
  const NavQuery* first = nullptr;
  {
    const NavQuery::ThisThread a;
    const NavQuery::ThisThread b;
    EXPECT_NE(&*a, &*b) << "a query inside a query gets its own";
    first = &*a;
  }
  const NavQuery::ThisThread again;
  EXPECT_EQ(&*again, first) << "the thread's own is used again";
  const NavQuery* other = nullptr;
  std::thread([&] {
    const NavQuery::ThisThread there;
    other = &*there;
  }).join();
  EXPECT_NE(other, first) << "another thread has its own";
}

// One NavQuery that the caller owns serves searches on meshes and graphs of different sizes, interleaved
// with searches on the thread's own: each equals the oracle's, traced and into a reused result.
TEST(NavQuery, OneServesSearchesOnEveryMesh) {
  std::mt19937 rng(42);
  const NavMesh big = test::random_mesh(rng, 12, 10), small = test::random_mesh(rng, 3, 3),
                graph = random_graph(rng, 25);
  const NavMesh* meshes[] = {&big, &small, &graph};
  NavQuery own;
  SearchResult reused;
  for (int k = 0; k < 45; ++k) {
    const NavMesh& m = *meshes[k % 3];
    const SearchQuery q = random_query(rng, m);
    SearchDef def;
    def.algorithm = k % 2 ? Algorithm::Dijkstra : Algorithm::AStar;
    SearchTrace got_trace, want_trace;
    const SearchResult want = reference_search(m, q, def, nullptr, &want_trace);
    const std::string what = "search " + std::to_string(k);
    search_into(m, q, def, nullptr, &got_trace, reused, own);
    expect_reused_same(reused, want, what + " (own query)");
    expect_same(got_trace, want_trace, what + " (own query)");
    expect_same(search(m, q, def), want, what + " (the thread's query)");
  }
}

}  // namespace
}  // namespace navlab
