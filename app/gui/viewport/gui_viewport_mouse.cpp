// The top view's mouse (gui_viewport_mouse.h): the rooms under the mouse first, then the camera and the
// click that places the start or goal.
#include "gui_viewport_mouse.h"

#include <imgui.h>

#include <cmath>

#include "detail_surface.h"
#include "gui_doors.h"
#include "gui_spawn_edit.h"
#include "gui_viewport.h"

namespace navlab::app {

void viewport_mouse_2d(Session& app, const ViewportMouse& m, bool hovered) {
  ImGuiIO& io = ImGui::GetIO();
  const Document& doc = app.doc;
  gl::Camera& camera = m.view.camera;
  const Vec2 world = camera.to_world(m.mouse, m.size);
  // Doors and blockers take a left drag in inspect mode (the plan re-runs live); no panning then.
  const bool grabbed = doc.loaded() && doors_viewport_mouse(app, m.doors, m.tools.mode, m.door_controls, world,
                                                            10.0 / camera.scale, hovered);
  // Spawn candidates: left drag moves one, add mode places a new one (gui_spawn_edit.h).
  const bool spawn_grabbed =
      !grabbed && doc.loaded() &&
      spawn_viewport_mouse(app, m.spawn, m.tools.mode, world, kCandidateGrabPx / camera.scale, hovered);
  // The editing tools (link ends, the link tool, the area tool) take the point under the mouse.
  const bool tool_grabbed =
      !grabbed && !spawn_grabbed && doc.loaded() &&
      tools_mouse(app, m.tools, m.baker, point_under_mouse(doc, world), 10.0 / camera.scale, hovered);
  if (!hovered) {
    if (!ImGui::IsMouseDown(0) && !ImGui::IsMouseDown(1) && !ImGui::IsMouseDown(2)) m.drag.pan = false;
  }
  if (hovered && doc.loaded()) {
    m.view.hover_poly = pick_at(doc.mesh, world, 20.0 / camera.scale).poly;
    if (io.MouseWheel != 0.0f) camera.zoom_at(m.mouse, m.size, std::pow(1.2, io.MouseWheel));
    // Right/middle drag pans anywhere; left drag pans in Inspect mode.
    if (ImGui::IsMouseClicked(1) || ImGui::IsMouseClicked(2) ||
        (ImGui::IsMouseClicked(0) && m.tools.mode == ClickMode::Inspect && !grabbed && !spawn_grabbed && !tool_grabbed))
      m.drag.pan = true;
    if (ImGui::IsMouseClicked(0) && places_endpoint(m.tools.mode) && m.point) m.endpoints.place_endpoint(*m.point);
    app.playback.hover_next = app.plan.nearest_s(world, 12.0 / camera.scale);
  }
  if (m.drag.pan) {
    if (ImGui::IsMouseDown(0) || ImGui::IsMouseDown(1) || ImGui::IsMouseDown(2)) {
      camera.center = camera.center - Vec2{io.MouseDelta.x / camera.scale, -io.MouseDelta.y / camera.scale};
    } else {
      m.drag.pan = false;
    }
  }
}

}  // namespace navlab::app
