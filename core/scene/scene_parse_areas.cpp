// Painted areas of a scene (Parser, scene_parser.h): a floor plan's `areas` (any simple polygon, painted
// per cell) and a level mesh's `areas` (convex volumes with a height range, marked by Recast), each with
// an area name and that name's cost.
#include <algorithm>

#include "convex_ring.h"
#include "input_limits.h"
#include "scene_parser.h"

namespace navlab::parse {

bool Parser::area_name_cost(const Json& a, P ptr, std::string& name, double& cost, std::vector<NamedCost>& seen) {
  const Json* n = r_.require(a, ptr, "name", "an area name (a non-empty string)");
  if (!n || !r_.string(*n, at(ptr, "name"), name, "an area name (a non-empty string)")) return false;
  cost = 1.0;
  const Json* c = SceneReader::member(a, "cost");
  if (c && !r_.number(*c, at(ptr, "cost"), cost, {"a cost multiplier", NumberRule::NonNegative})) return false;
  const std::string where = c ? at(ptr, "cost") : ptr;
  if (name == "default" && cost != 1.0)
    return r_.fail(where, "cost 1 for \"default\" (the unpainted floor costs 1; paint another name)",
                   Json(cost).dump());
  const auto before = std::find_if(seen.begin(), seen.end(), [&](const NamedCost& s) { return s.name == name; });
  if (before == seen.end()) {
    seen.push_back({name, where, cost});
    return true;
  }
  if (before->cost == cost) return true;
  return r_.fail(where,
                 "cost " + Json(before->cost).dump() + ", the cost area " + quoted_name(name) + " has at " +
                     before->pointer + " (one cost per area name)",
                 c ? SceneReader::describe(c) : std::string("no cost (1)"));
}

bool Parser::painted_areas(const Json& v, P ptr, std::vector<AreaPaint>& out) {
  if (!r_.array(v, ptr, "an array of painted areas [{\"name\", \"polygon\", \"cost\"}, ...]")) return false;
  std::vector<NamedCost> seen;
  out.resize(v.size());
  for (size_t i = 0; i < v.size(); ++i) {
    const Json& a = v[i];
    const std::string ip = at(ptr, i);
    // No height range: a floor plan is a flat slab at height 0.
    if (!r_.object(a, ip, {"name", "polygon", "cost"}, "painted area") ||
        !area_name_cost(a, ip, out[i].name, out[i].cost, seen))
      return false;
    const Json* poly = r_.require(a, ip, "polygon", "a polygon [[x, y], ...] of at least 3 points");
    if (!poly ||
        !flat_points(*poly, at(ip, "polygon"), out[i].polygon, 3, "a polygon [[x, y], ...] of at least 3 points"))
      return false;
  }
  return true;
}

bool Parser::volumes(const Json& v, P ptr, std::vector<AreaVolume>& out) {
  const std::string what = "an array of area volumes [{\"name\", \"polygon\", \"height\", \"cost\"}, ...]";
  if (!r_.array(v, ptr, what) || !at_most(v, ptr, limits::kMaxAreaVolumes, "area volumes (the area count limit)"))
    return false;
  std::vector<NamedCost> seen;
  out.resize(v.size());
  for (size_t i = 0; i < v.size(); ++i) {
    const Json& a = v[i];
    const std::string ip = at(ptr, i), pp = at(ip, "polygon");
    AreaVolume& vol = out[i];
    if (!r_.object(a, ip, {"name", "polygon", "height", "cost"}, "area volume") ||
        !area_name_cost(a, ip, vol.name, vol.cost, seen))
      return false;
    const std::string shape =
        "a convex polygon [[x, y, z], ...] of 3 to " + std::to_string(limits::kMaxRingPoints) + " points";
    const Json* poly = r_.require(a, ip, "polygon", shape);
    if (!poly || !r_.array(*poly, pp, shape, 3) ||
        !at_most(*poly, pp, limits::kMaxRingPoints, "points (the ring size limit)"))
      return false;
    vol.polygon.resize(poly->size());
    std::vector<Vec2> ring(poly->size());
    for (size_t k = 0; k < poly->size(); ++k) {
      if (!point((*poly)[k], at(pp, k), vol.polygon[k], false)) return false;
      ring[k] = vol.polygon[k].plane;
    }
    const ConvexCheck convex = check_convex(ring);
    if (!convex.ok())
      return r_.fail(convex.corner >= 0 ? at(pp, size_t(convex.corner)) : pp,
                     "a convex polygon (Recast marks convex areas)",
                     convex.corner >= 0 ? "a polygon that " + convex.why + " at corner " + std::to_string(convex.corner)
                                        : "a polygon that " + convex.why);
    double lowest = vol.polygon[0].height;
    for (const ScenePoint& p : vol.polygon) lowest = std::min(lowest, p.height);
    vol.height_min = lowest - kVolumeDescent;
    vol.height_max = vol.height_min + kVolumeHeight;
    if (const Json* h = SceneReader::member(a, "height")) {
      const std::string hp = at(ip, "height");
      double range[2];
      if (!r_.coords(*h, hp, 2, "a height range [min_y, max_y] in m", range)) return false;
      if (!(range[1] > range[0]))
        return r_.fail(at(hp, size_t{1}), "a height above height[0] (" + Json(range[0]).dump() + ")",
                       SceneReader::describe(&(*h)[1]));
      vol.height_min = range[0];
      vol.height_max = range[1];
    }
  }
  return true;
}

}  // namespace navlab::parse
