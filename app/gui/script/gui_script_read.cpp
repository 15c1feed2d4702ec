#include "gui_script_read.h"

#include <algorithm>
#include <cmath>

#include "format.h"
#include "input_limits.h"
#include "json_file.h"
#include "text_file.h"

namespace navlab::app {

namespace {

using json = nlohmann::json;
using R = Result<Script>;

// The frames and play seconds the actions ask for, checked against the script limits as they add up.
class Budget {
 public:
  explicit Budget(const std::string& path) : path_(path) {}

  // One action at `ptr`; fails with what is wrong.
  Result<void> action(const json& a, const std::string& ptr) {
    if (!a.is_object() || a.empty()) return Error{path_ + ": " + ptr + ": expected an action (an object with one key)"};
    double n = 1.0;  // the frame the script runs after every action
    for (const char* key : {"frames", "measure"}) {
      if (!a.contains(key)) continue;
      // {"drag_door": ..., "frames": N} drags over N frames (default 10); {"frames": N} runs N.
      const Result<double> v = count(a[key], ptr + "/" + key, "a whole number of frames >= 0");
      if (!v) return Error{v.error()};
      n += v.value();
    }
    if ((a.contains("drag_door") || a.contains("drag_blocker")) && !a.contains("frames")) n += 10.0;
    if (frames_ + n > kMaxScriptFrames)
      return Error{path_ + ": " + ptr + ": expected at most " + count_text(kMaxScriptFrames - frames_) +
                   " more frames (the script frame limit: " + count_text(kMaxScriptFrames) +
                   " in all, the actions before take " + count_text(frames_) + "), got an action of " + count_text(n) +
                   " frames"};
    frames_ += n;
    if (a.contains("play")) {
      const json& v = a["play"];
      if (!v.is_number() || !(v.get<double>() >= 0.0) || play_ + v.get<double>() > kMaxScriptPlaySeconds)
        return Error{path_ + ": " + ptr + "/play: expected seconds >= 0, at most " +
                     count_text(std::max(0.0, kMaxScriptPlaySeconds - play_)) +
                     " more (the script play limit: " + count_text(kMaxScriptPlaySeconds) + " s in all), got " +
                     v.dump().substr(0, limits::kMaxQuotedChars)};
      play_ += v.get<double>();
    }
    return {};
  }

 private:
  Result<double> count(const json& v, const std::string& ptr, const std::string& what) const {
    if (v.is_number() && std::isfinite(v.get<double>()) && v.get<double>() >= 0.0 &&
        std::floor(v.get<double>()) == v.get<double>())
      return v.get<double>();
    return Error{path_ + ": " + ptr + ": expected " + what + ", got " + v.dump().substr(0, limits::kMaxQuotedChars)};
  }

  const std::string& path_;
  double frames_ = 0.0, play_ = 0.0;
};

}  // namespace

Result<Script> parse_script(const std::string& text, const std::string& path) {
  Result<nlohmann::ordered_json> checked = parse_json_text(text, path);  // nesting limit, located syntax errors
  if (!checked) return R::fail(checked.error());
  const json j = json::parse(text, nullptr, false);
  if (j.is_discarded()) return R::fail(path + ": not valid JSON");  // parse_json_text has read it already
  Script s;
  std::string base = "";
  if (j.is_array()) {
    s.actions = j;
  } else if (j.is_object()) {
    for (const auto& [key, value] : j.items())
      if (key != "actions" && key != "capture")
        return R::fail(path + ": /" + key + ": expected \"actions\" or \"capture\", got \"" +
                       key.substr(0, limits::kMaxQuotedChars) + "\"");
    if (j.contains("capture")) {
      if (!j["capture"].is_string() || (j["capture"] != "window" && j["capture"] != "viewport"))
        return R::fail(path + ": /capture: expected \"window\" or \"viewport\", got " +
                       j["capture"].dump().substr(0, limits::kMaxQuotedChars));
      s.capture = j["capture"].get<std::string>();
    }
    if (j.contains("actions")) s.actions = j["actions"];
    base = "/actions";
  } else {
    return R::fail(path + ": /: expected [action, ...] or {\"capture\", \"actions\": [...]}, got " +
                   j.dump().substr(0, limits::kMaxQuotedChars));
  }
  if (!s.actions.is_array()) return R::fail(path + ": " + base + ": expected an array of actions");
  Budget budget(path);
  for (size_t i = 0; i < s.actions.size(); ++i)
    if (Result<void> r = budget.action(s.actions[i], base + "/" + std::to_string(i)); !r) return R::fail(r.error());
  return s;
}

Result<Script> read_script(const std::string& path) {
  Result<std::string> text = read_text_file(path, "script file", limits::kMaxFileBytes);
  if (!text) return R::fail(text.error());
  return parse_script(text.value(), path);
}

}  // namespace navlab::app
