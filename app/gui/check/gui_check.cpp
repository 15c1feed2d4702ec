#include "gui_check.h"

#include <nlohmann/json.hpp>

#include <algorithm>

#include "gui_viewport.h"
#include "gui_script.h"

namespace navlab::app {

namespace {

// The document a suite's cases run on: its scene file, or (a level) the suite file itself.
std::string suite_document(const CheckSuite& s) { return s.level() ? s.path : s.scene.path; }

// The case's doors and areas on the document's scene, as core's case_state makes them for the runner:
// the plan the app makes then is the runner's, step for step.
void apply_state(Session& app, const CheckSuite& suite, const CheckCase& c) {
  Result<CaseState> st = case_state(c.query, suite.scene, app.doc.mesh);
  if (!st) return app.show_error(st.error());
  app.doc.scene.agent.excluded_areas = st->scene.agent.excluded_areas;
  app.doc.scene.doors = suite.scene.doors;
  for (Door& d : app.doc.scene.doors) {
    const auto has = [&](const std::vector<std::string>& ids) {
      return std::find(ids.begin(), ids.end(), d.id) != ids.end();
    };
    if (has(st->doors.closed)) d.open = false;
    if (has(st->doors.opened)) d.open = true;
  }
}

}  // namespace

std::string checks_folder() { return resource_path("scenes/checks"); }

bool open_check_suite(Session& app, CheckView& v, const std::string& path) {
  Result<CheckSuite> suite = load_check_suite(path);
  if (!suite) {
    app.show_error(suite.error());
    return false;
  }
  if (suite->level()) {
    Result<Document> next = document_from_scene(suite->scene, path);
    if (!next) {
      app.show_error(next.error() + (app.doc.loaded() ? "\nThe scene you had is still open." : ""));
      return false;
    }
    app.open_document(std::move(next).value());
  } else if (!app.open_scene(suite->scene.path)) {
    return false;
  }
  v.suite = std::move(suite.value());
  v.run = run_check_on(*v.suite, v.suite->scene, app.doc.mesh);
  v.selected = -1;
  v.ray_trace = {};
  app.status = "check suite " + path + ": " + summary_line(v.run);
  return true;
}

void select_check_case(Session& app, CheckView& v, int index) {
  if (!v.suite || index < 0 || index >= int(v.suite->cases.size())) return;
  // Another scene was opened since: the suite's own document first.
  if (app.doc.path != suite_document(*v.suite) && !open_check_suite(app, v, v.suite->path)) return;
  v.selected = index;
  v.ray_trace = {};
  const CheckCase& c = v.suite->cases[size_t(index)];
  const CaseResult& r = v.run.cases[size_t(index)];
  if (c.kind != CaseKind::Spawn) {
    apply_state(app, *v.suite, c);
    app.doc.start = c.query.start;
    app.doc.goal = c.query.goal;
    app.doc.query_index = c.query.query_index.value_or(-1);
  }
  // The case's run said already why a ray could not be cast; the trace is then empty.
  if (c.kind == CaseKind::Raycast) static_cast<void>(case_raycast(c.query, v.suite->scene, app.doc.mesh, &v.ray_trace));
  app.replan();
  app.playback.playing = false;
  int step = int(app.plan.steps.size());
  if (r.decided_by && r.decided_by->stage != "raycast") {
    const std::string ref = r.decided_by->stage + ":" + std::to_string(r.decided_by->index);
    if (const Result<int> at = parse_step(ref, app.plan))
      step = at.value();
    else
      app.show_error("case " + c.name + ": the step " + ref + " is not on the timeline (" + at.error() + ")");
  }
  app.set_step(step);
  app.status = "case " + c.name + ": " + (r.passed ? "passed" : "failed") +
               (r.decided_by ? ", decided at " + r.decided_by->stage + ":" + std::to_string(r.decided_by->index) : "");
}

bool check_reload(Session& app, CheckView& v) {
  if (!v.suite || !v.suite->level() || app.doc.path != v.suite->path) return false;
  const int selected = v.selected;
  if (open_check_suite(app, v, v.suite->path) && selected >= 0) select_check_case(app, v, selected);
  return true;
}

void draw_check(Viewport& view, const Theme& theme, const CheckView& v) {
  if (!v.suite || v.selected < 0 || v.ray_trace.steps.empty()) return;
  const CaseResult& r = v.run.cases[size_t(v.selected)];
  if (r.kind != CaseKind::Raycast || r.path.size() < 2) return;
  const CheckCase& c = v.suite->cases[size_t(v.selected)];
  gl::Batch& b = view.plan();
  const float w = theme.line_scale;
  b.polyline({r.path[1], c.query.goal.plane}, theme.midpoint, {2.0f * w, 6.0f, 10.0f});  // the part not reached
  b.polyline(r.path, theme.smooth, {3.5f * w});
  b.point(r.path[0], 6.0f * w, theme.start);
  b.point(r.path[1], 7.0f * w, r.ray.hit_something() ? theme.goal : theme.smooth);
}

std::optional<Result<void>> check_script_action(Session& app, CheckView& v, const nlohmann::json& a) {
  if (a.contains("check_suite")) {
    if (!a["check_suite"].is_string()) return Error{"{\"check_suite\": FILE} needs a file name"};
    if (!open_check_suite(app, v, a["check_suite"].get<std::string>())) return Error{app.error};
    return Result<void>();
  }
  if (!a.contains("check_case")) return std::nullopt;
  if (!v.suite) return Error{"check_case needs an open check suite ({\"check_suite\": FILE})"};
  const nlohmann::json& k = a["check_case"];
  int index = -1;
  if (k.is_number_integer()) index = k.get<int>();
  for (size_t i = 0; k.is_string() && i < v.suite->cases.size(); ++i)
    if (v.suite->cases[i].name == k.get<std::string>()) index = int(i);
  if (index < 0 || index >= int(v.suite->cases.size())) return Error{"no case " + k.dump() + " in " + v.suite->path};
  select_check_case(app, v, index);
  return Result<void>();
}

nlohmann::json check_state_json(const CheckView& v) {
  if (!v.suite) return nullptr;
  nlohmann::json j = {{"file", v.suite->path},
                      {"cases", v.run.cases.size()},
                      {"passed", v.run.passed},
                      {"failed", v.run.failed},
                      {"selected", v.selected}};
  if (v.selected < 0) return j;
  const CaseResult& r = v.run.cases[size_t(v.selected)];
  j["case"] = r.name;
  j["passed_case"] = r.passed;
  j["line"] = case_line(r);
  j["decided_by"] = r.decided_by ? nlohmann::json(r.decided_by->stage + ":" + std::to_string(r.decided_by->index))
                                 : nlohmann::json(nullptr);
  j["decided_text"] = r.decided_text;
  j["ray_steps"] = v.ray_trace.steps.size();
  return j;
}

}  // namespace navlab::app
