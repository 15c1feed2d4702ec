// Baked scenes with movable doors and obstacles: the same floor plan / OBJ input as core/navmesh/bake.h, baked
// into square tiles with Detour's tile cache, so that adding, moving or removing an obstacle rebuilds
// only the tiles it touches (docs/scene-format.md, doors and obstacles).
//
// Doors are marked in every tile as core/navmesh/bake.h marks them in a single tile: their polygons name the door
// (NavPoly::door, NavMesh::door_ids) and closing or opening one changes no tile (core/search/gates.h gates its
// polygons); moving one rebuilds the tiles its old and new footprints reach (move_door). Painted areas
// are too: a floor plan's per cell, a level's convex volumes (mesh.areas) before the doors, and each
// polygon gets its area's cost (NavPoly::cost).
//
// Obstacles are carved out of the walkable area: a cylinder or a (rotated) box, inflated by the bake's
// agent_radius so the carved mesh stays the space of the agent's centre, like the eroded walls.
// Tiles use 32-bit polygon refs: tile bits + polygon bits <= 22.
//
// The tiled Detour mesh is converted to the NavMesh value every stage reads by core/navmesh/tiled_convert.h;
// after an update only the rebuilt tiles and their eight neighbours are converted again. The NavMesh's
// `baked` pointer is left null: the Detour mesh changes under it with every update.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "bake.h"
#include "geom.h"
#include "navmesh.h"
#include "result.h"
#include "scene.h"
#include "tiled_convert.h"

namespace navlab {

struct TileCacheDef {
  int tile_size = 32;       // cells per tile side (times bake.cell_size in metres)   [Limit: 8..255]
  int max_obstacles = 256;  // obstacles alive at once                                  [Limit: >= 1]
  int max_layers = 4;       // height layers per tile column (stacked floors)           [Limit: >= 1]
};

// The tile cache's definition for `scene`: its tiles are the scene's bake.tile_size cells wide when the
// scene bakes in tiles (clamped to 8..255, the tile cache's range), else 32 cells. The tile cache holds
// at most 16,384 tiles of four layers each, 64 x 64 tile columns: at 32 cells that is a 614 m square at
// 0.3 m cells, and a larger level needs bake.tile_size set.
TileCacheDef tile_cache_def(const Scene& scene);

// An obstacle carved into the mesh (planning plane, metres, radians).
struct ObstacleShape {
  enum class Kind { Cylinder, Box };
  Kind kind = Kind::Cylinder;
  Vec2 center;
  double radius = 0.5;  // m; cylinder
  Vec2 half_extents;    // m; box, before rotation
  double angle = 0.0;   // rad; box rotation, counter-clockwise in the plane
  double base = -0.5;   // m; world height of the obstacle's bottom (below the floor)
  double height = 3.0;  // m; world height of the obstacle
};

// One call of TileCache::update(): what was rebuilt.
struct TileUpdate {
  std::vector<int> rebuilt_tiles;  // tile ids whose Detour tile was replaced, sorted
  int update_calls = 0;            // dtTileCache::update calls until up to date
  int converted_polygons = 0;      // polygons converted again (rebuilt tiles and their neighbours)
  double ms = 0.0;                 // wall-clock time of the update (conversion included), ms
  double convert_ms = 0.0;         // wall-clock time of the conversion alone, ms
  // e.g. "2 tiles rebuilt (5, 6) in 3 update calls, 41 polygons converted again, 0.84 ms (conversion 0.1 ms)."
  std::string describe() const;
};

class TileCache {
 public:
  ~TileCache();
  TileCache(const TileCache&) = delete;
  TileCache& operator=(const TileCache&) = delete;

  // Bakes a floor plan or mesh scene into tiles (other sources are an error), every door of the scene
  // marked in its tiles whatever its open state. `progress` (optional): tiles_total is set to the tiles
  // of the grid and tiles_done counts the tiles whose layers are built; with cancel set the bake stops
  // before its next tile and returns an error saying after how many.
  static Result<std::unique_ptr<TileCache>> build(const Scene& scene, const TileCacheDef& def = {},
                                                  BakeProgress* progress = nullptr);

  // Adds the obstacle `id` or moves it to `shape` (a move is remove + add).
  // Nothing changes in the mesh until update().
  Result<void> set_obstacle(const std::string& id, const ObstacleShape& shape);
  // Removes obstacle `id` (no-op when absent).
  Result<void> remove_obstacle(const std::string& id);
  bool has_obstacle(const std::string& id) const;

  // Moves the scene door `door.id` to `door`'s shape: the tiles under its old and new footprints are
  // baked again (obstacles over them carved again) and the mesh refreshed. An unknown id changes nothing.
  TileUpdate move_door(const Door& door);

  // Processes every pending obstacle request, calling dtTileCache::update until it is up to date, then
  // refreshes navmesh(). Returns which tiles were rebuilt.
  TileUpdate update();

  // The current mesh (converted after the last update, incrementally).
  const TiledNavMesh& navmesh() const { return mesh_; }
  // The current Detour mesh converted from scratch (what navmesh() must equal; for checks).
  TiledNavMesh full_conversion() const;
  int tiles_x() const { return tw_; }
  int tiles_y() const { return th_; }
  int tile_count() const;  // tiles holding polygons
  int poly_bits() const { return poly_bits_; }
  double bake_ms() const { return bake_ms_; }
  // The planning-plane rectangle of tile `tile` (min, max corners).
  std::pair<Vec2, Vec2> tile_bounds(int tile) const;

 private:
  TileCache();
  struct Impl;
  std::unique_ptr<Impl> impl_;
  TiledNavMesh mesh_;
  int tw_ = 0, th_ = 0, poly_bits_ = 0;
  double bake_ms_ = 0.0;
  int convert(const std::vector<int>* rebuilt);  // null: everything; returns polygons converted
  int drain();                                   // dtTileCache::update until up to date; returns the calls made
  // Runs `change`, drains the cache and reports (and converts again) the Detour tiles that changed.
  TileUpdate apply(const std::function<void()>& change);
};

}  // namespace navlab
