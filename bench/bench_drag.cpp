// Dragging a closed door across the route on generated pillar halls (generated_level.h) of about 20,000 and
// 100,000 polygons, in a scripted run of the navlab binary (hidden window; under Xvfb when DISPLAY is
// set, else SDL's offscreen driver): the main thread's CPU per drag frame and the time of each re-plan
// the drag causes (the whole plan on screen, with its traces, the shortest path and the channel), as
// the doors state's "drag" reports them; and the CPU of a still frame. Results: docs/performance.md.
#include <benchmark/benchmark.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "app_script.h"
#include "generated_level.h"
#include "scene.h"

namespace {

namespace fs = std::filesystem;
using namespace navlab;

// A point of the hall at least 1 m from every pillar, searched along +x from `p`.
Vec2 free_point(const Scene::Floorplan& plan, Vec2 p) {
  for (;; p.x += 0.25) {
    bool clear = true;
    for (const auto& h : plan.holes)
      clear = clear && !(p.x > h[0].x - 1 && p.x < h[2].x + 1 && p.y > h[0].y - 1 && p.y < h[2].y + 1);
    if (clear) return p;
  }
}

struct DragScene {
  std::string path;
  Vec2 door_a, door_b;  // the door's segment, beside the route
};

// The hall with a 48 m query across the middle and a closed 6 m door beside it, 3 m away.
DragScene write_scene(const std::string& dir, int polygons) {
  Scene s = pillar_hall_scene(polygons, 1);
  const Vec2 c = s.floorplan.outline[2] * 0.5;
  DragScene out;
  out.path = dir + "/drag_" + std::to_string(polygons) + ".json";
  out.door_a = c + Vec2{2, 3};
  out.door_b = c + Vec2{2, 9};
  Door door;
  door.id = "gate";
  door.shape = {ScenePoint{"", out.door_a, 0, false}, ScenePoint{"", out.door_b, 0, false}};
  door.open = false;
  s.doors.push_back(door);
  Query q;
  q.name = "across";
  q.start.plane = free_point(s.floorplan, c + Vec2{-24, 0});
  q.goal.plane = free_point(s.floorplan, c + Vec2{24, 0});
  s.queries.push_back(q);
  std::ofstream(out.path) << scene_to_json(s);
  return out;
}

nlohmann::json run(const std::string& scene, const std::string& script_text, const std::string& dir) {
  return bench::run_app_script(scene, dir + "/drag_script.json", script_text);
}

// Arguments: polygons of the hall.
void drag_door_across_route(benchmark::State& state) {
  bench::use_offscreen_without_display();
  const std::string dir = fs::temp_directory_path().string();
  const DragScene scene = write_scene(dir, int(state.range(0)));
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
  }
  std::error_code ec;
  fs::remove(scene.path, ec);
}

}  // namespace

BENCHMARK(drag_door_across_route)->Arg(20000)->Arg(100000)->UseManualTime()->Iterations(1)->Unit(benchmark::kMillisecond);
