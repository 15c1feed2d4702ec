// The tile cache mode of the doors (gui_doors.h): baking the scene in tiles with every door marked,
// rebuilding only the tiles a door move touches, deciding with the core whether the rebuilt tiles touch
// the plan's read set, and keeping a kept plan's polygon numbers right when a rebuild shifts them.
#include <imgui.h>
#include "format.h"

#include <cstdio>
#include <unordered_map>
#include <unordered_set>

#include "gui_app.h"
#include "gui_doors_internal.h"
#include "navmesh_build.h"

namespace navlab::app {

namespace {

// Shows the cache's current mesh.
void show_mesh(App& app) {
  TilesView& t = app.doors.tiles;
  const TiledNavMesh& m = t.cache->navmesh();
  set_mesh(app.doc, m.mesh);
  t.keys = m.keys;
  t.tile_of = m.tile_of;
  app.view.mesh_changed();
}

// Renumbers the polygons of a kept plan after a rebuild shifted them: old index -> key -> new index.
// Polygons of rebuilt tiles are gone (their keys may name other polygons now): -1 in the corridor, and
// kNodeGone in the search records, whose sentences then say the polygon was rebuilt.
void renumber(PlanView& p, const std::vector<int>& old_keys, const std::vector<int>& old_tiles,
              const std::vector<int>& new_keys, const std::vector<int>& rebuilt) {
  std::unordered_map<int, int> index;
  for (size_t i = 0; i < new_keys.size(); ++i) index[new_keys[i]] = int(i);
  const std::unordered_set<int> gone(rebuilt.begin(), rebuilt.end());
  auto map = [&](int n) {
    if (n < 0 || size_t(n) >= old_keys.size() || gone.count(old_tiles[size_t(n)])) return -1;
    const auto it = index.find(old_keys[size_t(n)]);
    return it == index.end() ? -1 : it->second;
  };
  auto record = [&](int n) { return n < 0 ? n : (map(n) >= 0 ? map(n) : kNodeGone); };
  for (int& n : p.search.corridor) n = map(n);
  for (SearchStep& st : p.search_trace.steps) {
    st.node = record(st.node);
    st.parent = record(st.parent);
  }
  for (int& n : p.search_trace.route) n = record(n);
}

std::string ms_text(double ms) { return fmt("%.2f ms", ms); }

// Off unless asked for: on the tile cache's mesh an open door's doorway is usually inside one polygon, so
// doors would cover no connection and the plan would read no door (the gating view of the doors panel).
bool wanted(const App& app) { return tiles_possible(app) && app.doors.tiles.wanted; }

}  // namespace

bool tiles_possible(const App& app) {
  const Scene::Source src = app.doc.scene.source;
  return app.doc.loaded() && (src == Scene::Source::Floorplan || src == Scene::Source::Mesh);
}

bool tiles_sync(App& app) {
  TilesView& t = app.doors.tiles;
  const bool want = wanted(app);
  // A single-tile baked mesh on screen while the mode is on: the scene was opened or reloaded.
  if (want && (!t.on() || app.doc.mesh.baked)) {
    t.error.clear();
    auto built = TileCache::build(app.doc.scene, tile_cache_def(app.doc.scene));
    if (!built) {
      t.error = built.error();
      t.wanted = false;  // do not try again every frame
      t.cache.reset();
      return false;
    }
    t.cache = std::move(built.value());
    show_mesh(app);
    t.rebuilt.clear();
    t.changes = 0;
    t.update_ms = 0.0;
    t.replan_ms = 0.0;
    char buf[160];
    std::snprintf(buf, sizeof buf, "%d tiles (%d x %d), %zu polygons, baked in %.1f ms.", t.cache->tile_count(),
                  t.cache->tiles_x(), t.cache->tiles_y(), app.doc.mesh.polys.size(), t.cache->bake_ms());
    t.last_update = buf;
    return true;
  }
  if (!want && t.on()) {
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
    app.view.mesh_changed();
    return true;
  }
  return false;
}

std::string doors_set_tile_cache(App& app, bool on) {
  if (on && !tiles_possible(app)) return "carving doors needs a floor plan or mesh scene";
  DoorsView& d = app.doors;
  d.tiles.wanted = on;
  if (!tiles_sync(app)) return d.tiles.error;
  d.sim.valid = false;
  d.sim.playing = false;
  d.sim.t = 0.0;
  doors_replan(app, "tile_cache",
               on ? "Tile cache on: " + d.tiles.last_update +
                        " Doors are baked into their tiles: closing one gates its polygons, moving one rebuilds its tiles."
                  : std::string("Tile cache off: one baked tile; moving a door bakes the whole mesh again."));
  return "";
}

void tiles_door_moved(App& app, const std::string& id, const std::string& what, bool merge, bool final_move) {
  DoorsView& d = app.doors;
  TilesView& t = d.tiles;
  const Door* door = nullptr;
  for (const Door& x : app.doc.scene.doors)
    if (x.id == id) door = &x;
  if (!door) return;
  const std::vector<int> old_keys = t.keys, old_tiles = t.tile_of;
  const TileUpdate up = t.cache->move_door(*door);
  show_mesh(app);
  t.rebuilt = up.rebuilt_tiles;
  t.last_update = up.describe();
  t.update_ms = up.ms;
  t.replan_ms = 0.0;
  t.changed_at = ImGui::GetCurrentContext() ? ImGui::GetTime() : 0.0;
  ++t.changes;

  NavChange change;
  change.kind = NavChange::Kind::TilesRebuilt;
  change.tiles = up.rebuilt_tiles;
  change.obstacle = id;
  const Touch touch = touches(d.reads, change);
  if (touch.touched) {
    const std::string reason = what + " - " + up.describe() + " Touched the corridor's read set. " + touch.why;
    if (final_move || d.replans_this_frame == 0) {
      doors_replan(app, change.cause(), reason, !final_move);
      t.replan_ms = app.plan.run_ms;
      d.log.back().text += " (tile update " + ms_text(up.ms) + ")";
      return;
    }
    // Re-planned at the start of the next frame; until then the plan is drawn on the new mesh.
    renumber(app.plan, old_keys, old_tiles, t.keys, up.rebuilt_tiles);
    d.deferred = DoorsView::Deferred{change.cause(), reason, !final_move};
    return;
  }
  renumber(app.plan, old_keys, old_tiles, t.keys, up.rebuilt_tiles);
  doors_refresh(app);
  const std::string text = what + " - " + up.describe() + " None holds a polygon of the corridor: outside the read " +
                           "set, plan kept (v" + std::to_string(d.version) + ").";
  doors_log(d, {d.version, false, change.cause(), text}, merge);
}

}  // namespace navlab::app
