// Keys in a real window: the app runs shown on the X server (SDL's x11 driver, under Xvfb in the tests),
// `xdotool key` sends quick taps (press and release back to back, as a presentation clicker does) and
// the app prints its state after each key press it handled. Every tap must count: the timeline step,
// play state, slide and presentation after each are checked against what the key must do. And the window
// itself, opened as a user opens it, fits the screen.
#include <gtest/gtest.h>

#include <cstdio>
#include <algorithm>
#include <cstdlib>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "app_image.h"
#include "paths.h"

namespace navlab::test {
namespace {

using nlohmann::json;

// The app on a script that opens a lesson and then listens for `keys` key presses.
class ListeningApp {
 public:
  explicit ListeningApp(int keys) {
    const std::string lesson = source_dir() + "/scenes/lessons/04_portals_and_funnel.json";
    const std::string script = write_file("listen_keys.json", R"([{"lesson": ")" + lesson + R"("}, {"listen_keys": )" +
                                                                  std::to_string(keys) + R"(, "seconds": 60}])");
    const std::string cmd = "'" + navlab_binary() + "' '" + scene_path("default.json") + "' --script '" + script +
                            "' --size 1280x720 2>'" + temp_dir() + "/listen_keys.err'";
    pipe_ = popen(cmd.c_str(), "r");
  }
  ~ListeningApp() {
    if (pipe_) pclose(pipe_);
  }
  // The next JSON line the app printed (null at its end).
  json next() {
    char buf[8192];
    while (pipe_ && std::fgets(buf, sizeof buf, pipe_)) {
      const json j = json::parse(buf, nullptr, false);
      if (!j.is_discarded() && j.is_object()) return j;
    }
    return nullptr;
  }

 private:
  FILE* pipe_ = nullptr;
};

void xdotool(const std::string& args) {
  ASSERT_EQ(std::system(("xdotool " + args + " >/dev/null 2>&1").c_str()), 0) << "xdotool " << args;
}

TEST(AppKeys, QuickTapsInARealWindowAllCount) {
  const char* display = std::getenv("DISPLAY");
  if (!display || !*display) GTEST_SKIP() << "no X display (the tests run under xvfb-run)";
  ASSERT_EQ(std::system("command -v xdotool >/dev/null 2>&1"), 0) << "xdotool is missing: ./dev.sh installs it";
  constexpr int kBurst = 14;  // Right taps sent in one xdotool command
  ListeningApp app(13 + kBurst);
  const json hello = app.next();
  ASSERT_TRUE(hello.contains("listening")) << hello.dump();
  const std::string window = std::to_string(hello["listening"].get<unsigned long>());
  xdotool("windowfocus --sync " + window);
  // One tap, then the app's state after it.
  auto tap = [&](const std::string& key) {
    xdotool("key " + key);
    return app.next();
  };
  json s = tap("Home");
  ASSERT_FALSE(s.is_null()) << "no state line after Home";
  EXPECT_EQ(s["id"], "step_first");
  EXPECT_EQ(s["step"], 0);
  const int steps = s["steps"].get<int>();
  ASSERT_GE(steps, 4);
  for (int i = 1; i <= 3; ++i) EXPECT_EQ(tap("Right")["step"], i);
  EXPECT_EQ(tap("Left")["step"], 2);
  // Fourteen quick taps in one command: fourteen presses, fourteen steps (the clicker's case).
  std::string burst = "key --delay 12";
  for (int i = 0; i < kBurst; ++i) burst += " Right";
  xdotool(burst);
  for (int i = 1; i <= kBurst; ++i) {
    s = app.next();
    ASSERT_FALSE(s.is_null()) << "tap " << i << " of the burst was lost";
    EXPECT_EQ(s["step"], std::min(2 + i, steps)) << "tap " << i;
  }
  EXPECT_EQ(tap("Home")["step"], 0);
  s = tap("space");
  EXPECT_EQ(s["id"], "play");
  EXPECT_EQ(s["playing"], true);
  EXPECT_EQ(tap("space")["playing"], false);
  EXPECT_EQ(tap("End")["step"], steps);
  s = tap("Next");  // Page Down
  EXPECT_EQ(s["lesson"]["slide"], 1);
  EXPECT_EQ(tap("Prior")["lesson"]["slide"], 0);  // Page Up
  s = tap("F5");
  EXPECT_EQ(s["presenting"], true);
  EXPECT_EQ(s["lesson"]["slide"], 0);
  EXPECT_NE(s["lesson"]["file"].get<std::string>().find("04_portals_and_funnel"), std::string::npos)
      << "F5 presents the open lesson; it does not reload the scene";
  EXPECT_EQ(tap("h")["panels_hidden"], true);
}

// The app opened as a user opens it (no script: a shown window, at its default 1440 x 900) on a screen
// smaller than that: the window is clamped to the screen, as large as the screen allows.
TEST(AppWindow, AShownWindowIsNeverLargerThanTheScreen) {
  const char* display = std::getenv("DISPLAY");
  if (!display || !*display) GTEST_SKIP() << "no X display (the tests run under xvfb-run)";
  ASSERT_EQ(std::system("command -v xdotool >/dev/null 2>&1"), 0) << "xdotool is missing: ./dev.sh installs it";
  const std::string config = temp_dir() + "/window_config";  // no saved settings or window size
  const std::string cmd = "XDG_CONFIG_HOME='" + config + "' '" + navlab_binary() + "' '" + scene_path("default.json") +
                          "' >/dev/null 2>&1 & p=$!; id=$(timeout 30 xdotool search --sync --onlyvisible --pid $p "
                          "| head -1); xdotool getwindowgeometry --shell $id; kill $p; wait $p";
  FILE* pipe = popen(cmd.c_str(), "r");
  ASSERT_NE(pipe, nullptr);
  std::map<std::string, int> v;
  char buf[256];
  while (std::fgets(buf, sizeof buf, pipe)) {
    const std::string line(buf);
    const size_t eq = line.find('=');
    if (eq != std::string::npos) v[line.substr(0, eq)] = std::atoi(line.c_str() + eq + 1);
  }
  pclose(pipe);
  ASSERT_TRUE(v.count("WIDTH") && v.count("HEIGHT")) << "the app's window never showed";
  FILE* screen = popen("xdotool getdisplaygeometry", "r");
  ASSERT_NE(screen, nullptr);
  int sw = 0, sh = 0;
  ASSERT_EQ(std::fscanf(screen, "%d %d", &sw, &sh), 2);
  pclose(screen);
  ASSERT_GT(sw, 0);
  ASSERT_LT(sw, 1440) << "run on a screen smaller than the default window (xvfb-run -s '-screen 0 1280x800x24')";
  EXPECT_EQ(v["WIDTH"], std::min(1440, sw));
  EXPECT_EQ(v["HEIGHT"], std::min(900, sh));
}

}  // namespace
}  // namespace navlab::test
