// `navlab spawn SCENE [--disable CHECK]...`: validates the scene's spawn candidates with the six checks
// of core/spawn/spawn.h and prints every check's result as JSON (README.md, "The command line").
#include <cstdio>
#include <nlohmann/json.hpp>

#include "cli.h"
#include "navmesh_build.h"
#include "scene.h"
#include "spawn.h"

namespace navlab::cli {

extern const char* const kSpawnUsage =
    "Usage: navlab spawn SCENE [--disable CHECK]...\n\n"
    "Validates every candidate of the scene's `spawn` block with six checks, in this order:\n"
    "  projection      on the navmesh, in an allowed area that the agent may enter\n"
    "  clearance       distance to the navmesh boundary >= spawn.clearance (default: agent radius)\n"
    "  connectivity    same connected partition as spawn.partition_of (default: the first safe target)\n"
    "  forbidden_zone  outside every spawn.forbidden_zones polygon\n"
    "  occupancy       no overlap with a dynamic occupant (occupant radius + agent radius)\n"
    "  safe_path       the planner finds a complete path to a safe target\n"
    "--disable CHECK skips a check (repeatable). Prints\n"
    "  {\"candidates\": [{\"name\", \"pos\", \"accepted\", \"reason\", \"message\",\n"
    "                   \"checks\": [{\"check\", \"enabled\", \"passed\", \"detail\"}...]}...]}\n"
    "`reason` is the first failing check (null when accepted); a skipped check has \"passed\": null.\n"
    "Exit codes: 0 the candidates were validated (accepted or not), 2 usage error (an unknown CHECK),\n"
    "unreadable scene, bad geometry or a graph scene.\n";

namespace {

nlohmann::ordered_json point_json(Vec2 p, const ScenePoint& asked) {
  if (asked.is3d) {
    const Vec3 w = to_world(p, asked.height);
    return {w.x, w.y, w.z};
  }
  return {p.x, p.y};
}

nlohmann::ordered_json verdict_json(const SpawnVerdict& v, const ScenePoint& asked) {
  nlohmann::ordered_json out;
  out["name"] = v.name;
  out["pos"] = point_json(v.pos, asked);
  out["accepted"] = v.accepted;
  out["reason"] = v.reason ? nlohmann::ordered_json(to_string(*v.reason)) : nlohmann::ordered_json();
  out["message"] = v.message;
  auto& checks = out["checks"] = nlohmann::ordered_json::array();
  for (const CheckResult& r : v.checks) {
    nlohmann::ordered_json c;
    c["check"] = to_string(r.check);
    c["enabled"] = r.outcome != CheckOutcome::Skipped;
    c["passed"] = r.outcome == CheckOutcome::Skipped ? nlohmann::ordered_json() : nlohmann::ordered_json(r.passed());
    c["detail"] = r.detail;
    checks.push_back(std::move(c));
  }
  return out;
}

}  // namespace

int run_spawn(const std::vector<std::string>& argv) {
  const Command& cmd = *find_command("spawn");
  Args args(argv, {"--disable"}, {});
  if (!args.ok()) return usage_error(cmd, args.error());
  if (args.positional().size() != 1) return usage_error(cmd, "expected one SCENE file");

  SpawnOptions options;
  for (const std::string& name : args.values("--disable")) {
    const std::optional<SpawnCheck> c = spawn_check_from_string(name);
    if (!c) {
      std::string names;
      for (SpawnCheck k : kSpawnChecks) names += std::string(names.empty() ? "" : ", ") + to_string(k);
      return usage_error(cmd, "unknown check '" + name + "' (checks: " + names + ")");
    }
    options.set(*c, false);
  }

  std::optional<LoadedScene> loaded = load_scene_and_mesh(args.positional()[0]);
  if (!loaded) return kExitUsage;
  const Scene& scene = loaded->scene;
  const NavMesh& mesh = loaded->mesh;
  Result<std::vector<SpawnVerdict>> verdicts = validate_spawns(scene, mesh, options);
  if (!verdicts) {
    std::fprintf(stderr, "%s: %s\n", scene.path.c_str(), verdicts.error().c_str());
    return kExitUsage;
  }
  nlohmann::ordered_json out;
  auto& list = out["candidates"] = nlohmann::ordered_json::array();
  for (size_t i = 0; i < verdicts->size(); ++i)
    list.push_back(verdict_json(verdicts.value()[i], scene.spawn.candidates[i].pos));
  const std::string text = readable_json(out) + "\n";
  std::fwrite(text.data(), 1, text.size(), stdout);
  return kExitOk;
}

}  // namespace navlab::cli
