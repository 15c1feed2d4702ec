// Door and blocker changes, corridor versions and the follower simulation for the app (gui_doors.h).
// Which plan a change invalidates is decided by the core (make_read_set, touches); this file only
// describes each change as a NavChange and records the answer.
#include "gui_doors.h"
#include "tolerances.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <thread>

#include "format.h"
#include "gates.h"
#include "gui_doors_internal.h"
#include "search.h"

namespace navlab::app {

std::vector<DoorCover> doors_covers(const Session& app) { return door_covers(app.doc.scene, app.doc.mesh); }

namespace {

// The read set of the plan on screen, by the core's rule (plan_read_set). On the tile cache's mesh,
// polygons and connections are read by their stable keys, with their tiles.
ReadSet plan_reads(const Session& app, const TilesView& t, const std::vector<DoorCover>& covers) {
  const PlanView& p = app.plan;
  if (!p.ran) return {};
  const PlanUse use{p.status, p.search.corridor, p.start_poly,
                    p.failure ? p.failure->blocked_by : std::vector<std::string>{}, p.search.popped};
  const bool keyed = t.on() && t.keys.size() == app.doc.mesh.polys.size();
  return plan_read_set(use, covers, keyed ? &t.keys : nullptr, keyed ? &t.tile_of : nullptr);
}

Door* find_door(Scene& s, const std::string& id) {
  for (Door& d : s.doors)
    if (d.id == id) return &d;
  return nullptr;
}

Blocker* find_blocker(Scene& s, const std::string& id) {
  for (Blocker& b : s.blockers)
    if (b.id == id) return &b;
  return nullptr;
}

std::string conn_list(const std::vector<Connection>& cs) {
  std::string s;
  for (size_t i = 0; i < cs.size() && i < 4; ++i)
    s += (i ? ", " : "") + std::to_string(cs[i].a) + "<->" + std::to_string(cs[i].b);
  if (cs.size() > 4) s += ", ...";
  return s;
}

// Applies one change that was already made to app.doc.scene: asks the core whether it touches the read
// set, re-plans when it does (live changes: at most once per frame; a second one waits for the next
// frame), and logs why.
// `covers_now`: the doors' covers after the change when the caller has them (null: worked out here).
void apply_change(Session& app, DoorsView& d, const NavChange& change, const std::string& what, bool merge,
                  bool final_move, const std::vector<DoorCover>* covers_now = nullptr) {
  const Touch touch = touches(d.reads, change);
  if (touch.touched) {
    std::string reason = what + " - touched the corridor's read set";
    if (!touch.connections.empty()) reason += " (connection " + conn_list(touch.connections) + ")";
    reason += ". " + touch.why;
    if (final_move || d.replans_this_frame == 0)
      doors_replan(app, d, change.cause(), reason, !final_move);
    else
      d.deferred = DoorsView::Deferred{change.cause(), reason, !final_move};
    return;
  }
  d.covers = covers_now ? *covers_now : doors_covers(app);
  const std::string text =
      what + " - outside the read set, plan kept (v" + std::to_string(d.version) + "). " + change.describe();
  doors_log(d, {d.version, false, change.cause(), text}, merge);
}

// A door was dropped somewhere else: when the bake marked it (its id in NavMesh::door_ids, as the
// follower's rebake_for_moved_door asks), the mesh is baked again with its footprint there, on the
// bake's worker thread; doors_mesh_rebaked follows when it returns. False when the door was not baked.
bool rebake_door_moved(const DoorsEngine& e, const std::string& id, const std::string& what) {
  if (baked_door_index(e.app.doc.mesh, id) < 0) return false;
  e.shell.bake_door(id, what);
  return true;
}

// The follower run for the simulation's base scene, its mesh and the events so far, on a thread of its
// own (with copies of the scene and the events; the mesh is shared). In the tile cache mode the run
// moves doors in a tile cache of its own, baked from the simulation's scene (follow() changes the cache
// it is given, and the mesh on screen must not show the simulation's rebuilds). While one runs, a change
// queues one more run (only the latest counts).
void run_sim(DoorsView& d) {
  SimView& s = d.sim;
  if (s.job) {
    s.rerun = true;
    return;
  }
  s.rerun = false;
  ++s.runs;
  FollowDef def;
  def.smoothing = s.smoothing;
  s.job = std::make_shared<FollowJob>(s.base, s.mesh, s.query, s.events, def, d.tiles.on());
}

// The smoothing the simulation follows: the channel's spline while the channel is shown (polygon meshes).
Smoothing sim_smoothing(const Session& app) {
  const bool polygons = app.doc.mesh.kind != NavMesh::Kind::Graph;
  return app.settings.show_channel && polygons ? Smoothing::Channel : Smoothing::Arcs;
}

// A run no longer wanted is cancelled and kept until its thread returns (doors_frame_sim lets it go).
void retire_run(DoorsView& d, std::shared_ptr<FollowJob> job) {
  job->cancel();
  d.sim_retired.push_back(std::move(job));
}

// The run under way no longer counts (its events or its plan are gone): it is cancelled, and nothing
// queued after it runs.
void sim_drop_run(DoorsView& d) {
  if (d.sim.job) retire_run(d, std::move(d.sim.job));
  d.sim.rerun = false;
}

// A finished run's result replaces the one shown (`wait`: waits for the run under way); the queued run
// starts then.
void sim_collect(DoorsView& d, bool wait) {
  SimView& s = d.sim;
  if (!s.job || (!wait && !s.job->finished())) return;
  FollowJobOutput out = s.job->take();
  s.job.reset();
  s.result = std::move(out.result);
  s.tile_cache = out.tile_cache;
  s.run_ms = out.ms;
  s.last_on_ui_thread = out.thread == std::this_thread::get_id();
  s.t = std::min(s.t, s.end_time());
  if (s.rerun) run_sim(d);
}

// A door change (or a goal move) while the simulation is under way becomes an event at the time shown. A
// drag sends its moves once per frame: a move of the same door (of the goal) at the same time replaces
// the previous one.
void sim_door_event(const Session& app, DoorsView& d, FollowEvent ev) {
  SimView& s = d.sim;
  if (!s.valid) return;
  if (s.t <= 0.0) {
    sim_restart(app, d);
    return;
  }
  ev.t = s.t;
  const bool replaces = ev.kind == FollowEvent::Kind::Move || ev.kind == FollowEvent::Kind::Goal;
  if (replaces && !s.events.empty() && s.events.back().kind == ev.kind && s.events.back().door == ev.door &&
      s.events.back().t == ev.t)
    s.events.back() = std::move(ev);
  else
    s.events.push_back(std::move(ev));
  run_sim(d);
}

}  // namespace

void doors_refresh(const Session& app, DoorsView& d) {
  d.covers = doors_covers(app);
  d.reads = plan_reads(app, d.tiles, d.covers);
  d.seen_plan_runs = app.plan_runs;
  d.seen_path = app.doc.path;
}

void doors_log(DoorsView& d, DoorLogEntry e, bool merge) {
  constexpr size_t kMaxLog = 200;
  // Entries of one drag: the same cause and outcome, and the same "door moved" before the " - ".
  auto head = [](const std::string& text) { return text.substr(0, text.find(" - ")); };
  if (merge && !d.log.empty() && d.log.back().cause == e.cause && d.log.back().replanned == e.replanned &&
      head(d.log.back().text) == head(e.text))
    d.log.back() = std::move(e);
  else
    d.log.push_back(std::move(e));
  if (d.log.size() > kMaxLog) d.log.erase(d.log.begin(), d.log.begin() + long(d.log.size() - kMaxLog));
}

void doors_replan(Session& app, DoorsView& d, const std::string& cause, const std::string& reason, bool live) {
  ++d.replans_this_frame;
  d.deferred.reset();
  if (d.grab != DoorsView::Grab::None) d.grab_replanned = true;
  app.replan(live);
  ++d.version;
  doors_refresh(app, d);
  char ms[48];
  std::snprintf(ms, sizeof ms, " (re-plan %.2f ms)", app.plan.run_ms);
  const std::string text = "v" + std::to_string(d.version) + ": " + reason +
                           " Re-planned: " + (app.plan.ran ? to_string(app.plan.status) : "none") + "." + ms;
  doors_log(d, {d.version, true, cause, text, app.plan.run_ms}, false);
}

void doors_run_deferred(Session& app, DoorsView& d) {
  if (!d.deferred || d.seen_path != app.doc.path) return;
  // Taken out first: doors_replan drops the deferred change, and with it what it was asked to log.
  const DoorsView::Deferred change = std::move(*d.deferred);
  d.deferred.reset();
  doors_replan(app, d, change.cause, change.reason, change.live);
  if (change.tiles) d.tiles.replan_ms = app.plan.run_ms;
}

void doors_mesh_rebaked(Session& app, DoorsView& d, const std::string& door, const std::string& what, double bake_ms) {
  NavChange change{NavChange::Kind::MeshRebaked, door, {}, {}, {}, ""};
  char baked[96];
  std::snprintf(baked, sizeof baked, " - the mesh was baked again (%zu polygons, %.1f ms).", app.doc.mesh.polys.size(),
                bake_ms);
  const Touch touch = touches(d.reads, change);
  if (touch.touched) {
    doors_replan(app, d, change.cause(), what + baked + " " + touch.why);
    return;
  }
  doors_refresh(app, d);
  doors_log(d, {d.version, false, change.cause(), what + baked + " No plan on screen."}, false);
}

void doors_rebake_failed(DoorsView& d, const std::string& what, const std::string& error) {
  doors_log(d, {d.version, false, "mesh_rebaked", what + " - the bake failed, the old mesh stays: " + error}, false);
}

int SimView::step_index() const {
  int idx = -1;
  for (size_t i = 0; i < result.steps.size() && result.steps[i].t <= t + tol::kSameTime; ++i) idx = int(i);
  return idx;
}

void doors_frame(const DoorsEngine& e, double dt_seconds) {
  Session& app = e.app;
  DoorsView& d = e.doors;
  d.replans_this_frame = 0;
  doors_run_deferred(app, d);
  if (d.seen_path != app.doc.path) {
    const bool wanted = d.tiles.wanted;  // the mode is kept across scenes
    sim_drop_run(d);
    std::vector<std::shared_ptr<FollowJob>> retired = std::move(d.sim_retired);
    d = DoorsView{};
    d.tiles.wanted = wanted;
    d.sim_retired = std::move(retired);
    if (tiles_sync(e)) app.replan();
    d.version = app.plan.ran ? 1 : 0;
    doors_refresh(app, d);
    std::string text = "v1: first plan of " + app.doc.scene.name + ".";
    if (d.tiles.on()) text += " Baked in tiles with the tile cache: " + d.tiles.last_update;
    if (d.version > 0) doors_log(d, {1, true, "plan", text}, false);
    return doors_frame_sim(app, d, dt_seconds);
  }
  if (tiles_sync(e)) app.replan();  // the scene was reloaded: bake its tiles again
  tiles_frame(e);
  if (d.seen_plan_runs != app.plan_runs) {
    // Re-planned by something else: a new query, new parameters or a reloaded scene.
    d.version += app.plan.ran ? 1 : 0;
    doors_refresh(app, d);
    sim_drop_run(d);
    d.sim.valid = false;
    d.sim.playing = false;
    d.sim.t = 0.0;
    if (app.plan.ran)
      doors_log(d,
                {d.version, true, "plan",
                 "v" + std::to_string(d.version) + ": new plan (query, parameters or scene changed)."},
                true);
  }
  doors_frame_sim(app, d, dt_seconds);
}

void doors_frame_sim(const Session& app, DoorsView& d, double dt_seconds) {
  SimView& s = d.sim;
  sim_collect(d, false);
  // The channel shown or hidden: the same events run again on the spline or the arcs.
  if (s.valid && s.smoothing != sim_smoothing(app)) {
    s.smoothing = sim_smoothing(app);
    sim_drop_run(d);
    run_sim(d);
  }
  std::erase_if(d.sim_retired, [](const std::shared_ptr<FollowJob>& j) { return j->finished(); });
  if (s.playing && s.valid) {
    s.t += dt_seconds * s.speed;
    if (!s.job && s.t >= s.end_time()) {
      s.t = s.end_time();
      s.playing = false;
    }
  }
}

Result<void> doors_set_open(Session& app, DoorsView& d, const std::string& id, bool open) {
  Door* door = find_door(app.doc.scene, id);
  if (!door) return Error{"no door '" + id + "'"};
  if (door->open == open) return {};
  const NavChange change =
      door_change(open ? NavChange::Kind::DoorOpened : NavChange::Kind::DoorClosed, id, d.covers, d.covers, !open);
  door->open = open;
  apply_change(app, d, change, id + (open ? " opened" : " closed"), false, true);
  sim_door_event(app, d, {0.0, open ? FollowEvent::Kind::Open : FollowEvent::Kind::Close, id, {}, false, {}});
  return {};
}

Result<void> doors_move(const DoorsEngine& e, const std::string& id, const std::vector<Vec2>& shape, bool final_move) {
  Session& app = e.app;
  DoorsView& d = e.doors;
  Door* door = find_door(app.doc.scene, id);
  if (!door) return Error{"no door '" + id + "'"};
  if (shape.size() < 2) return Error{"a door needs a segment (2 points) or a polygon (3 or more)"};
  const bool polygon = shape.size() > 2;
  std::vector<ScenePoint> pts;
  for (size_t i = 0; i < shape.size(); ++i) {
    ScenePoint p = i < door->shape.size() ? door->shape[i] : (door->shape.empty() ? ScenePoint{} : door->shape[0]);
    p.plane = shape[i];
    p.node.clear();
    pts.push_back(p);
  }
  const bool same = pts == door->shape && polygon == door->is_polygon;
  if (same && !final_move) return {};
  door->shape = std::move(pts);
  door->is_polygon = polygon;
  const bool tiles = d.tiles.on();
  if (tiles) {
    tiles_door_moved(app, d.tiles, id, !same, final_move);
  } else {
    const std::vector<DoorCover> now = doors_covers(app);
    const NavChange change = door_change(NavChange::Kind::DoorMoved, id, d.covers, now, !door->open);
    if (!same) apply_change(app, d, change, id + " moved", true, final_move, &now);  // gated by its shape until baked
    if (final_move) rebake_door_moved(e, id, id + " moved");
  }
  // The simulation hears of every move of a drag (at most once per frame: the viewport and scripts move
  // a door once per frame).
  if (!same || final_move) sim_door_event(app, d, {0.0, FollowEvent::Kind::Move, id, shape, polygon, {}});
  // The live re-plans of the drag leave the shortest path and channel out; in the tile cache mode they
  // follow the dropped door's mesh (tiles_frame).
  if (final_move && !tiles) app.finish_replan();
  return {};
}

Result<void> blockers_move(Session& app, DoorsView& d, const std::string& id, Vec2 center, bool final_move) {
  Blocker* b = find_blocker(app.doc.scene, id);
  if (!b) return Error{"no blocker '" + id + "'"};
  b->center.plane = center;
  if (!final_move) return {};
  char at[64];
  std::snprintf(at, sizeof at, "(%.2f, %.2f)", center.x, center.y);
  doors_log(d,
            {d.version, false, "blocker_moved",
             id + " moved to " + at + " - a transient blocker changes no connection: plan kept (v" +
                 std::to_string(d.version) + "), the agent avoids it locally."},
            true);
  if (d.sim.valid) {
    if (Blocker* sb = find_blocker(d.sim.base, id)) sb->center.plane = center;
    run_sim(d);
  }
  return {};
}

void doors_goal_moved(const Session& app, DoorsView& d) {
  if (!d.sim.valid || d.sim.t <= 0.0 || !app.doc.goal || d.seen_path != app.doc.path) return;
  d.version += app.plan.ran ? 1 : 0;
  doors_refresh(app, d);  // the new plan is seen: the next frame keeps the simulation
  doors_log(d,
            {d.version, true, "goal_moved",
             "v" + std::to_string(d.version) + ": the goal moved to " + point_text(app.doc.goal->plane) + " at t " +
                 num(d.sim.t) + " s of the simulation: the agent brakes and re-plans from where it stops."},
            true);
  sim_door_event(app, d, {0.0, FollowEvent::Kind::Goal, "", {}, false, *app.doc.goal});
}

void sim_restart(const Session& app, DoorsView& d) {
  SimView& s = d.sim;
  sim_drop_run(d);  // its events are gone
  s.valid = false;
  s.t = 0.0;
  s.events.clear();
  s.result = {};
  if (!app.doc.loaded() || !app.doc.start || !app.doc.goal) return;
  s.base = app.doc.scene;
  s.query = {"app", *app.doc.start, *app.doc.goal};
  s.smoothing = sim_smoothing(app);
  // The mesh goes with the base scene: the events replay on both (a door dropped meanwhile is a Move
  // event the run bakes for itself, not the app's own bake of it, which may arrive between two runs).
  if (!s.mesh || s.mesh_revision != app.doc.mesh_revision) {
    s.mesh = std::make_shared<const NavMesh>(app.doc.mesh);
    s.mesh_revision = app.doc.mesh_revision;
    ++s.mesh_copies;
  }
  run_sim(d);
  s.valid = true;
}

void sim_advance(const Session& app, DoorsView& d, double seconds) {
  SimView& s = d.sim;
  if (!s.valid) sim_restart(app, d);
  s.t = std::max(0.0, s.t + seconds);
  if (!s.job) s.t = std::min(s.t, s.end_time());  // else when the run is in (sim_collect)
}

void sim_wait(DoorsView& d) {
  while (d.sim.job) sim_collect(d, true);
}

}  // namespace navlab::app
