// Where tests find the source tree (scenes/) and the navlab binary, and a helper to run it.
#pragma once

#include <string>
#include <vector>

namespace navlab::test {

std::string source_dir();                         // the project root
std::string scene_path(const std::string& name);  // source_dir() + "/scenes/" + name
std::vector<std::string> scene_files();           // every scenes/*.json, sorted
std::string navlab_binary();                      // path of the built navlab executable ("" if not built)
std::string temp_dir();                           // a fresh directory for this test process
std::string read_text(const std::string& path);   // the whole file ("" when unreadable)
void write_text(const std::string& path, const std::string& text);  // replaces the file
std::vector<std::string> lines(const std::string& text);            // the text split at line ends
std::string first_line(const std::string& s);                       // up to the first line end

struct RunResult {
  int exit_code = -1;
  std::string out;  // stdout
  std::string err;  // stderr
};
// Runs the navlab binary with the given arguments (shell-quoted here), capturing stdout and stderr.
RunResult run_navlab(const std::string& args);

}  // namespace navlab::test
