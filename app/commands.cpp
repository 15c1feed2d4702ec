// The registry of navlab subcommands: one line each. Each command lives in its own cli_*.cpp.
#include "cli.h"

namespace navlab::cli {

int run_validate(const std::vector<std::string>& args);
extern const char* const kValidateUsage;
int run_bake(const std::vector<std::string>& args);
extern const char* const kBakeUsage;

const std::vector<Command>& commands() {
  static const std::vector<Command> table = {
      {"validate", "check scene files and print every error", kValidateUsage, run_validate},
      {"bake", "build a scene's navmesh (Recast bake) and write it as JSON", kBakeUsage, run_bake},
  };
  return table;
}

}  // namespace navlab::cli
