// Spawn panel state: which of the six checks are on, the verdicts of the scene's candidates (re-run
// whenever the scene or the toggles change) and the candidate selected in the table.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "gui_session.h"
#include "gui_spawn_edit.h"
#include "scene.h"
#include "spawn.h"

namespace navlab::app {

class Viewport;

struct SpawnView {
  SpawnOptions options;
  std::vector<SpawnVerdict> verdicts;  // one per scene candidate, in scene order
  std::string error;                   // the scene cannot be validated (graph scenes)
  int selected = -1;                   // candidate whose checks are listed, -1 none
  double validate_ms = 0.0;            // time of the last validation
  int revalidated = 0;                 // candidates validated by the last validation
  SpawnEdit edit;                      // dragging, adding and deleting candidates (gui_spawn_edit.h)
  // What the verdicts were computed from.
  bool valid = false;
  Scene scene;
  SpawnOptions used;
  long mesh_revision = -1;  // Document::mesh_revision
  // Built for `scene` and the document's mesh; when only the candidates change (dragged, added,
  // deleted) it re-checks just the changed ones. Holds pointers to `scene` and the mesh.
  std::optional<SpawnValidator> validator;
  int validated_frame = -1;  // ImGui frame of the last validation (at most one per frame)
};

// Re-validates the candidates when the scene, the mesh or the toggles changed, at most once per frame.
void spawn_refresh(SpawnView& v, const Document& doc);
// The spawn panel: six toggles, the per-candidate table and the selected candidate's checks. Add mode
// on sets the click mode `mode` to Inspect.
void panel_spawn(Session& app, SpawnView& spawn, ClickMode& mode);
// Draws each candidate's verdict in the viewport (green ring accepted, red ring and reason rejected),
// the occupants' radii and the forbidden zones; `v` is refreshed first.
void draw_spawn_verdicts(Viewport& view, const Document& doc, SpawnView& v);

}  // namespace navlab::app
