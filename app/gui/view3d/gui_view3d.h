// The viewport's 3D view of a 3D scene (a level mesh or a Detour file): an orbit camera over the level's
// triangles (lit, walkable and unwalkable shaded apart), the navmesh draped on its detail mesh, and the
// plan layer the 2D view draws, lifted onto that surface (gui_view3d_lift.h), with the same labels.
//
// The level, the navmesh and the grid go into buffers once per mesh (or theme, or bake stage); the plan
// layer is lifted again only when its shapes changed. Picking casts the mouse's ray against the
// navmesh's detail triangles.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "bake_stages.h"
#include "gl_camera3d.h"
#include "gl_renderer.h"
#include "gl_renderer3d.h"
#include "gui_doc.h"
#include "gui_theme.h"
#include "gui_view3d_lift.h"
#include "gl_window.h"
#include "result.h"

namespace navlab::app {

// A point of the navmesh's surface: its polygon, plane point and height.
struct SurfacePick {
  int poly = -1;
  Vec2 plane;
  double height = 0.0;  // world y, m
  Vec3 world() const { return to_world(plane, height); }
};

class View3D {
 public:
  gl::OrbitCamera camera;

  // Whether the 3D view can show `doc`: a polygon mesh with heights (a level mesh or a Detour file).
  static bool possible(const Document& doc);

  // Starts a frame of `size` pixels: rebuilds the surface when the mesh changed and prefers the plan's
  // polygons (its corridor) where floors overlap.
  void begin(const Document& doc, const std::vector<int>& corridor, Vec2 size);
  // Frames the level (F, a new scene) from the current yaw and pitch.
  void fit();
  bool needs_fit() const { return !framed_; }
  void request_fit() { framed_ = false; }  // frames the level at the next begin()

  // The pixel of plane point p on the surface (nullopt behind the eye), and of a world point.
  std::optional<Vec2> project(Vec2 plane) const;
  std::optional<Vec2> project(Vec3 world) const { return camera.to_screen(world, size_); }
  // The pixel of plane point p on polygon `poly`'s own surface (a label of that polygon, whichever floor
  // is preferred there).
  std::optional<Vec2> project_on(int poly, Vec2 plane) const;
  // The point of the surface under plane point p (as the plan layer is lifted, without its raise).
  Vec3 surface_point(Vec2 plane) const { return to_world(plane, lift_.height(plane)); }
  // Pixels per metre at the target (what the 2D drawing uses to size marks in metres), in steps of
  // 2^(1/8): marks keep their size in metres over a few frames of a zoom, so the plan layer is not lifted
  // again at every frame of it.
  double px_per_m() const;
  // The surface point under pixel `s` (y down), nearest along the ray, or nullopt.
  std::optional<SurfacePick> pick(Vec2 s) const;

  // Draws the grid, the level, the navmesh (or bake stage `stage`) and `plan` lifted, into the bound
  // target (with a depth buffer), clearing it first. Fails with why nothing could be drawn (shaders).
  Result<void> draw(const Document& doc, const Theme& theme, const gl::Batch& plan, std::optional<BakeStage> stage);

  // What the last draw() drew (tests and the frame measurement).
  size_t level_triangles() const { return level_.triangle_count(); }
  size_t plan_capsules() const { return plan_lines_.capsule_count(); }
  long plan_lifts() const { return plan_lifts_; }        // how many times the plan layer was lifted
  long static_builds() const { return static_builds_; }  // how many times level and navmesh were built

 private:
  void build_static(const Document& doc, const Theme& theme, std::optional<BakeStage> stage);
  void build_level(const Document& doc, const Theme& theme);
  void build_navmesh(const Document& doc, const Theme& theme);
  void build_grid(const Theme& theme);

  gl::Renderer3D renderer_;
  std::string init_error_;
  bool tried_init_ = false;
  SurfaceLift lift_;
  long surface_revision_ = -1;
  bool framed_ = false;
  Vec2 size_{1, 1};
  Vec3 lo_{0, 0, 0}, hi_{1, 1, 1};  // world bounds of the level and the navmesh

  long static_revision_ = -1;
  Theme static_theme_;
  std::optional<BakeStage> static_stage_;
  gl::MeshBatch3 level_, navmesh_, stage_fills_;
  gl::LineBatch3 grid_, edges_, stage_lines_;
  gl::MeshBatch3 plan_fills_;
  gl::LineBatch3 plan_lines_;
  uint64_t plan_hash_ = 0;
  bool plan_valid_ = false;
  long plan_lifts_ = 0, static_builds_ = 0;
};

// Fills `fills` and `lines` (cleared first) with Recast stage `stage` of `stages` in the world, each
// record at its own height (gui_view3d_stages.cpp): input triangles walkable / unwalkable, span tops
// and compact cells as squares, regions in their colours, contours as polylines, the polygon and detail
// meshes with their edges.
void build_bake_stage3d(const BakeStages& stages, BakeStage stage, const Theme& theme, gl::MeshBatch3& fills,
                        gl::LineBatch3& lines);

}  // namespace navlab::app
