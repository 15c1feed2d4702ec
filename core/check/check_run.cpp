// Running a suite: the navmesh built once, the cases on it (on several threads when asked, the results
// in suite order), and the lines `navlab check` prints.
#include "check_run.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <thread>

#include "check_cases.h"
#include "format.h"
#include "navmesh_build.h"
#include "search.h"

namespace navlab {

namespace check_detail {

void add_check(CaseResult& r, const char* what, bool passed, std::string figure, std::string expected) {
  r.checks.push_back(ExpectResult{what, passed, std::move(figure), std::move(expected)});
}

std::string metres(double m) { return decimals(m, 3) + " m"; }
std::string seconds(double s) { return decimals(s, 2) + " s"; }
std::string expected_text(const Expected& e, const char* unit) {
  return decimals(e.value, kExactDigits) + " ± " + num(e.tolerance) + " " + unit;
}

}  // namespace check_detail

CaseResult run_case(const CheckSuite& suite, int index, const Scene& scene, const NavMesh& mesh) {
  using namespace check_detail;
  const CheckCase& c = suite.cases[size_t(index)];
  CaseResult r;
  r.index = index;
  r.name = c.name;
  r.kind = c.kind;
  const auto t0 = std::chrono::steady_clock::now();
  switch (c.kind) {
    case CaseKind::Plan:
      run_plan_case(c, scene, mesh, r);
      break;
    case CaseKind::Raycast:
      run_raycast_case(c, scene, mesh, r);
      break;
    case CaseKind::Spawn:
      run_spawn_case(c, scene, mesh, r);
      break;
    case CaseKind::Simulate:
      run_simulate_case(c, scene, mesh, r);
      break;
  }
  r.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  if (!r.error.empty()) add_check(r, "run", false, r.error, "a case that runs on this navmesh");
  r.passed = !r.checks.empty() &&
             std::all_of(r.checks.begin(), r.checks.end(), [](const ExpectResult& x) { return x.passed; });
  return r;
}

CheckRun run_check_on(const CheckSuite& suite, const Scene& scene, const NavMesh& mesh, const CheckOptions& options) {
  CheckRun run;
  const int n = int(suite.cases.size());
  run.cases.resize(size_t(n));
  const int jobs = std::clamp(options.jobs, 1, std::max(1, n));
  if (jobs > 1) prepare_search(mesh);  // the mesh's shared search index is built once, not by each thread
  std::atomic<int> next{0};
  auto work = [&] {
    for (int i = next++; i < n; i = next++) run.cases[size_t(i)] = run_case(suite, i, scene, mesh);
  };
  std::vector<std::thread> threads;
  for (int j = 1; j < jobs; ++j) threads.emplace_back(work);
  work();
  for (std::thread& t : threads) t.join();
  for (const CaseResult& r : run.cases) (r.passed ? run.passed : run.failed)++;
  return run;
}

Result<CheckRun> run_check(const CheckSuite& suite, const Scene& scene, const CheckOptions& options) {
  const auto t0 = std::chrono::steady_clock::now();
  Result<NavMesh> mesh = build_navmesh(scene);
  if (!mesh) return Result<CheckRun>::fail(mesh.error());
  const double bake_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  CheckRun run = run_check_on(suite, scene, mesh.value(), options);
  run.bake_ms = bake_ms;
  return run;
}

std::string summary_line(const CheckRun& run) {
  return std::to_string(run.passed) + " passed, " + std::to_string(run.failed) + " failed";
}

std::string case_line(const CaseResult& r) {
  std::string line = std::string(r.passed ? "PASS" : "FAIL") + "  " + r.name + "  ";
  std::vector<const ExpectResult*> order;
  for (const ExpectResult& x : r.checks)
    if (!x.passed) order.push_back(&x);
  for (const ExpectResult& x : r.checks)
    if (x.passed) order.push_back(&x);
  for (size_t i = 0; i < order.size(); ++i)
    line += (i ? "; " : "") + order[i]->what + ": " + order[i]->figure + " (expected " + order[i]->expected + ")";
  if (!r.passed && r.decided_by)
    line += "  [decided at " + r.decided_by->stage + ":" + std::to_string(r.decided_by->index) + ": " + r.decided_text +
            "]";
  else if (!r.passed && !r.decided_text.empty())
    line += "  [" + r.decided_text + "]";
  return line;
}

}  // namespace navlab
