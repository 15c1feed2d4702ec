// What every room of the app shares: the document, its plan and the step shown, the settings and the
// theme, the status line and the error window's text, and the few actions rooms ask of the app. A room's
// functions take the Session and their own room's state; the App (gui_app.h) is a Session and hands
// each room the pieces it needs.
#pragma once

#include <string>

#include "gui_doc.h"
#include "gui_plan.h"
#include "gui_settings.h"
#include "gui_theme.h"
#include "result.h"

namespace navlab::app {

// What a left click in the viewport does: inspect (drag handles, pan), place the start or the goal, or
// the link tool's next end or the area tool's next corner (gui_tools.h).
enum class ClickMode { Inspect, SetStart, SetGoal, AddLink, PaintArea };
// Whether a click in mode `m` places the query's start or goal (the tools take the others' clicks).
inline bool places_endpoint(ClickMode m) { return m == ClickMode::SetStart || m == ClickMode::SetGoal; }

class Session {
 public:
  Session() = default;
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;
  virtual ~Session() = default;

  // Re-runs the plan; the timeline goes to its end. `live` (a drag under way): the shortest path and
  // the channel wait for finish_replan().
  virtual void replan(bool live = false) = 0;
  // Completes a live re-plan (its shortest path and channel); the timeline stays at its end if it was.
  virtual void finish_replan() = 0;
  virtual void set_step(int step) = 0;  // clamped to the timeline
  // Shows `message` in the error window until it is dismissed.
  virtual void show_error(const std::string& message) = 0;
  // Frames the scene in the viewport at the next frame (a lesson: its slide's subject).
  virtual void fit_view() = 0;
  // Opens a scene; on error keeps the current one and shows the error. Returns success.
  virtual bool open_scene(const std::string& path) = 0;
  // Shows a document loaded elsewhere (a check suite's level), as open_scene shows a scene.
  virtual void open_document(Document next) = 0;
  virtual bool reload() = 0;  // reads the open document's file again
  virtual bool save_scene_as(const std::string& path) = 0;

  Settings settings;
  Theme theme;
  Document doc;
  PlanView plan;
  int plan_runs = 0;   // how many times replan() ran (the doors state and the compare view notice new plans)
  Playback playback;   // the step shown, playing, the arc length hovered (gui_plan.h)
  std::string error;   // shown in the error window until dismissed
  std::string status;  // one line at the bottom
};

// Shows a failed edit's message in the error window (Session::show_error); nothing when it succeeded.
// For the edits the panels, keys and mouse start.
template <class T>
void show_failure(Session& s, const Result<T>& r) {
  if (!r) s.show_error(r.error());
}

}  // namespace navlab::app
