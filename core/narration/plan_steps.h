// A plan's step records read aloud: every stage's steps, in timeline order (core/narration/stages.h),
// as plain rows of {stage, index, kind, text}. `navlab plan --trace` prints them and the lessons address
// them as "stage:index" (e.g. "funnel:3"), numbered as the app's timeline numbers them.
#pragma once

#include <string>
#include <vector>

#include "stages.h"

namespace navlab {

struct StepText {
  std::string stage;  // stable name (kStageTable): locate, search, funnel, clearance, turns, profile, ...
  int index = 1;      // the N-th step of its stage, from 1 (as `render --step STAGE:N` counts)
  std::string kind;   // stable name of the step's kind within the stage (e.g. "popped", "corner")
  std::string text;   // one sentence with the step's numbers
};

// Every row of `records` (step_rows()) as text (`mesh`, the plan's, names the search's nodes). When
// `polyanya_is_search` the Polyanya rows are the plan's own search and follow the locate rows.
std::vector<StepText> step_texts(const PlanRecords& records, const NavMesh& mesh, bool polyanya_is_search = false);

// The rows of one plan's trace alone: locate, search, funnel, clearance, turns, profile.
std::vector<StepText> plan_steps(const PlanTrace& trace, const NavMesh& mesh);

}  // namespace navlab
