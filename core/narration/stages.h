// The stages a plan's steps belong to, in timeline order, and how their steps are numbered: one table
// that the trace (`navlab plan --trace`), the app's timeline, `navlab render --step STAGE:N`, app
// scripts and lessons all read, so "clearance:5" is the same step everywhere.
//
// Adding a stage: one line in kStageTable (stages.cpp), its records in PlanRecords, and its rows in
// append_stage_rows(), step_text() and step_kind().
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "channel_plan.h"
#include "plan.h"
#include "polyanya.h"

namespace navlab {

// Timeline order: the bake the mesh came from, the pipeline's stages, then what runs beside the plan
// (the channel and its spline, the exact shortest path's search).
enum class StageId { Bake, Locate, Search, Funnel, Clearance, Turns, Profile, Channel, Spline, Polyanya };

struct StageInfo {
  StageId id;
  const char* name;   // stable name: JSON, "STAGE:N", scripts and lessons
  const char* steps;  // what one of its steps is, for help texts and messages
};

// Every stage, in timeline order.
extern const StageInfo kStageTable[10];

const char* to_string(StageId s);
// The stage of a stable name; nullopt for any other text.
std::optional<StageId> stage_from_string(std::string_view name);
// The stages in the order a timeline shows them: kStageTable's order, except that when Polyanya is the
// plan's own search its rows follow the locate rows.
std::vector<StageId> stage_order(bool polyanya_is_search);
// Whether `stage` runs beside the plan rather than in it (the channel, the spline, and Polyanya when it is
// only the comparison): the app adds those rows once a live drag ends.
bool stage_beside_plan(StageId stage, bool polyanya_is_search);
// "bake, locate, ..., spline or polyanya": the names for an error message.
std::string stage_names();

// One step of a timeline: its stage and its place among that stage's steps, from 0 ("STAGE:N" is the
// step with index N − 1).
struct StepRow {
  StageId stage = StageId::Search;
  int index = 0;
  friend bool operator==(const StepRow&, const StepRow&) = default;
};

// The records a timeline is made of; a null member has no steps.
struct PlanRecords {
  const PlanTrace* plan = nullptr;              // locate to profile
  const ChannelPlanTrace* smoothing = nullptr;  // channel and spline
  const PolyanyaTrace* optimal = nullptr;       // polyanya
  int bake_steps = 0;                           // the bake's stages (their sentences come from the bake)
};

// How many steps `stage` has. Clearance counts each shrunk portal, then each iteration of the funnel
// through the shrunk portals.
int step_count(const PlanRecords& records, StageId stage);
// Appends the rows of one stage, in order.
void append_stage_rows(const PlanRecords& records, StageId stage, std::vector<StepRow>& out);
// Every row of every stage, in timeline order.
std::vector<StepRow> step_rows(const PlanRecords& records);

// A clearance row is a shrunk portal or, after all of them, one iteration of the funnel through them.
// The funnel iteration of row `index` (0 based among the clearance funnel's steps), or -1 for a portal.
int clearance_funnel_index(const PlanTrace& trace, int index);

// The sentence of a row, with its numbers (`mesh`, the plan's, names the search's nodes). A bake row
// has none here (the bake's stages describe themselves).
std::string step_text(const PlanRecords& records, StepRow row, const NavMesh& mesh);
// The stable name of a row's kind within its stage ("popped", "corner", "shrink", ...).
const char* step_kind(const PlanRecords& records, StepRow row);

// Parses "stage:N" ("funnel:3", N >= 1) into the stage's row N − 1; nullopt when the text is not of that
// form or names no stage.
std::optional<StepRow> parse_step_row(std::string_view text);

}  // namespace navlab
