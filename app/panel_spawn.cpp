// Spawn panel: toggles for the six spawn checks, a table of every candidate's results, the selected
// candidate's details, and the verdicts drawn over the viewport. It reads only core/spawn results.
#include "panel_spawn.h"

#include <imgui.h>

#include <chrono>
#include <cmath>
#include <cstdio>

#include "gui_app.h"

namespace navlab::app {

namespace {

const ImVec4 kPass(0.40f, 0.90f, 0.50f, 1.0f);
const ImVec4 kFail(1.00f, 0.40f, 0.40f, 1.0f);
const ImVec4 kSkip(0.60f, 0.60f, 0.65f, 1.0f);
const gl::Rgba kAcceptedRing{80, 220, 110, 255};
const gl::Rgba kRejectedRing{240, 70, 70, 255};
const gl::Rgba kZone{240, 70, 70, 200};
const gl::Rgba kOccupant{240, 150, 60, 200};

ImVec4 outcome_colour(CheckOutcome o) {
  return o == CheckOutcome::Passed ? kPass : o == CheckOutcome::Failed ? kFail : kSkip;
}
const char* outcome_word(CheckOutcome o) {
  return o == CheckOutcome::Passed ? "pass" : o == CheckOutcome::Failed ? "FAIL" : "skip";
}
// Table cells are narrow: two characters per check.
const char* outcome_mark(CheckOutcome o) {
  return o == CheckOutcome::Passed ? "ok" : o == CheckOutcome::Failed ? "NO" : "--";
}

// Re-validates when the scene, the mesh or the toggles changed since the last run.
void refresh(App& app) {
  SpawnView& v = app.spawn;
  const Document& doc = app.doc;
  if (v.valid && v.used.enabled == v.options.enabled && v.polys == doc.mesh.polys.size() && v.scene == doc.scene)
    return;
  const auto t0 = std::chrono::steady_clock::now();
  Result<std::vector<SpawnVerdict>> r = validate_spawns(doc.scene, doc.mesh, v.options);
  v.validate_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  v.error = r ? "" : r.error();
  v.verdicts = r ? std::move(r.value()) : std::vector<SpawnVerdict>{};
  if (v.selected >= int(v.verdicts.size())) v.selected = -1;
  v.scene = doc.scene;
  v.used = v.options;
  v.polys = doc.mesh.polys.size();
  v.valid = true;
}

void toggles(SpawnView& v) {
  for (int i = 0; i < kSpawnCheckCount; ++i) {
    bool on = v.options.enabled[i];
    char label[48];
    std::snprintf(label, sizeof label, "%d %s", i + 1, to_string(kSpawnChecks[i]));
    if (ImGui::Checkbox(label, &on)) v.options.enabled[i] = on;
    if (i % 2 == 0) ImGui::SameLine(ImGui::GetContentRegionAvail().x * 0.5f);
  }
}

void table(SpawnView& v) {
  const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit;
  if (!ImGui::BeginTable("spawn_table", 2 + kSpawnCheckCount, flags)) return;
  ImGui::TableSetupColumn("candidate");
  ImGui::TableSetupColumn("verdict");
  // Columns 1..6 are the checks in order; hovering a cell names the check and gives its detail.
  const char* heads[] = {"1", "2", "3", "4", "5", "6"};
  for (const char* h : heads) ImGui::TableSetupColumn(h);
  ImGui::TableHeadersRow();
  for (int i = 0; i < int(v.verdicts.size()); ++i) {
    const SpawnVerdict& sv = v.verdicts[i];
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::PushID(i);
    if (ImGui::Selectable(sv.name.c_str(), v.selected == i, ImGuiSelectableFlags_SpanAllColumns))
      v.selected = v.selected == i ? -1 : i;
    ImGui::PopID();
    ImGui::TableNextColumn();
    if (sv.accepted)
      ImGui::TextColored(kPass, "accepted");
    else
      ImGui::TextColored(kFail, "%s", to_string(*sv.reason));
    for (const CheckResult& r : sv.checks) {
      ImGui::TableNextColumn();
      ImGui::TextColored(outcome_colour(r.outcome), "%s", outcome_mark(r.outcome));
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s: %s", to_string(r.check), r.detail.c_str());
    }
  }
  ImGui::EndTable();
}

void details(const SpawnVerdict& sv) {
  ImGui::Separator();
  ImGui::Text("%s at (%.2f, %.2f)", sv.name.c_str(), sv.pos.x, sv.pos.y);
  if (sv.accepted)
    ImGui::TextColored(kPass, "accepted");
  else
    ImGui::TextColored(kFail, "rejected: %s (%s)", to_string(*sv.reason), sv.message.c_str());
  for (const CheckResult& r : sv.checks) {
    ImGui::TextColored(outcome_colour(r.outcome), "%d %-14s %s", int(r.check) + 1, to_string(r.check),
                       outcome_word(r.outcome));
    ImGui::Indent();
    ImGui::TextWrapped("%s", r.detail.c_str());
    ImGui::Unindent();
  }
}

}  // namespace

void panel_spawn(App& app) {
  if (!ImGui::CollapsingHeader("Spawn", ImGuiTreeNodeFlags_DefaultOpen)) return;
  if (!app.doc.loaded()) return;
  SpawnView& v = app.spawn;
  toggles(v);
  refresh(app);
  if (!v.error.empty()) {
    ImGui::TextWrapped("%s", v.error.c_str());
    return;
  }
  if (v.verdicts.empty()) {
    ImGui::TextDisabled("no spawn candidates in this scene");
    return;
  }
  int accepted = 0;
  for (const SpawnVerdict& sv : v.verdicts) accepted += sv.accepted;
  ImGui::Text("%d of %zu accepted", accepted, v.verdicts.size());
  ImGui::SameLine();
  ImGui::TextDisabled("validated in %.2f ms", v.validate_ms);
  table(v);
  if (v.selected >= 0) details(v.verdicts[v.selected]);
  else ImGui::TextDisabled("click a candidate to see its checks");
}

void draw_spawn_verdicts(App& app) {
  if (!app.doc.loaded() || !app.show_panel_spawn) return;
  refresh(app);
  const SpawnView& v = app.spawn;
  if (v.verdicts.empty()) return;
  Viewport& view = app.view;
  gl::Batch& b = view.plan();
  ImDrawList& dl = view.overlay();
  const double px = 1.0 / view.camera.scale;  // metres per pixel
  const Scene& sc = app.doc.scene;
  for (const ForbiddenZone& z : sc.spawn.forbidden_zones) b.polyline(z.polygon, kZone, {2.0f, 6.0f, 10.0f}, true);
  for (const Occupant& o : sc.spawn.occupants) {
    b.circle(o.pos.plane, o.radius, kOccupant, {2.0f});
    // The name sits above the circle so it never covers a candidate's reason below its ring.
    const Vec2 s = view.to_screen(o.pos.plane);
    const ImVec2 tw = ImGui::CalcTextSize(o.name.c_str());
    const float top = float(s.y - o.radius / px) - tw.y - 2.0f;
    dl.AddText(ImVec2(float(s.x) - tw.x * 0.5f, top), to_imu32(kOccupant), o.name.c_str());
  }
  for (int i = 0; i < int(v.verdicts.size()); ++i) {
    const SpawnVerdict& sv = v.verdicts[i];
    const gl::Rgba c = sv.accepted ? kAcceptedRing : kRejectedRing;
    b.circle(sv.pos, 12.0 * px, c, {v.selected == i ? 4.0f : 2.5f});
    if (!sv.accepted) {
      const Vec2 s = view.to_screen(sv.pos);
      const char* why = to_string(*sv.reason);
      dl.AddText(ImVec2(float(s.x) + 9, float(s.y) + 7), IM_COL32(0, 0, 0, 220), why);
      dl.AddText(ImVec2(float(s.x) + 8, float(s.y) + 6), to_imu32(c), why);
    }
  }
}

}  // namespace navlab::app
