// Links panel: the link tool (L) and the options of the next link, then every off-mesh link of the scene
// (select, one-way, radius, cost, delete). Each change goes to the bake (gui_links.h); the ends the bake
// attached and whether the plan crosses a link are read from the mesh and the plan.
#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "format.h"
#include "gui_bake.h"
#include "gui_links.h"
#include "panel_spawn.h"

namespace navlab::app {

namespace {

std::string end_text(const ScenePoint& p) {
  return p.is3d ? fmt("(%.1f, %.1f, %.1f)", p.world().x, p.world().y, p.world().z)
                : fmt("(%.1f, %.1f)", p.plane.x, p.plane.y);
}

// The options the link tool gives the next link.
void new_link_options(LinksView& v, ClickMode& mode) {
  if (ImGui::RadioButton("Add link (L)", mode == ClickMode::AddLink)) {
    mode = mode == ClickMode::AddLink ? ClickMode::Inspect : ClickMode::AddLink;
    v.takeoff.reset();
  }
  ImGui::SameLine();
  if (mode == ClickMode::AddLink && v.takeoff)
    ImGui::TextDisabled("takeoff %s: click the landing", end_text(*v.takeoff).c_str());
  else if (mode == ClickMode::AddLink)
    ImGui::TextDisabled("click the takeoff");
  else
    ImGui::TextDisabled("then click takeoff and landing");
  ImGui::Checkbox("both ways", &v.bidirectional);
  ImGui::SameLine();
  float r = float(v.radius);
  ImGui::SetNextItemWidth(90.0f);
  if (ImGui::InputFloat("radius (0: agent's)", &r, 0.0f, 0.0f, "%.2f m")) v.radius = std::max(0.0f, r);
  ImGui::Checkbox("cost", &v.custom_cost);
  if (v.custom_cost) {
    ImGui::SameLine();
    float c = float(v.cost);
    ImGui::SetNextItemWidth(90.0f);
    if (ImGui::InputFloat("m of path", &c, 0.0f, 0.0f, "%.2f")) v.cost = std::max(0.0f, c);
  } else {
    ImGui::SameLine();
    ImGui::TextDisabled("(default: the link's length)");
  }
}

// The selected link's own options, applied when an edit is finished.
void selected_link(Session& app, LinksView& v, Baker& bake, int i, LinkDef l) {
  ImGui::PushID(i);
  bool one_way = !l.bidirectional;
  if (ImGui::Checkbox("one-way", &one_way)) {
    l.bidirectional = !one_way;
    show_failure(app, links_set(app, bake, i, l));
  }
  ImGui::SameLine();
  float r = float(l.radius_or(app.doc.scene.bake));
  ImGui::SetNextItemWidth(90.0f);
  ImGui::InputFloat("radius", &r, 0.0f, 0.0f, "%.2f m");
  if (ImGui::IsItemDeactivatedAfterEdit() && r > 0.0f) {
    l.radius = r;
    show_failure(app, links_set(app, bake, i, l));
  }
  ImGui::SameLine();
  if (ImGui::Button("Delete")) show_failure(app, links_delete(app, v, bake, i));
  ImGui::PopID();
}

}  // namespace

void panel_links(Session& app, LinksView& v, ClickMode& mode, SpawnView& spawn, Baker& bake) {
  if (!links_possible(app) || !ImGui::CollapsingHeader("Off-mesh links", ImGuiTreeNodeFlags_DefaultOpen)) return;
  ImGui::PushID("links");
  new_link_options(v, mode);
  const std::vector<LinkDef> links = bake.wanted_inputs().links;
  if (v.selected >= int(links.size())) v.selected = -1;
  const std::vector<int> crossed = links_crossed(app);
  if (!links.empty() && ImGui::BeginTable("links", 4, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) {
    ImGui::TableSetupColumn("link", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("link 000").x);
    ImGui::TableSetupColumn("ends", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableSetupColumn("cost", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("cost: length").x);
    ImGui::TableSetupColumn("plan", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("on the plan").x);
    for (int i = 0; i < int(links.size()); ++i) {
      const LinkDef& l = links[size_t(i)];
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      char label[32];
      std::snprintf(label, sizeof label, "link %d", i);
      if (ImGui::Selectable(label, v.selected == i, ImGuiSelectableFlags_SpanAllColumns)) {
        v.selected = v.selected == i ? -1 : i;
        spawn.selected = -1;
      }
      ImGui::TableNextColumn();
      ImGui::Text("%s %s %s", end_text(l.from).c_str(), l.bidirectional ? "<->" : "->", end_text(l.to).c_str());
      ImGui::TableNextColumn();
      if (l.cost)
        ImGui::Text("cost %.2f", *l.cost);
      else
        ImGui::TextDisabled("cost: length");
      ImGui::TableNextColumn();
      const bool attached = size_t(i) < app.doc.mesh.links.size() && app.doc.mesh.links[size_t(i)].from_poly >= 0 &&
                            app.doc.mesh.links[size_t(i)].to_poly >= 0;
      if (std::find(crossed.begin(), crossed.end(), i) != crossed.end())
        ImGui::TextUnformatted("on the plan");
      else if (!attached)
        ImGui::TextDisabled("baking");
    }
    ImGui::EndTable();
  }
  if (v.selected >= 0) selected_link(app, v, bake, v.selected, links[size_t(v.selected)]);
  ImGui::TextDisabled("%zu links; drag an end (inspect mode) to move it; Save writes them", links.size());
  ImGui::PopID();
}

}  // namespace navlab::app
