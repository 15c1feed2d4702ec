// The current step's details. Search steps: the open and closed sets and a sortable table of every node
// seen so far (G, H, F, parent, state), read from the records up to this step.
#include <imgui.h>

#include <algorithm>
#include <map>
#include <string>

#include "gui_panels.h"
#include "gui_slide_panels.h"

namespace navlab::app {

namespace {

std::string join(const NavMesh& mesh, const std::vector<int>& ids) {
  std::string out;
  for (int id : ids) {
    if (!out.empty()) out += ", ";
    out += mesh.kind == NavMesh::Kind::Graph ? mesh.nodes[id].id : std::to_string(id);
  }
  return out.empty() ? "(empty)" : out;
}

}  // namespace

void panel_step(const Session& app) {
  const PlanView& p = app.plan;
  if (app.playback.step >= int(p.steps.size()) || p.steps[app.playback.step].stage != Stage::Search) return;
  const NavMesh& mesh = app.doc.mesh;
  const int index = p.steps[app.playback.step].index;
  const auto& steps = p.trace.search.steps;
  const SearchSets sets = search_sets_at(steps, size_t(index));
  if (!sets.closed.empty()) {
    ImGui::TextWrapped("open: %s", join(mesh, sets.open).c_str());
    ImGui::TextWrapped("closed: %s", join(mesh, sets.closed).c_str());
  }
  std::vector<GfhRow> list = gfh_rows(p, index);
  // Every row shown (the window scrolls, not the table).
  const ImGuiTableFlags flags = ImGuiTableFlags_Sortable | ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV |
                                ImGuiTableFlags_SizingStretchSame;
  if (!ImGui::BeginTable("gfh", 6, flags)) return;
  ImGui::TableSetupColumn("node");
  ImGui::TableSetupColumn("G");
  ImGui::TableSetupColumn("H");
  ImGui::TableSetupColumn("F", ImGuiTableColumnFlags_DefaultSort);
  ImGui::TableSetupColumn("parent");
  ImGui::TableSetupColumn("state");
  ImGui::TableHeadersRow();
  if (ImGuiTableSortSpecs* spec = ImGui::TableGetSortSpecs(); spec && spec->SpecsCount > 0) {
    const int col = spec->Specs[0].ColumnIndex;
    const bool asc = spec->Specs[0].SortDirection == ImGuiSortDirection_Ascending;
    auto key = [col](const GfhRow& r) -> double {
      switch (col) {
        case 0:
          return r.node;
        case 1:
          return r.g;
        case 2:
          return r.h;
        case 3:
          return r.f;
        case 4:
          return r.parent;
        default:
          return r.closed ? 1 : 0;
      }
    };
    std::stable_sort(list.begin(), list.end(),
                     [&](const GfhRow& a, const GfhRow& b) { return asc ? key(a) < key(b) : key(a) > key(b); });
  }
  const int current = steps[index].node;
  for (const GfhRow& r : list) {
    ImGui::TableNextRow();
    if (r.node == current) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg0, IM_COL32(90, 90, 40, 160));
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(node_label(mesh, r.node).c_str());
    const CostDigits n = cost_digits(r.g, r.h);  // as the step's sentence writes them
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(n(r.g).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(n(r.h).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(n(r.g + r.h).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(r.parent >= 0 ? node_label(mesh, r.parent).c_str() : "-");
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(r.closed ? "closed" : "open");
  }
  ImGui::EndTable();
}

}  // namespace navlab::app
