// Painted areas edited in the app (gui_areas.h): each edit is a new list of areas handed to the bake.
#include "gui_areas.h"

#include <imgui.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <stdexcept>

#include "convex_ring.h"
#include "format.h"
#include "gui_viewport.h"
#include "gui_bake.h"
#include "gui_tools.h"
#include "scene_reader.h"

namespace navlab::app {

namespace {

using nlohmann::json;

bool on_level(const Session& app) { return traits(app.doc.scene.kind()).level; }

std::string quoted(const std::string& name) { return "\"" + name + "\""; }

// Hands `in` to the bake as the edit `what`; fails when the scene takes no areas.
Result<void> apply(Session& app, Baker& bake, const BakeInputs& in, const std::string& what) {
  if (!areas_possible(app)) return Error{"areas are painted on a floor plan or a level mesh"};
  bake.start_bake(in, what);  // a refusal or a failed bake is shown by the app (its error), not returned
  return {};
}

// The names and polygons of the wanted areas, whichever kind the document has.
struct AreaView {
  std::string name;
  std::vector<Vec2> ring;
  double cost = 1.0;
};
std::vector<AreaView> wanted_areas(const Session& app, const Baker& bake) {
  const BakeInputs in = bake.wanted_inputs();
  std::vector<AreaView> out;
  if (on_level(app))
    for (const AreaVolume& v : in.mesh_areas) {
      AreaView a{v.name, {}, v.cost};
      for (const ScenePoint& p : v.polygon) a.ring.push_back(p.plane);
      out.push_back(a);
    }
  else
    for (const AreaPaint& p : in.floor_areas) out.push_back({p.name, p.polygon, p.cost});
  return out;
}

Result<void> act_paint(Session& app, AreasView& state, Baker& bake, const json& spec) {
  if (!spec.is_object() || !spec.contains("name") || !spec.contains("polygon") || !spec["polygon"].is_array())
    return Error{"{\"paint_area\": {\"name\": N, \"polygon\": [P, ...], ...}} needs a name and a polygon"};
  for (const auto& [key, value] : spec.items())
    if (key != "name" && key != "polygon" && key != "height" && key != "cost")
      return Error{"paint_area: unknown key '" + key + "' (name, polygon, height, cost)"};
  std::vector<ScenePoint> corners;
  for (const json& p : spec["polygon"]) {
    const Result<ScenePoint> sp = script_point(app.doc, p);
    if (!sp) return Error{"paint_area polygon: " + sp.error()};
    corners.push_back(sp.value());
  }
  std::vector<double> height;
  if (spec.contains("height")) height = spec["height"].get<std::vector<double>>();
  return areas_paint(app, state, bake, spec["name"].get<std::string>(), corners, spec.value("cost", 1.0), height);
}

}  // namespace

bool areas_possible(const Session& app) { return app.doc.loaded() && traits(app.doc.scene.kind()).baked; }

int areas_count(const Session& app, const Baker& bake) {
  const BakeInputs in = bake.wanted_inputs();
  return int(on_level(app) ? in.mesh_areas.size() : in.floor_areas.size());
}

Result<void> areas_paint(Session& app, AreasView& state, Baker& bake, const std::string& name,
                         const std::vector<ScenePoint>& corners, double cost, const std::vector<double>& height) {
  BakeInputs in = bake.wanted_inputs();
  // One cost per name: the name's other areas take the new cost.
  for (AreaPaint& a : in.floor_areas)
    if (a.name == name) a.cost = cost;
  for (AreaVolume& a : in.mesh_areas)
    if (a.name == name) a.cost = cost;
  if (on_level(app)) {
    AreaVolume v{name, corners, 0.0, 0.0, cost};
    double lowest = corners.empty() ? 0.0 : corners[0].height;
    for (const ScenePoint& p : corners) lowest = std::min(lowest, p.height);
    v.height_min = height.size() == 2 ? height[0] : lowest - state.descent;
    v.height_max = height.size() == 2 ? height[1] : v.height_min + state.height;
    in.mesh_areas.push_back(v);
  } else {
    AreaPaint a{name, {}, cost};
    for (const ScenePoint& p : corners) a.polygon.push_back(p.plane);
    in.floor_areas.push_back(a);
  }
  state.selected = areas_count(app, bake);  // the new one, once the bake has it
  return apply(app, bake, in, "area " + quoted(name) + " painted (cost " + num(cost) + ")");
}

Result<void> areas_delete(Session& app, AreasView& state, Baker& bake, int index) {
  BakeInputs in = bake.wanted_inputs();
  const int n = int(on_level(app) ? in.mesh_areas.size() : in.floor_areas.size());
  if (index < 0 || index >= n)
    return Error{"no area " + std::to_string(index) + " (the scene has " + std::to_string(n) + ")"};
  if (on_level(app))
    in.mesh_areas.erase(in.mesh_areas.begin() + index);
  else
    in.floor_areas.erase(in.floor_areas.begin() + index);
  if (state.selected == index)
    state.selected = -1;
  else if (state.selected > index)
    --state.selected;
  return apply(app, bake, in, "area " + std::to_string(index) + " deleted");
}

Result<void> areas_set_cost(Session& app, Baker& bake, const std::string& name, double cost) {
  BakeInputs in = bake.wanted_inputs();
  bool found = false;
  for (AreaPaint& a : in.floor_areas)
    if (a.name == name) {
      a.cost = cost;
      found = true;
    }
  for (AreaVolume& a : in.mesh_areas)
    if (a.name == name) {
      a.cost = cost;
      found = true;
    }
  if (!found) return Error{"no area named " + quoted(name)};
  if (in == bake.wanted_inputs()) return {};
  return apply(app, bake, in, "area " + quoted(name) + " costs " + num(cost));
}

void areas_tool_click(Session& app, AreasView& v, Baker& bake, const ScenePoint& at, double pick) {
  if (!v.corners.empty() && distance(v.corners.back().plane, at.plane) <= pick) {
    areas_close(app, v, bake);
    return;
  }
  v.corners.push_back(at);
  app.status = std::to_string(v.corners.size()) + " corners: click the last one again (or Enter) to close the area";
}

void areas_close(Session& app, AreasView& v, Baker& bake) {
  std::vector<Vec2> plane;
  for (const ScenePoint& p : v.corners) plane.push_back(p.plane);
  const std::vector<Vec2> hull = convex_hull(plane);
  std::vector<ScenePoint> corners;
  for (Vec2 h : hull)  // each hull corner is a clicked point: it keeps the height it was picked at
    for (const ScenePoint& p : v.corners)
      if (p.plane.x == h.x && p.plane.y == h.y) {
        corners.push_back(p);
        break;
      }
  v.corners.clear();
  if (corners.size() < 3) {
    app.show_error("an area needs 3 corners that are not on one line");
    return;
  }
  if (Result<void> r = areas_paint(app, v, bake, v.name, corners, v.cost); !r) app.show_error(r.error());
}

void draw_areas(const Session& app, Viewport& view, const AreasView& v, ClickMode mode, const Baker& bake) {
  if (!areas_possible(app)) return;
  const Theme& th = app.theme;
  gl::Batch& b = view.plan();
  const bool tool = mode == ClickMode::PaintArea;
  const std::vector<AreaView> areas = wanted_areas(app, bake);
  for (int i = 0; i < int(areas.size()); ++i) {
    if (!tool && i != v.selected) continue;
    b.polyline(areas[size_t(i)].ring, i == v.selected ? th.apex : th.gate, {i == v.selected ? 3.0f : 1.5f}, true);
    Vec2 mid{};
    for (Vec2 p : areas[size_t(i)].ring) mid = mid + p;
    const Vec2 at = view.to_screen(mid / double(std::max<size_t>(1, areas[size_t(i)].ring.size())));
    const std::string label = areas[size_t(i)].name + " x" + num(areas[size_t(i)].cost);
    view.label(float(at.x), float(at.y), label.c_str(), to_imu32(th.gate), true);
  }
  if (!tool || v.corners.empty()) return;
  std::vector<Vec2> plane;
  for (const ScenePoint& p : v.corners) plane.push_back(p.plane);
  const std::vector<Vec2> hull = convex_hull(plane);
  if (hull.size() >= 3) b.polyline(hull, th.gate, {2.0f, 6.0f, 6.0f}, true);
  for (size_t i = 0; i < plane.size(); ++i)
    b.point(plane[i], i + 1 == plane.size() ? 6.0f : 4.0f, i + 1 == plane.size() ? th.goal : th.apex, 1.5f,
            {0, 0, 0, 255});
}

std::optional<Result<void>> areas_script_action(Session& app, AreasView& state, ClickMode& mode, Baker& bake,
                                                const json& a) {
  return bake.scripted_edit([&]() -> EditDone {
    if (a.contains("paint_area")) return {EditKind::Edited, act_paint(app, state, bake, a["paint_area"])};
    if (a.contains("delete_area"))
      return {EditKind::Edited, areas_delete(app, state, bake, a["delete_area"].get<int>())};
    if (a.contains("area_cost")) {
      if (!a.contains("cost")) throw std::invalid_argument("area_cost needs \"cost\": C");
      return {EditKind::Edited, areas_set_cost(app, bake, a["area_cost"].get<std::string>(), a["cost"].get<double>())};
    }
    if (a.contains("area_tool")) {
      mode = a["area_tool"].get<bool>() ? ClickMode::PaintArea : ClickMode::Inspect;
      state.corners.clear();
      return {EditKind::NoRebake, {}};
    }
    if (a.contains("close_area")) {
      areas_close(app, state, bake);
      return {EditKind::Edited, {}};
    }
    return {};
  });
}

json areas_state_json(const Session& app, const AreasView& state, ClickMode mode) {
  json areas = json::array();
  const BakeInputs in = bake_inputs(app.doc.scene);  // the painted areas of a floor plan or a level
  for (const AreaPaint& p : in.floor_areas) {
    json ring = json::array();
    for (Vec2 q : p.polygon) ring.push_back({q.x, q.y});
    areas.push_back({{"name", p.name}, {"polygon", ring}, {"height", nullptr}, {"cost", p.cost}});
  }
  for (const AreaVolume& v : in.mesh_areas) {
    json ring = json::array();
    for (const ScenePoint& q : v.polygon) ring.push_back(json(scene_point_json(q)));
    areas.push_back({{"name", v.name}, {"polygon", ring}, {"height", {v.height_min, v.height_max}}, {"cost", v.cost}});
  }
  return {{"tool", mode == ClickMode::PaintArea}, {"corners", state.corners.size()}, {"areas", areas}};
}

}  // namespace navlab::app
