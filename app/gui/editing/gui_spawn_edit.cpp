#include "gui_spawn_edit.h"
#include "format.h"

#include <SDL.h>
#include <imgui.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <limits>
#include <stdexcept>

#include "detail_surface.h"
#include "panel_spawn.h"
#include "gui_script.h"

namespace navlab::app {

namespace {

// A point as the status line writes it, to the centimetre.
std::string status_point(Vec2 p) { return fmt("(%.2f, %.2f)", p.x, p.y); }

// A scene point at plane position `p`; on 3D meshes its height is the surface's under it (pick_at; the
// candidate keeps its old height when there is none).
ScenePoint point_at(const Document& doc, Vec2 p, const ScenePoint* old) {
  ScenePoint out = old ? *old : ScenePoint{};
  out.node.clear();
  out.plane = p;
  out.is3d = doc.mesh.is3d;
  if (out.is3d) {
    if (const SurfacePoint s = pick_at(doc.mesh, p); s.on_mesh()) out.height = s.height;
  }
  return out;
}

int find_candidate(const std::vector<SpawnCandidate>& cands, const std::string& name) {
  for (int i = 0; i < int(cands.size()); ++i)
    if (cands[i].name == name) return i;
  return -1;
}

Result<void> editable(const Session& app) {
  if (!app.doc.loaded()) return Error{"no scene is open"};
  if (app.doc.mesh.kind == NavMesh::Kind::Graph)
    return Error{"spawn candidates are points on a navmesh; a graph scene has none"};
  return {};
}

Vec2 json_point(const nlohmann::json& j) {
  const Result<Vec2> p = read_xy(j);
  if (!p) throw std::invalid_argument("a point is [x, y]");
  return p.value();
}

}  // namespace

std::string next_candidate_name(const std::vector<SpawnCandidate>& candidates) {
  long best = 0;
  for (const SpawnCandidate& c : candidates) {
    if (c.name.size() < 2 || c.name[0] != 'P') continue;
    const std::string digits = c.name.substr(1);
    if (digits.size() > 9 || digits.find_first_not_of("0123456789") != std::string::npos) continue;
    best = std::max(best, std::stol(digits));
  }
  return "P" + std::to_string(best + 1);
}

Result<void> spawn_move_candidate(Session& app, const std::string& name, Vec2 to) {
  if (Result<void> r = editable(app); !r) return r;
  auto& cands = app.doc.scene.spawn.candidates;
  const int i = find_candidate(cands, name);
  if (i < 0) return Error{"no spawn candidate '" + name + "'"};
  cands[i].pos = point_at(app.doc, to, &cands[i].pos);
  app.status = "moved " + name + " to " + status_point(to);
  return {};
}

Result<std::string> spawn_add_candidate(Session& app, SpawnView& spawn, Vec2 at) {
  if (Result<void> r = editable(app); !r) return Error{r.error()};
  auto& cands = app.doc.scene.spawn.candidates;
  SpawnCandidate c{next_candidate_name(cands), point_at(app.doc, at, nullptr)};
  app.status = "added " + c.name + " at " + status_point(at);
  std::string name = c.name;
  cands.push_back(std::move(c));
  spawn.selected = int(cands.size()) - 1;
  return name;
}

Result<void> spawn_delete_candidate(Session& app, SpawnView& spawn, int index) {
  auto& cands = app.doc.scene.spawn.candidates;
  if (index < 0 || index >= int(cands.size())) return Error{"no spawn candidate number " + std::to_string(index)};
  app.status = "deleted " + cands[index].name;
  cands.erase(cands.begin() + index);
  SpawnView& v = spawn;
  if (v.selected == index)
    v.selected = -1;
  else if (v.selected > index)
    --v.selected;
  v.edit.grab = -1;
  v.edit.hover = -1;
  return {};
}

bool spawn_viewport_mouse(Session& app, SpawnView& spawn, ClickMode mode, Vec2 world, double pick, bool hovered) {
  SpawnEdit& e = spawn.edit;
  e.ghost.reset();
  if (!editable(app)) {
    e = SpawnEdit{};
    return false;
  }
  if (mode != ClickMode::Inspect) e.add_mode = false;
  auto& cands = app.doc.scene.spawn.candidates;
  if (e.grab >= int(cands.size())) e.grab = -1;
  if (e.grab >= 0) {
    if (ImGui::IsMouseDown(0)) {
      // Verdicts follow in this frame's drawing: the panel re-validates a changed candidate once a frame.
      const Vec2 to = world + e.grab_offset;
      if (to.x != cands[e.grab].pos.plane.x || to.y != cands[e.grab].pos.plane.y)
        show_failure(app, spawn_move_candidate(app, cands[e.grab].name, to));
    } else {
      e.grab = -1;
    }
    return true;
  }
  e.hover = -1;
  if (!hovered) return false;
  double best = std::numeric_limits<double>::infinity();
  for (int i = 0; i < int(cands.size()); ++i) {
    const double d = distance(cands[i].pos.plane, world);
    if (d <= pick && d < best) {
      best = d;
      e.hover = i;
    }
  }
  if (e.add_mode) {
    e.ghost = world;
    if (ImGui::IsMouseClicked(0)) show_failure(app, spawn_add_candidate(app, spawn, world));
    return ImGui::IsMouseClicked(0);
  }
  if (e.hover >= 0 && mode == ClickMode::Inspect && ImGui::IsMouseClicked(0)) {
    e.grab = e.hover;
    e.grab_offset = cands[e.hover].pos.plane - world;
    spawn.selected = e.hover;
    return true;
  }
  return false;
}

bool spawn_edit_key(Session& app, SpawnView& spawn, ClickMode& mode, int sc) {
  SpawnEdit& e = spawn.edit;
  if (sc == SDL_SCANCODE_A) {
    e.add_mode = !e.add_mode;
    if (e.add_mode) mode = ClickMode::Inspect;
    return true;
  }
  if (sc == SDL_SCANCODE_ESCAPE || sc == SDL_SCANCODE_I) {
    const bool was = e.add_mode;
    e.add_mode = false;
    return was;
  }
  if (sc == SDL_SCANCODE_DELETE && spawn.selected >= 0)
    return show_failure(app, spawn_delete_candidate(app, spawn, spawn.selected)), true;
  return false;
}

void spawn_mode_button(SpawnEdit& e, ClickMode& mode) {
  if (ImGui::RadioButton("Add candidate (A)", e.add_mode)) {
    e.add_mode = !e.add_mode;
    if (e.add_mode) mode = ClickMode::Inspect;
  }
}

std::optional<Result<void>> spawn_script_action(Session& app, SpawnView& spawn, ClickMode& mode,
                                                const nlohmann::json& a) {
  try {
    if (a.contains("move_candidate")) {
      if (!a.contains("to")) throw std::invalid_argument("move_candidate needs \"to\": [x, y]");
      return spawn_move_candidate(app, a["move_candidate"].get<std::string>(), json_point(a["to"]));
    }
    if (a.contains("spawn_add_mode")) {
      spawn.edit.add_mode = a["spawn_add_mode"].get<bool>();
      if (spawn.edit.add_mode) mode = ClickMode::Inspect;
      return Result<void>();
    }
    if (a.contains("add_candidate")) {
      if (Result<std::string> added = spawn_add_candidate(app, spawn, json_point(a["add_candidate"])); !added)
        return Error{added.error()};
      return Result<void>();
    }
    if (a.contains("delete_candidate")) {
      const std::string name = a["delete_candidate"].get<std::string>();
      const int i = find_candidate(app.doc.scene.spawn.candidates, name);
      if (i < 0) return Error{"no spawn candidate '" + name + "'"};
      return spawn_delete_candidate(app, spawn, i);
    }
  } catch (const std::exception& ex) {
    return Error{ex.what()};
  }
  return std::nullopt;
}

nlohmann::json spawn_state_json(const SpawnView& spawn) {
  nlohmann::json out = nlohmann::json::array();
  for (const SpawnVerdict& v : spawn.verdicts) {
    nlohmann::json checks = nlohmann::json::object();
    for (const CheckResult& r : v.checks) checks[to_string(r.check)] = to_string(r.outcome);
    out.push_back({{"name", v.name},
                   {"pos", {v.pos.x, v.pos.y}},
                   {"accepted", v.accepted},
                   {"reason", v.reason ? nlohmann::json(to_string(*v.reason)) : nlohmann::json(nullptr)},
                   {"checks", checks}});
  }
  return out;
}

}  // namespace navlab::app
