// The help overlay: every shortcut and mouse action.
#include <imgui.h>

#include "gui_app.h"

namespace navlab::app {

void panel_help(App& app) {
  const ImGuiViewport* mv = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(ImVec2(mv->WorkPos.x + mv->WorkSize.x * 0.5f, mv->WorkPos.y + mv->WorkSize.y * 0.4f),
                          ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowBgAlpha(0.92f);
  if (!ImGui::Begin("Shortcuts (F1)", &app.settings.show_help,
                    ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoCollapse)) {
    ImGui::End();
    return;
  }
  static const char* rows[][2] = {
      {"Space", "play / pause the timeline"},
      {"Right / Left", "next / previous step"},
      {"Home / End", "first step / the complete plan"},
      {"S, then click", "place the start"},
      {"G, then click", "place the goal"},
      {"I or Esc", "inspect mode (left drag pans)"},
      {"Drag a candidate", "move a spawn candidate (verdicts update live)"},
      {"A, then click", "add a spawn candidate (P<n>)"},
      {"Delete", "delete the selected spawn candidate (else the selected link)"},
      {"L, then two clicks", "add an off-mesh link: takeoff, then landing"},
      {"Drag a link's end", "move it (the level is baked again on release)"},
      {"V, then clicks", "paint an area: its corners; the last again or Enter closes it"},
      {"Wheel", "zoom at the cursor"},
      {"Right or middle drag", "pan"},
      {"F", "fit the scene"},
      {"M", "midpoint path on/off"},
      {"P", "presenter mode"},
      {"F5, Ctrl+R", "reload the scene"},
      {"F12", "export the viewport as PNG"},
      {"File > Export PNG...", "viewport or window, any size, chosen path"},
      {"F1", "this help"},
      {"Ctrl+Q", "quit"},
      {"Drop a file", "open a scene"},
  };
  if (ImGui::BeginTable("keys", 2, ImGuiTableFlags_RowBg)) {
    for (const auto& r : rows) {
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      ImGui::TextUnformatted(r[0]);
      ImGui::TableSetColumnIndex(1);
      ImGui::TextUnformatted(r[1]);
    }
    ImGui::EndTable();
  }
  ImGui::End();
}

}  // namespace navlab::app
