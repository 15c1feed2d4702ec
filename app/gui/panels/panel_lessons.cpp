// The Lessons menu and the slide column beside the map: the open lesson's current slide (its question
// first, then the text and the panels it names, the notes on request), large in presenter mode, with
// previous / next buttons (Page Up / Page Down).
#include <SDL.h>
#include <imgui.h>

#include <algorithm>
#include <filesystem>

#include "gui_legend.h"
#include "gui_lessons.h"
#include "gui_session.h"
#include "gui_slide_panels.h"

namespace navlab::app {

void lessons_menu(LessonsView& v, LessonControls& controls) {
  if (!ImGui::BeginMenu("Lessons")) return;
  if (v.files.empty()) v.files = lesson_files(lessons_folder());
  for (size_t i = 0; i < v.files.size(); ++i) {
    const std::string name = std::filesystem::path(v.files[i]).stem().string();
    if (ImGui::MenuItem(name.c_str(), nullptr, v.lesson && int(i) == v.file_index))
      controls.open_lesson_file(v.files[i]);
  }
  if (v.files.empty()) ImGui::TextDisabled("no lessons in %s", lessons_folder().c_str());
  ImGui::Separator();
  const bool open = v.lesson.has_value();
  if (ImGui::MenuItem("Next slide", "Page Down", false, open)) controls.go_to_slide(v.slide + 1);
  if (ImGui::MenuItem("Previous slide", "Page Up", false, open)) controls.go_to_slide(v.slide - 1);
  if (ImGui::MenuItem("Next lesson", "Ctrl+Page Down")) controls.press_lesson_key(SDL_SCANCODE_PAGEDOWN, true);
  if (ImGui::MenuItem("Start the presentation", "F5")) controls.start_presentation(false);
  if (ImGui::MenuItem("Teacher's notes", "N", &v.show_notes, open)) {
  }
  if (ImGui::MenuItem("Close lesson", nullptr, false, open)) controls.close_lesson();
  ImGui::EndMenu();
}

void panel_lesson(const Session& session, LessonsView& v, LessonControls& controls, float x, float y, float w,
                  float h) {
  if (!v.lesson) return;
  const LessonSlide& s = v.lesson->slides[size_t(v.slide)];
  ImGui::SetNextWindowPos(ImVec2(x, y), ImGuiCond_Always);
  ImGui::SetNextWindowSize(ImVec2(w, h), ImGuiCond_Always);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                                 ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoFocusOnAppearing;
  if (ImGui::Begin("Lesson", nullptr, flags)) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s - slide %d of %d%s", v.lesson->title.c_str(), v.slide + 1, int(v.lesson->slides.size()),
                        controls.is_presenting() ? " (presenting)" : "");
    ImGui::TextColored(ImVec4(1.0f, 0.84f, 0.47f, 1), "%s", s.title.c_str());
    ImGui::Separator();
    if (!s.question.empty()) {
      ImGui::TextColored(v.revealed ? ImVec4(0.7f, 0.72f, 0.76f, 1) : ImVec4(0.55f, 0.9f, 1.0f, 1), "Question: %s",
                         s.question.c_str());
      if (!v.revealed) ImGui::TextDisabled("Page Down: the answer");
    }
    if (v.revealed) {
      ImGui::TextUnformatted(s.text.c_str());
      const SlidePanelInput in{session.doc, session.plan, session.playback.step, session.theme,
                               legend_flags(session.settings)};
      std::vector<std::string> panels = s.panels;  // the legend stands here, beside the map, on every slide
      if (!s.side && std::find(panels.begin(), panels.end(), "legend") == panels.end()) panels.push_back("legend");
      for (const std::string& name : panels) {
        const ImVec2 at = ImGui::GetCursorScreenPos();
        const float used =
            draw_slide_panel(*ImGui::GetWindowDrawList(), name, at.x, at.y, ImGui::GetContentRegionAvail().x, in);
        ImGui::Dummy(ImVec2(ImGui::GetContentRegionAvail().x, used));
      }
    }
    if (!s.notes.empty()) {
      if (v.show_notes)
        ImGui::TextColored(ImVec4(0.75f, 0.9f, 0.75f, 1), "Notes: %s", s.notes.c_str());
      else
        ImGui::TextDisabled("N: the teacher's notes");
    }
    ImGui::PopTextWrapPos();
    ImGui::Separator();
    if (ImGui::Button("< Previous")) controls.go_to_slide(v.slide - 1);
    ImGui::SameLine();
    if (ImGui::Button(v.revealed ? "Next >" : "Answer >")) controls.press_lesson_key(SDL_SCANCODE_PAGEDOWN, false);
  }
  ImGui::End();
}

}  // namespace navlab::app
