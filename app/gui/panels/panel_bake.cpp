// Bake panel: the scene's Recast parameters, each applied (and the level baked again, on a worker
// thread) when its edit is finished, the running bake's progress with Cancel, the phases of the last
// bake with their times and counts (the bake's own records), and the view switch that draws one Recast
// stage of that bake in place of the navmesh, with its sentence.
#include <imgui.h>

#include <cstdio>

#include "gui_bake.h"

namespace navlab::app {

namespace {

// A parameter slider; true when an edit of it has just finished (the value then holds the edit).
bool param(const char* label, double* v, float lo, float hi, const char* fmt) {
  float f = float(*v);
  ImGui::SliderFloat(label, &f, lo, hi, fmt, ImGuiSliderFlags_AlwaysClamp);
  *v = f;
  return ImGui::IsItemDeactivatedAfterEdit();
}

bool parameters(BakeDef& b) {
  bool done = false;
  done |= param("cell size", &b.cell_size, 0.05f, 1.0f, "%.2f m");
  done |= param("cell height", &b.cell_height, 0.05f, 1.0f, "%.2f m");
  done |= param("agent height", &b.agent_height, 0.1f, 5.0f, "%.2f m");
  done |= param("agent radius", &b.agent_radius, 0.0f, 3.0f, "%.2f m");
  done |= param("max climb", &b.agent_max_climb, 0.0f, 3.0f, "%.2f m");
  done |= param("max slope", &b.agent_max_slope, 0.0f, 89.0f, "%.0f deg");
  done |= param("region min", &b.region_min_size, 0.0f, 150.0f, "%.0f cells");
  done |= param("region merge", &b.region_merge_size, 0.0f, 150.0f, "%.0f cells");
  done |= param("edge max len", &b.edge_max_len, 0.0f, 50.0f, "%.1f m");
  done |= param("edge error", &b.edge_max_error, 0.1f, 3.0f, "%.2f cells");
  done |= param("detail dist", &b.detail_sample_dist, 0.0f, 16.0f, "%.1f cells");
  done |= param("detail error", &b.detail_sample_max_error, 0.0f, 16.0f, "%.1f cells");
  ImGui::SliderInt("verts/poly", &b.verts_per_poly, 3, 6, "%d", ImGuiSliderFlags_AlwaysClamp);
  done |= ImGui::IsItemDeactivatedAfterEdit();
  // 0: one tile (the Recast stages are recorded); above 0: tiles of that many cells, baked on every core.
  ImGui::SliderInt("tile size", &b.tile_size, 0, 256, b.tile_size == 0 ? "one tile" : "%d cells",
                   ImGuiSliderFlags_AlwaysClamp);
  done |= ImGui::IsItemDeactivatedAfterEdit();
  int partition = int(b.partition);
  if (ImGui::Combo("partition", &partition, "watershed\0monotone\0layers\0")) {
    b.partition = Partition(partition);
    done = true;
  }
  return done;
}

// The last bake's phases: name, what it produced, its time.
void phases(const std::vector<BakeStep>& steps) {
  if (steps.empty() || !ImGui::BeginTable("bake_phases", 3, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp))
    return;
  double total = 0.0;
  for (const BakeStep& s : steps) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(s.phase.c_str());
    ImGui::TableNextColumn();
    ImGui::Text("%ld %s", s.count, s.unit.c_str());
    ImGui::TableNextColumn();
    ImGui::Text("%.2f ms", s.ms);
    total += s.ms;
  }
  ImGui::EndTable();
  ImGui::Text("%zu phases, %.1f ms in all", steps.size(), total);
}

// The "Bake stage" combo (RecastDemo's draw modes): the navmesh, or one stage of the last bake.
void stage_switch(const Document& doc, std::optional<BakeStage>& shown_stage) {
  if (doc.bake_stages.polygons.empty()) {  // a tiled bake keeps no stage records
    shown_stage.reset();
    ImGui::TextWrapped("Bake stages are recorded for single-tile bakes (tile size: one tile).");
    return;
  }
  const std::optional<BakeStage> shown = shown_stage;
  const char* current = shown ? bake_stage_title(*shown) : "Navmesh";
  if (ImGui::BeginCombo("Bake stage", current)) {
    if (ImGui::Selectable("Navmesh", !shown)) shown_stage.reset();
    for (int i = 0; i < kBakeStageCount; ++i)
      if (ImGui::Selectable(bake_stage_title(BakeStage(i)), shown == BakeStage(i))) shown_stage = BakeStage(i);
    ImGui::EndCombo();
  }
  if (shown_stage) ImGui::TextWrapped("%s", doc.bake_stages.describe(*shown_stage).c_str());
}

// The running bake's bar (tiles done of all, or the single-tile bake's phase under way of the nine) and
// its Cancel button.
void progress(BakeView& b, Baker& baker) {
  const BakeJob& job = *b.job;
  const BakeProgress& p = job.progress();
  const int total = p.tiles_total.load(), done = p.tiles_done.load(), phase = p.phase.load();
  char text[96] = "starting";
  float fraction = 0.0f;
  if (total > 0) {
    fraction = float(done) / float(total);
    std::snprintf(text, sizeof text, "%d / %d tiles", done, total);
  } else if (phase >= 0) {
    fraction = float(phase) / float(kBakePhaseCount);
    std::snprintf(text, sizeof text, "phase %d of %d: %s", phase + 1, kBakePhaseCount, to_string(BakePhase(phase)));
  }
  const float button = ImGui::CalcTextSize("Cancel").x + 2.0f * ImGui::GetStyle().FramePadding.x;
  ImGui::ProgressBar(fraction, ImVec2(-(button + ImGui::GetStyle().ItemSpacing.x), 0.0f), text);
  ImGui::SameLine();
  if (ImGui::Button("Cancel")) baker.cancel_bake();
  ImGui::TextDisabled("baking (%s), %.1f s", b.what.c_str(), job.elapsed_ms() / 1000.0);
}

}  // namespace

