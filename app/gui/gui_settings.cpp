#include "gui_settings.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace navlab::app {

std::string config_dir() {
  namespace fs = std::filesystem;
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

Settings load_settings(const std::string& path, std::string* error) {
  Settings s;
  std::ifstream in(path);
  if (!in) return s;
  const nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
  if (j.is_discarded() || !j.is_object()) {
    if (error) *error = path + ": not a JSON object; using default settings";
    return s;
  }
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
  return s;
}

std::string save_settings(const Settings& s, const std::string& path) {
  const nlohmann::json j = {{"presenter", s.presenter},
                            {"recent", s.recent},
                            {"export_dir", s.export_dir},
                            {"export_width", s.export_width},
                            {"export_height", s.export_height},
                            {"export_whole_window", s.export_whole_window},
                            {"playback_speed", s.playback_speed},
                            {"show_midpoints", s.show_midpoints},
                            {"show_optimal", s.show_optimal},
                            {"show_channel", s.show_channel},
                            {"show_help", s.show_help}, {"show_legend", s.show_legend}};
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp);
    out << j.dump(2) << "\n";
    if (!out) return "cannot write " + tmp;
  }
  std::error_code ec;
  std::filesystem::rename(tmp, path, ec);
  return ec ? "cannot replace " + path + ": " + ec.message() : "";
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
