// `navlab simulate SCENE [--query N] [--events FILE] [--dt S] [--tile-cache] [--smoothing arcs|channel]`
// Runs the follower (core/dynamic/follower.h) on one query and prints the JSON of README.md's command line.
#include <cmath>
#include <cstdio>
#include <memory>
#include <optional>
#include <nlohmann/json.hpp>

#include "cli.h"
#include "follower.h"
#include "input_limits.h"
#include "json_file.h"
#include "navmesh_build.h"
#include "scene.h"
#include "tilecache.h"

namespace navlab::cli {

// cli_simulate_sidescroller.cpp; `max_time` absent: SideSimDef's default.
int run_simulate_sidescroller(const Command& cmd, const Args& args, const Scene& scene, double dt,
                              std::optional<double> max_time);

extern const char* const kSimulateUsage =
    "Usage: navlab simulate SCENE [--query N] [--events FILE] [--dt S] [--max-time S] [--tile-cache]\n"
    "                         [--smoothing arcs|channel]\n\n"
    "Follows the plan of one query with a fixed time step while doors change, and prints\n"
    "  {\"outcome\": \"arrived\"|\"partial\"|\"failed\", \"failure\": null | {\"stage\", \"reason\", \"message\"[, "
    "\"blocked_by\"]},\n"
    "   \"steps\": [{\"t\", \"pos\", \"vel\", \"corridor_version\", \"state\", \"cannot_stop\", \"collided\"}],\n"
    "   \"replans\": [{\"t\", \"cause\", \"version\", \"status\", \"detail\", \"cannot_stop\"}],\n"
    "   \"ignored\": [sentences]}\n"
    "  cannot_stop: braking could not stop before the change (a door that closed too late is a wall:\n"
    "  the agent stops against it, collided); the re-plan after it says so too\n"
    "  --query N      the query to follow (0-based index or name; default 0)\n"
    "  --events FILE  [{\"t\": 1.5, \"close\": \"door1\"}, {\"t\": 4, \"open\": \"door1\"},\n"
    "                  {\"t\": 2, \"move\": \"door1\", \"to\": [[x, y], [x, y]]}]; \"to\" is a segment (2 points),\n"
    "                  a polygon (3 or more) or {\"segment\": [...]} / {\"polygon\": [...]};\n"
    "                  {\"t\": 3, \"goal\": [x, y]} moves the goal ([x, y, z] in 3D scenes, a node id in\n"
    "                  graph scenes): the agent brakes and re-plans from where it stops (cause goal_moved)\n"
    "  --dt S         time step in seconds (default 0.05)\n"
    "  --max-time S   give up after S seconds (default 120)\n"
    "  --tile-cache   baked scenes: bake in tiles (a door move rebuilds only the tiles it touches)\n"
    "  --smoothing channel  follow the circle-arc spline fitted in the channel instead of the\n"
    "                 arcs; adds \"plans\": [{\"version\", \"status\", \"spline_mode\"}] (every plan, re-plans too;\n"
    "                 a failed plan's mode is failure), \"spline_mode\" on every step, and \"spline_updates\":\n"
    "                 [{\"t\", \"version\", \"spline_mode\", \"recompute_needed\", \"kept\", \"detail\"}], every\n"
    "                 update of the spline followed (a plan adopted, a change in motion, off the navmesh):\n"
    "                 kept = m of the previous spline kept ahead (the stable tail), modes optimal,\n"
    "                 suboptimal, degraded, frozen, out_of_navmesh, failure\n"
    "States: following, braking, arrived, partial, failed, blocked.\n"
    "On a side-scroller scene (only --dt and --max-time, default 10 s) every enemy is ticked and it prints\n"
    "  {\"enemies\": [{\"id\", \"steps\": [{\"t\", \"pos\", \"vel\", \"moving\", \"arrived\", \"blocked\", "
    "\"state\"}]}]}\n"
    "  with the states idle, pacing, stuck, wandering, paused, to_waypoint, chasing, caught, at_edge,\n"
    "  charging, falling, done (exit code 0).\n"
    "Exit codes: 0 arrived, 1 partial or failed, 2 usage or input error.\n";

namespace {

using Json = nlohmann::ordered_json;

Json point_json(bool is3d, Vec2 p, double height) {
  if (is3d) {
    const Vec3 w = to_world(p, height);
    return Json::array({w.x, w.y, w.z});
  }
  return Json::array({p.x, p.y});
}

Json vel_json(bool is3d, Vec2 v) {
  if (is3d) return Json::array({v.x, 0.0, -v.y});
  return Json::array({v.x, v.y});
}

// A point of the events file: [x, y] or (3D scenes) [x, y, z], or what is wrong.
Result<Vec2> read_point(const Json& j, bool is3d) {
  const size_t dims = is3d ? 3 : 2;
  if (!j.is_array() || j.size() != dims) return Error{is3d ? "expected [x, y, z]" : "expected [x, y]"};
  for (const Json& c : j)
    if (!c.is_number()) return Error{"expected numbers"};
  for (const Json& c : j)
    if (!std::isfinite(c.get<double>()) || std::fabs(c.get<double>()) > limits::kMaxMagnitude)
      return Error{"expected coordinates within ±1e6, got " + c.dump()};
  return is3d ? to_plane({j[0].get<double>(), j[1].get<double>(), j[2].get<double>()})
              : Vec2{j[0].get<double>(), j[1].get<double>()};
}

// A goal event's new goal: a point, or a node id in graph scenes; or what is wrong.
Result<ScenePoint> read_goal(const Json& j, const NavMesh& mesh) {
  ScenePoint out;
  out.is3d = mesh.is3d;
  if (mesh.kind == NavMesh::Kind::Graph) {
    if (!j.is_string()) return Error{"expected a node id (a string)"};
    out.node = j.get<std::string>();
    return out;
  }
  const Result<Vec2> plane = read_point(j, mesh.is3d);
  if (!plane) return Error{plane.error()};
  out.plane = plane.value();
  if (mesh.is3d) out.height = j[1].get<double>();
  return out;
}

// Reads the events file, or says what is wrong (path: /pointer: what).
Result<std::vector<FollowEvent>> read_events(const std::string& path, const NavMesh& mesh) {
  const bool is3d = mesh.is3d;
  Result<Json> loaded = load_json_file(path, "events file");
  if (!loaded) return Error{loaded.error()};
  const Json& doc = loaded.value();
  if (!doc.is_array()) return Error{path + ": expected an array of events"};
  std::vector<FollowEvent> out;
  for (size_t i = 0; i < doc.size(); ++i) {
    const std::string ptr = path + ": /" + std::to_string(i);
    const Json& e = doc[i];
    if (!e.is_object() || !e.contains("t") || !e["t"].is_number())
      return Error{
          ptr +
          ": expected {\"t\": seconds, \"close\"|\"open\"|\"move\": door id} or {\"t\": seconds, \"goal\": point}"};
    FollowEvent ev;
    ev.t = e["t"].get<double>();
    if (!std::isfinite(ev.t) || ev.t < 0 || ev.t > limits::kMaxMagnitude)
      return Error{ptr + "/t: expected a time in s from 0 to 1e6, got " + e["t"].dump()};
    int kinds = 0;
    if (e.contains("goal")) {
      ++kinds;
      ev.kind = FollowEvent::Kind::Goal;
      Result<ScenePoint> goal = read_goal(e["goal"], mesh);
      if (!goal) return Error{ptr + "/goal: " + goal.error()};
      ev.goal = std::move(goal).value();
    }
    for (const char* k : {"close", "open", "move"})
      if (e.contains(k)) {
        ++kinds;
        if (!e[k].is_string()) return Error{ptr + "/" + k + ": expected a door id (a string)"};
        ev.door = e[k].get<std::string>();
        ev.kind = std::string(k) == "close"  ? FollowEvent::Kind::Close
                  : std::string(k) == "open" ? FollowEvent::Kind::Open
                                             : FollowEvent::Kind::Move;
      }
    if (kinds != 1) return Error{ptr + ": expected exactly one of \"close\", \"open\", \"move\", \"goal\""};
    if (ev.kind == FollowEvent::Kind::Move) {
      if (!e.contains("to")) return Error{ptr + ": a move needs \"to\": a segment or polygon"};
      Json to = e["to"];
      bool polygon = false;
      if (to.is_object()) {
        if (to.contains("segment")) {
          to = to["segment"];
        } else if (to.contains("polygon")) {
          to = to["polygon"];
          polygon = true;
        } else {
          return Error{ptr + "/to: expected {\"segment\": [...]} or {\"polygon\": [...]}"};
        }
      }
      if (!to.is_array() || to.size() < 2) return Error{ptr + "/to: expected at least two points"};
      if (to.size() > 2) polygon = true;
      for (size_t k = 0; k < to.size(); ++k) {
        const Result<Vec2> p = read_point(to[k], is3d);
        if (!p) return Error{ptr + "/to/" + std::to_string(k) + ": " + p.error()};
        ev.to.push_back(p.value());
      }
      ev.to_polygon = polygon;
    }
    out.push_back(std::move(ev));
  }
  return out;
}

// Longest time step (s): a larger one jumps through walls and makes the motion meaningless.
constexpr double kMaxTimeStep = 1.0;

double read_seconds(const std::string& text, bool& ok) {
  try {
    size_t used = 0;
    const double v = std::stod(text, &used);
    ok = used == text.size() && std::isfinite(v) && v > 0;
    return v;
  } catch (...) {
    ok = false;
    return 0.0;
  }
}

// The mesh the follower starts on: the tile cache's (`tiled`, kept in `tiles`) or the scene's navmesh.
// Fails with the error to print.
Result<void> simulation_mesh(const Scene& scene, bool tiled, std::unique_ptr<TileCache>& tiles, NavMesh& mesh) {
  if (tiled) {
    auto built = TileCache::build(scene, tile_cache_def(scene));
    if (!built) return Error{scene.path + ": " + built.error()};
    tiles = std::move(built.value());
    mesh.is3d = tiles->navmesh().mesh.is3d;
    return {};
  }
  auto built = build_navmesh(scene);
  if (!built) return Error{built.error()};
  mesh = std::move(built.value());
  return {};
}

// The simulate JSON of a follower run (3D scenes: points at `height` where the step has none).
Json follow_json(const FollowResult& r, bool is3d, double height) {
  Json out;
  out["outcome"] = to_string(r.outcome);
  out["failure"] = failure_json(r.failure);
  Json steps = Json::array();
  for (const FollowStep& s : r.steps) {
    Json j;
    j["t"] = std::round(s.t * 1e6) / 1e6;
    j["pos"] = point_json(is3d, s.pos, height);
    j["vel"] = vel_json(is3d, s.vel);
    j["corridor_version"] = s.corridor_version;
    j["state"] = to_string(s.state);
    j["cannot_stop"] = s.cannot_stop;
    j["collided"] = s.collided;
    if (s.spline_mode) j["spline_mode"] = to_string(*s.spline_mode);
    steps.push_back(std::move(j));
  }
  out["steps"] = std::move(steps);
  Json replans = Json::array();
  for (const Replan& p : r.replans) {
    Json j;
    j["t"] = std::round(p.t * 1e6) / 1e6;
    j["cause"] = p.cause;
    j["version"] = p.version;
    j["status"] = to_string(p.status);
    j["detail"] = p.detail;
    j["cannot_stop"] = p.cannot_stop;
    replans.push_back(std::move(j));
  }
  out["replans"] = std::move(replans);
  out["ignored"] = r.ignored;
  if (!r.plans.empty() && r.plans.front().spline_mode) {
    Json plans = Json::array();
    for (const FollowPlan& p : r.plans)
      plans.push_back({{"version", p.version},
                       {"status", to_string(p.status)},
                       {"spline_mode", p.spline_mode ? Json(to_string(*p.spline_mode)) : Json()}});
    out["plans"] = std::move(plans);
    Json updates = Json::array();
    for (const SplineChange& c : r.spline_updates)
      updates.push_back({{"t", std::round(c.t * 1e6) / 1e6},
                         {"version", c.version},
                         {"spline_mode", to_string(c.mode)},
                         {"recompute_needed", c.recompute_needed},
                         {"kept", c.kept},
                         {"detail", c.describe()}});
    out["spline_updates"] = std::move(updates);
  }
  return out;
}

}  // namespace

int run_simulate(const std::vector<std::string>& raw) {
  const Command& cmd = *find_command("simulate");
  Args args(raw, {"--query", "--events", "--dt", "--max-time", "--smoothing"}, {"--tile-cache"});
  if (!args.ok()) return usage_error(cmd, args.error());
  if (args.positional().size() != 1) return usage_error(cmd, "expected one SCENE file");
  auto scene = load_scene(args.positional()[0]);
  if (!scene) {
    std::fprintf(stderr, "%s\n", scene.error().c_str());
    return kExitUsage;
  }
  FollowDef def;
  if (auto dt = args.value("--dt")) {
    bool ok = false;
    def.dt = read_seconds(*dt, ok);
    if (!ok) return usage_error(cmd, "--dt needs a positive number of seconds, got '" + *dt + "'");
  }
  if (auto mt = args.value("--max-time")) {
    bool ok = false;
    def.max_time = read_seconds(*mt, ok);
    if (!ok) return usage_error(cmd, "--max-time needs a positive number of seconds, got '" + *mt + "'");
  }
  if (def.dt > kMaxTimeStep)
    return usage_error(cmd, "--dt " + *args.value("--dt") + " is longer than the " + std::to_string(int(kMaxTimeStep)) +
                                " s limit for a time step");
  if (def.max_time / def.dt > limits::kMaxSimulationSteps)
    return usage_error(cmd, "--max-time " + Json(def.max_time).dump() + " s at --dt " + Json(def.dt).dump() + " s is " +
                                Json(std::ceil(def.max_time / def.dt)).dump() + " steps, more than the limit of " +
                                Json(limits::kMaxSimulationSteps).dump() + "; use --dt " +
                                Json(def.max_time / limits::kMaxSimulationSteps).dump() + " or more");
  if (traits(scene->kind()).side_view)
    return run_simulate_sidescroller(cmd, args, scene.value(), def.dt,
                                     args.has("--max-time") ? std::optional<double>(def.max_time) : std::nullopt);
  std::unique_ptr<TileCache> tiles;
  NavMesh mesh;
  if (args.has("--tile-cache") && !traits(scene->kind()).baked)
    return usage_error(cmd, "--tile-cache needs a floorplan or mesh scene");
  if (Result<void> r = simulation_mesh(scene.value(), args.has("--tile-cache"), tiles, mesh); !r) {
    std::fprintf(stderr, "%s\n", r.error().c_str());
    return kExitUsage;
  }
  def.tile_cache = tiles.get();
  if (const auto s = args.value("--smoothing")) {
    const Result<Smoothing> choice = option_choice("--smoothing", *s, kSmoothingNames);
    if (!choice) return usage_error(cmd, choice.error());
    def.smoothing = choice.value();
  }
  if (def.smoothing == Smoothing::Channel && mesh.kind == NavMesh::Kind::Graph)
    return usage_error(cmd, "--smoothing channel needs a navmesh; a graph scene has no channel");
  if (scene->queries.empty()) return usage_error(cmd, "the scene has no queries");
  size_t qi = 0;
  if (auto q = args.value("--query")) {
    bool found = false;
    for (size_t i = 0; i < scene->queries.size(); ++i)
      if (scene->queries[i].name == *q || std::to_string(i) == *q) qi = i, found = true;
    if (!found)
      return usage_error(cmd, "no query '" + *q + "' (the scene has " + std::to_string(scene->queries.size()) + ")");
  }
  std::vector<FollowEvent> events;
  if (auto file = args.value("--events")) {
    Result<std::vector<FollowEvent>> read = read_events(*file, mesh);
    if (!read) {
      std::fprintf(stderr, "%s\n", read.error().c_str());
      return kExitUsage;
    }
    events = std::move(read).value();
  }

  const Query& query = scene->queries[qi];
  const FollowResult r = follow(scene.value(), mesh, query, events, def);
  if (r.failure && r.failure->reason == Reason::BadEvent) {
    std::fprintf(stderr, "navlab simulate: %s\n", r.failure->message.c_str());
    return kExitUsage;
  }
  std::printf("%s\n", readable_json(follow_json(r, mesh.is3d, query.start.height)).c_str());
  return r.outcome == FollowOutcome::Arrived ? kExitOk : kExitFailure;
}

}  // namespace navlab::cli
