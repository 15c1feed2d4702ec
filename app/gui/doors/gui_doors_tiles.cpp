// The tile cache mode of the doors (gui_doors.h): baking the scene in tiles with every door marked,
// rebuilding only the tiles a door move touches, deciding with the core whether the rebuilt tiles touch
// the plan's read set, and keeping a kept plan's polygon numbers right when a rebuild shifts them.
#include <imgui.h>
#include "format.h"

#include <algorithm>
#include <cstdio>

#include "cpu_clock.h"
#include "gui_dispose.h"
#include "gui_doors_internal.h"
#include "gui_mesh_layer.h"
#include "gui_viewport.h"
#include "navmesh_build.h"
#include "renumber.h"
#include "search.h"

namespace navlab::app {

namespace {

// Shows the cache's current mesh (the job does not exist yet or waits for moves).
void show_mesh(const DoorsEngine& e) {
  TilesView& t = e.doors.tiles;
  const TiledNavMesh& m = t.cache->navmesh();
  set_mesh(e.app.doc, m.mesh);
  t.keys = m.keys;
  t.tile_of = m.tile_of;
  e.view.mesh_changed();
}

// Starts the job that moves the cache's doors, readying each new mesh on its thread as a bake's is: the
// search's scratch space and the viewport's shapes (in the theme of the moment it is built).
void start_job(const Session& app, TilesView& t) {
  t.presenter = std::make_shared<std::atomic<bool>>(app.theme.presenter);
  t.job = std::make_unique<TileJob>(t.cache, [presenter = t.presenter](const NavMesh& mesh) -> std::shared_ptr<void> {
    ready_mesh(mesh);
    return build_shapes(mesh, presenter->load());
  });
}

// Renumbers the polygons of a kept plan after a rebuild shifted them (core/search/renumber.h): gone
// polygons are -1 in the corridor and kNodeGone in the search records, whose sentences then say the
// polygon was rebuilt.
void renumber(PlanView& p, const std::vector<int>& old_keys, const std::vector<int>& old_tiles,
              const std::vector<int>& new_keys, const std::vector<int>& rebuilt) {
  Renumbering(old_keys, old_tiles, new_keys, rebuilt).apply(p.search.corridor, p.trace.search);
}

std::string ms_text(double ms) { return fmt("%.2f ms", ms); }

// Off unless asked for: on the tile cache's mesh an open door's doorway is usually inside one polygon, so
// doors would cover no connection and the plan would read no door (the gating view of the doors panel).
bool wanted(const Session& app, const TilesView& t) { return tiles_possible(app) && t.wanted; }

// Shows the mesh `out` hands over and re-plans when a rebuilt tile holds a polygon the plan read (a
// drag's live re-plan at the start of the next frame, a dropped door's at once), or renumbers the plan
// kept.
void take_mesh(const DoorsEngine& e, TileJob::Output out) {
  Session& app = e.app;
  DoorsView& d = e.doors;
  TilesView& t = d.tiles;
  const double t0 = thread_cpu_ms();
  const std::vector<int> old_keys = std::move(t.keys), old_tiles = std::move(t.tile_of);
  const TileUpdate& up = out.update;
  t.keys = std::move(out.mesh.keys);
  t.tile_of = std::move(out.mesh.tile_of);
  e.disposer.later(set_mesh(app.doc, std::move(out.mesh.mesh)));  // 100k polygons: ms of free()
  if (auto* shapes = static_cast<BakedShapes*>(out.prepared.get()); shapes && shapes->built)
    e.view.mesh_changed(std::move(shapes->layer), shapes->presenter);
  else
    e.view.mesh_changed();
  t.rebuilt = up.rebuilt_tiles;
  t.last_update = up.describe();
  t.update_ms = up.ms;
  t.ready_ms = out.ready_ms;
  t.replan_ms = 0.0;
  t.changed_at = ImGui::GetCurrentContext() ? ImGui::GetTime() : 0.0;
  t.changes += out.moves;
  ++t.meshes_taken;
  const bool final_move = out.final;
  std::string what;
  for (const std::string& door : out.doors) what += (what.empty() ? "" : ", ") + door;
  what += " moved";

  NavChange change;
  change.kind = NavChange::Kind::TilesRebuilt;
  change.tiles = up.rebuilt_tiles;
  change.obstacle = out.doors.empty() ? std::string() : out.doors.back();
  const Touch touch = touches(d.reads, change);
  if (touch.touched) {
    const std::string reason = what + " - " + up.describe() + " Touched the corridor's read set. " + touch.why;
    if (final_move) {
      doors_replan(app, d, change.cause(), reason, false);
      t.replan_ms = app.plan.run_ms;
      d.log.back().text += " (tile update " + ms_text(up.ms) + " on its own thread)";
    } else {
      // A live re-plan waits for the start of the next frame, so that the frame taking a large mesh does
      // not re-plan too; until then the plan is drawn on the new mesh.
      renumber(app.plan, old_keys, old_tiles, t.keys, up.rebuilt_tiles);
      d.deferred = DoorsView::Deferred{change.cause(),
                                       reason + " (tile update " + ms_text(up.ms) + " on its own thread)", true, true};
    }
  } else {
    renumber(app.plan, old_keys, old_tiles, t.keys, up.rebuilt_tiles);
    doors_refresh(app, d);
    const std::string text = what + " - " + up.describe() + " None holds a polygon of the corridor: outside the read " +
                             "set, plan kept (v" + std::to_string(d.version) + ").";
    doors_log(d, {d.version, false, change.cause(), text}, true);
  }
  t.take_ms = thread_cpu_ms() - t0;
}

}  // namespace

bool tiles_possible(const Session& app) { return app.doc.loaded() && traits(app.doc.scene.kind()).baked; }

bool tiles_sync(const DoorsEngine& e) {
  Session& app = e.app;
  TilesView& t = e.doors.tiles;
  const bool want = wanted(app, t);
  // A single-tile baked mesh on screen while the mode is on: the scene was opened or reloaded.
  if (want && (!t.on() || app.doc.mesh.baked)) {
    t.error.clear();
    auto built = TileCache::build(app.doc.scene, tile_cache_def(app.doc.scene));
    if (!built) {
      t.error = built.error();
      t.wanted = false;  // do not try again every frame
      t.job.reset();
      t.cache.reset();
      return false;
    }
    t.job.reset();  // a job of the last cache finishes its move under way first
    t.cache = std::move(built.value());
    show_mesh(e);
    start_job(app, t);
    t.rebuilt.clear();
    t.changes = 0;
    t.meshes_taken = 0;
    t.finish_pending = false;
    t.update_ms = 0.0;
    t.ready_ms = 0.0;
    t.replan_ms = 0.0;
    char buf[160];
    std::snprintf(buf, sizeof buf, "%d tiles (%d x %d), %zu polygons, baked in %.1f ms.", t.cache->tile_count(),
                  t.cache->tiles_x(), t.cache->tiles_y(), app.doc.mesh.polys.size(), t.cache->bake_ms());
    t.last_update = buf;
    return true;
  }
  if (!want && t.on()) {
    t.job.reset();
    t.cache.reset();
    t.keys.clear();
    t.tile_of.clear();
    t.rebuilt.clear();
    t.last_update.clear();
    auto mesh = build_navmesh(app.doc.scene);
    if (!mesh) {
      t.error = mesh.error();
      return false;
    }
    set_mesh(app.doc, std::move(mesh.value()));
    e.view.mesh_changed();
    return true;
  }
  return false;
}

Result<void> doors_set_tile_cache(const DoorsEngine& e, bool on) {
  if (on && !tiles_possible(e.app)) return Error{"carving doors needs a floor plan or mesh scene"};
  DoorsView& d = e.doors;
  d.tiles.wanted = on;
  if (!tiles_sync(e)) return Error{d.tiles.error};
  d.sim.valid = false;
  d.sim.playing = false;
  d.sim.t = 0.0;
  doors_replan(
      e.app, d, "tile_cache",
      on ? "Tile cache on: " + d.tiles.last_update +
               " Doors are baked into their tiles: closing one gates its polygons, moving one rebuilds its tiles."
         : std::string("Tile cache off: one baked tile; moving a door bakes the whole mesh again."));
  return {};
}

void tiles_door_moved(const Session& app, TilesView& t, const std::string& id, bool moved, bool final_move) {
  t.finish_pending = t.finish_pending || final_move;
  if (!moved) return;
  for (const Door& door : app.doc.scene.doors)
    if (door.id == id) {
      t.presenter->store(app.theme.presenter);
      t.job->move(door, final_move);
      return;
    }
}

void tiles_frame(const DoorsEngine& e, bool wait) {
  DoorsView& d = e.doors;
  TilesView& t = d.tiles;
  if (!t.job) return;
  if (wait) t.job->wait();
  // The viewport shows each new mesh once it has drawn it whole (over a few frames on a large level): a
  // mesh that arrives meanwhile waits in the job, folded into the next. A dropped door's does not wait.
  if (!wait && e.view.spread_steps_left() > 0 && !t.finish_pending) return;
  std::optional<TileJob::Output> out = t.job->take();
  if (out) take_mesh(e, std::move(*out));
  if (wait && d.deferred && d.deferred->tiles) doors_run_deferred(e.app, d);
  // The drag's live re-plans left out the shortest path and channel: once the dropped door's mesh is on
  // screen (every move queued before the drop done and taken), they follow it.
  if (t.finish_pending && t.job->done()) {
    t.finish_pending = false;
    e.app.finish_replan();
  }
}

void doors_tiles_wait(const DoorsEngine& e) { tiles_frame(e, true); }

}  // namespace navlab::app
