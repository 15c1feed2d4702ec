// What a re-plan costs on the drag scene of bench_drag (drag_scene.h: a 48 m query beside a closed door
// on pillar halls of about 20,000 and 100,000 polygons), without the app: plan() alone, with every
// stage's records as the app asks for them, with the door moved off its baked place (gated by its
// geometry, as while it is dragged), the first plan on a mesh no query has read yet (its index built
// on the way), and the two extras the app adds once a drag ends (the exact shortest path, the channel).
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <map>
#include <optional>
#include <string>

#include "channel_plan.h"
#include "drag_scene.h"
#include "navmesh_build.h"
#include "plan.h"
#include "plan_optimal.h"

namespace {

using namespace navlab;

[[noreturn]] void die(const std::string& message) {
  std::fprintf(stderr, "bench_replan: %s\n", message.c_str());
  std::exit(1);
}

struct Hall {
  bench::DragScene drag;
  NavMesh mesh;
  PlanRequest request;
  Scene moved;  // the scene with the door moved 6 m across the route
};

const Hall& hall(int polygons) {
  static std::map<int, Hall> halls;
  auto it = halls.find(polygons);
  if (it != halls.end()) return it->second;
  Hall h;
  h.drag = bench::drag_scene(polygons);
  Result<NavMesh> mesh = build_navmesh(h.drag.scene);
  if (!mesh) die(mesh.error());
  h.mesh = std::move(mesh).value();
  const Query& q = h.drag.scene.queries.front();
  h.request = PlanRequest{q.start, q.goal, {}};
  h.moved = h.drag.scene;
  for (ScenePoint& p : h.moved.doors.front().shape) p.plane.y -= 6.0;
  const PlanResult r = plan(h.drag.scene, h.mesh, h.request);
  if (r.status != Status::Complete) die("the query across the hall is not complete");
  return halls.emplace(polygons, std::move(h)).first->second;
}

void count(benchmark::State& state, const Hall& h) { state.counters["polygons"] = double(h.mesh.polys.size()); }

void BM_Plan(benchmark::State& state) {
  const Hall& h = hall(int(state.range(0)));
  for (auto _ : state) benchmark::DoNotOptimize(plan(h.drag.scene, h.mesh, h.request));
  count(state, h);
}

void BM_PlanTraced(benchmark::State& state) {
  const Hall& h = hall(int(state.range(0)));
  for (auto _ : state) {
    PlanTrace trace;
    benchmark::DoNotOptimize(plan(h.drag.scene, h.mesh, h.request, &trace));
  }
  count(state, h);
}

void BM_PlanTracedDoorMoved(benchmark::State& state) {
  const Hall& h = hall(int(state.range(0)));
  for (auto _ : state) {
    PlanTrace trace;
    benchmark::DoNotOptimize(plan(h.moved, h.mesh, h.request, &trace));
  }
  count(state, h);
}

// A copy of the mesh starts with an empty query cache: its first plan builds the index.
void BM_FirstPlanTraced(benchmark::State& state) {
  const Hall& h = hall(int(state.range(0)));
  std::optional<NavMesh> fresh;
  for (auto _ : state) {
    state.PauseTiming();
    fresh.emplace(h.mesh);  // the last copy is freed here, outside the timing
    state.ResumeTiming();
    PlanTrace trace;
    benchmark::DoNotOptimize(plan(h.drag.scene, *fresh, h.request, &trace));
  }
  count(state, h);
}

void BM_Optimal(benchmark::State& state) {
  const Hall& h = hall(int(state.range(0)));
  const PlanResult r = plan(h.drag.scene, h.mesh, h.request);
  for (auto _ : state) {
    PolyanyaTrace trace;
    benchmark::DoNotOptimize(optimal_for(h.drag.scene, h.mesh, r, {}, &trace));
  }
  count(state, h);
}

void BM_Channel(benchmark::State& state) {
  const Hall& h = hall(int(state.range(0)));
  const PlanResult r = plan(h.drag.scene, h.mesh, h.request);
  for (auto _ : state) {
    ChannelPlanTrace trace;
    benchmark::DoNotOptimize(plan_channel(h.drag.scene, h.mesh, r, {}, &trace));
  }
  count(state, h);
}

}  // namespace

BENCHMARK(BM_Plan)->Arg(20000)->Arg(100000)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_PlanTraced)->Arg(20000)->Arg(100000)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_PlanTracedDoorMoved)->Arg(20000)->Arg(100000)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_FirstPlanTraced)->Arg(20000)->Arg(100000)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Optimal)->Arg(20000)->Arg(100000)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Channel)->Arg(20000)->Arg(100000)->Unit(benchmark::kMicrosecond);
