// The catalogue of bad inputs (tests/bad_inputs/bad_inputs.json): every case is run through the navlab
// binary in a fresh copy of tests/bad_inputs/ and must end with its exit code and the exact first line of
// its message, within a 4 GB address space (ulimit -v, not under the sanitizers, whose shadow memory needs
// more) and a minute. A case may prepare its files first ("setup": shell, run in the copy; $NAVLAB is the
// binary), set environment variables ("env"), run navlab under shell settings ("prefix", e.g. a file size
// limit) and check the files afterwards ("after": shell that must succeed, e.g. an old file unchanged).
// docs/errors.md is rendered from the same catalogue; a test checks it is up to date
// (NAVLAB_WRITE_ERRORS_MD=1 rewrites it).
#include <gtest/gtest.h>

#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <sys/wait.h>

#include "paths.h"
#include "scene_reader.h"  // navlab::Json

namespace navlab {
namespace {

namespace fs = std::filesystem;

// The address space each case runs in (KiB, as ulimit -v counts), and the time it may take (s).
constexpr const char* kAddressSpaceKib = "4194304";
constexpr const char* kCaseSeconds = "60";

std::string catalogue_dir() { return test::source_dir() + "/tests/bad_inputs"; }

Json catalogue() { return Json::parse(test::read_text(catalogue_dir() + "/bad_inputs.json")); }

std::string quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

struct Outcome {
  int exit_code = -1;
  std::string first_line;  // of stderr
  int after = 0;           // exit code of the case's "after" check (0 without one)
};

// A fresh copy of the catalogue's files to run a case in (cases create and overwrite files).
std::string work_dir(const std::string& name) {
  const std::string dir = test::temp_dir() + "/bad_inputs_" + name;
  fs::remove_all(dir);
  fs::copy(catalogue_dir(), dir, fs::copy_options::recursive);
  return dir;
}

int run(const std::string& cmd) {
  const int status = std::system(cmd.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

Outcome run_case(const Json& c, const std::string& dir) {
  const std::string err = dir + "/.stderr.txt";
  const std::string cd = "cd " + quote(dir) + " && export NAVLAB=" + quote(test::navlab_binary()) + " && ";
  if (c.contains("setup") && run(cd + "(" + c["setup"].get<std::string>() + ") >/dev/null 2>&1") != 0)
    return {-2, "setup failed: " + c["setup"].get<std::string>(), 0};
  std::string navlab = "exec \"$NAVLAB\"";
  for (const auto& a : c["args"]) navlab += " " + quote(a.get<std::string>());
  std::string env = "SDL_VIDEODRIVER=offscreen";
  if (c.contains("env"))
    for (const auto& [k, v] : c["env"].items()) env += " " + k + "=" + quote(v.get<std::string>());
  std::string limits;
#ifndef NAVLAB_SANITIZED
  limits = std::string("ulimit -v ") + kAddressSpaceKib + "; ";
#endif
  const std::string prefix = c.value("prefix", "");
  const std::string cmd = cd + "env " + env + " timeout " + kCaseSeconds + " sh -c " +
                          quote(limits + prefix + " " + navlab) + " >/dev/null 2>" + quote(err);
  Outcome o{run(cmd), test::first_line(test::read_text(err)), 0};
  if (c.contains("after")) o.after = run(cd + "(" + c["after"].get<std::string>() + ") >/dev/null 2>&1");
  return o;
}

std::string render_markdown(const Json& cases) {
  std::string md =
      "# Error messages\n\n"
      "What navlab says about bad input: the first line of the message and the exit code (0 ok, 1 planning or\n"
      "validation failure, 2 usage or input error), for each input of the catalogue in tests/bad_inputs/.\n"
      "The limits these messages name are listed in [limits.md](limits.md).\n\n"
      "This file is generated from tests/bad_inputs/bad_inputs.json by tests/robust/test_bad_inputs.cpp\n"
      "(`NAVLAB_WRITE_ERRORS_MD=1 ./build/tests/tests_robust --gtest_filter='BadInputs.*'`); the test fails when it is "
      "out of date.\n"
      "Every case runs in a 4 GB address space (`ulimit -v 4194304`) and must end within a minute; files a case\n"
      "needs are made first as its *Prepared with* line says, and a case that writes checks afterwards that\n"
      "no file was left half written.\n";
  for (const auto& c : cases) {
    std::string cmd = c.value("prefix", "");
    if (c.contains("env"))
      for (const auto& [k, v] : c["env"].items()) cmd += k + "=" + v.get<std::string>() + " ";
    cmd += "navlab";
    for (const auto& a : c["args"]) cmd += " " + a.get<std::string>();
    md += "\n## " + c["about"].get<std::string>() + "\n\n";
    if (c.contains("setup")) md += "Prepared with `" + c["setup"].get<std::string>() + "`.\n\n";
    md += "`" + cmd + "` exits with " + std::to_string(c["exit"].get<int>()) + ":\n\n";
    md += "```\n" + c["first_line"].get<std::string>() + "\n```\n";
    if (c.contains("after")) md += "\nAfterwards `" + c["after"].get<std::string>() + "` holds.\n";
  }
  return md;
}

TEST(BadInputs, CatalogueHasAtLeastFortyCases) { EXPECT_GE(catalogue().size(), 40u); }

// One test per case (named after it), so that the cases run side by side and each stays short.
class BadInput : public testing::TestWithParam<size_t> {};

TEST_P(BadInput, EndsWithItsExitCodeAndFirstLine) {
  if (test::navlab_binary().empty()) GTEST_SKIP() << "navlab not built";
  const Json c = catalogue()[GetParam()];
  const Outcome o = run_case(c, work_dir(std::to_string(GetParam())));
  EXPECT_EQ(o.exit_code, c["exit"].get<int>()) << c["name"] << ": " << o.first_line;
  EXPECT_EQ(o.first_line, c["first_line"].get<std::string>()) << c["name"];
  EXPECT_EQ(o.after, 0) << c["name"] << ": afterwards " << c.value("after", "");
}

std::string case_name(const testing::TestParamInfo<size_t>& info) {
  std::string name = catalogue()[info.param]["name"].get<std::string>();
  for (char& ch : name)
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(Catalogue, BadInput, testing::Range(size_t{0}, catalogue().size()), case_name);

TEST(BadInputs, ErrorsMarkdownIsUpToDate) {
  const std::string path = test::source_dir() + "/docs/errors.md";
  const std::string md = render_markdown(catalogue());
  if (std::getenv("NAVLAB_WRITE_ERRORS_MD")) test::write_text(path, md);
  EXPECT_EQ(test::read_text(path), md)
      << "docs/errors.md is out of date: run NAVLAB_WRITE_ERRORS_MD=1 tests_robust --gtest_filter='BadInputs.*'";
}

}  // namespace
}  // namespace navlab
