// Search stage: the seeds' worked examples W1 and W2, every failure reason, and properties on random
// meshes (Dijkstra and A* agree, the trace changes nothing).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>

#include "gates.h"
#include "meshes.h"
#include "navmesh_build.h"
#include "search.h"
#include "tolerances.h"

namespace navlab {
namespace {

NavMesh graph_mesh(const std::vector<GraphNodeDef>& nodes, const std::vector<GraphEdgeDef>& edges) {
  Scene::Graph g;
  g.nodes = nodes;
  g.edges = edges;
  Result<NavMesh> m = build_graph(g, "test");
  EXPECT_TRUE(m.ok()) << m.error();
  return m.value();
}

SearchQuery graph_query(const NavMesh& m, const std::string& a, const std::string& b) {
  SearchQuery q;
  q.start = m.node_index(a);
  q.goal = m.node_index(b);
  q.start_pos = to_world(m.nodes[q.start].pos, 0);
  q.goal_pos = to_world(m.nodes[q.goal].pos, 0);
  return q;
}

std::vector<std::string> names(const NavMesh& m, const std::vector<int>& ids) {
  std::vector<std::string> out;
  for (int i : ids) out.push_back(node_label(m, i));
  return out;
}

SearchDef dijkstra() {
  SearchDef d;
  d.algorithm = Algorithm::Dijkstra;
  return d;
}

TEST(SearchW1, PicksTheCheaperOfTwoRoutes) {
  const NavMesh m = graph_mesh({{"P1", {0, 0}}, {"P2", {1, 1}}, {"P3", {1, -1}}, {"P4", {2, 0}}},
                               {{"P1", "P2", 4, ""}, {"P2", "P4", 7, ""}, {"P1", "P3", 3, ""}, {"P3", "P4", 5, ""}});
  for (Algorithm a : {Algorithm::Dijkstra, Algorithm::AStar}) {
    SearchDef def;
    def.algorithm = a;
    const SearchResult r = search(m, graph_query(m, "P1", "P4"), def);
    ASSERT_EQ(r.status, Status::Complete);
    EXPECT_EQ(names(m, r.corridor), (std::vector<std::string>{"P1", "P3", "P4"}));
    EXPECT_DOUBLE_EQ(r.cost, 3.0 + 5.0);
    EXPECT_EQ(r.cost_model, CostModel::Graph);
  }
}

TEST(SearchW2, CorridorCostAndPopOrder) {
  const NavMesh m = graph_mesh(test::w2_graph().nodes, test::w2_graph().edges);
  SearchTrace trace;
  const SearchResult r = search(m, graph_query(m, "Start", "Goal"), dijkstra(), nullptr, &trace);
  ASSERT_EQ(r.status, Status::Complete);
  EXPECT_EQ(names(m, r.corridor), (std::vector<std::string>{"Start", "Hall", "Door", "Goal"}));
  EXPECT_DOUBLE_EQ(r.cost, 6.0);
  std::vector<std::string> popped;
  for (const SearchStep& s : trace.steps)
    if (s.kind == SearchStep::Kind::Popped) popped.push_back(node_label(m, s.node));
  EXPECT_EQ(popped, (std::vector<std::string>{"Start", "Hall", "Door", "Balcony", "Goal"}));
  EXPECT_EQ(r.expanded, 5);
  // Popping Balcony offers Goal at 9, not better than the 6 it already has.
  const auto it = std::find_if(trace.steps.begin(), trace.steps.end(), [&](const SearchStep& s) {
    return s.kind == SearchStep::Kind::Relaxed && s.parent >= 0 && node_label(m, s.parent) == "Balcony" &&
           node_label(m, s.node) == "Goal";
  });
  ASSERT_NE(it, trace.steps.end());
  EXPECT_FALSE(it->improved);
  EXPECT_DOUBLE_EQ(it->g, 9.0);
  EXPECT_DOUBLE_EQ(it->old_g, 6.0);
  EXPECT_EQ(it->describe(m, trace),
            "From Balcony, reaching Goal costs G 9, which is not less than its G 6 so far: Goal keeps its parent.");
  // The pop of Door: G 4, parent Hall, Start and Hall closed, Balcony and Door... open before.
  const auto door = std::find_if(trace.steps.begin(), trace.steps.end(), [&](const SearchStep& s) {
    return s.kind == SearchStep::Kind::Popped && node_label(m, s.node) == "Door";
  });
  ASSERT_NE(door, trace.steps.end());
  EXPECT_DOUBLE_EQ(door->g, 4.0);
  EXPECT_EQ(node_label(m, door->parent), "Hall");
  const SearchSets sets = search_sets_at(trace.steps, size_t(door - trace.steps.begin()));
  EXPECT_EQ(names(m, sets.closed), (std::vector<std::string>{"Start", "Hall", "Door"}));
  EXPECT_EQ(names(m, sets.open), (std::vector<std::string>{"Balcony"}));
  EXPECT_EQ(door->closed_count, 3);
  EXPECT_EQ(door->open_count, 1);
}

TEST(SearchW2, DetourAfterRemovingHallToDoor) {
  Scene::Graph g = test::w2_graph();
  g.edges.erase(g.edges.begin() + 2);  // Hall -> Door
  const NavMesh m = graph_mesh(g.nodes, g.edges);
  const SearchResult r = search(m, graph_query(m, "Start", "Goal"), dijkstra());
  ASSERT_EQ(r.status, Status::Complete);
  EXPECT_EQ(names(m, r.corridor), (std::vector<std::string>{"Start", "Balcony", "Goal"}));
  EXPECT_DOUBLE_EQ(r.cost, 9.0);
}

TEST(SearchW2, ClosedDoorGateGivesTheSameDetour) {
  Scene scene;
  const Scene::Graph& graph = scene.source.emplace<Scene::Graph>(test::w2_graph());
  const NavMesh m = graph_mesh(graph.nodes, graph.edges);
  Result<Gates> gates = make_gates(scene, m, DoorOverrides{{"door1"}, {}});
  ASSERT_TRUE(gates.ok()) << gates.error();
  SearchTrace trace;
  const SearchResult r = search(m, graph_query(m, "Start", "Goal"), dijkstra(), &gates->filter, &trace);
  ASSERT_EQ(r.status, Status::Complete);
  EXPECT_EQ(names(m, r.corridor), (std::vector<std::string>{"Start", "Balcony", "Goal"}));
  EXPECT_DOUBLE_EQ(r.cost, 9.0);
  const auto blocked = std::find_if(trace.steps.begin(), trace.steps.end(),
                                    [](const SearchStep& s) { return s.kind == SearchStep::Kind::Blocked; });
  ASSERT_NE(blocked, trace.steps.end());
  EXPECT_EQ(blocked->describe(m, trace), "From Hall, Door cannot be entered: blocked by door door1.");
  // An unknown door id is an input error, not a silent no-op.
  EXPECT_FALSE(make_gates(scene, m, DoorOverrides{{"nope"}, {}}).ok());
}

// Two unit squares side by side (polygons 0 and 1 share x = 1), then a third square far away.
Scene::Navmesh squares() {
  Scene::Navmesh n;
  n.vertices = {{0, 0}, {1, 0}, {1, 1}, {0, 1}, {2, 0}, {2, 1}, {5, 0}, {6, 0}, {6, 1}, {5, 1}};
  n.polygons = {{0, 1, 2, 3}, {1, 4, 5, 2}, {6, 7, 8, 9}};
  return n;
}

SearchQuery point_query(int a, Vec2 pa, int b, Vec2 pb) { return SearchQuery{a, b, to_world(pa, 0), to_world(pb, 0)}; }

TEST(SearchFailures, DisconnectedIslands) {
  const NavMesh m = build_hand_authored(squares(), "t").value();
  const SearchResult r = search(m, point_query(0, {0.5, 0.5}, 2, {5.5, 0.5}), SearchDef{});
  EXPECT_EQ(r.status, Status::Failed);
  ASSERT_TRUE(r.failure);
  EXPECT_EQ(r.failure->reason, Reason::Disconnected);
  EXPECT_EQ(r.failure->stage, FailStage::Search);
  EXPECT_TRUE(r.corridor.empty());
}

TEST(SearchFailures, AgentRestrictedByDoorSegmentAndArea) {
  Scene scene;
  Scene::Navmesh& navmesh = scene.source.emplace<Scene::Navmesh>(squares());
  navmesh.areas = {"floor", "water", "floor"};
  const NavMesh m = build_hand_authored(navmesh, "t").value();
  Door door;
  door.id = "gate";
  door.shape = {ScenePoint{"", {1, -0.5}, 0, false}, ScenePoint{"", {1, 1.5}, 0, false}};  // along x = 1
  door.open = false;
  scene.doors = {door};
  const SearchQuery q = point_query(0, {0.5, 0.5}, 1, {1.5, 0.5});
  {
    Gates g = make_gates(scene, m).value();
    ASSERT_EQ(g.doors.size(), 1u);
    EXPECT_EQ(g.doors[0].links, (std::vector<Link>{{0, 1}, {1, 3}}));  // both directions of the shared edge
    const SearchResult r = search(m, q, SearchDef{}, &g.filter);
    ASSERT_EQ(r.status, Status::Failed);
    const Failure f = explain_unreachable(m, q, SearchDef{}, g, *r.failure);
    EXPECT_EQ(f.reason, Reason::AgentRestricted);
    EXPECT_EQ(f.blocked_by, (std::vector<std::string>{"gate"}));
  }
  scene.agent.excluded_areas = {"water"};
  {
    Gates g = make_gates(scene, m).value();
    const SearchResult r = search(m, q, SearchDef{}, &g.filter);
    ASSERT_EQ(r.status, Status::Failed);
    const Failure f = explain_unreachable(m, q, SearchDef{}, g, *r.failure);
    EXPECT_EQ(f.reason, Reason::AgentRestricted);
    EXPECT_EQ(f.blocked_by, (std::vector<std::string>{"gate", "water"}));
  }
  scene.doors[0].open = true;
  {
    Gates g = make_gates(scene, m).value();
    const SearchResult r = search(m, q, SearchDef{}, &g.filter);
    const Failure f = explain_unreachable(m, q, SearchDef{}, g, *r.failure);
    EXPECT_EQ(f.blocked_by, (std::vector<std::string>{"water"}));
  }
  {  // A truly disconnected goal stays disconnected, doors or not.
    Gates g = make_gates(scene, m).value();
    const SearchQuery far = point_query(0, {0.5, 0.5}, 2, {5.5, 0.5});
    const SearchResult r = search(m, far, SearchDef{}, &g.filter);
    EXPECT_EQ(explain_unreachable(m, far, SearchDef{}, g, *r.failure).reason, Reason::Disconnected);
  }
}

// GateLinks::ClosedOnly leaves the open doors' connections out and nothing else: the filter, the states
// and every closed door's connections are those of GateLinks::All, on a baked floor plan (doors marked in
// the bake) and with each door closed, opened or left as the scene says.
TEST(SearchGates, ClosedOnlyGatesFilterAsAllGates) {
  const test::Loaded l = test::load("default.json");
  ASSERT_EQ(l.scene.doors.size(), 2u);
  const std::string a = l.scene.doors[0].id, b = l.scene.doors[1].id;
  const std::vector<DoorOverrides> cases{{}, {{a}, {}}, {{b}, {}}, {{a, b}, {}}, {{a}, {b}}};
  int closed_seen = 0, open_seen = 0;
  for (const DoorOverrides& o : cases) {
    const Gates all = make_gates(l.scene, l.mesh, o).value();
    const Gates few = make_gates(l.scene, l.mesh, o, GateLinks::ClosedOnly).value();
    EXPECT_EQ(few.filter.reasons, all.filter.reasons);
    EXPECT_EQ(few.filter.node_block, all.filter.node_block);
    EXPECT_EQ(few.filter.poly_link_block, all.filter.poly_link_block);
    ASSERT_EQ(few.doors.size(), all.doors.size());
    for (size_t i = 0; i < all.doors.size(); ++i) {
      EXPECT_EQ(few.doors[i].open, all.doors[i].open);
      EXPECT_FALSE(all.doors[i].links.empty()) << all.doors[i].id;
      if (all.doors[i].open) {
        EXPECT_TRUE(few.doors[i].links.empty()) << all.doors[i].id;
        ++open_seen;
      } else {
        EXPECT_EQ(few.doors[i].links, all.doors[i].links) << all.doors[i].id;
        ++closed_seen;
      }
    }
  }
  EXPECT_GT(closed_seen, 0);
  EXPECT_GT(open_seen, 0);
}

TEST(SearchGates, DoorShapes) {
  const NavMesh m = build_hand_authored(squares(), "t").value();
  auto door = [](std::vector<Vec2> pts, bool poly) {
    Door d;
    d.id = "d";
    d.is_polygon = poly;
    for (Vec2 p : pts) d.shape.push_back(ScenePoint{"", p, 0, false});
    return d;
  };
  const std::vector<Link> shared{{0, 1}, {1, 3}};
  EXPECT_EQ(door_links(m, door({{0.5, 0.5}, {1.5, 0.5}}, false)), shared);    // crosses the edge
  EXPECT_EQ(door_links(m, door({{1, 0.2}, {1, 0.4}}, false)), shared);        // overlaps part of it
  EXPECT_TRUE(door_links(m, door({{0.5, 0.5}, {0.9, 0.5}}, false)).empty());  // stops short
  EXPECT_TRUE(door_links(m, door({{0.5, 1.5}, {1.0, 1.0}}, false)).empty());  // touches only a vertex
  EXPECT_EQ(door_links(m, door({{0.8, 0.3}, {1.2, 0.3}, {1.2, 0.7}, {0.8, 0.7}}, true)), shared);  // midpoint in
  EXPECT_TRUE(door_links(m, door({{0.8, 0.6}, {1.2, 0.6}, {1.2, 0.9}, {0.8, 0.9}}, true)).empty());
  // Nearly along the edge's line, one end within the tolerance of it, ending a metre past the edge: the
  // lines meet beside the edge, the door does not.
  const double eps = tol::scaled(6.0);
  EXPECT_TRUE(door_links(m, door({{1 + 0.5 * eps, 2}, {1 + 0.75 * eps, 2.75}}, false)).empty());
}

// A hand-authored grid of `n` x `n` unit squares.
Scene::Navmesh square_grid(int n) {
  Scene::Navmesh g;
  for (int y = 0; y <= n; ++y)
    for (int x = 0; x <= n; ++x) g.vertices.push_back({double(x), double(y)});
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x) {
      const int v = y * (n + 1) + x;
      g.polygons.push_back({v, v + 1, v + n + 2, v + n + 1});
    }
  return g;
}

// The shared edges a door covers, against a full scan with exact tests (random doors meet no vertex and
// run along no edge): a segment crosses an edge where each one's ends lie strictly on both sides of
// the other; a rectangle covers the edges whose midpoint lies strictly inside it.
TEST(SearchGates, DoorShapesMatchAFullScan) {
  const int n = 40;
  const NavMesh m = build_hand_authored(square_grid(n), "t").value();
  std::mt19937_64 rng(11);
  std::uniform_real_distribution<double> at(-2.0, n + 2.0), len(0.1, 6.0), turn(0.0, 2.0 * std::numbers::pi);
  auto oracle = [&](const Door& d) {
    std::vector<Link> out;
    const Vec2 p = d.shape[0].plane, q = d.shape[d.is_polygon ? 2 : 1].plane;  // a rectangle's corners 0, 2
    for (int pi = 0; pi < int(m.polys.size()); ++pi)
      for (int e = 0; e < 4; ++e) {
        if (m.polys[size_t(pi)].neighbours[size_t(e)] < 0) continue;
        const Vec2 a = m.vertex(pi, e), b = m.vertex(pi, (e + 1) % 4), mid = (a + b) * 0.5;
        const bool covered = d.is_polygon
                                 ? mid.x > std::min(p.x, q.x) && mid.x < std::max(p.x, q.x) &&
                                       mid.y > std::min(p.y, q.y) && mid.y < std::max(p.y, q.y)
                                 : orient(p, q, a) * orient(p, q, b) < 0.0 && orient(a, b, p) * orient(a, b, q) < 0.0;
        if (covered) out.push_back({pi, e});
      }
    return out;
  };
  int covering = 0;
  for (int i = 0; i < 200; ++i) {
    Door d;
    d.id = "d";
    d.is_polygon = i % 2 == 1;
    const Vec2 p{at(rng), at(rng)}, q = p + Vec2{std::cos(turn(rng)), std::sin(turn(rng))} * len(rng);
    const std::vector<Vec2> pts =
        d.is_polygon ? std::vector<Vec2>{p, {q.x, p.y}, q, {p.x, q.y}} : std::vector<Vec2>{p, q};
    for (Vec2 v : pts) d.shape.push_back(ScenePoint{"", v, 0, false});
    const std::vector<Link> links = door_links(m, d);
    EXPECT_EQ(links, oracle(d)) << "door " << i;
    covering += !links.empty();
  }
  EXPECT_GT(covering, 120);  // most doors cover something: the comparison is not of empty lists
}

TEST(SearchFailures, BudgetExhaustedGivesPartialCorridor) {
  // A strip of 10 unit squares; a budget of 3 pops cannot reach the far end.
  Scene::Navmesh n;
  for (int i = 0; i <= 10; ++i) {
    n.vertices.push_back({double(i), 0});
    n.vertices.push_back({double(i), 1});
  }
  for (int i = 0; i < 10; ++i) n.polygons.push_back({2 * i, 2 * i + 2, 2 * i + 3, 2 * i + 1});
  const NavMesh m = build_hand_authored(n, "t").value();
  SearchDef def;
  def.node_budget = 3;
  SearchTrace trace;
  const SearchResult r = search(m, point_query(0, {0.5, 0.5}, 9, {9.5, 0.5}), def, nullptr, &trace);
  EXPECT_EQ(r.status, Status::Partial);
  ASSERT_TRUE(r.failure);
  EXPECT_EQ(r.failure->reason, Reason::BudgetExhausted);
  EXPECT_EQ(r.expanded, 3);
  EXPECT_EQ(r.corridor, (std::vector<int>{0, 1, 2, 3}));  // the discovered node nearest the goal
  EXPECT_EQ(trace.steps.back().kind, SearchStep::Kind::Exhausted);
  EXPECT_EQ(trace.steps.back().pops, 3);
  EXPECT_NE(trace.steps.back().describe(m, trace).find("after taking 3 nodes"), std::string::npos)
      << trace.steps.back().describe(m, trace);
  def.node_budget = 10;
  EXPECT_EQ(search(m, point_query(0, {0.5, 0.5}, 9, {9.5, 0.5}), def).status, Status::Complete);
}

TEST(SearchEdgeMidpoints, CostFollowsDetourRule) {
  // Strip of 3 squares: start (0.5,0.5) -> portal midpoints (1,0.5), (2,0.5) -> goal (2.5,0.9), with
  // polygon 1 costing 2: g = 0.5*1 + 1*2 + |(2.5,0.9)-(2,0.5)|*1.
  Scene::Navmesh n;
  for (int i = 0; i <= 3; ++i) {
    n.vertices.push_back({double(i), 0});
    n.vertices.push_back({double(i), 1});
  }
  for (int i = 0; i < 3; ++i) n.polygons.push_back({2 * i, 2 * i + 2, 2 * i + 3, 2 * i + 1});
  n.costs = {1, 2, 1};
  const NavMesh m = build_hand_authored(n, "t").value();
  const SearchResult r = search(m, point_query(0, {0.5, 0.5}, 2, {2.5, 0.9}), SearchDef{});
  ASSERT_EQ(r.status, Status::Complete);
  EXPECT_EQ(r.corridor, (std::vector<int>{0, 1, 2}));
  EXPECT_NEAR(r.cost, 0.5 + 2.0 + std::hypot(0.5, 0.4), 1e-12);
}

TEST(SearchEdgeCases, StartAndGoalInOnePolygon) {
  const NavMesh m = build_hand_authored(squares(), "t").value();
  for (CostModel model : {CostModel::EdgeMidpoints, CostModel::Centroids}) {
    SearchDef def;
    def.cost_model = model;
    const SearchResult r = search(m, point_query(1, {1.2, 0.2}, 1, {1.8, 1.0}), def);
    ASSERT_EQ(r.status, Status::Complete);
    EXPECT_EQ(r.corridor, std::vector<int>{1});
    EXPECT_TRUE(r.links.empty());
    EXPECT_NEAR(r.cost, 1.0, 1e-12);
    EXPECT_EQ(r.expanded, 1);
  }
}

TEST(SearchEdgeCases, StartOnASharedVertexWorksFromEveryPolygonTouchingIt) {
  // 2x2 grid of unit squares; vertex (1,1) is shared by all four.
  Scene::Navmesh n;
  for (int y = 0; y <= 2; ++y)
    for (int x = 0; x <= 2; ++x) n.vertices.push_back({double(x), double(y)});
  auto v = [](int x, int y) { return y * 3 + x; };
  for (int y = 0; y < 2; ++y)
    for (int x = 0; x < 2; ++x) n.polygons.push_back({v(x, y), v(x + 1, y), v(x + 1, y + 1), v(x, y + 1)});
  const NavMesh m = build_hand_authored(n, "t").value();
  for (int start = 0; start < 4; ++start) {
    const SearchResult r = search(m, point_query(start, {1, 1}, 3, {1.5, 1.5}), SearchDef{});
    ASSERT_EQ(r.status, Status::Complete) << start;
    EXPECT_EQ(r.corridor.front(), start);
    EXPECT_EQ(r.corridor.back(), 3);
    // The corridor is a chain of neighbours and never costs less than the straight line.
    for (size_t i = 0; i + 1 < r.corridor.size(); ++i)
      EXPECT_EQ(link_target(m, r.corridor[i], r.links[i]), r.corridor[i + 1]);
    EXPECT_GE(r.cost + 1e-12, std::hypot(0.5, 0.5));
  }
}

TEST(SearchProperties, DijkstraAndAStarAgreeOnCost) {
  // edge_midpoints is left out on purpose: like Detour it fixes a polygon's position when the polygon is
  // first discovered, so the cost depends on discovery order and A* and Dijkstra may legitimately
  // differ. centroids and graph define one graph, where both must find the optimum.
  std::mt19937 rng(20240611);
  int compared = 0, found = 0;
  for (int mesh_i = 0; mesh_i < 20; ++mesh_i) {
    const NavMesh m = test::random_mesh(rng, 8, 6);
    std::uniform_int_distribution<int> pick(0, m.size() - 1);
    for (int k = 0; k < 25; ++k) {
      const int a = pick(rng), b = pick(rng);
      const SearchQuery q{a, b, to_world(m.centroid(a), 0), to_world(m.centroid(b), 0)};
      for (CostModel model : {CostModel::Centroids, CostModel::Graph}) {
        SearchDef dj = dijkstra(), as;
        dj.cost_model = as.cost_model = model;
        const SearchResult rd = search(m, q, dj), ra = search(m, q, as);
        ASSERT_EQ(rd.status, ra.status);
        ++compared;
        if (rd.status != Status::Complete) continue;
        ++found;
        EXPECT_NEAR(rd.cost, ra.cost, 1e-9 * std::max(1.0, rd.cost)) << "mesh " << mesh_i << " " << a << "->" << b;
        EXPECT_LE(ra.expanded, rd.expanded);
      }
    }
  }
  EXPECT_EQ(compared, 1000);
  EXPECT_GT(found, 500);  // most pairs are connected, so the comparison is not vacuous
}

TEST(SearchProperties, TraceChangesNothingAndRecordsEveryPop) {
  std::mt19937 rng(7);
  const NavMesh m = test::random_mesh(rng, 10, 10);
  std::uniform_int_distribution<int> pick(0, m.size() - 1);
  int stale = 0;
  for (int k = 0; k < 40; ++k) {
    const int a = pick(rng), b = pick(rng);
    const SearchQuery q{a, b, to_world(m.centroid(a), 0), to_world(m.centroid(b), 0)};
    SearchTrace trace;
    const SearchResult plain = search(m, q, SearchDef{});
    const SearchResult traced = search(m, q, SearchDef{}, nullptr, &trace);
    EXPECT_EQ(plain.corridor, traced.corridor);
    EXPECT_EQ(plain.cost, traced.cost);
    EXPECT_EQ(plain.expanded, traced.expanded);
    int pops = 0;
    for (const SearchStep& s : trace.steps) {
      pops += s.kind == SearchStep::Kind::Popped;
      stale += s.kind == SearchStep::Kind::StaleSkipped;
      // Every sentence names the polygon it is about ("polygon N").
      EXPECT_NE(s.describe(m, trace).find("polygon " + std::to_string(s.node)), std::string::npos)
          << s.describe(m, trace);
    }
    EXPECT_EQ(pops, traced.expanded);
    if (traced.status == Status::Complete) {
      // The goal's last recorded G is the corridor cost, and the popped goal is the last Popped step.
      const auto last = std::find_if(trace.steps.rbegin(), trace.steps.rend(),
                                     [](const SearchStep& s) { return s.kind == SearchStep::Kind::Popped; });
      EXPECT_EQ(last->node, b);
      EXPECT_EQ(last->g, traced.cost);
    }
  }
  EXPECT_GT(stale, 0);  // improved nodes leave stale heap entries, and they are skipped
}

// Equal costs: the first way found is kept (a node's parent changes only for a strictly cheaper G), so
// with two routes of cost 2 the corridor goes through A, relaxed before B (DESIGN §3: ties by insertion
// order). Taking an equal G as an improvement would re-parent Goal to B.
TEST(Search, AnEqualCostRouteDoesNotReplaceTheFirstOneFound) {
  const NavMesh m = graph_mesh({{"S", {0, 0}}, {"A", {1, 1}}, {"B", {1, -1}}, {"Goal", {2, 0}}},
                               {{"S", "A", 1, ""}, {"S", "B", 1, ""}, {"A", "Goal", 1, ""}, {"B", "Goal", 1, ""}});
  for (Algorithm a : {Algorithm::Dijkstra, Algorithm::AStar}) {
    SearchDef def;
    def.algorithm = a;
    const SearchResult r = search(m, graph_query(m, "S", "Goal"), def);
    ASSERT_EQ(r.status, Status::Complete);
    EXPECT_EQ(names(m, r.corridor), (std::vector<std::string>{"S", "A", "Goal"}));
    EXPECT_DOUBLE_EQ(r.cost, 2.0);
  }
}

TEST(Search, AnIndexOutsideTheMeshIsAnInvalidArgumentNotAPlanningReason) {
  Scene::Navmesh def;
  def.vertices = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
  def.polygons = {{0, 1, 2, 3}};
  const NavMesh m = build_hand_authored(def, "square").value();
  for (const auto& [a, b] : std::vector<std::pair<int, int>>{{-1, 0}, {0, 1}, {5, 0}}) {
    const SearchResult r = search(m, SearchQuery{a, b, {}, {}}, SearchDef{});
    EXPECT_EQ(r.status, Status::Failed);
    ASSERT_TRUE(r.failure);
    EXPECT_EQ(r.failure->reason, Reason::InvalidArgument);
    EXPECT_NE(r.failure->message.find("not a node of the mesh (0 to 0)"), std::string::npos) << r.failure->message;
  }
}

}  // namespace
}  // namespace navlab
