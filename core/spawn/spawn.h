// Spawn-point validation (docs/scene-format.md, "spawn"): six checks, each switchable,
// each keeping its own result and detail. "On the navmesh" is one check of six, not the verdict.
//
// Checks, always evaluated in this order (a disabled check is skipped, never silently passed):
//   projection      the point lies on a navmesh polygon whose area is allowed (spawn.allowed_areas,
//                   absent = every area) and not excluded for the agent (agent.excluded_areas).
//   clearance       distance from the point to the navmesh boundary >= the required clearance.
//                   Meshes without a Detour mesh (hand-authored, the tile cache's): exact distance to the
//                   boundary edges (polygon edges without a neighbour). Baked meshes: Detour's
//                   findDistanceToWall. A baked boundary (the tile cache's too: NavMesh::eroded) is already
//                   eroded by bake.agent_radius, so the default clearance there is what is still missing:
//                   max(0, agent.radius - bake.agent_radius). Elsewhere the default is agent.radius.
//   connectivity    the point's partition equals the partition of spawn.partition_of (default: the first
//                   safe target). Partitions are the connected components of the polygon graph with the
//                   doors as they are (a closed door cuts its connections; areas do not cut).
//   forbidden_zone  the point is not inside (or on the border of) any spawn.forbidden_zones polygon.
//   occupancy       no dynamic occupant overlaps the agent: |p - occupant| < occupant.radius + agent.radius
//                   is a conflict ("dynamic occupancy conflict").
//   safe_path       the full planner finds a complete path from the point to at least one safe target.
// Every check runs (when enabled) even after an earlier one failed, so the verdict shows them all; the
// verdict's reason is the first failing check.
#pragma once

#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "enum_names.h"
#include "geom.h"
#include "locate.h"
#include "navmesh.h"
#include "result.h"
#include "scene.h"

