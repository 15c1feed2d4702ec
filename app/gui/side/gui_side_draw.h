// Drawing a side-scroller run (docs/sidescroller.md) into an ImDrawList: the solids, every enemy at one record of the
// run (body filled by its flags, outline in its colour, target, stall window bar, label) and the player.
// The app's side view draws it into its canvas; `navlab lesson` into the viewport's overlay, over the
// viewport's grid in metres.
#pragma once

#include <imgui.h>

#include <string>

#include "geom.h"
#include "gl_renderer.h"
#include "scene.h"
#include "side_sim.h"

namespace navlab::app {

// The side view's text colour (labels on the canvas, the caption).
inline const ImU32 kSideText = IM_COL32(235, 238, 242, 255);

// Plane (m, y up) <-> canvas pixels (y down).
struct SideFrame {
  Vec2 lo{0, 0};       // the plane point at the canvas's bottom-left corner, m
  double scale = 1.0;  // px per m
  float x = 0, y = 0;  // the canvas's top-left corner, px
  float h = 1;         // the canvas's height, px
  ImVec2 to_px(Vec2 p) const;
  Vec2 to_plane(ImVec2 px) const;
};

// Frames solids, bodies, the player and the targets the scene names in a w x h canvas at (x, y), with
// a margin: centred across, standing on the canvas's bottom.
SideFrame fit_side_frame(const SideScrollerDef& d, float x, float y, float w, float h);
// The same mapping as a viewport camera for a w x h picture, and back.
gl::Camera side_camera(const SideFrame& f, float w, float h);
SideFrame side_frame(const gl::Camera& cam, float w, float h);

// The colour of the scene's i-th enemy (its outline, its x(t) curve).
ImU32 enemy_colour(size_t i);

// Solids, each enemy at record `tick` of `run` (labels moved up where they would overlap; the enemy
// with id `focus` framed, "" for none), and the player with `player_label` beside its disc ("": none).
void draw_side_scene(ImDrawList& dl, const SideFrame& f, const SideScrollerDef& d, const side::SideRun& run, int tick,
                     const char* player_label, const std::string& focus = "");
// The player's disc at plane point `p` (also the drop preview while it is dragged: outline only).
void draw_player(ImDrawList& dl, const SideFrame& f, Vec2 p, bool outline_only);

}  // namespace navlab::app
