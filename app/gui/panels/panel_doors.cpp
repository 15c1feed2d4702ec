// Doors panel: open/close each door (the plan re-runs when the change touches what it read), the
// corridor version and read set, blockers, the follower simulation (play/pause, speed, time) and the
// re-plan log with causes.
#include <imgui.h>
#include "tolerances.h"

#include <algorithm>
#include <cstdio>

#include "gui_doors.h"

namespace navlab::app {

namespace {

void sim_controls(SimView& s, DoorControls& controls) {
  if (ImGui::Button(s.playing ? "Pause##sim" : "Play##sim")) {
    if (!s.valid) controls.restart_follower();
    if (!s.playing && s.t >= s.end_time()) s.t = 0.0;
    s.playing = s.valid && !s.playing;
  }
  ImGui::SameLine();
  if (ImGui::Button("Restart##sim")) {
    controls.restart_follower();
    s.playing = s.valid;
  }
  ImGui::SameLine();
  ImGui::SetNextItemWidth(-1);
  float speed = float(s.speed);
  if (ImGui::SliderFloat("##speed", &speed, 0.1f, 4.0f, "speed %.2fx")) s.speed = speed;
  if (!s.valid) {
    ImGui::TextDisabled("Play runs the follower on the plan's query.");
    return;
  }
  float t = float(s.t);
  ImGui::SetNextItemWidth(-1);
  if (ImGui::SliderFloat("##t", &t, 0.0f, float(s.end_time()), "t %.2f s")) {
    s.t = t;
    s.playing = false;
  }
  const int k = s.step_index();
  if (k >= 0) ImGui::TextWrapped("%s", s.result.steps[size_t(k)].describe().c_str());
  ImGui::Text("outcome %s after %.2f s (%zu steps, %zu re-plans; run in %.1f ms%s)", to_string(s.result.outcome),
              s.end_time(), s.result.steps.size(), s.result.replans.size(), s.run_ms,
              s.tile_cache ? ", doors moved in its own tile cache" : "");
  if (s.job) {
    ImGui::TextDisabled("Running the follower again on its own thread%s; the last run stays shown until then.",
                        s.rerun ? " (and once more for the latest change)" : "");
    const BakeProgress& p = s.job->progress();
    const int phase = p.phase.load(), tiles = p.tiles_total.load();
    if (tiles > 0)
      ImGui::TextDisabled("It bakes the mesh again for a moved door: %d of %d tiles.", p.tiles_done.load(), tiles);
    else if (phase >= 0 && phase < kBakePhaseCount)
      ImGui::TextDisabled("It bakes the mesh again for a moved door: %s (phase %d of %d).", to_string(BakePhase(phase)),
                          phase + 1, kBakePhaseCount);
  }
  if (s.result.failure)
    ImGui::TextColored(ImVec4(1, 0.45f, 0.4f, 1), "%s: %s", to_string(s.result.failure->reason),
                       s.result.failure->message.c_str());
  for (const Replan& r : s.result.replans)
    if (r.t <= s.t + tol::kSameTime) ImGui::BulletText("agent: %s", r.describe().c_str());
}

void tile_cache_controls(Session& app, TilesView& t, DoorControls& controls) {
  if (!tiles_possible(app)) return;
  bool on = t.on();
  if (ImGui::Checkbox("Bake in tiles (tile cache)", &on)) {
    if (Result<void> r = controls.set_tile_cache(on); !r) app.status = r.error();
  }
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "On: the scene is baked in tiles with Detour's tile cache. Dragging a door rebuilds only\n"
        "the tiles under its old and new footprints; the plan re-runs when a rebuilt tile holds a\n"
        "polygon of its corridor. Off: one baked tile, baked again when a dragged door is dropped.\n"
        "Either way a closed door gates its own polygons.");
  if (!t.error.empty()) ImGui::TextColored(ImVec4(1, 0.45f, 0.4f, 1), "%s", t.error.c_str());
  if (!t.on()) {
    ImGui::TextDisabled("Off: one baked tile; dropping a dragged door bakes it again.");
    return;
  }
  ImGui::TextDisabled(
      "On: a door move rebuilds only the tiles it touches (outlined in the viewport),\n"
      "on a thread of its own while the view goes on.");
  if (t.job && t.job->busy()) ImGui::TextDisabled("rebuilding tiles...");
  if (t.changes == 0) {
    ImGui::TextWrapped("Baked: %s", t.last_update.c_str());
    return;
  }
  ImGui::TextWrapped("Last change: %s", t.last_update.c_str());
  ImGui::Text("%d door moves in %d meshes", t.changes, t.meshes_taken);
  if (t.replan_ms > 0.0)
    ImGui::Text("tile update %.2f ms + mesh readied %.2f ms (own thread), re-plan %.2f ms", t.update_ms, t.ready_ms,
                t.replan_ms);
  else
    ImGui::Text("tile update %.2f ms + mesh readied %.2f ms (own thread), plan kept", t.update_ms, t.ready_ms);
}

}  // namespace

