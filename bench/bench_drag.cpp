// Dragging a closed door across the route on generated pillar halls (generated_level.h) of about 20,000 and
// 100,000 polygons, in a scripted run of the navlab binary (hidden window; under Xvfb when DISPLAY is
// set, else SDL's offscreen driver): the main thread's CPU per drag frame and the time of each re-plan
// the drag causes (the whole plan on screen, with its traces, the shortest path and the channel), as
// the doors state's "drag" reports them; and the CPU of a still frame. The same drag once more in the
// tile cache mode (drag_door_tile_cache). Results: docs/performance.md.
#include <benchmark/benchmark.h>

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

// Arguments: polygons of the hall.
void drag_door_across_route(benchmark::State& state) {
  bench::use_offscreen_without_display();
  const std::string dir = fs::temp_directory_path().string();
  const DragFile scene = write_scene(dir, int(state.range(0)));
  const Vec2 shift{0, -12};  // across the route and past it: the plan goes round the door as it moves
  const std::string script =
      "{\"actions\": [{\"frames\": 3}, {\"measure\": 30}, {\"drag_door\": \"gate\", \"to\": [[" +
      std::to_string((scene.door_a + shift).x) + ", " + std::to_string((scene.door_a + shift).y) + "], [" +
      std::to_string((scene.door_b + shift).x) + ", " + std::to_string((scene.door_b + shift).y) +
      "]], \"frames\": 30}]}\n";
  for (auto _ : state) {
    const nlohmann::json r = run(scene.path, script, dir);
    if (r.is_discarded() || r.is_null() || !r.contains("doors")) {
      state.SkipWithError("the scripted run failed (is navlab built, is there a display?)");
      return;
    }
    const nlohmann::json& d = r["doors"]["drag"];
    state.SetIterationTime(d["frame_cpu_ms_mean"].get<double>() / 1e3);
    state.counters["polygons"] = r["doors"]["tile_cache"]["polygons"].get<double>();
    state.counters["still_frame_cpu_ms"] = r["frame"]["thread_cpu_ms"].get<double>();
    state.counters["drag_frame_cpu_ms_mean"] = d["frame_cpu_ms_mean"].get<double>();
    state.counters["drag_frame_cpu_ms_max"] = d["frame_cpu_ms_max"].get<double>();
    state.counters["replans"] = d["replans"].get<double>();
    state.counters["replan_ms_mean"] = d["replan_ms_mean"].get<double>();
    state.counters["replan_ms_max"] = d["replan_ms_max"].get<double>();
    state.counters["arrival_frame_cpu_ms"] = d["arrival_frame_cpu_ms"].get<double>();
    state.counters["after_arrival_frame_cpu_ms"] = d["after_arrival_frame_cpu_ms"].get<double>();
  }
  std::error_code ec;
  fs::remove(scene.path, ec);
}

// The same drag in the tile cache mode, as the mouse drags (the moves on the tile cache's thread, the
// frames not waiting for them): the main thread's CPU per drag frame, the re-plans, and what the job did
// (moves done, meshes handed over, the last mesh's tile update, readying on the job's thread and taking
// on the main thread). Arguments: polygons of the hall.
void drag_door_tile_cache(benchmark::State& state) {
  bench::use_offscreen_without_display();
  const std::string dir = fs::temp_directory_path().string();
  const DragFile scene = write_scene(dir, int(state.range(0)));
  const Vec2 shift{0, -12};
  const std::string script =
      "{\"actions\": [{\"frames\": 3}, {\"tile_cache\": true}, {\"frames\": 3}, {\"measure\": 30}, "
      "{\"drag_door\": \"gate\", \"to\": [[" +
      std::to_string((scene.door_a + shift).x) + ", " + std::to_string((scene.door_a + shift).y) + "], [" +
      std::to_string((scene.door_b + shift).x) + ", " + std::to_string((scene.door_b + shift).y) +
      "]], \"frames\": 60, \"wait_tiles\": false}]}\n";
  for (auto _ : state) {
    const nlohmann::json r = run(scene.path, script, dir);
    if (r.is_discarded() || r.is_null() || !r.contains("doors")) {
      state.SkipWithError("the scripted run failed (is navlab built, is there a display?)");
      return;
    }
    const nlohmann::json& d = r["doors"]["drag"];
    const nlohmann::json& t = r["doors"]["tile_cache"];
    state.SetIterationTime(d["frame_cpu_ms_mean"].get<double>() / 1e3);
    state.counters["polygons"] = t["polygons"].get<double>();
    state.counters["drag_frame_cpu_ms_mean"] = d["frame_cpu_ms_mean"].get<double>();
    state.counters["drag_frame_cpu_ms_max"] = d["frame_cpu_ms_max"].get<double>();
    state.counters["replans"] = d["replans"].get<double>();
    state.counters["replan_ms_mean"] = d["replan_ms_mean"].get<double>();
    state.counters["replan_ms_max"] = d["replan_ms_max"].get<double>();
    state.counters["moves"] = t["changes"].get<double>();
    state.counters["meshes_taken"] = t["meshes_taken"].get<double>();
    state.counters["update_ms"] = t["update_ms"].get<double>();
    state.counters["ready_ms"] = t["ready_ms"].get<double>();
    state.counters["take_ms"] = t["take_ms"].get<double>();
    state.counters["equals_full_conversion"] = t["equals_full_conversion"].get<bool>() ? 1.0 : 0.0;
  }
  std::error_code ec;
  fs::remove(scene.path, ec);
}

}  // namespace

BENCHMARK(drag_door_across_route)->Arg(20000)->Arg(100000)->UseManualTime()->Iterations(1)->Unit(benchmark::kMillisecond);
BENCHMARK(drag_door_tile_cache)->Arg(20000)->Arg(100000)->UseManualTime()->Iterations(1)->Unit(benchmark::kMillisecond);
