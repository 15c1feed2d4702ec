// A check suite: a level's navigation as a test suite (docs/check.md). A suite names where its navmesh
// comes from (a scene file, or a level file with bake settings) and lists cases, each a query with
// expectations: a plan (status and reason, length, ratio to the shortest path, the doors and areas it
// crosses, time), a raycast, a spawn verdict or a follower run with door events.
//
// Two formats are read:
//   - navlab check files (JSON, "navlab_check": 1; docs/check.schema.json), errors as scene files give
//     them: FILE:LINE:COL: /json/pointer: expected ..., got ...
//   - RecastDemo's test-case text files (TestCase.cpp): `s SAMPLE`, `f LEVEL`, and one case per
//     `pf SX SY SZ EX EY EZ INCLUDE EXCLUDE` (a path) or `rc ...` (a raycast) line; the level file is
//     found beside the suite; INCLUDE and EXCLUDE are RecastDemo's polygon flags (hex), mapped to navlab's
//     areas and doors by polygon_flags() below. RecastDemo's files carry no expectations: a `pf` line
//     expects a complete path and an `rc` line a ray cast from the mesh.
#pragma once

#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "enum_names.h"
#include "follower.h"
#include "gates.h"
#include "result.h"
#include "scene.h"
#include "spawn.h"

