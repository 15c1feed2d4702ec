// A minimal Wavefront OBJ reader for 3D levels: `v x y z` and `f` lines (tokens `v`, `v/vt`, `v//vn`,
// `v/vt/vn`, 1-based or negative indices). Polygons are fan-triangulated; everything else is ignored.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "geom.h"
#include "result.h"

namespace navlab {

struct ObjMesh {
  std::vector<Vec3> verts;               // world positions (Recast convention: y up), metres
  std::vector<std::array<int, 3>> tris;  // 0-based vertex indices, winding as in the file
};

// Reads an OBJ file (the shared reader, text_file.h: a regular file of at most limits::kMaxFileBytes).
// Errors name the file (and line): "PATH: cannot read the OBJ file (REASON)",
// "PATH:LINE: face index 9 is out of range (8 vertices defined so far)".
Result<ObjMesh> read_obj(const std::string& path);

// Same, from text; `name` is used in messages.
Result<ObjMesh> parse_obj(const std::string& text, const std::string& name);

}  // namespace navlab
