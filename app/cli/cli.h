// The navlab command line: one binary, the GUI without a subcommand, CLI subcommands otherwise.
// Exit codes (README.md, "The command line"): 0 ok, 1 planning or validation failure, 2 usage or input error.
#pragma once

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

#include "enum_names.h"
#include "gl_camera3d.h"
#include "navmesh.h"
#include "result.h"
#include "scene.h"

namespace navlab::cli {

constexpr int kExitOk = 0;
constexpr int kExitFailure = 1;
constexpr int kExitUsage = 2;

struct Command {
  const char* name;
  const char* summary;                               // one line for `navlab --help`
  const char* usage;                                 // full text for `navlab NAME --help`
  int (*run)(const std::vector<std::string>& args);  // args after the command name
};

// The explicit registry of subcommands (commands.cpp).
const std::vector<Command>& commands();

// Small argument reader shared by the subcommands: positional arguments and --flags with values.
class Args {
 public:
  Args(const std::vector<std::string>& args, std::vector<std::string> value_flags, std::vector<std::string> bool_flags);
  bool ok() const { return error_.empty(); }
  const std::string& error() const { return error_; }
  bool has(const std::string& flag) const;
  std::optional<std::string> value(const std::string& flag) const;  // the last one given
  std::vector<std::string> values(const std::string& flag) const;   // every one, in order
  const std::vector<std::string>& positional() const { return positional_; }

 private:
  std::vector<std::pair<std::string, std::string>> flags_;
  std::vector<std::string> positional_;
  std::string error_;
};

// A picture's size in pixels.
struct PictureSize {
  int w = 0, h = 0;
};

// --size WxH of a picture (render, lesson, the app's window), or why not ("bad --size 'TEXT' (expected
// WxH ...)"): two whole numbers, each at least `min_side`, within the picture limits of
// gl::check_picture_size.
Result<PictureSize> picture_size_arg(const std::string& text, int min_side);

// The value of an option that names one of an enum's values ("--smoothing channel"), or the usage error
// "OPTION expects a, b or c, got 'TEXT'" with the names of its table (enum_names.h).
template <class E, size_t N>
Result<E> option_choice(const char* option, const std::string& text, const Named<E> (&table)[N]) {
  if (const std::optional<E> v = value_named(table, text)) return *v;
  std::string names;
  for (size_t i = 0; i < N; ++i) names += std::string(i == 0 ? "" : i + 1 == N ? " or " : ", ") + table[i].name;
  return Error{std::string(option) + " expects " + names + ", got '" + text + "'"};
}

// Prints "navlab NAME: message" and the usage hint to stderr; returns kExitUsage.
int usage_error(const Command& cmd, const std::string& message);
// Finds a command by name (nullptr if none).
const Command* find_command(const std::string& name);

// A scene file loaded and its navmesh built, for the commands that plan on it.
struct LoadedScene {
  Scene scene;
  NavMesh mesh;
};
// Loads `path` and builds its navmesh; on failure prints the one error message to stderr and returns
// nullopt (the command then exits with kExitUsage: an unreadable scene is an input error).
std::optional<LoadedScene> load_scene_and_mesh(const std::string& path);

// A planning-plane point as the scene writes points: [x, y], or [x, y, z] (y up) on a 3D mesh at `height`.
nlohmann::ordered_json point_json(const NavMesh& mesh, Vec2 p, double height);

// A failure as the command line prints it: null, or {stage, reason, message[, blocked_by]}.
nlohmann::ordered_json failure_json(const std::optional<Failure>& failure);

// The 3D view's camera for a picture of `size` pixels, as render and scripted runs print it: yaw, pitch
// (degrees), distance, target, eye (m), fov (degrees) and "view_proj", the 16 numbers of the column-major
// world-to-clip matrix: world (x, y, z) is at pixel ((cx / cw + 1) W / 2, (1 - cy / cw) H / 2).
nlohmann::json orbit_json(const gl::OrbitCamera& cam, Vec2 size);

// JSON as the commands print it: objects and nested arrays indented by two spaces, but an array of
// numbers, strings or booleans stays on one line ([3.0, 22.0]), so points, corridors and polygons read
// as rows. Any JSON reader reads it as the same value.
std::string readable_json(const nlohmann::json& j);
std::string readable_json(const nlohmann::ordered_json& j);
// The same for a value written `depth` levels deep (its inner lines indented by 2 * (depth + 1) spaces,
// its closing bracket by 2 * depth): an array printed item by item as it is made (a command whose
// output grows with its input streams it so, and keeps no more than one item in memory).
std::string readable_json(const nlohmann::ordered_json& j, int depth);

}  // namespace navlab::cli