namespace navlab {

struct PlanResult;

enum class SpawnCheck { Projection, Clearance, Connectivity, ForbiddenZone, Occupancy, SafePath };

// The checks in the order they run, one line each. Adding a check: its enum value, its line here and its
// case in SpawnValidator::run_check (the compiler asks for it); it is enabled by default like the rest.
struct SpawnCheckInfo {
  SpawnCheck id;
  const char* name;       // stable name (JSON, --disable, lessons)
  const char* rejection;  // the verdict's message when it is the first check that fails
};
inline constexpr SpawnCheckInfo kSpawnCheckTable[] = {
    {SpawnCheck::Projection, "projection", "not on an allowed navigation area"},
    {SpawnCheck::Clearance, "clearance", "not enough clearance for the agent"},
    {SpawnCheck::Connectivity, "connectivity", "not connected to the allowed partition"},
    {SpawnCheck::ForbiddenZone, "forbidden_zone", "inside a forbidden spawn zone"},
    {SpawnCheck::Occupancy, "occupancy", "dynamic occupancy conflict"},
    {SpawnCheck::SafePath, "safe_path", "no valid path to a safe target"},
};
constexpr int kSpawnCheckCount = int(std::size(kSpawnCheckTable));
constexpr bool spawn_table_in_enum_order() {
  for (int i = 0; i < kSpawnCheckCount; ++i)
    if (int(kSpawnCheckTable[i].id) != i) return false;
  return true;
}
static_assert(spawn_table_in_enum_order(), "kSpawnCheckTable lists the checks in SpawnCheck's order");
// Every check, in the order they run.
constexpr std::array<SpawnCheck, kSpawnCheckCount> kSpawnChecks = [] {
  std::array<SpawnCheck, kSpawnCheckCount> out{};
  for (int i = 0; i < kSpawnCheckCount; ++i) out[size_t(i)] = kSpawnCheckTable[i].id;
  return out;
}();

// Stable names: "projection", "clearance", "connectivity", "forbidden_zone", "occupancy", "safe_path".
const char* to_string(SpawnCheck c);
// Inverse of to_string; nullopt for an unknown name.
std::optional<SpawnCheck> spawn_check_from_string(const std::string& name);
// The message of a rejection by this check, e.g. "dynamic occupancy conflict".
const char* spawn_rejection_message(SpawnCheck c);

enum class CheckOutcome { Passed, Failed, Skipped };
inline constexpr Named<CheckOutcome> kCheckOutcomeNames[] = {
    {CheckOutcome::Passed, "passed"},
    {CheckOutcome::Failed, "failed"},
    {CheckOutcome::Skipped, "skipped"},
};
static_assert(names_cover(kCheckOutcomeNames, CheckOutcome::Skipped));
inline const char* to_string(CheckOutcome v) { return name_in(kCheckOutcomeNames, v); }

// Which checks run. All enabled by default.
struct SpawnOptions {
  std::array<bool, kSpawnCheckCount> enabled = [] {
    std::array<bool, kSpawnCheckCount> all{};
    all.fill(true);
    return all;
  }();
  bool is_enabled(SpawnCheck c) const { return enabled[int(c)]; }
  void set(SpawnCheck c, bool on) { enabled[int(c)] = on; }
};

// One check's result. The numeric fields that apply to the check are set; the rest keep their defaults.
struct CheckResult {
  SpawnCheck check = SpawnCheck::Projection;
  CheckOutcome outcome = CheckOutcome::Skipped;
  std::string detail;                    // one sentence with the numbers / names that decided it
  int poly = -1;                         // projection: polygon containing the point (-1: off the navmesh)
  std::string area;                      // projection: that polygon's area name
  double distance = 0.0;                 // clearance: m to the boundary; occupancy: m to the occupant centre
  double required = 0.0;                 // clearance: m required; occupancy: m (occupant radius + agent radius)
  int partition = -1;                    // connectivity: the point's partition (-1: none)
  int expected_partition = -1;           // connectivity: the partition of partition_of (-1: none)
  std::string name;                      // forbidden_zone: zone name; occupancy: occupant name
  std::optional<Reason> failure_reason;  // safe_path: the planner's failure reason (when it failed)
  int safe_target = -1;                  // safe_path: index of the safe target reached (-1: none)
  double path_cost = 0.0;                // safe_path: search cost of the path found (m × area cost)
  bool passed() const { return outcome == CheckOutcome::Passed; }
  friend bool operator==(const CheckResult&, const CheckResult&) = default;
};

struct SpawnVerdict {
  std::string name;
  Vec2 pos;                                          // planning-plane position of the candidate
  bool accepted = false;                             // no enabled check failed
  std::optional<SpawnCheck> reason;                  // the first failing check (none when accepted)
  std::string message;                               // spawn_rejection_message(*reason), or ""
  std::array<CheckResult, kSpawnCheckCount> checks;  // indexed by int(SpawnCheck)
  const CheckResult& result(SpawnCheck c) const { return checks[int(c)]; }
  friend bool operator==(const SpawnVerdict&, const SpawnVerdict&) = default;
};

// Connected components of the polygon graph with the doors as they are (a closed door removes the
// connections it covers). Component ids are numbered 0.. in order of their smallest polygon index
// (core/navmesh/query_cache.h: of_poly, the component id per polygon, and count).
using Partitions = Components;
Partitions compute_partitions(const Scene& scene, const NavMesh& navmesh);

// Polygon meshes: connected_components(mesh) with every door open, worked out on the first call and kept
// with the mesh's index (MeshIndex::ModuleFacts); the partitions start from it.
const Components& open_components(const NavMesh& mesh);
// Polygon meshes: every polygon edge with no neighbour across (a wall), as its two end points in the plane
// (m), polygon by polygon; worked out on the first call and kept with the mesh's index (the clearance
// check on meshes without a Detour mesh).
const std::vector<std::pair<Vec2, Vec2>>& mesh_walls(const NavMesh& mesh);
// Works out what the spawn checks keep with a new mesh (its open components; without a Detour mesh its
// walls), on the thread that readies it (BakeJob's and TileJob's `prepare`).
void ready_spawn_checks(const NavMesh& mesh);

// Trace: one record per evaluated (or skipped) check and one per verdict, in evaluation order.
struct SpawnCheckStep {
  int candidate = 0;  // index in the evaluated list
  std::string candidate_name;
  CheckResult result;
  std::string describe() const;
};
struct SpawnVerdictStep {
  int candidate = 0;
  SpawnVerdict verdict;
  std::string describe() const;
};
struct SpawnTrace {
  std::vector<SpawnCheckStep> checks;
  std::vector<SpawnVerdictStep> verdicts;
};

// Everything the checks share for one scene: navmesh, partitions, reference partition, clearance.
// Build it once, then validate any number of points (the app re-validates dragged candidates live).
// It keeps pointers to `scene` and `navmesh`: both must outlive it.
// Fails (a message) only when the scene cannot be validated at all: a graph navmesh has no points.
class SpawnValidator {
 public:
  static Result<SpawnValidator> create(const Scene& scene, const NavMesh& navmesh);

