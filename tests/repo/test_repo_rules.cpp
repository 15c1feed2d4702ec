// House rules that a reader of the tree relies on, checked over every tracked source and document:
// the planner library includes nothing of the front end and no header by a relative path that climbs
// out of its folder, and every repository path a comment or document names exists.
#include <gtest/gtest.h>

#include <filesystem>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "paths.h"

namespace navlab::test {
namespace {

namespace fs = std::filesystem;

// Every file under `folder` (relative to the source tree) whose extension is one of `exts`.
std::vector<fs::path> files_under(const std::string& folder, const std::set<std::string>& exts) {
  std::vector<fs::path> out;
  for (const auto& e : fs::recursive_directory_iterator(source_dir() + "/" + folder))
    if (e.is_regular_file() && exts.count(e.path().extension().string())) out.push_back(e.path());
  return out;
}

std::string in_tree(const fs::path& p) { return fs::relative(p, source_dir()).string(); }

TEST(RepoRules, CoreIncludesNoFrontEndHeaderAndNoClimbingPath) {
  const std::regex front_end(R"(^\s*#\s*include\s*[<"](SDL|imgui|backends/|glad/|GL/|GLES))");
  const std::regex climbing(R"(^\s*#\s*include\s*"\.\./)");
  int files = 0;
  for (const fs::path& p : files_under("core", {".h", ".cpp"})) {
    ++files;
    int n = 0;
    for (const std::string& line : lines(read_text(p.string()))) {
      ++n;
      EXPECT_FALSE(std::regex_search(line, front_end)) << in_tree(p) << ":" << n << ": " << line;
      EXPECT_FALSE(std::regex_search(line, climbing)) << in_tree(p) << ":" << n << ": " << line;
    }
  }
  EXPECT_GT(files, 50);
}

// Whether `named` (relative to the source tree) is a file or folder, or the stem of one ("core/path/funnel"
// written as "core/path/funnel.*").
bool names_something(const std::string& named) {
  const fs::path p = fs::path(source_dir()) / named;
  if (fs::exists(p)) return true;
  if (!fs::is_directory(p.parent_path())) return false;
  for (const auto& e : fs::directory_iterator(p.parent_path()))
    if (e.path().stem() == p.filename()) return true;
  return false;
}

// Whether a match is a placeholder or not a path of the tree: a pattern (NN_name.json, test_*.cpp,
// checks/X.json), a build product (build/bench/bench_drag) or a JSON pointer (/scenes/0/nodes).
bool not_a_tree_path(const std::string& line, size_t at, const std::string& named) {
  if (at > 0 && (line[at - 1] == '/' || line[at - 1] == '_')) return true;
  if (at + named.size() < line.size() && line[at + named.size()] == '*') return true;
  for (const char* mark : {"*", "NN", "NAME", "<", "/X.", "/0/"})
    if (named.find(mark) != std::string::npos) return true;
  return false;
}

// A path of the tree named in a comment or a document ("core/path/funnel.h", "docs/app.md") names a
// file or folder that exists.
TEST(RepoRules, EveryRepositoryPathNamedInTheTreeExists) {
  const std::regex path_re(
      R"(\b((?:core|app|tests|docs|bench|scenes|shaders|third_party)/[A-Za-z0-9_./-]*[A-Za-z0-9_]))");
  int named = 0;
  for (const char* folder : {"core", "app", "tests", "bench", "docs"}) {
    for (const fs::path& p : files_under(folder, {".h", ".cpp", ".md", ".cmake", ".txt", ".sh", ".py"})) {
      int n = 0;
      for (const std::string& line : lines(read_text(p.string()))) {
        ++n;
        for (auto it = std::sregex_iterator(line.begin(), line.end(), path_re); it != std::sregex_iterator(); ++it) {
          const std::string named_path = (*it)[1].str();
          if (not_a_tree_path(line, size_t(it->position(1)), named_path)) continue;
          ++named;
          EXPECT_TRUE(names_something(named_path))
              << in_tree(p) << ":" << n << " names " << named_path << ", which does not exist";
        }
      }
    }
  }
  EXPECT_GT(named, 100);
}

// Comments and documents speak of the project itself: no reference to documents outside the
// repository by their working names ("DESIGN §3", "seed 003").
TEST(RepoRules, NoReferenceToDocumentsOutsideTheRepository) {
  const std::regex outside(R"(DESIGN(\.md)? *§|\b[Ss]eed 00[0-4]\b|\bseeds?/)");
  for (const char* folder : {"core", "app", "docs", "scenes"}) {
    for (const fs::path& p : files_under(folder, {".h", ".cpp", ".md", ".json"})) {
      int n = 0;
      for (const std::string& line : lines(read_text(p.string()))) {
        ++n;
        EXPECT_FALSE(std::regex_search(line, outside)) << in_tree(p) << ":" << n << ": " << line;
      }
    }
  }
}

}  // namespace
}  // namespace navlab::test
