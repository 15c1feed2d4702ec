// The motion stages on the default scene (the baked office floor), or on the scene file the environment
// variable NAVLAB_BENCH_SCENE names, one query per iteration over the 200 seeded pairs `navlab bench
// SCENE` draws (seed 1) that plan() completes, each part on its own: clearance
// path, corridor shape, turns, speed profile, plan_motion as a whole, and plan() (into a new result, and
// plan_into() into a reused one; BM_EveryPlanInto: every query once per iteration) for scale. The inputs
// of each part are made once, outside the timing. "pieces" is the mean number of smoothed-path pieces.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "motion.h"
#include "navmesh_build.h"
#include "plan.h"
#include "random_pairs.h"
#include "scene.h"

namespace {

using namespace navlab;

[[noreturn]] void die(const std::string& message) {
  std::fprintf(stderr, "bench_motion: %s\n", message.c_str());
  std::exit(1);
}

struct Query {
  PlanRequest request;
  std::vector<int> corridor;
  std::vector<Portal> portals;
  Vec2 start;
  std::vector<Vec2> clearance;  // the clearance path's points
  std::vector<char> stand;      // per clearance point: an off-mesh link's end
  CorridorShape shape;
  SmoothPath smooth;
};

struct Office {
  Scene scene;
  NavMesh mesh;
  std::vector<Query> queries;
};

const Office& office() {
  static const Office o = [] {
    Office f;
    const char* asked = std::getenv("NAVLAB_BENCH_SCENE");
    Result<Scene> scene =
        load_scene(asked && *asked ? std::string(asked) : std::string(NAVLAB_SOURCE_DIR) + "/scenes/default.json");
    if (!scene) die(scene.error());
    f.scene = std::move(scene).value();
    Result<NavMesh> mesh = build_navmesh(f.scene);
    if (!mesh) die(mesh.error());
    f.mesh = std::move(mesh).value();
    for (const RandomPair& p : random_pairs(f.mesh, 200, 1)) {
      Query q;
      q.request = PlanRequest{p.start, p.goal, {}};
      const PlanResult r = plan(f.scene, f.mesh, q.request);
      if (r.status != Status::Complete || !r.motion.ok()) continue;
      q.corridor = r.search.corridor;
      q.portals = r.portals;
      q.start = r.locate.start.point;
      q.clearance = r.motion.clearance.path.points;
      q.stand.assign(q.clearance.size(), 0);
      for (size_t i = 0; i < r.motion.clearance.path.corners.size(); ++i)
        q.stand[i + 1] = q.portals[size_t(r.motion.clearance.path.corners[i].portal)].kind != PortalKind::Edge;
      q.shape = corridor_shape(f.mesh, q.corridor);  // (the plan builds it only when it tests an arc)
      q.smooth = r.motion.turns.path;
      f.queries.push_back(std::move(q));
    }
    if (f.queries.empty()) die("no complete pairs");
    return f;
  }();
  return o;
}

template <class F>
void each_query(benchmark::State& state, F&& run) {
  const Office& o = office();
  size_t next = 0;
  double pieces = 0.0;
  for (auto _ : state) {
    const Query& q = o.queries[next];
    next = (next + 1) % o.queries.size();
    run(o, q);
    pieces += double(q.smooth.pieces.size());
  }
  state.counters["pieces"] = benchmark::Counter(pieces, benchmark::Counter::kAvgIterations);
}

void BM_Clearance(benchmark::State& state) {
  each_query(state, [](const Office& o, const Query& q) {
    benchmark::DoNotOptimize(clearance_path(q.start, q.portals, o.scene.agent.inner_corner));
  });
}
void BM_CorridorShape(benchmark::State& state) {
  each_query(state,
             [](const Office& o, const Query& q) { benchmark::DoNotOptimize(corridor_shape(o.mesh, q.corridor)); });
}
void BM_Turns(benchmark::State& state) {
  each_query(state, [](const Office& o, const Query& q) {
    benchmark::DoNotOptimize(fit_turns(q.clearance, q.shape, o.scene.agent, nullptr, q.stand));
  });
}
void BM_Profile(benchmark::State& state) {
  each_query(state,
             [](const Office& o, const Query& q) { benchmark::DoNotOptimize(speed_profile(q.smooth, o.scene.agent)); });
}
void BM_ProfileSamples(benchmark::State& state) {
  // What `navlab plan` and the app add when they ask for the samples.
  each_query(state, [](const Office& o, const Query& q) {
    benchmark::DoNotOptimize(speed_profile(q.smooth, o.scene.agent).samples());
  });
}
void BM_PlanMotion(benchmark::State& state) {
  each_query(state, [](const Office& o, const Query& q) {
    benchmark::DoNotOptimize(plan_motion(o.mesh, q.corridor, q.start, q.portals, o.scene.agent));
  });
}
void BM_Plan(benchmark::State& state) {
  each_query(state,
             [](const Office& o, const Query& q) { benchmark::DoNotOptimize(plan(o.scene, o.mesh, q.request)); });
}
void BM_PlanInto(benchmark::State& state) {
  // plan_into() into one result reused from query to query, as `navlab bench` times it.
  PlanResult r;
  each_query(state, [&r](const Office& o, const Query& q) {
    plan_into(o.scene, o.mesh, q.request, r);
    benchmark::DoNotOptimize(r);
  });
}
void BM_EveryPlanInto(benchmark::State& state) {
  // plan_into() of every query once per iteration, a fixed number of iterations: the same work on every
  // run, for instruction counts that compare (BM_PlanInto's share of each query follows its timing).
  const Office& o = office();
  PlanResult r;
  for (auto _ : state) {
    for (const Query& q : o.queries) {
      plan_into(o.scene, o.mesh, q.request, r);
      benchmark::DoNotOptimize(r);
    }
  }
  state.counters["plans"] = double(o.queries.size());
}

BENCHMARK(BM_Clearance);
BENCHMARK(BM_CorridorShape);
BENCHMARK(BM_Turns);
BENCHMARK(BM_Profile);
BENCHMARK(BM_ProfileSamples);
BENCHMARK(BM_PlanMotion);
BENCHMARK(BM_Plan);
BENCHMARK(BM_PlanInto);
BENCHMARK(BM_EveryPlanInto)->Iterations(3);

}  // namespace