  // Runs the enabled checks on one candidate. `index` numbers the trace records.
  SpawnVerdict validate(const SpawnCandidate& candidate, const SpawnOptions& options, SpawnTrace* trace = nullptr,
                        int index = 0) const;

  double clearance() const { return clearance_; }  // m, required by the clearance check
  const Partitions& partitions() const { return partitions_; }
  int expected_partition() const { return expected_partition_; }  // -1: partition_of off the mesh
  // Where p lands on the navmesh (core/navmesh/locate.h rules; baked meshes snap within the agent's extents).
  Location locate_point(const ScenePoint& p) const;
  // Distance from a located point to the navmesh boundary, in m (infinity when the mesh has none).
  // Baked meshes search walls only within wall_search_radius() and report that radius beyond it.
  double boundary_distance(const Location& at) const;
  double wall_search_radius() const { return std::max(5.0, 4.0 * clearance_); }  // m
  // Search cost of the planned path from `from` to `to` (distance × polygon cost, scene.search's cost
  // model); nullopt when the planner finds no complete path.
  std::optional<double> path_cost(const ScenePoint& from, const ScenePoint& to) const;

 private:
  // Check `c` on the candidate at `pos`, located at `at`.
  CheckResult run_check(SpawnCheck c, const Location& at, const ScenePoint& pos) const;
  SpawnValidator(const Scene& scene, const NavMesh& navmesh) : scene_(&scene), navmesh_(&navmesh) {}
  CheckResult check_projection(const Location& at, Vec2 asked) const;
  CheckResult check_clearance(const Location& at) const;
  CheckResult check_connectivity(int poly) const;
  CheckResult check_forbidden(Vec2 p) const;
  CheckResult check_occupancy(Vec2 p) const;
  CheckResult check_safe_path(const ScenePoint& p) const;
  // Plans from `from` to `to` with the full planner: nullopt when the path is complete, else why not.
  std::optional<Failure> reach(const ScenePoint& from, const ScenePoint& to, PlanResult* result) const;

  const Scene* scene_;
  const NavMesh* navmesh_;
  Partitions partitions_;
  int expected_partition_ = -1;
  std::string expected_from;  // "the partition_of point" or "the first safe target" (sentences name it so)
  LocateDef locate_def_;
  double clearance_ = 0.0;
  std::string clearance_source_;
};

// Validates every candidate of scene.spawn in order.
Result<std::vector<SpawnVerdict>> validate_spawns(const Scene& scene, const NavMesh& navmesh,
                                                  const SpawnOptions& options = {}, SpawnTrace* trace = nullptr);

// ---- Nearest accepted substitute: an explicit policy, never applied by validate_spawns ----
//
// Replacing an illegal point by the "nearest" legal one is a product decision. The policy
// states the search range, the distance used to rank substitutes, whether the substitute must be
// connected to the original point, and the original failure is always returned alongside.
enum class SubstituteDistance {
  Euclidean,  // straight-line distance in the plane, m
  PathCost,   // search cost of the planned path from the original point: distance × area cost
              // (the original must be on the mesh)
};
inline constexpr Named<SubstituteDistance> kSubstituteDistanceNames[] = {
    {SubstituteDistance::Euclidean, "euclidean"},
    {SubstituteDistance::PathCost, "path cost"},
};
static_assert(names_cover(kSubstituteDistanceNames, SubstituteDistance::PathCost));
inline const char* to_string(SubstituteDistance v) { return name_in(kSubstituteDistanceNames, v); }

struct SubstitutePolicy {
  double radius = 2.0;  // m; only points within this straight-line distance are considered [Limit: > 0]
  double step = 0.25;   // m; spacing of the square sample grid around the original      [Limit: > 0]
  SubstituteDistance distance = SubstituteDistance::Euclidean;
  bool require_connected = true;  // the substitute must share the original point's partition
};

struct SpawnSubstitute {
  SpawnVerdict original;                   // the original verdict, unchanged (its failure is kept)
  std::optional<SpawnVerdict> substitute;  // the nearest accepted point, if any
  double distance = 0.0;                   // by the policy's distance definition (m, or path cost)
  int samples = 0;                         // points evaluated
  std::string message;                     // one sentence: what was found, or why nothing was
};

// Finds the nearest accepted point for a candidate under `policy`. When the original is accepted it is
// returned as is (no substitute). Sample points are ranked by the policy distance, ties by grid order.
SpawnSubstitute find_spawn_substitute(const SpawnValidator& validator, const SpawnCandidate& candidate,
                                      const SpawnOptions& options, const SubstitutePolicy& policy);

}  // namespace navlab
