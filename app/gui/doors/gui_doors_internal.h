// Shared between the doors files of the app (gui_doors.cpp, gui_doors_tiles.cpp): the log, the re-plan
// after a change and the tile cache mode's steps. Not for panels.
#pragma once

#include <string>
#include <vector>

#include "gui_doors.h"

namespace navlab::app {

// Every door with the connections it covers on the mesh on screen.
std::vector<DoorCover> doors_covers(const Session& app);
// Re-reads what the plan on screen read (after any plan run).
void doors_refresh(const Session& app, DoorsView& d);
// Appends a log entry; `merge` replaces the last one when it has the same cause and outcome (a drag).
void doors_log(DoorsView& d, DoorLogEntry e, bool merge);
// Re-runs the plan after a change that touched the read set and logs it under the next version.
// `live`: a drag is under way (Session::replan(live): the shortest path and channel wait for its end).
void doors_replan(Session& app, DoorsView& d, const std::string& cause, const std::string& reason, bool live = false);

// Runs the re-plan a change deferred to the next frame (DoorsView::deferred), if any.
void doors_run_deferred(Session& app, DoorsView& d);

// Advances a playing simulation by the frame's time (s).
void doors_frame_sim(const Session& app, DoorsView& d, double dt_seconds);

// Makes the mesh on screen match the tile cache mode: bakes the tile cache (every door marked) when
// the mode is wanted and the mesh is not the cache's (turned on, scene opened or reloaded), or goes back
// to the single-tile mesh when it is not wanted. Returns true when doc.mesh was replaced (re-plan).
bool tiles_sync(const DoorsEngine& e);
// A door was moved in the scene while the tile cache mode is on (`moved`: its shape changed;
// `final_move`: it was dropped): queues the rebuild of the tiles under its old and new footprints on the
// tile cache's thread.
void tiles_door_moved(const Session& app, TilesView& t, const std::string& door, bool moved, bool final_move);
// Once a frame: takes the newest mesh the tile cache's thread has readied, once the viewport has shown
// the last one whole (a dropped door's at once), shows it, and re-plans when a rebuilt tile holds a
// polygon the plan read (a drag's live re-plan at the start of the next frame, so that a frame does not
// take a large mesh and re-plan too), or renumbers the plan kept. A dropped door's mesh brings the
// shortest path and the channel up to date. `wait` (scripted runs): waits for the moves queued first,
// takes their mesh whatever the viewport shows, and re-plans at once.
void tiles_frame(const DoorsEngine& e, bool wait = false);

}  // namespace navlab::app
