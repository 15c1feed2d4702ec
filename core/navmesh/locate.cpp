#include "locate.h"
#include "tolerances.h"
#include "format.h"

#include <DetourNavMesh.h>
#include <DetourNavMeshQuery.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace navlab {

namespace {
// Dimensionless: Detour answers in floats, so a point snapped exactly at the search box's edge can read
// up to a few 1e-7 of it farther; beyond this share it is off the mesh.
constexpr double kBoxSlack = 1e-6;
// m: a polygon whose Detour height at the snapped point differs more is on another floor (floats keep
// heights to well under a millimetre on levels up to kilometres).
constexpr double kSameFloor = 1e-3;
// Dimensionless: the point-in-polygon tolerance as a share of the mesh's size. Larger than
// tol::kRelative because the points come back from Detour's floats (7 digits).
constexpr double kLocateRelative = 1e-7;
// m: the least distance within which polygons sharing the snapped point are looked for (Detour's
// float coordinates lose about 1e-6 m at a kilometre).
constexpr double kMinTieReach = 1e-5;
// The box around the snapped point in which polygons sharing it are looked for, in point-in-polygon
// tolerances.
constexpr double kTieReachTolerances = 10.0;

const char* which_name(Endpoint w) { return w == Endpoint::Start ? "start" : "goal"; }

Location off_mesh(Endpoint which, const std::string& message) {
  Location loc;
  loc.failure =
      Failure{FailStage::Locate, which == Endpoint::Start ? Reason::StartOffMesh : Reason::GoalOffMesh, message, {}};
  return loc;
}

// Detour's default filter: every polygon with a non-zero flag (all baked polygons). Built once: its
// constructor fills 64 area costs.
const dtQueryFilter& every_polygon() {
  static const dtQueryFilter filter;
  return filter;
}

bool is_excluded(const LocateDef& def, int poly) {
  return std::binary_search(def.excluded.begin(), def.excluded.end(), poly);
}

// When Detour's nearest polygon `ref` is excluded (a closed door's), the nearest point of a polygon that
// is not, within the search box: `ref` and `nearest` are replaced. False when there is none.
bool allowed_nearest(const dtNavMeshQuery& query, const BakedNavMesh& baked, const LocateDef& def, const float* centre,
                     const float* ext, dtPolyRef& ref, float* nearest) {
  if (!is_excluded(def, baked.poly_of(ref))) return true;
  constexpr int kMaxPolys = 128;
  dtPolyRef refs[kMaxPolys];
  int count = 0;
  if (dtStatusFailed(query.queryPolygons(centre, ext, &every_polygon(), refs, &count, kMaxPolys))) return false;
  double best = std::numeric_limits<double>::infinity();
  ref = 0;
  for (int i = 0; i < count; ++i) {
    float p[3];
    if (is_excluded(def, baked.poly_of(refs[i])) ||
        dtStatusFailed(query.closestPointOnPoly(refs[i], centre, p, nullptr)))
      continue;
    const double d = std::hypot(p[0] - centre[0], p[1] - centre[1], p[2] - centre[2]);
    if (d < best) {
      best = d;
      ref = refs[i];
      std::copy(p, p + 3, nearest);
    }
  }
  return ref != 0;
}

// m beyond a tile's walkable climb: a surface farther than climb plus this above or below the query point
// scores above 0 in findNearestPoly whatever the rounding of its float heights (microns on levels up to
// kilometres; floors lie metres apart).
constexpr double kBeyondClimb = 0.01;
// The most polygons holding one point in the plane (floors above one another) the shortcut below reads.
constexpr int kMaxFloors = 8;

// sole_nearest() where the `n` polygons `polys` hold `on` in the plane (floors above one another): findNearestPoly's
// answer is still certain when exactly one of them holds `on` at least `inner` inside its edges with its
// surface there within the allowance of the point (it scores 0), and every other one's nearest point lies
// more than its tile's climb (plus kBeyondClimb) above or below the point (each scores above 0; so does
// every polygon of the box that does not hold `on`, as in sole_nearest).
bool sole_floor(const NavMesh& mesh, const MeshIndex& index, const LocateDef& def, const float* centre, Vec2 on,
                double inner, double allowance, const int* polys, int n, dtPolyRef& ref, float* nearest) {
  const dtNavMesh& detour = *index.detour_query->getAttachedNavMesh();
  int found = -1;
  float found_at[3] = {0, 0, 0};
  for (int i = 0; i < n; ++i) {
    const dtPolyRef r = mesh.baked->ref(polys[i]);
    const dtMeshTile* tile = nullptr;
    const dtPoly* poly = nullptr;
    float p[3];
    bool over = false;
    if (dtStatusFailed(detour.getTileAndPolyByRef(r, &tile, &poly)) ||
        dtStatusFailed(index.detour_query->closestPointOnPoly(r, centre, p, &over)))
      return false;
    const double dy = std::fabs(double(centre[1]) - double(p[1]));
    if (over && dy + kBeyondClimb <= allowance && PolygonGrid::holds_inside(mesh, polys[i], on, inner)) {
      if (found >= 0) return false;  // two surfaces within reach: Detour's order decides
      found = polys[i];
      std::copy(p, p + 3, found_at);
    } else if (!(dy > double(tile->header->walkableClimb) + kBeyondClimb)) {
      return false;  // a surface Detour may score 0 too
    }
  }
  if (found < 0 || is_excluded(def, found)) return false;
  ref = mesh.baked->ref(found);
  std::copy(found_at, found_at + 3, nearest);
  return true;
}

// The polygon Detour's findNearestPoly picks for `centre`, and its nearest point, found without the
// polygon query when that answer is certain: `on` (centre in the plane) lies deep inside exactly one
// polygon of the plane (no other one comes within the float margin, whatever its height) and that
// polygon's surface there is within the tile's climb of the point. findNearestPoly scores such a
// polygon 0 ("over the polygon and closer than the climb") and every other polygon in the box above 0
// (its nearest point is off the point in the plane), so it returns this one with the same nearest point,
// which closestPointOnPoly computes. Where several polygons hold `on` (floors above one another),
// sole_floor() decides. False when not certain, or when the polygon is excluded.
bool sole_nearest(const NavMesh& mesh, const MeshIndex& index, const LocateDef& def, const float* centre, Vec2 on,
                  double inner, dtPolyRef& ref, float* nearest) {
  const double margin = std::max(inner, index.detour_margin);
  const double allowance = std::min(index.detour_climb, def.half_extent_y);
  // The polygons within the grid's tolerance (the float margin) of `on`: none, one, or several floors.
  int polys[kMaxFloors];
  const int n = index.grid.all_containing(mesh, on, polys, kMaxFloors);
  if (n >= 2) return mesh.is3d && sole_floor(mesh, index, def, centre, on, margin, allowance, polys, n, ref, nearest);
  // None, too many, or one too near its border: Detour decides.
  if (n != 1 || !PolygonGrid::holds_inside(mesh, polys[0], on, margin)) return false;
  const int poly = polys[0];
  if (is_excluded(def, poly)) return false;
  ref = mesh.baked->ref(poly);
  if (!mesh.is3d && index.surface_max_abs_height <= allowance) {  // a 2D bake: the point is at height 0
    std::copy(centre, centre + 3, nearest);
    return true;
  }
  bool over = false;
  return dtStatusSucceed(index.detour_query->closestPointOnPoly(ref, centre, nearest, &over)) && over &&
         std::fabs(centre[1] - nearest[1]) <= allowance;
}

Location locate_baked(const NavMesh& mesh, const MeshIndex& index, Vec3 world, Endpoint which, const LocateDef& def,
                      double& snapped) {
  if (!index.detour_query) return off_mesh(which, "Detour could not create a navmesh query");
  const dtNavMeshQuery& query = *index.detour_query;
  const double tol = std::max(kMinTieReach, index.tolerance);
  const dtQueryFilter& filter = every_polygon();
  const float centre[3] = {float(world.x), float(world.y), float(world.z)};
  const float ext[3] = {float(def.half_extent_xz), float(def.half_extent_y), float(def.half_extent_xz)};
  dtPolyRef ref = 0;
  float nearest[3] = {centre[0], centre[1], centre[2]};
  const Vec2 asked = to_plane(world);
  // Messages give the point as the scene wrote it: [x, y, z] (y up) in 3D scenes.
  auto where = [&] {  // formatted only when the point fails
    return std::string(which_name(which)) + " point " + (mesh.is3d ? input_point_text(world) : input_point_text(asked));
  };
  // Deterministic ties: the lowest polygon index that contains the snapped point (shared edges, vertices).
  // Polygons of one floor do not overlap, so only a point within the reach of the nearest polygon's border
  // can be in another polygon of its floor: a point deeper inside needs no second query.
  const double reach = tol * kTieReachTolerances;
  const bool sole =
      sole_nearest(mesh, index, def, centre, to_plane({centre[0], centre[1], centre[2]}), 2.0 * reach, ref, nearest);
  if (!sole && (dtStatusFailed(query.findNearestPoly(centre, ext, &filter, &ref, nearest)) || ref == 0 ||
                !allowed_nearest(query, *mesh.baked, def, centre, ext, ref, nearest)))
    return off_mesh(which, where() + " is not within " + num(def.half_extent_xz) + " m horizontally and " +
                               num(def.half_extent_y) + " m vertically of the navmesh" +
                               (def.excluded.empty() ? "" : " outside closed doors' polygons"));
  const Vec2 on = to_plane({nearest[0], nearest[1], nearest[2]});
  snapped = distance(asked, on);
  // The search box is square: beyond the agent radius the point is off the mesh even inside the box.
  if (snapped > def.half_extent_xz * (1.0 + kBoxSlack))
    return off_mesh(
        which, where() + " is " + num(snapped) + " m from the navmesh, farther than " + num(def.half_extent_xz) + " m");
  int best = mesh.baked->poly_of(ref);
  const float tiny[3] = {float(reach), float(def.half_extent_y), float(reach)};
  dtPolyRef refs[32];
  int count = 0;
  if (!sole && !mesh.contains(best, on, -reach) &&
      dtStatusSucceed(query.queryPolygons(nearest, tiny, &filter, refs, &count, 32)))
    for (int i = 0; i < count; ++i) {
      const int cand = mesh.baked->poly_of(refs[i]);
      if (cand < 0 || cand >= best || is_excluded(def, cand) || !mesh.contains(cand, on, tol)) continue;
      float h = 0.0f;
      if (mesh.is3d &&
          (dtStatusFailed(query.getPolyHeight(refs[i], nearest, &h)) || std::abs(h - nearest[1]) > kSameFloor))
        continue;
      best = cand;
    }
  Location loc;
  loc.poly = best;
  loc.point = on;
  loc.height = mesh.is3d ? nearest[1] : 0.0;
  return loc;
}

}  // namespace

