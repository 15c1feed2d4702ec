// Meshes for unit tests: small hand-authored ones, and scenes loaded with their navmesh.
#pragma once

#include <random>
#include <string>
#include <vector>

#include "geom.h"
#include "navmesh.h"
#include "scene.h"

namespace navlab::test {

// Builds a hand-authored NavMesh (neighbours from shared edges); a build error fails the test (EXPECT)
// and gives an empty mesh.
NavMesh mesh_of(std::vector<Vec2> vertices, std::vector<std::vector<int>> polygons);

struct Loaded {
  Scene scene;
  NavMesh mesh;
};
// scenes/`name` and its navmesh; a load or build error fails the test (EXPECT) and gives empty values.
Loaded load(const std::string& name);
// Independent point-in-polygon oracle for tests (crossing number, either winding): points within `tol`
// of an edge count as inside.
bool inside_polygon(const std::vector<Vec2>& poly, Vec2 p, double tol = 1e-7);

// A jittered triangulated w x h grid (1 m cells, corners moved up to `jitter` m in x and in y) with random
// polygon costs in [1, 3] and about 15% of its triangles removed: search property tests run on these.
// Up to 0.1 m no triangle can turn clockwise however many there are; at 0.3 m one in tens of thousands
// may (the grids of a few hundred triangles the tests draw have none).
NavMesh random_mesh(std::mt19937& rng, int w, int h, double jitter = 0.3);

// Every scenes/*.json with a navmesh (side-scroller scenes have none), sorted.
std::vector<std::string> navmesh_scene_files();
// The same for scene text (`file` names it in messages).
Loaded load_text(const std::string& text, const std::string& file = "test.json");

// The signed area of every polygon of `m` added up, m² (shoelace; counter-clockwise is positive).
double polygon_area(const NavMesh& m);
// Floor area of `f` eroded by r, measured independently on a raster of `step` m: points inside the
// outline, outside every hole, and at least r from every wall segment.
double eroded_area_raster(const Scene::Floorplan& f, double r, double step);
// An L-shaped corridor of three polygons turning left around the wall vertex (2, 2): from x = -10 along
// y in [-2, 2], then up x in [2, 6] to y = 10.
NavMesh l_corridor();
// W2 of the search lesson: Start→Hall 2, Start→Balcony 6, Hall→Door 2 (through door1), Door→Goal 2,
// Balcony→Goal 3; nodes Start (0, 0), Hall (2, 0), Door (4, 0), Goal (6, 0), Balcony (3, 3).
Scene::Graph w2_graph();

}  // namespace navlab::test
