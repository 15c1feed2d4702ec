// The bake in the open: the scene's Recast parameters changed in the app and the level baked again,
// with every phase's time and count from the bake's records. Floor plans and level meshes only (the
// other sources are not baked).
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <string>

#include "scene.h"

namespace navlab::app {

class App;

// Whether the document's navmesh comes from a Recast bake (a floor plan or a level mesh).
bool document_is_baked(const App& app);

// Bakes the document's scene again with `bake`. On success the mesh, its bake records and the plan are
// replaced and the scene keeps `bake` (Save writes it to the file); on failure the error is shown and
// nothing changes. Returns success.
bool rebake(App& app, const BakeDef& bake);

// The Bake panel: every parameter (applied when an edit is finished), the partition, a Bake button and
// the phases of the last bake with their times.
void panel_bake(App& app);

// Script action {"bake": {"cell_size": 0.2, ..., "partition": "monotone"}}: the named parameters
// changed, then rebake() (a failed bake shows its error in the app, as a user would see it); and
// {"bake_stage": NAME}: the Bake panel's view switch (navmesh, or a stage as bake_stage_name writes it).
// Returns false when `a` is neither; otherwise *err is "" or what is wrong with the action itself.
bool bake_script_action(App& app, const nlohmann::json& a, std::string* err);

}  // namespace navlab::app
