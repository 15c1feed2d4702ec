#include "gui_export.h"

#include <imgui.h>
#include <imgui_stdlib.h>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>

#include "gl_gif.h"
#include "gl_png.h"
#include "gl_stop.h"
#include "gui_plan.h"

namespace navlab::app {

namespace fs = std::filesystem;

namespace {

// `path` with its folder replaced by `dir` ("" = the current directory).
std::string in_folder(const std::string& path, const std::string& dir) {
  const fs::path name = fs::path(path).filename();
  return (fs::path(dir.empty() ? "." : dir) / (name.empty() ? fs::path("navlab.png") : name)).string();
}

}  // namespace

Result<void> export_check(const std::string& path, int w, int h, bool gif) {
  if (Result<void> size = gl::check_picture_size(w, h); !size) return size;
  if (path.empty()) return Error{"choose a file name"};
  if (fs::path(path).extension() != (gif ? ".gif" : ".png"))
    return Error{gif ? "an animation's file name must end in .gif" : "the file name must end in .png"};
  const fs::path dir = fs::path(path).parent_path();
  if (!dir.empty() && !fs::is_directory(dir)) return Error{"the folder " + dir.string() + " does not exist"};
  return {};
}

namespace {
constexpr int kGifStepCs = 100;  // 1/100 s per step of the animation
constexpr int kGifEndCs = 300;   // the complete plan, shown last
}  // namespace

Result<void> write_stage_gif(const PlanView& plan, const std::string& stage, int w, int h,
                             const std::function<std::vector<uint8_t>(int step)>& draw, const std::string& out) {
  const std::optional<Stage> st = stage_from_string(stage);
  const int first = st ? plan.first_step(*st) : -1, count = st ? plan.count(*st) : 0;
  if (first < 0 || count == 0) return Error{"the plan has no " + stage + " steps (stages: " + stage_names() + ")"};
  // Each frame is encoded and written as soon as it is drawn: memory does not grow with the steps.
  gl::GifWriter gif(out, w, h);
  if (Result<void> r = gif.open(); !r) return r;
  for (int i = 0; i <= count; ++i) {
    if (gl::stop_signal()) return Error{out + ": not written (" + gl::stop_message() + ")"};
    const bool last = i == count;  // the complete plan, shown longer
    if (Result<void> r = gif.add(draw(last ? int(plan.steps.size()) : first + i), last ? kGifEndCs : kGifStepCs); !r)
      return r;
  }
  return gif.finish();
}

std::string stage_at(const PlanView& plan, int step) {
  if (step < 0 || step >= int(plan.steps.size())) return stage_name(Stage::Funnel);
  return stage_name(plan.steps[size_t(step)].stage);
}

void export_dialog_open(ExportDialog& d, const Settings& settings, const Exporter& exporter) {
  d.whole_window = settings.export_whole_window;
  exporter.export_size(d.whole_window, &d.width, &d.height);
  d.path = gl::timestamped_png_name(settings.export_dir);
  d.error.clear();
  d.open_request = true;
}

void panel_export(ExportDialog& d, Settings& settings, Exporter& exporter) {
  if (d.open_request) {
    ImGui::OpenPopup("Export PNG");
    d.open_request = false;
  }
  ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  if (!ImGui::BeginPopupModal("Export PNG", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
  int cur_w = 0, cur_h = 0;
  if (ImGui::RadioButton("Viewport", !d.whole_window) && d.whole_window) {
    d.whole_window = false;
    exporter.export_size(false, &d.width, &d.height);
  }
  ImGui::SameLine();
  if (ImGui::RadioButton("Whole window", d.whole_window) && !d.whole_window) {
    d.whole_window = true;
    exporter.export_size(true, &d.width, &d.height);
  }
  exporter.export_size(d.whole_window, &cur_w, &cur_h);
  const float field = ImGui::GetFontSize() * 7.0f;
  ImGui::SetNextItemWidth(field);
  ImGui::InputInt("width", &d.width, 0);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(field);
  ImGui::InputInt("height", &d.height, 0);
  ImGui::SameLine();
  char cur[48];
  std::snprintf(cur, sizeof cur, "Current (%dx%d)", cur_w, cur_h);
  if (ImGui::Button(cur)) {
    d.width = cur_w;
    d.height = cur_h;
  }
  if (d.width != cur_w || d.height != cur_h)
    ImGui::TextDisabled("rendered offscreen at %dx%d (the screen shows %dx%d)", d.width, d.height, cur_w, cur_h);
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 32.0f);
  ImGui::InputText("path", &d.path);
  if (ImGui::SmallButton("Current directory")) d.path = in_folder(d.path, "");
  const std::string& recent = settings.export_dir;
  if (!recent.empty() && recent != ".") {
    ImGui::SameLine();
    const std::string label = "Recent folder: " + recent;
    if (ImGui::SmallButton(label.c_str())) d.path = in_folder(d.path, recent);
  }
  if (ImGui::SmallButton("New timestamped name"))
    d.path = in_folder(gl::timestamped_png_name(""), fs::path(d.path).parent_path().string());
  if (!d.error.empty()) ImGui::TextColored(ImVec4(1.0f, 0.45f, 0.45f, 1.0f), "%s", d.error.c_str());
  ImGui::Separator();
  if (ImGui::Button("Export") || exporter.take_dialog_key(DialogKey::Confirm)) {
    d.error = export_check(d.path, d.width, d.height).error();
    if (d.error.empty()) {
      const bool sized = d.width != cur_w || d.height != cur_h;
      ExportRequest req{d.path, d.whole_window, sized ? d.width : 0, sized ? d.height : 0};
      req.next_frame = true;  // the dialog is gone from the next frame's picture
      exporter.request_export(req);
      settings.export_whole_window = d.whole_window;
      const std::string dir = fs::path(d.path).parent_path().string();
      settings.export_dir = dir.empty() ? "" : fs::absolute(dir).lexically_normal().string();
      ImGui::CloseCurrentPopup();
    }
  }
  ImGui::SameLine();
  if (ImGui::Button("Cancel") || exporter.take_dialog_key(DialogKey::Cancel)) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
}

std::optional<Result<void>> export_script_action(ExportDialog& d, const Settings& settings, Exporter& exporter,
                                                 const nlohmann::json& a) {
  if (a.contains("export_dialog")) {
    if (a["export_dialog"].get<bool>()) export_dialog_open(d, settings, exporter);
    return Result<void>();
  }
  if (!a.contains("export")) return std::nullopt;
  try {
    const std::string path = a["export"].get<std::string>();
    const std::string what = a.value("what", "viewport");
    if (what != "viewport" && what != "window") return Error{"\"what\" is \"viewport\" or \"window\""};
    int w = 0, h = 0;
    exporter.export_size(what == "window", &w, &h);
    int cur_w = w, cur_h = h;
    if (a.contains("size")) {
      const nlohmann::json& s = a["size"];
      if (!s.is_array() || s.size() != 2 || !s[0].is_number_integer() || !s[1].is_number_integer() ||
          std::abs(s[0].get<long long>()) > gl::kMaxPictureSide * 2 ||
          std::abs(s[1].get<long long>()) > gl::kMaxPictureSide * 2)
        return Error{"\"size\" is [width, height] in pixels (" + gl::check_picture_size(0, 0).error() + ")"};
      w = s[0].get<int>();
      h = s[1].get<int>();
    }
    const bool gif = a.contains("stage");
    if (gif && what != "viewport") return Error{"an animation shows the viewport (\"what\": \"viewport\")"};
    if (Result<void> r = export_check(path, w, h, gif); !r) return r;
    const bool sized = w != cur_w || h != cur_h;
    ExportRequest req{path, what == "window", sized ? w : 0, sized ? h : 0};
    if (gif) req.gif_stage = a["stage"].get<std::string>();
    exporter.request_export(req);
  } catch (const nlohmann::json::exception& e) {
    return Error{std::string("bad value: ") + e.what()};
  }
  return Result<void>();
}

}  // namespace navlab::app
