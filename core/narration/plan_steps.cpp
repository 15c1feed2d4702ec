#include "plan_steps.h"

namespace navlab {

std::vector<StepText> step_texts(const PlanRecords& records, const NavMesh& mesh, bool polyanya_is_search) {
  std::vector<StepRow> rows;
  for (StageId stage : stage_order(polyanya_is_search)) append_stage_rows(records, stage, rows);
  std::vector<StepText> out;
  out.reserve(rows.size());
  for (const StepRow& row : rows)
    out.push_back(
        StepText{to_string(row.stage), row.index + 1, step_kind(records, row), step_text(records, row, mesh)});
  return out;
}

std::vector<StepText> plan_steps(const PlanTrace& trace, const NavMesh& mesh) {
  PlanRecords records;
  records.plan = &trace;
  return step_texts(records, mesh);
}

}  // namespace navlab
