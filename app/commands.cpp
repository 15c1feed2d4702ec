// The registry of navlab subcommands: one line each. Each command lives in its own cli_*.cpp.
#include "cli.h"

namespace navlab::cli {

int run_validate(const std::vector<std::string>& args);
extern const char* const kValidateUsage;

const std::vector<Command>& commands() {
  static const std::vector<Command> table = {
      {"validate", "check scene files and print every error", kValidateUsage, run_validate},
  };
  return table;
}

}  // namespace navlab::cli
