// Pieces of `navlab bench` shared by its files: timing one call, per-pair stage times, Detour's run on
// the same pairs, how far our routes agree with Detour's, Polyanya's run beside them, and
// its arguments.
#pragma once

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "bake_reference.h"
#include "cli.h"
#include "gates.h"
#include "geom.h"
#include "navmesh.h"
#include "obj.h"
#include "random_pairs.h"
#include "scene.h"

namespace navlab::cli::bench {

using Clock = std::chrono::steady_clock;

// Results of timed calls are folded into this so that the compiler keeps every call.
extern volatile std::size_t g_sink;

// Microseconds per call of `f`: one warm-up call, then loops of growing repetition counts until one
// loop lasts at least `sample_us`; then two more loops of that count. The fastest loop counts: on a
// shared machine the slower ones were interrupted.
template <class F>
double per_call_us(F&& f, double sample_us) {
  constexpr long kMaxReps = 1L << 24;
  constexpr int kRounds = 3;
  auto loop_us = [&](long reps) {
    const Clock::time_point t0 = Clock::now();
    for (long i = 0; i < reps; ++i) f();
    return std::chrono::duration<double, std::micro>(Clock::now() - t0).count();
  };
  f();
  long reps = 1;
  double best = loop_us(reps);
  while (best < sample_us && reps < kMaxReps) {
    const double aim = best > 0.0 ? sample_us * 1.25 / best * double(reps) : double(reps) * 16.0;
    reps = std::min(kMaxReps, std::max(reps * 2, long(aim)));
    best = loop_us(reps);
  }
  for (int round = 1; round < kRounds; ++round) best = std::min(best, loop_us(reps));
  return best / double(reps);
}

// Per-pair times of one stage (NaN where the stage did not run for that pair).
struct Stage {
  const char* name;
  std::vector<double> us;
};

// Keeps, pair by pair, the faster of `into`'s and `other`'s times of one stage (timed in another round).
inline void keep_fastest(Stage& into, const Stage& other) {
  for (size_t i = 0; i < into.us.size() && i < other.us.size(); ++i) into.us[i] = std::fmin(into.us[i], other.us[i]);
}

struct Counts {
  int complete = 0, partial = 0, disconnected = 0, failed = 0;
};

constexpr double kNone = std::numeric_limits<double>::quiet_NaN();

// One pair's route, kept to compare ours with Detour's: the corridor (polygon indices of the navmesh)
// and the straight path (start, corners, goal in the planning plane). Empty unless the pair is complete.
struct Route {
  std::vector<int> corridor;
  std::vector<Vec2> straight;
};

// Detour's queries on the same pairs, from the same world points and search box as our locate.
struct DetourRun {
  Stage nearest{"find_nearest_poly", {}}, path{"find_path", {}}, straight{"find_straight_path", {}};
  Counts counts;
  std::vector<bool> complete;  // per pair
  std::vector<Route> routes;   // per pair
};

// Detour's side of a run: one navmesh query and filter (our polygon costs as area costs) set up for a
// baked mesh, then findNearestPoly, findPath and findStraightPath timed pair by pair.
class DetourTimer {
 public:
  // Detour set up for `mesh`, or why it could not be.
  static Result<std::unique_ptr<DetourTimer>> create(const Scene& scene, const NavMesh& mesh);
  ~DetourTimer();
  DetourTimer(const DetourTimer&) = delete;
  DetourTimer& operator=(const DetourTimer&) = delete;
  // Times Detour's three calls on one pair and appends its times, outcome and route to `run`.
  void time(const RandomPair& pair, double sample_us, DetourRun& run);

