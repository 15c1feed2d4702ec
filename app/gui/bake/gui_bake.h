// The bake in the open: the scene's Recast parameters, off-mesh links and painted areas changed in the
// app and the level baked again, on a worker thread (core/navmesh/bake_job.h) so the app keeps drawing
// while a large level bakes: the Bake panel shows the tiles done (tiled bakes) or the Recast phase under
// way (single tile) and a Cancel button. The mesh, its bake records and the plan are replaced on the UI
// thread once the bake has finished, exactly as a bake in place would replace them.
//
// Edits made while a bake runs restart it: the running bake is cancelled (its output is thrown away when
// it returns) and a new one starts from the latest values of every edit. A bake whose doors are no longer
// the document's when it returns (a door dropped elsewhere meanwhile) is started again the same way.
// Hand-authored meshes are not baked: a link edit rebuilds them at once.
#pragma once

#include <functional>
#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <vector>

#include "bake_job.h"
#include "enum_names.h"
#include "gui_session.h"
#include "result.h"
#include "scene.h"

namespace navlab::app {

class Disposer;
class Viewport;

// What the app edits of a bake: the Recast parameters, the off-mesh links and the painted areas.
struct BakeInputs {
  BakeDef bake;
  std::vector<LinkDef> links;
  std::vector<AreaPaint> floor_areas;  // a floor plan's painted areas
  std::vector<AreaVolume> mesh_areas;  // a level's painted volumes
  friend bool operator==(const BakeInputs&, const BakeInputs&) = default;
};
BakeInputs bake_inputs(const Scene& scene);
void set_bake_inputs(Scene& scene, const BakeInputs& inputs);

// How the last bake the app started ended.
enum class BakeEnd { None, Baked, Cancelled, Failed };
inline constexpr Named<BakeEnd> kBakeEndNames[] = {
    {BakeEnd::None, "none"},
    {BakeEnd::Baked, "baked"},
    {BakeEnd::Cancelled, "cancelled"},
    {BakeEnd::Failed, "failed"},
};
static_assert(names_cover(kBakeEndNames, BakeEnd::Failed));
inline const char* to_string(BakeEnd v) { return name_in(kBakeEndNames, v); }

struct BakedShapes;  // the viewport's shapes of the mesh a job bakes, built on its worker (gui_bake.cpp)

struct BakeView {
  std::unique_ptr<BakeJob> job;         // the bake under way (null: none)
  std::shared_ptr<BakedShapes> shapes;  // job's mesh shapes, written by its worker
  std::string what;                     // what it bakes for ("bake parameters", "link 2 added")
  std::string door;  // the door whose drop it bakes (the doors panel re-plans when it ends); "" for an edit
  std::vector<std::unique_ptr<BakeJob>> retiring;  // cancelled bakes whose threads have not returned yet
  BakeEnd last = BakeEnd::None;
  int started = 0;          // bakes started in this document
  int restarted = 0;        // of those, bakes started while another ran (which was cancelled)
  int frames_shown = 0;     // frames that drew a progress bar
  BakeDef edit;             // the Bake panel's parameters while they are edited
  long edit_revision = -1;  // the mesh revision `edit` was taken from (-1: take the document's again)
  bool running() const { return job != nullptr; }
};

// What only the app does for the bake job: the doors room's answer to the end of a bake a dropped door
// started (its re-plan and its log, gui_doors.h), and one frame of the whole app while a script waits for
// a bake. The App is one.
class BakeShell {
 public:
  virtual ~BakeShell() = default;
  // The bake door `door`'s drop started replaced the mesh (`what`: the move, `bake_ms`: the bake's time).
  virtual void door_mesh_rebaked(const std::string& door, const std::string& what, double bake_ms) = 0;
  // Such a bake failed with `error`: the old mesh stays.
  virtual void door_rebake_failed(const std::string& what, const std::string& error) = 0;
  // Runs one frame (events, UI, viewport); false when the user quit.
  virtual bool run_frame() = 0;
};

// What the bake job works on besides the Session: its own state, the viewport whose navmesh shapes it
// replaces and whose bake stage scripts switch, the disposer that frees a replaced mesh off the UI
// thread, and the shell. The App hands its own.
struct BakeRoom {
  BakeView& baking;
  Viewport& view;
  Disposer& disposer;
  BakeShell& shell;
};

// Whether the document's navmesh comes from a Recast bake (a floor plan or a level mesh).
bool document_is_baked(const Session& app);

// The inputs the next bake starts from: the running bake's (of `b`) when one runs, else the document's.
BakeInputs wanted_bake_inputs(const Session& app, const BakeView& b);

// Bakes the document again with `inputs` (a floor plan or level mesh: on a worker thread; a
// hand-authored mesh: built at once). Values the scene format refuses are shown as an error
// ("... not applied: /links/0/radius: expected ...") and nothing starts. When the bake succeeds, the
// mesh, its records and the plan are replaced and the scene keeps `inputs` (Save writes them); when it
// fails or is cancelled, the error or "cancelled" is shown and nothing changes. `what` names the edit in
// the status line. Returns whether the bake started (or the mesh was rebuilt).
bool bake_with(Session& app, const BakeRoom& room, const BakeInputs& inputs, const std::string& what);
// bake_with the wanted inputs and Recast parameters `bake`.
bool rebake(Session& app, const BakeRoom& room, const BakeDef& bake);
// Bakes the document again on the worker thread because door `door` was dropped elsewhere (its
// footprint is baked where it now is), with the wanted inputs (a bake of edited inputs under way is
// cancelled: this one bakes them too). When it succeeds the doors panel re-plans
// (BakeShell::door_mesh_rebaked); `what` names the move ("door_east moved").
void bake_for_door(Session& app, BakeView& b, const std::string& door, const std::string& what);

// Once per frame: takes the output of a bake that has finished (replacing the mesh, or showing why not)
// and lets cancelled bakes' threads go.
void bake_frame(Session& app, const BakeRoom& room);
// Cancels the running bake: the old mesh and plan stay. `wait`: until its thread has returned (scripts);
// otherwise the thread is let go when it returns (the UI never waits for a phase to end). False when
// none runs.
bool bake_cancel(Session& app, const BakeRoom& room, bool wait);
// Runs frames until no bake runs (scripts: every bake action waits, so runs stay deterministic).
void bake_wait(const BakeRoom& room);
// What a scripted edit of the bake inputs did (bake_edit_action): not this room's action, an edit that
// bakes, or a change that needs no bake (a tool switched on or off); and its outcome.
enum class EditKind { NotThisAction, Edited, NoRebake };
struct EditDone {
  EditKind kind = EditKind::NotThisAction;
  Result<void> result;
};
// Runs a scripted edit of the bake inputs (areas, links): `act` makes it and says what it did; a value of
// the wrong type (a thrown error) becomes the action's error. An edit made without error is waited for
// (its bake finishes first), so the next action sees the new mesh. nullopt when `act` says the action is
// not its; otherwise the action's outcome.
std::optional<Result<void>> bake_edit_action(const BakeRoom& room, const std::function<EditDone()>& act);
// What the rooms that edit or drive the bake (links, areas, the editing tools, the Bake panel) ask of it: the inputs
// the next bake starts from, a bake of edited inputs (bake_with) or parameters (rebake), a scripted edit waited for
// (bake_edit_action) and the running bake cancelled (bake_cancel, not waiting). The App is one, over its own bake.
class Baker {
 public:
  virtual ~Baker() = default;
  virtual BakeInputs wanted_inputs() const = 0;
  virtual bool start_bake(const BakeInputs& inputs, const std::string& what) = 0;
  virtual bool rebake_with(const BakeDef& bake) = 0;
  virtual std::optional<Result<void>> scripted_edit(const std::function<EditDone()>& act) = 0;
  virtual bool cancel_bake() = 0;
};

// The document was replaced (opened, reloaded): a running bake is cancelled and its output dropped.
void bake_abandon(BakeView& b);

// The Bake panel: every parameter (applied when an edit is finished), the partition, a Bake button, the
// progress of a running bake with Cancel, and the phases of the last bake with their times.
// `shown_stage`: the stage the viewport draws in place of the navmesh (Viewport::bake_stage).
void panel_bake(Session& app, BakeView& b, std::optional<BakeStage>& shown_stage, Baker& baker);
// The running bake's progress bar and Cancel button over the viewport (x, y: its top left corner, w:
// its width), so it is seen whatever the panels show. Nothing when no bake runs.
void panel_bake_progress(BakeView& b, Baker& baker, float x, float y, float w);

// Script actions {"bake": {"cell_size": 0.2, ..., "partition": "monotone"}, "wait": true|false}: the named
// parameters changed, then rebake(); it waits for the bake unless "wait" is false (a failed bake shows
// its error in the app, as a user would see it). {"bake_wait": true}: waits for the running bake.
// {"bake_cancel": true}: cancels it (an error when none runs). {"bake_stage": NAME}: the Bake panel's
// view switch (navmesh, or a stage as bake_stage_name writes it). nullopt when `a` is none of these;
// otherwise the outcome of the action itself.
std::optional<Result<void>> bake_script_action(Session& app, const BakeRoom& room, const nlohmann::json& a);
// The bake state for the scripted run's printed JSON: running, last, started, restarted, frames_shown,
// polygons, and the running bake's tiles_done, tiles_total, phase.
nlohmann::json bake_state_json(const Session& app, const BakeView& b, const Viewport& view);

}  // namespace navlab::app
