// The app's frame cost on a large mesh: time to the first frame and CPU per frame on a 20,000-polygon
// hand-authored grid, measured by the navlab binary itself in a scripted run (hidden window; under
// Xvfb when DISPLAY is set, else SDL's offscreen driver). Results: docs/app.md.
#include <benchmark/benchmark.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "app_script.h"

namespace {

namespace fs = std::filesystem;

// A W×H grid of 1 m square polygons (W*H polygons) with one query corner to corner.
std::string write_grid_scene(const std::string& dir, int w, int h) {
  const std::string path = dir + "/grid_" + std::to_string(w * h) + ".json";
  std::ofstream out(path);
  out << "{\"navlab\": 1, \"name\": \"grid " << w << "x" << h << "\", \"navmesh\": {\"vertices\": [";
  for (int y = 0; y <= h; ++y)
    for (int x = 0; x <= w; ++x) out << (x || y ? "," : "") << "[" << x << "," << y << "]";
  out << "], \"polygons\": [";
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const int a = y * (w + 1) + x;
      out << (x || y ? "," : "") << "[" << a << "," << a + 1 << "," << a + w + 2 << "," << a + w + 1 << "]";
    }
  out << "]}, \"queries\": [{\"start\": [0.5, 0.5], \"goal\": [" << w - 0.5 << ", " << h * 0.5 - 0.5 << "]}]}\n";
  return path;
}

enum class Motion { Still, Pan, Zoom, ZoomNoPreview };

// Runs the app on `scene` for 5 frames, then measures `frames` frames: a still view; a pan of (3, 1) px
// per frame (a user dragging the view: the cached picture moves, uncovered strips are drawn); a zoom by
// 1 % per frame (a user turning the wheel: previewed when a full draw is slow); or the same zoom with
// previews off (the whole static layer drawn every frame).
nlohmann::json run_script(const std::string& scene, const std::string& dir, int frames, Motion motion) {
  const std::string script = dir + "/measure.json";
  const char* move = motion == Motion::Pan ? ", \"pan\": [3, 1]" : motion == Motion::Still ? "" : ", \"zoom\": 1.01";
  return navlab::bench::run_app_script(scene, script,
                                       std::string("{\"actions\": [{\"frames\": 5}, ") +
                                           (motion == Motion::ZoomNoPreview ? "{\"zoom_preview_ms\": 1e9}, " : "") +
                                           "{\"measure\": " + std::to_string(frames) + move + "}]}\n");
}

void frame_on_grid(benchmark::State& state) {
  navlab::bench::use_offscreen_without_display();
  const std::string dir = fs::temp_directory_path().string();
  const int w = int(state.range(0)), h = int(state.range(1));
  const Motion motion = Motion(state.range(2));
  const std::string scene = write_grid_scene(dir, w, h);
  for (auto _ : state) {
    const nlohmann::json r = run_script(scene, dir, 120, motion);
    if (r.is_discarded() || r.is_null() || !r.contains("frame")) {
      state.SkipWithError("the scripted run failed (is navlab built, is there a display?)");
      return;
    }
    state.SetIterationTime(r["frame"]["wall_ms"].get<double>() / 1e3);
    state.counters["polygons"] = w * h;
    state.counters["first_frame_ms"] = r["first_frame_ms"].get<double>();
    state.counters["cpu_ms_per_frame"] = r["frame"]["thread_cpu_ms"].get<double>();
    state.counters["ui_cpu_ms_per_frame"] = r["frame"]["prep_cpu_ms"].get<double>();
    state.counters["process_cpu_ms_per_frame"] = r["frame"]["process_cpu_ms"].get<double>();
    state.counters["wall_ms_per_frame"] = r["frame"]["wall_ms"].get<double>();
    state.counters["static_redraws"] = r["frame"]["static_redraws"].get<double>();
    state.counters["static_shifts"] = r["frame"]["static_shifts"].get<double>();
    state.counters["static_previews"] = r["frame"]["static_previews"].get<double>();
    state.counters["full_draw_ms"] = r["frame"]["full_draw_ms"].get<double>();
  }
  std::error_code ec;
  fs::remove(scene, ec);
}

}  // namespace

// Args: grid width, grid height, motion (0: still view, 1: pan every frame, 2: zoom every frame,
// 3: zoom every frame without previews).
BENCHMARK(frame_on_grid)
    ->ArgNames({"w", "h", "motion"})
    ->Args({40, 25, 0})
    ->Args({200, 100, 0})
    ->Args({40, 25, 1})
    ->Args({200, 100, 1})
    ->Args({40, 25, 2})
    ->Args({200, 100, 2})
    ->Args({40, 25, 3})
    ->Args({200, 100, 3})
    ->UseManualTime()
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);
