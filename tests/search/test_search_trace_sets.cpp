// The open and closed sets a search trace records at every pop must be exactly what its own steps say:
// replaying the records (start open; a relaxation that improves opens its node; a pop closes it) gives
// the same sorted sets at every Popped step. Checked on seeded random grids with holes, both
// algorithms, random polygon costs and heuristic scales that make A* re-open closed nodes.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "meshes.h"
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
    for (const SearchStep& st : trace.steps) {
      if (st.kind == SearchStep::Kind::Relaxed && st.improved) {
        reopened += closed[st.node];
        open[st.node] = 1;
        closed[st.node] = 0;
      } else if (st.kind == SearchStep::Kind::Popped) {
        open[st.node] = 0;
        closed[st.node] = 1;
        std::vector<int> want_open, want_closed;
        for (int i = 0; i < mesh.size(); ++i) {
          if (open[i]) want_open.push_back(i);
          if (closed[i]) want_closed.push_back(i);
        }
        ASSERT_EQ(st.open, want_open) << "round " << round;
        ASSERT_EQ(st.closed, want_closed) << "round " << round;
        ++pops_checked;
      } else {
        EXPECT_TRUE(st.open.empty() && st.closed.empty());  // only pops carry the sets
      }
    }
  }
  EXPECT_GT(pops_checked, 1000);
  EXPECT_GT(reopened, 0) << "no closed node was re-opened: the re-open path went untested";
}

}  // namespace
}  // namespace navlab::test
