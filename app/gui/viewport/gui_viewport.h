// The viewport: draws a document's navmesh (cached), a grid, the plan layer and a text overlay into an
// offscreen target. The GUI shows the target's texture; `navlab render` and exports read its pixels.
//
// The static layer (background, grid and navmesh) is drawn into its own target only when it changes
// (camera, size, theme or mesh); other frames copy its pixels and draw the plan layer and the overlay
// over them. A large mesh then costs its vertex work once per view change, not once per frame. A pan
// by whole pixels moves the previous static picture and draws only the strips it uncovers (the mesh is
// kept in spatial chunks, gui_mesh_layer.h, so a strip draws only the chunks it overlaps). When a full
// draw of the static layer is expensive (above preview_above_ms of CPU: a large mesh on a software
// renderer), a zoom shows the last full picture scaled, with fresh strips where it does not reach, and
// the full picture is drawn again once the camera has not changed for kPreviewSettleSeconds (so the
// frames between a mouse wheel's notches stay previews) or when a picture is exported.
//
// On a 3D scene the viewport can show the 3D view instead (`kind`, gui_view3d.h): the same plan layer and
// labels, drawn in plane metres as always, are lifted onto the navmesh's surface; to_screen() and
// px_per_m() answer for the view on screen, so the drawing code serves both.
#pragma once

#include <deque>
#include <memory>
#include <optional>
#include <vector>

#include "gl_renderer.h"
#include "gui_doc.h"
#include "gui_mesh_layer.h"
#include "gui_theme.h"
#include "gui_view3d.h"

struct ImDrawList;

namespace navlab::app {

// A graph node's disc, in px at line scale 1 (the theme's line_scale multiplies it).
constexpr float kNodeRadiusPx = 16.0f;

class Viewport {
 public:
  Viewport();
  ~Viewport();
  Viewport(const Viewport&) = delete;
  Viewport& operator=(const Viewport&) = delete;

  gl::Camera camera;
  // Which view is asked for: the top view (the default) or the 3D view, which only 3D scenes have
  // (View3D::possible); on other scenes the top view is shown whatever this says.
  enum class Kind { Top, Orbit };
  Kind kind = Kind::Top;
  View3D view3d;
  int hover_poly = -1;  // polygon (or node) under the mouse, -1 if none
  // The Recast stage drawn in place of the navmesh (none: the navmesh), from Document::bake_stages;
  // a document without bake records draws its navmesh whatever this says.
  std::optional<BakeStage> bake_stage;
  // The Recast stage of the timeline step on screen (a "bake" step; set by draw_plan, emptied by begin):
  // drawn in place of bake_stage while it is set.
  std::optional<BakeStage> step_bake_stage;

  // Rebuild the cached navmesh shapes on the next frame (new document or theme).
  void mesh_changed() {
    mesh_dirty_ = true;
    arrived_.reset();
  }
  // The document's mesh was replaced, and `shapes` are its shapes, built elsewhere (a bake's worker)
  // with a theme whose presenter flag was `presenter`: the next frame takes them instead of building
  // its own (unless the theme has changed since), and draws them over several frames if need be
  // (spread_frame_ms; a mesh changed by mesh_changed() is drawn whole in the next frame: the tile
  // cache's, which changes every frame of a drag).
  void mesh_changed(MeshLayer shapes, bool presenter) {
    mesh_dirty_ = true;
    arrived_.emplace(std::move(shapes));
    arrived_presenter_ = presenter;
  }
  // Frames the document's bounds in a w×h target.
  void fit(const Document& doc, int w, int h);

