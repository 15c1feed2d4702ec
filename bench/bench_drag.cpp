// Dragging a closed door across the route on generated pillar halls (generated_level.h) of about 20,000 and
// 100,000 polygons, in a scripted run of the navlab binary (hidden window; under Xvfb when DISPLAY is
// set, else SDL's offscreen driver): the main thread's CPU per drag frame and the time of each re-plan
// the drag causes (the whole plan on screen, with its traces, the shortest path and the channel), as
// the doors state's "drag" reports them; and the CPU of a still frame. The same drag once more in the
// tile cache mode (drag_door_tile_cache). Results: docs/performance.md.
#include <benchmark/benchmark.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "app_script.h"
#include "drag_scene.h"
#include "scene.h"

namespace {

namespace fs = std::filesystem;
using namespace navlab;

struct DragFile {
  std::string path;
  Vec2 door_a, door_b;
};

DragFile write_scene(const std::string& dir, int polygons) {
  const bench::DragScene d = bench::drag_scene(polygons);
  DragFile out{dir + "/drag_" + std::to_string(polygons) + ".json", d.door_a, d.door_b};
  std::ofstream(out.path) << scene_to_json(d.scene);
  return out;
}

nlohmann::json run(const std::string& scene, const std::string& script_text, const std::string& dir) {
  return bench::run_app_script(scene, dir + "/drag_script.json", script_text);
}

// The script: `setup` actions, then the door dragged across the route and past it over `frames` frames
// (the plan goes round the door as it moves); `drag_options`: more keys of the drag action.
std::string drag_script(const DragFile& scene, const std::string& setup, int frames, const std::string& drag_options) {
  const Vec2 shift{0, -12};
  const Vec2 a = scene.door_a + shift, b = scene.door_b + shift;
  return "{\"actions\": [" + setup + "{\"measure\": 30}, {\"drag_door\": \"gate\", \"to\": [[" + std::to_string(a.x) +
         ", " + std::to_string(a.y) + "], [" + std::to_string(b.x) + ", " + std::to_string(b.y) +
         "]], \"frames\": " + std::to_string(frames) + drag_options + "}]}\n";
}

// Runs `script` on the hall of state.range(0) polygons and hands the printed state to `count`, with the
// drag's frame CPU as the iteration's time and its frame and re-plan counters.
template <class Count>
void run_drag(benchmark::State& state, const std::string& setup, int frames, const std::string& drag_options,
              Count count) {
  bench::use_offscreen_without_display();
  const std::string dir = fs::temp_directory_path().string();
  const DragFile scene = write_scene(dir, int(state.range(0)));
  const std::string script = drag_script(scene, setup, frames, drag_options);
  for (auto _ : state) {
    const nlohmann::json r = run(scene.path, script, dir);
    if (r.is_discarded() || r.is_null() || !r.contains("doors")) {
      state.SkipWithError("the scripted run failed (is navlab built, is there a display?)");
      return;
    }
    const nlohmann::json& d = r["doors"]["drag"];
    state.SetIterationTime(d["frame_cpu_ms_mean"].get<double>() / 1e3);
    state.counters["polygons"] = r["doors"]["tile_cache"]["polygons"].get<double>();
    for (const char* key : {"frame_cpu_ms_mean", "frame_cpu_ms_max"})
      state.counters[std::string("drag_") + key] = d[key].get<double>();
    for (const char* key : {"replans", "replan_ms_mean", "replan_ms_max"}) state.counters[key] = d[key].get<double>();
    count(r);
  }
  std::error_code ec;
  fs::remove(scene.path, ec);
}

// Arguments: polygons of the hall.
void drag_door_across_route(benchmark::State& state) {
  run_drag(state, "{\"frames\": 3}, ", 30, "", [&](const nlohmann::json& r) {
    const nlohmann::json& d = r["doors"]["drag"];
    state.counters["still_frame_cpu_ms"] = r["frame"]["thread_cpu_ms"].get<double>();
    state.counters["arrival_frame_cpu_ms"] = d["arrival_frame_cpu_ms"].get<double>();
    state.counters["after_arrival_frame_cpu_ms"] = d["after_arrival_frame_cpu_ms"].get<double>();
  });
}

// The same drag in the tile cache mode, as the mouse drags (the moves on the tile cache's thread, the
// frames not waiting for them): the main thread's CPU per drag frame, the re-plans, and what the job did
// (moves done, meshes handed over, the last mesh's tile update, readying on the job's thread and taking
// on the main thread). Arguments: polygons of the hall.
void drag_door_tile_cache(benchmark::State& state) {
  run_drag(state, "{\"frames\": 3}, {\"tile_cache\": true}, {\"frames\": 3}, ", 60, ", \"wait_tiles\": false",
           [&](const nlohmann::json& r) {
             const nlohmann::json& t = r["doors"]["tile_cache"];
             state.counters["moves"] = t["changes"].get<double>();
             for (const char* key : {"meshes_taken", "update_ms", "ready_ms", "take_ms"})
               state.counters[key] = t[key].get<double>();
             state.counters["equals_full_conversion"] = t["equals_full_conversion"].get<bool>() ? 1.0 : 0.0;
           });
}

// A still frame with a long route on screen: the hall's query from one corner to the other, the whole
// hall in view, 30 frames measured. Counters: the main thread's CPU per still frame, the funnel path's
// length and the timeline's steps. Arguments: polygons of the hall.
void still_frame_long_route(benchmark::State& state) {
  bench::use_offscreen_without_display();
  const std::string dir = fs::temp_directory_path().string();
  bench::DragScene d = bench::drag_scene(int(state.range(0)));
  const Scene::Floorplan& plan = std::get<Scene::Floorplan>(d.scene.source);
  const Vec2 far = plan.outline[2];
  d.scene.queries.front().start.plane = bench::free_point(plan, Vec2{3, 3});
  d.scene.queries.front().goal.plane = bench::free_point(plan, far - Vec2{3, 3});
  const std::string path = dir + "/long_route_" + std::to_string(state.range(0)) + ".json";
  std::ofstream(path) << scene_to_json(d.scene);
  for (auto _ : state) {
    const nlohmann::json r = run(path, "{\"actions\": [{\"frames\": 5}, {\"measure\": 30}]}\n", dir);
    if (r.is_discarded() || r.is_null() || !r.contains("frame")) {
      state.SkipWithError("the scripted run failed (is navlab built, is there a display?)");
      return;
    }
    state.SetIterationTime(r["frame"]["thread_cpu_ms"].get<double>() / 1e3);
    state.counters["still_frame_cpu_ms"] = r["frame"]["thread_cpu_ms"].get<double>();
    double length = 0.0;  // the funnel path's, m
    const nlohmann::json& path_points = r["path"];
    for (size_t i = 1; i < path_points.size(); ++i)
      length += std::hypot(path_points[i][0].get<double>() - path_points[i - 1][0].get<double>(),
                           path_points[i][1].get<double>() - path_points[i - 1][1].get<double>());
    state.counters["route_m"] = length;
    state.counters["timeline_steps"] = r["steps"].get<double>();
  }
  std::error_code ec;
  fs::remove(path, ec);
}

}  // namespace

BENCHMARK(still_frame_long_route)
    ->Arg(20000)
    ->Arg(100000)
    ->UseManualTime()
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);
BENCHMARK(drag_door_across_route)
    ->Arg(20000)
    ->Arg(100000)
    ->UseManualTime()
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);
BENCHMARK(drag_door_tile_cache)->Arg(20000)->Arg(100000)->UseManualTime()->Iterations(1)->Unit(benchmark::kMillisecond);
