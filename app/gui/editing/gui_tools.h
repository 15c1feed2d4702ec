// The editing tools of the viewport that change what the level is baked from: the link tool (L: click a
// link's takeoff, then its landing; drag a link's end in inspect mode) and the area tool (Z: click the
// corners of an area, close it on the last corner or with Enter: their convex hull is painted). Both take "the point
// under the mouse" as a scene point: the 2D view makes it with point_under_mouse() (on a 3D level, the height of the
// floor under the mouse, from the core's surface_at); a 3D view passes its own pick to the same tools_mouse(). The
// edits themselves go through the bake (gui_bake.h): every change bakes the level again, or rebuilds a hand-authored
// mesh, and re-plans.
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <string>

#include "geom.h"
#include "gui_session.h"
#include "result.h"
#include "scene.h"

namespace navlab::app {

class Baker;
class Viewport;
struct AreasView;
struct BakeView;
struct Document;
struct LinksView;
struct SpawnView;

// The scene point the 2D view's mouse at plane point `plane` stands for: on a 3D level at the height of
// the surface under it (the highest floor, as the view from above shows it; the lowest mesh height when
// no floor is under it), on a 2D mesh the plane point itself.
ScenePoint point_under_mouse(const Document& doc, Vec2 plane);
// A 3D pick (a point with the height of what the ray hit) put on the floor nearest that height under it.
ScenePoint point_on_floor(const Document& doc, const ScenePoint& picked);

// What the tools work on: the link tool's state and the area tool's (their rooms' own, gui_links.h and
// gui_areas.h) and the click mode that says which tool is on. The App hands its own.
struct Tools {
  LinksView& links;
  AreasView& areas;
  ClickMode& mode;
};

// The tools' share of the viewport's mouse: `at` is the point under the mouse, `pick` the grab radius in
// m, `hovered` whether the mouse is over the view. Link tool: a click places the takeoff, the next the
// landing (the link is added). Area tool: a click adds a corner; a click on the last corner closes the
// area. Inspect mode: a left drag on a link's end handle moves that end (applied on release). The edits
// go through `bake`. Returns true when it took the mouse (no panning then).
bool tools_mouse(Session& app, const Tools& tools, Baker& bake, const ScenePoint& at, double pick, bool hovered);
// The tools' keys (gui_keys.h binds them): L (link tool), Z (area tool: a zone), Enter (close the area),
// Delete (the selected link, unless a spawn candidate of `spawn` is selected), Esc (the clicks so far
// dropped). Returns whether the key did something.
bool tools_key(Session& app, const Tools& tools, const SpawnView& spawn, Baker& bake, int sdl_scancode);
// The "Link (L)" and "Area (Z)" mode buttons of the menu bar.
void tools_mode_buttons(const Session& app, const Tools& tools);
// Draws the link tool's handles into `view`, whose image has its top left corner at `origin` on the
// screen (pixels): both ends of every link (the selected, hovered or grabbed link highlighted, a grabbed
// end where it is dragged), the straight line of a link the mesh does not have yet (each while `baking`
// runs, a dragged one) and, while the tool waits for a landing, the takeoff and a line to the mouse. The
// area tool's corners are draw_areas' (gui_areas.h).
void draw_tools(const Session& app, Viewport& view, Vec2 origin, const Tools& tools, const Baker& bake,
                const BakeView& baking);

// A script point: [x, y] is a point of the 2D view (point_under_mouse: a 3D level gives it the floor's
// height), [x, y, z] a world point of a 3D scene as written; fails with what is wrong.
Result<ScenePoint> script_point(const Document& doc, const nlohmann::json& j);

}  // namespace navlab::app
