// The 3D view's mouse: left drag (inspect mode, on nothing to grab) or right drag orbits, middle drag or
// Shift + drag pans the target, the wheel zooms towards the surface point under the cursor (or the
// target), S/G then a click places the start or goal on the surface under the cursor. Doors, blockers
// and spawn candidates take the surface point's plane point, as the top view gives them its own.
#include <SDL.h>
#include <imgui.h>

#include <cmath>

#include "gui_app.h"
#include "gui_tools.h"

namespace navlab::app {

namespace {
constexpr double kDegreesPerPixel = 0.3;  // orbit speed
constexpr double kWheelZoom = 1.2;        // distance divided by this per wheel notch
}  // namespace

void App::viewport_mouse_3d(bool hovered) {
  ImGuiIO& io = ImGui::GetIO();
  View3D& v3 = view.view3d;
  const Vec2 size{pointer.vp_w, pointer.vp_h};
  const double px = 1.0 / view.px_per_m();  // metres per pixel at the target
  // Grabbing tools get the surface point; a ray that misses the navmesh grabs nothing.
  const bool over = hovered && pointer.mouse_point.has_value();
  const Vec2 at = pointer.mouse_point ? pointer.mouse_point->plane : Vec2{1e300, 1e300};
  const bool grabbed = doc.loaded() && doors_viewport_mouse(*this, doors, click_mode, *this, at, 10.0 * px, over);
  const bool spawn_grabbed =
      !grabbed && doc.loaded() && spawn_viewport_mouse(*this, spawn, click_mode, at, kCandidateGrabPx * px, over);
  // The editing tools (links, areas) take the picked point, on the floor it hit.
  bool tool_grabbed = false;
  if (!grabbed && !spawn_grabbed && doc.loaded() && pointer.mouse_point) {
    ScenePoint picked;
    picked.plane = pointer.mouse_point->plane;
    picked.height = pointer.mouse_point->height;
    picked.is3d = true;
    tool_grabbed = tools_mouse(*this, tools(), *this, point_on_floor(doc, picked), 10.0 * px, over);
  }
  if (!ImGui::IsMouseDown(0) && !ImGui::IsMouseDown(1) && !ImGui::IsMouseDown(2)) {
    drag_pan_ = false;
    drag_orbit_ = false;
  }
  if (hovered && doc.loaded()) {
    if (pointer.mouse_point) view.hover_poly = pointer.mouse_point->poly;
    if (io.MouseWheel != 0.0f) {
      const std::optional<Vec3> toward =
          pointer.mouse_point ? std::optional<Vec3>(pointer.mouse_point->world()) : std::nullopt;
      v3.camera.zoom(std::pow(kWheelZoom, -io.MouseWheel), toward);
    }
    const bool left_free =
        ImGui::IsMouseClicked(0) && click_mode == ClickMode::Inspect && !grabbed && !spawn_grabbed && !tool_grabbed;
    if (ImGui::IsMouseClicked(2) || ((ImGui::IsMouseClicked(1) || left_free) && io.KeyShift))
      drag_pan_ = true;
    else if (ImGui::IsMouseClicked(1) || left_free)
      drag_orbit_ = true;
    if (ImGui::IsMouseClicked(0) && places_endpoint(click_mode) && pointer.mouse_point)
      place_endpoint(*pointer.mouse_point);
    if (pointer.mouse_point) playback.hover_next = plan.nearest_s(pointer.mouse_point->plane, 12.0 * px);
  }
  const Vec2 delta{io.MouseDelta.x, io.MouseDelta.y};
  if (drag_orbit_ && (delta.x != 0.0 || delta.y != 0.0))
    v3.camera.orbit(-delta.x * kDegreesPerPixel, delta.y * kDegreesPerPixel);
  if (drag_pan_ && (delta.x != 0.0 || delta.y != 0.0)) v3.camera.pan(delta, size);
}

}  // namespace navlab::app
