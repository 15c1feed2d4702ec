// Scripted-run actions for doors, blockers and the follower simulation, and the doors state printed
// after a scripted run (gui_doors.h).
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include "cpu_clock.h"
#include "gui_doors.h"
#include "gui_script.h"

namespace navlab::app {

using nlohmann::json;

namespace {

json xy(Vec2 p) { return json::array({p.x, p.y}); }

// Drags over `frames` frames (>= 1) from `from` to `to` point by point, one move per frame as the
// viewport does, then releases. Keeps what the frames and their re-plans cost (DoorsView::last_drag).
// `wait_tiles`: in the tile cache mode each frame's move is waited for before the frame (as if its tiles
// were rebuilt at once); else the moves run on the tile cache's thread as in a drag with the mouse.
template <class Move>
void drag_frames(const DoorsEngine& e, int frames, bool wait_tiles, Move move) {
  DragStats st;
  const size_t logged = e.doors.log.size();
  for (int i = 1; i <= frames; ++i) {
    const double t0 = thread_cpu_ms();
    move(double(i) / frames, i == frames);
    if (wait_tiles) doors_tiles_wait(e);
    e.shell.run_frame();
    const double ms = thread_cpu_ms() - t0;
    st.frame_cpu_ms_mean += ms / frames;
    st.frame_cpu_ms_max = std::max(st.frame_cpu_ms_max, ms);
  }
  st.frames = frames;
  // A dropped baked door is baked again on the worker: scripts wait for it, frame by frame as bake_wait.
  while (e.shell.bake_running()) {
    const double t0 = thread_cpu_ms();
    const bool open = e.shell.run_frame();
    const double ms = thread_cpu_ms() - t0;
    if (!e.shell.bake_running()) st.arrival_frame_cpu_ms = ms;
    if (!open) break;
  }
  if (st.arrival_frame_cpu_ms >= 0.0) {
    const double t0 = thread_cpu_ms();
    e.shell.run_frame();
    st.after_arrival_frame_cpu_ms = thread_cpu_ms() - t0;
  }
  // Re-plans append entries (the log keeps its last 200; a longer drag counts what is left).
  const std::vector<DoorLogEntry>& log = e.doors.log;
  for (size_t k = std::min(logged, log.size()); k < log.size(); ++k)
    if (log[k].replanned) {
      ++st.replans;
      st.replan_ms_mean += log[k].replan_ms;
      st.replan_ms_max = std::max(st.replan_ms_max, log[k].replan_ms);
    }
  if (st.replans > 0) st.replan_ms_mean /= st.replans;
  e.doors.last_drag = st;
}

}  // namespace

std::optional<Result<void>> doors_script_action(const DoorsEngine& e, const json& a) {
  Session& app = e.app;
  DoorsView& d = e.doors;
  if (a.contains("door")) {
    if (!a["door"].is_string() || !a.contains("open") || !a["open"].is_boolean())
      return Error{"expected {\"door\": ID, \"open\": true|false}"};
    return doors_set_open(app, d, a["door"].get<std::string>(), a["open"].get<bool>());
  }
  if (a.contains("drag_door")) {
    const std::string id = a["drag_door"].get<std::string>();
    const json& to = a.value("to", json());
    std::vector<Vec2> target;
    if (!to.is_array() || to.size() < 2) return Error{"drag_door needs \"to\": [[x, y], [x, y]] (or a polygon)"};
    for (const json& p : to) {
      const Result<Vec2> v = read_xy(p);
      if (!v) return Error{"drag_door to: " + v.error()};
      target.push_back(v.value());
    }
    std::vector<Vec2> from;
    for (const Door& door : app.doc.scene.doors)
      if (door.id == id)
        for (const ScenePoint& p : door.shape) from.push_back(p.plane);
    if (from.empty()) return Error{"no door '" + id + "'"};
    if (from.size() != target.size()) from.assign(target.size(), from.front());
    if (a.contains("wait_tiles") && !a["wait_tiles"].is_boolean())
      return Error{"drag_door: \"wait_tiles\" expects true or false"};
    Result<void> moved;  // the last failed move's error
    drag_frames(e, std::max(1, a.value("frames", 10)), a.value("wait_tiles", true), [&](double u, bool last) {
      std::vector<Vec2> shape;
      for (size_t i = 0; i < target.size(); ++i) shape.push_back(lerp(from[i], target[i], u));
      if (Result<void> r = doors_move(e, id, shape, last); !r) moved = r;
    });
    return moved;
  }
  if (a.contains("drag_blocker")) {
    const std::string id = a["drag_blocker"].get<std::string>();
    const Result<Vec2> to = read_xy(a.value("to", json()));
    if (!to) return Error{"drag_blocker to: " + to.error()};
    const Vec2 target = to.value();
    const Blocker* b = nullptr;
    for (const Blocker& x : app.doc.scene.blockers)
      if (x.id == id) b = &x;
    if (!b) return Error{"no blocker '" + id + "'"};
    const Vec2 from = b->center.plane;
    Result<void> moved;  // the last failed move's error
    drag_frames(e, std::max(1, a.value("frames", 10)), true, [&](double u, bool last) {
      if (Result<void> r = blockers_move(app, d, id, lerp(from, target, u), last); !r) moved = r;
    });
    return moved;
  }
  if (a.contains("simulate")) {
    if (!a["simulate"].is_number() || a["simulate"].get<double>() < 0.0)
      return Error{"expected {\"simulate\": seconds}"};
    sim_advance(app, d, a["simulate"].get<double>());
    if (!d.sim.valid) return Error{"nothing to simulate (no start or goal)"};
    return Result<void>();
  }
  if (a.contains("tile_cache")) {
    if (!a["tile_cache"].is_boolean()) return Error{"expected {\"tile_cache\": true|false}"};
    return doors_set_tile_cache(e, a["tile_cache"].get<bool>());
  }
  if (a.contains("sim_restart")) {
    sim_restart(app, d);
    return Result<void>();
  }
  return std::nullopt;
}

namespace {

// The tile cache's part of the state: on or not, what the last change rebuilt, and (when on) whether the
// mesh on screen equals the cache converted from scratch.
json tiles_state_json(const Session& app, const TilesView& t) {
  json tiles = {{"on", t.on()},
                {"possible", tiles_possible(app)},
                {"rebuilt", t.rebuilt},
                {"last_update", t.last_update},
                {"update_ms", t.update_ms},
                {"ready_ms", t.ready_ms},
                {"take_ms", t.take_ms},
                {"replan_ms", t.replan_ms},
                {"changes", t.changes},
                {"meshes_taken", t.meshes_taken},
                {"polygons", app.doc.mesh.polys.size()},
                {"error", t.error}};
  if (t.on()) {
    json bounds = json::array();
    for (int tile : t.rebuilt) {
      const auto [lo, hi] = t.job->layout().tile_bounds(tile);
      bounds.push_back(json::array({xy(lo), xy(hi)}));
    }
    tiles["rebuilt_bounds"] = bounds;
    tiles["tiles_x"] = t.job->layout().tiles_x();
    tiles["tiles_y"] = t.job->layout().tiles_y();
    // The cache itself once its queued moves are done: the mesh on screen against the cache's mesh
    // converted from scratch (what it must equal once every move is taken).
    const TileCache& cache = t.job->idle_cache();
    tiles["tile_count"] = cache.tile_count();
    const TiledNavMesh full = cache.full_conversion();
    tiles["full_conversion_polygons"] = full.mesh.polys.size();
    tiles["equals_full_conversion"] = full.mesh.polys == app.doc.mesh.polys && full.mesh.verts == app.doc.mesh.verts;
  }
  return tiles;
}

// The simulation's part of the state: the run's outcome, its re-plans and spline updates, the step shown.
json sim_state_json(const DoorsView& d) {
  json sim = {{"valid", d.sim.valid},
              {"t", d.sim.t},
              {"tile_cache", d.sim.tile_cache},
              {"run_ms", d.sim.run_ms},
              {"runs", d.sim.runs},
              {"last_run_on_ui_thread", d.sim.last_on_ui_thread},
              {"mesh_copies", d.sim.mesh_copies},
              {"runs_winding_down", d.sim_retired.size()}};
  if (d.sim.valid) {
    const int k = d.sim.step_index();
    json replans = json::array();
    for (const Replan& r : d.sim.result.replans)
      replans.push_back({{"t", r.t}, {"cause", r.cause}, {"version", r.version}, {"detail", r.detail}});
    sim["outcome"] = to_string(d.sim.result.outcome);
    sim["end_time"] = d.sim.end_time();
    sim["steps"] = d.sim.result.steps.size();
    sim["replans"] = replans;
    sim["events"] = d.sim.events.size();
    sim["smoothing"] = to_string(d.sim.smoothing);
    json updates = json::array();
    for (const SplineChange& c : d.sim.result.spline_updates)
      updates.push_back({{"t", c.t},
                         {"version", c.version},
                         {"spline_mode", to_string(c.mode)},
                         {"recompute_needed", c.recompute_needed},
                         {"kept", c.kept},
                         {"detail", c.describe()}});
    sim["spline_updates"] = updates;
    if (k >= 0) {
      const FollowStep& s = d.sim.result.steps[size_t(k)];
      sim["step"] = {{"index", k},
                     {"t", s.t},
                     {"pos", xy(s.pos)},
                     {"vel", xy(s.vel)},
                     {"state", to_string(s.state)},
                     {"corridor_version", s.corridor_version}};
      if (s.spline_mode) sim["step"]["spline_mode"] = to_string(*s.spline_mode);
    }
  }
  return sim;
}

}  // namespace

json doors_state_json(const Session& app, const DoorsView& d, bool panel_open) {
  json doors = json::array();
  for (const Door& door : app.doc.scene.doors) {
    json pts = json::array();
    for (const ScenePoint& p : door.shape) pts.push_back(xy(p.plane));
    size_t covers = 0;
    for (const DoorCover& c : d.covers)
      if (c.door == door.id) covers = c.connections.size();
    doors.push_back({{"id", door.id}, {"open", door.open}, {"shape", pts}, {"covers", covers}});
  }
  json blockers = json::array();
  for (const Blocker& b : app.doc.scene.blockers) blockers.push_back({{"id", b.id}, {"center", xy(b.center.plane)}});
  json connections = json::array();
  for (const Connection& c : d.reads.connections) connections.push_back({c.a, c.b});
  json log = json::array();
  for (const DoorLogEntry& e : d.log)
    log.push_back({{"version", e.version},
                   {"replanned", e.replanned},
                   {"cause", e.cause},
                   {"text", e.text},
                   {"replan_ms", e.replan_ms}});
  const json tiles = tiles_state_json(app, d.tiles), sim = sim_state_json(d);
  return {{"panel_open", panel_open},
          {"version", d.version},
          {"reads",
           {{"polygons", d.reads.polygons},
            {"connections", connections},
            {"doors", d.reads.doors},
            {"tiles", d.reads.tiles}}},
          {"tile_cache", tiles},
          {"doors", doors},
          {"blockers", blockers},
          {"log", log},
          {"sim", sim},
          {"drag",
           {{"frames", d.last_drag.frames},
            {"frame_cpu_ms_mean", d.last_drag.frame_cpu_ms_mean},
            {"frame_cpu_ms_max", d.last_drag.frame_cpu_ms_max},
            {"replans", d.last_drag.replans},
            {"replan_ms_mean", d.last_drag.replan_ms_mean},
            {"replan_ms_max", d.last_drag.replan_ms_max},
            {"arrival_frame_cpu_ms", d.last_drag.arrival_frame_cpu_ms},
            {"after_arrival_frame_cpu_ms", d.last_drag.after_arrival_frame_cpu_ms}}}};
}

}  // namespace navlab::app
