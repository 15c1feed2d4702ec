// JUnit XML for CI systems, and what changed between two versions of a level (--against).
#include <algorithm>
#include <cmath>
#include <filesystem>

#include "check_report.h"
#include "format.h"

namespace navlab {

namespace {

// Text as XML attribute or element content: markup characters escaped, control characters (which XML
// 1.0 cannot hold) dropped.
std::string xml(const std::string& s) {
  std::string out;
  for (const char ch : s) {
    switch (ch) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:
        if (static_cast<unsigned char>(ch) >= 0x20 || ch == '\n' || ch == '\t') out += ch;
    }
  }
  return out;
}

std::string failing_checks(const CaseResult& r) {
  std::string out;
  for (const ExpectResult& x : r.checks)
    if (!x.passed) out += (out.empty() ? "" : "; ") + x.what + ": " + x.figure + " (expected " + x.expected + ")";
  return out;
}

std::string status_figure(const CaseResult& r) {
  std::string s = to_string(r.status);
  if (r.failure) s += " (" + std::string(to_string(r.failure->reason)) + ")";
  if (r.status != Status::Failed) s += ", " + decimals(r.length, 3) + " m";
  return s;
}

std::string names(const std::vector<std::string>& v) {
  std::string out;
  for (const std::string& n : v) out += (out.empty() ? "" : ", ") + n;
  return out.empty() ? "no door" : out;
}

std::string ray_figure(const CaseResult& r) {
  if (!r.cast) return "not cast";
  return std::string(r.ray.hit_something() ? "stops after " : "clear, ") + decimals(r.ray.length, 3) + " m";
}

// The length tolerance of case `c`: its own expectation's, else the suite's.
double length_tolerance(const CheckSuite& suite, const CheckCase& c) {
  if (c.kind == CaseKind::Plan && c.plan.length) return c.plan.length->tolerance;
  if (c.kind == CaseKind::Raycast && c.ray.distance) return c.ray.distance->tolerance;
  return suite.tolerance.length;
}

void add(CaseChange& ch, ChangeKind k, const std::string& text) {
  ch.kinds.push_back(k);
  ch.text += (ch.text.empty() ? "" : "; ") + text;
}

void plan_changes(const CaseResult& b, const CaseResult& a, double tol, CaseChange& ch) {
  const bool had = b.status != Status::Failed, has = a.status != Status::Failed;
  const std::string both = status_figure(b) + " -> " + status_figure(a);
  if (had && !has)
    add(ch, ChangeKind::NewlyFailed, "newly failed: " + both);
  else if (!had && has)
    add(ch, ChangeKind::NewlyReachable, "newly reachable: " + both);
  else if (b.status != a.status)
    add(ch, ChangeKind::StatusChanged, "status: " + both);
  if (had && has && std::abs(a.length - b.length) > tol)
    add(ch, a.length > b.length ? ChangeKind::Longer : ChangeKind::Shorter,
        std::string(a.length > b.length ? "longer" : "shorter") + ": " + decimals(b.length, 3) + " m -> " +
            decimals(a.length, 3) + " m (" + (a.length > b.length ? "+" : "") + decimals(a.length - b.length, 3) +
            " m, tolerance " + num(tol) + " m)");
  if (had && has && a.doors != b.doors)
    add(ch, ChangeKind::DoorsChanged, "doors: " + names(b.doors) + " -> " + names(a.doors));
}

}  // namespace

std::string junit_xml(const CheckSuite& suite, const CheckRun& run) {
  double total = 0.0;
  for (const CaseResult& r : run.cases) total += r.ms;
  const std::string name = xml(suite.name.empty() ? suite.path : suite.name);
  // JUnit's class names are dotted: the suite file's name without its extension, then the case's kind.
  const std::string classname = xml(std::filesystem::path(suite.path).stem().string());
  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out +=
      fmt("<testsuites tests=\"%zu\" failures=\"%d\" time=\"%.3f\">\n", run.cases.size(), run.failed, total / 1000.0);
  out += fmt("  <testsuite name=\"%s\" tests=\"%zu\" failures=\"%d\" errors=\"0\" time=\"%.3f\">\n", name.c_str(),
             run.cases.size(), run.failed, total / 1000.0);
  for (const CaseResult& r : run.cases) {
    const CheckCase& c = suite.cases[size_t(r.index)];
    out += "    <testcase name=\"" + xml(r.name) + "\" classname=\"" + classname + "." + to_string(r.kind) +
           "\" file=\"" + xml(suite.path) + "\" line=\"" + std::to_string(c.line) + "\" time=\"" +
           fmt("%.3f", r.ms / 1000.0) + "\"";
    if (r.passed) {
      out += "/>\n";
      continue;
    }
    out += ">\n      <failure message=\"" + xml(failing_checks(r)) + "\" type=\"" + to_string(r.kind) + "\">" +
           xml(case_line(r)) + "</failure>\n    </testcase>\n";
  }
  return out + "  </testsuite>\n</testsuites>\n";
}

std::vector<CaseChange> diff_runs(const CheckSuite& suite, const CheckRun& before, const CheckRun& after) {
  std::vector<CaseChange> out;
  const size_t n = std::min({suite.cases.size(), before.cases.size(), after.cases.size()});
  for (size_t i = 0; i < n; ++i) {
    const CaseResult& b = before.cases[i];
    const CaseResult& a = after.cases[i];
    const CheckCase& c = suite.cases[i];
    CaseChange ch;
    ch.index = int(i);
    const double tol = length_tolerance(suite, c);
    switch (c.kind) {
      case CaseKind::Plan:
      case CaseKind::Simulate:
        plan_changes(b, a, tol, ch);
        break;
      case CaseKind::Raycast:
        if (b.cast != a.cast || b.ray.hit_something() != a.ray.hit_something() ||
            std::abs(b.ray.length - a.ray.length) > tol)
          add(ch, ChangeKind::RayChanged, "ray: " + ray_figure(b) + " -> " + ray_figure(a));
        break;
      case CaseKind::Spawn:
        if (b.accepted != a.accepted || b.spawn_reason != a.spawn_reason) {
          auto verdict = [](const CaseResult& r) {
            if (r.accepted) return std::string("accepted");
            return r.spawn_reason ? "rejected (" + std::string(to_string(*r.spawn_reason)) + ")"
                                  : std::string("rejected");
          };
          add(ch, ChangeKind::SpawnChanged, "spawn: " + verdict(b) + " -> " + verdict(a));
        }
        break;
    }
    if (b.passed != a.passed)
      add(ch, ChangeKind::VerdictChanged,
          std::string(a.passed ? "now passes" : "now fails") + (a.passed ? "" : ": " + failing_checks(a)));
    if (!ch.kinds.empty()) out.push_back(std::move(ch));
  }
  return out;
}

}  // namespace navlab
