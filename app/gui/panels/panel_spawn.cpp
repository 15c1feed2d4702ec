// Spawn panel: toggles for the six spawn checks, a table of every candidate's results, the selected
// candidate's details, and the verdicts drawn over the viewport. It reads only core/spawn results.
#include "panel_spawn.h"

#include <imgui.h>

#include <chrono>
#include <cmath>
#include <cstdio>

#include "gui_viewport.h"

namespace navlab::app {

namespace {

const ImVec4 kPass(0.40f, 0.90f, 0.50f, 1.0f);
const ImVec4 kFail(1.00f, 0.40f, 0.40f, 1.0f);
const ImVec4 kSkip(0.60f, 0.60f, 0.65f, 1.0f);
const gl::Rgba kAcceptedRing{80, 220, 110, 255};
const gl::Rgba kRejectedRing{240, 70, 70, 255};
const gl::Rgba kZone{240, 70, 70, 200};
const gl::Rgba kOccupant{240, 150, 60, 200};
const gl::Rgba kGhost{255, 255, 255, 200};

ImVec4 outcome_colour(CheckOutcome o) {
  return o == CheckOutcome::Passed ? kPass : o == CheckOutcome::Failed ? kFail : kSkip;
}
const char* outcome_word(CheckOutcome o) {
  return o == CheckOutcome::Passed ? "pass" : o == CheckOutcome::Failed ? "FAIL" : "skip";
}
// Table cells are narrow: two characters per check.
const char* outcome_mark(CheckOutcome o) {
  return o == CheckOutcome::Passed ? "ok" : o == CheckOutcome::Failed ? "NO" : "--";
}

// Scene equality for the spawn checks, the members a drag changes (doors, blockers) first. The source's
// geometry is not compared: it reaches the checks only through the mesh, whose revision is compared
// apart (comparing a floor plan's thousands of pillars every still frame cost 1.4 ms at 100k polygons).
bool same_scene(const Scene& a, const Scene& b) {
  return a.doors == b.doors && a.blockers == b.blockers && a.same_besides_geometry(b);
}

// Whether `a` and `b` differ at most in their spawn candidates.
bool same_but_candidates(Scene& a, const Scene& b) {
  std::vector<SpawnCandidate> kept = std::move(a.spawn.candidates);
  a.spawn.candidates = b.spawn.candidates;
  const bool same = same_scene(a, b);
  a.spawn.candidates = std::move(kept);
  return same;
}

}  // namespace

void spawn_refresh(SpawnView& v, const Document& doc) {
  const bool same_setup = v.valid && v.used.enabled == v.options.enabled && v.mesh_revision == doc.mesh_revision;
  if (same_setup && same_scene(v.scene, doc.scene)) return;
  // Dragging changes a candidate every frame: validate at most once per frame (the next frame catches up).
  if (v.validated_frame == ImGui::GetFrameCount()) return;
  v.validated_frame = ImGui::GetFrameCount();
  const auto t0 = std::chrono::steady_clock::now();
  if (same_setup && v.validator && same_but_candidates(v.scene, doc.scene)) {
    // Only candidates changed: keep the verdicts of unchanged ones, re-check the others.
    const std::vector<SpawnCandidate>& old = v.scene.spawn.candidates;
    std::vector<SpawnVerdict> out;
    v.revalidated = 0;
    for (const SpawnCandidate& c : doc.scene.spawn.candidates) {
      size_t k = 0;
      while (k < old.size() && !(old[k] == c)) ++k;
      if (k < old.size() && k < v.verdicts.size()) {
        out.push_back(v.verdicts[k]);
      } else {
        out.push_back(v.validator->validate(c, v.options));
        ++v.revalidated;
      }
    }
    v.verdicts = std::move(out);
    v.scene.spawn.candidates = doc.scene.spawn.candidates;
  } else {
    v.scene = doc.scene;
    v.validator.reset();
    Result<SpawnValidator> made = SpawnValidator::create(v.scene, doc.mesh);
    v.error = made ? "" : made.error();
    v.verdicts.clear();
    if (made) {
      v.validator.emplace(std::move(made.value()));
      for (const SpawnCandidate& c : v.scene.spawn.candidates)
        v.verdicts.push_back(v.validator->validate(c, v.options));
    }
    v.revalidated = int(v.verdicts.size());
  }
  v.validate_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  if (v.selected >= int(v.verdicts.size())) v.selected = -1;
  v.used = v.options;
  v.mesh_revision = doc.mesh_revision;
  v.valid = true;
}

namespace {

void toggles(SpawnView& v) {
  for (int i = 0; i < kSpawnCheckCount; ++i) {
    bool on = v.options.enabled[i];
    char label[48];
    std::snprintf(label, sizeof label, "%d %s", i + 1, to_string(kSpawnChecks[i]));
    if (ImGui::Checkbox(label, &on)) v.options.enabled[i] = on;
    if (i % 2 == 0) ImGui::SameLine(ImGui::GetContentRegionAvail().x * 0.5f);
  }
}

void table(SpawnView& v) {
  const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit;
  if (!ImGui::BeginTable("spawn_table", 2 + kSpawnCheckCount, flags)) return;
  ImGui::TableSetupColumn("candidate");
  ImGui::TableSetupColumn("verdict");
  // Columns 1..6 are the checks in order; hovering a cell names the check and gives its detail.
  const char* heads[] = {"1", "2", "3", "4", "5", "6"};
  for (const char* h : heads) ImGui::TableSetupColumn(h);
  ImGui::TableHeadersRow();
  for (int i = 0; i < int(v.verdicts.size()); ++i) {
    const SpawnVerdict& sv = v.verdicts[i];
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::PushID(i);
    if (ImGui::Selectable(sv.name.c_str(), v.selected == i, ImGuiSelectableFlags_SpanAllColumns))
      v.selected = v.selected == i ? -1 : i;
    ImGui::PopID();
    ImGui::TableNextColumn();
    if (sv.accepted)
      ImGui::TextColored(kPass, "accepted");
    else
      ImGui::TextColored(kFail, "%s", to_string(*sv.reason));
    for (const CheckResult& r : sv.checks) {
      ImGui::TableNextColumn();
      ImGui::TextColored(outcome_colour(r.outcome), "%s", outcome_mark(r.outcome));
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s: %s", to_string(r.check), r.detail.c_str());
    }
  }
  ImGui::EndTable();
}

void details(const SpawnVerdict& sv) {
  ImGui::Separator();
  ImGui::Text("%s at (%.2f, %.2f)", sv.name.c_str(), sv.pos.x, sv.pos.y);
  if (sv.accepted)
    ImGui::TextColored(kPass, "accepted");
  else
    ImGui::TextColored(kFail, "rejected: %s (%s)", to_string(*sv.reason), sv.message.c_str());
  for (const CheckResult& r : sv.checks) {
    ImGui::TextColored(outcome_colour(r.outcome), "%d %-14s %s", int(r.check) + 1, to_string(r.check),
                       outcome_word(r.outcome));
    ImGui::Indent();
    ImGui::TextWrapped("%s", r.detail.c_str());
    ImGui::Unindent();
  }
}

}  // namespace

void panel_spawn(Session& app, SpawnView& v, ClickMode& mode) {
  if (!ImGui::CollapsingHeader("Spawn", ImGuiTreeNodeFlags_DefaultOpen)) return;
  if (!app.doc.loaded()) return;
  toggles(v);
  spawn_refresh(v, app.doc);
  if (!v.error.empty()) {
    ImGui::TextWrapped("%s", v.error.c_str());
    return;
  }
  spawn_mode_button(v.edit, mode);
  ImGui::SameLine();
  ImGui::TextDisabled(v.edit.add_mode ? "click in the view to add %s" : "drag a candidate to move it",
                      next_candidate_name(app.doc.scene.spawn.candidates).c_str());
  if (v.verdicts.empty()) {
    ImGui::TextDisabled("no spawn candidates in this scene");
    return;
  }
  int accepted = 0;
  for (const SpawnVerdict& sv : v.verdicts) accepted += sv.accepted;
  ImGui::Text("%d of %zu accepted", accepted, v.verdicts.size());
  ImGui::SameLine();
  ImGui::TextDisabled("validated %d in %.2f ms", v.revalidated, v.validate_ms);
  table(v);
  if (v.selected >= 0) {
    if (ImGui::Button("Delete (Del)")) {
      show_failure(app, spawn_delete_candidate(app, v, v.selected));
      return;
    }
    details(v.verdicts[v.selected]);
  } else {
    ImGui::TextDisabled("click a candidate to see its checks");
  }
}

void draw_spawn_verdicts(Viewport& view, const Document& doc, SpawnView& sv_state) {
  if (!doc.loaded()) return;
  spawn_refresh(sv_state, doc);
  const SpawnView& v = sv_state;
  gl::Batch& b = view.plan();
  ImDrawList& dl = view.overlay();
  const double px = 1.0 / view.px_per_m();  // metres per pixel
  if (v.edit.ghost) {                       // add mode: where the next candidate goes
    b.circle(*v.edit.ghost, kCandidateGrabPx * px, kGhost, {2.0f, 4.0f, 7.0f});
    const Vec2 s = view.to_screen(*v.edit.ghost);
    dl.AddText(ImVec2(float(s.x) + 14, float(s.y) - 20), to_imu32(kGhost),
               next_candidate_name(doc.scene.spawn.candidates).c_str());
  }
  if (v.verdicts.empty()) return;
  const Scene& sc = doc.scene;
  for (const ForbiddenZone& z : sc.spawn.forbidden_zones) b.polyline(z.polygon, kZone, {2.0f, 6.0f, 10.0f}, true);
  for (const Occupant& o : sc.spawn.occupants) {
    b.circle(o.pos.plane, o.radius, kOccupant, {2.0f});
    // The name sits above the circle so it never covers a candidate's reason below its ring.
    const Vec2 s = view.to_screen(o.pos.plane);
    const ImVec2 tw = ImGui::CalcTextSize(o.name.c_str());
    const float top = float(s.y - o.radius / px) - tw.y - 2.0f;
    view.label(float(s.x) - tw.x * 0.5f, top, o.name.c_str(), to_imu32(kOccupant));
  }
  for (int i = 0; i < int(v.verdicts.size()); ++i) {
    const SpawnVerdict& sv = v.verdicts[i];
    const gl::Rgba c = sv.accepted ? kAcceptedRing : kRejectedRing;
    b.circle(sv.pos, kCandidateGrabPx * px, c, {v.selected == i ? 4.0f : 2.5f});
    if (v.edit.hover == i || v.edit.grab == i)  // grabbable: a white halo outside the ring
      b.circle(sv.pos, (kCandidateGrabPx + 4.0) * px, kGhost, {1.5f});
    if (!sv.accepted) {
      const Vec2 s = view.to_screen(sv.pos);
      const char* why = to_string(*sv.reason);
      view.label(float(s.x) + 8, float(s.y) + 6, why, to_imu32(c));
    }
  }
}

}  // namespace navlab::app
