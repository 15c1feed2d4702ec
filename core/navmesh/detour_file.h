// Detour navmesh files: the all-tiles format RecastDemo saves and Recast-based engines load (magic 'MSET',
// version 1, the tile count and dtNavMeshParams; then per tile its dtTileRef, data size and data).
// A scene names one with `"detour": "FILE.bin"` (a navmesh source of its own); `navlab bake SCENE
// --detour-out FILE.bin` writes the baked navmesh in this format.
//
// Every byte is checked before Detour sees it (Detour trusts tile data): header, counts, sizes, every
// index a tile holds (polygon vertices and neighbours, detail meshes, the BV tree, off-mesh connections),
// every coordinate (finite, within ±1e6: vertices, detail heights, bounds, off-mesh ends) and each tile's
// grid position (it must be the grid cell its bounds lie in: Detour finds tiles by position).
#pragma once

#include <string>
#include <vector>

#include "navmesh.h"
#include "result.h"

namespace navlab {

// Limits of what is read (product decisions, not Detour's): a file of more tiles, or larger than
// limits::kMaxLevelFileBytes, is an input error.
constexpr int kMaxDetourFileTiles = 65536;

// Reads `path` into a NavMesh (3D, heights kept; area 0 "default", other area ids "area N"). Files of one
// tile keep Detour's polygon numbering (polygon i is the tile's polygon i), as a bake does; files of
// several tiles are joined as a tiled bake joins its tiles (core/navmesh/tiled_convert.h: polygon i is
// Detour's BakedNavMesh::ref(i)).
// Errors name the file and what is wrong.
Result<NavMesh> read_detour_file(const std::string& path);

// Checks and reads the bytes of a navmesh file (`name` in messages).
Result<NavMesh> parse_detour_file(const std::vector<unsigned char>& bytes, const std::string& name);

// Writes the Detour mesh of a baked NavMesh to `path` (atomic_file.h). Fails when the mesh
// was not baked, or the file cannot be written.
Result<void> write_detour_file(const NavMesh& mesh, const std::string& path);

}  // namespace navlab
