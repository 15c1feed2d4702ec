// `navlab check SUITE [--junit FILE.xml] [--record FILE] [--jobs N]` and
// `navlab check SUITE --against OTHER [--pictures DIR] [--jobs N]`: a level's navigation as a test suite
// (core/check), and what a second version of the level changes.
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "atomic_file.h"
#include "check_report.h"
#include "cli.h"
#include "cli_check.h"

namespace navlab::cli {

extern const char* const kCheckUsage =
    "Usage: navlab check SUITE [--junit FILE.xml] [--record FILE] [--jobs N]\n"
    "       navlab check SUITE --against OTHER [--pictures DIR] [--jobs N]\n"
    "\n"
    "Runs a check suite: a navlab check file (JSON, docs/check.md) or a RecastDemo test-case file\n"
    "(s/f/pf/rc lines; its level file beside it). Prints one line per case -- PASS or FAIL, the figures\n"
    "and what the case expects (a failure with the recorded step that decided it) -- then\n"
    "'N passed, N failed'.\n"
    "  --junit FILE.xml  also write the results as JUnit XML for CI systems\n"
    "  --record FILE     write a navlab check file holding the same cases with this run's figures as\n"
    "                    their expectations (a golden file; written atomically)\n"
    "  --jobs N          run N cases at once (1..64, default 1); the output keeps the suite's order\n"
    "  --against OTHER   run the cases on the suite's navmesh and on OTHER (a second scene, or a level\n"
    "                    file baked with the suite's settings) and list the cases that changed: newly\n"
    "                    failed, newly reachable, longer or shorter by more than the tolerance, other\n"
    "                    doors crossed, a ray or spawn verdict changed; then 'N changed, N unchanged'\n"
    "  --pictures DIR    with --against: one PNG per changed case, both paths over both meshes with one\n"
    "                    camera (needs a display or SDL_VIDEODRIVER=offscreen)\n"
    "Exit codes: 0 every case passed (with --against: no case changed), 1 a case failed (changed),\n"
    "2 usage or input error (a bad suite, a level that does not bake).\n";

namespace {

constexpr int kMaxJobs = 64;

int input_error(const std::string& message) {
  std::fprintf(stderr, "navlab check: %s\n", message.c_str());
  return kExitUsage;
}

// Whether `out` names the same file as `in` (an output must never replace an input of the command).
bool same_file(const std::string& out, const std::string& in) {
  std::error_code ec;
  return std::filesystem::equivalent(out, in, ec);
}

int run_against(const CheckSuite& suite, const CheckRun& before, const std::string& other,
                const std::optional<std::string>& pictures, const CheckOptions& options) {
  Result<Scene> scene = other_version(suite, other);
  if (!scene) return input_error(scene.error());
  Result<CheckRun> after = run_check(suite, scene.value(), options);
  if (!after) return input_error(after.error());
  const std::vector<CaseChange> changes = diff_runs(suite, before, after.value());
  std::vector<std::string> files;
  if (pictures && !changes.empty()) {
    Result<std::vector<std::string>> written =
        write_change_pictures({suite, suite.scene, before, scene.value(), after.value(), other}, changes, *pictures);
    if (!written) return input_error(written.error());
    files = written.value();
  }
  for (size_t i = 0; i < changes.size(); ++i) {
    const CaseChange& c = changes[i];
    std::string kinds;
    for (ChangeKind k : c.kinds) kinds += (kinds.empty() ? "" : ",") + std::string(to_string(k));
    std::printf("CHANGED  %s  %s  [%s]%s\n", suite.cases[size_t(c.index)].name.c_str(), c.text.c_str(), kinds.c_str(),
                files.empty() ? "" : ("  picture " + files[i]).c_str());
  }
  std::printf("%zu changed, %zu unchanged\n", changes.size(), suite.cases.size() - changes.size());
  return changes.empty() ? kExitOk : kExitFailure;
}

}  // namespace

int run_check_command(const std::vector<std::string>& args) {
  const Command& self = *find_command("check");
  Args a(args, {"--junit", "--record", "--jobs", "--against", "--pictures"}, {});
  if (!a.ok()) return usage_error(self, a.error());
  if (a.positional().size() != 1) return usage_error(self, "expected one SUITE");
  const std::string path = a.positional()[0];
  CheckOptions options;
  if (auto jobs = a.value("--jobs")) {
    char tail = 0;
    if (std::sscanf(jobs->c_str(), "%d%c", &options.jobs, &tail) != 1 || options.jobs < 1 || options.jobs > kMaxJobs)
      return usage_error(self, "bad --jobs '" + *jobs + "' (expected a number of cases at once, 1..64)");
  }
  const auto against = a.value("--against");
  if (a.value("--pictures") && !against)
    return usage_error(self, "--pictures draws the changed cases: it needs --against");
  if (against && (a.value("--junit") || a.value("--record")))
    return usage_error(self, "--against compares two versions: run --junit and --record on one version at a time");
  for (const char* flag : {"--junit", "--record"})
    if (auto out = a.value(flag); out && same_file(*out, path))
      return usage_error(self,
                         std::string(flag) + " " + *out + " would replace the suite it reads: write it elsewhere");

  Result<CheckSuite> suite = load_check_suite(path);
  if (!suite) return input_error(suite.error());
  Result<CheckRun> run = run_check(suite.value(), suite->scene, options);
  if (!run) return input_error(run.error());
  if (against) return run_against(suite.value(), run.value(), *against, a.value("--pictures"), options);

  for (const CaseResult& r : run->cases) std::printf("%s\n", case_line(r).c_str());
  std::printf("%s\n", summary_line(run.value()).c_str());
  if (auto junit = a.value("--junit"))
    if (Result<void> written = write_file_atomically(*junit, junit_xml(suite.value(), run.value()), "JUnit file");
        !written)
      return input_error(written.error());
  if (auto record = a.value("--record")) {
    if (Result<void> written = write_recorded_suite(suite.value(), run.value(), *record); !written)
      return input_error(written.error());
    std::fprintf(stderr, "navlab check: recorded %zu cases in %s\n", run->cases.size(), record->c_str());
  }
  return run->failed == 0 ? kExitOk : kExitFailure;
}

}  // namespace navlab::cli
