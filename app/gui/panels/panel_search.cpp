// Search panel: algorithm, cost model, heuristic scale, node budget (the plan re-runs on change) and
// the search's result.
#include <imgui.h>

#include "gui_panels.h"

namespace navlab::app {

void panel_search(Session& app) {
  if (!ImGui::CollapsingHeader("Search", ImGuiTreeNodeFlags_DefaultOpen)) return;
  SearchDef& s = app.doc.scene.search;
  bool changed = false;
  int algo = s.algorithm == Algorithm::AStar ? 0 : 1;
  if (ImGui::Combo("algorithm", &algo, "A*\0Dijkstra\0")) {
    s.algorithm = algo == 0 ? Algorithm::AStar : Algorithm::Dijkstra;
    changed = true;
  }
  int model = int(s.cost_model);
  if (ImGui::Combo("cost model", &model, "edge midpoints (Detour)\0centroids\0graph\0")) {
    s.cost_model = CostModel(model);
    changed = true;
  }
  float h = float(s.heuristic_scale);
  if (ImGui::SliderFloat("heuristic scale", &h, 0.0f, 3.0f, "%.3f")) {
    s.heuristic_scale = h;
    changed = true;
  }
  if (ImGui::InputInt("node budget", &s.node_budget)) {
    if (s.node_budget < 0) s.node_budget = 0;
    changed = true;
  }
  ImGui::TextDisabled(
      "a node budget of 0 sets no limit");  // its own line: beside the input it wrapped letter by letter
  if (changed) app.replan();
  const PlanView& p = app.plan;
  if (p.ran && p.count(Stage::Search) > 0)
    ImGui::Text("%s, %s: %d expanded, cost %.3f, %d records", to_string(p.search.algorithm),
                to_string(p.search.cost_model), p.search.expanded, p.search.cost, p.count(Stage::Search));
}

}  // namespace navlab::app
