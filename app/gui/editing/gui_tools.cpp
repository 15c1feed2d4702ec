// The viewport's editing tools (gui_tools.h): the point under the mouse, the link and area tools' clicks,
// link end handles, their keys and buttons, and what they draw while they work.
#include "gui_tools.h"

#include <SDL.h>
#include <imgui.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <limits>

#include "gui_app.h"
#include "gui_bake.h"
#include "detail_surface.h"

namespace navlab::app {

namespace {

// The end handle (link index, end 0 from / 1 to) of the wanted links nearest `p` within `pick` m.
std::pair<int, int> end_at(const std::vector<LinkDef>& links, Vec2 p, double pick) {
  std::pair<int, int> best{-1, -1};
  double best_d = std::numeric_limits<double>::infinity();
  for (int i = 0; i < int(links.size()); ++i)
    for (int end = 0; end < 2; ++end) {
      const double d = distance(end == 0 ? links[size_t(i)].from.plane : links[size_t(i)].to.plane, p);
      if (d <= pick && d < best_d) {
        best_d = d;
        best = {i, end};
      }
    }
  return best;
}

// Inspect mode: a left drag on a link end handle moves that end; the link changes when it is released.
bool link_handles(App& app, const ScenePoint& at, double pick, bool hovered) {
  LinksView& v = app.links;
  const std::vector<LinkDef> links = wanted_bake_inputs(app).links;
  if (v.grab >= int(links.size())) v.grab = -1;
  if (v.grab >= 0) {
    v.drag_to = at;
    if (ImGui::IsMouseDown(0)) return true;
    LinkDef l = links[size_t(v.grab)];
    (v.grab_end == 0 ? l.from : l.to) = at;
    const int grabbed = v.grab;
    v.grab = -1;
    if (Result<void> r = links_set(app, app, grabbed, l); !r) app.show_error(r.error());
    return true;
  }
  v.hover = v.hover_end = -1;
  if (!hovered || app.click_mode != ClickMode::Inspect || !links_possible(app)) return false;
  const auto [i, end] = end_at(links, at.plane, pick);
  if (i < 0) return false;
  v.hover = i;
  v.hover_end = end;
  ImGui::SetMouseCursor(ImGuiMouseCursor_ResizeAll);
  if (!ImGui::IsMouseClicked(0)) return false;
  v.grab = i;
  v.grab_end = end;
  v.drag_to = at;
  v.selected = i;
  return true;
}

void set_mode(App& app, ClickMode mode) {
  app.click_mode = app.click_mode == mode ? ClickMode::Inspect : mode;
  app.links.takeoff.reset();
  app.areas.corners.clear();
}

}  // namespace

ScenePoint point_under_mouse(const Document& doc, Vec2 plane) {
  ScenePoint p;
  p.plane = plane;
  p.is3d = doc.mesh.is3d;
  if (p.is3d) {
    const SurfacePoint s = surface_at(doc.mesh, plane);
    p.height = s.on_mesh() ? s.height : doc.min_height;
  }
  return p;
}

ScenePoint point_on_floor(const Document& doc, const ScenePoint& picked) {
  ScenePoint p = picked;
  if (!doc.mesh.is3d) return p;
  const SurfacePoint s = surface_at(doc.mesh, picked.plane, picked.height);
  if (s.on_mesh()) p.height = s.height;
  p.is3d = true;
  return p;
}

bool tools_mouse(App& app, const ScenePoint& at, double pick, bool hovered) {
  if (link_handles(app, at, pick, hovered)) return true;
  if (!hovered || !ImGui::IsMouseClicked(0)) return false;
  if (app.click_mode == ClickMode::AddLink && links_possible(app)) {
    links_tool_click(app, app.links, app, at);
    return true;
  }
  if (app.click_mode == ClickMode::PaintArea && areas_possible(app)) {
    areas_tool_click(app, app.areas, app, at, pick);
    return true;
  }
  return false;
}

bool tools_key(App& app, int sc) {
  if (sc == SDL_SCANCODE_L && links_possible(app)) return set_mode(app, ClickMode::AddLink), true;
  if (sc == SDL_SCANCODE_Z && areas_possible(app)) return set_mode(app, ClickMode::PaintArea), true;
  if (sc == SDL_SCANCODE_RETURN && app.click_mode == ClickMode::PaintArea)
    return areas_close(app, app.areas, app), true;
  if (sc == SDL_SCANCODE_ESCAPE) {
    const bool busy = app.links.takeoff.has_value() || !app.areas.corners.empty();
    app.links.takeoff.reset();
    app.areas.corners.clear();
    return busy;
  }
  if (sc == SDL_SCANCODE_DELETE && app.links.selected >= 0 && app.spawn.selected < 0)
    return show_failure(app, links_delete(app, app.links, app, app.links.selected)), true;
  return false;
}

void tools_mode_buttons(App& app) {
  if (links_possible(app) && ImGui::RadioButton("Link (L)", app.click_mode == ClickMode::AddLink))
    set_mode(app, ClickMode::AddLink);
  if (!areas_possible(app)) return;
  ImGui::SameLine();
  if (ImGui::RadioButton("Area (Z)", app.click_mode == ClickMode::PaintArea)) set_mode(app, ClickMode::PaintArea);
}

void draw_tools(App& app) {
  if (!app.doc.loaded() || !links_possible(app)) return;
  Viewport& view = app.view;
  const Theme& th = app.theme;
  gl::Batch& b = view.plan();
  const LinksView& v = app.links;
  const std::vector<LinkDef> links = wanted_bake_inputs(app).links;
  const bool baking = app.baking.running();
  for (int i = 0; i < int(links.size()); ++i) {
    const LinkDef& l = links[size_t(i)];
    Vec2 ends[2] = {l.from.plane, l.to.plane};
    if (i == v.grab) ends[v.grab_end] = v.drag_to.plane;
    const bool active = i == v.selected || i == v.hover || i == v.grab;
    // A link the mesh does not have yet (a bake under way, a drag): its straight line, dashed.
    if (baking || i == v.grab) b.segment(ends[0], ends[1], th.link.with_alpha(200), {2.0f, 6.0f, 6.0f});
    if (active) b.segment(ends[0], ends[1], th.apex.with_alpha(110), {8.0f});
    for (int end = 0; end < 2; ++end) {
      const bool hot = (i == v.hover && end == v.hover_end) || (i == v.grab && end == v.grab_end);
      b.point(ends[end], hot ? 7.0f : 4.5f, end == 0 ? th.link : th.apex, 1.5f, {0, 0, 0, 255});
    }
  }
  if (app.click_mode == ClickMode::AddLink && v.takeoff) {
    b.point(v.takeoff->plane, 6.0f, th.link, 1.5f, {0, 0, 0, 255});
    const ImVec2 m = ImGui::GetIO().MousePos;
    const Vec2 mouse = view.to_world({m.x - app.pointer.vp_x, m.y - app.pointer.vp_y});
    b.segment(v.takeoff->plane, mouse, th.link, {2.0f, 6.0f, 6.0f});
  }
}

Result<ScenePoint> script_point(const Document& doc, const nlohmann::json& j) {
  if (!j.is_array() || (j.size() != 2 && j.size() != 3)) return Error{"a point is [x, y] or [x, y, z]"};
  for (const auto& c : j)
    if (!c.is_number()) return Error{"a point needs numbers"};
  if (j.size() == 2) return point_under_mouse(doc, {j[0].get<double>(), j[1].get<double>()});
  if (!doc.mesh.is3d) return Error{"[x, y, z] is a point of a 3D scene; this one is 2D: [x, y]"};
  const Vec3 w{j[0].get<double>(), j[1].get<double>(), j[2].get<double>()};
  return ScenePoint{"", to_plane(w), w.y, true};
}

}  // namespace navlab::app
