// `navlab render SCENE --out FILE.png [--size WxH] [--step STAGE:N] [--bake-stage NAME] [--view 2d|3d]
// [--orbit YAW,PITCH,DISTANCE]`: the viewport's picture of a scene and its first query (or of one Recast
// stage of its bake), in the top view or the 3D view, written without a user (hidden window: Xvfb or
// SDL_VIDEODRIVER=offscreen).
#include <imgui.h>
#include <backends/imgui_impl_opengl3.h>
#include <backends/imgui_impl_sdl.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "atomic_file.h"
#include "cli.h"
#include "gl_gif.h"
#include "gui_export.h"
#include "gl_png.h"
#include "gl_renderer.h"
#include "gl_stop.h"
#include "gl_window.h"
#include "gui_compare.h"
#include "gui_doc.h"
#include "gui_legend.h"
#include "gui_lessons.h"
#include "gui_plan.h"
#include "gui_presenter.h"
#include "gui_script.h"
#include "gui_viewport.h"
#include "panel_spawn.h"

namespace navlab::cli {

extern const char* const kRenderUsage =
    "Usage: navlab render SCENE --out FILE.png [--size WxH] [--step STAGE:N] [--presenter]\n"
    "       navlab render SCENE --out FILE.png --bake-stage NAME [--size WxH] [--presenter]\n"
    "       navlab render SCENE --step STAGE --gif OUT.gif [--size WxH] [--presenter]\n"
    "       navlab render SCENE --compare A:B --out FILE.png [--size WxH] [--step STAGE:N] [--presenter]\n"
    "       (each form also takes --view 2d|3d [--orbit YAW,PITCH,DISTANCE])\n"
    "\n"
    "Draws the scene and the plan of its first query as the app's viewport shows it, and writes a PNG.\n"
    "  --out FILE.png   where to write the picture\n"
    "  --size WxH       picture size in pixels (default 1280x800)\n"
    "  --step STAGE:N   show the N-th recorded step (from 1) of STAGE, numbered as `plan --trace`\n"
    "                   and the app's timeline number them: locate, search, funnel, clearance (each\n"
    "                   portal shrunk, then the funnel through the shrunk portals), turns, profile,\n"
    "                   channel, spline (the channel smoothing: its gates and sections, then its\n"
    "                   spline's pegs and mode) or\n"
    "                   polyanya (the exact shortest path's search: intervals and roots) or\n"
    "                   bake (a baked scene's Recast stages, as --bake-stage draws them)\n"
    "                   (default: the complete plan)\n"
    "  --presenter      presenter mode colours and line widths\n"
    "  --bake-stage NAME  a floor plan or level mesh: draw one Recast stage of its bake instead of the\n"
    "                   navmesh and the plan, with the stage's sentence: input, heightfield, compact,\n"
    "                   regions, raw-contours, contours, polymesh, detail (navmesh: the navmesh itself)\n"
    "  --view 2d|3d     the top view (default) or the 3D view of a 3D scene (a level mesh or a Detour\n"
    "                   file): the level lit, the navmesh on its detail mesh, the plan on the surface\n"
    "  --orbit YAW,PITCH,DISTANCE  the 3D view's camera: degrees around the vertical (0 looks along -z),\n"
    "                   degrees above the horizon (2..89) and metres from the level's centre\n"
    "                   (default: 30,45 and the distance that frames the level)\n"
    "  --gif OUT.gif    an animated GIF of every step of STAGE (--step STAGE, no :N), one second per step,\n"
    "                   then three seconds of the complete plan; loops\n"
    "  --compare A:B    two methods side by side under one camera and one step (the same stage and step\n"
    "                   number in both), each half labelled with its method, length, cost, nodes expanded,\n"
    "                   the walk's time and the computation's: astar, dijkstra (A* may carry a heuristic\n"
    "                   weight: astar@0, astar@1, astar@1.5), polyanya (the shortest path), midpoints,\n"
    "                   funnel, arcs, channel (the path methods need a navmesh's polygons)\n"
    "Prints one line of JSON: the file, its size, the funnel path drawn (plane m) and the camera (centre\n"
    "in m, scale in px per m; --compare: each half's, its numbers in \"compare\"), so a\n"
    "world point (x, y) is at pixel ((x - cx) * scale + W/2, H/2 - (y - cy) * scale). With --view 3d also\n"
    "\"orbit\": yaw, pitch, distance, target, eye, fov and view_proj (16 numbers, column-major): world\n"
    "(x, y, z) is at clip c = view_proj (x, y, z, 1), pixel ((cx/cw + 1) W/2, (1 - cy/cw) H/2); and\n"
    "\"path3d\": the funnel path's corners on the surface, [x, y, z].\n"
    "Needs a display or SDL_VIDEODRIVER=offscreen. Exit codes: 0 ok, 2 usage or input error, 128 + N when\n"
    "signal N (SIGINT, SIGTERM) stopped it (no file is left half written).\n";

namespace {

struct Frame {
  const app::Document& doc;
  const app::PlanView& plan;
  const app::Theme& theme;
  int w, h;
  std::optional<BakeStage> bake_stage;         // drawn instead of the navmesh and the plan
  bool view3d = false;                         // the 3D view
  std::optional<std::array<double, 3>> orbit;  // its yaw, pitch (degrees) and distance (m)
};

// --orbit YAW,PITCH,DISTANCE, or why not.
Result<std::array<double, 3>> orbit_arg(const std::string& text) {
  std::array<double, 3> v{};
  char tail = 0;
  if (std::sscanf(text.c_str(), "%lf,%lf,%lf%c", &v[0], &v[1], &v[2], &tail) != 3 || !std::isfinite(v[0]) ||
      !std::isfinite(v[1]) || !(v[2] > 0.0) || !std::isfinite(v[2]))
    return Result<std::array<double, 3>>::fail("bad --orbit '" + text +
                                               "' (expected YAW,PITCH,DISTANCE: degrees, degrees, metres > 0)");
  return Result<std::array<double, 3>>(v);
}

// The stage named by --bake-stage (none for "navmesh"), or why the name or the scene does not fit.
Result<std::optional<BakeStage>> bake_stage_arg(const std::string& name, const app::Document& doc) {
  using R = Result<std::optional<BakeStage>>;
  if (name == "navmesh") return R(std::optional<BakeStage>{});
  const auto stage = bake_stage_from_name(name);
  if (!stage)
    return R::fail(
        "unknown --bake-stage '" + name +
        "' (expected navmesh, input, heightfield, compact, regions, raw-contours, contours, polymesh or detail)");
  if (doc.bake_stages.polygons.empty())
    return R::fail("--bake-stage needs a baked scene (a floor plan or a level mesh); " + doc.path + " is not baked");
  return R(std::optional<BakeStage>(stage));
}

// Draws the viewport at timeline step `step` (with its caption) and returns its pixels.
std::vector<uint8_t> draw_frame(const Frame& f, gl::Renderer& renderer, int step, app::Viewport& view) {
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplSDL2_NewFrame();
  ImGui::NewFrame();
  // The top view leaves the legend room at its right; the 3D view draws none.
  const std::vector<app::LegendEntry> legend = app::legend_for(f.doc, f.plan, step, {}, f.theme);
  float lw = 0, lh = 0;
  if (!f.view3d && !f.bake_stage) app::legend_size(legend, float(f.h) * 0.5f, &lw, &lh);
  app::frame_subject({}, f.doc, view, f.w, f.h, lw > 0 ? lw + 16.0f : 0.0f);
  view.kind = f.view3d ? app::Viewport::Kind::Orbit : app::Viewport::Kind::Top;
  std::vector<int> corridor = f.plan.search.corridor;
  if (f.plan.start_poly >= 0) corridor.push_back(f.plan.start_poly);
  view.begin(f.w, f.h, f.theme, &f.doc, corridor);
  if (f.orbit) {
    gl::OrbitCamera& c = view.view3d.camera;
    c.yaw_deg = (*f.orbit)[0];
    c.pitch_deg = (*f.orbit)[1];
    c.distance = (*f.orbit)[2];
    c.clamp();
  }
  view.bake_stage = f.bake_stage;
  if (f.bake_stage) {
    app::draw_caption(view, f.doc.bake_stages.describe(*f.bake_stage), f.theme);
  } else {
    app::draw_plan(view, f.doc, f.plan, step, f.theme, false, -1.0);
    app::SpawnView spawn;  // every check on, as the app starts
    app::draw_spawn_verdicts(view, f.doc, spawn);
    if (step < int(f.plan.steps.size())) app::draw_caption(view, f.plan.describe(step, f.doc.mesh), f.theme);
    if (!view.in_3d()) app::draw_legend(view, legend, f.theme);
  }
  view.finish(renderer, f.doc, f.theme);
  ImGui::EndFrame();
  return view.target().read_pixels();
}

// --step STAGE --gif OUT: every step of the stage, then the complete plan.
Result<void> stage_gif(const Frame& f, gl::Renderer& renderer, const std::string& stage, const std::string& out) {
  app::Viewport view;
  return app::write_stage_gif(
      f.plan, stage, f.w, f.h, [&](int step) { return draw_frame(f, renderer, step, view); }, out);
}

// --compare A:B: both halves under one camera at step `step` of the scene's plan; `info` gets each half's
// camera and numbers.
Result<void> compare_picture(const Frame& f, gl::Renderer& renderer, const std::string& spec, int step,
                             const std::string& out, nlohmann::json& info) {
  app::CompareHalf halves[2];
  if (Result<void> r = app::compare_build(f.doc, f.plan, spec, halves); !r) return r;
  constexpr int kGap = 4;  // px between the halves
  const int hw = (f.w - kGap) / 2;
  std::vector<std::pair<std::vector<uint8_t>, int>> parts;
  nlohmann::json halves_json = nlohmann::json::array();
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplSDL2_NewFrame();
  ImGui::NewFrame();
  float room = 0.0f;  // the wider of the halves' legends, left free at their right
  for (const app::CompareHalf& half : halves) {
    float lw = 0, lh = 0;
    const app::PlanView& plan = app::half_plan(half, f.plan);
    app::legend_size(app::legend_for(app::half_doc(half, f.doc), plan, app::same_step(f.plan, step, plan),
                                     app::method_legend(half.method), f.theme),
                     float(f.h) * 0.5f, &lw, &lh);
    room = std::max(room, lw + 16.0f);
  }
  app::Viewport framing;
  app::frame_subject({}, f.doc, framing, hw, f.h, room);  // one camera: both halves frame the scene alike
  for (const app::CompareHalf& half : halves) {
    app::Viewport view;
    view.camera = framing.camera;
    const app::Document& doc = app::half_doc(half, f.doc);
    const app::PlanView& plan = app::half_plan(half, f.plan);
    const int s = app::same_step(f.plan, step, plan);
    view.begin(hw, f.h, f.theme, &doc);
    app::draw_method(view, doc, plan, half.method, s, f.theme);
    app::draw_legend(view, app::legend_for(doc, plan, s, app::method_legend(half.method), f.theme), f.theme);
    view.finish(renderer, doc, f.theme);
    parts.push_back({view.target().read_pixels(), hw});
    const app::MethodNumbers n = app::method_numbers(half.method, plan, doc.mesh);
    nlohmann::json j = app::half_json(half.method, n, s);
    j["camera"] = {{"center", {view.camera.center.x, view.camera.center.y}}, {"scale", view.camera.scale}};
    j["x"] = int(parts.size() - 1) * (hw + kGap);
    j["width"] = hw;
    halves_json.push_back(std::move(j));
  }
  ImGui::EndFrame();
  info["compare"] = {{"spec", spec}, {"halves", halves_json}};
  return gl::write_png(out, f.w, f.h, app::side_by_side(parts, f.h, f.w - 2 * hw, f.theme.background));
}

// Prints "navlab render: MESSAGE" and returns the input error's exit code.
int render_error(const std::string& message) {
  std::fprintf(stderr, "navlab render: %s\n", message.c_str());
  return kExitUsage;
}

// What a still picture's run prints: the path, the camera, the step and its caption (and in 3D the
// orbit and the path on the surface).
nlohmann::json still_info(const Frame& f, const app::Viewport& view, int step, const std::string& out,
                          const std::string& view_name) {
  const app::PlanView& plan = f.plan;
  nlohmann::json path = nlohmann::json::array();
  for (const Vec2& q : plan.funnel.points) path.push_back({q.x, q.y});
  nlohmann::json info = {
      {"path", path},
      {"out", out},
      {"size", {f.w, f.h}},
      {"step", step},
      {"step_ref", app::step_ref_json(plan, step)},
      {"caption", plan.describe(step, f.doc.mesh)},
      {"bake_stage", f.bake_stage ? bake_stage_name(*f.bake_stage) : "navmesh"},
      {"steps", plan.steps.size()},
      {"status", plan.ran ? to_string(plan.status) : "none"},
      {"camera", {{"center", {view.camera.center.x, view.camera.center.y}}, {"scale", view.camera.scale}}},
      {"view", view_name}};
  if (f.view3d) {
    info["orbit"] = orbit_json(view.view3d.camera, {double(f.w), double(f.h)});
    nlohmann::json path3d = nlohmann::json::array();
    for (const Vec2& q : plan.funnel.points) {
      const Vec3 p = view.view3d.surface_point(q);
      path3d.push_back({p.x, p.y, p.z});
    }
    info["path3d"] = path3d;
  }
  return info;
}

}  // namespace

int run_render(const std::vector<std::string>& args) {
  const Command& self = *find_command("render");
  Args a(args, {"--out", "--size", "--step", "--gif", "--bake-stage", "--view", "--orbit", "--compare"},
         {"--presenter"});
  if (!a.ok()) return usage_error(self, a.error());
  if (a.positional().size() != 1) return usage_error(self, "expected one SCENE");
  const auto out = a.value("--out");
  const auto gif = a.value("--gif");
  if (!out && !gif) return usage_error(self, "--out FILE.png (or --step STAGE --gif OUT.gif) is required");
  if (gif && (!a.value("--step") || a.value("--step")->find(':') != std::string::npos))
    return usage_error(self, "--gif needs --step STAGE (a stage name: " + stage_names() + ")");
  int w = 1280, h = 800;
  if (auto size = a.value("--size")) {
    const Result<PictureSize> px = picture_size_arg(*size, gl::kMinPictureSide);
    if (!px) return usage_error(self, px.error());
    w = px->w;
    h = px->h;
  }

  for (const auto& file : {out, gif})
    if (file)
      if (Result<void> fine = refuse_overwriting_input(*file, a.positional()[0], "scene file"); !fine)
        return usage_error(self, fine.error());
  Result<app::Document> loaded = app::load_document(a.positional()[0]);
  if (!loaded) return render_error(loaded.error());
  const app::Document doc = std::move(loaded).value();
  if (traits(doc.scene.kind()).side_view)
    return usage_error(self, a.positional()[0] +
                                 " is a side-scroller scene, which render does not draw: picture its side "
                                 "view with navlab SCENE --script FILE --screenshot OUT.png");
  const std::string view_name = a.value("--view").value_or("2d");
  if (view_name != "2d" && view_name != "3d")
    return usage_error(self, "bad --view '" + view_name + "' (expected 2d or 3d)");
  const bool view3d = view_name == "3d";
  if (view3d && !app::View3D::possible(doc))
    return usage_error(self, "--view 3d needs a 3D scene (a level mesh or a Detour file); " + a.positional()[0] +
                                 " is a 2D scene: draw it with --view 2d");
  std::optional<std::array<double, 3>> orbit;
  if (auto o = a.value("--orbit")) {
    if (!view3d) return usage_error(self, "--orbit sets the 3D view's camera: it needs --view 3d");
    auto parsed = orbit_arg(*o);
    if (!parsed) return usage_error(self, parsed.error());
    orbit = parsed.value();
  }
  std::optional<BakeStage> bake_stage;
  if (auto name = a.value("--bake-stage")) {
    if (gif || a.value("--step"))
      return usage_error(self, "--bake-stage draws the bake, not the plan: no --step or --gif with it");
    auto stage = bake_stage_arg(*name, doc);
    if (!stage) return usage_error(self, stage.error());
    bake_stage = stage.value();
  }
  gl::Window window;
  gl::Renderer renderer;
  if (Result<void> r = window.open("navlab render", 64, 64, true, ""); !r) return render_error(r.error());
  if (Result<void> r = renderer.init(gl::shader_dir()); !r) return render_error(r.error());
  app::PlanView plan;
  plan.run(doc);
  const app::Theme theme = a.has("--presenter") ? app::Theme::high_contrast() : app::Theme::normal();
  const app::Fonts fonts = app::load_fonts();
  if (!fonts.error.empty()) return render_error(fonts.error);
  app::use_font(fonts, theme.presenter);  // the app's presenter font, not a scaled one
  const Frame frame{doc, plan, theme, w, h, bake_stage, view3d, orbit};
  if (gif) {
    if (Result<void> r = stage_gif(frame, renderer, *a.value("--step"), *gif); !r) {
      std::fprintf(stderr, "navlab render: %s\n", r.error().c_str());
      return gl::stop_signal() ? 128 + gl::stop_signal() : kExitUsage;
    }
    std::printf("%s\n", nlohmann::json{{"gif", *gif}, {"size", {w, h}}}.dump().c_str());
    return kExitOk;
  }
  int step = int(plan.steps.size());
  if (auto s = a.value("--step")) {
    const Result<int> idx = app::parse_step(*s, plan);
    if (!idx) return usage_error(self, idx.error());
    step = idx.value();
  }
  if (auto spec = a.value("--compare")) {
    if (gif || bake_stage || view3d)
      return usage_error(self,
                         "--compare draws two halves of the top view: no --gif, --bake-stage or --view 3d with it");
    nlohmann::json info = {{"out", *out}, {"size", {w, h}}, {"step", step}, {"steps", plan.steps.size()}};
    if (Result<void> r = compare_picture(frame, renderer, *spec, step, *out, info); !r) return render_error(r.error());
    std::printf("%s\n", info.dump().c_str());
    return kExitOk;
  }
  app::Viewport view;
  std::vector<uint8_t> pixels = draw_frame(frame, renderer, step, view);
  if (gl::stop_signal()) {
    std::fprintf(stderr, "navlab render: %s: not written (%s)\n", out->c_str(), gl::stop_message().c_str());
    return 128 + gl::stop_signal();
  }
  if (Result<void> r = gl::write_png(*out, w, h, pixels); !r) return render_error(r.error());
  const nlohmann::json info = still_info(frame, view, step, *out, view_name);
  std::printf("%s\n", info.dump().c_str());
  return kExitOk;
}

nlohmann::json orbit_json(const gl::OrbitCamera& cam, Vec2 size) {
  const Vec3 e = cam.eye();
  const gl::Mat4 m = cam.view_projection(size);
  return {{"yaw", cam.yaw_deg},
          {"pitch", cam.pitch_deg},
          {"distance", cam.distance},
          {"fov", cam.fov_deg},
          {"target", {cam.target.x, cam.target.y, cam.target.z}},
          {"eye", {e.x, e.y, e.z}},
          {"view_proj", std::vector<double>(m.begin(), m.end())}};
}

}  // namespace navlab::cli
