// `navlab bench`'s arguments: the generated level of --large, the checks of --pairs, --seed, --sample-us
// and --large, and the bench's time limit.
#include <cmath>
#include <cstdio>
#include <string>

#include "bake.h"
#include "bake_tiled.h"
#include "cli_bench.h"
#include "generated_level.h"
#include "navmesh_build.h"

namespace navlab::cli::bench {

std::optional<LoadedScene> generate_level(int target_polygons, bool as_mesh, std::uint64_t seed,
                                          std::optional<ObjMesh>& soup) {
  LoadedScene level;
  if (as_mesh) {
    GeneratedMesh yard = crate_yard_scene(target_polygons, seed);
    level.scene = std::move(yard.scene);
    soup = std::move(yard.soup);
  } else {
    level.scene = pillar_hall_scene(target_polygons, seed);
  }
  Result<NavMesh> mesh = bake_level(level.scene, soup ? &*soup : nullptr);
  if (!mesh) {
    std::fprintf(stderr, "navlab bench: --large %d: the generated level did not bake: %s\n", target_polygons,
                 mesh.error().c_str());
    return std::nullopt;
  }
  level.mesh = std::move(mesh.value());
  return level;
}

Result<unsigned long long> parse_count(const std::string& flag, const std::string& text, unsigned long long lo,
                                       unsigned long long hi) {
  const Error expected{flag + " expects an integer from " + std::to_string(lo) + " to " + std::to_string(hi) +
                       ", got '" + text + "'"};
  if (text.empty() || text.size() > 20 || text.find_first_not_of("0123456789") != std::string::npos) return expected;
  unsigned long long out = 0;
  try {
    size_t used = 0;
    out = std::stoull(text, &used, 10);
    if (used != text.size()) return expected;
  } catch (const std::exception&) {
    return expected;
  }
  if (out < lo || out > hi) return expected;
  return out;
}

Result<double> parse_positive(const std::string& flag, const std::string& text, double hi) {
  const Error expected{flag + " expects a number above 0 and at most " + std::to_string(long(hi)) + ", got '" + text +
                       "'"};
  double out = 0.0;
  try {
    size_t used = 0;
    out = std::stod(text, &used);
    if (used != text.size()) return expected;
  } catch (const std::exception&) {
    return expected;
  }
  if (!(std::isfinite(out) && out > 0.0 && out <= hi)) return expected;
  return out;
}

namespace {

// The bench's time limit: every pair times up to kTimedCallsPerPair calls (our eight: locate, search,
// portals + funnel, motion and its three parts, plan; and Detour's three, each on two rounds; and
// Polyanya once), each in kLoopsPerCall loops of at least --sample-us.
constexpr double kTimedCallsPerPair = 23;
constexpr double kLoopsPerCall = 3;
constexpr double kMaxBenchSeconds = 1800;

}  // namespace

Result<void> check_bench_time(unsigned long long pairs, double sample_us, int levels) {
  const double seconds = double(pairs) * levels * kTimedCallsPerPair * kLoopsPerCall * sample_us * 1e-6;
  if (seconds <= kMaxBenchSeconds) return {};
  char text[64];
  std::snprintf(text, sizeof text, "%.0f", seconds);
  return Error{"--pairs " + std::to_string(pairs) + " at --sample-us " + std::to_string((long long)sample_us) +
               (levels > 1 ? " on " + std::to_string(levels) + " levels" : std::string()) + " would sample for about " +
               text +
               " s (each pair times up to 23 calls in three loops of at least --sample-us), "
               "more than the bench time limit of " +
               std::to_string(int(kMaxBenchSeconds)) + " s; lower --pairs or --sample-us"};
}

}  // namespace navlab::cli::bench
