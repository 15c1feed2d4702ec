// The viewport's small 2D renderer: filled polygons and screen-width anti-aliased capsules (lines,
// dashed lines, arcs as polylines, points), drawn from vertex buffers with the shaders in shaders/.
// Geometry is in world metres; widths are in pixels, so a batch built once stays valid while the
// camera pans and zooms (only uniforms change).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "geom.h"
#include "result.h"

namespace navlab::gl {

struct Rgba {
  uint8_t r = 0, g = 0, b = 0, a = 255;
  Rgba with_alpha(uint8_t alpha) const { return {r, g, b, alpha}; }
  friend bool operator==(const Rgba&, const Rgba&) = default;
};

// Camera: the world point at the target's centre and the zoom (pixels per metre). Screen y is down.
struct Camera {
  Vec2 center{0.0, 0.0};  // m
  double scale = 40.0;    // px per m  [Limit: > 0]
  friend bool operator==(const Camera& a, const Camera& b) {
    return a.center.x == b.center.x && a.center.y == b.center.y && a.scale == b.scale;
  }
  Vec2 to_screen(Vec2 w, Vec2 size_px) const {
    return {(w.x - center.x) * scale + size_px.x * 0.5, size_px.y * 0.5 - (w.y - center.y) * scale};
  }
  Vec2 to_world(Vec2 s, Vec2 size_px) const {
    return {(s.x - size_px.x * 0.5) / scale + center.x, (size_px.y * 0.5 - s.y) / scale + center.y};
  }
  // Zooms by `factor` keeping the world point under screen point `s` fixed.
  void zoom_at(Vec2 s, Vec2 size_px, double factor);
  // Frames the world box [lo, hi] in a target of size_px with a margin (fraction of the size).
  void fit(Vec2 lo, Vec2 hi, Vec2 size_px, double margin = 0.06);
};

// Line style: full width and dash pattern in pixels (dash_period 0: solid).
struct Stroke {
  float width = 2.0f;
  float dash = 0.0f;
  float dash_period = 0.0f;
};

// A list of shapes; build it, then Renderer::draw() uploads it (once, unless changed) and draws it.
class Batch {
 public:
  Batch() = default;
  Batch(const Batch&) = delete;
  Batch& operator=(const Batch&) = delete;
  ~Batch();

  void clear();
  bool empty() const { return fill_idx_.empty() && cap_idx_.empty(); }
  // A convex (or star-shaped from its first vertex) polygon, filled.
  void polygon(const std::vector<Vec2>& pts, Rgba color);
  // Navmesh polygon `poly` filled (pts: its corners in the plane): drawn as polygon() in the top view;
  // the 3D view drapes the polygon's own detail triangles instead of lifting these corners.
  void mesh_polygon(int poly, const std::vector<Vec2>& pts, Rgba color);
  // Filled triangles over shared vertices (a mesh whose polygons share corners): add_vertex() returns
  // the vertex's index for fill_triangle().
  uint32_t add_vertex(Vec2 p, Rgba color);
  void fill_triangle(uint32_t a, uint32_t b, uint32_t c);
  void triangle(Vec2 a, Vec2 b, Vec2 c, Rgba color);
  void quad(Vec2 a, Vec2 b, Vec2 c, Vec2 d, Rgba color);
  void segment(Vec2 a, Vec2 b, Rgba color, Stroke s = {});
  // A segment between world points (y up): the top view draws it between their plane points, the 3D
  // view between the points themselves (an off-mesh link's arc over a drop), not on the surface.
  void segment_world(Vec3 a, Vec3 b, Rgba color, Stroke s = {});
  void polyline(const std::vector<Vec2>& pts, Rgba color, Stroke s = {}, bool closed = false);
  // A circle arc from angle a0 to a1 (rad, counter-clockwise when a1 > a0) as a polyline.
  void arc(Vec2 c, double radius, double a0, double a1, Rgba color, Stroke s = {});
  // A round dot of `radius_px` pixels with an optional outline (outline_px 0: none).
  void point(Vec2 p, float radius_px, Rgba fill, float outline_px = 0.0f, Rgba outline = {});
  // A circle outline in world metres.
  void circle(Vec2 c, double radius, Rgba color, Stroke s = {});
  size_t capsule_count() const { return cap_idx_.size() / 6; }
  size_t triangle_count() const { return fill_idx_.size() / 3; }

