// Editing spawn candidates in the app: drag a candidate in the viewport to move it, add new ones (add
// mode: the A key or the spawn panel's button, then a click places P<n>), delete the selected one
// (Delete key or the panel's button). The candidates edited are the scene's own
// (doc.scene.spawn.candidates), so Save writes them; the spawn panel re-validates the moved or added
// candidates through core/spawn/spawn.h (SpawnValidator), at most once per frame.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "geom.h"
#include "gui_session.h"
#include "result.h"
#include "scene.h"

namespace navlab::app {

struct SpawnView;

struct SpawnEdit {
  bool add_mode = false;      // the next left click in the viewport adds a candidate
  int grab = -1;              // candidate being dragged (index in the scene's candidates), -1 none
  Vec2 grab_offset;           // candidate position minus the mouse's plane point when grabbed, m
  int hover = -1;             // candidate under the mouse, -1 none
  std::optional<Vec2> ghost;  // add mode: where a click would add the next candidate, m
};

// Grab distance around a candidate, in screen pixels (the verdict ring's radius).
constexpr double kCandidateGrabPx = 12.0;

// A name for a new candidate: "P" followed by one more than the largest number of the P<number> names
// in use (P1 when there are none).
std::string next_candidate_name(const std::vector<SpawnCandidate>& candidates);

// ---- edits (viewport, panel, scripts); each fails with what is wrong ----
// Moves the candidate named `name` to the plane point `to` (m).
Result<void> spawn_move_candidate(Session& app, const std::string& name, Vec2 to);
// Adds a candidate at the plane point `at` (m) with next_candidate_name() and selects it; gives its name.
Result<std::string> spawn_add_candidate(Session& app, SpawnView& spawn, Vec2 at);
// Deletes the candidate at `index` in the scene's list.
Result<void> spawn_delete_candidate(Session& app, SpawnView& spawn, int index);

// ---- viewport and keys ----
// Mouse over the viewport (world: mouse in plane metres, pick: grab radius in m). Left-drag moves the
// candidate under the mouse; in add mode a left click adds one. Returns true when it took the mouse
// (no panning, no start/goal placement then). Dragging needs the click mode `mode` to be Inspect.
bool spawn_viewport_mouse(Session& app, SpawnView& spawn, ClickMode mode, Vec2 world, double pick, bool hovered);
// The spawn editor's keys (gui_keys.h binds them): A (add mode on/off), Esc and I (add mode off), Delete
// (the selected candidate). Add mode on sets the click mode `mode` to Inspect. Returns whether the key
// did something.
bool spawn_edit_key(Session& app, SpawnView& spawn, ClickMode& mode, int sdl_scancode);
// The "Add candidate (A)" mode button (menu bar or panel).
void spawn_mode_button(SpawnEdit& edit, ClickMode& mode);

// Script actions {"move_candidate": NAME, "to": [x, y]}, {"add_candidate": [x, y]},
// {"delete_candidate": NAME}, {"spawn_add_mode": true|false}. nullopt when `action` is none of these;
// otherwise the action's outcome.
std::optional<Result<void>> spawn_script_action(Session& app, SpawnView& spawn, ClickMode& mode,
                                                const nlohmann::json& action);
// The candidates and their verdicts as shown, for the scripted run's printed JSON:
// [{"name", "pos": [x, y], "accepted", "reason", "checks": {check: "passed"|"failed"|"skipped"}}].
nlohmann::json spawn_state_json(const SpawnView& spawn);

}  // namespace navlab::app
