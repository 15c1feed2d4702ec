// The navmesh as the viewport draws it: polygon fills coloured by area (height-shaded on 3D meshes),
// inner edges and boundary walls, or a graph's directed edges. Shapes are kept in square spatial chunks
// so that a view showing part of a large mesh, or a strip uncovered by panning, draws only the chunks
// it overlaps. Building the shapes touches no GL object (a chunk's buffers are made when it is first
// drawn), so a layer can be built on a bake's worker thread and handed to the viewport with the mesh.
#pragma once

#include <memory>
#include <vector>

#include "geom.h"
#include "gl_renderer.h"
#include "gui_doc.h"
#include "gui_theme.h"

namespace navlab::app {

class MeshLayer {
 public:
  // Rebuilds the shapes of `doc`'s mesh with `theme`'s colours.
  void build(const Document& doc, const Theme& theme) { build(doc.mesh, doc.min_height, doc.max_height, theme); }
  // Rebuilds the shapes of `mesh`, a 3D mesh's polygons shaded by height over [min_height, max_height]
  // (m). Any thread, while no other thread uses this layer; draw() only on the GL thread.
  void build(const NavMesh& mesh, double min_height, double max_height, const Theme& theme);
  // Draws the chunks overlapping the world rectangle [lo, hi] (m): fills, then inner edges (when
  // `inner_edges`), then walls. The renderer's camera must be set (Renderer::begin).
  void draw(gl::Renderer& renderer, Vec2 lo, Vec2 hi, bool inner_edges);
  // The same drawing in steps (one chunk's fills, inner edges or walls each, in draw()'s order), from
  // step `first` on, until the thread's CPU clock (thread_cpu_ms) passes `deadline_ms`, and at least one
  // step. Returns the next step to draw: steps() when all are drawn.
  size_t draw_some(gl::Renderer& renderer, Vec2 lo, Vec2 hi, bool inner_edges, size_t first, double deadline_ms);
  size_t steps() const { return 3 * chunks_.size(); }
  // Frees chunks (their GL buffers too: the GL thread only) until the thread's CPU clock passes
  // `deadline_ms`, at least one; returns whether none is left. A replaced layer is let go so, a few
  // chunks a frame, instead of all at once in the frame that replaces it.
  bool release_some(double deadline_ms);
  bool empty() const { return chunks_.empty(); }
  // Side of a square of the mean polygon area, m (graphs: very large, so no inner edges are hidden).
  double typical_polygon_m() const { return typical_poly_m_; }

 private:
  struct Chunk {
    Vec2 lo{1e300, 1e300}, hi{-1e300, -1e300};  // bounds of its shapes, m
    gl::Batch fill, edges, walls;
    void include(Vec2 p) {
      lo = {std::min(lo.x, p.x), std::min(lo.y, p.y)};
      hi = {std::max(hi.x, p.x), std::max(hi.y, p.y)};
    }
  };
  std::vector<std::unique_ptr<Chunk>> chunks_;
  double typical_poly_m_ = 0.0;
};

// The viewport's shapes of a new mesh, built on the worker thread that made the mesh (a bake's, the tile
// cache's), so the frame the mesh arrives in does not build them (about 100 ms at 100k polygons). Read
// only once the worker has handed the mesh over.
struct BakedShapes {
  MeshLayer layer;
  bool built = false;
  bool presenter = false;  // the presenter flag of the theme they were built with
};

// `mesh`'s shapes in the theme of the presenter flag `presenter` (Theme::high_contrast or normal), on
// any thread.
std::shared_ptr<BakedShapes> build_shapes(const NavMesh& mesh, bool presenter);

}  // namespace navlab::app
