// Check suites in the app (File > Open check suite): the suite's level opened, its cases run by core's
// check runner on the app's own mesh, a panel of results, and a click on a case that loads its query and
// doors and opens the timeline at the step the runner names as the one that decided it (CaseResult::
// decided_by): the app decides nothing of its own.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "check_run.h"
#include "gui_session.h"
#include "result.h"

namespace navlab::app {

class Viewport;

struct CheckView {
  std::optional<CheckSuite> suite;  // the open suite
  CheckRun run;                     // its results on the app's mesh, in suite order
  int selected = -1;                // the case shown (-1: none)
  RaycastTrace ray_trace;           // a selected raycast case: its walk's steps (drawn and listed)
  std::vector<std::string> files;   // scenes/checks/*.json, for the menu
  char path[512] = {};              // File > Open check suite > path...: the text typed
  bool path_dialog = false;
};

// The folder the menu lists suites from (scenes/checks beside the executable or in the source tree).
std::string checks_folder();

// Opens a suite: its scene (or its level, baked in memory) becomes the document, and its cases run on
// that document's mesh. Returns success (the error is shown otherwise; the open scene is kept).
bool open_check_suite(Session& app, CheckView& v, const std::string& path);
// Shows case `index`: its query, its doors and areas, the plan, and the timeline at the case's deciding
// step (the end when it passed or names none). Out of range: nothing.
void select_check_case(Session& app, CheckView& v, int index);
// The document came from a level suite (doc.path is the suite's file): opens the suite again in place of
// App::reload (which reads scene files). Returns whether it did.
bool check_reload(Session& app, CheckView& v);

// File > Open check suite (the suites in checks_folder() and a path), the Check panel, and the selected
// raycast case's ray over the viewport.
void check_menu(Session& app, CheckView& v);
void panel_check(Session& app, CheckView& v);
void draw_check(Viewport& view, const Theme& theme, const CheckView& v);

// Script actions (gui_script.h): {"check_suite": FILE} opens a suite; {"check_case": N | NAME} clicks a
// case (N from 0, or its name). nullopt when the action is not one of these; otherwise its outcome.
std::optional<Result<void>> check_script_action(Session& app, CheckView& v, const nlohmann::json& action);
// The open suite for the state a scripted run prints: file, counts, the selected case, its deciding step.
nlohmann::json check_state_json(const CheckView& v);

}  // namespace navlab::app
