// Off-mesh links edited in the app (the scene's `links`: jumps, drops, ladders). A link added, deleted,
// moved or changed is a new set of bake inputs (gui_bake.h): a floor plan or level is baked again on the
// worker thread (the links are Detour off-mesh connections of the bake), a hand-authored mesh is rebuilt
// at once, and the plan re-runs; Save writes `links`. A link whose end attaches to no polygon fails in the
// core, whose error is shown, and the links stay as they were. The list edited is the one the next bake
// starts from (wanted_bake_inputs): the running bake's, or the scene's.
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <vector>

#include "geom.h"
#include "result.h"
#include "gui_session.h"
#include "scene.h"

namespace navlab::app {

class Baker;
struct SpawnView;

struct LinksView {
  std::optional<ScenePoint> takeoff;  // link tool: the first click, waiting for the landing
  // Options of the next link the tool adds.
  bool bidirectional = true;
  double radius = 0.0;       // m; 0: the default (bake.agent_radius)
  bool custom_cost = false;  // false: the default cost (the link's length)
  double cost = 1.0;         // m of path, when custom_cost
  int selected = -1;         // index into the wanted links, -1 none
  // An end handle under the mouse or being dragged: link index and end (0: from, 1: to).
  int hover = -1, hover_end = -1;
  int grab = -1, grab_end = -1;
  ScenePoint drag_to;  // where the grabbed end is being dragged
};

// Whether the document's navmesh takes links (a floor plan, a level mesh or a hand-authored mesh).
bool links_possible(const Session& app);

// ---- edits (tool, panel, scripts); each fails with why it was not started ----
// Adds `link` (ends as picked; radius and cost as given).
Result<void> links_add(Session& app, LinksView& v, Baker& bake, const LinkDef& link);
// Deletes link `index`.
Result<void> links_delete(Session& app, LinksView& v, Baker& bake, int index);
// Replaces link `index` (a moved end, one-way toggled, radius or cost changed).
Result<void> links_set(Session& app, Baker& bake, int index, const LinkDef& link);

// The links the plan's corridor crosses, in order (link indices, from the search's connection codes).
std::vector<int> links_crossed(const Session& app);

// The link tool's click at `at` (the point under the mouse): the takeoff, then the landing.
void links_tool_click(Session& app, LinksView& v, Baker& bake, const ScenePoint& at);

// The Links panel: the tool's button and options (the click mode `mode`), every link (select, one-way,
// radius, cost, delete; a selected link unselects the spawn candidate).
void panel_links(Session& app, LinksView& v, ClickMode& mode, SpawnView& spawn, Baker& bake);

// Script actions {"add_link": {"from": P, "to": P, "bidirectional": B, "radius": R, "cost": C}},
// {"delete_link": N}, {"move_link": N, "end": "from" | "to", "to": P}, {"link_tool": true|false}; each
// edit waits for the bake it starts. P is a script point (gui_tools.h). nullopt when `a` is none of these;
// otherwise the action's outcome.
std::optional<Result<void>> links_script_action(Session& app, LinksView& v, ClickMode& mode, Baker& bake,
                                                const nlohmann::json& a);
// The links for the scripted run's printed JSON: "tool", "takeoff", "selected" and "links": per link of
// the scene "from", "to" (as written), "bidirectional", "radius" and "cost" (null: default) and, from
// the mesh, "from_poly" and "to_poly" (the polygons its ends attached to).
nlohmann::json links_state_json(const Session& app, const LinksView& v, ClickMode mode);

}  // namespace navlab::app
