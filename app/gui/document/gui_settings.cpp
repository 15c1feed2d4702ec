#include "gui_settings.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "atomic_file.h"
#include "input_limits.h"
#include "text_file.h"

namespace navlab::app {

namespace fs = std::filesystem;

std::string config_dir() {
  std::string base;
  if (const char* x = std::getenv("XDG_CONFIG_HOME"); x && *x)
    base = x;
  else if (const char* h = std::getenv("HOME"); h && *h)
    base = std::string(h) + "/.config";
  else
    return "";
  const fs::path dir = fs::path(base) / "navlab";
  std::error_code ec;
  fs::create_directories(dir, ec);
  return ec ? "" : dir.string();
}

namespace {

// The members of a settings object (a value of the wrong type throws).
void read_settings(const nlohmann::json& j, Settings& s) {
  s.presenter = j.value("presenter", s.presenter);
  if (j.contains("recent") && j["recent"].is_array())
    for (const auto& r : j["recent"])
      if (r.is_string()) s.recent.push_back(r.get<std::string>());
  s.export_dir = j.value("export_dir", s.export_dir);
  s.export_width = std::max(0, j.value("export_width", 0));
  s.export_height = std::max(0, j.value("export_height", 0));
  s.export_whole_window = j.value("export_whole_window", false);
  s.playback_speed = std::clamp(j.value("playback_speed", s.playback_speed), 0.25f, 200.0f);
  s.show_midpoints = j.value("show_midpoints", false);
  s.show_optimal = j.value("show_optimal", false);
  s.show_channel = j.value("show_channel", false);
  s.show_help = j.value("show_help", false);
  s.show_legend = j.value("show_legend", false);
}

}  // namespace

Result<Settings> load_settings(const std::string& path) {
  Settings s;
  std::error_code ec;
  if (!fs::exists(path, ec)) return s;  // the first run
  const Result<std::string> text = read_text_file(path, "settings file", limits::kMaxFileBytes);
  if (!text) return Error{text.error()};
  const nlohmann::json j = nlohmann::json::parse(text.value(), nullptr, false);
  if (j.is_discarded() || !j.is_object()) return Error{path + ": not a JSON object"};
  try {
    read_settings(j, s);
  } catch (const nlohmann::json::exception&) {  // a value of the wrong type
    return Error{path + ": a setting has a value of the wrong type"};
  }
  return s;
}

Result<void> save_settings(const Settings& s, const std::string& path) {
  const nlohmann::json j = {{"presenter", s.presenter},           {"recent", s.recent},
                            {"export_dir", s.export_dir},         {"export_width", s.export_width},
                            {"export_height", s.export_height},   {"export_whole_window", s.export_whole_window},
                            {"playback_speed", s.playback_speed}, {"show_midpoints", s.show_midpoints},
                            {"show_optimal", s.show_optimal},     {"show_channel", s.show_channel},
                            {"show_help", s.show_help},           {"show_legend", s.show_legend}};
  return write_file_atomically(path, j.dump(2) + "\n", "settings file");
}

void add_recent(Settings& s, const std::string& path) {
  std::error_code ec;
  const std::string abs = std::filesystem::absolute(path, ec).lexically_normal().string();
  const std::string p = ec ? path : abs;
  s.recent.erase(std::remove(s.recent.begin(), s.recent.end(), p), s.recent.end());
  s.recent.insert(s.recent.begin(), p);
  if (s.recent.size() > 10) s.recent.resize(10);
}

}  // namespace navlab::app
