#include "paths.h"

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace navlab::test {

std::string source_dir() { return NAVLAB_SOURCE_DIR; }
std::string scene_path(const std::string& name) { return source_dir() + "/scenes/" + name; }
std::string navlab_binary() { return NAVLAB_BINARY; }

std::vector<std::string> scene_files() {
  std::vector<std::string> out;
  for (const auto& e : std::filesystem::directory_iterator(source_dir() + "/scenes"))
    if (e.path().extension() == ".json") out.push_back(e.path().string());
  std::sort(out.begin(), out.end());
  return out;
}

std::string temp_dir() {
  static const std::string dir = [] {
    std::string tmpl = (std::filesystem::temp_directory_path() / "navlab-test-XXXXXX").string();
    const char* made = mkdtemp(tmpl.data());
    return std::string(made ? made : "/tmp");
  }();
  return dir;
}

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

void write_text(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
}

RunResult run_navlab(const std::string& args) {
  static int counter = 0;
  const std::string base = temp_dir() + "/run" + std::to_string(getpid()) + "_" + std::to_string(counter++);
  const std::string cmd = "'" + navlab_binary() + "' " + args + " >'" + base + ".out' 2>'" + base + ".err' </dev/null";
  const int status = std::system(cmd.c_str());
  RunResult r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = read_text(base + ".out");
  r.err = read_text(base + ".err");
  return r;
}

std::string first_line(const std::string& s) { return s.substr(0, s.find('\n')); }

}  // namespace navlab::test
