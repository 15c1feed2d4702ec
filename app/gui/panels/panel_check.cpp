// File > Open check suite and the Check panel: every case of the open suite with PASS or FAIL, its
// figure and what it expects; a click loads the case and opens the timeline at its deciding step.
#include <imgui.h>

#include <algorithm>
#include <cstring>
#include <filesystem>

#include "gui_check.h"

namespace navlab::app {

namespace {

// The suites in the checks folder, sorted.
std::vector<std::string> suite_files() {
  namespace fs = std::filesystem;
  std::vector<std::string> out;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(checks_folder(), ec))
    if (e.path().extension() == ".json") out.push_back(e.path().string());
  std::sort(out.begin(), out.end());
  return out;
}

// What a row shows: the failing checks of a failed case, else its first check.
std::string row_text(const CaseResult& r) {
  std::string out;
  for (const ExpectResult& x : r.checks)
    if (!x.passed || (r.passed && out.empty()))
      out += (out.empty() ? "" : "; ") + x.what + ": " + x.figure + " (expected " + x.expected + ")";
  return out;
}

void path_window(Session& app, CheckView& v) {
  if (!v.path_dialog) return;
  ImGui::SetNextWindowSize(ImVec2(520, 0), ImGuiCond_Appearing);
  if (ImGui::Begin("Open check suite", &v.path_dialog, ImGuiWindowFlags_NoCollapse)) {
    ImGui::TextUnformatted("A navlab check file (.json) or a RecastDemo test file (.txt):");
    ImGui::SetNextItemWidth(-1);
    const bool enter = ImGui::InputText("##path", v.path, sizeof v.path, ImGuiInputTextFlags_EnterReturnsTrue);
    if ((ImGui::Button("Open") || enter) && v.path[0] != '\0' && open_check_suite(app, v, v.path))
      v.path_dialog = false;
    ImGui::SameLine();
    if (ImGui::Button("Cancel")) v.path_dialog = false;
  }
  ImGui::End();
}

}  // namespace

void check_menu(Session& app, CheckView& v) {
  if (!ImGui::BeginMenu("Open check suite")) return;
  if (v.files.empty()) v.files = suite_files();
  for (const std::string& f : v.files)
    if (ImGui::MenuItem(std::filesystem::path(f).stem().string().c_str(), nullptr, v.suite && v.suite->path == f))
      open_check_suite(app, v, f);
  if (v.files.empty()) ImGui::TextDisabled("no suites in %s", checks_folder().c_str());
  ImGui::Separator();
  if (ImGui::MenuItem("Path...")) v.path_dialog = true;
  if (ImGui::MenuItem("Close check suite", nullptr, false, v.suite.has_value())) {
    v.suite.reset();
    v.selected = -1;
  }
  ImGui::EndMenu();
}

void panel_check(Session& app, CheckView& v) {
  path_window(app, v);
  if (!v.suite) return;
  const std::string title =
      "Check: " + (v.suite->name.empty() ? v.suite->path : v.suite->name) + " (" + summary_line(v.run) + ")###check";
  if (!ImGui::CollapsingHeader(title.c_str(), ImGuiTreeNodeFlags_DefaultOpen)) return;
  const ImVec4 pass(0.45f, 0.85f, 0.45f, 1.0f), fail(0.95f, 0.4f, 0.35f, 1.0f);
  const float rows = float(std::min<size_t>(v.run.cases.size(), 10));
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_BordersInnerV;
  if (ImGui::BeginTable("cases", 3, flags, ImVec2(0, (rows + 1.2f) * ImGui::GetTextLineHeightWithSpacing()))) {
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed);
    ImGui::TableSetupColumn("case", ImGuiTableColumnFlags_WidthStretch, 0.35f);
    ImGui::TableSetupColumn("figure (expected)", ImGuiTableColumnFlags_WidthStretch, 0.65f);
    ImGui::TableHeadersRow();
    for (size_t i = 0; i < v.run.cases.size(); ++i) {
      const CaseResult& r = v.run.cases[i];
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextColored(r.passed ? pass : fail, r.passed ? "PASS" : "FAIL");
      ImGui::TableNextColumn();
      ImGui::PushID(int(i));
      if (ImGui::Selectable(r.name.c_str(), v.selected == int(i), ImGuiSelectableFlags_SpanAllColumns))
        select_check_case(app, v, int(i));
      ImGui::PopID();
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", case_line(r).c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(row_text(r).c_str());
    }
    ImGui::EndTable();
  }
  if (v.selected < 0) {
    ImGui::TextDisabled("Click a case: its query, doors and the step that decided it.");
    return;
  }
  const CaseResult& r = v.run.cases[size_t(v.selected)];
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextColored(r.passed ? pass : fail, "%s", r.name.c_str());
  for (const ExpectResult& x : r.checks)
    ImGui::BulletText("%s %s: %s (expected %s)", x.passed ? "ok" : "FAIL", x.what.c_str(), x.figure.c_str(),
                      x.expected.c_str());
  if (r.decided_by)
    ImGui::Text("Decided at %s:%d: %s", r.decided_by->stage.c_str(), r.decided_by->index, r.decided_text.c_str());
  else if (!r.decided_text.empty())
    ImGui::Text("%s", r.decided_text.c_str());
  for (size_t k = 0; k < v.ray_trace.steps.size(); ++k) {
    const bool deciding = r.decided_by && r.decided_by->stage == "raycast" && r.decided_by->index == int(k) + 1;
    const std::string text =
        "raycast:" + std::to_string(k + 1) + "  " + v.ray_trace.steps[k].describe(app.doc.mesh, v.ray_trace);
    if (deciding)
      ImGui::TextColored(fail, "%s", text.c_str());
    else
      ImGui::TextUnformatted(text.c_str());
  }
  ImGui::PopTextWrapPos();
}

}  // namespace navlab::app
