// The catalogue of bad inputs (tests/bad_inputs/bad_inputs.json): every case is run through the navlab
// binary from tests/bad_inputs/ and must end with its exit code and the exact first line of its message.
// docs/errors.md is rendered from the same catalogue; a test checks it is up to date
// (NAVLAB_WRITE_ERRORS_MD=1 rewrites it).
#include <gtest/gtest.h>

#include <cstdlib>
#include <nlohmann/json.hpp>
#include <string>
#include <sys/wait.h>

#include "paths.h"
#include "scene_reader.h"  // navlab::Json

namespace navlab {
namespace {


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
};

Outcome run_case(const Json& c) {
  const std::string err = test::temp_dir() + "/bad_input_stderr.txt";
  std::string cmd = "cd " + quote(catalogue_dir()) + " && " + quote(test::navlab_binary());
  for (const auto& a : c["args"]) cmd += " " + quote(a.get<std::string>());
  cmd += " >/dev/null 2>" + quote(err);
  const int status = std::system(cmd.c_str());
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, test::first_line(test::read_text(err))};
}

std::string render_markdown(const Json& cases) {
  std::string md =
      "# Error messages\n\n"
      "What navlab says about bad input: the first line of the message and the exit code (0 ok, 1 planning or\n"
      "validation failure, 2 usage or input error), for each input of the catalogue in tests/bad_inputs/.\n"
      "The limits these messages name are listed in [limits.md](limits.md).\n\n"
      "This file is generated from tests/bad_inputs/bad_inputs.json by tests/robust/test_bad_inputs.cpp\n"
      "(`NAVLAB_WRITE_ERRORS_MD=1 ./build/tests/tests_robust --gtest_filter='BadInputs.*'`); the test fails when it is out of date.\n";
  for (const auto& c : cases) {
    std::string args;
    for (const auto& a : c["args"]) args += " " + a.get<std::string>();
    md += "\n## " + c["about"].get<std::string>() + "\n\n";
    md += "`navlab" + args + "` exits with " + std::to_string(c["exit"].get<int>()) + ":\n\n";
    md += "```\n" + c["first_line"].get<std::string>() + "\n```\n";
  }
  return md;
}

TEST(BadInputs, CatalogueHasAtLeastFortyCases) { EXPECT_GE(catalogue().size(), 40u); }

TEST(BadInputs, EveryCaseEndsWithItsExitCodeAndFirstLine) {
  if (test::navlab_binary().empty()) GTEST_SKIP() << "navlab not built";
  for (const auto& c : catalogue()) {
    const Outcome o = run_case(c);
    EXPECT_EQ(o.exit_code, c["exit"].get<int>()) << c["name"];
    EXPECT_EQ(o.first_line, c["first_line"].get<std::string>()) << c["name"];
  }
}

TEST(BadInputs, ErrorsMarkdownIsUpToDate) {
  const std::string path = test::source_dir() + "/docs/errors.md";
  const std::string md = render_markdown(catalogue());
  if (std::getenv("NAVLAB_WRITE_ERRORS_MD")) test::write_text(path, md);
  EXPECT_EQ(test::read_text(path), md) << "docs/errors.md is out of date: run NAVLAB_WRITE_ERRORS_MD=1 tests_robust --gtest_filter='BadInputs.*'";
}

}  // namespace
}  // namespace navlab
