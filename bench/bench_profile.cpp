// speed_profile() on a long smoothed path with many arcs and a few stop-turns: time per call and per
// path piece ("per_piece", seconds per piece of the smoothed path), with and without the reaction step,
// with the total budget binding on the arcs, and the samples made from the profile afterwards
// ("per_sample"). The profile's work grows with the pieces; the samples' with the path's length.
#include <benchmark/benchmark.h>

#include <cmath>
#include <numbers>
#include <random>

#include "profile.h"
#include "turns.h"

namespace navlab {
namespace {

// 400 pieces: segments of 0.3–6 m, every other one followed by an arc of radius 0.3–4 m turning
// 20°–150°; every tenth segment start is a stop-turn. Fixed seed: the same path every run.
SmoothPath long_path() {
  std::mt19937 rng(42);
  auto U = [&](double a, double b) { return std::uniform_real_distribution<double>(a, b)(rng); };
  SmoothPath path;
  double s = 0.0;
  for (int i = 0; i < 400; ++i) {
    PathPiece p;
    p.s0 = s;
    if (i % 2 == 1) {
      p.kind = PathPiece::Kind::Arc;
      p.arc.radius = U(0.3, 4.0);
      p.arc.sweep = U(20.0, 150.0) * std::numbers::pi / 180.0;
      p.length = p.arc.radius * p.arc.sweep;
    } else {
      p.length = U(0.3, 6.0);
      if (i % 20 == 10) {
        Turn t;
        t.kind = TurnKind::Stop;
        t.s = s;
        t.theta = U(0.5, 2.5);
        path.turns.push_back(t);
      }
    }
    s += p.length;
    path.pieces.push_back(p);
  }
  path.length = s;
  return path;
}

AgentDef agent_with(double reaction_dt, bool budget_binds) {
  AgentDef agent;  // defaults: 4 m/s, 2 m/s² accel and braking, 3 m/s² total budget
  agent.reaction_dt = reaction_dt;
  if (budget_binds) agent.lateral_accel = 3.0;  // a_lat = max_accel: no tangential budget at an arc's limit
  return agent;
}

void run(benchmark::State& state, double reaction_dt, bool budget_binds = false) {
  const SmoothPath path = long_path();
  const AgentDef agent = agent_with(reaction_dt, budget_binds);
  size_t pieces = 0;
  for (auto _ : state) {
    const Profile p = speed_profile(path, agent);
    pieces = p.pieces.size();
    benchmark::DoNotOptimize(p.total_time);
  }
  state.counters["profile_pieces"] = double(pieces);
  state.counters["per_piece"] = benchmark::Counter(
      double(path.pieces.size()), benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

void BM_ProfileLongPath(benchmark::State& state) { run(state, 0.1); }
void BM_ProfileLongPathNoReaction(benchmark::State& state) { run(state, 0.0); }
void BM_ProfileLongPathReaction05(benchmark::State& state) { run(state, 0.5); }
void BM_ProfileLongPathBudgetBinds(benchmark::State& state) { run(state, 0.1, true); }

void BM_ProfileLongPathSamples(benchmark::State& state) {
  const Profile p = speed_profile(long_path(), agent_with(0.1, false));
  size_t samples = 0;
  for (auto _ : state) {
    const std::vector<ProfileSample> s = p.samples();
    samples = s.size();
    benchmark::DoNotOptimize(s.data());
  }
  state.counters["samples"] = double(samples);
  state.counters["per_sample"] =
      benchmark::Counter(double(samples), benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

BENCHMARK(BM_ProfileLongPath)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_ProfileLongPathNoReaction)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_ProfileLongPathReaction05)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_ProfileLongPathBudgetBinds)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_ProfileLongPathSamples)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace navlab