  // Starts a frame of w×h pixels: empties the plan layer and the overlay. `doc` and `corridor` (the
  // plan's polygons, preferred where floors overlap) prepare the 3D view when it is asked for.
  void begin(int w, int h, const Theme& theme, const Document* doc = nullptr, const std::vector<int>& corridor = {});
  // Whether this frame shows the 3D view (set by begin()).
  bool in_3d() const { return in_3d_; }
  gl::Batch& plan() { return plan_; }          // shapes over the mesh, world metres
  ImDrawList& overlay() { return *overlay_; }  // text and marks, target pixels (y down)
  // A text label in the overlay at target pixel (x, y) (top-left), with a dark shadow. Labels are kept
  // apart: one with `may_skip` that would overlap a label placed earlier this frame is left out (returns
  // false); the others are always drawn and keep their place. Polygon ids are placed last, may_skip.
  bool label(float x, float y, const char* text, unsigned color, bool may_skip = false);
  // The target pixel of a plane point (in 3D: of its point on the surface; far off-screen behind the
  // eye), and of a world point (y up; the top view drops its height).
  Vec2 to_screen(Vec2 world) const;
  Vec2 to_screen(Vec3 world) const;
  // Pixels per metre: the top view's zoom, or the 3D view's at its target.
  double px_per_m() const { return in_3d_ ? view3d.px_per_m() : camera.scale; }
  Vec2 to_world(Vec2 screen) const { return camera.to_world(screen, size()); }
  // The point of the scene under target pixel `s`: in the top view the plane point with the surface
  // height of the polygon there (0 off the mesh or on 2D scenes); in the 3D view the nearest point of
  // the navmesh's surface along the ray, or nothing when the ray misses it.
  std::optional<SurfacePick> point_at(Vec2 s, const Document& doc) const;
  // Resizes the viewport's target (with the depth buffer the 3D view needs).
  void resize_target(int w, int h) { target_.resize(w, h, 4, true); }
  Vec2 size() const { return {double(w_), double(h_)}; }
  // Draws grid, mesh, plan layer, polygon labels, scale bar and overlay into the target.
  // `allow_preview` false: the static layer is exact this frame (exports).
  void finish(gl::Renderer& renderer, const Document& doc, const Theme& theme, bool allow_preview = true);
  // A zoom is previewed when the last full draw of the static layer took more than this much thread
  // CPU time (ms); 0: always, a huge value: never.
  double preview_above_ms = 2.0;  // a quarter of an 8 ms frame
  static constexpr double kPreviewSettleSeconds = 0.15;
  double last_full_draw_ms() const { return full_draw_ms_; }  // the cost that decides (0: not known yet)
  // A baked mesh (mesh_changed(shapes, ...)) is drawn into the static target not shown while the last
  // picture stays on screen, and shown once complete: each frame draws it until the frame has used this
  // much of the main thread's CPU (ms, counted from frame_started_cpu_ms), so a small mesh is shown in
  // the frame it arrives in and a large one on a software renderer a few frames later, without one long
  // frame. A frame that has used that much before the drawing (a re-plan, say) draws no step, unless the
  // frame before drew none either; any other frame draws at least one step (0: one step a frame). A
  // change of camera, size or theme, or an export, draws it whole at once instead.
  double spread_frame_ms = 4.0;       // half an 8 ms frame: the rest is ImGui's drawing, the copy and swap
  double frame_started_cpu_ms = 0.0;  // thread_cpu_ms() when the frame began (set by the app)
  // Steps of a drawing under way still to draw (0: none), and new meshes' drawings completed so.
  size_t spread_steps_left() const { return spread_ ? mesh_.steps() - spread_->next : 0; }
  long spread_draws() const { return spread_draws_; }
  gl::Target& target() { return target_; }
  // Inner polygon edges are drawn only when a typical polygon is at least this wide on screen; below
  // it they would cover the fills with a dense grid (and cost most of the mesh's vertex work).
  static constexpr double kMinEdgeSpacingPx = 10.0;
  bool inner_edges_shown() const { return mesh_.typical_polygon_m() * camera.scale >= kMinEdgeSpacingPx; }
  // How many times the static layer has been drawn (it is redrawn only when the view changes), and how
  // many of those were pans that moved the previous picture and drew only the uncovered strips.
  long static_redraws() const { return static_redraws_; }
  // Navmesh shapes built by the viewport itself, and taken ready-built (mesh_changed(shapes, ...)).
  long mesh_builds() const { return mesh_builds_; }
  long mesh_shapes_taken() const { return mesh_shapes_taken_; }
  // Shapes of replaced meshes not yet freed (retired_).
  long retired_waiting() const { return long(retired_.size()); }
  long static_shifts() const { return static_shifts_; }
  long static_previews() const { return static_previews_; }
  bool static_exact() const { return exact_; }  // the static layer shown is a full drawing, not a preview

