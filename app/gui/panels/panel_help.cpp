// The help overlay: every key of the key table the app binds from, and every mouse action.
#include <imgui.h>

#include "gui_panels.h"
#include "gui_keys.h"

namespace navlab::app {

void panel_help(Session& app) {
  const ImGuiViewport* mv = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(ImVec2(mv->WorkPos.x + mv->WorkSize.x * 0.5f, mv->WorkPos.y + mv->WorkSize.y * 0.4f),
                          ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowBgAlpha(0.92f);
  ImGui::SetNextWindowSizeConstraints(ImVec2(0, 0), ImVec2(mv->WorkSize.x * 0.95f, mv->WorkSize.y * 0.9f));
  if (!ImGui::Begin("Keys and mouse (F1)", &app.settings.show_help,
                    ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoCollapse)) {
    ImGui::End();
    return;
  }
  // Generated from the key table the app binds from (gui_keys.h), then the mouse.
  if (ImGui::BeginTable("keys", 2, ImGuiTableFlags_RowBg)) {
    auto row = [](const std::string& what, const char* help) {
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      ImGui::TextUnformatted(what.c_str());
      ImGui::TableSetColumnIndex(1);
      ImGui::TextUnformatted(help);
    };
    for (const KeyBinding& b : key_table()) row(key_label(b), b.help);
    for (const MouseHelp& m : mouse_help()) row(m.what, m.help);
    ImGui::EndTable();
  }
  ImGui::End();
}

}  // namespace navlab::app
