// SIGTERM and SIGINT end `lesson`, `render` and the app cleanly and soon: exit code 128 + the signal, the
// reason on stderr, every file either whole or not written (no temporary file left, an old GIF kept), and
// the app's own frame loop ended instead of SDL's handler turning the signal into an event nobody reads.
// Each run draws offscreen (SDL_VIDEODRIVER=offscreen) and is stopped once it is under way.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "app_image.h"
#include "paths.h"

namespace navlab {
namespace {

namespace fs = std::filesystem;

struct Stopped {
  int exit_code = -1;
  std::string err;     // first line of stderr
  double seconds = 0;  // from the signal to the exit
};

// Runs `navlab ARGS` in `dir`, waits until the shell test `ready` holds there (the run is under way; at
// most 60 s) and then `settle` seconds more, sends `signal`, and waits for the exit.
Stopped run_and_stop(const fs::path& dir, const std::string& args, const std::string& ready, const std::string& signal,
                     double settle = 0.0) {
  const std::string d = "'" + dir.string() + "'";
  const std::string script = "cd " + d + " && export SDL_VIDEODRIVER=offscreen XDG_CONFIG_HOME=" + d + "/config\n'" +
                             test::navlab_binary() + "' " + args + " >/dev/null 2>err.txt &\npid=$!\ni=0\nwhile ! (" +
                             ready + ") && [ $i -lt 600 ]; do sleep 0.1; i=$((i+1)); done\nsleep " +
                             std::to_string(settle) + "\nt0=$(date +%s%N)\nkill -" + signal +
                             " $pid\nwait $pid\necho $? > rc.txt\n"
                             "echo $(( ($(date +%s%N) - t0) / 1000000 )) > ms.txt\n";
  test::write_text((dir / "run.sh").string(), script);
  EXPECT_EQ(std::system(("sh '" + (dir / "run.sh").string() + "'").c_str()), 0);
  Stopped s;
  s.exit_code = std::atoi(test::read_text((dir / "rc.txt").string()).c_str());
  s.err = test::first_line(test::read_text((dir / "err.txt").string()));
  s.seconds = std::atof(test::read_text((dir / "ms.txt").string()).c_str()) / 1000.0;
  return s;
}

fs::path signal_dir(const std::string& name) {
  const fs::path dir = fs::path(test::temp_dir()) / name;
  fs::remove_all(dir);
  fs::create_directories(dir / "config");
  return dir;
}

// No name of a temporary file (".NAME.navlab-PID-N.tmp") is left in `dir`.
void expect_no_temporary_files(const fs::path& dir) {
  for (const auto& e : fs::recursive_directory_iterator(dir))
    EXPECT_EQ(e.path().filename().string().find(".navlab-"), std::string::npos) << e.path();
}

// Seconds a stopped run may take to end (a frame or a slide under way is finished first).
constexpr double kStopSeconds = 20.0;

TEST(AppSignals, SigtermEndsALessonBetweenSlides) {
  if (test::navlab_binary().empty()) GTEST_SKIP() << "navlab not built";
  const fs::path dir = signal_dir("stop_lesson");
  const std::string lesson = test::source_dir() + "/scenes/lessons/03_failure_reasons.json";
  const Stopped s =
      run_and_stop(dir, "lesson '" + lesson + "' --out out --size 1600x1000", "[ -e out/slide_01.png ]", "TERM");
  EXPECT_EQ(s.exit_code, 143) << s.err;
  EXPECT_EQ(s.err.rfind("navlab lesson: stopped by SIGTERM before slide ", 0), 0u) << s.err;
  EXPECT_LT(s.seconds, kStopSeconds);
  EXPECT_FALSE(fs::exists(dir / "out" / "index.md"));  // the page of a lesson not rendered whole
  for (const auto& e : fs::directory_iterator(dir / "out"))
    EXPECT_TRUE(test::load_png(e.path().string()).ok()) << e.path();  // every slide written is a whole PNG
  expect_no_temporary_files(dir);
}

TEST(AppSignals, SigtermDuringAGifKeepsTheOldFile) {
  if (test::navlab_binary().empty()) GTEST_SKIP() << "navlab not built";
  const fs::path dir = signal_dir("stop_gif");
  test::write_text((dir / "out.gif").string(), "the good GIF");
  // Under way: the temporary file beside out.gif exists once the GIF's header is written.
  const Stopped s = run_and_stop(
      dir, "render '" + test::scene_path("default.json") + "' --step search --gif out.gif --size 1600x1000",
      "ls -a | grep -q navlab-", "TERM");
  EXPECT_EQ(s.exit_code, 143) << s.err;
  EXPECT_NE(s.err.find("stopped by SIGTERM"), std::string::npos) << s.err;
  EXPECT_LT(s.seconds, kStopSeconds);
  EXPECT_EQ(test::read_text((dir / "out.gif").string()), "the good GIF");
  expect_no_temporary_files(dir);
}

TEST(AppSignals, SigtermEndsAScriptedRun) {
  if (test::navlab_binary().empty()) GTEST_SKIP() << "navlab not built";
  const fs::path dir = signal_dir("stop_script");
  test::write_text((dir / "play.json").string(), R"([{"frames": 1}, {"screenshot": "started.png"}, {"play": 120}])");
  const Stopped s =
      run_and_stop(dir, "'" + test::scene_path("default.json") + "' --script play.json --screenshot end.png",
                   "[ -e started.png ]", "TERM");
  EXPECT_EQ(s.exit_code, 143) << s.err;
  EXPECT_NE(s.err.find("stopped by SIGTERM"), std::string::npos) << s.err;
  EXPECT_LT(s.seconds, kStopSeconds);
  EXPECT_FALSE(fs::exists(dir / "end.png"));
  expect_no_temporary_files(dir);
}

TEST(AppSignals, SigintEndsTheInteractiveApp) {
  if (test::navlab_binary().empty()) GTEST_SKIP() << "navlab not built";
  const fs::path dir = signal_dir("stop_app");
  // The app writes its settings only when it ends; it makes their folder as it starts, then opens its
  // window (and its signal handlers): two seconds later it is drawing frames.
  const Stopped s = run_and_stop(dir, "'" + test::scene_path("default.json") + "'", "[ -d config/navlab ]", "INT", 2.0);
  EXPECT_EQ(s.exit_code, 130) << s.err;
  EXPECT_LT(s.seconds, kStopSeconds);
  EXPECT_TRUE(fs::exists(dir / "config" / "navlab" / "settings.json"));  // ended through its own shutdown
  expect_no_temporary_files(dir);
}

}  // namespace
}  // namespace navlab
