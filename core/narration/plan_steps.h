// A plan's step records read aloud: every stage's steps, in pipeline order, as plain rows of
// {stage, index, kind, text}. `navlab plan --trace` prints them and the lessons address them as
// "stage:index" (e.g. "funnel:3").
//
// Adding a stage: give its step record a describe() and a kind name (to_string(kind)), put its trace in
// PlanTrace, and add one line to plan_steps() in plan_steps.cpp.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "channel_plan.h"
#include "plan.h"
#include "polyanya.h"

namespace navlab {

struct StepText {
  std::string stage;  // stable name: locate, search, funnel, clearance, turns, profile
  int index = 1;      // the N-th step of its stage, from 1 (as `render --step STAGE:N` counts)
  std::string kind;   // stable name of the step's kind within the stage (e.g. "popped", "corner")
  std::string text;   // one sentence with the step's numbers
};

// Every recorded step of `trace` (a plan on `mesh`, which names the search's nodes), stage after stage:
// locate, search, funnel, clearance (shrunk portals, then the funnel's iterations through them), turns,
// profile.
std::vector<StepText> plan_steps(const PlanTrace& trace, const NavMesh& mesh);

// The channel smoothing's records (seed 003) as rows of the stages "channel" (gates and sections) and
// "spline" (pegs, relaxations, fits and the mode), to follow plan_steps() when a plan is smoothed that way.
std::vector<StepText> channel_steps(const ChannelPlanTrace& trace);

// A Polyanya search's records (the exact shortest path) as rows of the stage "polyanya".
std::vector<StepText> polyanya_steps(const PolyanyaTrace& trace);

// The names of the stages plan_steps() reports, in order.
const std::vector<std::string>& plan_step_stages();

// Parses "stage:N" ("funnel:3", N >= 1). nullopt when the text is not of that form.
struct StepRef {
  std::string stage;
  int index = 0;
};
std::optional<StepRef> parse_step_ref(const std::string& text);

}  // namespace navlab