  // Reading the shapes back (the 3D view lifts them onto the surface).
  struct Capsule {
    Vec2 a, b;  // plane points, m (a == b: a point)
    Rgba color;
    Stroke stroke;
    bool world = false;  // segment_world(): the world points below are what to draw
    Vec3 wa, wb;
  };
  Capsule capsule_at(size_t i) const;  // i < capsule_count()
  struct FillTriangle {
    std::array<Vec2, 3> p;
    std::array<Rgba, 3> c;
  };
  FillTriangle fill_triangle_at(size_t i) const;  // i < triangle_count()
  // The triangles mesh_polygon() added: [first, first + count) of fill_triangle_at().
  struct PolygonFill {
    int poly = -1;
    Rgba color;
    size_t first = 0, count = 0;
  };
  const std::vector<PolygonFill>& polygon_fills() const { return poly_fills_; }
  // A hash of every shape (a 3D view re-lifts only a plan layer that changed).
  uint64_t content_hash() const;

 private:
  friend class Renderer;
  struct FillVertex {
    float x, y;
    Rgba c;
  };
  struct CapVertex {
    float ax, ay, bx, by;
    float cx, cy;
    float width, dash, period;
    Rgba c;
  };
  void capsule(Vec2 a, Vec2 b, Rgba color, Stroke s);
  struct WorldEnds {
    uint32_t capsule;
    Vec3 a, b;
  };
  std::vector<PolygonFill> poly_fills_;
  std::vector<WorldEnds> world_ends_;  // by capsule index, ascending
  std::vector<FillVertex> fill_;
  std::vector<uint32_t> fill_idx_;
  std::vector<CapVertex> cap_;
  std::vector<uint32_t> cap_idx_;
  bool dirty_ = true;
  unsigned fill_vao_ = 0, fill_vbo_ = 0, fill_ebo_ = 0;
  unsigned cap_vao_ = 0, cap_vbo_ = 0, cap_ebo_ = 0;
};

class Renderer {
 public:
  Renderer() = default;
  Renderer(const Renderer&) = delete;
  Renderer& operator=(const Renderer&) = delete;
  ~Renderer();
  // Compiles shaders/fill.*, shapes.*, copy.* and resample.frag (with copy.vert) found in `shader_dir`.
  // Fails with the first shader's read, compile or link error.
  Result<void> init(const std::string& shader_dir);
  // Sets the camera and target size (pixels) for the following draw() calls. draw() leaves the scissor
  // test as it is (a caller may restrict drawing to a rectangle).
  void begin(const Camera& cam, int width_px, int height_px, float line_scale);
  void draw(Batch& batch);
  // Replaces the pixels of the bound target with texture `texture` of the same size moved by (dx, dy)
  // pixels (GL orientation: y up); pixels whose source is outside the texture keep their value. No
  // blending; the scissor test, when enabled, applies.
  void copy_texture(unsigned texture, int dx = 0, int dy = 0);
  // Draws texture `texture` scaled and moved (bilinear): target pixel p (GL orientation) shows the
  // texture at pixel p * a + b; pixels whose source is outside the texture keep their value.
  void resample_texture(unsigned texture, Vec2 a, Vec2 b);

 private:
  unsigned fill_prog_ = 0, cap_prog_ = 0, copy_prog_ = 0, resample_prog_ = 0;
  unsigned empty_vao_ = 0;  // the copy quad has no vertex buffer, but core profile needs a VAO
  Camera cam_;
  float size_[2] = {1, 1};
  float line_scale_ = 1.0f;
  void set_uniforms(unsigned prog);
};

// A multisampled offscreen target with a resolved texture (what the viewport shows and exports).
class Target {
 public:
  Target() = default;
  Target(const Target&) = delete;
  Target& operator=(const Target&) = delete;
  ~Target();
  // (Re)creates the buffers when the size changed (returns true then). samples: MSAA samples (1: none);
  // depth: with a depth buffer (the 3D view; cleared by whoever draws with it).
  bool resize(int w, int h, int samples = 4, bool depth = false);
  void bind_for_drawing();  // binds the MSAA framebuffer and sets the GL viewport
  void resolve();           // blits into the texture's framebuffer
  void blit_to_screen();    // copies the resolved pixels to the window's framebuffer
  // RGBA8 pixels, top row first (after resolve()).
  std::vector<uint8_t> read_pixels() const;
  unsigned texture() const { return tex_; }
  int width() const { return w_; }
  int height() const { return h_; }

 private:
  void release();
  int w_ = 0, h_ = 0, samples_ = 0;
  bool depth_ = false;
  unsigned ms_fbo_ = 0, ms_rbo_ = 0, fbo_ = 0, tex_ = 0, depth_rbo_ = 0;
};

// Links shaders/`base`.frag with shaders/`vert_base`.vert (empty: the same base) from `dir` into a GL
// program: the program's name, or the compiler's or linker's message.
Result<unsigned> link_program(const std::string& dir, const std::string& base, std::string vert_base = "");

// Reads the bound read framebuffer's rectangle (x, y from the bottom-left) as RGBA8, top row first.
std::vector<uint8_t> read_framebuffer(int x, int y, int w, int h);

}  // namespace navlab::gl
