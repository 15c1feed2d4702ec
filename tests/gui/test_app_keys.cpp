// Keys in a real window: the app runs shown on an X server of the test's own (SDL's x11 driver on Xvfb),
// `xdotool key` sends quick taps (press and release back to back, as a presentation clicker does) and
// the app prints its state after each key press it handled. Every tap must count: the timeline step,
// play state, slide and presentation after each are checked against what the key must do. And the window
// itself, opened as a user opens it, fits the screen.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "app_image.h"
#include "gui_taps.h"
#include "paths.h"

namespace navlab::test {
namespace {

using nlohmann::json;

// An X server of the test's own (Xvfb on a free display, DISPLAY pointing at it while the object lives).
// The tests run side by side on one X server, and with no window manager SDL gives the keyboard focus to
// every window it shows: another test's window would take the keys xdotool sends to this test's app.
class PrivateDisplay {
 public:
  explicit PrivateDisplay(const std::string& screen) {
    int fds[2];
    if (pipe(fds) != 0) return;
    pid_ = fork();
    if (pid_ == 0) {  // Xvfb writes its display number to fds[1] once it takes connections
      close(fds[0]);
      const int devnull = open("/dev/null", O_WRONLY);
      dup2(devnull, 1);
      dup2(devnull, 2);
      const std::string fd = std::to_string(fds[1]);
      execlp("Xvfb", "Xvfb", "-displayfd", fd.c_str(), "-screen", "0", screen.c_str(), "-nolisten", "tcp",
             static_cast<char*>(nullptr));
      _exit(127);
    }
    close(fds[1]);
    std::string number;
    char c = 0;
    while (pid_ > 0 && read(fds[0], &c, 1) == 1 && c != '\n') number += c;
    close(fds[0]);
    if (number.empty()) return;  // Xvfb is missing or could not start: its end of the pipe closed
    if (const char* old = std::getenv("DISPLAY")) old_ = old;
    display_ = ":" + number;
    setenv("DISPLAY", display_.c_str(), 1);
  }
  PrivateDisplay(const PrivateDisplay&) = delete;
  PrivateDisplay& operator=(const PrivateDisplay&) = delete;
  ~PrivateDisplay() {
    if (!display_.empty()) old_ ? setenv("DISPLAY", old_->c_str(), 1) : unsetenv("DISPLAY");
    if (pid_ > 0) {
      kill(pid_, SIGTERM);
      waitpid(pid_, nullptr, 0);
    }
  }
  bool ok() const { return !display_.empty(); }

