// The follower's plan (core/dynamic/follower.h): the navigation state it plans in, a plan made usable for
// following (path sampled densely, stop-turns, off-mesh jumps, the corridor's read set) and where
// braking must end when a change invalidates it. Inside core/dynamic only: follower.cpp runs the steps.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "channel_plan.h"
#include "coverage.h"
#include "follower.h"
#include "gates.h"
#include "navmesh_build.h"
#include "motion.h"
#include "plan.h"
#include "portals.h"
#include "profile.h"
#include "spline.h"
#include "surface.h"
#include "tilecache.h"
#include "tolerances.h"

namespace navlab::following {

// The smoothed path sampled densely (<= 0.05 m apart), with arc length at every sample.
struct Dense {
  std::vector<Vec2> pts;
  std::vector<double> s;
  double length() const { return s.empty() ? 0.0 : s.back(); }
  Vec2 at(double q) const {
    if (pts.empty()) return {};
    if (q <= 0.0) return pts.front();
    if (q >= length()) return pts.back();
    const size_t i = size_t(std::upper_bound(s.begin(), s.end(), q) - s.begin());
    const double u = (q - s[i - 1]) / std::max(tol::kTinyLength, s[i] - s[i - 1]);
    return lerp(pts[i - 1], pts[i], u);
  }
  // Closest point to `p` with arc length in [from, from + window]; returns its arc length.
  double project(Vec2 p, double from, double window) const {
    if (pts.size() < 2) return 0.0;
    double best_s = from, best_d = 1e300;
    size_t i = size_t(std::max<long>(0, long(std::upper_bound(s.begin(), s.end(), from) - s.begin()) - 1));
    for (; i + 1 < pts.size() && s[i] <= from + window; ++i) {
      const Vec2 a = pts[i], ab = pts[i + 1] - a;
      const double len2 = dot(ab, ab);
      const double u = len2 > 0 ? std::clamp(dot(p - a, ab) / len2, 0.0, 1.0) : 0.0;
      const double d = distance(p, a + ab * u);
      if (d < best_d - tol::kTinyLength) best_d = d, best_s = s[i] + u * (s[i + 1] - s[i]);
    }
    return std::max(from, best_s);
  }
};

// The arc length of the steering target (see the header, step 2): the farthest path sample in
// (from, until], or `until` itself, whose straight line from `pos` keeps within `tolerance` of every path
// sample between. The first candidate is taken whatever its line (the agent must aim somewhere).
double steer_s(const Dense& d, Vec2 pos, double from, double until, double tolerance);
// The path sampled densely, with arc length at every sample.
Dense densify(const SmoothPath& path);

// The follower's view of the navigation state: the scene's doors (after the events), the mesh (baked
// again when a baked door moves) and the optional tile cache.
struct World {
  Scene scene;
  const NavMesh* fixed = nullptr;
  std::shared_ptr<const NavMesh> rebaked;  // the mesh baked again after a door moved (null: `fixed`)
  TileCache* tiles = nullptr;
  BakeProgress* progress = nullptr;  // FollowDef::progress: its cancel stops a bake again part way
  std::string bake_stopped;          // the bake again a cancel stopped, as its error says ("" none)
  DoorOverrides overrides;

