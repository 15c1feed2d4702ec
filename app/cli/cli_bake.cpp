// `navlab bake SCENE --out FILE.json`: builds the scene's navmesh (baking floor plans and OBJ levels
// with Recast) and writes its vertices, polygons, neighbours, areas and bake time as JSON.
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <future>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <optional>

#include "atomic_file.h"
#include "cli.h"
#include "detour_file.h"
#include "navmesh_build.h"
#include "scene.h"

namespace navlab::cli {

extern const char* const kBakeUsage =
    "Usage: navlab bake SCENE --out FILE.json [--detour-out FILE.bin] [--progress]\n\n"
    "Builds the navmesh of SCENE (floor plans and OBJ levels are baked with Recast using the scene's\n"
    "`bake` parameters; hand-authored meshes are checked and linked) and writes FILE.json:\n"
    "  {\"scene\", \"source\", \"is3d\", \"bake_ms\", \"vertices\": [[x, y] | [x, y, z]...],\n"
    "   \"polygons\": [[vertex indices, counter-clockwise]...], \"neighbours\": [[polygon across edge i, or -1]...],\n"
    "   \"areas\": [area name per polygon], \"area_names\": [...], \"costs\": [...]}\n"
    "Polygon i of a single-tile bake is Detour's polygon i in the tile; a scene with bake.tile_size > 0 is\n"
    "baked in tiles of that many cells on every hardware thread, its polygons tile after tile.\n"
    "`--out -` writes to stdout. --progress prints \"navlab bake: K/N tiles\" lines while a tiled bake\n"
    "runs, then the bake's total time, to stderr.\n"
    "--detour-out FILE.bin also (or only) writes the Detour navmesh in RecastDemo's all-tiles file format\n"
    "('MSET'), which Recast-based engines load and a scene reads back with \"detour\": \"FILE.bin\".\n"
    "Both files are written atomically (a failed write leaves a file that was there as it was); neither\n"
    "may be the scene or a file it names.\n"
    "Exit codes: 0 ok, 2 usage error, unreadable scene, bad geometry, an empty bake or a failed write.\n";

namespace {

// How often --progress looks at the tile count.
constexpr std::chrono::milliseconds kProgressPoll{50};

// build_navmesh on a worker thread while this one prints the tiles done to stderr whenever they change.
Result<NavMesh> build_with_progress(const Scene& scene) {
  BakeProgress progress;
  auto job = std::async(std::launch::async, [&] { return build_navmesh(scene, nullptr, nullptr, &progress); });
  int shown = -1;
  auto show = [&] {
    const int done = progress.tiles_done.load(), total = progress.tiles_total.load();
    if (total > 0 && done != shown) std::fprintf(stderr, "navlab bake: %d/%d tiles\n", done, total);
    if (total > 0) shown = done;
  };
  while (job.wait_for(kProgressPoll) != std::future_status::ready) show();
  show();
  return job.get();
}

nlohmann::ordered_json to_json(const Scene& scene, const NavMesh& mesh, double build_ms) {
  nlohmann::ordered_json out;
  out["scene"] = scene.path;
  out["source"] = to_string(scene.kind());
  out["is3d"] = mesh.is3d;
  out["bake_ms"] = mesh.baked ? mesh.baked->bake_ms : build_ms;
  // Filled as locals: ordered_json keeps keys in a vector, so references into `out` do not survive inserts.
  auto verts = nlohmann::ordered_json::array();
  for (size_t i = 0; i < mesh.verts.size(); ++i) {
    if (mesh.is3d) {
      const Vec3 w = to_world(mesh.verts[i], mesh.heights[i]);
      verts.push_back({w.x, w.y, w.z});
    } else {
      verts.push_back({mesh.verts[i].x, mesh.verts[i].y});
    }
  }
  auto polys = nlohmann::ordered_json::array(), neis = polys, areas = polys, costs = polys;
  for (const NavPoly& p : mesh.polys) {
    polys.push_back(p.verts);
    neis.push_back(p.neighbours);
    areas.push_back(mesh.area_names[p.area]);
    costs.push_back(p.cost);
  }
  out["vertices"] = std::move(verts);
  out["polygons"] = std::move(polys);
  out["neighbours"] = std::move(neis);
  out["areas"] = std::move(areas);
  out["costs"] = std::move(costs);
  out["area_names"] = mesh.area_names;
  return out;
}

// Fails with why an output would replace a file the bake reads: the scene, or the level or navmesh file it
// names.
Result<void> refuse_overwriting_inputs(const Scene& scene, std::initializer_list<std::optional<std::string>> outs) {
  std::vector<std::pair<std::string, std::string>> inputs{{scene.path, "scene file"}};
  std::string source;
  if (const Scene::Mesh* m = scene.mesh_source()) source = m->path();
  if (const Scene::Detour* d = scene.detour_source()) source = d->file;
  if (!source.empty()) {
    const std::filesystem::path p(source);
    inputs.emplace_back(p.is_relative() ? (std::filesystem::path(scene.path).parent_path() / p).string() : source,
                        scene.detour_source() ? "navmesh file" : "level file");
  }
  for (const auto& out : outs)
    if (out && *out != "-")
      for (const auto& [in, what] : inputs)
        if (Result<void> fine = refuse_overwriting_input(*out, in, what); !fine) return fine;
  return {};
}

}  // namespace

int run_bake(const std::vector<std::string>& argv) {
  const Command& cmd = *find_command("bake");
  Args args(argv, {"--out", "--detour-out"}, {"--progress"});
  if (!args.ok()) return usage_error(cmd, args.error());
  if (args.positional().size() != 1) return usage_error(cmd, "expected one SCENE file");
  const auto out_path = args.value("--out");
  const auto detour_path = args.value("--detour-out");
  if ((!out_path || out_path->empty()) && (!detour_path || detour_path->empty()))
    return usage_error(cmd, "--out FILE.json is required (or --detour-out FILE.bin)");

  auto scene = load_scene(args.positional()[0]);
  if (!scene) {
    std::fprintf(stderr, "%s\n", scene.error().c_str());
    return kExitUsage;
  }
  if (Result<void> r = refuse_overwriting_inputs(scene.value(), {out_path, detour_path}); !r)
    return usage_error(cmd, r.error());
  if (scene->graph_source()) {
    std::fprintf(stderr, "%s: a graph scene has nodes and edges, no polygons to bake\n", scene->path.c_str());
    return kExitUsage;
  }
  const auto t0 = std::chrono::steady_clock::now();
  auto mesh = args.has("--progress") ? build_with_progress(scene.value()) : build_navmesh(scene.value());
  const double build_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  if (args.has("--progress")) std::fprintf(stderr, "navlab bake: %s in %.1f ms\n", mesh ? "built" : "failed", build_ms);
  if (!mesh) {
    std::fprintf(stderr, "%s\n", mesh.error().c_str());
    return kExitUsage;
  }
  if (detour_path) {
    if (Result<void> written = write_detour_file(mesh.value(), *detour_path); !written) {
      std::fprintf(stderr, "%s\n", written.error().c_str());
      return kExitUsage;
    }
    if (!out_path) {
      std::printf("wrote %s: the Detour navmesh, %zu polygons\n", detour_path->c_str(), mesh->polys.size());
      return kExitOk;
    }
  }
  const std::string text = readable_json(to_json(scene.value(), mesh.value(), build_ms)) + "\n";
  if (*out_path == "-") {
    std::fwrite(text.data(), 1, text.size(), stdout);
    return kExitOk;
  }
  if (Result<void> written = write_file_atomically(*out_path, text, "navmesh JSON file"); !written) {
    std::fprintf(stderr, "navlab bake: %s\n", written.error().c_str());
    return kExitUsage;
  }
  std::printf("wrote %s: %zu polygons, %zu vertices, %s in %.1f ms\n", out_path->c_str(), mesh->polys.size(),
              mesh->verts.size(), mesh->baked ? "baked" : "built", mesh->baked ? mesh->baked->bake_ms : build_ms);
  return kExitOk;
}

}  // namespace navlab::cli
