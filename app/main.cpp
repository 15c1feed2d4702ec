// navlab: the GUI when run without a subcommand (or with a scene file), CLI subcommands otherwise.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "cli.h"

#ifndef NAVLAB_VERSION
#define NAVLAB_VERSION "0.0.0"
#endif

namespace navlab {
int run_gui(const std::vector<std::string>& args);  // gui_main.cpp
}

namespace {

void print_help() {
  std::printf(
      "navlab %s: a lab for NavMesh path planning\n\n"
      "Usage:\n"
      "  navlab [SCENE.json] [--script FILE.json --screenshot OUT.png]   open the app (default scene: "
      "scenes/default.json)\n"
      "  navlab COMMAND [ARGS...]                                        run a command headless\n\n"
      "Commands:\n",
      NAVLAB_VERSION);
  for (const auto& c : navlab::cli::commands()) std::printf("  %-10s %s\n", c.name, c.summary);
  std::printf(
      "\n'navlab COMMAND --help' describes a command.\n"
      "Exit codes: 0 ok, 1 planning or validation failure, 2 usage or input error.\n");
}

// A command's exit code, or kExitUsage when its standard output could not be written (a full disk,
// /dev/full, a closed pipe): a result that did not arrive is not a success.
int checked_stdout(int code) {
  errno = 0;
  if (std::fflush(stdout) == 0 && !std::ferror(stdout)) return code;
  std::fprintf(stderr, "navlab: cannot write the standard output (%s)\n", errno ? std::strerror(errno) : "write error");
  return navlab::cli::kExitUsage;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (!args.empty()) {
    const std::string& first = args[0];
    if (first == "--help" || first == "-h" || first == "help") {
      print_help();
      return navlab::cli::kExitOk;
    }
    if (first == "--version") {
      std::printf("navlab %s\n", NAVLAB_VERSION);
      return navlab::cli::kExitOk;
    }
    if (const auto* cmd = navlab::cli::find_command(first)) {
      std::vector<std::string> rest(args.begin() + 1, args.end());
      for (const auto& a : rest)
        if (a == "--help" || a == "-h") {
          std::printf("%s", cmd->usage);
          return navlab::cli::kExitOk;
        }
      return checked_stdout(cmd->run(rest));
    }
    if (first.rfind("-", 0) != 0 && first.find(".json") == std::string::npos) {
      std::fprintf(stderr, "navlab: unknown command '%s'\nTry 'navlab --help'.\n", first.c_str());
      return navlab::cli::kExitUsage;
    }
  }
  return checked_stdout(navlab::run_gui(args));
}
