// The 3D view's mouse: left drag (inspect mode, on nothing to grab) or right drag orbits, middle drag or
// Shift + drag pans the target, the wheel zooms towards the surface point under the cursor (or the
// target), S/G then a click places the start or goal on the surface under the cursor. Doors, blockers
// and spawn candidates take the surface point's plane point, as the top view gives them its own.
#include "gui_view3d_input.h"

#include <SDL.h>
#include <imgui.h>

#include <cmath>

#include "gui_doors.h"
#include "gui_spawn_edit.h"
#include "gui_tools.h"
#include "gui_viewport.h"

namespace navlab::app {

namespace {
constexpr double kDegreesPerPixel = 0.3;  // orbit speed
constexpr double kWheelZoom = 1.2;        // distance divided by this per wheel notch
}  // namespace

void viewport_mouse_3d(Session& app, const ViewportMouse& m, bool hovered) {
  ImGuiIO& io = ImGui::GetIO();
  const Document& doc = app.doc;
  View3D& v3 = m.view.view3d;
  const std::optional<SurfacePick>& point = m.point;
  const double px = 1.0 / m.view.px_per_m();  // metres per pixel at the target
  // Grabbing tools get the surface point; a ray that misses the navmesh grabs nothing.
  const bool over = hovered && point.has_value();
  const Vec2 at = point ? point->plane : Vec2{1e300, 1e300};
  const bool grabbed =
      doc.loaded() && doors_viewport_mouse(app, m.doors, m.tools.mode, m.door_controls, at, 10.0 * px, over);
  const bool spawn_grabbed =
      !grabbed && doc.loaded() && spawn_viewport_mouse(app, m.spawn, m.tools.mode, at, kCandidateGrabPx * px, over);
  // The editing tools (links, areas) take the picked point, on the floor it hit.
  bool tool_grabbed = false;
  if (!grabbed && !spawn_grabbed && doc.loaded() && point) {
    ScenePoint picked;
    picked.plane = point->plane;
    picked.height = point->height;
    picked.is3d = true;
    tool_grabbed = tools_mouse(app, m.tools, m.baker, point_on_floor(doc, picked), 10.0 * px, over);
  }
  if (!ImGui::IsMouseDown(0) && !ImGui::IsMouseDown(1) && !ImGui::IsMouseDown(2)) {
    m.drag.pan = false;
    m.drag.orbit = false;
  }
  if (hovered && doc.loaded()) {
    if (point) m.view.hover_poly = point->poly;
    if (io.MouseWheel != 0.0f) {
      const std::optional<Vec3> toward = point ? std::optional<Vec3>(point->world()) : std::nullopt;
      v3.camera.zoom(std::pow(kWheelZoom, -io.MouseWheel), toward);
    }
    const bool left_free =
        ImGui::IsMouseClicked(0) && m.tools.mode == ClickMode::Inspect && !grabbed && !spawn_grabbed && !tool_grabbed;
    if (ImGui::IsMouseClicked(2) || ((ImGui::IsMouseClicked(1) || left_free) && io.KeyShift))
      m.drag.pan = true;
    else if (ImGui::IsMouseClicked(1) || left_free)
      m.drag.orbit = true;
    if (ImGui::IsMouseClicked(0) && places_endpoint(m.tools.mode) && point) m.endpoints.place_endpoint(*point);
    if (point) app.playback.hover_next = app.plan.nearest_s(point->plane, 12.0 * px);
  }
  const Vec2 delta{io.MouseDelta.x, io.MouseDelta.y};
  if (m.drag.orbit && (delta.x != 0.0 || delta.y != 0.0))
    v3.camera.orbit(-delta.x * kDegreesPerPixel, delta.y * kDegreesPerPixel);
  if (m.drag.pan && (delta.x != 0.0 || delta.y != 0.0)) v3.camera.pan(delta, m.size);
}

}  // namespace navlab::app
