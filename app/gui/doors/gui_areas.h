// Painted areas edited in the app: a floor plan's `floorplan.areas` and a level's convex volumes
// (`mesh.areas`), each with a name and the name's cost. The area tool (V) collects clicked corners and
// closes them into their convex hull (the core's convex_hull, as RecastDemo's convex volume tool does);
// on a level the volume's height range runs from the lowest corner minus a descent to a height above
// that (RecastDemo's 1 m and 6 m by default). An edit is a new set of bake inputs (gui_bake.h): the level
// is baked again on the worker thread and the plan re-runs; Save writes the areas. One cost per name:
// giving a name a cost gives it to every area of that name.
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <vector>

#include "result.h"
#include "gui_session.h"
#include "scene.h"

namespace navlab::app {

class Baker;
class Viewport;

struct AreasView {
  std::vector<ScenePoint> corners;  // the area tool's clicks so far (the points under the mouse)
  std::string name = "mud";         // the next area's name and cost
  double cost = 5.0;
  double descent = kVolumeDescent;  // m below the lowest corner (levels)
  double height = kVolumeHeight;    // m of the volume's height range (levels)
  int selected = -1;                // index into the wanted areas, -1 none
};

// Whether the document can be painted (a floor plan or a level mesh).
bool areas_possible(const Session& app);
// How many areas the next bake has (floor plan areas or level volumes).
int areas_count(const Session& app, const Baker& bake);

// ---- edits (tool, panel, scripts); each fails with why it was not started ----
// Paints `corners` (plane points with the heights they were picked at) as area `name` with `cost`; on a
// level `height` is the range [min_y, max_y] (empty: the lowest corner minus the tool's descent, and
// the tool's height above that). The corners are used as given (the core checks them).
Result<void> areas_paint(Session& app, AreasView& state, Baker& bake, const std::string& name,
                         const std::vector<ScenePoint>& corners, double cost, const std::vector<double>& height = {});
Result<void> areas_delete(Session& app, AreasView& state, Baker& bake, int index);
// Sets the cost of every area named `name`.
Result<void> areas_set_cost(Session& app, Baker& bake, const std::string& name, double cost);

// The area tool: a click adds the corner `at` (the point under the mouse), or closes the area when it is
// within `pick` m of the last corner. areas_close() paints the convex hull of the corners.
void areas_tool_click(Session& app, AreasView& state, Baker& bake, const ScenePoint& at, double pick);
void areas_close(Session& app, AreasView& state, Baker& bake);

// The Painted areas panel: the tool's button, name, cost and (levels) height range; every area with its
// cost (edited per name) and a Delete button. The tool's button sets the click mode `mode`.
void panel_areas(Session& app, AreasView& state, ClickMode& mode, Baker& bake);
// Draws the tool's corners and hull, and the outlines of the areas (while the tool is on or one is
// selected) with their names, into `view`.
void draw_areas(const Session& app, Viewport& view, const AreasView& state, ClickMode mode, const Baker& bake);

// Script actions {"paint_area": {"name": N, "polygon": [P, ...], "height": [min_y, max_y], "cost": C}}
// (the polygon as given; height optional), {"delete_area": N}, {"area_cost": NAME, "cost": C},
// {"area_tool": true|false}, {"close_area": true}; each edit waits for its bake. nullopt when `a` is none
// of these; otherwise the action's outcome.
std::optional<Result<void>> areas_script_action(Session& app, AreasView& state, ClickMode& mode, Baker& bake,
                                                const nlohmann::json& a);
// The areas for the printed JSON: "tool", "corners" and "areas" (per area: "name", "polygon",
// "height" ([min_y, max_y] on levels, else null) and "cost").
nlohmann::json areas_state_json(const Session& app, const AreasView& state, ClickMode mode);

}  // namespace navlab::app
