// App settings kept between runs in a JSON file beside imgui.ini (the user's config directory).
#pragma once

#include <string>
#include <vector>

#include "result.h"

namespace navlab::app {

struct Settings {
  bool presenter = false;
  std::vector<std::string> recent;  // most recent first, at most 10
  std::string export_dir;           // "" = current directory
  int export_width = 0;             // 0 = the viewport's size on screen
  int export_height = 0;
  bool export_whole_window = false;
  float playback_speed = 8.0f;  // steps per second
  bool show_midpoints = false;
  bool show_optimal = false;  // the exact shortest path beside the funnel's
  bool show_channel = false;  // the channel's gates and circle-arc spline beside the arcs
  bool show_help = false;
  bool show_legend = false;  // the colour key in the map's corner (K; a lesson shows it beside the map)
};

// The directory for navlab's settings ($XDG_CONFIG_HOME/navlab or ~/.config/navlab), created on demand.
// "" when it cannot be created.
std::string config_dir();
// Reads settings; a missing file gives the defaults. Fails with why an unreadable file cannot be read.
Result<Settings> load_settings(const std::string& path);
// Writes settings (temp file + rename); fails with the file's error.
Result<void> save_settings(const Settings& s, const std::string& path);
// Moves `path` to the front of the recent list.
void add_recent(Settings& s, const std::string& path);

}  // namespace navlab::app
