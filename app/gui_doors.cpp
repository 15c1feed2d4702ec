// Door and blocker changes, corridor versions and the follower simulation for the app (gui_doors.h).
// Which plan a change invalidates is decided by the core (make_read_set, touches); this file only
// describes each change as a NavChange and records the answer.
#include "gui_doors.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>

#include "gates.h"
#include "gui_app.h"
#include "search.h"

namespace navlab::app {

namespace {

std::vector<DoorCover> door_covers(const Document& doc) {
  std::vector<DoorCover> out;
  auto gates = make_gates(doc.scene, doc.mesh);
  if (!gates) return out;
  for (const DoorGate& g : gates->doors) {
    DoorCover c{g.id, g.open, {}};
    for (const Link& l : g.links) {
      const int to = link_target(doc.mesh, l.node, l.link);
      if (to >= 0) c.connections.push_back(Connection::of(l.node, to));
    }
    std::sort(c.connections.begin(), c.connections.end());
    c.connections.erase(std::unique(c.connections.begin(), c.connections.end()), c.connections.end());
    out.push_back(std::move(c));
  }
  return out;
}

std::vector<Connection> cover_of(const std::vector<DoorCover>& covers, const std::string& id) {
  for (const DoorCover& c : covers)
    if (c.door == id) return c.connections;
  return {};
}

// The read set of the plan on screen. A failed plan read where it stands and the doors that blocked it.
ReadSet plan_reads(const App& app, const std::vector<DoorCover>& covers) {
  const PlanView& p = app.plan;
  if (!p.ran) return {};
  std::vector<int> corridor = p.search.corridor;
  if (corridor.empty() && p.has_start) {
    const int here = pick_polygon(app.doc.mesh, p.start, 0.0);
    if (here >= 0) corridor.push_back(here);
  }
  const std::vector<std::string> blocked = p.failure ? p.failure->blocked_by : std::vector<std::string>{};
  return make_read_set(corridor, covers, blocked);
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

// Re-reads what the plan on screen read (after any plan run).
void refresh(App& app) {
  DoorsView& d = app.doors;
  d.covers = door_covers(app.doc);
  d.reads = plan_reads(app, d.covers);
  d.seen_plan_runs = app.plan_runs;
  d.seen_path = app.doc.path;
}

void add_log(DoorsView& d, DoorLogEntry e, bool merge) {
  constexpr size_t kMaxLog = 200;
  if (merge && !d.log.empty() && d.log.back().cause == e.cause && d.log.back().replanned == e.replanned)
    d.log.back() = std::move(e);
  else
    d.log.push_back(std::move(e));
  if (d.log.size() > kMaxLog) d.log.erase(d.log.begin(), d.log.begin() + long(d.log.size() - kMaxLog));
}

// Re-runs the plan after a change that touched the read set and logs it under the next version.
void replan_for(App& app, const std::string& cause, const std::string& reason) {
  DoorsView& d = app.doors;
  ++d.replans_this_frame;
  d.deferred.reset();
  if (d.grab != DoorsView::Grab::None) d.grab_replanned = true;
  app.replan();
  ++d.version;
  refresh(app);
  const std::string text = "v" + std::to_string(d.version) + ": " + reason + " Re-planned: " +
                           (app.plan.ran ? to_string(app.plan.status) : "none") + ".";
  add_log(d, {d.version, true, cause, text}, false);
}

// Applies one change that was already made to app.doc.scene: asks the core whether it touches the read
// set, re-plans when it does (live changes: at most once per frame; a second one waits for the next
// frame), and logs why.
void apply_change(App& app, const NavChange& change, const std::string& what, bool merge, bool final_move) {
  DoorsView& d = app.doors;
  const Touch touch = touches(d.reads, change);
  if (touch.touched) {
    std::vector<Connection> hit;
    for (const Connection& c : change.connections)
      if (std::binary_search(d.reads.connections.begin(), d.reads.connections.end(), c)) hit.push_back(c);
    std::string reason = what + " - touched the corridor's read set";
    if (!hit.empty()) reason += " (connection " + conn_list(hit) + ")";
    reason += ". " + touch.why;
    if (final_move || d.replans_this_frame == 0)
      replan_for(app, change.cause(), reason);
    else
      d.deferred = DoorsView::Deferred{change.cause(), reason};
    return;
  }
  d.covers = door_covers(app.doc);
  const std::string text = what + " - outside the read set, plan kept (v" + std::to_string(d.version) + "). " +
                           change.describe();
  add_log(d, {d.version, false, change.cause(), text}, merge);
}

// The follower run for the scene as it is now.
void run_sim(App& app) {
  SimView& s = app.doors.sim;
  const auto t0 = std::chrono::steady_clock::now();
  s.result = follow(s.base, app.doc.mesh, s.query, s.events);
  s.run_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  s.t = std::min(s.t, s.end_time());
}

// A door change while the simulation is under way becomes an event at the time shown.
void sim_door_event(App& app, FollowEvent ev) {
  SimView& s = app.doors.sim;
  if (!s.valid) return;
  if (s.t <= 0.0) {
    sim_restart(app);
    return;
  }
  ev.t = s.t;
  s.events.push_back(std::move(ev));
  run_sim(app);
}

}  // namespace

int SimView::step_index() const {
  int idx = -1;
  for (size_t i = 0; i < result.steps.size() && result.steps[i].t <= t + 1e-9; ++i) idx = int(i);
  return idx;
}

void doors_frame(App& app, double dt_seconds) {
  DoorsView& d = app.doors;
  d.replans_this_frame = 0;
  if (d.deferred && d.seen_path == app.doc.path) replan_for(app, d.deferred->cause, d.deferred->reason);
  if (d.seen_path != app.doc.path) {
    d = DoorsView{};
    d.version = app.plan.ran ? 1 : 0;
    refresh(app);
    if (d.version > 0) add_log(d, {1, true, "plan", "v1: first plan of " + app.doc.scene.name + "."}, false);
  } else if (d.seen_plan_runs != app.plan_runs) {
    // Re-planned by something else: a new query, new parameters or a reloaded scene.
    d.version += app.plan.ran ? 1 : 0;
    refresh(app);
    d.sim.valid = false;
    d.sim.playing = false;
    d.sim.t = 0.0;
    if (app.plan.ran)
      add_log(d, {d.version, true, "plan",
                  "v" + std::to_string(d.version) + ": new plan (query, parameters or scene changed)."}, true);
  }
  SimView& s = d.sim;
  if (s.playing && s.valid) {
    s.t += dt_seconds * s.speed;
    if (s.t >= s.end_time()) {
      s.t = s.end_time();
      s.playing = false;
    }
  }
}

std::string doors_set_open(App& app, const std::string& id, bool open) {
  Door* door = find_door(app.doc.scene, id);
  if (!door) return "no door '" + id + "'";
  if (door->open == open) return "";
  NavChange change;
  change.kind = open ? NavChange::Kind::DoorOpened : NavChange::Kind::DoorClosed;
  change.door = id;
  change.connections = cover_of(app.doors.covers, id);
  door->open = open;
  apply_change(app, change, id + (open ? " opened" : " closed"), false, true);
  sim_door_event(app, {0.0, open ? FollowEvent::Kind::Open : FollowEvent::Kind::Close, id, {}, false});
  return "";
}

std::string doors_move(App& app, const std::string& id, const std::vector<Vec2>& shape, bool final_move) {
  Door* door = find_door(app.doc.scene, id);
  if (!door) return "no door '" + id + "'";
  if (shape.size() < 2) return "a door needs a segment (2 points) or a polygon (3 or more)";
  const bool polygon = shape.size() > 2;
  std::vector<ScenePoint> pts;
  for (size_t i = 0; i < shape.size(); ++i) {
    ScenePoint p = i < door->shape.size() ? door->shape[i] : (door->shape.empty() ? ScenePoint{} : door->shape[0]);
    p.plane = shape[i];
    p.node.clear();
    pts.push_back(p);
  }
  const bool same = pts == door->shape && polygon == door->is_polygon;
  if (same && !final_move) return "";
  NavChange change;
  change.kind = NavChange::Kind::DoorMoved;
  change.door = id;
  if (!door->open) change.connections = cover_of(app.doors.covers, id);
  door->shape = std::move(pts);
  door->is_polygon = polygon;
  if (!door->open) {
    for (const Connection& c : cover_of(door_covers(app.doc), id)) change.connections.push_back(c);
    std::sort(change.connections.begin(), change.connections.end());
    change.connections.erase(std::unique(change.connections.begin(), change.connections.end()),
                             change.connections.end());
  }
  if (!same) apply_change(app, change, id + " moved", true, final_move);
  if (final_move) sim_door_event(app, {0.0, FollowEvent::Kind::Move, id, shape, polygon});
  return "";
}

std::string blockers_move(App& app, const std::string& id, Vec2 center, bool final_move) {
  Blocker* b = find_blocker(app.doc.scene, id);
  if (!b) return "no blocker '" + id + "'";
  b->center.plane = center;
  if (!final_move) return "";
  DoorsView& d = app.doors;
  char at[64];
  std::snprintf(at, sizeof at, "(%.2f, %.2f)", center.x, center.y);
  add_log(d, {d.version, false, "blocker_moved",
              id + " moved to " + at + " - a transient blocker changes no connection: plan kept (v" +
                  std::to_string(d.version) + "), the agent avoids it locally."},
          true);
  if (d.sim.valid) {
    if (Blocker* sb = find_blocker(d.sim.base, id)) sb->center.plane = center;
    run_sim(app);
  }
  return "";
}

void sim_restart(App& app) {
  SimView& s = app.doors.sim;
  s.valid = false;
  s.t = 0.0;
  s.events.clear();
  s.result = {};
  if (!app.doc.loaded() || !app.doc.start || !app.doc.goal) return;
  s.base = app.doc.scene;
  s.query = {"app", *app.doc.start, *app.doc.goal};
  run_sim(app);
  s.valid = true;
}

void sim_advance(App& app, double seconds) {
  SimView& s = app.doors.sim;
  if (!s.valid) sim_restart(app);
  s.t = std::clamp(s.t + seconds, 0.0, s.end_time());
}

}  // namespace navlab::app
