// The viewport's mouse, as the top view (viewport_mouse_2d) and the 3D view (viewport_mouse_3d,
// gui_view3d_input.h) share it: the camera's drag under way, and the rooms the mouse is handed to in
// turn (doors and blockers, spawn candidates, the editing tools) before it pans or places the start or
// the goal.
#pragma once

#include <optional>

#include "geom.h"
#include "gui_session.h"
#include "gui_tools.h"
#include "gui_view3d.h"

namespace navlab::app {

class Baker;
class DoorControls;
class Viewport;
struct DoorsView;
struct SpawnView;

// The camera's drag under way: started by a click on nothing to grab, ended when every button is up.
struct CameraDrag {
  bool pan = false;    // both views: the drag moves the camera's centre (the 3D view's target)
  bool orbit = false;  // 3D view: the drag turns the camera
};

// Places the start or the goal where a click in mode SetStart or SetGoal fell. The App is one.
class EndpointPlacer {
 public:
  virtual ~EndpointPlacer() = default;
  // Places the start or goal (the click mode says which) at `p` and re-plans; on a graph, at the node
  // near `p`. Returns whether it did (no node near it: no).
  virtual bool place_endpoint(const SurfacePick& p) = 0;
};

// What the viewport's mouse works on this frame. The App hands its own.
struct ViewportMouse {
  Viewport& view;
  Vec2 size;   // the viewport image on screen, pixels
  Vec2 mouse;  // the mouse from the image's top left corner (the half under it when two are shown), pixels
  // The point of the scene under the mouse (the top view's plane point, the 3D view's surface point;
  // none when the mouse is not over the viewport or, in 3D, its ray misses the navmesh).
  const std::optional<SurfacePick>& point;
  CameraDrag& drag;
  DoorsView& doors;
  DoorControls& door_controls;
  SpawnView& spawn;
  Tools tools;  // the tools' state and the click mode
  Baker& baker;
  EndpointPlacer& endpoints;
};

// The top view's mouse: doors and blockers, spawn candidates and the editing tools take it first (a
// grab: no panning); else a right or middle drag (a left drag in inspect mode) pans, the wheel zooms at
// the cursor, a click in mode SetStart or SetGoal places that end. Hover: the polygon under the mouse and
// the plan's arc length near it. `hovered`: whether the mouse is over the viewport.
void viewport_mouse_2d(Session& app, const ViewportMouse& m, bool hovered);

}  // namespace navlab::app
