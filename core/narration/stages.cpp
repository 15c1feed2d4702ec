#include "stages.h"

#include <charconv>

namespace navlab {

const StageInfo kStageTable[10] = {
    {StageId::Bake, "bake", "one Recast stage of the bake the mesh came from"},
    {StageId::Locate, "locate", "the start, then the goal, put in a polygon"},
    {StageId::Search, "search",
     "a node taken from the open list, a connection relaxed or blocked, an outdated entry skipped"},
    {StageId::Funnel, "funnel", "one portal end tested against the funnel"},
    {StageId::Clearance, "clearance",
     "each portal shrunk by the inner-corner distance, then each iteration of the funnel through the shrunk portals"},
    {StageId::Turns, "turns", "a corner of the clearance path made an arc or a stop-turn"},
    {StageId::Profile, "profile", "a speed limit, a stop-turn, a braking or speeding-up stretch, the total time"},
    {StageId::Channel, "channel", "a gate placed or shrunk, a section checked"},
    {StageId::Spline, "spline", "a peg placed or relaxed, a channel fitted, the mode chosen"},
    {StageId::Polyanya, "polyanya", "an interval of the exact shortest path's search popped, pushed or pruned"},
};

const char* to_string(StageId s) {
  for (const StageInfo& info : kStageTable)
    if (info.id == s) return info.name;
  return "search";
}

std::optional<StageId> stage_from_string(std::string_view name) {
  for (const StageInfo& info : kStageTable)
    if (name == info.name) return info.id;
  return std::nullopt;
}

std::vector<StageId> stage_order(bool polyanya_is_search) {
  std::vector<StageId> out;
  for (const StageInfo& info : kStageTable) {
    if (info.id == StageId::Polyanya && polyanya_is_search) continue;
    out.push_back(info.id);
    if (info.id == StageId::Locate && polyanya_is_search) out.push_back(StageId::Polyanya);
  }
  return out;
}

bool stage_beside_plan(StageId stage, bool polyanya_is_search) {
  return stage == StageId::Channel || stage == StageId::Spline || (stage == StageId::Polyanya && !polyanya_is_search);
}

std::string stage_names() {
  std::string out;
  const size_t n = std::size(kStageTable);
  for (size_t i = 0; i < n; ++i) out += std::string(i == 0 ? "" : i + 1 == n ? " or " : ", ") + kStageTable[i].name;
  return out;
}

namespace {

// The records of one stage and how many there are, so counting, listing and naming read one place.
size_t records_of(const PlanRecords& r, StageId s) {
  const PlanTrace* p = r.plan;
  switch (s) {
    case StageId::Bake:
      return size_t(r.bake_steps);
    case StageId::Locate:
      return p ? p->locate.size() : 0;
    case StageId::Search:
      return p ? p->search.steps.size() : 0;
    case StageId::Funnel:
      return p ? p->funnel.steps.size() : 0;
    case StageId::Clearance:
      return p ? p->motion.clearance.steps.size() + p->motion.clearance.funnel.steps.size() : 0;
    case StageId::Turns:
      return p ? p->motion.turns.steps.size() : 0;
    case StageId::Profile:
      return p ? p->motion.profile.steps.size() : 0;
    case StageId::Channel:
      return r.smoothing ? r.smoothing->channel.steps.size() : 0;
    case StageId::Spline:
      return r.smoothing ? r.smoothing->spline.steps.size() : 0;
    case StageId::Polyanya:
      return r.optimal ? r.optimal->steps.size() : 0;
  }
  return 0;
}

}  // namespace

int step_count(const PlanRecords& records, StageId stage) { return int(records_of(records, stage)); }

void append_stage_rows(const PlanRecords& records, StageId stage, std::vector<StepRow>& out) {
  const int n = step_count(records, stage);
  for (int i = 0; i < n; ++i) out.push_back(StepRow{stage, i});
}

std::vector<StepRow> step_rows(const PlanRecords& records) {
  std::vector<StepRow> out;
  for (const StageInfo& info : kStageTable) append_stage_rows(records, info.id, out);
  return out;
}

int clearance_funnel_index(const PlanTrace& trace, int index) {
  const int shrinks = int(trace.motion.clearance.steps.size());
  return index < shrinks ? -1 : index - shrinks;
}

std::string step_text(const PlanRecords& r, StepRow row, const NavMesh& mesh) {
  if (row.index < 0 || row.index >= step_count(r, row.stage)) return "";
  const size_t i = size_t(row.index);
  switch (row.stage) {
    case StageId::Bake:
      return "";
    case StageId::Locate:
      return r.plan->locate[i].describe();
    case StageId::Search:
      return r.plan->search.steps[i].describe(mesh, r.plan->search);
    case StageId::Funnel:
      return r.plan->funnel.steps[i].describe();
    case StageId::Clearance: {
      const int f = clearance_funnel_index(*r.plan, row.index);
      return f < 0 ? r.plan->motion.clearance.steps[i].describe()
                   : r.plan->motion.clearance.funnel.steps[size_t(f)].describe();
    }
    case StageId::Turns:
      return r.plan->motion.turns.steps[i].describe();
    case StageId::Profile:
      return r.plan->motion.profile.steps[i].describe();
    case StageId::Channel:
      return r.smoothing->channel.steps[i].describe();
    case StageId::Spline:
      return r.smoothing->spline.steps[i].describe();
    case StageId::Polyanya:
      return r.optimal->steps[i].describe();
  }
  return "";
}

const char* step_kind(const PlanRecords& r, StepRow row) {
  if (row.index < 0 || row.index >= step_count(r, row.stage)) return "";
  const size_t i = size_t(row.index);
  switch (row.stage) {
    case StageId::Bake:
      return "stage";
    case StageId::Locate:
      return r.plan->locate[i].which == Endpoint::Start ? "start" : "goal";
    case StageId::Search:
      return to_string(r.plan->search.steps[i].kind);
    case StageId::Funnel:
      return to_string(r.plan->funnel.steps[i].action);
    case StageId::Clearance: {
      const int f = clearance_funnel_index(*r.plan, row.index);
      return f < 0 ? "shrink" : to_string(r.plan->motion.clearance.funnel.steps[size_t(f)].action);
    }
    case StageId::Turns:
      return to_string(r.plan->motion.turns.steps[i].kind);
    case StageId::Profile:
      return to_string(r.plan->motion.profile.steps[i].kind);
    case StageId::Channel:
      return to_string(r.smoothing->channel.steps[i].kind);
    case StageId::Spline:
      return to_string(r.smoothing->spline.steps[i].kind);
    case StageId::Polyanya:
      return to_string(r.optimal->steps[i].kind);
  }
  return "";
}

std::optional<StepRow> parse_step_row(std::string_view text) {
  const size_t colon = text.find(':');
  if (colon == std::string_view::npos || colon == 0 || colon + 1 >= text.size()) return std::nullopt;
  const std::optional<StageId> stage = stage_from_string(text.substr(0, colon));
  if (!stage) return std::nullopt;
  int n = 0;
  const char* first = text.data() + colon + 1;
  const char* last = text.data() + text.size();
  const auto [end, ec] = std::from_chars(first, last, n);
  if (ec != std::errc() || end != last || n < 1) return std::nullopt;
  return StepRow{*stage, n - 1};
}

}  // namespace navlab
