// House rules that a reader of the tree relies on, checked over every tracked source and document:
// the planner library includes nothing of the front end and no header by a relative path that climbs
// out of its folder, every repository path a comment or document names exists, every source file
// follows the .clang-format at the top of the tree, every document is Markdown (not a file reformatted as
// code), no function is longer than a hundred lines, and every file of the app's rooms that still
// includes the App is named in docs/architecture.md.
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <cstdio>
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

// A room's file (one in a folder under app/gui/) takes the Session and its own pieces, never the whole
// App: no include runs back up to gui_app.h. Only the files at app/gui's top (the frame, the keys, the
// layout, the scripted runs' runner) take the App.
TEST(RepoRules, NoRoomFileIncludesTheApp) {
  const std::regex includes_app(R"(^\s*#\s*include\s*"gui_app\.h")");
  int files = 0;
  for (const fs::path& p : files_under("app/gui", {".h", ".cpp"})) {
    const fs::path in_gui = fs::relative(p, source_dir() + "/app/gui");
    if (in_gui.parent_path().empty()) continue;  // the frame's own files
    ++files;
    for (const std::string& line : lines(read_text(p.string())))
      EXPECT_FALSE(std::regex_search(line, includes_app)) << in_tree(p) << " is a room's file and includes gui_app.h";
  }
  EXPECT_GT(files, 50);
}

// The code follows .clang-format: clang-format (installed by dev.sh) changes nothing in any C++ file of
// the tree. To format a file: clang-format -i FILE.
TEST(RepoRules, EverySourceFileFollowsTheClangFormatStyle) {
  std::string command = "clang-format --dry-run -Werror --style=file";
  int files = 0;
  for (const char* folder : {"core", "app", "tests", "bench"})
    for (const fs::path& p : files_under(folder, {".h", ".cpp"})) {
      command += " '" + p.string() + "'";
      ++files;
    }
  command += " 2>&1";
  FILE* pipe = popen(command.c_str(), "r");
  ASSERT_NE(pipe, nullptr) << "cannot run clang-format";
  std::string report;
  char buffer[4096];
  while (report.size() < 20000 && std::fgets(buffer, sizeof buffer, pipe)) report += buffer;
  const int status = pclose(pipe);
  ASSERT_NE(WEXITSTATUS(status), 127) << "clang-format is not installed (./dev.sh installs it)";
  EXPECT_EQ(status, 0) << "files not formatted as .clang-format says (clang-format -i FILE):\n" << report;
  EXPECT_GT(files, 300);
}

// The documents are Markdown, not C++: outside a fenced block every line that begins with `#` is a
// heading (`#` to `######`, a space, its words), and every fence opens on a line of its own or with a
// language name. A document run through clang-format by mistake loses both (it wrote "#Performance" and
// "``` navlab bench scenes /" into docs/performance.md once), and nothing else would notice.
TEST(RepoRules, EveryDocumentIsMarkdownNotReformattedCode) {
  const std::regex heading(R"(^#{1,6} \S)"), fence(R"(^\s*```([A-Za-z0-9_+-]*)\s*$)");
  std::vector<fs::path> docs = files_under("docs", {".md"});
  docs.push_back(source_dir() + "/README.md");
  for (const fs::path& p : docs) {
    bool in_fence = false;
    int n = 0;
    for (const std::string& line : lines(read_text(p.string()))) {
      ++n;
      if (line.find("```") != std::string::npos && line.find_first_not_of(" \t") == line.find("```")) {
        EXPECT_TRUE(std::regex_match(line, fence) || in_fence) << in_tree(p) << ":" << n << ": " << line;
        in_fence = !in_fence;
        continue;
      }
      if (!in_fence && line.starts_with("#"))
        EXPECT_TRUE(std::regex_search(line, heading)) << in_tree(p) << ":" << n << ": " << line;
    }
    EXPECT_FALSE(in_fence) << in_tree(p) << " ends inside a fenced block";
  }
  EXPECT_GT(docs.size(), 5u);
}

// No function is longer than kMaxFunctionLines, signature to closing brace. Read from the layout
// .clang-format gives the code: a definition at namespace scope starts at column 0, its body opens at the
// end of its signature's last line and closes with the next `}` at column 0 (member functions defined in
// a class body are indented, and short ones anyway).
constexpr int kMaxFunctionLines = 100;

bool starts_a_definition(const std::string& line) {
  static const std::regex not_code(
      R"(^(namespace|struct|class|enum|union|extern|template|using|typedef|static_assert|#|//|\}|\s|$))");
  return !line.empty() && !std::regex_search(line, not_code);
}

TEST(RepoRules, NoFunctionIsLongerThanAHundredLines) {
  int functions = 0;
  for (const char* folder : {"core", "app", "tests", "bench"})
    for (const fs::path& p : files_under(folder, {".h", ".cpp"})) {
      const std::vector<std::string> text = lines(read_text(p.string()));
      for (size_t i = 0; i < text.size(); ++i) {
        if (!starts_a_definition(text[i])) continue;
        // The signature's last line ends with the body's `{`; a blank line, `;` or `}` ends the search.
        const auto last = [&](size_t k) { return text[k].empty() ? '\0' : text[k].back(); };
        size_t open = i;
        while (open < text.size() && open - i < 8 && !text[open].empty() && last(open) != '{' && last(open) != ';' &&
               last(open) != '}')
          ++open;
        if (open >= text.size() || text[open].empty() || text[open].back() != '{') continue;
        if (text[i].find('(') == std::string::npos && text[open].find('(') == std::string::npos) continue;
        size_t close = open + 1;
        while (close < text.size() && (text[close].empty() || text[close][0] != '}')) ++close;
        ++functions;
        EXPECT_LE(int(close - i + 1), kMaxFunctionLines) << in_tree(p) << ":" << i + 1 << ": " << text[i];
        i = close;
      }
    }
  EXPECT_GT(functions, 2000);
}

}  // namespace
}  // namespace navlab::test
