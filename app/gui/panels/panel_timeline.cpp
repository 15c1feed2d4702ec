// Timeline: every recorded step of every stage. The transport bar (always shown): first, previous,
// play/pause, next, last and the scrubber, with the step's sentence under them. The details: playback
// speed and a jump to each stage.
#include <imgui.h>

#include <cstdio>

#include "gui_panels.h"

namespace navlab::app {

std::string step_sentence(const Session& app) {
  const PlanView& p = app.plan;
  const int s = app.playback.step, n = int(p.steps.size());
  if (traits(app.doc.scene.kind()).side_view) return "";
  if (!p.ran) return "No query: place a start (S) and a goal (G).";
  return s < n ? p.describe(s, app.doc.mesh) : std::string("The complete plan: every stage's result.");
}

void panel_transport(Session& app) {
  PlanView& p = app.plan;
  const int n = int(p.steps.size());
  if (ImGui::Button("|<")) {
    app.playback.playing = false;
    app.set_step(0);
  }
  ImGui::SameLine();
  if (ImGui::Button("<")) {
    app.playback.playing = false;
    app.set_step(app.playback.step - 1);
  }
  ImGui::SameLine();
  if (ImGui::Button(app.playback.playing ? "Pause" : "Play ")) {
    if (!app.playback.playing && app.playback.step >= n) app.set_step(0);
    app.playback.playing = !app.playback.playing;
    app.playback.clock = 0.0;
  }
  ImGui::SameLine();
  if (ImGui::Button(">")) {
    app.playback.playing = false;
    app.set_step(app.playback.step + 1);
  }
  ImGui::SameLine();
  if (ImGui::Button(">|")) {
    app.playback.playing = false;
    app.set_step(n);
  }
  ImGui::SameLine();
  int s = app.playback.step;
  ImGui::SetNextItemWidth(-1);
  char fmt[64];
  if (s < n)
    std::snprintf(fmt, sizeof fmt, "step %d / %d (%s %d)", s + 1, n, stage_name(p.steps[s].stage),
                  p.steps[s].index + 1);
  else
    std::snprintf(fmt, sizeof fmt, "complete plan (%d steps)", n);
  if (ImGui::SliderInt("##scrub", &s, 0, n, fmt)) {
    app.playback.playing = false;
    app.set_step(s);
  }
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.92f, 0.6f, 1));
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted(step_sentence(app).c_str());
  ImGui::PopTextWrapPos();
  ImGui::PopStyleColor();
}

void panel_timeline(Session& app) {
  PlanView& p = app.plan;
  const int n = int(p.steps.size());
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 9.0f);
  ImGui::SliderFloat("steps/s", &app.settings.playback_speed, 0.5f, 100.0f, "%.1f", ImGuiSliderFlags_Logarithmic);
  ImGui::TextUnformatted("jump to");
  for (const StageInfo& info : kStageTable) {
    const Stage st = info.id;
    const int first = p.first_step(st);
    const int count = p.count(st);
    char label[64];
    std::snprintf(label, sizeof label, "%s (%d)", stage_name(st), count);
    // On the same line while the button fits, else on the next (eight stages outgrow a narrow window).
    const float button_w = ImGui::CalcTextSize(label).x + 2 * ImGui::GetStyle().FramePadding.x;
    const float right = ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x + button_w;
    if (right <= ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x) ImGui::SameLine();
    const bool here = app.playback.step < n && p.steps[app.playback.step].stage == st;
    if (here) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
    ImGui::BeginDisabled(first < 0);
    if (ImGui::Button(label)) {
      app.playback.playing = false;
      app.set_step(first);
    }
    ImGui::EndDisabled();
    if (here) ImGui::PopStyleColor();
  }
}

}  // namespace navlab::app
