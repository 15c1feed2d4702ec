// Safe files: the scene as last read or written, to tell unsaved changes; the prompt that asks before
// they are lost (opening another scene or a lesson, quitting); read-only scenes (a lesson's, a shipped
// one under scenes/), whose Save asks for a new path; and the File > Open / Save As dialog, which starts
// in the open scene's folder (a read-only scene's Save As in a folder of the user's).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "gui_export.h"
#include "gui_session.h"
#include "result.h"
#include "scene.h"

namespace navlab::app {

struct FilesView {
  Scene saved;             // the document's scene as read or last written (a slide's toggles applied)
  bool read_only = false;  // a lesson's scene or a shipped one: Save asks for a new path

  // What waits for the unsaved-changes prompt's answer.
  enum class Pending { None, Open, Quit, Lesson };
  Pending pending = Pending::None;
  std::string pending_path;     // the scene (Open) or lesson (Lesson) to open
  bool prompt_request = false;  // open the prompt in this frame
  bool then_pending = false;    // the Save As dialog was opened by the prompt: go on once saved

  // The file dialog.
  bool dialog_request = false;                      // open it in this frame
  bool dialog_save = false;                         // Save As (else Open)
  std::string folder;                               // the folder listed
  std::string name;                                 // the file name typed or picked
  std::string error;                                // why the last Open / Save was refused
  bool dialog_shown = false, prompt_shown = false;  // drawn in the last frame
};

// What the prompt and the dialog ask of the app: a scene opened once its unsaved changes are saved or
// discarded (the prompt asks first when there are), a lesson opened, the app ended after this frame,
// whether the scene has unsaved changes, and the open dialog's Enter or Esc: taken when it came, or
// pressed for the next frame (a script's pick). The App is one.
class FileShell {
 public:
  virtual ~FileShell() = default;
  virtual void request_open(const std::string& path) = 0;
  virtual bool open_lesson_file(const std::string& path) = 0;
  virtual void quit_now() = 0;
  virtual bool unsaved() const = 0;
  virtual bool take_dialog_key(DialogKey k) = 0;
  virtual void press_dialog_key(DialogKey k) = 0;
};

// The folder of the scenes shipped with navlab (scenes/ beside the executable or in the source tree).
std::string shipped_scenes_folder();
// Whether `path` lies in that folder (or below it).
bool is_shipped(const std::string& path);

// After the document was read or written: it is the saved state now. `read_only`: Save asks for a path.
void files_mark_saved(const Session& s, FilesView& f, bool read_only);
// Whether the document's scene differs from `f`'s saved one, as opened or last saved (compared by
// Scene::same_besides_geometry). A lesson slide's toggles are no change: showing the slide marks them saved.
bool files_unsaved(const Session& s, const FilesView& f);
// Opens the file dialog: Open (false) or Save As (true).
void files_dialog(const Session& s, FilesView& f, bool save_as);
// Asks about unsaved changes before `pending` (the prompt); the caller checked there are some.
void files_ask(FilesView& f, FilesView::Pending pending, const std::string& path);
// Draws the prompt and the dialog when they are open. Once per frame, at the top level of the UI.
void files_ui(Session& s, FilesView& f, FileShell& shell);

// Script actions: {"prompt": "save" | "discard" | "cancel"} answers the unsaved-changes prompt;
// {"file_dialog": "open" | "save_as"} opens the dialog, {"file_pick": NAME} types a name into it and
// confirms it. nullopt when `a` is none of them; otherwise the action's outcome.
std::optional<Result<void>> files_script_action(Session& s, FilesView& f, FileShell& shell, const nlohmann::json& a);
// {"unsaved", "read_only", "prompt": "open" | "quit" | "lesson" | null, "dialog": {"save", "folder",
// "entries"} | null} for the scripted run's printed state.
nlohmann::json files_state_json(const FilesView& f, const FileShell& shell);

// The dialog's listing of `folder`: sub-folders (ending in "/") then *.json files, each sorted by name.
std::vector<std::string> folder_entries(const std::string& folder);

}  // namespace navlab::app
