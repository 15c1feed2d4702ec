// Scene panel: open, save, save as, recent files, reload, description, and the query being planned.
#include <imgui.h>
#include <imgui_stdlib.h>

#include "gui_panels.h"

namespace navlab::app {

void panel_scene(Session& app) {
  if (!ImGui::CollapsingHeader("Scene", ImGuiTreeNodeFlags_DefaultOpen)) return;
  static std::string open_path, save_path;
  Document& doc = app.doc;
  if (doc.loaded()) {
    ImGui::TextWrapped("%s", doc.scene.name.empty() ? doc.path.c_str() : doc.scene.name.c_str());
    if (!doc.scene.description.empty()) {
      ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.75f, 0.78f, 0.82f, 1));
      ImGui::TextWrapped("%s", doc.scene.description.c_str());
      ImGui::PopStyleColor();
    }
    ImGui::TextDisabled("%s", doc.path.c_str());
    ImGui::TextDisabled("%d %s%s", doc.mesh.size(), doc.mesh.kind == NavMesh::Kind::Graph ? "nodes" : "polygons",
                        doc.mesh.is3d ? ", 3D (height shaded)" : "");
  }
  if (open_path.empty()) open_path = doc.path;
  ImGui::SetNextItemWidth(-80);
  ImGui::InputText("##open", &open_path);
  ImGui::SameLine();
  if (ImGui::Button("Open", ImVec2(-1, 0))) app.open_scene(open_path);
  if (ImGui::Button("Reload")) app.reload();
  ImGui::SameLine();
  if (ImGui::Button("Save") && doc.loaded()) app.save_scene_as(doc.path);
  ImGui::SameLine();
  if (ImGui::Button("Save as...")) {
    save_path = doc.path;
    ImGui::OpenPopup("save_as");
  }
  if (ImGui::BeginPopup("save_as")) {
    ImGui::SetNextItemWidth(420);
    ImGui::InputText("path", &save_path);
    if (ImGui::Button("Save") && !save_path.empty()) {
      app.save_scene_as(save_path);
      ImGui::CloseCurrentPopup();
    }
    ImGui::EndPopup();
  }
  if (!app.settings.recent.empty() && ImGui::TreeNode("Recent files")) {
    for (const std::string& r : std::vector<std::string>(app.settings.recent))
      if (ImGui::Selectable(r.c_str())) {
        open_path = r;
        app.open_scene(r);
      }
    ImGui::TreePop();
  }
  // The query: a scene query or the user's own start/goal (placed with S / G and a click).
  const auto& qs = doc.scene.queries;
  std::string label =
      doc.query_index >= 0 && doc.query_index < int(qs.size())
          ? (qs[doc.query_index].name.empty() ? "query " + std::to_string(doc.query_index) : qs[doc.query_index].name)
          : std::string("placed by hand");
  if (ImGui::BeginCombo("query", label.c_str())) {
    for (size_t i = 0; i < qs.size(); ++i) {
      const std::string n = qs[i].name.empty() ? "query " + std::to_string(i) : qs[i].name;
      if (ImGui::Selectable(n.c_str(), int(i) == doc.query_index)) {
        doc.query_index = int(i);
        doc.start = qs[i].start;
        doc.goal = qs[i].goal;
        app.replan();
      }
    }
    ImGui::EndCombo();
  }
  auto show = [](const char* what, const std::optional<ScenePoint>& p) {
    if (!p)
      ImGui::Text("%s: (not set)", what);
    else if (!p->node.empty())
      ImGui::Text("%s: %s", what, p->node.c_str());
    else
      ImGui::Text("%s: (%.2f, %.2f)", what, p->plane.x, p->plane.y);
  };
  show("start", doc.start);
  ImGui::SameLine(0, 20);
  show("goal", doc.goal);
}

}  // namespace navlab::app