void panel_bake_progress(BakeView& b, Baker& baker, float x, float y, float w) {
  if (!b.job) return;
  ImGui::SetNextWindowPos(ImVec2(x, y), ImGuiCond_Always);
  ImGui::SetNextWindowSize(ImVec2(w, 0.0f), ImGuiCond_Always);
  ImGui::SetNextWindowBgAlpha(0.85f);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_AlwaysAutoResize;
  if (ImGui::Begin("##bake_progress", nullptr, flags)) {
    progress(b, baker);
    ++b.frames_shown;
  }
  ImGui::End();
}

void panel_bake(Session& app, BakeView& b, std::optional<BakeStage>& shown_stage, Baker& baker) {
  if (!document_is_baked(app) || !ImGui::CollapsingHeader("Bake (Recast)", ImGuiTreeNodeFlags_DefaultOpen)) return;
  ImGui::PushID("bake");
  // A new mesh: edit its parameters. While a bake runs the edit stays what the user asked for.
  if (b.edit_revision != app.doc.mesh_revision && !b.job) {
    b.edit = app.doc.scene.bake;
    b.edit_revision = app.doc.mesh_revision;
  }
  // An edit is baked when it is finished (a slider released, a value typed); a failed bake puts the
  // parameters back.
  const bool edited = parameters(b.edit) && !(b.edit == baker.wanted_inputs().bake);
  const bool again = ImGui::Button("Bake again");
  if ((edited || again) && !baker.rebake_with(b.edit)) b.edit = app.doc.scene.bake;
  ImGui::SameLine();
  ImGui::TextDisabled("%zu polygons; Save writes the parameters", app.doc.mesh.polys.size());
  if (b.job) progress(b, baker);
  stage_switch(app.doc, shown_stage);
  phases(app.doc.bake_steps);
  ImGui::PopID();
}

}  // namespace navlab::app
