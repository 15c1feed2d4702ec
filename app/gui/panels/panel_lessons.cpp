// The Lessons menu and the slide panel: the open lesson's current slide (title, text, position) over
// the viewport, large in presenter mode, with previous / next buttons (Page Up / Page Down).
#include <SDL.h>
#include <imgui.h>

#include <filesystem>

#include "gui_app.h"
#include "gui_lessons.h"

namespace navlab::app {

void lessons_menu(App& app) {
  LessonsView& v = app.lessons;
  if (!ImGui::BeginMenu("Lessons")) return;
  if (v.files.empty()) v.files = lesson_files(lessons_folder());
  for (size_t i = 0; i < v.files.size(); ++i) {
    const std::string name = std::filesystem::path(v.files[i]).stem().string();
    if (ImGui::MenuItem(name.c_str(), nullptr, v.lesson && int(i) == v.file_index)) open_lesson(app, v.files[i]);
  }
  if (v.files.empty()) ImGui::TextDisabled("no lessons in %s", lessons_folder().c_str());
  ImGui::Separator();
  const bool open = v.lesson.has_value();
  if (ImGui::MenuItem("Next slide", "Page Down", false, open)) show_slide(app, v.slide + 1);
  if (ImGui::MenuItem("Previous slide", "Page Up", false, open)) show_slide(app, v.slide - 1);
  if (ImGui::MenuItem("Next lesson", "Ctrl+Page Down")) lesson_key(app, SDL_SCANCODE_PAGEDOWN, true);
  if (ImGui::MenuItem("Close lesson", nullptr, false, open)) v.lesson.reset();
  ImGui::EndMenu();
}

void panel_lesson(App& app, float x, float bottom, float w) {
  LessonsView& v = app.lessons;
  if (!v.lesson) return;
  const LessonSlide& s = v.lesson->slides[size_t(v.slide)];
  ImGui::SetNextWindowPos(ImVec2(x, bottom), ImGuiCond_Always, ImVec2(0.0f, 1.0f));  // above the timeline
  ImGui::SetNextWindowSizeConstraints(ImVec2(w, 0), ImVec2(w, 1e6f));  // fixed width, height from the text
  ImGui::SetNextWindowBgAlpha(0.88f);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                                 ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoFocusOnAppearing;
  if (ImGui::Begin("Lesson", nullptr, flags)) {
    ImGui::TextDisabled("%s - slide %d of %d", v.lesson->title.c_str(), v.slide + 1, int(v.lesson->slides.size()));
    ImGui::TextUnformatted(s.title.c_str());
    ImGui::Separator();
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(s.text.c_str());
    ImGui::PopTextWrapPos();
    if (ImGui::Button("< Previous (Page Up)")) show_slide(app, v.slide - 1);
    ImGui::SameLine();
    if (ImGui::Button("Next (Page Down) >")) show_slide(app, v.slide + 1);
  }
  ImGui::End();
}

}  // namespace navlab::app
