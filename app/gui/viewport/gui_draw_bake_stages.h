// The Recast stages of the last bake in the top view (RecastDemo's draw modes), drawn from the records
// the bake kept (core/navmesh/bake_stages.h): nothing here re-derives what the bake decided.
#pragma once

#include "bake_stages.h"
#include "gl_renderer.h"
#include "gui_theme.h"

namespace navlab::app {

// The stages' colours, in both views: walkable input and spans, unwalkable ones, outlines.
inline constexpr gl::Rgba kStageWalkable{70, 150, 210, 255};
inline constexpr gl::Rgba kStageUnwalkable{200, 80, 60, 255};
inline constexpr gl::Rgba kStageOutline{20, 22, 26, 255};

// `c` with its red, green and blue multiplied by k (clamped).
gl::Rgba scaled(gl::Rgba c, double k);

// The colour of region `id` (1..): neighbouring ids get far-apart hues; 0 (no region) is a dark grey.
gl::Rgba region_color(int id);

// Fills `out` (cleared first) with stage `stage` of `stages` in planning-plane metres: input triangles
// walkable / unwalkable, spans and cells as grid squares (cells grey by distance field), regions in
// their colours, contours as closed polylines, the polygon and detail meshes filled with their edges.
void build_bake_stage(const BakeStages& stages, BakeStage stage, const Theme& theme, gl::Batch& out);

}  // namespace navlab::app