 private:
  pid_t pid_ = -1;
  std::string display_;
  std::optional<std::string> old_;
};

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
    // Every raw and SDL key event the app saw and what it made of each: a lost tap explained.
    if (::testing::Test::HasFailure()) std::fprintf(stderr, "%s", read_text(temp_dir() + "/listen_keys.err").c_str());
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
  ASSERT_EQ(std::system("command -v xdotool >/dev/null 2>&1"), 0) << "xdotool is missing: ./dev.sh installs it";
  const PrivateDisplay x("1280x800x24");
  ASSERT_TRUE(x.ok()) << "Xvfb did not start (package xvfb: ./dev.sh installs it)";
  constexpr int kBurst = 14;         // Right taps sent in one xdotool command
  ListeningApp app(9 + kBurst + 6);  // nine single taps, the Right burst, three bursts of two
  const json hello = app.next();
  ASSERT_TRUE(hello.contains("listening")) << hello.dump();
  const std::string window = std::to_string(hello["listening"].get<unsigned long>());
  xdotool("windowfocus --sync " + window);
  // One tap, then the app's state after it.
  auto tap = [&](const std::string& key) {
    xdotool("key " + key);
    return app.next();
  };
  // Taps back to back in one command, with no delay: each release and the next press reach the X server
  // within the same millisecond, which SDL alone takes for a held key. Then the app's state after each.
  auto burst = [&](const std::string& key, int n) {
    std::string cmd = "key --delay 0";
    for (int i = 0; i < n; ++i) cmd += " " + key;
    xdotool(cmd);
    std::vector<json> states;
    for (int i = 0; i < n; ++i) states.push_back(app.next());
    return states;
  };
  json s = tap("Home");
  ASSERT_FALSE(s.is_null()) << "no state line after Home";
  EXPECT_EQ(s["id"], "step_first");
  EXPECT_EQ(s["step"], 0);
  const int steps = s["steps"].get<int>();
  ASSERT_GE(steps, kBurst + 3);
  for (int i = 1; i <= 3; ++i) EXPECT_EQ(tap("Right")["step"], i);
  EXPECT_EQ(tap("Left")["step"], 2);
  // Fourteen quick taps: fourteen presses, fourteen steps (the clicker's case).
  const std::vector<json> rights = burst("Right", kBurst);
  for (int i = 1; i <= kBurst; ++i) {
    ASSERT_FALSE(rights[i - 1].is_null()) << "tap " << i << " of the burst was lost";
    EXPECT_EQ(rights[i - 1]["step"], 2 + i) << "tap " << i;
  }
  EXPECT_EQ(tap("Home")["step"], 0);
  // Keys that act once per press (no repeat) count each quick tap too.
  const std::vector<json> spaces = burst("space", 2);
  ASSERT_FALSE(spaces[1].is_null()) << "the second quick Space was lost";
  EXPECT_EQ(spaces[0]["id"], "play");
  EXPECT_EQ(spaces[0]["playing"], true);
  EXPECT_EQ(spaces[1]["playing"], false);
  EXPECT_EQ(tap("End")["step"], steps);
  const std::vector<json> downs = burst("Next", 2);  // Page Down
  ASSERT_FALSE(downs[1].is_null()) << "the second quick Page Down was lost";
  EXPECT_EQ(downs[0]["lesson"]["slide"], 1);
  EXPECT_EQ(downs[1]["lesson"]["slide"], 2);
  const std::vector<json> ups = burst("Prior", 2);  // Page Up
  ASSERT_FALSE(ups[1].is_null()) << "the second quick Page Up was lost";
  EXPECT_EQ(ups[0]["lesson"]["slide"], 1);
  EXPECT_EQ(ups[1]["lesson"]["slide"], 0);
  s = tap("F5");
  EXPECT_EQ(s["presenting"], true);
  EXPECT_EQ(s["lesson"]["slide"], 0);
  EXPECT_NE(s["lesson"]["file"].get<std::string>().find("04_portals_and_funnel"), std::string::npos)
      << "F5 presents the open lesson; it does not reload the scene";
  EXPECT_EQ(tap("h")["panels_hidden"], true);
}

// A key held down in a real window (the X server repeats it): the arrow steps on with each repeat and
// counts as one press; Space toggles play once, however long it is held.
TEST(AppKeys, AHeldKeyInARealWindowIsOnePressThatRepeats) {
  ASSERT_EQ(std::system("command -v xdotool >/dev/null 2>&1"), 0) << "xdotool is missing: ./dev.sh installs it";
  const PrivateDisplay x("1280x800x24");
  ASSERT_TRUE(x.ok()) << "Xvfb did not start (package xvfb: ./dev.sh installs it)";
  ListeningApp app(5);  // Home, Right (held), H, Space (held), H
  const json hello = app.next();
  ASSERT_TRUE(hello.contains("listening")) << hello.dump();
  xdotool("windowfocus --sync " + std::to_string(hello["listening"].get<unsigned long>()));
  auto hold = [&](const std::string& key) { xdotool("keydown " + key + " sleep 1.5 keyup " + key); };
  xdotool("key Home");
  EXPECT_EQ(app.next()["step"], 0);
  hold("Right");
  EXPECT_EQ(app.next()["step"], 1) << "the press";
  xdotool("key h");
  json s = app.next();
  EXPECT_EQ(s["id"], "hide_panels") << "a held Right is one press: " << s.dump();
  EXPECT_GT(s["step"].get<int>(), 3) << "the server's repeats stepped on";
  hold("space");
  s = app.next();
  EXPECT_EQ(s["id"], "play");
  EXPECT_EQ(s["playing"], true);
  xdotool("key h");
  s = app.next();
  EXPECT_EQ(s["id"], "hide_panels") << "a held Space is one press: " << s.dump();
  EXPECT_EQ(s["playing"], true) << "play was toggled once";
}

// The raw X events SDL reports for each case (SDL asks the server for detectable auto-repeat: a held key
// sends presses and one release at the end), and SDL's own repeat flag on the key downs that follow.
TEST(AppKeys, AHeldKeyStaysARepeatAndAQuickSecondTapIsAPress) {
  constexpr unsigned kRight = 114, kSpace = 65;  // X keycodes
  constexpr int kRightSc = 79, kSpaceSc = 44;    // SDL scancodes
  app::TapTracker t;
  t.x_press(kRight);
  EXPECT_FALSE(t.is_repeat(kRightSc, false)) << "a first press";
  for (int i = 0; i < 3; ++i) {  // held: auto-repeat presses, no release
    t.x_press(kRight);
    EXPECT_TRUE(t.is_repeat(kRightSc, true)) << "auto-repeat " << i;
  }
  t.x_release(kRight);
  t.x_press(kRight);  // tapped again within 2 ms: SDL dropped the release and flags the press
  EXPECT_FALSE(t.is_repeat(kRightSc, true)) << "a quick second tap is a press";
  EXPECT_TRUE(t.is_repeat(kRightSc, true)) << "a key down with no raw press or release before it keeps SDL's flag";
  t.x_press(kRight);  // held from the second tap
  EXPECT_TRUE(t.is_repeat(kRightSc, true));
  t.x_release(kSpace);  // another key's release says nothing about this one
  t.x_press(kRight);
  EXPECT_TRUE(t.is_repeat(kRightSc, true));
  EXPECT_FALSE(t.is_repeat(kRightSc, false));
  // A raw release, then a key down whose raw press never came (an input method took it): the key is
  // known by now, so the release still makes the next key down a press.
  t.x_release(kRight);
  EXPECT_FALSE(t.is_repeat(kRightSc, true)) << "a press after a raw release, with no raw press";
  EXPECT_TRUE(t.is_repeat(kRightSc, true)) << "and then held";
  // SDL's own key up is a release too (another video driver, or a release SDL kept).
  t.sdl_up(kRightSc);
  EXPECT_FALSE(t.is_repeat(kRightSc, true)) << "a press after SDL's key up";
  // A key released before any press of it was seen: the release is kept by keycode until its press.
  t.x_release(kSpace);
  t.x_press(kSpace);
  EXPECT_FALSE(t.is_repeat(kSpaceSc, true)) << "a first Space after its raw release";
  t.x_press(kSpace);
  EXPECT_TRUE(t.is_repeat(kSpaceSc, true)) << "Space held";
}

// The app opened as a user opens it (no script: a shown window, at its default 1440 x 900) on a screen
// smaller than that: the window is clamped to the screen, as large as the screen allows.
TEST(AppWindow, AShownWindowIsNeverLargerThanTheScreen) {
  ASSERT_EQ(std::system("command -v xdotool >/dev/null 2>&1"), 0) << "xdotool is missing: ./dev.sh installs it";
  const PrivateDisplay x("1280x720x24");
  ASSERT_TRUE(x.ok()) << "Xvfb did not start (package xvfb: ./dev.sh installs it)";
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
  ASSERT_EQ(sw, 1280) << "the test's own screen, smaller than the default window";
  EXPECT_EQ(v["WIDTH"], std::min(1440, sw));
  EXPECT_EQ(v["HEIGHT"], std::min(900, sh));
}

}  // namespace
}  // namespace navlab::test
