// Painted areas in a bake (core/navmesh/bake.h): the table of area names and costs a bake numbers its
// areas by, a level's convex volumes as Recast marks them (rcMarkConvexPolyArea after erosion, as
// RecastDemo marks its convex volumes and as the doors are marked), and each baked polygon's cost.
#pragma once

#include <string>
#include <vector>

#include "geom.h"
#include "navmesh.h"
#include "scene.h"

class rcContext;
struct rcCompactHeightfield;

namespace navlab {

// Area names in the order a bake numbers them (index 0 is "default", the unpainted floor, cost 1) and
// each one's cost: the search's polygon cost multiplier (NavPoly::cost) and Detour's area cost.
struct AreaTable {
  std::vector<std::string> names{"default"};
  std::vector<double> costs{1.0};
  // The index of `name`, added with `cost` when it is new (the scene format gives a name one cost).
  int add(const std::string& name, double cost);
};

// A level's volume as Recast marks it: its ring in world coordinates (x, y, z; y is the volume's middle
// height, which Recast ignores), its height range and our area index.
struct VolumeMark {
  std::vector<float> verts;
  float hmin = 0.0f, hmax = 0.0f;
  int area = 0;
  std::vector<Vec2> ring;  // the same ring in the plane
};

// The marks of a level's volumes, their names added to `table`.
std::vector<VolumeMark> volume_marks(const std::vector<AreaVolume>& volumes, AreaTable& table);

// Marks every volume, later ones on top, on the walkable spans of `chf` whose floor lies in its height
// range. Returns the spans whose area it changed.
long mark_volumes(rcContext& ctx, const std::vector<VolumeMark>& marks, rcCompactHeightfield& chf);

// The area of the last volume whose ring holds plane point `p` and whose range holds `height` (m, world
// y); 0 ("default") when none does.
int volume_area_at(const std::vector<VolumeMark>& marks, Vec2 p, double height);

// Gives every polygon of `mesh` its area's cost (`costs` indexed as mesh.area_names).
void apply_area_costs(NavMesh& mesh, const std::vector<double>& costs);

}  // namespace navlab
