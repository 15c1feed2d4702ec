// Scripted runs: `navlab SCENE --script FILE.json --screenshot OUT.png` performs a list of actions in
// the app, writes a screenshot and exits. Used by the tests and to make documentation pictures.
//
// Script: {"capture": "window" | "viewport", "actions": [ACTION...]} or a bare array of actions:
//   {"step": N}            timeline step N (1-based), "end" for the complete plan, or "funnel:3"
//   {"play": T}            play the timeline for T seconds
//   {"start": P} / {"goal": P}   P = [x, y], [x, y, z] or a graph node id; the plan re-runs
//   {"open": "FILE.json"}  open a scene (a bad file keeps the current one and shows the error)
//   {"panel": NAME, "open": true|false}  scene, search, funnel, agent, failure, doors, help
//   {"door": ID, "open": true|false}     open/close a door (re-plans when the plan read it)
//   {"drag_door": ID, "to": [[x,y],[x,y]], "frames": N}  drag a door there over N frames (default 10);
//                                               "wait_tiles": false: the tile cache's moves not waited for each frame
//   {"drag_blocker": ID, "to": [x,y], "frames": N}      drag a blocker (never re-plans)
//   {"simulate": T}        advance the follower animation by T simulated seconds (starts it if needed)
//   {"sim_restart": true}  run the follower again from the start
//   {"move_candidate": NAME, "to": [x,y]}, {"add_candidate": [x,y]}, {"delete_candidate": NAME}
//                          edit spawn candidates (verdicts are re-checked in the next frame)
//   {"export": "FILE.png", "size": [w, h], "what": "viewport" | "window"}  export a PNG (another size
//                          than the screen's is rendered offscreen)
//   {"save_as": "FILE.json"}  save the scene (with its edited candidates, doors, ...)
//   {"mouse": [x, y], "down": true|false}  move the mouse to plane point (x, y) on the viewport, left
//                          button down or up (one frame runs after each action: press, move, release)
//   {"camera": "fit"} or {"camera": {"center": [x, y], "scale": PX_PER_M}}
//   {"view": "3d" | "2d"}  the 3D view (3D scenes only: an error on others) or the top view (default)
//   {"orbit": [yaw_deg, pitch_deg, distance_m], "target": [x, y, z]}  the 3D view's camera (target
//                          optional; pitch is kept in [2, 89] degrees); "camera": "fit" frames the level
//   {"mouse": [x, y, z], ...} in the 3D view: the mouse over world point (x, y, z); a plane point [x, y]
//                          is placed where it lies on the navmesh's surface
//   {"click_mode": "start" | "goal" | "inspect"}  what a left click does (the S, G and I keys)
//   {"presenter": true|false}, {"midpoints": true|false}, {"optimal": true|false} (shortest path),
//   {"channel": true|false} (the channel's gates and spline)
//   {"agent": {"max_speed": 2.0, ...}}   set agent parameters (re-plans)
//   {"frames": N}          run N frames
//   {"measure": N}         run N frames and record CPU and wall time per frame (printed at exit, "frame")
//   {"measure": N, "pan": [dx, dy]} / {"measure": N, "zoom": f}: the camera moves by (dx, dy) px or
//                          zooms by f every measured frame; {"measure": N, "turn": [dyaw, dpitch]}: the 3D
//                          view turns by those degrees every frame (pan and zoom move the 3D camera too)
//   {"zoom_preview_ms": MS} zoom previews when a full draw of the static layer costs more (0: always)
//   {"screenshot": "FILE.png", "whole_window": true|false}  written in the frame after the action
//   {"print_state": true}  prints the state line now (as at the end of the run)
//   {"side_tick": N | "end"}, {"side_play": SECONDS}, {"side_player": [x, y]}  side-scroller scenes:
//                          show tick N, advance the ticks by SECONDS, move the player (gui_side.h)
//   {"lesson": "FILE.json"}  open a lesson at its first slide (gui_lessons.h)
//   {"key_tap": KEY, "ctrl": b, "shift": b}  a key press and release pushed as SDL events, both handled
//                          within the one frame that follows (KEY as SDL names it: PageDown, Right, F5 ...)
//   {"listen_keys": N, "seconds": S}  the window shown, every key press it gets printed (gui_keys.h)
//   {"present": true|false, "from_current": b}, {"hide_panels": true|false}  the presentation, H
//   {"prompt": "save" | "discard" | "cancel"}, {"file_dialog": "open" | "save_as"}, {"file_pick": NAME}
//                          the unsaved-changes prompt and the file dialog (gui_files.h)
//   {"compare": "A:B" | false}  the compare view with methods A and B, or off (gui_compare.h)
//   {"check_suite": "FILE"}, {"check_case": N | NAME}  open a check suite, click its case (gui_check.h)
//   {"bake": {...}}, {"bake_wait": true}, {"bake_cancel": true}, {"bake_stage": NAME}  gui_bake.h
//   {"add_link": {...}}, {"delete_link": N}, {"move_link": N, ...}, {"link_tool": b}   gui_links.h
//   {"paint_area": {...}}, {"area_cost": NAME, ...}, {"delete_area": N}, {"area_tool": b}  gui_areas.h
#pragma once

#include <optional>
#include <string>

#include <nlohmann/json_fwd.hpp>

#include "geom.h"
#include "result.h"

namespace navlab::app {

struct PlanView;

// Parses "STAGE:N" (N >= 1, STAGE one of stage_name(kStages)) or a plain 1-based step into a timeline
// index; "end" gives the complete plan. Fails with what is wrong with the text.
Result<int> parse_step(const std::string& text, const PlanView& plan);

// Reads a plane point [x, y] (metres or pixels, as the action says); fails with "expected [x, y]".
Result<Vec2> read_xy(const nlohmann::json& j);

}  // namespace navlab::app
