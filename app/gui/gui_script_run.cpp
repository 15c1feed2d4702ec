#include "gui_script_run.h"

#include "cpu_clock.h"

#include <SDL.h>
#include <nlohmann/json.hpp>

#include <ctime>

#include "gl_stop.h"
#include "gui_app.h"
#include "gui_areas.h"
#include "gui_bake.h"
#include "gui_doors.h"
#include "gui_files.h"
#include "gui_keys.h"
#include "gui_links.h"
#include "gui_script.h"
#include "gui_script_read.h"
#include "gui_side.h"

namespace navlab::app {

using nlohmann::json;

namespace {

Result<ScenePoint> point_from(const json& j, const Document& doc) {
  ScenePoint p;
  if (j.is_string()) {
    p.node = j.get<std::string>();
    if (doc.mesh.node_index(p.node) < 0) return Error{"no graph node '" + p.node + "'"};
    p.plane = doc.mesh.nodes[doc.mesh.node_index(p.node)].pos;
  } else if (j.is_array() && (j.size() == 2 || j.size() == 3)) {
    for (const auto& v : j)
      if (!v.is_number()) return Error{"a point needs numbers"};
    if (j.size() == 2) {
      p.plane = {j[0].get<double>(), j[1].get<double>()};
    } else {
      p.is3d = true;
      p.height = j[1].get<double>();
      p.plane = to_plane({j[0].get<double>(), j[1].get<double>(), j[2].get<double>()});
    }
  } else {
    return Error{"a point is [x, y], [x, y, z] or a node id"};
  }
  return p;
}

// The script actions: each reads its object and acts on the app; fails with what is wrong.
Result<void> act_step(App& app, const json& a) {
  if (!a["step"].is_number_integer() && !a["step"].is_string()) return Error{"step needs N, \"STAGE:N\" or \"end\""};
  const std::string text =
      a["step"].is_number_integer() ? std::to_string(a["step"].get<int>()) : a["step"].get<std::string>();
  const Result<int> idx = parse_step(text, app.plan);
  if (!idx) return Error{idx.error()};
  app.playback.playing = false;
  app.set_step(idx.value());
  return {};
}

Result<void> act_play(App& app, const json& a) {
  const double seconds = a["play"].get<double>();
  app.playback.playing = true;
  app.playback.clock = 0.0;
  const Uint64 t0 = SDL_GetPerformanceCounter();
  while (double(SDL_GetPerformanceCounter() - t0) / double(SDL_GetPerformanceFrequency()) < seconds)
    if (!app.frame()) break;  // the app quits (a stop signal)
  app.playback.playing = false;
  return {};
}

Result<void> act_endpoint(App& app, const json& a) {
  const bool start = a.contains("start");
  Result<ScenePoint> p = point_from(a[start ? "start" : "goal"], app.doc);
  if (!p) return Error{p.error()};
  (start ? app.doc.start : app.doc.goal) = std::move(p).value();
  app.doc.query_index = -1;
  app.replan();
  if (!start) doors_goal_moved(app, app.doors);
  return {};
}

Result<void> act_open(App& app, const json& a) {
  if (!a["open"].is_string()) return Error{"{\"open\": FILE} needs a file name"};
  app.request_open(a["open"].get<std::string>());  // asks first when the scene has unsaved changes
  return {};
}

Result<void> act_panel(App& app, const json& a) {
  const std::string name = a["panel"].get<std::string>();
  const bool open = a.value("open", true);
  bool* flag = name == "help" ? &app.settings.show_help : nullptr;
  if (const std::optional<SidePanel> panel = side_panel_named(name)) flag = &app.side_panels[*panel];
  if (flag) {
    *flag = open;
    return {};
  }
  return Error{"unknown panel '" + name + "'"};
}

Result<void> act_camera(App& app, const json& a) {
  const json& c = a["camera"];
  if (c.is_string() && c.get<std::string>() == "fit") {
    app.fit_view();
    return {};
  }
  if (!c.is_object()) return Error{"camera is \"fit\" or {\"center\": [x, y], \"scale\": px_per_m}"};
  if (c.contains("center")) {
    const Result<Vec2> center = read_xy(c["center"]);
    if (!center) return Error{"camera center: expected [x, y] in metres"};
    app.view.camera.center = center.value();
  }
  if (c.contains("scale")) {
    if (!c["scale"].is_number() || !(c["scale"].get<double>() > 0.0))
      return Error{"camera scale: expected pixels per metre > 0"};
    app.view.camera.scale = std::max(1e-4, c["scale"].get<double>());
  }
  return {};
}

// {"view": "3d" | "2d"}: the 3D view (3D scenes only: an error elsewhere) or the top view.
Result<void> act_view(App& app, const json& a) {
  const std::string v = a["view"].is_string() ? a["view"].get<std::string>() : "";
  if (v == "2d") {
    app.set_view(Viewport::Kind::Top);
    return {};
  }
  if (v != "3d") return Error{"view is \"2d\" or \"3d\""};
  if (!View3D::possible(app.doc)) return Error{"the 3D view needs a 3D scene (a level mesh or a Detour file)"};
  app.set_view(Viewport::Kind::Orbit);
  return {};
}

// {"orbit": [yaw_deg, pitch_deg, distance_m], "target": [x, y, z]}: the 3D view's camera (target
// optional: the level's centre after a fit).
Result<void> act_orbit(App& app, const json& a) {
  const json& o = a["orbit"];
  if (!o.is_array() || o.size() != 3 || !o[0].is_number() || !o[1].is_number() || !o[2].is_number() ||
      !(o[2].get<double>() > 0.0))
    return Error{"orbit is [yaw_deg, pitch_deg, distance_m] with distance > 0"};
  if (app.view.view3d.needs_fit()) app.view.view3d.fit();  // the level framed first: then this camera
  gl::OrbitCamera& c = app.view.view3d.camera;
  if (a.contains("target")) {
    const json& t = a["target"];
    if (!t.is_array() || t.size() != 3 || !t[0].is_number() || !t[1].is_number() || !t[2].is_number())
      return Error{"orbit target is [x, y, z] in metres"};
    c.target = {t[0].get<double>(), t[1].get<double>(), t[2].get<double>()};
  }
  c.yaw_deg = o[0].get<double>();
  c.pitch_deg = o[1].get<double>();
  c.distance = o[2].get<double>();
  c.clamp();
  return {};
}

// {"click_mode": "start" | "goal" | "inspect"}: what a left click in the viewport does (S, G, I).
Result<void> act_click_mode(App& app, const json& a) {
  const std::string m = a["click_mode"].is_string() ? a["click_mode"].get<std::string>() : "";
  if (m == "start")
    app.click_mode = ClickMode::SetStart;
  else if (m == "goal")
    app.click_mode = ClickMode::SetGoal;
  else if (m == "inspect")
    app.click_mode = ClickMode::Inspect;
  else
    return Error{"click_mode is \"start\", \"goal\" or \"inspect\""};
  return {};
}

// {"zoom_preview_ms": ms}: zooms are previewed when a full draw of the static layer costs more (0:
// always; a huge value: never).
Result<void> act_zoom_preview(App& app, const json& a) {
  if (!a["zoom_preview_ms"].is_number() || !(a["zoom_preview_ms"].get<double>() >= 0.0))
    return Error{"zoom_preview_ms needs a number of milliseconds >= 0"};
  app.view.preview_above_ms = a["zoom_preview_ms"].get<double>();
  return {};
}

Result<void> act_spread_draw(App& app, const json& a) {
  if (!a["spread_frame_ms"].is_number() || !(a["spread_frame_ms"].get<double>() >= 0.0))
    return Error{"spread_frame_ms needs a number of milliseconds >= 0"};
  app.view.spread_frame_ms = a["spread_frame_ms"].get<double>();
  return {};
}

Result<void> act_agent(App& app, const json& a) {
  AgentDef& ag = app.doc.scene.agent;
  const std::pair<const char*, double*> params[] = {{"max_speed", &ag.max_speed},
                                                    {"accel", &ag.accel},
                                                    {"brake_decel", &ag.brake_decel},
                                                    {"turn_radius", &ag.turn_radius},
                                                    {"min_turn_radius", &ag.min_turn_radius},
                                                    {"lateral_accel", &ag.lateral_accel},
                                                    {"reaction_dt", &ag.reaction_dt}};
  for (const auto& [k, v] : a["agent"].items()) {
    double* target = nullptr;
    for (const auto& [key, field] : params)
      if (k == key) target = field;
    if (!target) return Error{"unknown agent parameter '" + k + "'"};
    *target = v.get<double>();
  }
  app.replan();
  return {};
}

// The point is in plane metres, placed on the viewport with the current camera; in the 3D view a plane
// point is placed where it lies on the surface, and a world point [x, y, z] where it is.
Result<void> act_mouse(App& app, const json& a) {
  const json& m = a["mouse"];
  if (app.view.in_3d() && m.is_array() && m.size() == 3 && m[0].is_number() && m[1].is_number() && m[2].is_number()) {
    const Vec2 s = app.view.to_screen(Vec3{m[0].get<double>(), m[1].get<double>(), m[2].get<double>()});
    app.pointer.script_mouse =
        ScriptMouse{float(app.pointer.vp_x + s.x), float(app.pointer.vp_y + s.y), a.value("down", false)};
    return {};
  }
  const Result<Vec2> xy = read_xy(m);
  if (!xy) return Error{"mouse: expected [x, y] in metres (or [x, y, z] in the 3D view)"};
  const Vec2 at = xy.value();
  if (app.view.in_3d()) {
    const Vec2 s = app.view.to_screen(at);
    app.pointer.script_mouse =
        ScriptMouse{float(app.pointer.vp_x + s.x), float(app.pointer.vp_y + s.y), a.value("down", false)};
    return {};
  }
  if (traits(app.doc.scene.kind()).side_view) {  // the side view's canvas
    const Vec2 px = side_window_px(app.side, at);
    app.pointer.script_mouse = ScriptMouse{float(px.x), float(px.y), a.value("down", false)};
    return {};
  }
  const Vec2 s = app.view.camera.to_screen(at, {app.pointer.vp_w, app.pointer.vp_h});
  app.pointer.script_mouse =
      ScriptMouse{float(app.pointer.vp_x + s.x), float(app.pointer.vp_y + s.y), a.value("down", false)};
  return {};
}

// {"measure": N, "pan": [dx, dy]}: the camera moves by (dx, dy) pixels every frame (a user dragging the
// view); {"measure": N, "zoom": f}: the zoom is multiplied by f every frame (a user turning the wheel),
// so every frame draws the static layer again.
Result<void> act_measure(App& app, const json& a) {
  const int n = std::max(1, a["measure"].get<int>());
  const auto now = clock_ms;
  const double t0 = now(CLOCK_THREAD_CPUTIME_ID), p0 = now(CLOCK_PROCESS_CPUTIME_ID), w0 = now(CLOCK_MONOTONIC);
  double prep = 0.0;
  const Result<Vec2> pan_xy = a.contains("pan") ? read_xy(a["pan"]) : Vec2{0, 0};
  if (!pan_xy) return Error{"pan needs [dx, dy] in pixels"};
  const Vec2 pan = pan_xy.value();
  if (a.contains("zoom") && !a["zoom"].is_number()) return Error{"zoom needs a factor > 0"};
  const double zoom = a.value("zoom", 1.0);
  if (!(zoom > 0.0)) return Error{"zoom needs a factor > 0"};
  const long spreads0 = app.view.spread_draws();
  const long redraws0 = app.view.static_redraws(), shifts0 = app.view.static_shifts(),
             previews0 = app.view.static_previews();
  const Result<Vec2> turn_xy = a.contains("turn") ? read_xy(a["turn"]) : Vec2{0, 0};
  if (!turn_xy) return Error{"turn needs [dyaw, dpitch] in degrees"};
  const Vec2 turn = turn_xy.value();
  for (int i = 0; i < n; ++i) {
    if (app.view.in_3d()) {  // the 3D view's camera: turned, panned, zoomed as a user would
      gl::OrbitCamera& c = app.view.view3d.camera;
      c.orbit(turn.x, turn.y);
      c.pan(pan, {app.pointer.vp_w, app.pointer.vp_h});
      c.zoom(1.0 / zoom);
    } else {
      app.view.camera.center = app.view.camera.center + Vec2{-pan.x, pan.y} / app.view.camera.scale;
      app.view.camera.scale *= zoom;
    }
    app.frame();
    prep += app.timing.last_prep_cpu_ms;
  }
  app.timing.measured = {n,
                         (now(CLOCK_THREAD_CPUTIME_ID) - t0) / n,
                         (now(CLOCK_PROCESS_CPUTIME_ID) - p0) / n,
                         (now(CLOCK_MONOTONIC) - w0) / n,
                         prep / n,
                         app.view.static_redraws() - redraws0,
                         app.view.static_shifts() - shifts0,
                         app.view.static_previews() - previews0,
                         app.view.last_full_draw_ms(),
                         app.view.static_exact(),
                         app.view.spread_draws() - spreads0,
                         long(app.view.spread_steps_left())};
  return {};
}

using Action = Result<void> (*)(App&, const json&);

// The table of actions by key, in the order they are matched ("panel" before "open": {"panel": NAME,
// "open": false} closes a panel, {"open": FILE} opens a scene).
const std::pair<const char*, Action> kActions[] = {
    {"step", act_step},
    {"play", act_play},
    {"start", act_endpoint},
    {"goal", act_endpoint},
    {"panel", act_panel},
    {"open", act_open},
    {"hide_panels",
     [](App& app, const json& a) { return app.side_panels.hidden = a["hide_panels"].get<bool>(), Result<void>(); }},
    {"present",
     [](App& app, const json& a) {
       if (a["present"].get<bool>())
         app.start_presentation(a.value("from_current", false));
       else
         app.end_presentation();
       return Result<void>();
     }},
    {"camera", act_camera},
    {"view", act_view},
    {"orbit", act_orbit},
    {"click_mode", act_click_mode},
    {"zoom_preview_ms", act_zoom_preview},
    {"spread_frame_ms", act_spread_draw},
    {"presenter",
     [](App& app, const json& a) { return app.set_presenter(a["presenter"].get<bool>()), Result<void>(); }},
    {"midpoints",
     [](App& app, const json& a) { return app.settings.show_midpoints = a["midpoints"].get<bool>(), Result<void>(); }},
    {"optimal",
     [](App& app, const json& a) { return app.settings.show_optimal = a["optimal"].get<bool>(), Result<void>(); }},
    {"channel",
     [](App& app, const json& a) { return app.settings.show_channel = a["channel"].get<bool>(), Result<void>(); }},
    {"agent", act_agent},
    {"mouse", act_mouse},
    {"reload", [](App& app, const json&) { return app.reload(), Result<void>(); }},
    {"save_as",
     [](App& app, const json& a) {
       return app.save_scene_as(a["save_as"].get<std::string>()) ? Result<void>() : Error{app.error};
     }},
    {"measure", act_measure},
    {"print_state",
     [](App& app, const json&) {
       if (app.state_printer) app.state_printer();
       return Result<void>();
     }},
    {"frames",
     [](App& app, const json& a) {
       for (int i = 0; i < a["frames"].get<int>() && app.frame(); ++i) {
       }
       return Result<void>();
     }},
    {"screenshot",
     [](App& app, const json& a) {
       app.request_export({a["screenshot"].get<std::string>(), a.value("whole_window", true), 0, 0});
       return Result<void>();
     }},
};

// The rooms' script actions, asked in turn: the first that knows the action runs it. Each is handed the
// pieces of the app its room takes.
using RoomAction = std::optional<Result<void>> (*)(App&, const json&);
std::optional<Result<void>> doors_action(App& app, const json& a) { return doors_script_action(app.doors_engine(), a); }
std::optional<Result<void>> spawn_action(App& app, const json& a) {
  return spawn_script_action(app, app.spawn, app.click_mode, a);
}
std::optional<Result<void>> check_action(App& app, const json& a) { return check_script_action(app, app.check, a); }
std::optional<Result<void>> side_action(App& app, const json& a) { return side_script_action(app, app.side, a); }
std::optional<Result<void>> export_action(App& app, const json& a) {
  return export_script_action(app.export_dialog, app.settings, app, a);
}
std::optional<Result<void>> links_action(App& app, const json& a) {
  return links_script_action(app, app.links, app.click_mode, app, a);
}
std::optional<Result<void>> areas_action(App& app, const json& a) {
  return areas_script_action(app, app.areas, app.click_mode, app, a);
}
std::optional<Result<void>> files_action(App& app, const json& a) {
  return files_script_action(app, app.files, app, a);
}
std::optional<Result<void>> bake_action(App& app, const json& a) { return bake_script_action(app, app.bake_room(), a); }
std::optional<Result<void>> lesson_action(App& app, const json& a) {
  return lesson_script_action(app, app.lesson_room(), a);
}
const RoomAction kRoomActions[] = {doors_action,       spawn_action, export_action,         side_action,
                                   bake_action,        links_action, areas_action,          lesson_action,
                                   keys_script_action, files_action, compare_script_action, check_action};

Result<void> run_action(App& app, const json& a) {
  if (!a.is_object() || a.empty()) return Error{"an action is an object with one key"};
  for (RoomAction room : kRoomActions)
    if (std::optional<Result<void>> r = room(app, a)) return *r;
  for (const auto& [key, act] : kActions)
    if (a.contains(key)) return act(app, a);
  return Error{"unknown action " + a.dump()};
}

}  // namespace

Result<void> run_script(App& app, const std::string& script_path, std::string* capture) {
  Result<Script> script = read_script(script_path);  // the file's shape and the script limits, before any action
  if (!script) return Error{script.error()};
  if (capture) *capture = script->capture;
  int i = 0;
  for (const json& a : script->actions) {
    Result<void> done;
    try {
      done = run_action(app, a);
    } catch (const json::exception& e) {
      done = Error{std::string("bad value: ") + e.what()};
    }
    if (!done) return Error{script_path + ": action " + std::to_string(i) + ": " + done.error()};
    if (!app.baking.door.empty()) bake_wait(app.bake_room());  // a door dropped by the mouse: wait for its bake
    doors_tiles_wait(app.doors_engine());                      // and for the tile cache's door moves
    sim_wait(app.doors);                                       // and for the follower's run on its thread
    app.frame();                                               // let the UI catch up (layout, viewport size, exports)
    if (gl::stop_signal()) return Error{script_path + ": " + gl::stop_message() + " after action " + std::to_string(i)};
    ++i;
  }
  // A door the last frame moved with the mouse in the tile cache mode: its mesh and re-plan before the
  // state is read.
  doors_tiles_wait(app.doors_engine());
  return {};
}

}  // namespace navlab::app
