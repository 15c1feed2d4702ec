// Path validation: does every segment of a path stay inside the corridor, not only its corners?
// ("check each segment against the portals in order and the corridor boundary".)
#pragma once

#include <string>
#include <vector>

#include "geom.h"
#include "navmesh.h"
#include "portals.h"

namespace navlab {

struct CorridorCheck {
  bool inside = true;
  int segment = -1;     // first offending segment (index of its first point), -1 when inside
  int portal = -1;      // the portal missed or crossed out of order, -1 if none
  int polygon = -1;     // corridor position (index into the corridor) whose wall was crossed, -1 if none
  Vec2 where;           // where the path left the corridor, m
  std::string message;  // one sentence with numbers; empty when inside
};

// Walks the path through the corridor's convex polygons in order: each segment is clipped against the
// current polygon; it may only leave that polygon through the portal to the next one. The path must
// start in corridor[0] and end in corridor.back(). `tolerance` in m (<= 0: geometry_tolerance).
CorridorCheck check_in_corridor(const NavMesh& mesh, const std::vector<int>& corridor, const std::vector<Vec2>& path,
                                double tolerance = 0.0);

// Checks the path against a portal list alone: it crosses every portal segment (goal portal included,
// i.e. it ends at the goal), in order. `tolerance` in m (<= 0: geometry_tolerance).
CorridorCheck check_through_portals(const std::vector<Vec2>& path, const std::vector<Portal>& portals,
                                    double tolerance = 0.0);

}  // namespace navlab
