// The viewport's editing tools (gui_tools.h): the point under the mouse, the link and area tools' clicks,
// link end handles, their keys and buttons, and what they draw while they work.
#include "gui_tools.h"

#include <SDL.h>
#include <imgui.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <limits>

#include "gui_areas.h"
#include "gui_bake.h"
#include "gui_links.h"
#include "gui_viewport.h"
#include "panel_spawn.h"
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
bool link_handles(Session& app, const Tools& tools, Baker& bake, const ScenePoint& at, double pick, bool hovered) {
  LinksView& v = tools.links;
  const std::vector<LinkDef> links = bake.wanted_inputs().links;
  if (v.grab >= int(links.size())) v.grab = -1;
  if (v.grab >= 0) {
    v.drag_to = at;
    if (ImGui::IsMouseDown(0)) return true;
    LinkDef l = links[size_t(v.grab)];
    (v.grab_end == 0 ? l.from : l.to) = at;
    const int grabbed = v.grab;
    v.grab = -1;
    if (Result<void> r = links_set(app, bake, grabbed, l); !r) app.show_error(r.error());
    return true;
  }
  v.hover = v.hover_end = -1;
  if (!hovered || tools.mode != ClickMode::Inspect || !links_possible(app)) return false;
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

void set_mode(const Tools& tools, ClickMode mode) {
  tools.mode = tools.mode == mode ? ClickMode::Inspect : mode;
  tools.links.takeoff.reset();
  tools.areas.corners.clear();
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

bool tools_mouse(Session& app, const Tools& tools, Baker& bake, const ScenePoint& at, double pick, bool hovered) {
  if (link_handles(app, tools, bake, at, pick, hovered)) return true;
  if (!hovered || !ImGui::IsMouseClicked(0)) return false;
  if (tools.mode == ClickMode::AddLink && links_possible(app)) {
    links_tool_click(app, tools.links, bake, at);
    return true;
  }
  if (tools.mode == ClickMode::PaintArea && areas_possible(app)) {
    areas_tool_click(app, tools.areas, bake, at, pick);
    return true;
  }
  return false;
}

bool tools_key(Session& app, const Tools& tools, const SpawnView& spawn, Baker& bake, int sc) {
  if (sc == SDL_SCANCODE_L && links_possible(app)) return set_mode(tools, ClickMode::AddLink), true;
  if (sc == SDL_SCANCODE_Z && areas_possible(app)) return set_mode(tools, ClickMode::PaintArea), true;
  if (sc == SDL_SCANCODE_RETURN && tools.mode == ClickMode::PaintArea) return areas_close(app, tools.areas, bake), true;
  if (sc == SDL_SCANCODE_ESCAPE) {
    const bool busy = tools.links.takeoff.has_value() || !tools.areas.corners.empty();
    tools.links.takeoff.reset();
    tools.areas.corners.clear();
    return busy;
  }
  if (sc == SDL_SCANCODE_DELETE && tools.links.selected >= 0 && spawn.selected < 0)
    return show_failure(app, links_delete(app, tools.links, bake, tools.links.selected)), true;
  return false;
}

void tools_mode_buttons(const Session& app, const Tools& tools) {
  if (links_possible(app) && ImGui::RadioButton("Link (L)", tools.mode == ClickMode::AddLink))
    set_mode(tools, ClickMode::AddLink);
  if (!areas_possible(app)) return;
  ImGui::SameLine();
  if (ImGui::RadioButton("Area (Z)", tools.mode == ClickMode::PaintArea)) set_mode(tools, ClickMode::PaintArea);
}

void draw_tools(const Session& app, Viewport& view, Vec2 origin, const Tools& tools, const Baker& bake,
                const BakeView& baking) {
  if (!app.doc.loaded() || !links_possible(app)) return;
  const Theme& th = app.theme;
  gl::Batch& b = view.plan();
  const LinksView& v = tools.links;
  const std::vector<LinkDef> links = bake.wanted_inputs().links;
  const bool bake_runs = baking.running();
  for (int i = 0; i < int(links.size()); ++i) {
    const LinkDef& l = links[size_t(i)];
    Vec2 ends[2] = {l.from.plane, l.to.plane};
    if (i == v.grab) ends[v.grab_end] = v.drag_to.plane;
    const bool active = i == v.selected || i == v.hover || i == v.grab;
    // A link the mesh does not have yet (a bake under way, a drag): its straight line, dashed.
    if (bake_runs || i == v.grab) b.segment(ends[0], ends[1], th.link.with_alpha(200), {2.0f, 6.0f, 6.0f});
    if (active) b.segment(ends[0], ends[1], th.apex.with_alpha(110), {8.0f});
    for (int end = 0; end < 2; ++end) {
      const bool hot = (i == v.hover && end == v.hover_end) || (i == v.grab && end == v.grab_end);
      b.point(ends[end], hot ? 7.0f : 4.5f, end == 0 ? th.link : th.apex, 1.5f, {0, 0, 0, 255});
    }
  }
  if (tools.mode == ClickMode::AddLink && v.takeoff) {
    b.point(v.takeoff->plane, 6.0f, th.link, 1.5f, {0, 0, 0, 255});
    const ImVec2 m = ImGui::GetIO().MousePos;  // pixels in float, as the origin was measured
    const Vec2 mouse = view.to_world({m.x - float(origin.x), m.y - float(origin.y)});
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
