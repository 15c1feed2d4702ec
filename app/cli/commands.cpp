// The registry of navlab subcommands: one line each. Each command lives in its own cli_*.cpp.
#include "cli.h"

namespace navlab::cli {

int run_validate(const std::vector<std::string>& args);
extern const char* const kValidateUsage;
int run_render(const std::vector<std::string>& args);
extern const char* const kRenderUsage;
int run_bake(const std::vector<std::string>& args);
extern const char* const kBakeUsage;
int run_spawn(const std::vector<std::string>& args);
extern const char* const kSpawnUsage;
int run_plan(const std::vector<std::string>& args);
extern const char* const kPlanUsage;
int run_simulate(const std::vector<std::string>& args);
extern const char* const kSimulateUsage;
int run_bench(const std::vector<std::string>& args);
extern const char* const kBenchUsage;
int run_lesson(const std::vector<std::string>& args);
extern const char* const kLessonUsage;
int run_check_command(const std::vector<std::string>& args);
extern const char* const kCheckUsage;

const std::vector<Command>& commands() {
  static const std::vector<Command> table = {
      {"validate", "check scene files and print every error", kValidateUsage, run_validate},
      {"render", "draw a scene and its plan to a PNG without a user", kRenderUsage, run_render},
      {"bake", "build a scene's navmesh (Recast bake) and write it as JSON", kBakeUsage, run_bake},
      {"plan", "plan queries through every stage and print the results as JSON", kPlanUsage, run_plan},
      {"spawn", "validate spawn candidates with the six switchable checks", kSpawnUsage, run_spawn},
      {"simulate", "follow a plan with a fixed time step while doors open, close and move", kSimulateUsage,
       run_simulate},
      {"bench", "time the planner stages against Detour on seeded random pairs and print the ratios", kBenchUsage,
       run_bench},
      {"lesson", "render every slide of a lesson to PNG with a page of its text", kLessonUsage, run_lesson},
      {"check", "run a level's expected paths as a test suite, or list what a second version changes", kCheckUsage,
       run_check_command},
  };
  return table;
}

}  // namespace navlab::cli
