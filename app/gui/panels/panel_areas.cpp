// Painted areas panel: the area tool (Z) with the next area's name, cost and (levels) height range, the
// corners clicked so far, then every area with its cost (one per name) and a Delete button. Each change
// goes to the bake (gui_areas.h).
#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <cstring>

#include "gui_areas.h"
#include "gui_bake.h"

namespace navlab::app {

namespace {

// The tool's button and the options of the next area.
void tool(Session& app, AreasView& v, ClickMode& mode, Baker& bake) {
  if (ImGui::RadioButton("Paint area (Z)", mode == ClickMode::PaintArea)) {
    mode = mode == ClickMode::PaintArea ? ClickMode::Inspect : ClickMode::PaintArea;
    v.corners.clear();
  }
  ImGui::SameLine();
  if (mode != ClickMode::PaintArea)
    ImGui::TextDisabled("then click its corners");
  else if (v.corners.empty())
    ImGui::TextDisabled("click the first corner");
  else
    ImGui::TextDisabled("%zu corners: click the last again or Enter", v.corners.size());
  char name[64];
  std::snprintf(name, sizeof name, "%s", v.name.c_str());
  ImGui::SetNextItemWidth(120.0f);
  if (ImGui::InputText("name", name, sizeof name) && std::strlen(name) > 0) v.name = name;
  ImGui::SameLine();
  float cost = float(v.cost);
  ImGui::SetNextItemWidth(80.0f);
  if (ImGui::InputFloat("cost", &cost, 0.0f, 0.0f, "%.2f")) v.cost = std::max(0.0f, cost);
  if (traits(app.doc.scene.kind()).level) {
    float descent = float(v.descent), height = float(v.height);
    ImGui::SetNextItemWidth(80.0f);
    if (ImGui::InputFloat("descent", &descent, 0.0f, 0.0f, "%.1f m")) v.descent = std::max(0.0f, descent);
    ImGui::SameLine();
    ImGui::SetNextItemWidth(80.0f);
    if (ImGui::InputFloat("height", &height, 0.0f, 0.0f, "%.1f m")) v.height = std::max(0.1f, height);
  }
  if (!v.corners.empty()) {
    if (ImGui::Button("Close area")) areas_close(app, v, bake);
    ImGui::SameLine();
    if (ImGui::Button("Clear corners")) v.corners.clear();
  }
}

}  // namespace

void panel_areas(Session& app, AreasView& v, ClickMode& mode, Baker& bake) {
  if (!areas_possible(app) || !ImGui::CollapsingHeader("Painted areas", ImGuiTreeNodeFlags_DefaultOpen)) return;
  ImGui::PushID("areas");
  tool(app, v, mode, bake);
  const BakeInputs in = bake.wanted_inputs();
  const bool level = traits(app.doc.scene.kind()).level;
  const int n = level ? int(in.mesh_areas.size()) : int(in.floor_areas.size());
  if (v.selected >= n) v.selected = -1;
  int remove = -1;
  if (n > 0 && ImGui::BeginTable("areas", 3, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) {
    ImGui::TableSetupColumn("area", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableSetupColumn("cost", ImGuiTableColumnFlags_WidthFixed, 74.0f);
    ImGui::TableSetupColumn("delete", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("Delete").x + 8.0f);
    for (int i = 0; i < n; ++i) {
      const std::string& name = level ? in.mesh_areas[size_t(i)].name : in.floor_areas[size_t(i)].name;
      const double cost = level ? in.mesh_areas[size_t(i)].cost : in.floor_areas[size_t(i)].cost;
      ImGui::PushID(i);
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      char label[96];
      if (level)
        std::snprintf(label, sizeof label, "%s (y %.1f..%.1f)", name.c_str(), in.mesh_areas[size_t(i)].height_min,
                      in.mesh_areas[size_t(i)].height_max);
      else
        std::snprintf(label, sizeof label, "%s", name.c_str());
      if (ImGui::Selectable(label, v.selected == i)) v.selected = v.selected == i ? -1 : i;
      ImGui::TableNextColumn();
      float c = float(cost);
      ImGui::SetNextItemWidth(70.0f);
      ImGui::InputFloat("##cost", &c, 0.0f, 0.0f, "x%.2f");
      if (ImGui::IsItemDeactivatedAfterEdit() && c >= 0.0f) show_failure(app, areas_set_cost(app, bake, name, c));
      ImGui::TableNextColumn();
      if (ImGui::SmallButton("Delete")) remove = i;
      ImGui::PopID();
    }
    ImGui::EndTable();
  }
  if (remove >= 0) show_failure(app, areas_delete(app, v, bake, remove));
  ImGui::TextDisabled("%d areas; the cost is per name; Save writes them", n);
  ImGui::PopID();
}

}  // namespace navlab::app
