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

}  // namespace

int run_simulate_sidescroller(const Command& cmd, const Args& args, const Scene& scene, double dt,
                              std::optional<double> max_time) {
  for (const char* flag : {"--query", "--events", "--tile-cache"})
    if (args.has(flag))
      return usage_error(cmd, std::string(flag) + " is for navmesh scenes (a side-scroller scene has its player events)");
  side::SideSimDef def;
  def.dt = dt;
  if (max_time) def.max_time = *max_time;
  const side::SideRun run = side::simulate(scene.sidescroller, def);
  Json enemies = Json::array();
  for (const side::SideEnemyRun& e : run.enemies) {
    Json steps = Json::array();
    for (const side::SideStep& s : e.steps) {
      Json j;
      j["t"] = rounded(s.t);
      j["pos"] = xy(s.pos);
      j["vel"] = xy(s.vel);
      j["moving"] = s.moving;
      j["arrived"] = s.arrived;
      j["blocked"] = s.blocked;
      j["state"] = side::to_string(s.state);
      steps.push_back(std::move(j));
    }
    enemies.push_back(Json{{"id", e.id}, {"steps", std::move(steps)}});
  }
  std::printf("%s\n", readable_json(Json{{"enemies", std::move(enemies)}}).c_str());
  return kExitOk;
}

}  // namespace navlab::cli