void panel_doors(Session& app, DoorsView& d, DoorControls& controls) {
  if (!ImGui::CollapsingHeader("Doors and blockers", ImGuiTreeNodeFlags_DefaultOpen)) return;
  ImGui::Text("Corridor version v%d", d.version);
  ImGui::SameLine();
  ImGui::TextDisabled("(reads %zu polygons, %zu connections, %zu doors)", d.reads.polygons.size(),
                      d.reads.connections.size(), d.reads.doors.size());
  if (app.doc.scene.doors.empty()) ImGui::TextDisabled("The scene has no doors.");
  std::string pending_id;
  bool pending_open = false;
  for (const Door& door : app.doc.scene.doors) {
    ImGui::PushID(door.id.c_str());
    bool open = door.open;
    if (ImGui::Checkbox(door.id.c_str(), &open)) {
      pending_id = door.id;
      pending_open = open;
    }
    size_t covers = 0;
    for (const DoorCover& c : d.covers)
      if (c.door == door.id) covers = c.connections.size();
    ImGui::SameLine();
    const bool read = std::binary_search(d.reads.doors.begin(), d.reads.doors.end(), door.id);
    ImGui::TextDisabled("%s, covers %zu connection%s%s", door.open ? "open" : "closed", covers, covers == 1 ? "" : "s",
                        read ? ", read by the plan" : "");
    ImGui::PopID();
  }
  if (!pending_id.empty()) show_failure(app, controls.set_door_open(pending_id, pending_open));
  tile_cache_controls(app, d.tiles, controls);
  for (const Blocker& b : app.doc.scene.blockers)
    ImGui::BulletText("blocker %s at (%.2f, %.2f)", b.id.c_str(), b.center.plane.x, b.center.plane.y);
  ImGui::TextDisabled("Drag a door (segment or end) or a blocker in the viewport.");

  ImGui::Separator();
  ImGui::TextUnformatted("Agent (follower simulation)");
  ImGui::TextDisabled(
      "The agent numbers its own corridor versions (agent v1, v2, ...) from Play; they are not the "
      "plan's v%d above.",
      d.version);
  sim_controls(d.sim, controls);

  ImGui::Separator();
  ImGui::TextUnformatted("Re-plan log");
  const float h = ImGui::GetTextLineHeightWithSpacing() * 7.0f;
  if (ImGui::BeginChild("##doorlog", ImVec2(0, h), true)) {
    for (const DoorLogEntry& e : d.log) {
      if (!e.replanned) ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
      ImGui::TextWrapped("%s", e.text.c_str());
      if (!e.replanned) ImGui::PopStyleColor();
    }
    if (ImGui::GetScrollY() >= ImGui::GetScrollMaxY() - 1.0f) ImGui::SetScrollHereY(1.0f);
  }
  ImGui::EndChild();
}

}  // namespace navlab::app
