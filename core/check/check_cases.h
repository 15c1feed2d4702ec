// How each kind of case runs and which recorded step decides a failure (inside core/check only).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "check_run.h"
#include "plan.h"

namespace navlab::check_detail {

// Each fills the figures and checks of `r` (its name, kind and index are set).
void run_plan_case(const CheckCase& c, const Scene& scene, const NavMesh& mesh, CaseResult& r);
void run_raycast_case(const CheckCase& c, const Scene& scene, const NavMesh& mesh, CaseResult& r);
void run_spawn_case(const CheckCase& c, const Scene& scene, const NavMesh& mesh, CaseResult& r);
void run_simulate_case(const CheckCase& c, const Scene& scene, const NavMesh& mesh, CaseResult& r);

// Appends one check to `r`.
void add_check(CaseResult& r, const char* what, bool passed, std::string figure, std::string expected);
// "41.234 m" (millimetres), "11.3 s", and an expected figure "41.2 ± 0.01 m".
std::string metres(double m);
std::string seconds(double s);
std::string expected_text(const Expected& e, const char* unit);

// The step of a plan's trace that decided it: a failed (or partial) plan's deciding step (the locate of
// the endpoint off the mesh, the blocked step of a closed door or excluded area, the search running out
// of nodes or of open nodes, the last step of the stage that failed); for a complete plan, the step that
// took the corridor through `through` (a door id or area name, when given and crossed), else the
// search's reached step (the corridor that decided the length), or with `time` the profile's total.
struct Decision {
  std::optional<StepRef> step;
  std::string text;
};
Decision plan_failure_step(const PlanResult& plan, const PlanTrace& trace, const NavMesh& mesh);
Decision crossing_step(const Scene& scene, const NavMesh& mesh, const DoorOverrides& doors, const PlanResult& plan,
                       const PlanTrace& trace, const std::string& through);
Decision corridor_step(const PlanTrace& trace, const NavMesh& mesh);
Decision profile_total_step(const PlanTrace& trace, const NavMesh& mesh);

// The doors a plan's corridor crosses (sorted) and the areas of its polygons (sorted, each once).
std::vector<std::string> doors_crossed(const Scene& scene, const NavMesh& mesh, const DoorOverrides& doors,
                                       const std::vector<int>& corridor);
std::vector<std::string> areas_crossed(const NavMesh& mesh, const std::vector<int>& corridor);

}  // namespace navlab::check_detail
