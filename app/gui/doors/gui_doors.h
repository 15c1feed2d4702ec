// Doors, blockers and the follower in the app: door states and shapes the user changes (doors panel,
// dragging in the viewport, scripts), the corridor version and read set of the plan on screen, the
// re-plan log with causes, and the follower simulation (core/dynamic/follower.h) animated along the plan.
//
// Whether a change invalidates the plan on screen is asked of the core: the read set comes from
// make_read_set() and each change is a NavChange tested with touches() (core/search/corridor_version.h). A
// change that touches the read set re-runs the plan and gives it the next corridor version; any other
// change keeps the plan and its version. Blockers are transient: moving one never re-plans, it only
// re-runs the simulation (local avoidance).
//
// Baked scenes (floor plan or mesh) mark every door in the bake: closing or opening one gates its
// polygons and bakes nothing. Moving one bakes again: on a single tile the whole mesh when the drag ends
// (while dragging, the door gates the shared edges its shape covers), a NavChange of kind MeshRebaked
// that re-plans any plan on screen. With Detour's tile cache on (core/dynamic/tilecache.h) the mesh on screen is
// the tile cache's mesh and a move rebuilds only the tiles under the door's old and new footprints, on
// the tile cache's thread while the drag goes on (TilesView); each mesh it hands over is a NavChange of
// kind TilesRebuilt, which touches the plan when a rebuilt tile holds a polygon of its corridor. Polygon
// indices may shift after a rebuild: a kept plan is renumbered by the stable polygon keys
// (TiledNavMesh::keys).
#pragma once

#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "corridor_version.h"
#include "follow_job.h"
#include "follower.h"
#include "gui_session.h"
#include "result.h"
#include "scene.h"
#include "tile_job.h"
#include "tilecache.h"

namespace navlab::app {

class Disposer;
class Viewport;

struct DoorLogEntry {
  int version = 0;         // corridor version after the change
  bool replanned = false;  // the change touched the read set and the plan re-ran
  std::string cause;       // NavChange::cause(), "blocker_moved", or "plan" (query/parameters/scene)
  std::string text;        // e.g. "v3: door_east closed - touched the corridor's read set (connection 11<->17). ..."
  double replan_ms = 0.0;  // the re-plan's time (the whole plan on screen, traces included), ms
};

// What the last scripted drag cost, frame by frame (thread CPU of each frame, the re-plans it made).
struct DragStats {
  int frames = 0;
  double frame_cpu_ms_mean = 0.0, frame_cpu_ms_max = 0.0;  // ms of main-thread CPU per frame
  int replans = 0;
  double replan_ms_mean = 0.0, replan_ms_max = 0.0;  // ms per re-plan (DoorLogEntry::replan_ms)
  // A baked door: main-thread CPU of the frame the drop's new mesh arrived in (taken, re-planned, drawn)
  // and of the frame after it, ms (-1: no bake).
  double arrival_frame_cpu_ms = -1.0, after_arrival_frame_cpu_ms = -1.0;
};

// The follower run shown as an animation. It starts from `base` (the scene when it started); door
// changes made while it runs are added as events at their simulation time and the run is repeated
// (the follower is deterministic, so the past stays the same and the change acts from that time on).
struct SimView {
  bool valid = false;
  Scene base;
  Query query;
  std::vector<FollowEvent> events;
  FollowResult result;
  double t = 0.0;  // s, simulation time shown
  bool playing = false;
  double speed = 1.0;       // simulated seconds per real second
  double run_ms = 0.0;      // time the last follow() call took (with baking its tile cache)
  bool tile_cache = false;  // the last run moved doors in a tile cache of its own (FollowDef::tile_cache)
  // What the runs follow: the channel's spline while the channel is shown on a polygon mesh (its spline
  // updates and modes drawn with the agent), else the arcs. A change of it runs the simulation again.
  Smoothing smoothing = Smoothing::Arcs;
  // The run under way on its own thread (null: none; `result` is the last one that finished), and whether
  // the events changed since it started (one more run follows it with them). A run that bakes again —
  // a door dropped on a large baked level, a tile cache of its own — never holds up the UI thread.
  std::shared_ptr<FollowJob> job;
  bool rerun = false;
  int runs = 0;  // runs started since the scene was opened
  // The mesh the runs read: a copy of doc.mesh taken with `base` when the simulation restarts (once per
  // mesh revision, not once per run), shared read-only with every run of the simulation.
  std::shared_ptr<const NavMesh> mesh;
  long mesh_revision = -1;
  int mesh_copies = 0;             // copies made since the scene was opened
  bool last_on_ui_thread = false;  // the last run's result came from the UI thread (it never should)
  // Index of the step shown at time t (the last step with step.t <= t), -1 before the first.
  int step_index() const;
  double end_time() const { return result.steps.empty() ? 0.0 : result.steps.back().t; }
};

// The tile cache mode (carving doors) and what its last change rebuilt. The cache's door moves run on a
// thread of their own (TileJob): a drag queues them and goes on drawing; each frame takes the newest mesh
// the job has readied (with its index and the viewport's shapes), once the viewport has shown the last.
struct TilesView {
  bool wanted = false;               // the user's choice (kept across scenes); off by default
  std::shared_ptr<TileCache> cache;  // while on: baked from the scene, every door marked; doc.mesh is its mesh
  std::unique_ptr<TileJob> job;      // while on: the cache's door moves (the cache is the job's meanwhile)
  std::shared_ptr<std::atomic<bool>> presenter;  // the theme the job builds the viewport's shapes in
  std::vector<int> keys;                         // stable polygon keys of doc.mesh (TiledNavMesh::keys)
  std::vector<int> tile_of;                      // tile of each polygon of doc.mesh
  std::vector<int> rebuilt;                      // tiles rebuilt by the last change
  std::string last_update;                       // TileUpdate::describe() of the last change
  double update_ms = 0.0;       // tile update (with conversion) of the last change, on the job's thread, ms
  double ready_ms = 0.0;        // the new mesh's copy, index and shapes there, ms (the last mesh's)
  double replan_ms = 0.0;       // the re-plan after it (0 when the plan was kept), ms
  double take_ms = 0.0;         // the UI thread's CPU to take it: show the mesh, re-plan or renumber, ms
  double changed_at = -1.0;     // ImGui time (s) of the last change: its tiles are outlined ~1 s
  int changes = 0;              // door moves done in the tiles since the mode was turned on
  int meshes_taken = 0;         // new meshes the job handed over (several moves may make one)
  bool finish_pending = false;  // a dropped door's mesh is awaited: the shortest path and channel follow it
  std::string error;            // why the mode could not be turned on ("" none)
  bool on() const { return cache != nullptr; }
};

struct DoorsView {
  int version = 0;                // corridor version of the plan on screen (0: no plan yet)
  ReadSet reads;                  // what that plan read
  std::vector<DoorCover> covers;  // every door and the connections it covers now
  std::vector<DoorLogEntry> log;
  SimView sim;
  // Runs no longer wanted: cancelled, kept until their threads have returned (kept across scenes).
  std::vector<std::shared_ptr<FollowJob>> sim_retired;
  int replans_this_frame = 0;  // live re-plans are limited to one per frame
  struct Deferred {            // a change that touched the read set after this frame's re-plan
    std::string cause, reason;
    bool live = false;   // made during a drag (DoorsView::live re-plans)
    bool tiles = false;  // a mesh of the tile cache's (its re-plan time is the tiles view's too)
  };
  std::optional<Deferred> deferred;  // re-planned at the start of the next frame
  TilesView tiles;
  DragStats last_drag;  // the last scripted drag of a door or blocker

