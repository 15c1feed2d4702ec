#include "gui_mesh_layer.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <unordered_map>

#include "cpu_clock.h"

namespace navlab::app {

namespace {
constexpr double kPolygonsPerChunk = 512.0;  // about this many polygons share a chunk
constexpr int kMaxChunksPerSide = 16;
}  // namespace

void MeshLayer::build(const NavMesh& m, double min_height, double max_height, const Theme& theme) {
  chunks_.clear();
  typical_poly_m_ = 1e9;
  if (m.kind == NavMesh::Kind::Graph) {
    auto c = std::make_unique<Chunk>();
    for (const GraphEdge& e : m.edges) {
      const Vec2 a = m.nodes[e.from].pos, b = m.nodes[e.to].pos;
      const Vec2 d = b - a;
      const double len = length(d);
      if (len <= 0.0) continue;
      const Vec2 u = d / len, n = perp_left(u);
      // Directed edges: offset to the left of travel so both directions show, with an arrow head.
      const double off = len * 0.04;
      const Vec2 a2 = a + n * off + u * (len * 0.12), b2 = b + n * off - u * (len * 0.12);
      c->walls.segment(a2, b2, theme.wall.with_alpha(170), {2.0f});
      const double head = len * 0.05;
      c->fill.triangle(b2, b2 - u * head + n * (head * 0.5), b2 - u * head - n * (head * 0.5),
                       theme.wall.with_alpha(200));
      c->include(a);
      c->include(b);
    }
    chunks_.push_back(std::move(c));
    return;
  }
  if (m.polys.empty()) return;

  // Chunks: a square grid over the mesh's bounds; a polygon belongs to the cell of its first vertex.
  Vec2 lo{1e300, 1e300}, hi{-1e300, -1e300};
  for (const Vec2& v : m.verts) {
    lo = {std::min(lo.x, v.x), std::min(lo.y, v.y)};
    hi = {std::max(hi.x, v.x), std::max(hi.y, v.y)};
  }
  const int side =
      std::clamp(int(std::ceil(std::sqrt(double(m.polys.size()) / kPolygonsPerChunk))), 1, kMaxChunksPerSide);
  const double cw = std::max(1e-9, (hi.x - lo.x) / side), ch = std::max(1e-9, (hi.y - lo.y) / side);
  std::vector<std::unique_ptr<Chunk>> grid(size_t(side) * side);
  auto cell_of = [&](int poly) {
    const Vec2 p = m.verts[m.polys[poly].verts[0]];
    const int cx = std::clamp(int((p.x - lo.x) / cw), 0, side - 1),
              cy = std::clamp(int((p.y - lo.y) / ch), 0, side - 1);
    return size_t(cy) * side + cx;
  };

  const bool shaded = m.is3d && max_height > min_height;
  double area = 0.0;
  std::vector<Vec2> pts;
  // Flat colours (no height shading): polygons of one area in one chunk share their corner vertices,
  // so each mesh vertex is processed once per chunk and colour, not once per polygon around it.
  // Key: cell (< 2^8) << 48 | area (< 2^16) << 32 | mesh vertex.
  std::unordered_map<uint64_t, uint32_t> shared;  // -> batch vertex
  std::vector<uint32_t> idx;
  std::vector<gl::Rgba> flat;  // each area's colour, looked up once by its name
  for (size_t a = 0; a < m.area_names.size(); ++a) flat.push_back(area_color(m.area_names[a], 1.0, theme));
  for (size_t i = 0; i < m.polys.size(); ++i) {
    const NavPoly& p = m.polys[i];
    const size_t cell = cell_of(int(i));
    if (!grid[cell]) grid[cell] = std::make_unique<Chunk>();
    Chunk& c = *grid[cell];
    pts.clear();
    double h = 0.0;
    for (int v : p.verts) {
      pts.push_back(m.verts[v]);
      c.include(m.verts[v]);
      if (shaded) h += m.heights[v];
    }
    if (shaded) {
      const double shade = (h / p.verts.size() - min_height) / (max_height - min_height);
      c.fill.polygon(pts, area_color(area_name(m.area_names, p.area), shade, theme));
    } else if (pts.size() >= 3) {
      const gl::Rgba col = p.area >= 0 && size_t(p.area) < flat.size()
                               ? flat[size_t(p.area)]
                               : area_color(area_name(m.area_names, p.area), 1.0, theme);
      idx.clear();
      for (int v : p.verts) {
        const uint64_t key = uint64_t(cell) << 48 | uint64_t(uint16_t(p.area)) << 32 | uint64_t(uint32_t(v));
        auto [it, added] = shared.try_emplace(key, 0u);
        if (added) it->second = c.fill.add_vertex(m.verts[v], col);
        idx.push_back(it->second);
      }
      for (size_t k = 1; k + 1 < idx.size(); ++k) c.fill.fill_triangle(idx[0], idx[k], idx[k + 1]);
    }
    for (size_t k = 1; k + 1 < pts.size(); ++k) area += 0.5 * std::abs(orient(pts[0], pts[k], pts[k + 1]));
    // Each shared edge once (thin, by the lower polygon index), each boundary edge thick.
    const size_t n = p.verts.size();
    for (size_t k = 0; k < n; ++k) {
      const int nb = k < p.neighbours.size() ? p.neighbours[k] : -1;
      const Vec2 a = m.verts[p.verts[k]], b = m.verts[p.verts[(k + 1) % n]];
      if (nb < 0)
        c.walls.segment(a, b, theme.wall, {2.0f});
      else if (nb > int(i))
        c.edges.segment(a, b, theme.edge, {1.0f});
    }
  }
  typical_poly_m_ = std::sqrt(area / double(m.polys.size()));
  for (auto& c : grid)
    if (c) chunks_.push_back(std::move(c));
}

void MeshLayer::draw(gl::Renderer& renderer, Vec2 lo, Vec2 hi, bool inner_edges) {
  draw_some(renderer, lo, hi, inner_edges, 0, std::numeric_limits<double>::infinity());
}

size_t MeshLayer::draw_some(gl::Renderer& renderer, Vec2 lo, Vec2 hi, bool inner_edges, size_t first,
                            double deadline_ms) {
  auto overlaps = [&](const Chunk& c) { return c.lo.x <= hi.x && lo.x <= c.hi.x && c.lo.y <= hi.y && lo.y <= c.hi.y; };
  const size_t n = chunks_.size();
  bool drew = false;
  for (size_t step = first; step < steps(); ++step) {
    if (drew && thread_cpu_ms() > deadline_ms) return step;
    Chunk& c = *chunks_[step % n];
    const size_t layer = step / n;  // 0: fills, 1: inner edges, 2: walls
    if (!overlaps(c) || (layer == 1 && !inner_edges)) continue;
    renderer.draw(layer == 0 ? c.fill : layer == 1 ? c.edges : c.walls);
    drew = true;
  }
  return steps();
}

bool MeshLayer::release_some(double deadline_ms) {
  do {
    if (chunks_.empty()) return true;
    chunks_.pop_back();
  } while (thread_cpu_ms() <= deadline_ms);
  return chunks_.empty();
}

std::shared_ptr<BakedShapes> build_shapes(const NavMesh& mesh, bool presenter) {
  auto shapes = std::make_shared<BakedShapes>();
  shapes->presenter = presenter;
  const HeightRange h = height_range(mesh);
  shapes->layer.build(mesh, h.min, h.max, presenter ? Theme::high_contrast() : Theme::normal());
  shapes->built = true;
  return shapes;
}

}  // namespace navlab::app
