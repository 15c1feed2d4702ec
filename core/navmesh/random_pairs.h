// Seeded random start/goal pairs on a NavMesh, for benchmarks and property tests.
//
// Polygon meshes: each point picks a polygon with probability proportional to its area, then a point
// uniformly inside it (a fan triangle by area, then uniform barycentric coordinates). On a 3D mesh the
// height is interpolated from the triangle's vertex heights. Graphs: each pair is two distinct nodes
// chosen uniformly (the same node twice only when the graph has a single node).
//
// The sequence depends only on the mesh and the seed: uniform numbers are taken from std::mt19937_64's
// raw bits, never from the implementation-defined standard distributions, so every platform and
// standard library produces the same pairs.
#pragma once

#include <cstdint>
#include <vector>

#include "navmesh.h"
#include "scene.h"

namespace navlab {

struct RandomPair {
  ScenePoint start;
  ScenePoint goal;
  int start_poly = -1;  // polygon (or graph node) each point was drawn in
  int goal_poly = -1;
};

// `count` pairs drawn from `mesh` with `seed`. Empty when count <= 0, when the mesh has no polygon or
// node, or when every polygon has zero area. Points are in the planning plane (m); 3D meshes also
// carry the world height (m) and is3d = true.
std::vector<RandomPair> random_pairs(const NavMesh& mesh, int count, std::uint64_t seed);

}  // namespace navlab
