// libFuzzer target: side-scroller scene text -> parse_scene (the sidescroller block and its limits) ->
// run_limits -> a one-second run of every enemy (side::simulate) with each record's sentence.
#include <cstddef>
#include <cstdint>
#include <string>

#include "scene.h"
#include "side_sim.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace navlab;
  Result<Scene> scene = parse_scene(std::string(reinterpret_cast<const char*>(data), size), "fuzz.json");
  const SideScrollerDef* side_def = scene ? scene->sidescroller_source() : nullptr;
  if (!side_def) return 0;
  side::SideSimDef def;
  def.max_time = 1.0;
  if (!side::run_limits(*side_def, def)) return 0;
  const side::SideRun run = side::simulate(*side_def, def);
  for (size_t i = 0; i < run.enemies.size(); ++i)
    for (const side::SideStep& s : run.enemies[i].steps) (void)side::describe(s, side_def->enemies[i]);
  return 0;
}
