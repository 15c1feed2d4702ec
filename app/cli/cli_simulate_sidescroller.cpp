// `navlab simulate SCENE [--dt S] [--max-time S]` on a side-scroller scene: every enemy ticked
// (core/sidescroller/side_sim.h), printed as {"enemies": [{"id", "steps": [{"t", "pos", "vel", "moving",
// "arrived", "blocked", "state"}]}]}.
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <optional>

#include "cli.h"
#include "scene.h"
#include "side_sim.h"

namespace navlab::cli {

namespace {

using Json = nlohmann::ordered_json;

// Printed numbers: 6 decimals, enough for mm at game scales and stable across runs.
double rounded(double v) { return std::round(v * 1e6) / 1e6 + 0.0; }
Json xy(Vec2 p) { return Json::array({rounded(p.x), rounded(p.y)}); }

// One record as printed.
Json step_json(const side::SideStep& s) {
  Json j;
  j["t"] = rounded(s.t);
  j["pos"] = xy(s.pos);
  j["vel"] = xy(s.vel);
  j["moving"] = s.moving;
  j["arrived"] = s.arrived;
  j["blocked"] = s.blocked;
  j["state"] = side::to_string(s.state);
  return j;
}

}  // namespace

int run_simulate_sidescroller(const Command& cmd, const Args& args, const Scene& scene, double dt,
                              std::optional<double> max_time) {
  for (const char* flag : {"--query", "--events", "--tile-cache"})
    if (args.has(flag))
      return usage_error(cmd,
                         std::string(flag) + " is for navmesh scenes (a side-scroller scene has its player events)");
  side::SideSimDef def;
  def.dt = dt;
  if (max_time) def.max_time = *max_time;
  const SideScrollerDef& side = std::get<SideScrollerDef>(scene.source);  // a side-scroller scene
  if (Result<void> fits = side::run_limits(side, def); !fits) return usage_error(cmd, fits.error());
  const side::SideRun run = side::simulate(side, def);
  // {"enemies": [{"id", "steps": [...]}]} as readable_json() prints it, record by record.
  std::printf("{\n  \"enemies\": [");
  for (size_t e = 0; e < run.enemies.size(); ++e) {
    std::printf("%s\n    {\n      \"id\": %s,\n      \"steps\": [", e ? "," : "",
                Json(run.enemies[e].id).dump().c_str());
    const std::vector<side::SideStep>& steps = run.enemies[e].steps;
    for (size_t i = 0; i < steps.size(); ++i)
      std::printf("%s\n        %s", i ? "," : "", readable_json(step_json(steps[i]), 4).c_str());
    std::printf("\n      ]\n    }");
  }
  std::printf("\n  ]\n}\n");
  return kExitOk;
}

}  // namespace navlab::cli