 private:
  void build_grid(const Theme& theme);
  void draw_labels(const Document& doc, const Theme& theme);
  void draw_scale_bar(const Theme& theme);
  void render_overlay();
  // Rebuilds stage_ when bake_stage or the mesh changed; returns whether it changed.
  bool update_stage(const Document& doc, const Theme& theme);
  void draw_static(gl::Renderer& renderer, const Theme& theme);
  // The zoom preview: the last full picture (base_) scaled to the camera, fresh strips where it does
  // not reach.
  void preview_static(gl::Renderer& renderer, const Theme& theme);
  // Moves the static picture by (dx, dy) screen pixels (y down) and draws the uncovered strips.
  void shift_static(gl::Renderer& renderer, const Theme& theme, int dx, int dy);
  // Draws grid and mesh over the screen rectangle [x0, x1) × [y0, y1) (pixels, y down) of the bound target.
  void draw_static_rect(gl::Renderer& renderer, const Theme& theme, int x0, int y0, int x1, int y1);

  void finish_3d(const Document& doc, const Theme& theme);
  // Takes or builds the shapes of a changed mesh; starts spreading their first draw over frames when
  // `picture_kept` (the static picture on screen is exact and of this camera, size and theme).
  void take_mesh(const Document& doc, const Theme& theme, bool picture_kept, bool allow_preview);
  // Draws the next steps of the spread drawing (spread_) into static_[1 - current_]; shows it when done.
  void continue_spread(gl::Renderer& renderer, const Theme& theme);

  int w_ = 1, h_ = 1;
  bool in_3d_ = false;
  bool mesh_dirty_ = true;
  bool mesh_presenter_ = false;
  gl::Batch grid_, plan_;
  MeshLayer mesh_;
  std::optional<MeshLayer> arrived_;  // shapes of the new mesh built elsewhere (mesh_changed(shapes, ...))
  // The shapes of the meshes mesh_ replaced, oldest first: freed a few chunks a frame (their GL buffers
  // are this thread's), so no frame frees a large mesh's shapes at once. Only when more than
  // kMaxRetired wait does the oldest go at once.
  std::deque<MeshLayer> retired_;
  static constexpr size_t kMaxRetired = 3;
  static constexpr double kRetireMs = 0.5;  // thread CPU per frame for freeing them, ms
  bool retire_yielded_ = false;             // the last frame freed none (release_retired)
  // Frees retired shapes for kRetireMs. A frame that has used its share (spread_frame_ms) before it gets
  // here frees none, unless the frame before freed none either.
  void release_retired();
  bool arrived_presenter_ = false;
  gl::Batch stage_;                       // bake_stage's shapes (gui_draw_bake_stages.h)
  std::optional<BakeStage> stage_built_;  // the stage in stage_ (none: stage_ is empty)
  gl::Target target_;
  // Background, grid and mesh for static_camera_ / static_theme_ in static_[current_]; the other one
  // receives the next pan.
  gl::Target static_[2];
  int current_ = 0;
  bool static_valid_ = false;
  gl::Camera static_camera_;
  Theme static_theme_;
  Vec2 static_drift_{0, 0};  // px: rounding of the pans since the last full draw
  bool exact_ = true;        // static_[current_] is a full drawing (not a zoom preview)
  int base_ = 0;             // during a preview: the full picture it scales, drawn at base_camera_
  gl::Camera base_camera_;
  double previewed_at_ = 0.0;  // ImGui time of the last preview, s
  double full_draw_ms_ = 0.0;  // thread CPU time of the last full draw that counts (0: not known yet)
  int full_draws_ = 0;         // full draws since the mesh was built
  long static_redraws_ = 0, static_shifts_ = 0, static_previews_ = 0;
  long mesh_builds_ = 0, mesh_shapes_taken_ = 0;
  struct Spread {
    size_t next = 0;  // the next MeshLayer step to draw (0: the background and grid first)
    gl::Camera camera;
    bool yielded = false;  // the last frame drew no step (continue_spread)
  };
  std::optional<Spread> spread_;  // a new mesh's full draw spread over frames (spread_frame_ms)
  long spread_draws_ = 0;
  std::unique_ptr<ImDrawList> overlay_;
  struct Rect {
    float x0, y0, x1, y1;
  };
  std::vector<Rect> labels_;  // placed this frame
};

// A "nice" length (1, 2 or 5 times a power of ten) near `target` (> 0).
double nice_step(double target);

}  // namespace navlab::app
