// Funnel speed over long corridors without a trace. Linear time shows as a constant time per portal
// (the "per_portal" counter) at 1k, 10k and 100k portals.
#include <benchmark/benchmark.h>

#include <cmath>
#include <random>
#include <vector>

#include "funnel.h"
#include "portals.h"

namespace {

using navlab::Portal;
using navlab::Vec2;

// A winding corridor of `n` portals along a sine-wave spine with random widths: it bends often, so the
// funnel emits many corners and backtracks after each.
std::vector<Portal> winding_corridor(int n) {
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> width(0.3, 1.5);
  std::vector<Portal> portals;
  portals.reserve(size_t(n) + 1);
  for (int i = 1; i <= n; ++i) {
    const double x = i * 0.5;
    const double y = 3.0 * std::sin(x * 0.3);
    const double w = width(rng);
    portals.push_back(Portal{{x, y + w}, {x, y - w}});
  }
  const double gx = (n + 1) * 0.5;
  return navlab::with_goal_portal(std::move(portals), {gx, 3.0 * std::sin(gx * 0.3)});
}

void BM_Funnel(benchmark::State& state) {
  const int n = int(state.range(0));
  const std::vector<Portal> portals = winding_corridor(n);
  size_t corners = 0;
  for (auto _ : state) {
    navlab::FunnelResult r = navlab::funnel({0, 0}, portals);
    corners = r.corners.size();
    benchmark::DoNotOptimize(r);
  }
  state.counters["portals"] = double(portals.size());
  state.counters["corners"] = double(corners);
  state.counters["per_portal"] = benchmark::Counter(
      double(portals.size()), benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_Funnel)->Arg(1000)->Arg(10000)->Arg(100000)->Unit(benchmark::kMicrosecond);

void BM_MidpointPath(benchmark::State& state) {
  // The midpoint baseline over the same corridor, for scale.
  const std::vector<Portal> portals = winding_corridor(int(state.range(0)));
  for (auto _ : state) benchmark::DoNotOptimize(navlab::midpoint_path({0, 0}, portals));
}
BENCHMARK(BM_MidpointPath)->Arg(10000)->Unit(benchmark::kMicrosecond);

}  // namespace
