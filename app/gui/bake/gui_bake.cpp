#include "gui_bake.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <utility>
#include <vector>

#include "gui_app.h"
#include "gui_doors.h"
#include "gui_mesh_layer.h"
#include "navmesh_build.h"
#include "search.h"

namespace navlab::app {

namespace {

// A scene error from its JSON pointer on: an edited scene is checked as written text, whose lines and
// columns mean nothing to the user ("FILE:3:14: /links/0/radius: expected ..." -> "/links/0/radius: ...").
std::string from_pointer(const std::string& e) {
  const size_t at = e.find(": /");
  return at == std::string::npos ? e : e.substr(at + 2);
}

// The scene's own rules for the edited inputs, as a scene file would be checked: `scene` with `inputs`
// written out and read back. Fails with the message from its JSON pointer on.
Result<Scene> check_edit(const Scene& scene, const BakeInputs& inputs) {
  Scene next = scene;
  set_bake_inputs(next, inputs);
  Result<Scene> read = parse_scene(scene_to_json(next), scene.path);
  if (!read) return Error{from_pointer(read.error())};
  return read;
}

// Whether two door lists have the same ids and shapes (what a bake marks; open or closed is not baked).
bool same_door_shapes(const std::vector<Door>& a, const std::vector<Door>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (a[i].id != b[i].id || a[i].shape != b[i].shape || a[i].is_polygon != b[i].is_polygon) return false;
  return true;
}

void start_job(App& app, Scene scene, const std::string& what) {
  BakeView& b = app.baking;
  if (b.job) {  // the latest edit wins: the running bake stops, its output is dropped when it returns
    b.job->cancel();
    b.retiring.push_back(std::move(b.job));
    ++b.restarted;
  }
  // The search space too is sized on the worker: the re-plan in the frame the mesh arrives in must not
  // allocate and first touch it (a few ms at 100k polygons); the viewport's shapes are built there too.
  auto shapes = std::make_shared<BakedShapes>();
  b.job = std::make_unique<BakeJob>(std::move(scene), [shapes, presenter = app.theme.presenter](const NavMesh& mesh) {
    ready_mesh(mesh);
    *shapes = std::move(*build_shapes(mesh, presenter));
  });
  b.shapes = std::move(shapes);
  b.what = what;
  ++b.started;
  app.status = "baking (" + what + ")...";
}

// The output of a bake of `baked` (the edited scene) replaces the document's mesh, records and plan, or
// says why not. `shapes`: the viewport's shapes of the baked mesh, when the bake's worker built them.
void finish(App& app, const Scene& baked, BakeOutput out, const std::string& what, BakedShapes* shapes = nullptr) {
  BakeView& b = app.baking;
  const std::string door = std::exchange(b.door, std::string());
  if (out.cancelled) {
    b.last = BakeEnd::Cancelled;
    app.baking.edit_revision = -1;  // the panel shows the document's parameters again
    app.status = "bake cancelled (" + what + "): the old navmesh stays (" + std::to_string(app.doc.mesh.polys.size()) +
                 " polygons)";
    return;
  }
  if (!out.mesh) {
    b.last = BakeEnd::Failed;
    app.baking.edit_revision = -1;
    app.show_error("the bake failed, the old navmesh stays: " + from_pointer(out.mesh.error()));
    if (!door.empty()) doors_rebake_failed(app.doors, what, from_pointer(out.mesh.error()));
    return;
  }
  if (!same_door_shapes(baked.doors, app.doc.scene.doors)) {  // a door moved while it baked
    Scene again = app.doc.scene;
    set_bake_inputs(again, bake_inputs(baked));
    start_job(app, std::move(again), what);
    b.door = door;
    return;
  }
  set_bake_inputs(app.doc.scene, bake_inputs(baked));
  app.disposer.later(set_mesh(app.doc, std::move(out.mesh).value()));  // 100k polygons: ms of free()
  app.doc.bake_steps = std::move(out.steps);
  app.doc.bake_stages = std::move(out.stages);
  if (shapes && shapes->built)
    app.view.mesh_changed(std::move(shapes->layer), shapes->presenter);
  else
    app.view.mesh_changed();
  if (door.empty())
    app.replan();
  else
    doors_mesh_rebaked(app, app.doors, door, what, out.ms);
  b.last = BakeEnd::Baked;
  char status[160];
  std::snprintf(status, sizeof status, "baked again (%s): %zu polygons in %.1f ms", what.c_str(),
                app.doc.mesh.polys.size(), out.ms);
  app.status = status;
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

// One key of the script's {"bake": {...}} into `b`; fails with what is wrong.
Result<void> set_param(BakeDef& b, const std::string& key, const nlohmann::json& v) {
  for (const NumberParam& p : kNumbers)
    if (key == p.name) {
      if (!v.is_number()) return Error{"bake." + key + " needs a number"};
      b.*p.field = v.get<double>();
      return {};
    }
  if (key == "verts_per_poly") {
    if (!v.is_number_integer()) return Error{"bake.verts_per_poly needs a whole number"};
    b.verts_per_poly = v.get<int>();
    return {};
  }
  if (key == "tile_size") {
    if (!v.is_number_integer()) return Error{"bake.tile_size needs a whole number"};
    b.tile_size = v.get<int>();
    return {};
  }
  if (key == "partition") {
    for (Partition p : {Partition::Watershed, Partition::Monotone, Partition::Layers})
      if (v.is_string() && v.get<std::string>() == to_string(p)) {
        b.partition = p;
        return {};
      }
    return Error{"bake.partition needs \"watershed\", \"monotone\" or \"layers\""};
  }
  return Error{"unknown bake parameter '" + key + "'"};
}

// {"bake_stage": NAME}: the view switch set as the Bake panel's combo sets it; fails with what is wrong.
Result<void> set_bake_stage(App& app, const nlohmann::json& name) {
  if (!name.is_string()) return Error{"{\"bake_stage\": NAME} needs a stage name"};
  if (name == "navmesh") {
    app.view.bake_stage.reset();
    return {};
  }
  const auto stage = bake_stage_from_name(name.get<std::string>());
  if (!stage)
    return Error{"unknown bake stage " + name.dump() +
                 " (navmesh, input, heightfield, compact, regions, raw-contours, contours, polymesh or detail)"};
  app.view.bake_stage = stage;
  return {};
}

}  // namespace

BakeInputs bake_inputs(const Scene& scene) {
  BakeInputs in{scene.bake, scene.links, {}, {}};
  if (const Scene::Floorplan* f = scene.floorplan_source()) in.floor_areas = f->areas;
  if (const Scene::Mesh* m = scene.mesh_source()) in.mesh_areas = m->areas;
  return in;
}

// The painted areas go to the source that has them: a floor plan's or a level's (others have none).
void set_bake_inputs(Scene& scene, const BakeInputs& in) {
  scene.bake = in.bake;
  scene.links = in.links;
  if (Scene::Floorplan* f = scene.floorplan_source()) f->areas = in.floor_areas;
  if (Scene::Mesh* m = scene.mesh_source()) m->areas = in.mesh_areas;
}

bool document_is_baked(const Session& app) { return app.doc.loaded() && traits(app.doc.scene.kind()).baked; }

BakeInputs wanted_bake_inputs(const App& app) {
  return bake_inputs(app.baking.job ? app.baking.job->scene() : app.doc.scene);
}

bool bake_with(App& app, const BakeInputs& inputs, const std::string& what) {
  const bool hand_authored = app.doc.loaded() && traits(app.doc.scene.kind()).rebuilt;
  if (!document_is_baked(app) && !hand_authored) {
    app.show_error(
        "only a floor plan or a level mesh is baked (and a hand-authored mesh rebuilt); this scene's "
        "navmesh is neither");
    return false;
  }
  Result<Scene> edited = check_edit(app.doc.scene, inputs);
  if (!edited) {
    app.show_error("the edit was not applied (" + what + "): " + edited.error());
    return false;
  }
  Scene checked = std::move(edited).value();
  if (hand_authored) {  // no bake: the polygons are the scene's, rebuilt with the links at once
    const auto t0 = std::chrono::steady_clock::now();
    BakeOutput out;
    out.mesh = build_navmesh(checked);
    out.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    finish(app, checked, std::move(out), what);
    return app.baking.last == BakeEnd::Baked;
  }
  start_job(app, std::move(checked), what);
  return true;
}

void bake_for_door(App& app, const std::string& door, const std::string& what) {
  Scene scene = app.doc.scene;
  set_bake_inputs(scene, wanted_bake_inputs(app));
  start_job(app, std::move(scene), what);
  app.baking.door = door;
}

bool rebake(App& app, const BakeDef& bake) {
  if (!document_is_baked(app)) {
    app.show_error("only a floor plan or a level mesh is baked; this scene's navmesh is not");
    return false;
  }
  BakeInputs in = wanted_bake_inputs(app);
  in.bake = bake;
  return bake_with(app, in, "bake parameters");
}

void bake_frame(App& app) {
  BakeView& b = app.baking;
  // A cancelled bake's thread has returned: dropping it joins at once.
  b.retiring.erase(std::remove_if(b.retiring.begin(), b.retiring.end(),
                                  [](const std::unique_ptr<BakeJob>& j) { return j->finished(); }),
                   b.retiring.end());
  if (!b.job || !b.job->finished()) return;
  std::unique_ptr<BakeJob> job = std::move(b.job);
  const std::shared_ptr<BakedShapes> shapes = std::move(b.shapes);
  finish(app, job->scene(), job->take(), b.what, shapes.get());
  app.disposer.later(std::move(job));  // its copy of the scene (a large level's outlines)
}

bool bake_cancel(App& app, bool wait) {
  BakeView& b = app.baking;
  if (!b.job) return false;
  b.job->cancel();
  if (wait) {
    const std::unique_ptr<BakeJob> job = std::move(b.job);
    const std::shared_ptr<BakedShapes> shapes = std::move(b.shapes);
    finish(app, job->scene(), job->take(), b.what, shapes.get());
    return true;
  }
  // The UI does not wait for the bake to reach its next phase: the thread is let go when it returns.
  b.retiring.push_back(std::move(b.job));
  b.shapes.reset();
  finish(app, b.retiring.back()->scene(), BakeOutput{Result<NavMesh>::fail("cancelled"), {}, {}, 0.0, true}, b.what);
  return true;
}

void bake_wait(App& app) {
  while (app.baking.job && app.frame()) {
  }
}

std::optional<Result<void>> bake_edit_action(App& app, const std::function<EditDone()>& act) {
  EditDone done;
  try {
    done = act();
  } catch (const std::exception& ex) {
    return Error{ex.what()};
  }
  if (done.kind == EditKind::NotThisAction) return std::nullopt;
  if (done.kind == EditKind::Edited && done.result) bake_wait(app);
  return done.result;
}

void bake_abandon(App& app) {
  BakeView& b = app.baking;
  if (!b.job) return;
  b.job->cancel();
  b.retiring.push_back(std::move(b.job));
  b.shapes.reset();
}

std::optional<Result<void>> bake_script_action(App& app, const nlohmann::json& a) {
  if (a.contains("bake_stage")) return set_bake_stage(app, a["bake_stage"]);
  if (a.contains("bake_wait")) {
    bake_wait(app);
    return Result<void>();
  }
  if (a.contains("bake_cancel")) {
    if (!bake_cancel(app, true)) return Error{"bake_cancel: no bake is running (it has finished already)"};
    return Result<void>();
  }
  if (!a.contains("bake")) return std::nullopt;
  const nlohmann::json& params = a["bake"];
  if (!params.is_object()) return Error{"{\"bake\": {PARAMETER: VALUE, ...}} needs an object"};
  BakeDef next = wanted_bake_inputs(app).bake;
  for (const auto& [key, value] : params.items())
    if (Result<void> r = set_param(next, key, value); !r) return r;
  if (a.contains("wait") && !a["wait"].is_boolean()) return Error{"{\"bake\": {...}, \"wait\": B} needs true or false"};
  // A bake that fails is the app's to show (App::error), not the script's.
  if (rebake(app, next) && a.value("wait", true)) bake_wait(app);
  return Result<void>();
}

nlohmann::json bake_state_json(const App& app) {
  const BakeView& b = app.baking;
  nlohmann::json out = {{"running", b.running()},
                        {"last", to_string(b.last)},
                        {"started", b.started},
                        {"restarted", b.restarted},
                        {"frames_shown", b.frames_shown},
                        {"polygons", app.doc.mesh.polys.size()},
                        {"what", b.running() ? b.what : ""},
                        {"mesh_shapes",
                         {{"built_by_viewport", app.view.mesh_builds()},
                          {"taken_from_bake", app.view.mesh_shapes_taken()},
                          {"retired_waiting", app.view.retired_waiting()}}}};
  if (b.job) {
    const BakeProgress& p = b.job->progress();
    out["tiles_done"] = p.tiles_done.load();
    out["tiles_total"] = p.tiles_total.load();
    const int phase = p.phase.load();
    out["phase"] = phase >= 0 ? nlohmann::json(to_string(BakePhase(phase))) : nlohmann::json(nullptr);
  }
  return out;
}

}  // namespace navlab::app