LocateDef locate_def(const BakeDef& bake) {
  LocateDef def;
  def.half_extent_xz = std::max(bake.agent_radius, bake.cell_size);
  def.half_extent_y = bake.agent_height;
  return def;
}

double locate_tolerance(const NavMesh& mesh) {
  return kLocateRelative * std::max(1.0, bounds_of(mesh.verts).largest_side());
}

int polygon_containing(const NavMesh& mesh, Vec2 p, double tolerance) {
  for (int i = 0; i < int(mesh.polys.size()); ++i)
    if (mesh.contains(i, p, tolerance)) return i;
  return -1;
}

Location locate(const NavMesh& mesh, const ScenePoint& p, Endpoint which, const LocateDef& def,
                std::vector<LocateStep>* trace) {
  Location loc;
  LocateMethod method = LocateMethod::PointInPolygon;
  double snapped = 0.0;
  if (mesh.kind == NavMesh::Kind::Graph) {
    method = LocateMethod::NodeId;
    const int node = mesh.node_index(p.node);
    if (p.node.empty())
      loc = off_mesh(which, std::string(which_name(which)) + " must name a graph node id");
    else if (node < 0)
      loc = off_mesh(which, std::string(which_name(which)) + " node '" + p.node + "' is not in the graph");
    else {
      loc.poly = node;
      loc.point = mesh.nodes[node].pos;
    }
  } else if (mesh.baked) {
    method = LocateMethod::DetourNearestPoly;
    loc = locate_baked(mesh, mesh.query_cache.index_of(mesh), to_world(p.plane, p.is3d ? p.height : 0.0), which, def,
                       snapped);
  } else {
    method = LocateMethod::PointInPolygon;
    const int poly = is_finite(p.plane) ? mesh.query_cache.index_of(mesh).grid.containing(mesh, p.plane) : -1;
    if (poly < 0) {
      loc = off_mesh(which, std::string(which_name(which)) + " point " + input_point_text(p.plane) +
                                " is not inside any navmesh polygon");
    } else {
      loc.poly = poly;
      loc.point = p.plane;
    }
  }
  if (trace) {
    const Vec2 asked = mesh.kind == NavMesh::Kind::Graph && loc.ok() ? loc.point : p.plane;
    trace->push_back({which, asked, loc.poly, loc.ok() ? loc.point : asked, snapped, method, p.node});
  }
  return loc;
}

std::string LocateStep::describe() const {
  const std::string who = which == Endpoint::Start ? "Start" : "Goal";
  if (method == LocateMethod::NodeId)
    return poly < 0 ? who + " node '" + node_id + "' is not in the graph."
                    : who + " is graph node " + node_id + " (node " + std::to_string(poly) + ") at " +
                          input_point_text(point) + ".";
  const std::string asked = who + " " + input_point_text(query);
  if (poly < 0)
    return asked + " is off the navmesh: " +
           (method == LocateMethod::PointInPolygon ? "no polygon contains it."
                                                   : "no polygon lies within the agent's search box around it.");
  if (snapped > 0.0)
    return asked + " is " + fmt("%.2f", snapped) + " m from the navmesh: it moves onto polygon " +
           std::to_string(poly) + " at " + fmt("(%.2f, %.2f)", point.x, point.y) + ".";
  return asked + " is in polygon " + std::to_string(poly) + ".";
}

}  // namespace navlab
