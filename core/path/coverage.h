// The corridor as a region (its convex polygons and its walls) and the arc coverage test of DESIGN §3
// (seed 000): an arc is inside the corridor only if every piece of it between its wall hits is inside.
//
// Walls are the corridor polygons' edges that do not lead to another corridor polygon: the portals
// between corridor polygons are open, every other edge (a true wall or an edge towards a polygon the
// corridor does not use) bounds the region the path may use.
#pragma once

#include <vector>

#include "geom.h"
#include "navmesh.h"

namespace navlab {

struct WallEdge {
  Vec2 a, b;      // planning plane, m; the corridor lies to the left of a -> b
  int poly = -1;  // mesh polygon the edge belongs to
  int edge = -1;  // edge index in that polygon (from vertex `edge` to vertex `edge + 1`)
};

struct CorridorShape {
  std::vector<std::vector<Vec2>> polygons;  // convex, counter-clockwise, planning plane, m
  std::vector<WallEdge> walls;
  double tolerance = 1e-9;  // m; 1e-9 times the extent of the region (at least 1e-9)
};

// The region of `corridor` (polygon ids of a polygon mesh, in travel order). Ids out of range are
// skipped. A graph mesh gives an empty shape.
CorridorShape corridor_shape(const NavMesh& mesh, const std::vector<int>& corridor);

// True when `p` lies in one of the shape's polygons, within shape.tolerance of its edges.
bool inside_corridor(const CorridorShape& shape, Vec2 p);

// A circle arc: starts at angle `start` (rad, from +x, counter-clockwise) and turns by `sweep` (rad;
// > 0 counter-clockwise, < 0 clockwise) around `center` at `radius` (m).
struct Arc {
  Vec2 center;
  double radius = 0.0;
  double start = 0.0;
  double sweep = 0.0;
  Vec2 point(double u) const;  // u in [0, 1] along the arc
  double length() const;       // m
};

struct ArcCoverage {
  bool inside = true;
  int hits = 0;        // wall crossings found along the arc
  Vec2 hit;            // !inside: the wall hit that starts the first outside piece (or ends it), m
  int wall = -1;       // !inside: index into shape.walls of that hit (-1 if the arc starts outside)
  Vec2 outside_point;  // !inside: the tested midpoint found outside, m
};

// Intersects the arc with every wall, sorts the hits by angle along the arc and tests the midpoint of
// every piece between consecutive hits (and between the ends and the first/last hit) for being inside
// the corridor. Testing only the tangent points is not enough: an arc can leave and re-enter.
ArcCoverage arc_coverage(const Arc& arc, const CorridorShape& shape);

}  // namespace navlab