namespace navlab {

// Default tolerances of a suite (its "tolerance" block overrides them).
constexpr double kCheckLengthTolerance = 0.01;  // m: path lengths and ray distances; a centimetre is far
                                                // below what a level edit changes and far above rounding
constexpr double kCheckTimeTolerance = 0.05;    // s: profile and arrival times (one follower step of 0.05 s)

struct CheckTolerances {
  double length = kCheckLengthTolerance;  // m
  double time = kCheckTimeTolerance;      // s
  friend bool operator==(const CheckTolerances&, const CheckTolerances&) = default;
};

// A figure expected within a tolerance: |figure - value| <= tolerance.
struct Expected {
  double value = 0.0;
  double tolerance = 0.0;
  bool holds(double figure) const { return std::abs(figure - value) <= tolerance; }
  friend bool operator==(const Expected&, const Expected&) = default;
};

// RecastDemo's polygon flags (SamplePolyFlags) and how navlab's polygons carry them:
//   walk 0x01  every polygon, but those of an area named "water"
//   swim 0x02  the polygons of an area named "water" (RecastDemo's water area)
//   door 0x04  a baked door's polygons, besides their area's flag (RecastDemo's door area: walk | door)
//   jump 0x08  off-mesh links: navlab's filter does not reach links; a filter that bars jump fails the
//              case as a bad request instead of planning over them
//   disabled 0x10  no polygon (RecastDemo sets it by hand)
// A polygon passes a filter when (flags & include) != 0 and (flags & exclude) == 0 (dtQueryFilter).
enum PolyFlag : unsigned {
  kFlagWalk = 0x01,
  kFlagSwim = 0x02,
  kFlagDoor = 0x04,
  kFlagJump = 0x08,
  kFlagDisabled = 0x10
};
struct FlagFilter {
  unsigned include = 0xffff;
  unsigned exclude = 0;
  bool passes(unsigned flags) const { return (flags & include) != 0 && (flags & exclude) == 0; }
  friend bool operator==(const FlagFilter&, const FlagFilter&) = default;
};
// The flags of the polygons of area `area` (doors add kFlagDoor).
unsigned area_flags(const std::string& area);

// Where a case runs: its two points (a plan's start and goal, a ray's start and end) and the navigation
// state on top of the scene's: doors closed or opened, areas excluded, or a RecastDemo flag filter.
struct CaseQuery {
  ScenePoint start, goal;
  std::optional<int> query_index;  // named the scene query with this index (by index or name)
  std::string query_name;          // named it by its name ("" when by index or by points)
  DoorOverrides doors;
  std::vector<std::string> exclude_areas;
  std::optional<FlagFilter> flags;  // RecastDemo's include / exclude flags
};

// What each kind of case expects. An absent expectation is not checked.
struct PlanExpect {
  std::optional<Status> status;
  std::optional<Reason> reason;            // the failure's reason (failed or partial plans)
  std::optional<Expected> length;          // m, the funnel path's length
  std::optional<double> max_length_ratio;  // length / the exact shortest length (>= 1)
  std::vector<std::string> through;        // door ids or area names the path must cross
  std::vector<std::string> not_through;    // ... and must not cross
  std::optional<Expected> time;            // s, the speed profile's total time
  friend bool operator==(const PlanExpect&, const PlanExpect&) = default;
};
struct RaycastExpect {
  std::optional<bool> start_on_mesh;  // the start is located on the mesh, so the ray is cast at all
  std::optional<bool> hit;            // true: a wall or a barred edge stops the ray before its end
  std::optional<Expected> distance;   // m in the plane from the start to where the ray stops
  friend bool operator==(const RaycastExpect&, const RaycastExpect&) = default;
};
struct SpawnExpect {
  std::optional<bool> accepted;
  std::optional<SpawnCheck> reason;  // the first failing check
  friend bool operator==(const SpawnExpect&, const SpawnExpect&) = default;
};
struct SimulateExpect {
  std::optional<FollowOutcome> outcome;
  std::optional<Reason> reason;
  std::optional<Expected> time;  // s, the time of the run's last step
  std::optional<int> replans;    // how many re-plans the run made
  friend bool operator==(const SimulateExpect&, const SimulateExpect&) = default;
};

enum class CaseKind { Plan, Raycast, Spawn, Simulate };
inline constexpr Named<CaseKind> kCaseKindNames[] = {
    {CaseKind::Plan, "plan"},
    {CaseKind::Raycast, "raycast"},
    {CaseKind::Spawn, "spawn"},
    {CaseKind::Simulate, "simulate"},
};
static_assert(names_cover(kCaseKindNames, CaseKind::Simulate));
inline const char* to_string(CaseKind v) { return name_in(kCaseKindNames, v); }

struct CheckCase {
  std::string name;
  CaseKind kind = CaseKind::Plan;
  int line = 0;     // the line of the case in its suite file (1-based)
  CaseQuery query;  // plan, raycast, simulate
  // Spawn: a scene candidate by name, or a point of its own (then named after the case).
  std::string candidate;
  std::optional<ScenePoint> spawn_pos;
  SpawnOptions spawn_checks;
  // Simulate: door (and goal) events and the follower's time step and limit.
  std::vector<FollowEvent> events;
  FollowDef follow;
  PlanExpect plan;
  RaycastExpect ray;
  SpawnExpect spawn;
  SimulateExpect sim;
  // A RecastDemo line: nothing was written to expect; the case expects a complete path (pf) or a ray
  // cast from the mesh (rc): PlanExpect::status, RaycastExpect::start_on_mesh.
  bool implicit = false;
};

struct CheckSuite {
  enum class Format { Json, RecastDemo };
  Format format = Format::Json;
  std::string path;  // the suite file
  std::string name;
  // The navmesh's source: a scene file (its path as the suite names it, and as resolved) or a level file
  // with bake settings, held as a mesh scene whose `path` is the suite's (the level resolves beside it).
  std::string scene_file;  // "" for a level
  Scene scene;
  std::string sample;  // RecastDemo's `s` line (the sample that baked it: "Solo Mesh", "Tile Mesh")
  CheckTolerances tolerance;
  std::vector<CheckCase> cases;
  bool level() const { return scene_file.empty(); }
};

// Reads a suite: a JSON check file (text starting with '{'), otherwise RecastDemo's format. Errors name
// the file and the line (and for JSON the column and the pointer).
Result<CheckSuite> load_check_suite(const std::string& path);
Result<CheckSuite> parse_check_json(const std::string& text, const std::string& path);
Result<CheckSuite> parse_recast_tests(const std::string& text, const std::string& path);

// The tile size (cells) RecastDemo's sample `s` bakes with: "Tile Mesh" 32, "Temp Obstacles" 48 (their
// defaults), any other sample (Solo Mesh) one tile (0).
int sample_tile_size(const std::string& sample);

// The same cases on another version of the navmesh (`navlab check --against OTHER`): OTHER is a scene
// file (.json), or a level file baked with the suite's bake settings (a scene suite of a level mesh: its
// level replaced; a level suite: its level file). Errors: OTHER cannot be read as a scene, or is a
// level while the suite's scene has no level.
Result<Scene> other_version(const CheckSuite& suite, const std::string& other);

}  // namespace navlab
