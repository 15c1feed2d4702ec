// Recast bake of a floor plan or an OBJ triangle soup into a single-tile Detour mesh, converted to the
// NavMesh value: polygon index i here is Detour's polygon index i in the tile (ref = base_ref | i).
#pragma once

#include <atomic>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

#include "enum_names.h"
#include "navmesh.h"
#include "obj.h"
#include "result.h"
#include "scene.h"

class rcContext;
struct rcCompactHeightfield;

namespace navlab {

struct BakeStages;

// One phase of a bake (rasterize, filter, erode, regions, contours, polygons, detail, detour).
struct BakeStep {
  std::string phase;
  double ms = 0.0;               // wall-clock time of the phase, milliseconds
  long count = 0;                // what the phase produced (spans, regions, polygons, ...)
  std::string unit;              // what `count` counts
  std::string describe() const;  // e.g. "erode: 1520 walkable spans left after eroding (0.41 ms)."
};

// The phases of a single-tile bake in order, as BakeProgress::phase reports them (the tiled bake counts
// tiles instead). kMark paints the convex area volumes and marks the doors.
enum class BakePhase { Rasterize, Filter, Erode, Mark, Regions, Contours, Polygons, Detail, Detour };
inline constexpr Named<BakePhase> kBakePhaseNames[] = {
    {BakePhase::Rasterize, "rasterize"}, {BakePhase::Filter, "filter"},   {BakePhase::Erode, "erode"},
    {BakePhase::Mark, "mark"},           {BakePhase::Regions, "regions"}, {BakePhase::Contours, "contours"},
    {BakePhase::Polygons, "polygons"},   {BakePhase::Detail, "detail"},   {BakePhase::Detour, "detour"},
};
static_assert(names_cover(kBakePhaseNames, BakePhase::Detour));
inline const char* to_string(BakePhase v) { return name_in(kBakePhaseNames, v); }
constexpr int kBakePhaseCount = int(std::size(kBakePhaseNames));

// Progress of a bake, shared with the thread that watches it (a progress bar, a cancel button). A tiled
// bake counts its tiles; a single-tile bake says which phase is under way. Reads and writes are atomic:
// the watcher may poll it while the bake runs on another thread.
struct BakeProgress {
  std::atomic<int> tiles_done{0};   // tiled: tiles baked so far (empty tiles included)
  std::atomic<int> tiles_total{0};  // tiled: tiles of the grid; set when the bake starts (0: not tiled)
  std::atomic<int> phase{-1};       // single tile: the BakePhase under way (-1: not started)
  // Set to stop: a tiled bake's workers take no new tile, a single-tile bake stops before its next phase;
  // the bake then returns an error saying where it stopped.
  std::atomic<bool> cancel{false};
};

// Doors are part of the bake. Each door's footprint (door_footprint) is marked on the eroded walkable
// cells as an area of its own before the regions are built (Recast's rcMarkConvexPolyArea, as RecastDemo
// marks its door volumes), so the doorway becomes polygons of their own whatever the layout. Those
// polygons keep the area painted beneath them (NavPoly::area), name their door (NavPoly::door, index into
// NavMesh::door_ids) and carry the Detour flag kPolyFlagDoor besides kPolyFlagWalk. Opening or closing a
// door needs no re-bake (core/search/gates.h gates its polygons); moving one does.
constexpr unsigned short kPolyFlagWalk = 1;  // every baked polygon (the default query filter needs a flag)
constexpr unsigned short kPolyFlagDoor = 2;  // a door's footprint polygon

// Cells of depth of a segment door's footprint box (across the doorway): deep enough that the region it
// makes has an interior and its contour survives simplification as a polygon.
constexpr double kDoorDepthCells = 4.0;
// Cells each end of a segment door's box reaches beyond the segment (along the doorway), so a segment
// drawn from jamb to jamb, or only across the walkable width left after erosion, covers every
// walkable cell of the doorway.
constexpr double kDoorEndCells = 1.0;

// The footprint marked for `door` (planning plane, m): a polygon door is its polygon; a segment door is
// the box of depth kDoorDepthCells * cell_size centred on the segment and reaching kDoorEndCells *
// cell_size beyond each end. Empty for a door with fewer than 2 points or a zero-length segment.
std::vector<Vec2> door_footprint(const Door& door, const BakeDef& bake);
// door_footprint() into `out` (emptied first; its buffer kept).
void door_footprint_into(const Door& door, const BakeDef& bake, std::vector<Vec2>& out);

// Marks door k's footprint on the walkable spans of `chf` as Recast area first_area + k, between the
// door's lowest point minus agent_max_climb and its highest plus agent_height (the bake calls it after
// erosion and painting, before the regions; the tile cache does the same per tile). Returns the spans
// that carry a door area afterwards.
long mark_door_areas(rcContext& ctx, const std::vector<Door>& doors, const BakeDef& bake, int first_area,
                     rcCompactHeightfield& chf);

// Bakes a floor plan: the outline minus the holes becomes a thin walkable slab at height 0 (world
// (x, 0, -y)); Recast voxelises it, erodes it by bake.agent_radius and builds polygons. Painted areas
// (scene floorplan.areas, later ones on top) give polygons their area and its cost (NavPoly::cost);
// unpainted floor is "default", cost 1.
// The plan must be valid already (check_floorplan). Errors: "the bake produced no polygons: ...",
// Recast/Detour failures, bad bake parameters.
// `doors` are marked as described above (their open state does not matter).
// `links` become Detour off-mesh connections (each end snapped onto the nearest polygon within the link's
// radius) and NavMesh::links; an end Detour cannot attach keeps polygon -1 (build_navmesh reports it;
// the search never crosses such a link).
// `stages` (optional, bake_stages.h) receives what each Recast stage produced; nothing is kept when null.
// `progress` (optional) is told each phase as it starts; a cancel it carries stops the bake before the
// next phase with the error "bake cancelled before PHASE (phase K of 9)".
Result<NavMesh> bake_floorplan(const Scene::Floorplan& plan, const BakeDef& bake,
                               std::vector<BakeStep>* trace = nullptr, const std::vector<Door>& doors = {},
                               const std::vector<LinkDef>& links = {}, BakeStages* stages = nullptr,
                               BakeProgress* progress = nullptr);

// Bakes a 3D triangle soup (world coordinates, y up). Triangles whose slope is within
// bake.agent_max_slope and whose winding is counter-clockwise seen from above are walkable.
// The result has is3d = true and one world height per vertex.
// Door footprints are marked between the lowest door point's height minus agent_max_climb and the
// highest plus agent_height. `areas` (the scene's mesh.areas) are marked after erosion, later ones on
// top and doors over them, each on the walkable spans inside its polygon whose floor is in its height
// range (Recast's rcMarkConvexPolyArea); their polygons get the area and its cost (NavPoly::cost), and
// door polygons take the volume beneath them. `stages` and `progress` as for bake_floorplan.
Result<NavMesh> bake_triangles(const ObjMesh& soup, const BakeDef& bake, std::vector<BakeStep>* trace = nullptr,
                               const std::vector<Door>& doors = {}, const std::vector<LinkDef>& links = {},
                               BakeStages* stages = nullptr, BakeProgress* progress = nullptr,
                               const std::vector<AreaVolume>& areas = {});

// The NavMesh value of a single-tile Detour mesh (`baked->detour`, tile 0): polygon i is Detour's
// ground polygon i (off-mesh connection polygons are left out; see NavMesh::links), vertices in the
// plane (heights kept when `is3d`), area ids mapped to `area_names` (Recast's RC_WALKABLE_AREA is area
// 0). Its links are the tile's off-mesh connections, read as read_offmesh_links does with `links` (the
// scene's, or null for a Detour file). Sets baked->base_ref.
NavMesh navmesh_from_tile(std::shared_ptr<BakedNavMesh> baked, bool is3d, std::vector<std::string> area_names,
                          const std::vector<LinkDef>* links = nullptr);

}  // namespace navlab
