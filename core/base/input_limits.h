// Input limits: product decisions that keep every input near-linear in time and bounded in memory.
// Each is reported as an input error naming the limit and where the input exceeds it; docs/limits.md
// lists them with the reasons.
#pragma once

#include <cstddef>

namespace navlab::limits {

// Bytes read from one scene, OBJ, --events or --queries file (a larger or endless file, e.g. /dev/zero,
// is refused after reading this many bytes).
constexpr size_t kMaxFileBytes = size_t{64} << 20;
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
// Coordinates, sizes and times: every number of a scene or events file is within ±kMaxMagnitude.
constexpr double kMaxMagnitude = 1e6;

}  // namespace navlab::limits
