// Funnel panel: the midpoint path for comparison, the portal and corner counts, both lengths, and the
// corners with their portal index and side.
#include <imgui.h>

#include "gui_panels.h"

namespace navlab::app {

void panel_funnel(Session& app) {
  if (!ImGui::CollapsingHeader("Funnel", ImGuiTreeNodeFlags_DefaultOpen)) return;
  ImGui::Checkbox("midpoint path (naive baseline)  M", &app.settings.show_midpoints);
  const PlanView& p = app.plan;
  if (!p.ran || p.portals.empty()) {
    ImGui::TextDisabled("no portals");
    return;
  }
  ImGui::Text("%zu %s (the last is the goal), %d funnel %s", p.portals.size(),
              p.portals.size() == 1 ? "portal" : "portals", p.count(Stage::Funnel),
              p.count(Stage::Funnel) == 1 ? "iteration" : "iterations");
  const double mid = path_length(p.midpoints);
  ImGui::Text("funnel %.3f m, midpoints %.3f m (%+.1f%%)", p.funnel.length, mid,
              p.funnel.length > 0 ? (mid / p.funnel.length - 1.0) * 100.0 : 0.0);
  ImGui::Checkbox("shortest path (Polyanya)", &app.settings.show_optimal);
  ImGui::Checkbox("channel and spline", &app.settings.show_channel);
  if (p.channel) {
    size_t gates = 0;
    for (const Channel& c : p.channel->channels.channels) gates += c.gates.size();
    ImGui::Text("spline %s: %.3f m (arcs %.3f m); %zu channel(s), %zu gates", to_string(p.channel->spline.mode),
                p.channel->spline.length, p.smooth.length, p.channel->channels.channels.size(), gates);
  }
  if (!p.optimal.empty()) {
    const double diff = p.funnel.length - p.optimal_length;
    ImGui::Text("funnel %.3f m, shortest %.3f m, difference %.3f m (%+.2f%%)", p.funnel.length, p.optimal_length, diff,
                p.optimal_length > 0 ? diff / p.optimal_length * 100.0 : 0.0);
  }
  if (!p.funnel.corners.empty() && ImGui::TreeNode("corners", "%zu corners", p.funnel.corners.size())) {
    for (size_t i = 0; i < p.funnel.corners.size(); ++i) {
      const FunnelCorner& c = p.funnel.corners[i];
      ImGui::Text("%zu: (%.3f, %.3f) portal %d %s", i + 1, c.point.x, c.point.y, c.portal + 1, to_string(c.side));
    }
    ImGui::TreePop();
  }
  if (ImGui::Button("Step through the funnel")) {
    const int first = p.first_step(Stage::Funnel);
    if (first >= 0) app.set_step(first);
  }
}

}  // namespace navlab::app
