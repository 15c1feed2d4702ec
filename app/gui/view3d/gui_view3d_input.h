// The 3D view's mouse (gui_view3d_input.cpp), sharing the top view's drag and rooms
// (gui_viewport_mouse.h).
#pragma once

#include "gui_session.h"
#include "gui_viewport_mouse.h"

namespace navlab::app {

// Left drag (inspect mode, on nothing to grab) or right drag orbits, middle drag or Shift + drag pans
// the target, the wheel zooms towards the surface point under the cursor (or the target), a click in
// mode SetStart or SetGoal places that end on the surface under the cursor. Doors, blockers, spawn
// candidates and the editing tools take the surface point first. `hovered`: whether the mouse is over
// the viewport.
void viewport_mouse_3d(Session& app, const ViewportMouse& m, bool hovered);

}  // namespace navlab::app
