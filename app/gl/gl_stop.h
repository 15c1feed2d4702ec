// SIGINT and SIGTERM for the commands that draw with SDL (the app, render, lesson): SDL's own handlers
// would turn them into an SDL_QUIT event that a headless command never reads, so the signals went
// unanswered. install_stop_handlers() (before SDL_Init; Window::open calls it) tells SDL to install none
// and records the signal instead; the drawing loops look at stop_signal() between frames and slides and
// end cleanly: no file half written (every file is written atomically), exit code 128 + the signal.
#pragma once

#include <string>

namespace navlab::gl {

// Installs the handlers once (later calls do nothing).
void install_stop_handlers();
// The signal that asked to stop (SIGINT, SIGTERM), or 0.
int stop_signal();
// "stopped by SIGTERM" (for messages), "" when no signal came.
std::string stop_message();

}  // namespace navlab::gl
