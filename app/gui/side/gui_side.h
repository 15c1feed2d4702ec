// The side view of a side-scroller scene (docs/sidescroller.md): solids, enemies coloured by their
// flags with their state and the stall window as a shrinking bar, the draggable player, play/pause/step
// through the ticks with each enemy's sentence, and x(t) per enemy. It draws the records of
// core/sidescroller/side_sim.h; a dragged player becomes a player event of the scene and the run is
// recomputed by the core.
#pragma once

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

#include "geom.h"
#include "result.h"
#include "scene.h"
#include "gui_layout.h"
#include "gui_session.h"
#include "gui_side_draw.h"
#include "side_sim.h"

namespace navlab::app {

struct LessonsView;

struct SideView {
  side::SideRun run;
  int tick = 0;  // record index shown (0: spawn)
  bool playing = false;
  double play_clock = 0.0;  // s of simulated time not yet shown
  bool dragging = false;    // the player is being dragged
  Vec2 drag_pos;            // where the player is dropped (m)
  SideFrame frame;          // plane <-> canvas pixels of the last frame

  int ticks() const { return run.enemies.empty() ? 0 : int(run.enemies[0].steps.size()) - 1; }
  double time() const { return tick * run.dt; }
};

// Simulates the document's side-scroller scene again (after opening it or moving the player), keeping
// the tick shown when it still exists.
void side_rerun(const Session& app, SideView& v);
// Moves the player to `pos` at the shown tick's time (a player event of the scene) and re-runs.
void side_move_player(Session& app, SideView& v, Vec2 pos);
// The window pixel where the side view's canvas, as last drawn, shows plane point `p` (m, y up).
Vec2 side_window_px(const SideView& v, Vec2 p);
// The width of the side view's left column (transport and sentences) in a window `work_width` wide.
float side_left_width(float work_width);
// The whole window layout for a side-scroller document (instead of the navmesh panels and viewport),
// within `area` (window pixels: the work area less the lesson's slide column). `column`: the column of
// sentences is shown (not in a presentation, nor with H); the shown lesson slide may read an enemy aloud.
void side_ui(Session& app, SideView& v, const LessonsView& lessons, bool column, const Rect& area);
// The keys on a side-scroller scene (gui_keys.h): a tick forward or back, play / pause, first or last tick.
void side_key_step(SideView& v, int delta);
void side_key_play(SideView& v);
void side_key_jump(SideView& v, bool end);
// Script actions {"side_tick": N | "end"}, {"side_play": SECONDS}, {"side_player": [x, y]}. nullopt when
// `a` is none of them; otherwise the action's outcome.
std::optional<Result<void>> side_script_action(Session& app, SideView& v, const nlohmann::json& a);
// {"tick", "t", "enemies": [{"id", "state", "pos", "caption"}], "canvas": {"x", "y", "height", "lo",
// "scale"}} for the scripted run's printed state; null for other documents.
nlohmann::json side_state_json(const Session& app, const SideView& v);

}  // namespace navlab::app
