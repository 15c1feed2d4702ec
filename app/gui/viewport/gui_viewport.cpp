#include "gui_viewport.h"

#include "cpu_clock.h"
#include "detail_surface.h"
#include "gui_draw_bake_stages.h"

#include <glad/gl.h>
#include <imgui.h>
#include <backends/imgui_impl_opengl3.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>

namespace navlab::app {

double nice_step(double target) {
  const double p = std::pow(10.0, std::floor(std::log10(target)));
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (m * p >= target) return m * p;
  return 10.0 * p;
}

Viewport::Viewport() = default;
Viewport::~Viewport() = default;

void Viewport::fit(const Document& doc, int w, int h) {
  camera.fit(doc.lo, doc.hi, {double(std::max(1, w)), double(std::max(1, h))});
}

void Viewport::begin(int w, int h, const Theme& theme, const Document* doc, const std::vector<int>& corridor) {
  w_ = std::max(1, w);
  h_ = std::max(1, h);
  in_3d_ = kind == Kind::Orbit && doc && View3D::possible(*doc);
  if (in_3d_) {
    view3d.begin(*doc, corridor, size());
    if (view3d.needs_fit()) view3d.fit();
  }
  plan_.clear();
  labels_.clear();
  step_bake_stage.reset();
  // Created here, not in the constructor: the ImGui context must exist first.
  if (!overlay_) overlay_ = std::make_unique<ImDrawList>(ImGui::GetDrawListSharedData());
  ImDrawList& dl = *overlay_;
  dl._ResetForNewFrame();
  dl.Flags = ImDrawListFlags_AntiAliasedLines | ImDrawListFlags_AntiAliasedFill | ImDrawListFlags_AllowVtxOffset;
  dl.PushTextureID(ImGui::GetIO().Fonts->TexID);
  dl.PushClipRect(ImVec2(0, 0), ImVec2(float(w_), float(h_)));
  if (theme.presenter != mesh_presenter_) mesh_dirty_ = true;
}

Vec2 Viewport::to_screen(Vec2 world) const {
  if (!in_3d_) return camera.to_screen(world, size());
  return view3d.project(world).value_or(Vec2{-1e6, -1e6});
}

Vec2 Viewport::to_screen(Vec3 world) const {
  if (!in_3d_) return camera.to_screen(to_plane(world), size());
  return view3d.project(world).value_or(Vec2{-1e6, -1e6});
}

std::optional<SurfacePick> Viewport::point_at(Vec2 s, const Document& doc) const {
  if (in_3d_) return view3d.pick(s);
  SurfacePick p;
  p.plane = camera.to_world(s, size());
  const SurfacePoint under = pick_at(doc.mesh, p.plane);  // graphs: no node picked at radius 0 is a polygon
  p.poly = doc.mesh.kind == NavMesh::Kind::Polygons ? under.poly : -1;
  if (doc.mesh.is3d && under.on_mesh()) p.height = under.height;
  return p;
}

bool Viewport::label(float x, float y, const char* text, unsigned color, bool may_skip) {
  const ImVec2 sz = ImGui::CalcTextSize(text);
  const Rect r{x - 2.0f, y - 1.0f, x + sz.x + 2.0f, y + sz.y + 1.0f};
  if (may_skip)
    for (const Rect& o : labels_)
      if (r.x0 < o.x1 && o.x0 < r.x1 && r.y0 < o.y1 && o.y0 < r.y1) return false;
  labels_.push_back(r);
  overlay_->AddText(ImVec2(x + 1, y + 1), IM_COL32(0, 0, 0, 200), text);
  overlay_->AddText(ImVec2(x, y), color, text);
  return true;
}

void Viewport::build_grid(const Theme& theme) {
  grid_.clear();
  const double step = nice_step(48.0 / camera.scale);
  const Vec2 lo = to_world({0, double(h_)}), hi = to_world({double(w_), 0});
  const int max_lines = 400;
  int count = 0;
  for (double x = std::floor(lo.x / step) * step; x <= hi.x && count < max_lines; x += step, ++count)
    grid_.segment({x, lo.y}, {x, hi.y}, std::abs(x) < step * 1e-6 ? theme.grid_axis : theme.grid, {1.0f});
  count = 0;
  for (double y = std::floor(lo.y / step) * step; y <= hi.y && count < max_lines; y += step, ++count)
    grid_.segment({lo.x, y}, {hi.x, y}, std::abs(y) < step * 1e-6 ? theme.grid_axis : theme.grid, {1.0f});
}

void Viewport::draw_labels(const Document& doc, const Theme& theme) {
  const NavMesh& m = doc.mesh;
  ImDrawList& dl = *overlay_;
  const ImU32 col = to_imu32(theme.text);
  // Centred on `world`; polygon ids give way to the labels placed before them.
  auto centred = [&](Vec2 world, const char* text, bool may_skip) {
    const Vec2 s = to_screen(world);
    const ImVec2 sz = ImGui::CalcTextSize(text);
    label(float(s.x) - sz.x * 0.5f, float(s.y) - sz.y * 0.5f, text, col, may_skip);
  };
  char buf[64];
  if (m.kind == NavMesh::Kind::Graph) {
    for (size_t i = 0; i < m.nodes.size(); ++i) {
      const Vec2 s = to_screen(m.nodes[i].pos);
      const float r = kNodeRadiusPx * theme.line_scale;
      dl.AddCircleFilled(ImVec2(float(s.x), float(s.y)), r,
                         int(i) == hover_poly ? IM_COL32(90, 120, 170, 255) : IM_COL32(60, 80, 110, 255));
      dl.AddCircle(ImVec2(float(s.x), float(s.y)), r, to_imu32(theme.wall), 0, 1.5f * theme.line_scale);
      centred(m.nodes[i].pos, m.nodes[i].id.c_str(), false);
    }
    for (const GraphEdge& e : m.edges) {
      const Vec2 a = m.nodes[e.from].pos, b = m.nodes[e.to].pos;
      const Vec2 u = (b - a) / std::max(1e-9, distance(a, b));
      const Vec2 at = (a + b) * 0.5 + perp_left(u) * (22.0 / camera.scale);
      if (e.door.empty()) {
        std::snprintf(buf, sizeof buf, "%g", e.cost);
        centred(at, buf, false);
        continue;
      }
      // A gated edge: the gate's name and state beside its cost, and the edge in the door's colour.
      const auto door =
          std::find_if(doc.scene.doors.begin(), doc.scene.doors.end(), [&](const Door& d) { return d.id == e.door; });
      const bool open = door == doc.scene.doors.end() || door->open;
      const ImU32 gate_col = to_imu32(open ? theme.door_open : theme.door_closed);
      const Vec2 sa = to_screen(a + u * (18.0 / camera.scale)), sb = to_screen(b - u * (18.0 / camera.scale));
      dl.AddLine(ImVec2(float(sa.x), float(sa.y)), ImVec2(float(sb.x), float(sb.y)), gate_col, 3.0f * theme.line_scale);
      std::snprintf(buf, sizeof buf, "%g  %s %s", e.cost, e.door.c_str(), open ? "open" : "closed");
      const Vec2 s = to_screen(at);
      const ImVec2 sz = ImGui::CalcTextSize(buf);
      label(float(s.x) - sz.x * 0.5f, float(s.y) - sz.y * 0.5f, buf, gate_col, false);
    }
    return;
  }
  // A bake stage other than the polygon mesh has no polygons yet: no ids over it.
  if (stage_built_ && *stage_built_ != BakeStage::PolyMesh) return;
  // Polygon ids: every polygon when they fit on screen, else only the hovered one.
  const bool all = m.polys.size() <= 400 && px_per_m() * std::max(doc.hi.x - doc.lo.x, doc.hi.y - doc.lo.y) /
                                                    std::sqrt(double(std::max<size_t>(1, m.polys.size()))) >
                                                60.0;
  for (size_t i = 0; i < m.polys.size(); ++i) {
    if (!all && int(i) != hover_poly) continue;
    std::snprintf(buf, sizeof buf, "%zu", i);
    if (in_3d_) {  // on the polygon's own floor
      const Vec2 s = view3d.project_on(int(i), m.centroid(int(i))).value_or(Vec2{-1e6, -1e6});
      const ImVec2 sz = ImGui::CalcTextSize(buf);
      label(float(s.x) - sz.x * 0.5f, float(s.y) - sz.y * 0.5f, buf, col, int(i) != hover_poly);
    } else {
      centred(m.centroid(int(i)), buf, int(i) != hover_poly);
    }
  }
}

void Viewport::draw_scale_bar(const Theme& theme) {
  const double metres = nice_step(110.0 / camera.scale);
  const float px = float(metres * camera.scale);
  const float x0 = 16.0f, y0 = float(h_) - 18.0f;
  ImDrawList& dl = *overlay_;
  const ImU32 col = to_imu32(theme.text);
  const float t = 2.0f * theme.line_scale;
  dl.AddRectFilled(ImVec2(x0 - 6, y0 - 26), ImVec2(x0 + px + 6, y0 + 8), IM_COL32(0, 0, 0, 120), 4.0f);
  dl.AddLine(ImVec2(x0, y0), ImVec2(x0 + px, y0), col, t);
  dl.AddLine(ImVec2(x0, y0 - 5), ImVec2(x0, y0 + 3), col, t);
  dl.AddLine(ImVec2(x0 + px, y0 - 5), ImVec2(x0 + px, y0 + 3), col, t);
  char buf[32];
  if (metres >= 1.0)
    std::snprintf(buf, sizeof buf, "%g m", metres);
  else
    std::snprintf(buf, sizeof buf, "%g cm", metres * 100.0);
  dl.AddText(ImVec2(x0, y0 - 22), col, buf);
}

void Viewport::render_overlay() {
  ImDrawList* lists[] = {overlay_.get()};
  overlay_->_PopUnusedDrawCmd();
  ImDrawData data;
  data.Valid = true;
  data.CmdLists = lists;
  data.CmdListsCount = 1;
  data.TotalVtxCount = overlay_->VtxBuffer.Size;
  data.TotalIdxCount = overlay_->IdxBuffer.Size;
  data.DisplayPos = ImVec2(0, 0);
  data.DisplaySize = ImVec2(float(w_), float(h_));
  data.FramebufferScale = ImVec2(1, 1);
  ImGui_ImplOpenGL3_RenderDrawData(&data);
}

void Viewport::draw_static_rect(gl::Renderer& renderer, const Theme& theme, int x0, int y0, int x1, int y1) {
  const gl::Rgba bg = theme.background;
  glEnable(GL_SCISSOR_TEST);
  glScissor(x0, h_ - y1, x1 - x0, y1 - y0);
  glClearColor(bg.r / 255.0f, bg.g / 255.0f, bg.b / 255.0f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  renderer.begin(camera, w_, h_, theme.line_scale);
  renderer.draw(grid_);
  // The world rectangle, widened by the widest line's half width so strokes reaching in are drawn.
  const double margin = 4.0 * theme.line_scale / camera.scale;
  const Vec2 a = to_world({double(x0), double(y1)}), b = to_world({double(x1), double(y0)});
  if (stage_built_)
    renderer.draw(stage_);
  else
    mesh_.draw(renderer, a - Vec2{margin, margin}, b + Vec2{margin, margin}, inner_edges_shown());
  glDisable(GL_SCISSOR_TEST);
}

void Viewport::draw_static(gl::Renderer& renderer, const Theme& theme) {
  const double t0 = thread_cpu_ms();
  build_grid(theme);
  gl::Target& t = static_[current_];
  const bool allocated = t.resize(w_, h_);
  // The other target too, now: a pan's shifted picture or a new mesh's drawing goes there, in frames
  // that should not first allocate it (several ms on a software renderer).
  static_[1 - current_].resize(w_, h_);
  t.bind_for_drawing();
  draw_static_rect(renderer, theme, 0, 0, w_, h_);
  t.resolve();
  static_camera_ = camera;
  static_theme_ = theme;
  static_valid_ = true;
  static_drift_ = {0, 0};
  exact_ = true;
  ++static_redraws_;
  // The cost of the last full draw at this view's detail, leaving out the first one of this mesh (it
  // compiles shaders) and those that allocated their target (a new size). 0 until known: no previews.
  const double ms = thread_cpu_ms() - t0;
  if (++full_draws_ > 1 && !allocated) full_draw_ms_ = ms;
}

void Viewport::preview_static(gl::Renderer& renderer, const Theme& theme) {
  if (exact_) {
    base_ = current_;
    base_camera_ = static_camera_;
  }
  build_grid(theme);
  gl::Target& to = static_[1 - base_];
  to.resize(w_, h_);
  to.bind_for_drawing();
  // Target pixel p (GL: y up) shows world (p - size/2) / scale + centre, which the base picture has at
  // (world - base centre) * base scale + size/2.
  const Vec2 half{w_ * 0.5, h_ * 0.5};
  const double k = base_camera_.scale / camera.scale;
  const Vec2 b = (camera.center - base_camera_.center) * base_camera_.scale + half - half * k;
  renderer.resample_texture(static_[base_].texture(), {k, k}, b);
  // Where the base picture does not reach (zooming out), draw the strips afresh.
  const Vec2 lo = to_screen(base_camera_.to_world({0.0, double(h_)}, size()));  // its bottom-left corner
  const Vec2 hi = to_screen(base_camera_.to_world({double(w_), 0.0}, size()));  // its top-right corner
  const int pad = 2;
  const int x0 = int(std::ceil(lo.x)), x1 = int(std::floor(hi.x)), y0 = int(std::ceil(hi.y)),
            y1 = int(std::floor(lo.y));
  if (x0 > 0) draw_static_rect(renderer, theme, 0, 0, std::min(w_, x0 + pad), h_);
  if (x1 < w_) draw_static_rect(renderer, theme, std::max(0, x1 - pad), 0, w_, h_);
  if (y0 > 0) draw_static_rect(renderer, theme, 0, 0, w_, std::min(h_, y0 + pad));
  if (y1 < h_) draw_static_rect(renderer, theme, 0, std::max(0, y1 - pad), w_, h_);
  to.resolve();
  current_ = 1 - base_;
  static_camera_ = camera;
  exact_ = false;
  previewed_at_ = ImGui::GetTime();
  ++static_redraws_;
  ++static_previews_;
}

void Viewport::shift_static(gl::Renderer& renderer, const Theme& theme, int dx, int dy) {
  build_grid(theme);
  const gl::Target& from = static_[current_];
  gl::Target& to = static_[1 - current_];
  to.resize(w_, h_);
  to.bind_for_drawing();
  renderer.copy_texture(from.texture(), dx, -dy);  // GL rows go up
  // The uncovered strips, 2 px wider so that strokes crossing the seam are drawn whole.
  const int pad = 2;
  if (dx > 0) draw_static_rect(renderer, theme, 0, 0, std::min(w_, dx + pad), h_);
  if (dx < 0) draw_static_rect(renderer, theme, std::max(0, w_ + dx - pad), 0, w_, h_);
  if (dy > 0) draw_static_rect(renderer, theme, 0, 0, w_, std::min(h_, dy + pad));
  if (dy < 0) draw_static_rect(renderer, theme, 0, std::max(0, h_ + dy - pad), w_, h_);
  to.resolve();
  current_ = 1 - current_;
  static_camera_ = camera;
  ++static_redraws_;
  ++static_shifts_;
}

bool Viewport::update_stage(const Document& doc, const Theme& theme) {
  const std::optional<BakeStage> shown = step_bake_stage ? step_bake_stage : bake_stage;
  const std::optional<BakeStage> want = doc.bake_stages.polygons.empty() ? std::nullopt : shown;
  // A stage is built from the mesh's bake records: a new mesh rebuilds the stage shown, if any.
  if (want == stage_built_ && (!mesh_dirty_ || !want)) return false;
  stage_.clear();
  if (want) build_bake_stage(doc.bake_stages, *want, theme, stage_);
  stage_built_ = want;
  return true;
}

void Viewport::finish_3d(const Document& doc, const Theme& theme) {
  const std::optional<BakeStage> shown = step_bake_stage ? step_bake_stage : bake_stage;
  if (update_stage(doc, theme)) static_valid_ = false;  // draw_labels() reads the stage shown
  draw_labels(doc, theme);
  resize_target(w_, h_);
  target_.bind_for_drawing();
  if (Result<void> drawn = view3d.draw(doc, theme, plan_, shown); !drawn)
    overlay_->AddText(ImVec2(12, float(h_) - 30), to_imu32(theme.text), drawn.error().c_str());
  render_overlay();
  target_.resolve();
}

void Viewport::take_mesh(const Document& doc, const Theme& theme, bool picture_kept, bool allow_preview) {
  if (!mesh_.empty()) retired_.push_back(std::move(mesh_));
  if (retired_.size() > kMaxRetired) retired_.pop_front();
  mesh_ = MeshLayer();
  const bool arrived = arrived_.has_value();
  if (arrived && arrived_presenter_ == theme.presenter) {
    mesh_ = std::move(*arrived_);
    ++mesh_shapes_taken_;
  } else {
    mesh_.build(doc, theme);
    ++mesh_builds_;
  }
  arrived_.reset();
  mesh_presenter_ = theme.presenter;
  full_draws_ = 0;
  full_draw_ms_ = 0.0;
  mesh_dirty_ = false;
  spread_.reset();
  if (arrived && picture_kept && allow_preview && !stage_built_)
    spread_ = Spread{0, camera};  // a mesh that draws within the frame's share is shown this frame
  else
    static_valid_ = false;
}

void Viewport::release_retired() {
  if (retired_.empty()) return;
  const double now = thread_cpu_ms();
  if (now > frame_started_cpu_ms + spread_frame_ms && !retire_yielded_) {
    retire_yielded_ = true;
    return;
  }
  retire_yielded_ = false;
  const double deadline = now + kRetireMs;
  while (!retired_.empty() && retired_.front().release_some(deadline)) {
    retired_.pop_front();
    if (thread_cpu_ms() > deadline) break;
  }
}

void Viewport::continue_spread(gl::Renderer& renderer, const Theme& theme) {
  const double deadline = frame_started_cpu_ms + spread_frame_ms;
  if (spread_frame_ms > 0.0 && thread_cpu_ms() > deadline && !spread_->yielded) {
    spread_->yielded = true;  // the frame's share is spent already: the picture shown stays one more frame
    return;
  }
  spread_->yielded = false;
  gl::Target& to = static_[1 - current_];
  to.resize(w_, h_);
  to.bind_for_drawing();
  if (spread_->next == 0) {
    build_grid(theme);
    const gl::Rgba bg = theme.background;
    glClearColor(bg.r / 255.0f, bg.g / 255.0f, bg.b / 255.0f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    renderer.begin(camera, w_, h_, theme.line_scale);
    renderer.draw(grid_);
  }
  renderer.begin(camera, w_, h_, theme.line_scale);
  const double margin = 4.0 * theme.line_scale / camera.scale;  // as draw_static_rect's
  const Vec2 a = to_world({0.0, double(h_)}), b = to_world({double(w_), 0.0});
  spread_->next = mesh_.draw_some(renderer, a - Vec2{margin, margin}, b + Vec2{margin, margin}, inner_edges_shown(),
                                  spread_->next, deadline);
  if (spread_->next < mesh_.steps()) return;
  to.resolve();
  current_ = 1 - current_;
  static_camera_ = camera;
  static_theme_ = theme;
  static_valid_ = true;
  static_drift_ = {0, 0};
  exact_ = true;
  spread_.reset();
  ++spread_draws_;
  ++static_redraws_;
  ++full_draws_;  // the mesh's first draw (its buffers made): the next full draw's cost counts
}

void Viewport::finish(gl::Renderer& renderer, const Document& doc, const Theme& theme, bool allow_preview) {
  glDisable(GL_SCISSOR_TEST);
  if (in_3d_) {
    if (spread_) static_valid_ = false;
    spread_.reset();
    return finish_3d(doc, theme);
  }
  const gl::Target& shown = static_[current_];
  const bool picture_kept = static_valid_ && exact_ && static_theme_ == theme && static_camera_ == camera &&
                            shown.width() == w_ && shown.height() == h_;
  if (update_stage(doc, theme)) static_valid_ = false;
  if (mesh_dirty_)
    take_mesh(doc, theme, picture_kept, allow_preview);
  else
    release_retired();
  if (spread_ && !(allow_preview && picture_kept && static_valid_ && !stage_built_ && spread_->camera == camera)) {
    spread_.reset();  // the view or the stage shown changed, or an export: the new mesh is drawn whole below
    static_valid_ = false;
  }
  const gl::Target& cached = static_[current_];
  const bool same_setup = static_valid_ && static_theme_ == theme && cached.width() == w_ && cached.height() == h_;
  if (spread_) {
    continue_spread(renderer, theme);
  } else if (!same_setup) {
    draw_static(renderer, theme);
  } else if (!(static_camera_ == camera)) {
    // A pan: the picture moves by this many screen pixels (y down).
    const double dx = (static_camera_.center.x - camera.center.x) * camera.scale;
    const double dy = (camera.center.y - static_camera_.center.y) * camera.scale;
    const double rx = std::round(dx), ry = std::round(dy);
    const Vec2 drift = static_drift_ + Vec2{dx - rx, dy - ry};
    const double k = (exact_ ? static_camera_ : base_camera_).scale / camera.scale;
    if (exact_ && static_camera_.scale == camera.scale && std::abs(drift.x) < 0.05 && std::abs(drift.y) < 0.05 &&
        std::abs(rx) < w_ / 2 && std::abs(ry) < h_ / 2) {
      shift_static(renderer, theme, int(rx), int(ry));
      static_drift_ = drift;
    } else if (allow_preview && (preview_above_ms <= 0.0 || full_draw_ms_ > preview_above_ms) && k >= 0.5 && k <= 2.0) {
      preview_static(renderer, theme);
    } else {
      draw_static(renderer, theme);
    }
  } else if (!exact_ && (!allow_preview || ImGui::GetTime() - previewed_at_ >= kPreviewSettleSeconds)) {
    draw_static(renderer, theme);  // the camera has stopped: the full picture again
  }
  draw_labels(doc, theme);
  draw_scale_bar(theme);

  resize_target(w_, h_);
  target_.bind_for_drawing();
  renderer.copy_texture(static_[current_].texture());
  renderer.begin(camera, w_, h_, theme.line_scale);
  renderer.draw(plan_);
  render_overlay();
  target_.resolve();
}

}  // namespace navlab::app
