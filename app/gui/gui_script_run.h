// The scripted run's runner: performs a script's actions (the format is in script/gui_script.h) in the
// app as a user would, with keys, the mouse, frames and every room's script actions. It drives the whole
// App, so it lives beside the frame; the rooms' own script actions take their pieces.
#pragma once

#include <string>

#include "result.h"

namespace navlab::app {

class App;

// Runs the script file against the app; fails with the first error (bad file or action).
Result<void> run_script(App& app, const std::string& script_path, std::string* capture);

}  // namespace navlab::app
