#include "gui_draw_bake_stages.h"

#include <algorithm>
#include <cmath>

namespace navlab::app {

namespace {

const gl::Rgba kWalkable = kStageWalkable;
const gl::Rgba kUnwalkable = kStageUnwalkable;
const gl::Rgba kNoRegion{60, 62, 66, 255};
const gl::Rgba kOutline = kStageOutline;

std::vector<Vec2> plane_ring(const std::vector<Vec3>& ring) {
  std::vector<Vec2> pts;
  for (const Vec3& w : ring) pts.push_back(to_plane(w));
  return pts;
}

void cell_square(const BakeStages& s, int x, int z, gl::Rgba color, gl::Batch& out) {
  const auto q = s.cell_square(x, z);
  out.quad(q[0], q[1], q[2], q[3], color);
}

void draw_input(const BakeStages& s, gl::Batch& out) {
  for (const StageTriangle& t : s.triangles)
    out.triangle(to_plane(t.corners[0]), to_plane(t.corners[1]), to_plane(t.corners[2]),
                 t.walkable ? kWalkable : kUnwalkable);
  // Unwalkable outlines last and wider: a wall or step face is edge-on from above and shows only as them.
  for (bool walkable : {true, false})
    for (const StageTriangle& t : s.triangles)
      if (t.walkable == walkable)
        out.polyline({to_plane(t.corners[0]), to_plane(t.corners[1]), to_plane(t.corners[2])},
                     walkable ? kOutline : kUnwalkable, {walkable ? 1.0f : 3.0f}, true);
}

// Spans shaded by the height of their top: lower ones darker. In the top view a column's highest span
// is drawn last and shows.
void draw_spans(const BakeStages& s, gl::Batch& out) {
  int lo = 1 << 30, hi = -(1 << 30);
  for (const StageSpan& sp : s.spans) lo = std::min(lo, sp.smax), hi = std::max(hi, sp.smax);
  for (const StageSpan& sp : s.spans) {
    const double k = hi > lo ? 0.55 + 0.45 * (sp.smax - lo) / double(hi - lo) : 1.0;
    cell_square(s, sp.x, sp.z, scaled(sp.walkable ? kWalkable : kUnwalkable, k), out);
  }
}

// Walkable cells in grey levels of the distance field (white: farthest from a border); cells the bake
// left unwalkable in dim red.
void draw_compact(const BakeStages& s, gl::Batch& out) {
  for (const StageCell& c : s.cells) {
    if (!c.walkable) {
      cell_square(s, c.x, c.z, scaled(kUnwalkable, 0.5), out);
      continue;
    }
    const double k = s.has_distance_field && s.max_distance > 0 ? double(c.dist) / s.max_distance : 1.0;
    const uint8_t g = uint8_t(40 + 215 * std::clamp(k, 0.0, 1.0));
    cell_square(s, c.x, c.z, {g, g, g, 255}, out);
  }
}

void draw_regions(const BakeStages& s, gl::Batch& out) {
  for (const StageCell& c : s.cells) cell_square(s, c.x, c.z, region_color(c.region), out);
}

// Contours over the regions dimmed, each in its region's colour; simplified ones mark their vertices.
void draw_contours(const BakeStages& s, bool raw, gl::Batch& out) {
  for (const StageCell& c : s.cells) cell_square(s, c.x, c.z, scaled(region_color(c.region), 0.35), out);
  for (const StageContour& c : s.contours) {
    const std::vector<Vec2> pts = plane_ring(raw ? c.raw : c.simplified);
    out.polyline(pts, region_color(c.region), {2.0f}, true);
    if (!raw)
      for (const Vec2& p : pts) out.point(p, 3.0f, region_color(c.region), 1.0f, kOutline);
  }
}

void draw_polymesh(const BakeStages& s, const Theme& theme, gl::Batch& out) {
  for (const StagePolygon& p : s.polygons) out.polygon(plane_ring(p.ring), scaled(region_color(p.region), 0.8));
  for (const StagePolygon& p : s.polygons) out.polyline(plane_ring(p.ring), theme.wall, {1.5f}, true);
}

// Detail triangles shaded by their mean height (darker lower), with thin edges.
void draw_detail(const BakeStages& s, gl::Batch& out) {
  double lo = 1e300, hi = -1e300;
  for (const auto& t : s.detail_triangles)
    for (const Vec3& w : t) lo = std::min(lo, w.y), hi = std::max(hi, w.y);
  for (const auto& t : s.detail_triangles) {
    const double h = (t[0].y + t[1].y + t[2].y) / 3.0;
    const double k = hi > lo ? 0.6 + 0.4 * (h - lo) / (hi - lo) : 1.0;
    out.triangle(to_plane(t[0]), to_plane(t[1]), to_plane(t[2]), scaled(kWalkable, k));
  }
  for (const auto& t : s.detail_triangles)
    out.polyline({to_plane(t[0]), to_plane(t[1]), to_plane(t[2])}, kOutline, {1.0f}, true);
}

}  // namespace

gl::Rgba scaled(gl::Rgba c, double k) {
  auto ch = [k](uint8_t v) { return uint8_t(std::clamp(v * k, 0.0, 255.0)); };
  return {ch(c.r), ch(c.g), ch(c.b), c.a};
}

gl::Rgba region_color(int id) {
  if (id <= 0) return kNoRegion;
  // Hue stepped by the golden angle so neighbouring ids differ; three saturation/brightness bands.
  const double hue = std::fmod(id * 137.508, 360.0) / 60.0;
  const double v = 0.95 - 0.15 * (id % 3), sat = 0.75;
  const double c = v * sat, x = c * (1.0 - std::abs(std::fmod(hue, 2.0) - 1.0)), m = v - c;
  double r = 0, g = 0, b = 0;
  switch (int(hue)) {
    case 0:
      r = c, g = x;
      break;
    case 1:
      r = x, g = c;
      break;
    case 2:
      g = c, b = x;
      break;
    case 3:
      g = x, b = c;
      break;
    case 4:
      r = x, b = c;
      break;
    default:
      r = c, b = x;
      break;
  }
  return {uint8_t(255 * (r + m)), uint8_t(255 * (g + m)), uint8_t(255 * (b + m)), 255};
}

void build_bake_stage(const BakeStages& stages, BakeStage stage, const Theme& theme, gl::Batch& out) {
  out.clear();
  switch (stage) {
    case BakeStage::Input:
      return draw_input(stages, out);
    case BakeStage::Heightfield:
      return draw_spans(stages, out);
    case BakeStage::Compact:
      return draw_compact(stages, out);
    case BakeStage::Regions:
      return draw_regions(stages, out);
    case BakeStage::RawContours:
      return draw_contours(stages, true, out);
    case BakeStage::Contours:
      return draw_contours(stages, false, out);
    case BakeStage::PolyMesh:
      return draw_polymesh(stages, theme, out);
    case BakeStage::DetailMesh:
      return draw_detail(stages, out);
  }
}

}  // namespace navlab::app
