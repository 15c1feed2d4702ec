#include "gui_files.h"

#include <imgui.h>
#include <imgui_stdlib.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

namespace navlab::app {

namespace fs = std::filesystem;

namespace {

constexpr const char* kPromptId = "Unsaved changes";
constexpr const char* kDialogId = "Scene file";

enum class Answer { Save, Discard, Cancel };

// The action that waited for the prompt, now that the changes are saved or discarded.
void run_pending(Session& s, FilesView& f, FileShell& shell) {
  const FilesView::Pending p = f.pending;
  const std::string path = f.pending_path;
  f.pending = FilesView::Pending::None;
  f.then_pending = false;
  if (p == FilesView::Pending::Open) s.open_scene(path);
  if (p == FilesView::Pending::Lesson) shell.open_lesson_file(path);
  if (p == FilesView::Pending::Quit) shell.quit_now();
}

void answer(Session& s, FilesView& f, FileShell& shell, Answer a) {
  if (a == Answer::Cancel) {
    f.pending = FilesView::Pending::None;
    s.status = "kept the scene open with its changes";
    return;
  }
  if (a == Answer::Discard) return run_pending(s, f, shell);
  if (f.read_only) {  // a new path first, then what waited
    f.then_pending = true;
    files_dialog(s, f, true);
    return;
  }
  if (s.save_scene_as(s.doc.path)) run_pending(s, f, shell);
}

// Where Save As starts for a read-only scene: the working folder unless it is the shipped one, else home.
std::string user_folder() {
  std::error_code ec;
  const std::string cwd = fs::current_path(ec).string();
  if (!ec && !is_shipped(cwd + "/x.json")) return cwd;
  const char* home = std::getenv("HOME");
  return home ? home : cwd;
}

std::string joined(const std::string& folder, const std::string& name) {
  return (fs::path(folder) / name).lexically_normal().string();
}

// The dialog's Open / Save with the typed name: a folder is entered, a file opened or written.
void dialog_confirm(Session& s, FilesView& f, FileShell& shell) {
  const std::string path = joined(f.folder, f.name);
  std::error_code ec;
  if (!f.name.empty() && fs::is_directory(path, ec)) {
    f.folder = path;
    f.name.clear();
    return;
  }
  if (f.name.empty()) {
    f.error = "type a file name or pick one";
    return;
  }
  if (f.dialog_save) {
    const std::string target = fs::path(path).extension() == ".json" ? path : path + ".json";
    if (!s.save_scene_as(target)) {
      f.error = s.error;
      return;
    }
    files_mark_saved(s, f, is_shipped(target));
    ImGui::CloseCurrentPopup();
    if (f.then_pending) run_pending(s, f, shell);
    return;
  }
  ImGui::CloseCurrentPopup();
  shell.request_open(path);
}

void prompt_ui(Session& s, FilesView& f, FileShell& shell) {
  if (f.prompt_request) {
    ImGui::OpenPopup(kPromptId);
    f.prompt_request = false;
  }
  f.prompt_shown = ImGui::BeginPopupModal(kPromptId, nullptr, ImGuiWindowFlags_AlwaysAutoResize);
  if (!f.prompt_shown) return;
  if (f.pending == FilesView::Pending::None) {  // answered elsewhere (a script)
    ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
    return;
  }
  const char* what = f.pending == FilesView::Pending::Quit ? "quitting" : "opening another file";
  ImGui::Text("%s has changes that are not saved.", fs::path(s.doc.path).filename().string().c_str());
  ImGui::Text("Save them before %s?", what);
  if (f.read_only) ImGui::TextDisabled("(a shipped or lesson scene: Save asks for a new path)");
  Answer a = Answer::Cancel;
  bool chosen = false;
  if (ImGui::Button(f.read_only ? "Save as..." : "Save") || shell.take_dialog_key(DialogKey::Confirm))
    chosen = true, a = Answer::Save;
  ImGui::SameLine();
  if (ImGui::Button("Discard changes")) chosen = true, a = Answer::Discard;
  ImGui::SameLine();
  if (ImGui::Button("Cancel") || shell.take_dialog_key(DialogKey::Cancel)) chosen = true, a = Answer::Cancel;
  if (chosen) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
  if (chosen) answer(s, f, shell, a);
}

void dialog_ui(Session& s, FilesView& f, FileShell& shell) {
  if (f.dialog_request) {
    ImGui::OpenPopup(kDialogId);
    f.dialog_request = false;
  }
  const ImGuiViewport* mv = ImGui::GetMainViewport();
  ImGui::SetNextWindowSize(ImVec2(std::min(mv->WorkSize.x * 0.9f, ImGui::GetFontSize() * 46.0f),
                                  std::min(mv->WorkSize.y * 0.8f, ImGui::GetFontSize() * 30.0f)),
                           ImGuiCond_Appearing);
  f.dialog_shown = ImGui::BeginPopupModal(kDialogId, nullptr);
  if (!f.dialog_shown) return;
  ImGui::TextUnformatted(f.dialog_save ? "Save the scene as" : "Open a scene");
  ImGui::SetNextItemWidth(-1);
  ImGui::InputText("##folder", &f.folder);
  const float list_h = ImGui::GetContentRegionAvail().y - ImGui::GetFrameHeightWithSpacing() * 3.2f;
  if (ImGui::BeginChild("entries", ImVec2(0, std::max(60.0f, list_h)), true)) {
    if (ImGui::Selectable("../")) f.folder = fs::path(f.folder).lexically_normal().parent_path().string();
    for (const std::string& e : folder_entries(f.folder)) {
      if (!ImGui::Selectable(e.c_str(), e == f.name, ImGuiSelectableFlags_AllowDoubleClick)) continue;
      if (e.back() == '/') {
        f.folder = joined(f.folder, e.substr(0, e.size() - 1));
        f.name.clear();
      } else {
        f.name = e;
        if (ImGui::IsMouseDoubleClicked(0)) dialog_confirm(s, f, shell);
      }
    }
  }
  ImGui::EndChild();
  ImGui::SetNextItemWidth(-1);
  ImGui::InputText("##name", &f.name);
  std::error_code ec;
  if (f.dialog_save && !f.name.empty() && fs::is_regular_file(joined(f.folder, f.name), ec))
    ImGui::TextColored(ImVec4(1.0f, 0.8f, 0.3f, 1), "%s exists: Save replaces it", f.name.c_str());
  if (!f.error.empty()) ImGui::TextColored(ImVec4(1.0f, 0.45f, 0.45f, 1), "%s", f.error.c_str());
  if (ImGui::Button(f.dialog_save ? "Save" : "Open") || shell.take_dialog_key(DialogKey::Confirm))
    dialog_confirm(s, f, shell);
  ImGui::SameLine();
  if (ImGui::Button("Cancel") || shell.take_dialog_key(DialogKey::Cancel)) {
    f.then_pending = false;
    f.pending = FilesView::Pending::None;
    ImGui::CloseCurrentPopup();
  }
  ImGui::EndPopup();
}

}  // namespace

std::string shipped_scenes_folder() { return fs::path(default_scene_path()).parent_path().lexically_normal().string(); }

bool is_shipped(const std::string& path) {
  std::error_code ec;
  const fs::path folder = fs::weakly_canonical(shipped_scenes_folder(), ec);
  const fs::path p = fs::weakly_canonical(fs::absolute(path, ec), ec);
  const std::string f = folder.string(), s = p.string();
  return !f.empty() && s.size() > f.size() && s.compare(0, f.size(), f) == 0 && s[f.size()] == '/';
}

void files_mark_saved(const Session& s, FilesView& f, bool read_only) {
  f.saved = s.doc.scene;
  f.read_only = read_only;
}

bool files_unsaved(const Session& s, const FilesView& f) {
  return s.doc.loaded() && !s.doc.scene.same_besides_geometry(f.saved);
}

void files_dialog(const Session& s, FilesView& f, bool save_as) {
  f.dialog_request = true;
  f.dialog_save = save_as;
  f.error.clear();
  const bool elsewhere = save_as && f.read_only;
  f.folder = elsewhere || !s.doc.loaded() ? user_folder() : fs::path(s.doc.path).parent_path().string();
  if (f.folder.empty()) f.folder = ".";
  f.name = save_as && s.doc.loaded() ? fs::path(s.doc.path).filename().string() : "";
}

void files_ask(FilesView& f, FilesView::Pending pending, const std::string& path) {
  f.pending = pending;
  f.pending_path = path;
  f.prompt_request = true;
}

void files_ui(Session& s, FilesView& f, FileShell& shell) {
  prompt_ui(s, f, shell);
  dialog_ui(s, f, shell);
}

std::vector<std::string> folder_entries(const std::string& folder) {
  std::vector<std::string> dirs, files;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(folder, fs::directory_options::skip_permission_denied, ec)) {
    const std::string name = e.path().filename().string();
    if (name.empty() || name[0] == '.') continue;
    std::error_code ec2;
    if (e.is_directory(ec2))
      dirs.push_back(name + "/");
    else if (e.path().extension() == ".json")
      files.push_back(name);
  }
  std::sort(dirs.begin(), dirs.end());
  std::sort(files.begin(), files.end());
  dirs.insert(dirs.end(), files.begin(), files.end());
  return dirs;
}

