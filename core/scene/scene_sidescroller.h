// The `sidescroller` block of a scene (a side view instead of a navmesh source): reading with the scene's
// FILE:LINE:COL errors, and writing back in a stable key order.
#pragma once

#include <string>

#include "scene.h"
#include "scene_reader.h"

namespace navlab {

// Reads `v` (at JSON pointer `ptr`) into `out`. On error `r` holds the one message and false is returned.
bool read_sidescroller(SceneReader& r, const Json& v, const std::string& ptr, SideScrollerDef& out);

// The block as JSON, every member written (defaults included), so that reading it back gives `def`.
Json sidescroller_json(const SideScrollerDef& def);

}  // namespace navlab