 private:
  explicit DetourTimer(const NavMesh& mesh);
  Result<void> init(const Scene& scene);
  struct Query;
  const NavMesh& mesh_;
  std::unique_ptr<Query> q_;
};
// Keeps, per pair and call, the faster of the two runs' times.
void keep_fastest(DetourRun& into, const DetourRun& other);

// A pair complete for both whose corridor or straight path is not Detour's.
struct Difference {
  int pair = 0;
  bool corridor = false;
  bool straight_path = false;
};

struct Agreement {
  int pairs = 0;  // pairs complete for both, compared
  int corridor_differs = 0;
  int straight_path_differs = 0;
  std::vector<Difference> differing;  // every one, in pair order
};

// Compares our routes with Detour's, pair by pair, over the pairs complete for both. Corridors must be
// equal polygon by polygon; straight paths point by point in the plane (see kStraightPathTolerance),
// after points on the straight line between their neighbours are dropped on both sides.
Agreement agreement_of(const std::vector<Route>& ours, const std::vector<bool>& ours_complete, const DetourRun& detour);

// Polyanya on the same pairs, the usual chain timed beside it, and the usual plan's path length over the
// optimal length.
struct OptimalRun {
  Stage polyanya{"polyanya", {}};
  Stage chain{"search_portals_funnel", {}};  // A* + portals + funnel, timed right after Polyanya
  std::vector<double> ratios;  // funnel length / optimal length: pairs complete in both, optimal length > 0
  // Over the pairs both complete: the two times (us), Polyanya's nodes popped and expanded at once, and
  // A*'s nodes expanded.
  std::vector<double> both_polyanya_us, both_chain_us;
  std::vector<double> expanded, expanded_in_place, search_expanded;
  // Pairs where Polyanya's path is longer than the funnel's (beyond 1e-9 relative), and where it found
  // no path (or ran out of budget) while A* found a corridor: both are errors, and must stay 0.
  int longer_than_funnel = 0;
  int missed = 0;
};

// Times Polyanya on every pair and, pair by pair right after it, the usual chain (search + portals +
// funnel into reused results); counts the nodes each expands; divides the usual plan's path length (the
// funnel through the searched corridor) by the optimal one. The corner table is made once per mesh,
// like Detour's mesh: it is not timed.
OptimalRun run_optimal(const Scene& scene, const NavMesh& mesh, const Gates& gates,
                       const std::vector<RandomPair>& pairs, double sample_us);

struct MeanMedian {
  double mean = 0.0, median = 0.0;
};

// Polyanya against the usual chain over the pairs both complete: the time ratio (median of the per-pair
// ratios, ratio of the mean times) and the nodes per query.
struct OptimalSpeed {
  int pairs = 0;
  double time_median = 0.0, time_of_means = 0.0;
  MeanMedian expanded, expanded_in_place, search_expanded;
};
OptimalSpeed optimal_speed(const OptimalRun& o);

struct RatioStats {
  double mean = 0.0, p90 = 0.0, max = 0.0, optimal_share = 0.0;
};

// Mean, 90th percentile (nearest rank) and maximum of the ratios, and the share that are optimal.
RatioStats ratio_stats(std::vector<double> v);

// The --text lines of an OptimalRun.
void print_optimal(const OptimalRun& o);

// ---- timing ours and Detour's pair by pair (cli_bench.cpp) ----

// Median and mean of the per-pair times (NaN where a stage did not run: left out).
struct Stats {
  int queries = 0;
  double median = 0.0;
  double mean = 0.0;
};
Stats stats_of(const std::vector<double>& per_pair);
// The median of `v` (NaN when it is empty).
double median_of(std::vector<double> v);

// Our stages, one pair at a time, in the order plan() runs them.
struct OursRun {
  Stage locate{"locate", {}}, search{"search", {}}, portals_funnel{"portals_funnel", {}}, motion{"motion", {}},
      plan{"plan", {}};
  // The parts of `motion`, each timed on its own from the previous part's result.
  Stage clearance{"motion_clearance", {}}, turns{"motion_turns", {}}, profile{"motion_profile", {}};
  Counts counts;
  std::vector<bool> complete;  // per pair
  std::vector<Route> routes;   // per pair
  // The search's labels and open list, one for the whole run, as Detour's side keeps one dtNavMeshQuery.
  std::shared_ptr<NavQuery> query = std::make_shared<NavQuery>();
};

// Ours and Detour pair by pair: each pair is timed twice on both sides in turn (ours, Detour, ours,
// Detour) and keeps its fastest time per stage. Our run goes to `ours`, Detour's is returned.
DetourRun run_interleaved(const Scene& scene, const NavMesh& mesh, const Gates& gates,
                          const std::vector<RandomPair>& pairs, double sample_us, DetourTimer& detour, OursRun& ours);

// ours / Detour over the pairs complete in both: median of per-pair ratios and ratio of means.
struct Ratio {
  double median = 0.0;
  double of_means = 0.0;
};
Ratio ratio_of(const std::vector<double>& ours, const std::vector<double>& detour, const std::vector<size_t>& pick);
// a[i] + b[i] for every i.
std::vector<double> sum_of(const std::vector<double>& a, const std::vector<double>& b);

// ---- arguments (cli_bench_args.cpp) ----

// `--large N`: the polygons asked for. The largest level --large generates: a hall of more polygons
// needs a bake grid over the limit of 1.6e7 cells at the default 0.3 m cells (300,000 polygons: 4044 x
// 4044 cells), for both kinds.
constexpr unsigned long long kLargeMin = 100, kLargeMax = 250000;

// A generated pillar hall (or, `as_mesh`, crate yard) of about `target_polygons` polygons
// (generated_level.h), baked here; nullopt after printing why when it does not bake. A crate yard's
// triangles go to `soup` (its scene names no level file).
std::optional<LoadedScene> generate_level(int target_polygons, bool as_mesh, std::uint64_t seed,
                                          std::optional<ObjMesh>& soup);

// ---- the bake beside Recast's own (cli_bench_bake.cpp) ----

// `navlab bench`'s "bake": the level's own bake timed once more after loading, and Recast's own build of
// the same level (core/navmesh/bake_reference.h: RecastDemo's Solo Mesh steps, one tile, one thread).
struct BakeTimes {
  double ms = 0.0;  // ours: the faster of the load's bake and one more
  int tiles = 1;    // ours: tiles holding polygons (baked on every hardware thread when more than one)
  int threads = 1;  // ours: threads the tiles were baked on
  std::optional<ReferenceBake> recast;
  std::string recast_note;  // why there is no Recast time ("" when there is)
};

// The bake times of a level baked from a floor plan or triangles (`soup`: a generated crate yard's; null:
// the scene's own source); nullopt for a level that is not baked (a hand-authored navmesh, a graph, a
// Detour file).
std::optional<BakeTimes> time_bakes(const Scene& scene, const NavMesh& loaded, const ObjMesh* soup);

// A level of `scene` baked again: from `soup` when given (in tiles when scene.bake.tile_size > 0), else
// from the scene's own source (build_navmesh).
Result<NavMesh> bake_level(const Scene& scene, const ObjMesh* soup);

// Strict whole-string integer in [lo, hi], or what is wrong.
Result<unsigned long long> parse_count(const std::string& flag, const std::string& text, unsigned long long lo,
                                       unsigned long long hi);
// A number in (0, hi], or what is wrong.
Result<double> parse_positive(const std::string& flag, const std::string& text, double hi);

// Succeeds when --pairs and --sample-us keep the sampling of `levels` levels within the bench's time limit;
// fails with what to change.
Result<void> check_bench_time(unsigned long long pairs, double sample_us, int levels = 1);

// {"median", "of_means"} of a ratio; the "bake" object of `navlab bench`'s JSON.
nlohmann::ordered_json ratio_json(const Ratio& r);
nlohmann::ordered_json bake_json(const BakeTimes& b);

// ---- --scaling (cli_bench_scaling.cpp) ----

// The largest level of `--scaling` (polygons asked for) when --large does not say.
constexpr int kScalingLargest = 100000;

// The levels of `--scaling` up to `largest` polygons: those of its table below it, then it.
std::vector<int> scaling_levels(int largest);

// `navlab bench --scaling`: each level of `targets` generated (a crate yard when `as_mesh`), baked and
// timed in turn; prints the table (`text`) or the JSON. Returns the exit code.
int run_scaling(const std::vector<int>& targets, bool as_mesh, unsigned long long pairs, unsigned long long seed,
                double sample_us, bool text);

}  // namespace navlab::cli::bench