std::optional<Result<void>> files_script_action(Session& s, FilesView& f, FileShell& shell, const nlohmann::json& a) {
  if (a.contains("prompt")) {
    const std::string v = a["prompt"].is_string() ? a["prompt"].get<std::string>() : "";
    if (f.pending == FilesView::Pending::None) return Error{"no unsaved-changes prompt is open"};
    if (v == "save")
      answer(s, f, shell, Answer::Save);
    else if (v == "discard")
      answer(s, f, shell, Answer::Discard);
    else if (v == "cancel")
      answer(s, f, shell, Answer::Cancel);
    else
      return Error{"prompt is \"save\", \"discard\" or \"cancel\""};
    return Result<void>();
  }
  if (a.contains("file_dialog")) {
    const std::string v = a["file_dialog"].is_string() ? a["file_dialog"].get<std::string>() : "";
    if (v != "open" && v != "save_as") return Error{"file_dialog is \"open\" or \"save_as\""};
    files_dialog(s, f, v == "save_as");
    return Result<void>();
  }
  if (!a.contains("file_pick")) return std::nullopt;
  if (!a["file_pick"].is_string()) return Error{"file_pick needs a file name"};
  f.name = a["file_pick"].get<std::string>();
  shell.press_dialog_key(DialogKey::Confirm);  // the dialog takes it in the next frame, as Enter
  return Result<void>();
}

nlohmann::json files_state_json(const FilesView& f, const FileShell& shell) {
  const char* names[] = {nullptr, "open", "quit", "lesson"};
  const char* pending = names[int(f.pending)];
  const bool dialog = f.dialog_shown || f.dialog_request;
  return {{"unsaved", shell.unsaved()},
          {"read_only", f.read_only},
          {"prompt", pending ? nlohmann::json(pending) : nlohmann::json(nullptr)},
          {"dialog", dialog ? nlohmann::json{{"save", f.dialog_save},
                                             {"folder", f.folder},
                                             {"error", f.error},
                                             {"entries", folder_entries(f.folder)}}
                            : nlohmann::json(nullptr)}};
}

}  // namespace navlab::app
