// File → Export PNG…: a small dialog choosing what to export (the viewport or the whole window), the
// picture's size (default: the current size; another size is rendered offscreen at that size) and the
// path (a timestamped default in the current directory or the recent export folder). F12 still exports
// the viewport at once with the defaults. Scripts export with {"export": PATH, "size": [w, h],
// "what": "viewport" | "window"}.
//
// File → Export GIF of this stage: every step of the stage the timeline shows (any stage of
// core/narration/stages.h), one second each, then the complete plan for three, as an animated GIF of the viewport; the
// same as `navlab render SCENE --step STAGE --gif OUT.gif`. Scripts: {"export": PATH.gif, "stage": S}.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "gui_settings.h"
#include "result.h"

namespace navlab::app {

struct PlanView;

// A picture the app writes at the end of a frame (File > Export, F12, scripts).
struct ExportRequest {
  std::string path;  // "" = timestamped name in settings.export_dir
  bool whole_window = false;
  int width = 0, height = 0;  // 0 = on-screen size; another size is rendered offscreen at that size
  bool next_frame = false;    // write it at the end of the next frame (a dialog closing this frame)
  std::string gif_stage{};    // non-empty: an animated GIF of this stage's steps (search, funnel, ...)
};

// Enter (Confirm) or Esc (Cancel) pressed while a dialog is open (gui_keys.h binds them).
enum class DialogKey { None, Confirm, Cancel };

// What the export dialog and the export script actions ask of the app: the current size in pixels of
// what an export of the viewport (false) or the whole window (true) shows, a picture requested, and
// whether the open dialog's Enter or Esc came (taking it). The App is one.
class Exporter {
 public:
  virtual ~Exporter() = default;
  virtual void export_size(bool whole_window, int* w, int* h) const = 0;
  virtual void request_export(const ExportRequest& req) = 0;
  virtual bool take_dialog_key(DialogKey k) = 0;
};

struct ExportDialog {
  bool open_request = false;  // open the dialog in this frame (menus cannot open a top-level popup)
  bool whole_window = false;
  int width = 0, height = 0;  // pixels
  std::string path;
  std::string error;    // why the last Export click was refused (shown in the dialog)
  std::string last;     // path of the last picture written (PNG or GIF)
  std::string failure;  // why the first export that failed failed: a scripted run then exits 2
};

// Opens the dialog with the defaults: the remembered choice of viewport or window, its current size and
// a timestamped file name in the recent export folder (or the current directory).
void export_dialog_open(ExportDialog& d, const Settings& settings, const Exporter& exporter);
// Draws the dialog when it is open. Call once per frame at the top level of the UI.
void panel_export(ExportDialog& d, Settings& settings, Exporter& exporter);

// Checks an export before it is requested: the size within the picture limits (gl::check_picture_size),
// the path ends in .png (.gif for an animation) and its folder exists; fails with what is wrong.
Result<void> export_check(const std::string& path, int w, int h, bool gif = false);

// Writes the animated GIF of `stage`'s steps of `plan` to `out`: `draw(step)` returns the w x h RGBA
// picture (top row first) at a timeline step; each frame is written as it is drawn (gl::GifWriter), and
// the file replaces `out` only when complete. Fails with an error: a stage the plan has no step of, a
// failed write, a stop signal between frames.
Result<void> write_stage_gif(const PlanView& plan, const std::string& stage, int w, int h,
                             const std::function<std::vector<uint8_t>(int step)>& draw, const std::string& out);

// The stage of the timeline step `step` ("funnel" at the end of the timeline, where all is shown).
std::string stage_at(const PlanView& plan, int step);

// Script action {"export": PATH, "size": [w, h], "what": "viewport" | "window"} ("size" and "what"
// optional: the current size, the viewport), or {"export": PATH.gif, "stage": STAGE, "size": [w, h]}. nullopt
// when `action` is not an export; otherwise the action's outcome. The file is written at the end of the
// next frame.
// {"export_dialog": true} opens the dialog (to look at it).
std::optional<Result<void>> export_script_action(ExportDialog& d, const Settings& settings, Exporter& exporter,
                                                 const nlohmann::json& action);

}  // namespace navlab::app
