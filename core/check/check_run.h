// Running a check suite: every case through the planner's own stages (plan(), the exact shortest path
// for a length ratio, the raycast, the spawn checks, the follower), each expectation compared with the
// figure, and for a failure the step that decided it. The results are plain records: `navlab check`
// prints them and the app's check panel draws them; neither decides anything of its own.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "check_suite.h"
#include "navmesh.h"
#include "plan_steps.h"
#include "raycast.h"

namespace navlab {

// One expectation held against its figure, as the output prints it: "length: 41.234 m (expected 41.2 ±
// 0.01 m)".
struct ExpectResult {
  std::string what;  // "status", "length", "max_length_ratio", "through", "time", "hit", "distance",
                     // "accepted", "reason", "outcome", "replans"
  bool passed = false;
  std::string figure;    // what the run gave, e.g. "41.23 m"
  std::string expected;  // what the case expects, e.g. "41.2 ± 0.01 m"
};

// A step as "STAGE:N" addresses it (N from 1): a plan's stage, numbered as core/narration/stages.h numbers
// it, or "raycast" for a raycast case's own steps.
struct StepRef {
  std::string stage;
  int index = 0;
};

// What one case's run gave (the figures) and how it compares (the checks).
struct CaseResult {
  int index = 0;  // in CheckSuite::cases
  std::string name;
  CaseKind kind = CaseKind::Plan;
  bool passed = false;  // every check passed (and the case could run)
  std::vector<ExpectResult> checks;
  std::string error;  // the case could not run on this navmesh (no such door, ...): it fails
  double ms = 0.0;    // wall time of the case, ms

  // Plan and simulate: the plan's status and failure; plan: its figures.
  Status status = Status::Failed;
  std::optional<Failure> failure;
  double length = 0.0;                   // m, the funnel path
  std::optional<double> optimal_length;  // m, the exact shortest path (when a ratio was asked for)
  double time = 0.0;                     // s: the profile's total time (plan), the last step's (simulate)
  std::vector<std::string> doors;        // doors the corridor crosses (sorted)
  std::vector<std::string> areas;        // areas of the corridor's polygons (sorted, each once)
  // The path drawn for the case (plan: the funnel path; raycast: start and stop; simulate: the agent's
  // positions), planning plane, m.
  std::vector<Vec2> path;
  RaycastResult ray;                              // raycast
  bool cast = false;                              // raycast: its start is on the mesh and the ray crossed it
  bool accepted = false;                          // spawn
  std::optional<SpawnCheck> spawn_reason;         // spawn: the first failing check
  FollowOutcome outcome = FollowOutcome::Failed;  // simulate
  int replans = 0;                                // simulate

  // For a failed case: the recorded step that decided it, as the timeline addresses it ("search:57": the
  // closed door's blocked step, the turn whose arc failed, the exhausted budget, the search that chose
  // the corridor), with its sentence; a raycast's deciding step is one of its own (stage "raycast").
  std::optional<StepRef> decided_by;
  std::string decided_text;
};

struct CheckRun {
  std::vector<CaseResult> cases;  // in suite order
  int passed = 0, failed = 0;
  double bake_ms = 0.0;  // building the navmesh, ms
};

struct CheckOptions {
  int jobs = 1;  // cases run on this many threads at once; the results keep suite order [Limit: >= 1]
};

// Builds the navmesh of `scene` (the suite's, or another version of it) and runs every case on it.
// Fails only when the navmesh cannot be built (the bake's message).
Result<CheckRun> run_check(const CheckSuite& suite, const Scene& scene, const CheckOptions& options = {});
// The same on a navmesh already built from `scene`.
CheckRun run_check_on(const CheckSuite& suite, const Scene& scene, const NavMesh& mesh,
                      const CheckOptions& options = {});

// One case on `mesh`: its figures, checks and deciding step.
CaseResult run_case(const CheckSuite& suite, int index, const Scene& scene, const NavMesh& mesh);

// The scene a plan or raycast case runs on and its door overrides: `scene` with the case's excluded
// areas (and its flag filter's, mapped on `mesh`) added to agent.excluded_areas, and the doors its flag
// filter bars closed. Fails (a bad_request message) when the filter bars off-mesh links the mesh has.
struct CaseState {
  Scene scene;
  DoorOverrides doors;
};
Result<CaseState> case_state(const CaseQuery& query, const Scene& scene, const NavMesh& mesh);

// The raycast of a case: its start located as plan() locates a start, its filter from the case's doors
// and areas. `trace` (optional) receives the walk's steps. Fails when the ray cannot be cast: a graph
// scene, a case the scene cannot hold, a start off the mesh.
Result<RaycastResult> case_raycast(const CaseQuery& query, const Scene& scene, const NavMesh& mesh,
                                   RaycastTrace* trace = nullptr);

// The summary line: "N passed, N failed".
std::string summary_line(const CheckRun& run);
// One case's line: "PASS  NAME  what: figure (expected ...); ..." (failing checks first; a failure's
// deciding step at the end).
std::string case_line(const CaseResult& r);

}  // namespace navlab