  const NavMesh& mesh() const { return tiles ? tiles->navmesh().mesh : rebaked ? *rebaked : *fixed; }
  const std::vector<int>* keys() const { return tiles ? &tiles->navmesh().keys : nullptr; }
  const std::vector<int>* tile_of() const { return tiles ? &tiles->navmesh().tile_of : nullptr; }
  bool closed(const std::string& id) const {
    if (std::count(overrides.closed.begin(), overrides.closed.end(), id)) return true;
    if (std::count(overrides.opened.begin(), overrides.opened.end(), id)) return false;
    for (const Door& d : scene.doors)
      if (d.id == id) return !d.open;
    return false;
  }
  std::vector<DoorCover> covers() const { return door_covers(scene, mesh(), overrides); }
  std::vector<Connection> cover_of(const std::string& id) const { return navlab::cover_of(covers(), id); }
  // The walls the agent slides along besides the mesh borders: closed doors and excluded areas.
  SearchFilter walls() const {
    auto gates = make_gates(scene, mesh(), overrides, GateLinks::ClosedOnly);
    return gates ? gates->filter : SearchFilter{};
  }
  std::vector<Connection> keyed(std::vector<Connection> cs) const {
    if (const auto* k = keys())
      for (Connection& c : cs) c = Connection::of((*k)[c.a], (*k)[c.b]);
    return cs;
  }
  // Door `door` (already moved in `scene`) is baked again where the bake marked it: on the tile cache the
  // tiles under its old and new footprints, on a single baked tile the whole mesh. Empty for doors the
  // bake did not mark (hand-authored meshes, graphs: the door gates the edges its new shape covers) and
  // when the bake fails (the old mesh stays; the door then gates the edges its shape covers).
  std::optional<NavChange> rebake(const Door& door) {
    if (tiles)
      return NavChange{NavChange::Kind::TilesRebuilt, "", {}, {}, tiles->move_door(door).rebuilt_tiles, door.id};
    auto again = rebake_for_moved_door(scene, mesh(), door.id, progress);
    if (progress) {  // no bake under way any more
      progress->phase.store(-1);
      progress->tiles_total.store(0);
      progress->tiles_done.store(0);
      if (again && !*again && progress->cancel.load()) bake_stopped = "door " + door.id + ": " + again->error();
    }
    if (!again || !*again) return std::nullopt;
    rebaked = std::make_shared<const NavMesh>(std::move(again->value()));
    return NavChange{NavChange::Kind::MeshRebaked, door.id, {}, {}, {}, ""};
  }
};

// A stop-turn of the path being followed.
struct StopTurn {
  double s = 0.0;  // m, where the agent stands
  Vec2 out;        // unit direction of the path after the turn
};

// An off-mesh link on the path: where it leaves (takeoff) and rejoins (landing) the path.
struct Jump {
  double s_takeoff = 0.0, s_landing = 0.0;  // m along the path
  Vec2 from, to;
  double from_height = 0.0, to_height = 0.0;
  int to_poly = -1;
};

// A plan made usable for following.
struct Active {
  FollowPlan plan;
  Profile profile;
  Dense dense;
  Spline spline;                // Smoothing::Channel: the spline followed (the path is to_smooth_path of it)
  bool walk_back = false;       // the path is the shortcut back onto the navmesh (see the header)
  std::optional<Vec2> located;  // where the plan's locate put its start (plane m), when it did
  std::vector<Portal> portals;
  Vec2 end;
  bool movable = false;  // has a path to follow
  std::vector<StopTurn> stops;
  std::vector<Jump> jumps;
  // What tells where along the corridor the agent is: the corridor polygons' outlines at adoption
  // (indices may shift when tiles are rebuilt; these do not), or for graphs each node's arc length.
  std::vector<std::vector<Vec2>> rings;
  std::vector<double> node_s;
  // The read set of the part not passed yet, and what it is made from.
  int passed = 0;
  ReadSet reads;
  std::vector<DoorCover> covers;
  PlanUse use;                     // what the plan used (core/search/corridor_version.h plan_read_set)
  std::vector<int> keys, tile_of;  // tiled meshes: copies at adoption
};

// The read set of the corridor from index `passed` on (the polygons left behind are not read any more).
void read_from(Active& a, int passed);
// Index in the corridor of the polygon (node) the agent is in or last passed: never moves backwards.
int passed_index(const Active& a, Vec2 pos, double s_now, double reach);
// Plans from `from` (plane, m; graph scenes: from node `start_node` of the mesh, or the query's start
// when -1, with `from` leading back to it when it is elsewhere).
Active adopt(const World& w, Vec2 from, double height, const Query& query, int version, double t, int start_node,
             Smoothing smoothing);
// `path` becomes the path `a` follows: its profile, dense samples, stop-turns and off-mesh jumps (on
// `w`'s mesh). A profile that fails (a bad agent) fails the plan. False when there is nothing to walk.
bool follow_path(Active& a, const World& w, SmoothPath path);
// Smoothing::Channel: `spline` becomes what `a` follows (its mode is the plan's spline_mode).
bool follow_spline(Active& a, const World& w, const Spline& spline);
// A plan whose path is the straight shortcut from `from` (off the navmesh) to `to` on it.
Active way_back(const World& w, Vec2 from, Vec2 to, int version, double t);
// Whether `p` can be stood on in `w` now (a polygon the walls leave open; graphs: always).
bool on_navmesh(const World& w, Vec2 p);

// Where braking must end after `change` invalidated `act`: just before the path crosses a connection
// the change affects, or before the first point that is no longer on the mesh. Returns -1 if none.
// `change` names its connections by key (World::keyed); the portals are in the polygon indices of the
// plan's mesh, which tiles rebuilt since may have renumbered, so they are compared by the plan's keys.
double stop_point(const Active& act, const World& w, const NavChange& change, double s_now, double radius);

}  // namespace navlab::following
