// `navlab bench --scaling`: plan() and the search against Detour's calls on generated levels of 1,000 to
// 100,000 polygons, each level's bake beside Recast's own build of it.
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "cli_bench.h"
#include "random_pairs.h"

namespace navlab::cli::bench {

namespace {

using Json = nlohmann::ordered_json;

// The levels of `--scaling`: polygons asked for.
constexpr int kScalingTargets[] = {1000, 2000, 5000, 10000, 20000, 50000, kScalingLargest};

// What one level of `--scaling` measured.
struct ScalingRow {
  int target = 0;
  int polygons = 0;
  std::optional<BakeTimes> bake;
  int pairs_complete = 0;  // pairs complete for both, over which the times and ratios are taken
  Stats plan, search, detour_three, find_path;
  Ratio plan_vs_detour, search_vs_find_path;
  int corridors_differ = 0;
};

// The per-pair times of `us` over the pairs `pick`.
Stats stats_over(const std::vector<double>& us, const std::vector<size_t>& pick) {
  std::vector<double> v;
  for (size_t i : pick) v.push_back(us[i]);
  return stats_of(v);
}

// One generated level of `--scaling`: baked, then timed as `navlab bench --large N` times it.
std::optional<ScalingRow> scaling_row(int target, bool as_mesh, unsigned long long pairs_n, std::uint64_t seed,
                                      double sample_us) {
  std::optional<ObjMesh> soup;
  const std::optional<LoadedScene> level = generate_level(target, as_mesh, seed, soup);
  if (!level) return std::nullopt;
  ScalingRow row;
  row.target = target;
  row.polygons = level->mesh.size();
  row.bake = time_bakes(level->scene, level->mesh, soup ? &*soup : nullptr);
  const Result<Gates> gates = make_gates(level->scene, level->mesh);
  const Result<std::unique_ptr<DetourTimer>> detour = DetourTimer::create(level->scene, level->mesh);
  if (!gates || !detour) {
    std::fprintf(stderr, "navlab bench: --scaling %d: %s\n", target,
                 gates ? detour.error().c_str() : gates.error().c_str());
    return std::nullopt;
  }
  const std::vector<RandomPair> pairs = random_pairs(level->mesh, int(pairs_n), seed);
  OursRun ours;
  const DetourRun d =
      run_interleaved(level->scene, level->mesh, gates.value(), pairs, sample_us, *detour.value(), ours);
  std::vector<size_t> pick;
  for (size_t i = 0; i < ours.complete.size(); ++i)
    if (ours.complete[i] && d.complete[i]) pick.push_back(i);
  const std::vector<double> three = sum_of(d.nearest.us, sum_of(d.path.us, d.straight.us));
  row.pairs_complete = int(pick.size());
  row.plan = stats_over(ours.plan.us, pick);
  row.search = stats_over(ours.search.us, pick);
  row.detour_three = stats_over(three, pick);
  row.find_path = stats_over(d.path.us, pick);
  if (!pick.empty()) {
    row.plan_vs_detour = ratio_of(ours.plan.us, three, pick);
    row.search_vs_find_path = ratio_of(ours.search.us, d.path.us, pick);
  }
  row.corridors_differ = agreement_of(ours.routes, ours.complete, d).corridor_differs;
  return row;
}

Json times_json(const Stats& s) { return {{"median_us", s.median}, {"mean_us", s.mean}}; }

Json scaling_json(const std::vector<ScalingRow>& rows, bool as_mesh, unsigned long long pairs, unsigned long long seed,
                  double sample_us) {
  Json levels = Json::array();
  for (const ScalingRow& r : rows)
    levels.push_back({{"target_polygons", r.target},
                      {"polygons", r.polygons},
                      {"bake", r.bake ? bake_json(*r.bake) : Json(nullptr)},
                      {"pairs_complete", r.pairs_complete},
                      {"plan", times_json(r.plan)},
                      {"search", times_json(r.search)},
                      {"detour_three_calls", times_json(r.detour_three)},
                      {"find_path", times_json(r.find_path)},
                      {"plan_vs_detour", ratio_json(r.plan_vs_detour)},
                      {"search_vs_find_path", ratio_json(r.search_vs_find_path)},
                      {"corridors_differ", r.corridors_differ}});
  return {{"scaling",
           {{"kind", as_mesh ? "mesh" : "floorplan"},
            {"pairs", pairs},
            {"seed", seed},
            {"sample_us", sample_us},
            {"levels", levels}}}};
}

void print_scaling(const std::vector<ScalingRow>& rows, bool as_mesh, unsigned long long pairs,
                   unsigned long long seed) {
  std::printf(
      "navlab bench --scaling: generated %s, %llu pairs each, seed %llu; medians over the pairs complete in "
      "both (means in brackets)\n\n",
      as_mesh ? "crate yards (3D level triangles)" : "pillar halls (floor plans)", pairs, seed);
  std::printf("%9s %7s %9s %9s %6s %19s %19s %13s %19s %13s %5s\n", "polygons", "tiles", "bake ms", "Recast ms",
              "pairs", "plan() us", "Detour's 3 us", "plan/Detour", "search us", "/findPath", "diff");
  for (const ScalingRow& r : rows) {
    char recast[32] = "-";
    if (r.bake && r.bake->recast) std::snprintf(recast, sizeof recast, "%.0f", r.bake->recast->ms);
    std::printf("%9d %7d %9.0f %9s %6d %9.2f (%7.2f) %9.2f (%7.2f) %5.2f (%5.2f) %9.2f (%7.2f) %5.2f (%5.2f) %5d\n",
                r.polygons, r.bake ? r.bake->tiles : 1, r.bake ? r.bake->ms : 0.0, recast, r.pairs_complete,
                r.plan.median, r.plan.mean, r.detour_three.median, r.detour_three.mean, r.plan_vs_detour.median,
                r.plan_vs_detour.of_means, r.search.median, r.search.mean, r.search_vs_find_path.median,
                r.search_vs_find_path.of_means, r.corridors_differ);
  }
  for (const ScalingRow& r : rows)
    if (r.bake && !r.bake->recast)
      std::printf("\n%d polygons: Recast's own bake not built: %s", r.polygons, r.bake->recast_note.c_str());
  std::printf("\n");
}

}  // namespace

std::vector<int> scaling_levels(int largest) {
  std::vector<int> out;
  for (int t : kScalingTargets)
    if (t < largest) out.push_back(t);
  out.push_back(largest);
  return out;
}

int run_scaling(const std::vector<int>& targets, bool as_mesh, unsigned long long pairs, unsigned long long seed,
                double sample_us, bool text) {
  std::vector<ScalingRow> rows;
  for (int target : targets) {
    std::optional<ScalingRow> row = scaling_row(target, as_mesh, pairs, seed, sample_us);
    if (!row) return kExitUsage;
    rows.push_back(std::move(*row));
  }
  if (text)
    print_scaling(rows, as_mesh, pairs, seed);
  else
    std::printf("%s\n", readable_json(scaling_json(rows, as_mesh, pairs, seed, sample_us)).c_str());
  return kExitOk;
}

}  // namespace navlab::cli::bench
