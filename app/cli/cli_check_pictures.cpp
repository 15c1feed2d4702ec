// The pictures of `navlab check --against OTHER --pictures DIR`: per changed case, both versions side by
// side with one camera, each with its navmesh and both paths, drawn by the viewport `navlab render` uses.
#include <imgui.h>
#include <backends/imgui_impl_opengl3.h>
#include <backends/imgui_impl_sdl.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <limits>

#include "cli_check.h"
#include "format.h"
#include "gl_png.h"
#include "gl_renderer.h"
#include "gl_window.h"
#include "gui_doc.h"
#include "gui_presenter.h"
#include "gui_theme.h"
#include "gui_viewport.h"

namespace navlab::cli {

namespace {

constexpr int kHalfWidth = 640, kHeight = 560;  // px: each version's half, and the picture's height

// One version's side of a picture.
struct Side {
  const app::Document& doc;
  const CaseResult& mine;
  const char* label;   // "before" / "after"
  std::string source;  // the version's file (its name is shown)
};

// "NN_name.png" with the case's name reduced to letters, digits, '-' and '_'.
std::string file_name(int index, const std::string& name) {
  std::string safe;
  for (const char ch : name) safe += std::isalnum(static_cast<unsigned char>(ch)) || ch == '-' ? ch : '_';
  return fmt("%02d_", index + 1) + safe.substr(0, 60) + ".png";
}

std::string figure(const CaseResult& r) {
  if (r.kind == CaseKind::Raycast)
    return !r.cast ? "not cast"
                   : (r.ray.hit_something() ? "stops after " : "clear, ") + decimals(r.ray.length, 2) + " m";
  if (r.kind == CaseKind::Spawn) return r.accepted ? "accepted" : "rejected";
  std::string s = to_string(r.status);
  if (r.failure) s += " (" + std::string(to_string(r.failure->reason)) + ")";
  if (r.status != Status::Failed) s += ", " + decimals(r.length, 2) + " m";
  for (const std::string& d : r.doors) s += ", " + d;
  return s;
}

// Both paths over `side`'s navmesh; the version's caption at the top.
std::vector<uint8_t> draw_side(const Side& side, const CaseResult& before, const CaseResult& after,
                               const gl::Camera& camera, const app::Theme& theme, gl::Renderer& renderer) {
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplSDL2_NewFrame();
  ImGui::NewFrame();
  app::Viewport view;
  view.camera = camera;
  view.begin(kHalfWidth, kHeight, theme, &side.doc);
  gl::Batch& b = view.plan();
  const float w = 3.0f * theme.line_scale;
  if (before.path.size() >= 2) b.polyline(before.path, theme.path, {w});
  if (after.path.size() >= 2) b.polyline(after.path, theme.smooth, {w, 10.0f, 16.0f});
  const CaseResult& mine = side.mine;
  if (!mine.path.empty()) {
    b.point(mine.path.front(), 6.0f, theme.start);
    if (mine.path.size() >= 2) b.point(mine.path.back(), 6.0f, theme.goal);
  }
  auto colour = [](gl::Rgba c) { return IM_COL32(c.r, c.g, c.b, 255); };
  const std::string file = std::filesystem::path(side.source).filename().string();
  view.label(8, 6, (std::string(side.label) + ": " + file).c_str(), colour(theme.text));
  view.label(8, 24, ("before: " + figure(before)).c_str(), colour(theme.path));
  view.label(8, 42, ("after: " + figure(after)).c_str(), colour(theme.smooth));
  view.finish(renderer, side.doc, theme, false);
  ImGui::EndFrame();
  return view.target().read_pixels();
}

// The box both versions' meshes and the case's path points lie in.
void bounds(const app::Document& a, const app::Document& b, const CaseResult& x, const CaseResult& y, Vec2& lo,
            Vec2& hi) {
  lo = {std::min(a.lo.x, b.lo.x), std::min(a.lo.y, b.lo.y)};
  hi = {std::max(a.hi.x, b.hi.x), std::max(a.hi.y, b.hi.y)};
  for (const CaseResult* r : {&x, &y})
    for (const Vec2& p : r->path) {
      lo = {std::min(lo.x, p.x), std::min(lo.y, p.y)};
      hi = {std::max(hi.x, p.x), std::max(hi.y, p.y)};
    }
}

}  // namespace

Result<std::vector<std::string>> write_change_pictures(const CheckVersions& v, const std::vector<CaseChange>& changes,
                                                       const std::string& dir) {
  using R = Result<std::vector<std::string>>;
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) return R::fail("cannot create the pictures' folder " + dir + " (" + ec.message() + ")");
  Result<app::Document> before_doc = app::document_from_scene(v.before_scene, v.suite.path);
  if (!before_doc) return R::fail(before_doc.error());
  Result<app::Document> after_doc = app::document_from_scene(v.after_scene, v.after_name);
  if (!after_doc) return R::fail(after_doc.error());
  const app::Document before = std::move(before_doc).value(), after = std::move(after_doc).value();
  gl::Window window;
  if (Result<void> r = window.open("navlab check", 64, 64, true, ""); !r) return R::fail(r.error());
  gl::Renderer renderer;
  if (Result<void> r = renderer.init(gl::shader_dir()); !r) return R::fail(r.error());
  const app::Theme theme = app::Theme::normal();
  app::use_font(app::load_fonts(), theme.presenter);
  std::vector<std::string> files;
  for (const CaseChange& c : changes) {
    const CaseResult& b = v.before.cases[size_t(c.index)];
    const CaseResult& a = v.after.cases[size_t(c.index)];
    Vec2 lo, hi;
    bounds(before, after, b, a, lo, hi);
    gl::Camera camera;
    camera.fit(lo, hi, {double(kHalfWidth), double(kHeight)});
    const std::string source = v.suite.level() ? v.suite.scene.mesh_source()->path() : v.suite.scene_file;
    const std::vector<uint8_t> left = draw_side({before, b, "before", source}, b, a, camera, theme, renderer);
    const std::vector<uint8_t> right = draw_side({after, a, "after", v.after_name}, b, a, camera, theme, renderer);
    std::vector<uint8_t> picture(size_t(2 * kHalfWidth) * kHeight * 4);
    const size_t row = size_t(kHalfWidth) * 4;
    for (int y = 0; y < kHeight; ++y) {
      std::copy_n(left.begin() + ptrdiff_t(row * size_t(y)), row, picture.begin() + ptrdiff_t(2 * row * size_t(y)));
      std::copy_n(right.begin() + ptrdiff_t(row * size_t(y)), row,
                  picture.begin() + ptrdiff_t(2 * row * size_t(y) + row));
    }
    const std::string file = (fs::path(dir) / file_name(c.index, v.suite.cases[size_t(c.index)].name)).string();
    if (Result<void> r = gl::write_png(file, 2 * kHalfWidth, kHeight, picture); !r) return R::fail(r.error());
    files.push_back(file);
  }
  return files;
}

}  // namespace navlab::cli
