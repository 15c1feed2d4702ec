// The open and closed sets at every step are rebuilt from the records (search_sets_at); they must be
// what a plain replay in this test gives (start open; a relaxation that improves opens its node; a pop
// closes it), and their sizes must be the counts the search kept from its own node states while it ran.
// Checked on seeded random grids with holes, both algorithms, random polygon costs and heuristic
// scales that make A* re-open closed nodes.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "bake_tiled.h"
#include "generated_level.h"
#include "locate.h"
#include "meshes.h"
#include "plan.h"
#include "random_pairs.h"
#include "search.h"

namespace navlab::test {
namespace {

// A w×h grid of unit squares with about `holes` of them left out (polygon i: cell order, holes skipped).
NavMesh holey_grid(int w, int h, double holes, std::mt19937& rng) {
  std::vector<Vec2> verts;
  for (int y = 0; y <= h; ++y)
    for (int x = 0; x <= w; ++x) verts.push_back({double(x), double(y)});
  std::bernoulli_distribution hole(holes);
  std::vector<std::vector<int>> polys;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      if ((x || y) && hole(rng)) continue;
      const int a = y * (w + 1) + x;
      polys.push_back({a, a + 1, a + w + 2, a + w + 1});
    }
  return mesh_of(verts, polys);
}

TEST(SearchTraceSets, OpenAndClosedSetsAtEveryPopMatchAReplayOfTheSteps) {
  std::mt19937 rng(20261129);
  int pops_checked = 0, reopened = 0;
  for (int round = 0; round < 60; ++round) {
    NavMesh mesh = holey_grid(12 + round % 7, 9 + round % 5, 0.2, rng);
    // Costly patches (cost 1..6) make a greedy A* close nodes through expensive ground first.
    std::uniform_real_distribution<double> cost(1.0, 6.0);
    for (NavPoly& p : mesh.polys) p.cost = cost(rng);
    ASSERT_GT(mesh.size(), 1);
    std::uniform_int_distribution<int> pick(0, mesh.size() - 1);
    SearchQuery q;
    q.start = 0;
    q.goal = pick(rng);
    const Vec2 s = mesh.centroid(q.start), g = mesh.centroid(q.goal);
    q.start_pos = {s.x, 0.0, -s.y};
    q.goal_pos = {g.x, 0.0, -g.y};
    SearchDef def;
    def.algorithm = round % 3 == 0 ? Algorithm::Dijkstra : Algorithm::AStar;
    def.heuristic_scale = round % 3 == 2 ? 2.5 : 1.0;  // inadmissible: closed nodes get re-opened
    SearchTrace trace;
    search(mesh, q, def, nullptr, &trace);

    std::vector<char> open(mesh.size(), 0), closed(mesh.size(), 0);
    open[q.start] = 1;
    for (size_t i = 0; i < trace.steps.size(); ++i) {
      const SearchStep& st = trace.steps[i];
      if (st.kind == SearchStep::Kind::Relaxed && st.improved) {
        reopened += closed[st.node];
        open[st.node] = 1;
        closed[st.node] = 0;
      } else if (st.kind == SearchStep::Kind::Popped) {
        open[st.node] = 0;
        closed[st.node] = 1;
      }
      // Every few steps and at every pop: the library's replay against this one.
      if (st.kind != SearchStep::Kind::Popped && i % 7 != 0) continue;
      std::vector<int> want_open, want_closed;
      for (int n = 0; n < mesh.size(); ++n) {
        if (open[n]) want_open.push_back(n);
        if (closed[n]) want_closed.push_back(n);
      }
      const SearchSets sets = search_sets_at(trace.steps, i);
      ASSERT_EQ(sets.open, want_open) << "round " << round << " step " << i;
      ASSERT_EQ(sets.closed, want_closed) << "round " << round << " step " << i;
      if (st.kind != SearchStep::Kind::Popped) continue;
      ASSERT_EQ(st.open_count, int(want_open.size())) << "round " << round << " step " << i;
      ASSERT_EQ(st.closed_count, int(want_closed.size())) << "round " << round << " step " << i;
      ++pops_checked;
    }
  }
  EXPECT_GT(pops_checked, 1000);
  EXPECT_GT(reopened, 0) << "no closed node was re-opened: the re-open path went untested";
}

// On a mesh of several tiles a polygon entered across a tile border has a node per side of entry: the
// replay keys nodes by polygon and state, and a polygon with two nodes is listed once per node.
TEST(SearchTraceSets, OnATiledMeshEveryNodeStateIsAnEntryOfItsOwn) {
  BakeDef bake;
  bake.tile_size = 32;
  const NavMesh mesh = bake_floorplan_tiled(pillar_hall(60.0, 150, 7), bake).value();
  ASSERT_FALSE(mesh.baked->borders.empty());
  int pops_checked = 0, two_states = 0, border_sentences = 0;
  for (const RandomPair& p : random_pairs(mesh, 40, 3)) {
    const Location s = locate(mesh, p.start, Endpoint::Start, locate_def(bake));
    const Location g = locate(mesh, p.goal, Endpoint::Goal, locate_def(bake));
    ASSERT_TRUE(s.ok() && g.ok());
    SearchTrace trace;
    search(mesh, SearchQuery{s.poly, g.poly, s.world(), g.world()}, SearchDef{}, nullptr, &trace);
    std::vector<char> open(size_t(mesh.size()) * kDetourNodeStates, 0), closed(open.size(), 0);
    open[size_t(s.poly) * kDetourNodeStates] = 1;
    for (size_t i = 0; i < trace.steps.size(); ++i) {
      const SearchStep& st = trace.steps[i];
      const size_t key = size_t(st.node) * kDetourNodeStates + size_t(st.state);
      if (st.kind == SearchStep::Kind::Relaxed && st.improved) {
        open[key] = 1;
        closed[key] = 0;
      } else if (st.kind == SearchStep::Kind::Popped) {
        open[key] = 0;
        closed[key] = 1;
        border_sentences += st.describe(mesh, trace).find("across a tile border") != std::string::npos;
      }
      if (st.kind != SearchStep::Kind::Popped) continue;
      std::vector<int> want_open, want_closed;
      for (size_t k = 0; k < open.size(); ++k) {
        if (open[k]) want_open.push_back(int(k / kDetourNodeStates));
        if (closed[k]) want_closed.push_back(int(k / kDetourNodeStates));
      }
      const SearchSets sets = search_sets_at(trace.steps, i);
      ASSERT_EQ(sets.open, want_open) << "step " << i;
      ASSERT_EQ(sets.closed, want_closed) << "step " << i;
      ASSERT_EQ(st.open_count, int(want_open.size())) << "step " << i;
      ASSERT_EQ(st.closed_count, int(want_closed.size())) << "step " << i;
      two_states += std::adjacent_find(sets.closed.begin(), sets.closed.end()) != sets.closed.end();
      ++pops_checked;
    }
  }
  EXPECT_GT(pops_checked, 500);
  EXPECT_GT(two_states, 0) << "no polygon was closed in two states: the states went untested";
  EXPECT_GT(border_sentences, 0);
}

TEST(SearchTraceSets, ASecondSearchAfterARetargetStartsFromTheStartAlone) {
  // nearest_reachable.json: the goal cannot be reached, so the plan searches again towards the nearest
  // reachable polygon; both searches are in one trace.
  const Loaded l = load("nearest_reachable.json");
  const Query& q = l.scene.queries.at(0);
  PlanTrace trace;
  plan(l.scene, l.mesh, PlanRequest{q.start, q.goal, {}}, &trace);
  const std::vector<SearchStep>& steps = trace.search.steps;
  const auto retarget = std::find_if(steps.begin(), steps.end(),
                                     [](const SearchStep& s) { return s.kind == SearchStep::Kind::Retarget; });
  ASSERT_NE(retarget, steps.end());
  const auto first_pop =
      std::find_if(retarget, steps.end(), [](const SearchStep& s) { return s.kind == SearchStep::Kind::Popped; });
  ASSERT_NE(first_pop, steps.end());
  const SearchSets sets = search_sets_at(steps, size_t(first_pop - steps.begin()));
  EXPECT_EQ(sets.closed, std::vector<int>{first_pop->node});
  EXPECT_TRUE(sets.open.empty());
  // Before the retarget the first search had closed more than the start.
  EXPECT_GT(search_sets_at(steps, size_t(retarget - steps.begin())).closed.size(), 1u);
  for (size_t i = 0; i < steps.size(); ++i)
    if (steps[i].kind == SearchStep::Kind::Popped) {
      const SearchSets at = search_sets_at(steps, i);
      EXPECT_EQ(int(at.open.size()), steps[i].open_count) << "step " << i;
      EXPECT_EQ(int(at.closed.size()), steps[i].closed_count) << "step " << i;
    }
}

}  // namespace
}  // namespace navlab::test
