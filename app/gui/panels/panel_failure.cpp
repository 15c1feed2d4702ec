// Failure panel: the plan's status and, when it failed or is partial, the stage, reason, message and
// what blocked it.
#include <imgui.h>

#include "gui_panels.h"

namespace navlab::app {

void panel_failure(const Session& app) {
  if (!ImGui::CollapsingHeader("Status", ImGuiTreeNodeFlags_DefaultOpen)) return;
  const PlanView& p = app.plan;
  if (!p.ran) {
    ImGui::TextDisabled("no query: place a start (S) and a goal (G)");
    return;
  }
  const ImVec4 col = p.status == Status::Complete  ? ImVec4(0.4f, 0.9f, 0.5f, 1)
                     : p.status == Status::Partial ? ImVec4(1.0f, 0.8f, 0.3f, 1)
                                                   : ImVec4(1.0f, 0.4f, 0.4f, 1);
  ImGui::TextColored(col, "%s", to_string(p.status));
  ImGui::SameLine();
  ImGui::TextDisabled("planned in %.2f ms", p.plan_ms);
  if (p.status != Status::Failed) {
    ImGui::Text("corridor %zu polygons, %zu corners, length %.2f m", p.search.corridor.size(), p.funnel.corners.size(),
                p.funnel.length);
    if (p.profile.ok() && p.profile.ran)
      ImGui::Text("total time %.2f s over %.2f m", p.profile.total_time, p.profile.length);
  }
  if (p.failure) {
    ImGui::Text("stage:   %s", to_string(p.failure->stage));
    ImGui::Text("reason:  %s", to_string(p.failure->reason));
    ImGui::TextWrapped("message: %s", p.failure->message.c_str());
    if (!p.failure->blocked_by.empty()) {
      std::string all;
      for (const auto& b : p.failure->blocked_by) all += (all.empty() ? "" : ", ") + b;
      ImGui::TextWrapped("blocked by: %s", all.c_str());
    }
  }
}

}  // namespace navlab::app
