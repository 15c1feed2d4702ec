// Runs the navlab app on a scene with a script (app/gui/script/gui_script.h) and reads the JSON line it
// prints last: how bench_frame and bench_drag time the app. Header-only: each bench is one program.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

namespace navlab::bench {

// build/bench/<this program> -> build/app/navlab
inline std::string navlab_path() {
  std::error_code ec;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
  return (self.parent_path().parent_path() / "app" / "navlab").string();
}

// Without a display the app draws into SDL's offscreen driver.
inline void use_offscreen_without_display() {
  const char* display = std::getenv("DISPLAY");
  if (!display || !*display) setenv("SDL_VIDEODRIVER", "offscreen", 1);
}

// Writes `script_text` to `script_path`, runs the app on `scene` at 1440x900 and returns the JSON of
// its last output line (null when the app could not be started, discarded JSON when it printed none).
inline nlohmann::json run_app_script(const std::string& scene, const std::string& script_path,
                                     const std::string& script_text) {
  std::ofstream(script_path) << script_text;
  const std::string cmd =
      "'" + navlab_path() + "' '" + scene + "' --script '" + script_path + "' --size 1440x900 2>/dev/null";
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return nullptr;
  std::string out;
  char buf[4096];
  while (size_t n = fread(buf, 1, sizeof buf, p)) out.append(buf, n);
  pclose(p);
  const size_t nl = out.rfind('\n', out.size() > 1 ? out.size() - 2 : 0);
  return nlohmann::json::parse(nl == std::string::npos ? out : out.substr(nl + 1), nullptr, false);
}

}  // namespace navlab::bench
