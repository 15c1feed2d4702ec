// What each Recast stage of a bake produced, kept as plain data when the caller asks (RecastDemo's draw
// modes, without its drawing): the input triangles with their walkable flag, the heightfield's spans, the
// compact heightfield with its distance field and regions, the raw and simplified contours, the polygon
// mesh and the detail mesh. The app and `navlab render --bake-stage` draw these records; nothing here
// knows how to draw.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "geom.h"

struct rcHeightfield;
struct rcCompactHeightfield;
struct rcContourSet;
struct rcPolyMesh;
struct rcPolyMeshDetail;

namespace navlab {

// The stages in bake order (RecastDemo's draw modes besides the finished navmesh).
enum class BakeStage { Input, Heightfield, Compact, Regions, RawContours, Contours, PolyMesh, DetailMesh };
constexpr int kBakeStageCount = 8;

// The stage's name on the command line and in scripts: "input", "heightfield", "compact", "regions",
// "raw-contours", "contours", "polymesh", "detail".
const char* bake_stage_name(BakeStage s);
// The stage named `name` (as bake_stage_name writes it), or none.
std::optional<BakeStage> bake_stage_from_name(const std::string& name);
// A title for people: "Input triangles", "Heightfield spans", ...
const char* bake_stage_title(BakeStage s);

// The most spans, and the most compact cells, a record keeps: a large level at a fine cell size has
// millions; the counts stay exact and the record says it was cut.
constexpr long kMaxStageSpans = 400000;
constexpr long kMaxStageCells = 400000;
// The most input triangles a record keeps (the count stays exact).
constexpr long kMaxStageTriangles = 400000;

// One input triangle (world coordinates, y up) and whether rcMarkWalkableTriangles found it walkable.
struct StageTriangle {
  std::array<Vec3, 3> corners;
  bool walkable = false;
};

// One span of the solid heightfield: column (x, z), its floor and top in cells of cell_height above
// the grid's bmin.y, and whether it is walkable after the filters.
struct StageSpan {
  int x = 0, z = 0;
  int smin = 0, smax = 0;
  bool walkable = false;
};

// One cell (span) of the compact heightfield after the regions: column (x, z), its floor in cells of
// cell_height, walkable or not, the distance field there (0 when the partition builds none) and the
// region id (0: no region).
struct StageCell {
  int x = 0, z = 0;
  int y = 0;
  bool walkable = false;
  int dist = 0;
  int region = 0;
};

// One contour of a region: the raw outline traced from its cells and the simplified one, world points.
struct StageContour {
  int region = 0;
  std::vector<Vec3> raw;
  std::vector<Vec3> simplified;
};

// One polygon of the polygon mesh (world points, in Recast's winding) and the region it came from.
struct StagePolygon {
  int region = 0;
  std::vector<Vec3> ring;
};

// Everything the bake's stages produced, with exact counts (a kept list may be cut, see `*_truncated`).
struct BakeStages {
  // The grid: bounds in world coordinates, cell size and height (m), columns along x and z.
  Vec3 bmin{}, bmax{};
  double cs = 0.0, ch = 0.0;
  int width = 0, height = 0;
  double walkable_slope = 0.0;  // degrees: rcMarkWalkableTriangles' limit

  std::vector<StageTriangle> triangles;
  long triangle_count = 0, walkable_triangles = 0;
  bool triangles_truncated = false;

  std::vector<StageSpan> spans;
  long span_count = 0, walkable_spans = 0;
  bool spans_truncated = false;

  std::vector<StageCell> cells;
  long cell_count = 0, walkable_cells = 0;
  bool cells_truncated = false;
  bool has_distance_field = false;
  int max_distance = 0;  // largest distance field value (Recast's chf.maxDistance)

  int region_count = 0;  // region ids are 1..region_count (Recast's chf.maxRegions - 1)

  std::vector<StageContour> contours;  // one per contour of Recast's contour set (cset.nconts)
  long raw_vertices = 0, simplified_vertices = 0;

  std::vector<StagePolygon> polygons;  // one per polygon of the polygon mesh (pmesh.npolys)
  int max_verts_per_poly = 0;
  long poly_vertices = 0;

  std::vector<std::array<Vec3, 3>> detail_triangles;  // every triangle of the detail mesh
  long detail_vertices = 0;

  // The corners of grid cell (x, z) in the planning plane, counter-clockwise.
  std::array<Vec2, 4> cell_square(int x, int z) const;
  // The sentence of a stage: what it did, with its numbers, e.g. "The heightfield holds 1,234 spans in
  // 80 × 60 columns; 1,100 are walkable after the filters."
  std::string describe(BakeStage s) const;
};

// "12,345": a count with its thousands grouped, as the stage sentences print counts.
std::string grouped(long n);

// The bake's hooks: each copies one Recast structure into `out` (nothing when `out` is null).
// record_grid first: it sets the grid the others refer to.
void record_grid(BakeStages* out, const float* bmin, const float* bmax, float cs, float ch, int width, int height,
                 float walkable_slope);
void record_input(BakeStages* out, const std::vector<float>& verts, const std::vector<int>& tris,
                  const std::vector<unsigned char>& areas);
void record_heightfield(BakeStages* out, const rcHeightfield& hf);
void record_compact(BakeStages* out, const rcCompactHeightfield& chf);
void record_contours(BakeStages* out, const rcContourSet& cset);
void record_polymesh(BakeStages* out, const rcPolyMesh& pm);
void record_detail(BakeStages* out, const rcPolyMeshDetail& dm);

}  // namespace navlab
