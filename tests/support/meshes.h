// Small hand-authored meshes for unit tests.
#pragma once

#include <vector>

#include "geom.h"
#include "navmesh.h"

namespace navlab::test {

// Builds a hand-authored NavMesh (neighbours from shared edges); a build error fails the test (EXPECT)
// and gives an empty mesh.
NavMesh mesh_of(std::vector<Vec2> vertices, std::vector<std::vector<int>> polygons);

}  // namespace navlab::test
