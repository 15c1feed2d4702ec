// Input limits: product decisions that keep every input near-linear in time and bounded in memory.
// Each is reported as an input error naming the limit and where the input exceeds it; docs/limits.md
// lists them with the reasons.
#pragma once

#include <cstddef>

namespace navlab::limits {

// Bytes of one scene, OBJ, lesson, script, --events or --queries file (checked before reading; only
// regular files are read, so a device or FIFO never is).
constexpr size_t kMaxFileBytes = size_t{64} << 20;
// Bytes of one level file Assimp reads (glTF, glb, FBX, ...) and of each file it names (glTF buffers),
// and of one Detour navmesh file.
constexpr size_t kMaxLevelFileBytes = size_t{512} << 20;
// Triangles and vertices of a level after its node instances are placed (glTF nodes may place a mesh
// many times), OBJ and Assimp levels alike: memory of the import and the bake grows with them.
constexpr double kMaxLevelTriangles = 1e7;
constexpr double kMaxLevelVertices = 3e7;
// Levels of a glTF node hierarchy (Assimp's importer recurses once per level).
constexpr int kMaxLevelNodeDepth = 1000;
// Levels of [ and { nesting in a JSON file (a scene needs 6).
constexpr int kMaxJsonDepth = 64;
// Vertices of one navmesh polygon (planning work grows with the square of a polygon's size).
constexpr size_t kMaxPolygonVertices = 1000;
// Points of one floor-plan ring (outline, hole, painted area): each ring is checked for crossing itself,
// in time growing with the square of its points.
constexpr size_t kMaxRingPoints = 2000;
// Holes of one floor plan (the bake carves them by scanlines, in time proportional to cells and edges).
constexpr size_t kMaxHoles = 100000;
// Points of all the rings of one floor plan together: with kMaxRingPoints it bounds the rings' checks
// (500 rings of 2,000 points at most).
constexpr size_t kMaxFloorplanPoints = 1000000;
// Queries in one scene or --queries file.
constexpr size_t kMaxQueries = 1000;
// Off-mesh links in a scene (the search tries each at every polygon it expands).
constexpr size_t kMaxLinks = 1000;
// Area volumes of a level mesh (the bake marks each over the cells under it).
constexpr size_t kMaxAreaVolumes = 1000;
// Time steps of one simulation (max-time / dt).
constexpr double kMaxSimulationSteps = 2e5;
// Characters of a name or key quoted in a message (longer ones are cut with "...").
constexpr size_t kMaxQuotedChars = 60;
// Longest word for which a "did you mean" hint is searched (the search is quadratic in the length).
constexpr size_t kMaxHintWordChars = 64;
// Cells of one bake grid (width x height), and of one baked with the watershed partition.
constexpr double kMaxBakeCells = 1.6e7;
constexpr double kMaxWatershedCells = 4e6;
// Cells visited to rasterise a bake's triangles, each counted on its own (see raster_work).
constexpr double kMaxRasterCells = 1e8;
// A side-scroller scene: enemies, solids and player events, and enemy-solid pairs (every enemy checks
// every solid on every tick, so the pairs bound the work of one tick: the app's and a lesson's run of
// side::kLabSeconds stays within seconds).
constexpr size_t kMaxSideEnemies = 10000;
constexpr size_t kMaxSideSolids = 100000;
constexpr size_t kMaxSidePlayerEvents = 100000;
constexpr double kMaxSideEnemySolidPairs = 1e6;
// A side-scroller run (navlab simulate): records kept and printed (enemies x (ticks + 1)), and
// enemy-solid checks (enemies x solids x ticks).
constexpr double kMaxSideRecords = 1e6;
constexpr double kMaxSideChecks = 1e9;
// Slides of one lesson (each loads its scene and may plan on it to check the slide's step).
constexpr size_t kMaxLessonSlides = 100;
// Work of Recast's polygon step on one bake (or tile): the sum of its contours' corners cubed (the step's
// time grows with the cube of a contour's corners: about 4.2e-9 s each, so 5e8 is about 2 s).
constexpr double kMaxContourWork = 5e8;
// Coordinates, sizes and times: every number of a scene or events file is within ±kMaxMagnitude.
constexpr double kMaxMagnitude = 1e6;

}  // namespace navlab::limits
