// The Recast stages of the last bake in the 3D view: every record at the height the bake gave it (span
// tops, compact cells, contour and polygon vertices, detail triangles), in the top view's colours. Input
// triangles are the level itself (View3D draws it walkable and unwalkable apart). Only records are read.
#include <algorithm>

#include "gui_draw_bake_stages.h"
#include "gui_view3d.h"

namespace navlab::app {

namespace {

// The top of grid cell (x, z) at world height y, as two triangles.
void cell_top(const BakeStages& s, int x, int z, double y, gl::Rgba c, gl::MeshBatch3& out) {
  const double x0 = s.bmin.x + x * s.cs, z0 = s.bmin.z + z * s.cs;
  const Vec3 a{x0, y, z0}, b{x0 + s.cs, y, z0}, d{x0, y, z0 + s.cs}, e{x0 + s.cs, y, z0 + s.cs};
  out.triangle(a, b, e, c);
  out.triangle(a, e, d, c);
}

void spans(const BakeStages& s, gl::MeshBatch3& out) {
  int lo = 1 << 30, hi = -(1 << 30);
  for (const StageSpan& sp : s.spans) lo = std::min(lo, sp.smax), hi = std::max(hi, sp.smax);
  for (const StageSpan& sp : s.spans) {
    const double k = hi > lo ? 0.55 + 0.45 * (sp.smax - lo) / double(hi - lo) : 1.0;
    cell_top(s, sp.x, sp.z, s.bmin.y + sp.smax * s.ch, scaled(sp.walkable ? kStageWalkable : kStageUnwalkable, k), out);
  }
}

void compact(const BakeStages& s, gl::MeshBatch3& out) {
  for (const StageCell& c : s.cells) {
    const double y = s.bmin.y + c.y * s.ch;
    if (!c.walkable) {
      cell_top(s, c.x, c.z, y, scaled(kStageUnwalkable, 0.5), out);
      continue;
    }
    const double k = s.has_distance_field && s.max_distance > 0 ? double(c.dist) / s.max_distance : 1.0;
    const uint8_t g = uint8_t(40 + 215 * std::clamp(k, 0.0, 1.0));
    cell_top(s, c.x, c.z, y, {g, g, g, 255}, out);
  }
}

void regions(const BakeStages& s, double dim, gl::MeshBatch3& out) {
  for (const StageCell& c : s.cells)
    cell_top(s, c.x, c.z, s.bmin.y + c.y * s.ch, scaled(region_color(c.region), dim), out);
}

void contours(const BakeStages& s, bool raw, gl::MeshBatch3& fills, gl::LineBatch3& lines) {
  regions(s, 0.35, fills);
  for (const StageContour& c : s.contours) {
    const std::vector<Vec3>& pts = raw ? c.raw : c.simplified;
    lines.polyline(pts, region_color(c.region), {2.0f}, true);
    if (!raw)
      for (const Vec3& p : pts) lines.point(p, 3.0f, region_color(c.region), 1.0f, kStageOutline);
  }
}

void polymesh(const BakeStages& s, const Theme& theme, gl::MeshBatch3& fills, gl::LineBatch3& lines) {
  for (const StagePolygon& p : s.polygons) {
    for (size_t k = 1; k + 1 < p.ring.size(); ++k)
      fills.triangle(p.ring[0], p.ring[k], p.ring[k + 1], scaled(region_color(p.region), 0.8));
    lines.polyline(p.ring, theme.wall, {1.5f}, true);
  }
}

void detail(const BakeStages& s, gl::MeshBatch3& fills, gl::LineBatch3& lines) {
  for (const auto& t : s.detail_triangles) {
    fills.triangle(t[0], t[1], t[2], kStageWalkable);
    lines.polyline({t[0], t[1], t[2]}, kStageOutline, {1.0f}, true);
  }
}

}  // namespace

void build_bake_stage3d(const BakeStages& stages, BakeStage stage, const Theme& theme, gl::MeshBatch3& fills,
                        gl::LineBatch3& lines) {
  fills.clear();
  lines.clear();
  switch (stage) {
    case BakeStage::Input:
      return;  // the level, drawn by View3D
    case BakeStage::Heightfield:
      return spans(stages, fills);
    case BakeStage::Compact:
      return compact(stages, fills);
    case BakeStage::Regions:
      return regions(stages, 1.0, fills);
    case BakeStage::RawContours:
      return contours(stages, true, fills, lines);
    case BakeStage::Contours:
      return contours(stages, false, fills, lines);
    case BakeStage::PolyMesh:
      return polymesh(stages, theme, fills, lines);
    case BakeStage::DetailMesh:
      return detail(stages, fills, lines);
  }
}

}  // namespace navlab::app
