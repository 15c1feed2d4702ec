// The Recast pipeline the single-tile bake (bake.cpp) and the tiled bake (bake_tiled.cpp) share: what
// they bake (world triangles and the floor plan's per-cell rules), how Recast is configured from a
// BakeDef, and the steps from rasterising to the detail mesh. Inside core/navmesh only.
#pragma once

#include <DetourNavMeshBuilder.h>
#include <Recast.h>

#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "area_marks.h"
#include "bake.h"
#include "cell_raster.h"
#include "result.h"

namespace navlab {

struct BakeStages;

using Clock = std::chrono::steady_clock;

// Milliseconds since `t0` (a bake phase's timing).
inline double ms_since(Clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

struct RecastDeleter {
  void operator()(rcHeightfield* p) const { rcFreeHeightField(p); }
  void operator()(rcCompactHeightfield* p) const { rcFreeCompactHeightfield(p); }
  void operator()(rcContourSet* p) const { rcFreeContourSet(p); }
  void operator()(rcPolyMesh* p) const { rcFreePolyMesh(p); }
  void operator()(rcPolyMeshDetail* p) const { rcFreePolyMeshDetail(p); }
};
template <class T>
using RcPtr = std::unique_ptr<T, RecastDeleter>;

// A door footprint as Recast marks it: a ring of world points (x, y, z) and the height range it marks.
struct DoorMark {
  std::string id;
  std::vector<float> verts;
  float hmin = 0.0f, hmax = 0.0f;
};

// What the caller adds to the generic pipeline: a floor plan carves the slab and paints areas per cell.
// The functions only read what they captured, so tiles may call them from several threads at once.
struct CellRules {
  // Null: every rasterised span stays, area 0. Else one value per compact-heightfield cell (x + z * width):
  // kNotFloor (the span is dropped before erosion), or the area index the span gets after erosion.
  std::function<std::vector<int>(const CellGrid&)> raster;
  std::vector<std::string> area_names{"default"};
  std::vector<double> area_costs{1.0};  // per area name: the cost its polygons get (NavPoly::cost)
  std::vector<VolumeMark> volumes;      // a level's convex volumes, marked after erosion, before the doors
  bool is3d = false;
  double margin = 0.0;  // m of grid around the walkable content on each side (not part of the floor)
  // The painted area at a plane point and world height (null: area 0): door polygons take the area
  // painted beneath them.
  std::function<int(Vec2, double)> area_at;
  // Door k is marked with Recast area id area_names.size() + k, above every painted area's id.
  std::vector<DoorMark> doors;
  std::vector<LinkDef> links;  // given to Detour as off-mesh connections, user id = index (offmesh_links.h)
  int door_area(int k) const { return int(area_names.size()) + k; }
};

// What a bake rasterises: world triangles (x, y up, z) and the rules applied per cell.
struct BakeInput {
  std::vector<float> verts;
  std::vector<int> tris;
  CellRules rules;
};

// A floor plan's slab (its outline's rectangle plus a margin of two cells), carving and painting, and its
// doors' marks. The rules refer to `plan`, which must outlive the input. Errors: an empty outline, too
// many area names.
Result<BakeInput> floorplan_input(const Scene::Floorplan& plan, const BakeDef& def, const std::vector<Door>& doors);

// A level's triangles (3D), its painted volumes and its doors' marks.
BakeInput triangles_input(const ObjMesh& soup, const BakeDef& def, const std::vector<Door>& doors,
                          const std::vector<AreaVolume>& areas = {});

// Fails with why `def` and the input cannot be baked (bad parameters, more areas and doors than Recast ids).
Result<void> check_bake_def(const BakeDef& def);
Result<void> check_bake_input(const BakeInput& in, const BakeDef& def);

// Recast's per-grid settings from `def` (walkable sizes, edges, regions, detail) for a grid of `cells`
// cells; the caller sets the grid itself (cs, ch, bounds, width, height, borderSize).
void recast_params(const BakeDef& def, long long cells, rcConfig& cfg);

// Recast's regions by the chosen partition (RecastDemo's three; only watershed needs the distance field),
// leaving the grid's border of cfg.borderSize cells out of every region. False: Recast failed.
bool build_regions(rcContext& ctx, Partition partition, const rcConfig& cfg, rcCompactHeightfield& chf);

// What Recast made of the grid. Stops early, with `pmesh` (after erosion left nothing) or `dmesh` (no
// polygon) null.
struct RecastMeshes {
  RcPtr<rcCompactHeightfield> chf;
  RcPtr<rcContourSet> cset;
  RcPtr<rcPolyMesh> pmesh;
  RcPtr<rcPolyMeshDetail> dmesh;
  long before_erosion = 0;  // walkable spans before and after eroding by the agent radius
  long after_erosion = 0;
};

// Rasterise, filter, carve, erode, paint, mark volumes and doors, regions (the cfg.borderSize cells around the grid
// in none), contours, polygons and the detail mesh over cfg's grid. Each phase goes to `trace`.
// `stages` (optional) receives what each Recast stage produced (bake_stages.h); `progress` (optional) is
// told each phase as it starts, and a cancel stops the run before its next phase (an error).
Result<RecastMeshes> run_recast(rcContext& ctx, const rcConfig& cfg, const BakeInput& in, const BakeDef& def,
                                std::vector<BakeStep>* trace, BakeStages* stages = nullptr,
                                BakeProgress* progress = nullptr);

// Sets every polygon's Detour flags (kPolyFlagWalk, kPolyFlagDoor) and gives door polygons back the area
// painted beneath them (sampled at the polygon's vertex average). Returns each polygon's door (-1: none).
std::vector<int> door_polygons(const CellRules& rules, rcPolyMesh& pm);

// Detour's creation parameters of a tile from the polygon and detail meshes (the tile position is left
// at 0, 0, 0). Maps pm's area ids to ours (Recast's RC_WALKABLE_AREA is area 0).
void detour_params(rcPolyMesh& pm, const rcPolyMeshDetail& dm, const BakeDef& def, dtNavMeshCreateParams& params);

}  // namespace navlab
