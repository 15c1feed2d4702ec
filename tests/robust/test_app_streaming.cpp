// Outputs that grow with their input are written as they are made, so a command's memory does not grow
// with them: a GIF frame by frame, plan's results query by query. Each command's peak resident size is
// measured on its own process (wait4's rusage) for a small and a large output and compared.
#include <gtest/gtest.h>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "paths.h"

namespace navlab {
namespace {

namespace fs = std::filesystem;

struct Peak {
  int exit_code = -1;
  long max_rss_kb = 0;
};

// Runs `command` with sh in `dir` (stdout to /dev/null) and measures that process alone.
Peak run_measured(const fs::path& dir, const std::string& command) {
  const pid_t pid = fork();
  if (pid == 0) {
    if (chdir(dir.c_str()) != 0) _exit(127);
    execl("/bin/sh", "sh", "-c", (command + " >/dev/null 2>err.txt").c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  int status = 0;
  rusage usage{};
  Peak p;
  if (pid > 0 && wait4(pid, &status, 0, &usage) == pid) {
    p.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    p.max_rss_kb = usage.ru_maxrss;
  }
  return p;
}

fs::path streaming_dir(const std::string& name) {
  const fs::path dir = fs::path(test::temp_dir()) / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

std::string navlab() { return "SDL_VIDEODRIVER=offscreen '" + test::navlab_binary() + "'"; }

TEST(AppStreaming, AGifOfManyStepsNeedsNoMoreMemoryThanOnePicture) {
#ifdef NAVLAB_SANITIZED
  GTEST_SKIP() << "AddressSanitizer keeps freed memory in quarantine: peak memory says nothing here (the release build "
                  "runs this)";
#endif
  if (test::navlab_binary().empty()) GTEST_SKIP() << "navlab not built";
  const fs::path dir = streaming_dir("gif_memory");
  // A strip of 200 unit squares searched with Dijkstra: 400 search steps, so the GIF has 401 frames of
  // 320x200 (256 KB of pixels each: keeping them all would add about 100 MB).
  std::string verts, polys;
  for (int i = 0; i <= 200; ++i)
    verts += (i ? ", [" : "[") + std::to_string(i) + ", 0], [" + std::to_string(i) + ", 1]";
  for (int i = 0; i < 200; ++i)
    polys += (i ? ", [" : "[") + std::to_string(2 * i) + ", " + std::to_string(2 * i + 2) + ", " +
             std::to_string(2 * i + 3) + ", " + std::to_string(2 * i + 1) + "]";
  test::write_text((dir / "strip.json").string(),
                   R"({"navlab": 1, "navmesh": {"vertices": [)" + verts + R"(], "polygons": [)" + polys + R"(]},
      "search": {"algorithm": "dijkstra"}, "queries": [{"start": [0.5, 0.5], "goal": [199.5, 0.5]}]})");
  const Peak png = run_measured(dir, navlab() + " render strip.json --out one.png --size 320x200");
  const Peak gif = run_measured(dir, navlab() + " render strip.json --step search --gif many.gif --size 320x200");
  ASSERT_EQ(png.exit_code, 0) << test::read_text((dir / "err.txt").string());
  ASSERT_EQ(gif.exit_code, 0) << test::read_text((dir / "err.txt").string());
  EXPECT_GT(fs::file_size(dir / "many.gif"), 400u * 1000u);  // every frame is in the file
  EXPECT_LT(gif.max_rss_kb - png.max_rss_kb, 30 * 1024) << png.max_rss_kb << " KB vs " << gif.max_rss_kb << " KB";
}

TEST(AppStreaming, PlanResultsArePrintedQueryByQuery) {
#ifdef NAVLAB_SANITIZED
  GTEST_SKIP() << "AddressSanitizer keeps freed memory in quarantine: peak memory says nothing here (the release build "
                  "runs this)";
#endif
  if (test::navlab_binary().empty()) GTEST_SKIP() << "navlab not built";
  const fs::path dir = streaming_dir("plan_memory");
  // Queries across the default floor, each with its trace (205 KB of JSON each, several times that as a
  // JSON tree in memory: 200 of them kept until the end would add hundreds of MB).
  auto queries = [&](int n, const std::string& name) {
    std::string text = "[";
    for (int i = 0; i < n; ++i) text += std::string(i ? ", " : "") + R"({"start": [3, 22], "goal": [37, 2.5]})";
    test::write_text((dir / name).string(), text + "]");
  };
  queries(10, "ten.json");
  queries(200, "many.json");
  const std::string plan = navlab() + " plan '" + test::scene_path("default.json") + "' --trace --queries ";
  const Peak ten = run_measured(dir, plan + "ten.json");
  const Peak many = run_measured(dir, plan + "many.json");
  ASSERT_EQ(ten.exit_code, 0) << test::read_text((dir / "err.txt").string());
  ASSERT_EQ(many.exit_code, 0) << test::read_text((dir / "err.txt").string());
  EXPECT_LT(many.max_rss_kb - ten.max_rss_kb, 20 * 1024) << ten.max_rss_kb << " KB vs " << many.max_rss_kb << " KB";
}

}  // namespace
}  // namespace navlab
