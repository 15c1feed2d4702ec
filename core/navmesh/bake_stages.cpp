#include "bake_stages.h"
#include "format.h"

#include <Recast.h>

#include <algorithm>

namespace navlab {

namespace {

struct StageNames {
  BakeStage stage;
  const char* name;
  const char* title;
};

constexpr StageNames kStageNames[kBakeStageCount] = {
    {BakeStage::Input, "input", "Input triangles"},
    {BakeStage::Heightfield, "heightfield", "Heightfield spans"},
    {BakeStage::Compact, "compact", "Compact + distance field"},
    {BakeStage::Regions, "regions", "Regions"},
    {BakeStage::RawContours, "raw-contours", "Raw contours"},
    {BakeStage::Contours, "contours", "Contours"},
    {BakeStage::PolyMesh, "polymesh", "Polygon mesh"},
    {BakeStage::DetailMesh, "detail", "Detail mesh"},
};

// A grid vertex (x, y, z in cells, as contours and the polygon mesh store them) in world coordinates.
// Recast stores a vertex's height as the floor cell below it: the walkable surface is one cell above.
Vec3 grid_point(const BakeStages& s, int x, int y, int z) {
  return {s.bmin.x + x * s.cs, s.bmin.y + (y + 1) * s.ch, s.bmin.z + z * s.cs};
}

// "1 region", "11 regions".
std::string counted(long n, const std::string& noun) { return grouped(n) + " " + noun + (n == 1 ? "" : "s"); }

std::string cut_note(bool truncated, size_t kept, const char* what) {
  return truncated ? " (the record keeps the first " + grouped(long(kept)) + " " + what + ")" : "";
}

std::string describe_input(const BakeStages& s) {
  return "The input holds " + grouped(s.triangle_count) + " triangles: " + grouped(s.walkable_triangles) +
         " are walkable (sloped at most " + num(s.walkable_slope) + "° and facing up), " +
         grouped(s.triangle_count - s.walkable_triangles) + " are not" +
         cut_note(s.triangles_truncated, s.triangles.size(), "triangles") + ".";
}

std::string describe_heightfield(const BakeStages& s) {
  return "The heightfield holds " + grouped(s.span_count) + " spans in " + grouped(s.width) + " × " +
         grouped(s.height) + " columns of " + num(s.cs) + " m; " + grouped(s.walkable_spans) +
         " are walkable after the low-obstacle, ledge and low-height filters" +
         cut_note(s.spans_truncated, s.spans.size(), "spans") + ".";
}

std::string describe_compact(const BakeStages& s) {
  std::string text = "The compact heightfield holds " + grouped(s.cell_count) + " cells; " + grouped(s.walkable_cells) +
                     " are walkable after erosion";
  if (s.has_distance_field)
    text += ", and the distance field reaches " + grouped(s.max_distance) + " (in half cells from the nearest border)";
  else
    text += " (this partition builds no distance field)";
  return text + cut_note(s.cells_truncated, s.cells.size(), "cells") + ".";
}

std::string describe_contours(const BakeStages& s, bool raw) {
  const long vertices = raw ? s.raw_vertices : s.simplified_vertices;
  const long n = long(s.contours.size());
  std::string text = counted(n, "contour") + (n == 1 ? " traces" : " trace") + " the regions' borders with " +
                     grouped(vertices) + (raw ? " raw vertices, one per cell edge along the border" : " vertices");
  if (!raw) text += " after simplification (from " + grouped(s.raw_vertices) + " raw ones)";
  return text + ".";
}

}  // namespace

const char* bake_stage_name(BakeStage s) { return kStageNames[int(s)].name; }
const char* bake_stage_title(BakeStage s) { return kStageNames[int(s)].title; }

std::optional<BakeStage> bake_stage_from_name(const std::string& name) {
  for (const StageNames& n : kStageNames)
    if (name == n.name) return n.stage;
  return std::nullopt;
}

std::string grouped(long n) {
  std::string digits = std::to_string(n < 0 ? -n : n), out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return (n < 0 ? "-" : "") + out;
}

std::array<Vec2, 4> BakeStages::cell_square(int x, int z) const {
  const double x0 = bmin.x + x * cs, z0 = bmin.z + z * cs;
  // World z grows southwards on the plane (plane y = -z): walking x then -z keeps the square counter-clockwise.
  return {to_plane({x0, 0.0, z0 + cs}), to_plane({x0 + cs, 0.0, z0 + cs}), to_plane({x0 + cs, 0.0, z0}),
          to_plane({x0, 0.0, z0})};
}

std::string BakeStages::describe(BakeStage s) const {
  switch (s) {
    case BakeStage::Input:
      return describe_input(*this);
    case BakeStage::Heightfield:
      return describe_heightfield(*this);
    case BakeStage::Compact:
      return describe_compact(*this);
    case BakeStage::Regions:
      return "The partition grouped the " + grouped(walkable_cells) + " walkable cells into " +
             counted(region_count, "region") + ".";
    case BakeStage::RawContours:
      return describe_contours(*this, true);
    case BakeStage::Contours:
      return describe_contours(*this, false);
    case BakeStage::PolyMesh:
      return "The polygon mesh holds " + counted(long(polygons.size()), "convex polygon") + " of at most " +
             std::to_string(max_verts_per_poly) + " vertices over " + grouped(poly_vertices) + " vertices.";
    case BakeStage::DetailMesh:
      return "The detail mesh holds " + grouped(long(detail_triangles.size())) + " triangles over " +
             grouped(detail_vertices) + " vertices, one sub-mesh per polygon, that follow the floor's height.";
  }
  return "";
}

void record_grid(BakeStages* out, const float* bmin, const float* bmax, float cs, float ch, int width, int height,
                 float walkable_slope) {
  if (!out) return;
  out->bmin = {bmin[0], bmin[1], bmin[2]};
  out->bmax = {bmax[0], bmax[1], bmax[2]};
  out->cs = cs;
  out->ch = ch;
  out->width = width;
  out->height = height;
  out->walkable_slope = walkable_slope;
}

void record_input(BakeStages* out, const std::vector<float>& verts, const std::vector<int>& tris,
                  const std::vector<unsigned char>& areas) {
  if (!out) return;
  out->triangle_count = long(areas.size());
  out->walkable_triangles =
      long(std::count_if(areas.begin(), areas.end(), [](unsigned char a) { return a != RC_NULL_AREA; }));
  out->triangles.clear();
  for (size_t t = 0; t < areas.size() && long(t) < kMaxStageTriangles; ++t) {
    StageTriangle tri;
    for (int k = 0; k < 3; ++k) {
      const float* v = &verts[size_t(tris[t * 3 + k]) * 3];
      tri.corners[size_t(k)] = {v[0], v[1], v[2]};
    }
    tri.walkable = areas[t] != RC_NULL_AREA;
    out->triangles.push_back(tri);
  }
  out->triangles_truncated = out->triangle_count > long(out->triangles.size());
}

void record_heightfield(BakeStages* out, const rcHeightfield& hf) {
  if (!out) return;
  out->spans.clear();
  out->span_count = out->walkable_spans = 0;
  for (int z = 0; z < hf.height; ++z)
    for (int x = 0; x < hf.width; ++x)
      for (const rcSpan* s = hf.spans[x + z * hf.width]; s; s = s->next) {
        const bool walkable = s->area != RC_NULL_AREA;
        ++out->span_count;
        out->walkable_spans += walkable;
        if (long(out->spans.size()) < kMaxStageSpans)
          out->spans.push_back({x, z, int(s->smin), int(s->smax), walkable});
      }
  out->spans_truncated = out->span_count > long(out->spans.size());
}

void record_compact(BakeStages* out, const rcCompactHeightfield& chf) {
  if (!out) return;
  out->cells.clear();
  out->cell_count = chf.spanCount;
  out->walkable_cells = 0;
  out->has_distance_field = chf.dist != nullptr;
  out->max_distance = chf.dist ? int(chf.maxDistance) : 0;
  out->region_count = int(chf.maxRegions) - 1;  // one past the largest id; 0 is "no region"
  for (int z = 0; z < chf.height; ++z)
    for (int x = 0; x < chf.width; ++x) {
      const rcCompactCell& c = chf.cells[x + z * chf.width];
      for (unsigned i = c.index, end = c.index + c.count; i < end; ++i) {
        const bool walkable = chf.areas[i] != RC_NULL_AREA;
        out->walkable_cells += walkable;
        if (long(out->cells.size()) >= kMaxStageCells) continue;
        const rcCompactSpan& s = chf.spans[i];
        out->cells.push_back({x, z, int(s.y), walkable, chf.dist ? int(chf.dist[i]) : 0, int(s.reg & ~RC_BORDER_REG)});
      }
    }
  out->cells_truncated = out->cell_count > long(out->cells.size());
}

void record_contours(BakeStages* out, const rcContourSet& cset) {
  if (!out) return;
  out->contours.clear();
  out->raw_vertices = out->simplified_vertices = 0;
  auto points = [out](const int* v, int n) {
    std::vector<Vec3> pts;
    for (int i = 0; i < n; ++i) pts.push_back(grid_point(*out, v[i * 4], v[i * 4 + 1], v[i * 4 + 2]));
    return pts;
  };
  for (int i = 0; i < cset.nconts; ++i) {
    const rcContour& c = cset.conts[i];
    out->contours.push_back({int(c.reg), points(c.rverts, c.nrverts), points(c.verts, c.nverts)});
    out->raw_vertices += c.nrverts;
    out->simplified_vertices += c.nverts;
  }
}

void record_polymesh(BakeStages* out, const rcPolyMesh& pm) {
  if (!out) return;
  out->polygons.clear();
  out->max_verts_per_poly = pm.nvp;
  out->poly_vertices = pm.nverts;
  for (int i = 0; i < pm.npolys; ++i) {
    const unsigned short* p = &pm.polys[i * 2 * pm.nvp];
    StagePolygon poly;
    poly.region = int(pm.regs[i]);
    for (int k = 0; k < pm.nvp && p[k] != RC_MESH_NULL_IDX; ++k) {
      const unsigned short* v = &pm.verts[p[k] * 3];
      poly.ring.push_back(grid_point(*out, v[0], v[1], v[2]));
    }
    out->polygons.push_back(std::move(poly));
  }
}

void record_detail(BakeStages* out, const rcPolyMeshDetail& dm) {
  if (!out) return;
  out->detail_triangles.clear();
  out->detail_vertices = dm.nverts;
  for (int m = 0; m < dm.nmeshes; ++m) {
    const unsigned int* mesh = &dm.meshes[m * 4];
    const unsigned int vbase = mesh[0], tbase = mesh[2], ntris = mesh[3];
    for (unsigned t = 0; t < ntris; ++t) {
      const unsigned char* tri = &dm.tris[(tbase + t) * 4];
      std::array<Vec3, 3> corners;
      for (int k = 0; k < 3; ++k) {
        const float* v = &dm.verts[(vbase + tri[k]) * 3];
        corners[size_t(k)] = {v[0], v[1], v[2]};
      }
      out->detail_triangles.push_back(corners);
    }
  }
}

}  // namespace navlab
