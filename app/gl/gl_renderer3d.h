// The 3D view's renderer: lit triangles (the level, the navmesh draped on its detail mesh, bake stages)
// and lines of a width in pixels between world points (the plan layer lifted onto the surface), both
// depth-tested, with the shaders shaders/mesh3d.vert (+ fill.frag) and shaders/lines3d.vert (+
// lines3d.frag). A batch is uploaded once and drawn again every frame until it changes: only the camera
// uniforms change when the view turns.
//
// Depth bias: a layer drawn over the surface (the navmesh over the level, the plan over the navmesh)
// moves each vertex towards the eye by a fraction of its distance (`pull`). A point moved along its
// line of sight keeps its pixel, so the bias changes depth only, in proportion to the distance as depth
// precision is; lines sit on the surface without z-fighting, and still hide behind walls.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gl_camera3d.h"
#include "gl_renderer.h"

namespace navlab::gl {

// Triangles with a normal per vertex, lit (shaders/mesh3d.vert: ambient, a key and a fill light; either
// face) or unlit.
class MeshBatch3 {
 public:
  MeshBatch3() = default;
  MeshBatch3(const MeshBatch3&) = delete;
  MeshBatch3& operator=(const MeshBatch3&) = delete;
  ~MeshBatch3();

  void clear();
  bool empty() const { return idx_.empty(); }
  size_t triangle_count() const { return idx_.size() / 3; }
  uint32_t add_vertex(Vec3 p, Vec3 normal, Rgba color);
  void add_triangle(uint32_t a, uint32_t b, uint32_t c);
  // A triangle with its face normal (flat shading).
  void triangle(Vec3 a, Vec3 b, Vec3 c, Rgba color);

 private:
  friend class Renderer3D;
  struct Vertex {
    float x, y, z;
    float nx, ny, nz;
    Rgba c;
  };
  std::vector<Vertex> verts_;
  std::vector<uint32_t> idx_;
  bool dirty_ = true;
  unsigned vao_ = 0, vbo_ = 0, ebo_ = 0;
};

// One piece of a long line cut to follow a surface: the metres of the line before its start (its dashes
// go on) and which ends join the next piece (no round cap there, so translucent pieces do not overlap).
struct LinePiece {
  double dash_from = 0.0;
  bool joins_before = false, joins_after = false;
};

// Capsules between world points with a width and dashes in pixels (the Batch's strokes), and points.
class LineBatch3 {
 public:
  LineBatch3() = default;
  LineBatch3(const LineBatch3&) = delete;
  LineBatch3& operator=(const LineBatch3&) = delete;
  ~LineBatch3();

  void clear();
  bool empty() const { return idx_.empty(); }
  size_t capsule_count() const { return idx_.size() / 6; }
  void segment(Vec3 a, Vec3 b, Rgba color, Stroke s = {}, LinePiece piece = {});
  void polyline(const std::vector<Vec3>& pts, Rgba color, Stroke s = {}, bool closed = false);
  void point(Vec3 p, float radius_px, Rgba fill, float outline_px = 0.0f, Rgba outline = {});

 private:
  friend class Renderer3D;
  struct Vertex {
    float ax, ay, az, bx, by, bz;
    float cx, cy;
    float width, dash, period;
    float dash_from;
    float joins;  // 1: joins before, 2: joins after, 3: both
    Rgba c;
  };
  std::vector<Vertex> verts_;
  std::vector<uint32_t> idx_;
  bool dirty_ = true;
  unsigned vao_ = 0, vbo_ = 0, ebo_ = 0;
};

// How a batch is drawn.
struct Style3 {
  bool lit = true;          // meshes: directional light (else the colours as they are)
  double pull = 0.0;        // depth bias: the fraction of the distance to the eye each vertex moves
  bool depth_write = true;  // false for overlays that blend over each other
  bool hidden = false;      // draw only what is behind the surface (depth test reversed), faded
  float alpha = 1.0f;       // multiplies every colour's alpha
};

class Renderer3D {
 public:
  Renderer3D() = default;
  Renderer3D(const Renderer3D&) = delete;
  Renderer3D& operator=(const Renderer3D&) = delete;
  ~Renderer3D();
  // Compiles shaders/mesh3d.vert with fill.frag and lines3d.vert with lines3d.frag; fails with the first
  // shader's error (and is then not ready()).
  Result<void> init(const std::string& shader_dir);
  bool ready() const { return mesh_prog_ != 0; }
  // Sets the camera and the target size (pixels) for the following draw() calls.
  void begin(const OrbitCamera& cam, int width_px, int height_px, float line_scale);
  void draw(MeshBatch3& batch, const Style3& style = {});
  void draw(LineBatch3& batch, const Style3& style = {});

 private:
  void set_common(unsigned prog, const Style3& style);
  unsigned mesh_prog_ = 0, line_prog_ = 0;
  Mat4 view_proj_{};
  Vec3 eye_{};
  float size_[2] = {1, 1};
  float line_scale_ = 1.0f;
};

}  // namespace navlab::gl
