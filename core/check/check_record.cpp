// --record: the suite's cases written as a navlab check file with the run's figures as expectations.
#include <algorithm>
#include <cmath>
#include <filesystem>

#include "atomic_file.h"
#include "check_report.h"
#include "scene_reader.h"

namespace navlab {

namespace {

namespace fs = std::filesystem;

constexpr double kRatioSpare = 1e-9;  // dimensionless: a length ratio's rounding, far below 1e-4

double rounded(double v) {
  const double k = std::pow(10.0, kRecordDecimals);
  return std::round(v * k) / k;
}

// `file` (relative to `from_file`'s folder, or absolute) as a path relative to `to_file`'s folder.
std::string rebase(const std::string& file, const std::string& from_file, const std::string& to_file) {
  std::error_code ec;
  const fs::path abs =
      fs::path(file).is_absolute() ? fs::path(file) : fs::absolute(fs::path(from_file), ec).parent_path() / file;
  const fs::path to_dir = fs::absolute(fs::path(to_file), ec).parent_path();
  const fs::path rel = abs.lexically_normal().lexically_relative(to_dir.lexically_normal());
  return rel.empty() ? abs.lexically_normal().string() : rel.string();
}

Json figure_json(double value, double tolerance) { return Json{{"value", rounded(value)}, {"tolerance", tolerance}}; }

std::string hex(unsigned v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%x", v);
  return buf;
}

Json query_json(const CheckCase& c, const Scene& scene) {
  const CaseQuery& q = c.query;
  Json j = Json::object();
  if (q.query_index) {
    j["query"] = q.query_name.empty() ? Json(*q.query_index) : Json(q.query_name);
  } else {
    j["start"] = scene_point_json(q.start);
    j[c.kind == CaseKind::Raycast ? "end" : "goal"] = scene_point_json(q.goal);
  }
  if (!q.doors.closed.empty()) j["close"] = q.doors.closed;
  if (!q.doors.opened.empty()) j["open"] = q.doors.opened;
  if (!q.exclude_areas.empty()) j["exclude_areas"] = q.exclude_areas;
  if (q.flags) {
    j["include_flags"] = hex(q.flags->include);
    j["exclude_flags"] = hex(q.flags->exclude);
  }
  if (c.kind != CaseKind::Simulate) return j;
  Json events = Json::array();
  for (const FollowEvent& e : c.events) {
    static const char* const kKeys[] = {"close", "open", "move", "goal"};
    Json ev{{"t", e.t}};
    if (e.kind == FollowEvent::Kind::Goal) {
      ev["goal"] = scene_point_json(e.goal);
    } else {
      ev[kKeys[int(e.kind)]] = e.door;
    }
    if (e.kind == FollowEvent::Kind::Move) {
      Json to = Json::array();
      for (const Vec2& p : e.to) {
        ScenePoint sp;
        sp.plane = p;
        sp.is3d = scene.is3d();
        to.push_back(scene_point_json(sp));
      }
      ev["to"] = to;
    }
    events.push_back(ev);
  }
  j["events"] = events;
  j["dt"] = c.follow.dt;
  j["max_time"] = c.follow.max_time;
  return j;
}

Json spawn_json(const CheckCase& c) {
  Json j = Json::object();
  if (c.spawn_pos) {
    j["pos"] = scene_point_json(*c.spawn_pos);
  } else {
    j["candidate"] = c.candidate;
  }
  Json disabled = Json::array();
  for (int k = 0; k < kSpawnCheckCount; ++k)
    if (!c.spawn_checks.is_enabled(SpawnCheck(k))) disabled.push_back(to_string(SpawnCheck(k)));
  if (!disabled.empty()) j["disable"] = disabled;
  return j;
}

Json plan_expect(const CheckCase& c, const CaseResult& r, const CheckTolerances& tol) {
  Json e{{"status", to_string(r.status)}};
  if (r.failure) e["reason"] = to_string(r.failure->reason);
  if (r.status == Status::Failed) return e;
  e["length"] = figure_json(r.length, c.plan.length ? c.plan.length->tolerance : tol.length);
  if (c.plan.max_length_ratio && r.optimal_length && *r.optimal_length > 0.0) {
    // Rounded up, with a part in a billion to spare: the recorded limit holds for this run even where the
    // path is the shortest one and the two lengths differ by rounding only.
    const double k = std::pow(10.0, kRecordDecimals);
    e["max_length_ratio"] = std::ceil(r.length / *r.optimal_length * (1.0 + kRatioSpare) * k) / k;
  }
  // The doors crossed, and what the case named that this run bears out: the areas it expects to be
  // crossed and are, the doors and areas it expects not to be crossed and are not.
  auto crossed = [&](const std::string& n) {
    return std::binary_search(r.doors.begin(), r.doors.end(), n) ||
           std::binary_search(r.areas.begin(), r.areas.end(), n);
  };
  std::vector<std::string> through = r.doors, not_through;
  for (const std::string& n : c.plan.through)
    if (crossed(n) && std::find(through.begin(), through.end(), n) == through.end()) through.push_back(n);
  for (const std::string& n : c.plan.not_through)
    if (!crossed(n)) not_through.push_back(n);
  if (!through.empty()) e["through"] = through;
  if (!not_through.empty()) e["not_through"] = not_through;
  e["time"] = figure_json(r.time, c.plan.time ? c.plan.time->tolerance : tol.time);
  return e;
}

Json raycast_expect(const CheckCase& c, const CaseResult& r, const CheckTolerances& tol) {
  Json e{{"start_on_mesh", r.cast}};
  if (!r.cast) return e;
  e["hit"] = r.ray.hit_something();
  e["distance"] = figure_json(r.ray.length, c.ray.distance ? c.ray.distance->tolerance : tol.length);
  return e;
}

Json expect_json(const CheckCase& c, const CaseResult& r, const CheckTolerances& tol) {
  switch (c.kind) {
    case CaseKind::Plan:
      return plan_expect(c, r, tol);
    case CaseKind::Raycast:
      return raycast_expect(c, r, tol);
    case CaseKind::Spawn: {
      Json e{{"accepted", r.accepted}};
      if (r.spawn_reason) e["reason"] = to_string(*r.spawn_reason);
      return e;
    }
    case CaseKind::Simulate: {
      Json e{{"outcome", to_string(r.outcome)}};
      if (r.failure) e["reason"] = to_string(r.failure->reason);
      e["time"] = figure_json(r.time, c.sim.time ? c.sim.time->tolerance : tol.time);
      e["replans"] = r.replans;
      return e;
    }
  }
  return Json::object();
}

// The navmesh's source as the recorded file names it, relative to the file's folder.
void source_json(const CheckSuite& suite, const std::string& out_path, Json& j) {
  if (!suite.level()) {
    j["scene"] = rebase(suite.scene_file, suite.path, out_path);
    return;
  }
  Scene s = suite.scene;
  Scene::Mesh& mesh = std::get<Scene::Mesh>(s.source);  // a suite with a level has a level scene
  std::string& level = mesh.obj.empty() ? mesh.file : mesh.obj;
  level = rebase(level, s.path, out_path);
  const Json whole = Json::parse(scene_to_json(s));
  j["level"] = whole["mesh"];
  j["bake"] = whole["bake"];
}

}  // namespace

std::string record_check_json(const CheckSuite& suite, const CheckRun& run, const std::string& out_path) {
  Json j{{"navlab_check", 1}};
  j["name"] = suite.name;
  source_json(suite, out_path, j);
  j["tolerance"] = {{"length", suite.tolerance.length}, {"time", suite.tolerance.time}};
  Json cases = Json::array();
  for (size_t i = 0; i < suite.cases.size() && i < run.cases.size(); ++i) {
    const CheckCase& c = suite.cases[i];
    Json one{{"name", c.name}};
    one[to_string(c.kind)] = c.kind == CaseKind::Spawn ? spawn_json(c) : query_json(c, suite.scene);
    one["expect"] = expect_json(c, run.cases[i], suite.tolerance);
    cases.push_back(one);
  }
  j["cases"] = cases;
  return json_text(j);
}

Result<void> write_recorded_suite(const CheckSuite& suite, const CheckRun& run, const std::string& out_path) {
  return write_file_atomically(out_path, record_check_json(suite, run, out_path), "check file");
}

}  // namespace navlab