  // Viewport dragging.
  enum class Grab { None, DoorBody, DoorEnd, Blocker };
  Grab grab = Grab::None;
  std::string grab_id;
  int grab_end = -1;             // DoorEnd: which point of the segment
  Vec2 grab_at;                  // world point where the drag started, m
  std::vector<Vec2> grab_shape;  // door points (or the blocker centre) when the drag started
  bool grab_replanned = false;   // this drag re-planned at least once
  std::string hover_id;          // door or blocker under the mouse ("" none)

  // What the state was computed for.
  std::string seen_path;
  int seen_plan_runs = -1;
};

// What only the whole app does for the doors' engine: bake the mesh again where a door was dropped, and
// (scripted drags) run the app's frames and tell whether a bake is under way. The App is one.
class DoorsShell {
 public:
  virtual ~DoorsShell() = default;
  // Bakes the mesh again with door `door` where it now is, on the bake's worker thread (gui_bake.h):
  // doors_mesh_rebaked or doors_rebake_failed follows. `what` names the move ("door_east moved").
  virtual void bake_door(const std::string& door, const std::string& what) = 0;
  // Runs one whole frame of the app; false when the app was closed.
  virtual bool run_frame() = 0;
  // Whether a bake runs on the bake's worker thread now.
  virtual bool bake_running() const = 0;
};

// The doors' engine where it changes the mesh on screen (the tile cache mode) or asks the shell: the
// Session, the doors' own state, the viewport that shows the mesh, the disposer that frees replaced
// meshes off the UI thread, and the shell. The App hands its own.
struct DoorsEngine {
  Session& app;
  DoorsView& doors;
  Viewport& view;
  Disposer& disposer;
  DoorsShell& shell;
};

// ---- per frame ----
// Notices plans re-run by something else (new query, parameters, scene) and advances a playing
// simulation by the frame's time. Call once per frame before the UI.
void doors_frame(const DoorsEngine& e, double dt_seconds);

// What the Doors panel and the viewport's door handles ask of the doors' engine, which re-plans, bakes
// and runs the follower through the whole app: a door opened or closed (doors_set_open), moved
// (doors_move) or a blocker moved (blockers_move), the tile cache mode (doors_set_tile_cache) and the
// follower run again from t = 0 (sim_restart). The App is one.
class DoorControls {
 public:
  virtual ~DoorControls() = default;
  virtual Result<void> set_door_open(const std::string& door, bool open) = 0;
  virtual Result<void> move_door(const std::string& door, const std::vector<Vec2>& shape, bool final_move) = 0;
  virtual Result<void> move_blocker(const std::string& id, Vec2 center, bool final_move) = 0;
  virtual Result<void> set_tile_cache(bool on) = 0;
  virtual void restart_follower() = 0;
};

// ---- changes (panel, viewport, scripts). Each fails with what is wrong. ----
Result<void> doors_set_open(Session& app, DoorsView& d, const std::string& door, bool open);
// Moves door `door` to `shape` (2 points: a segment; 3 or more: a polygon), plane metres.
// `final_move` false during a drag: "plan kept" entries of one drag are merged in the log. Until a
// baked door is baked again where it was dropped (single-tile and tiled meshes: on the bake's worker
// thread, gui_bake.h), it gates the shared edges its shape covers.
Result<void> doors_move(const DoorsEngine& e, const std::string& door, const std::vector<Vec2>& shape,
                        bool final_move = true);
// The bake dropped door `door` started has replaced the mesh (`what`: the edit, `bake_ms`: its time):
// the plan re-runs when it read the old mesh, and the log says so. doors_rebake_failed: the bake
// failed instead, and the log says why.
void doors_mesh_rebaked(Session& app, DoorsView& d, const std::string& door, const std::string& what, double bake_ms);
void doors_rebake_failed(DoorsView& d, const std::string& what, const std::string& error);
// Moves blocker `id` to `center` (plane metres). Never re-plans; re-runs the simulation when
// `final_move`.
Result<void> blockers_move(Session& app, DoorsView& d, const std::string& id, Vec2 center, bool final_move = true);

// ---- tile cache mode ----
// Whether the scene can be baked in tiles (a floor plan or mesh scene).
bool tiles_possible(const Session& app);
// Turns carving doors with the tile cache on or off (remembered across scenes). Rebuilds the mesh on
// screen and re-plans on it under the next corridor version. Fails with why the mode cannot be turned on.
Result<void> doors_set_tile_cache(const DoorsEngine& e, bool on);

// Scripted runs: waits for the door moves queued in the tile cache mode and shows the mesh they made
// (tiles_frame with waiting; nothing without the mode).
void doors_tiles_wait(const DoorsEngine& e);

// ---- simulation ----
void sim_restart(const Session& app, DoorsView& d);  // runs the follower from the current scene, t = 0
// The goal was moved (viewport, script) and the plan re-run: a simulation under way hears of it as a
// goal event at the time shown (the agent brakes and re-plans from where it stops) instead of starting
// over. Call after Session::replan().
void doors_goal_moved(const Session& app, DoorsView& d);
// Moves the shown time (clamped to the run once it is in).
void sim_advance(const Session& app, DoorsView& d, double seconds);
void sim_wait(DoorsView& d);  // waits for the run under way and any run queued after it (scripted runs)

// ---- viewport ----
// Mouse handling over the viewport (world: mouse in plane metres; pick: pick radius in metres).
// Returns true when it took the mouse (a door or blocker is grabbed or being dragged): no panning. A grab
// needs the click mode `mode` to be Inspect.
bool doors_viewport_mouse(Session& app, DoorsView& d, ClickMode mode, DoorControls& controls, Vec2 world, double pick,
                          bool hovered);
// Draws door handles, the hovered/grabbed object, and the simulated agent (position, velocity arrow,
// state, the follower's current path and trail) into the viewport `view`.
void draw_doors(const Session& app, Viewport& view, const DoorsView& d);

// The doors panel.
void panel_doors(Session& app, DoorsView& d, DoorControls& controls);

// Script actions {"door": ID, "open": b}, {"drag_door": ID, "to": [[x,y],[x,y]], "frames": N,
// "wait_tiles": b} (tile cache mode: true, the default, waits for each frame's move before the frame is
// drawn, as if the tiles were rebuilt at once; false drags as the mouse does, the moves on their thread),
// {"drag_blocker": ID, "to": [x,y], "frames": N}, {"simulate": seconds}, {"sim_restart": true},
// {"tile_cache": true|false}.
// nullopt when `action` is none of these; otherwise the action's outcome.
std::optional<Result<void>> doors_script_action(const DoorsEngine& e, const nlohmann::json& action);
// The doors state for the scripted run's printed JSON (`panel_open`: whether the Doors panel is shown).
nlohmann::json doors_state_json(const Session& app, const DoorsView& d, bool panel_open);

}  // namespace navlab::app
