// What `navlab check` writes besides its lines: a golden check file (--record), JUnit XML for CI systems
// (--junit) and the changes between two versions of a level (--against).
#pragma once

#include <string>
#include <vector>

#include "check_run.h"
#include "enum_names.h"

namespace navlab {

// Recorded figures are rounded to this many decimals (0.1 mm, 0.1 ms): far below every tolerance, and
// the file reads as numbers, not as seventeen digits.
constexpr int kRecordDecimals = 4;

// A navlab check file holding the suite's cases with the run's figures as their expectations: status
// (and reason), length and time with the suite's tolerances (a case's own tolerance kept), the doors
// crossed (and the areas the case expected crossed that are), the doors and areas the case expected not
// crossed that are not, the ratio to the shortest path when the case asked for one (rounded up), a ray's
// hit and distance, a spawn verdict, a run's outcome, time and re-plans. The navmesh's source is written
// relative to `out_path`'s folder.
std::string record_check_json(const CheckSuite& suite, const CheckRun& run, const std::string& out_path);

// Writes record_check_json() to `out_path` atomically (a temporary file in the same folder, checked
// writes, flushed, renamed over it).
Result<void> write_recorded_suite(const CheckSuite& suite, const CheckRun& run, const std::string& out_path);

// JUnit XML: one <testsuite> named after the suite, one <testcase> per case (class name: the suite
// file's stem and the case's kind; the case's file, line and time in seconds), a <failure> with the
// failing checks (message) and the case's line (text) for each failed case.
std::string junit_xml(const CheckSuite& suite, const CheckRun& run);

// How one case changed from one version to the other.
enum class ChangeKind {
  NewlyFailed,     // the plan (or run) succeeded before and fails now
  NewlyReachable,  // it failed before and reaches the goal now
  StatusChanged,   // another change of status (complete <-> partial)
  Longer,          // longer by more than the length tolerance
  Shorter,         // shorter by more than the length tolerance
  DoorsChanged,    // it crosses other doors
  RayChanged,      // a ray now stops where it did not (or no longer does), or stops farther or nearer
  SpawnChanged,    // a spawn verdict changed
  VerdictChanged,  // the case passed and fails now, or the other way round
};
inline constexpr Named<ChangeKind> kChangeKindNames[] = {
    {ChangeKind::NewlyFailed, "newly_failed"},
    {ChangeKind::NewlyReachable, "newly_reachable"},
    {ChangeKind::StatusChanged, "status_changed"},
    {ChangeKind::Longer, "longer"},
    {ChangeKind::Shorter, "shorter"},
    {ChangeKind::DoorsChanged, "doors_changed"},
    {ChangeKind::RayChanged, "ray_changed"},
    {ChangeKind::SpawnChanged, "spawn_changed"},
    {ChangeKind::VerdictChanged, "verdict_changed"},
};
static_assert(names_cover(kChangeKindNames, ChangeKind::VerdictChanged));
inline const char* to_string(ChangeKind v) { return name_in(kChangeKindNames, v); }

struct CaseChange {
  int index = 0;  // in the suite
  std::vector<ChangeKind> kinds;
  std::string text;  // one line: what changed, with both figures
};

// The cases whose figures differ between `before` and `after` (runs of the same suite), in suite order.
std::vector<CaseChange> diff_runs(const CheckSuite& suite, const CheckRun& before, const CheckRun& after);

}  // namespace navlab
