#include "gui_bake.h"

#include <chrono>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <utility>
#include <vector>

#include "gui_app.h"
#include "navmesh_build.h"

namespace navlab::app {

namespace {

// The scene's own rules for bake parameters, as a scene file would be checked: `scene` with `bake`
// written out and read back. Returns "" or the message from its "/bake/..." pointer on.
std::string check_bake(const Scene& scene, const BakeDef& bake, Scene& checked) {
  Scene next = scene;
  next.bake = bake;
  Result<Scene> read = parse_scene(scene_to_json(next), scene.path);
  if (read) {
    checked = std::move(read).value();
    return "";
  }
  const std::string& e = read.error();
  const size_t at = e.find("/bake");
  return at == std::string::npos ? e : e.substr(at);
}

struct NumberParam {
  const char* name;
  double BakeDef::*field;
};
const NumberParam kNumbers[] = {
    {"cell_size", &BakeDef::cell_size},
    {"cell_height", &BakeDef::cell_height},
    {"agent_height", &BakeDef::agent_height},
    {"agent_radius", &BakeDef::agent_radius},
    {"agent_max_climb", &BakeDef::agent_max_climb},
    {"agent_max_slope", &BakeDef::agent_max_slope},
    {"region_min_size", &BakeDef::region_min_size},
    {"region_merge_size", &BakeDef::region_merge_size},
    {"edge_max_len", &BakeDef::edge_max_len},
    {"edge_max_error", &BakeDef::edge_max_error},
    {"detail_sample_dist", &BakeDef::detail_sample_dist},
    {"detail_sample_max_error", &BakeDef::detail_sample_max_error},
};

// One key of the script's {"bake": {...}} into `b`. Returns "" or what is wrong.
std::string set_param(BakeDef& b, const std::string& key, const nlohmann::json& v) {
  for (const NumberParam& p : kNumbers)
    if (key == p.name) {
      if (!v.is_number()) return "bake." + key + " needs a number";
      b.*p.field = v.get<double>();
      return "";
    }
  if (key == "verts_per_poly") {
    if (!v.is_number_integer()) return "bake.verts_per_poly needs a whole number";
    b.verts_per_poly = v.get<int>();
    return "";
  }
  if (key == "tile_size") {
    if (!v.is_number_integer()) return "bake.tile_size needs a whole number";
    b.tile_size = v.get<int>();
    return "";
  }
  if (key == "partition") {
    for (Partition p : {Partition::Watershed, Partition::Monotone, Partition::Layers})
      if (v.is_string() && v.get<std::string>() == to_string(p)) {
        b.partition = p;
        return "";
      }
    return "bake.partition needs \"watershed\", \"monotone\" or \"layers\"";
  }
  return "unknown bake parameter '" + key + "'";
}

// {"bake_stage": NAME}: the view switch set as the Bake panel's combo sets it. Returns "" or what is wrong.
std::string set_bake_stage(App& app, const nlohmann::json& name) {
  if (!name.is_string()) return "{\"bake_stage\": NAME} needs a stage name";
  if (name == "navmesh") {
    app.view.bake_stage.reset();
    return "";
  }
  const auto stage = bake_stage_from_name(name.get<std::string>());
  if (!stage)
    return "unknown bake stage " + name.dump() +
           " (navmesh, input, heightfield, compact, regions, raw-contours, contours, polymesh or detail)";
  app.view.bake_stage = stage;
  return "";
}

}  // namespace

bool document_is_baked(const App& app) {
  const Scene::Source s = app.doc.scene.source;
  return app.doc.loaded() && (s == Scene::Source::Floorplan || s == Scene::Source::Mesh);
}

bool rebake(App& app, const BakeDef& bake) {
  if (!document_is_baked(app)) {
    app.show_error("only a floor plan or a level mesh is baked; this scene's navmesh is not");
    return false;
  }
  Scene checked;
  if (std::string err = check_bake(app.doc.scene, bake, checked); !err.empty()) {
    app.show_error("the bake parameters were not applied: " + err);
    return false;
  }
  const auto t0 = std::chrono::steady_clock::now();
  std::vector<BakeStep> steps;
  BakeStages stages;
  Result<NavMesh> mesh = build_navmesh(checked, &steps, &stages);
  if (!mesh) {
    app.show_error("the bake failed, the old navmesh stays: " + mesh.error());
    return false;
  }
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  app.doc.scene.bake = bake;
  app.doc.mesh = std::move(mesh).value();
  app.doc.bake_steps = std::move(steps);
  app.doc.bake_stages = std::move(stages);
  app.doc.mesh_revision = new_mesh_revision();
  app.view.mesh_changed();
  app.replan();
  char status[128];
  std::snprintf(status, sizeof status, "baked again: %zu polygons in %.1f ms", app.doc.mesh.polys.size(), ms);
  app.status = status;
  return true;
}

bool bake_script_action(App& app, const nlohmann::json& a, std::string* err) {
  if (a.contains("bake_stage")) {
    *err = set_bake_stage(app, a["bake_stage"]);
    return true;
  }
  if (!a.contains("bake")) return false;
  const nlohmann::json& params = a["bake"];
  if (!params.is_object()) {
    *err = "{\"bake\": {PARAMETER: VALUE, ...}} needs an object";
    return true;
  }
  BakeDef next = app.doc.scene.bake;
  for (const auto& [key, value] : params.items())
    if (std::string bad = set_param(next, key, value); !bad.empty()) {
      *err = bad;
      return true;
    }
  rebake(app, next);  // a bake that fails is the app's to show (App::error), not the script's
  *err = "";
  return true;
}

}  // namespace navlab::app
