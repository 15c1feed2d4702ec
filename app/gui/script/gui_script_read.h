// Reading a script file (`navlab SCENE --script FILE.json`) before any action runs: the shared reader
// (core/base/text_file.h: a regular file of at most limits::kMaxFileBytes), the scene's JSON nesting limit
// and `FILE:LINE:COL: /pointer: expected ..., got ...` syntax messages, the script's shape, and the
// script limits below, so that no script can run without end. Needs no window: the fuzzer runs it alone.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "result.h"

namespace navlab::app {

// Frames a script may run in all: each action's own ({"frames": N}, {"measure": N}, a drag's "frames")
// and the one frame after every action. A frame of the default scene took 39 ms of CPU on the software
// renderer (92 ms of wall time on a loaded machine): minutes at most.
constexpr double kMaxScriptFrames = 5000;
// Seconds of {"play": T} in all (each plays for T seconds of real time).
constexpr double kMaxScriptPlaySeconds = 300;

struct Script {
  nlohmann::json actions = nlohmann::json::array();  // the action objects, in order
  std::string capture = "window";                    // "window" or "viewport"
};

// Reads and checks the script file at `path`. Errors name the file and the JSON pointer.
Result<Script> read_script(const std::string& path);
// The same checks of text already read (`path` for messages).
Result<Script> parse_script(const std::string& text, const std::string& path);

}  // namespace navlab::app
