// Shared by the app tests: run the navlab app headless on a script, read back its PNG and its printed
// state, and look for the app's colours where the camera projects plan points.
#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace navlab::test {

struct Rgb {
  int r = 0, g = 0, b = 0;
};

inline constexpr Rgb kPathColour{255, 190, 30};  // the app's funnel path colour

struct Image {
  int w = 0, h = 0;
  std::vector<unsigned char> px;  // RGBA
  bool ok() const { return w > 0 && h > 0; }
  const unsigned char* at(int x, int y) const { return &px[(size_t(y) * w + x) * 4]; }
};

// Reads a PNG as RGBA; an empty image when it cannot be read.
Image load_png(const std::string& path);
// The test command runs ctest under xvfb-run; without an X display, SDL's offscreen driver renders.
void use_display();

// The viewport camera the app prints: plane point -> pixel.
struct Camera {
  double cx = 0, cy = 0, scale = 1, w = 1, h = 1;
  void project(double x, double y, double* px, double* py) const {
    *px = (x - cx) * scale + w * 0.5;
    *py = h * 0.5 - (y - cy) * scale;
  }
};
Camera camera_of(const nlohmann::json& state, double w, double h);

// Whether colour `c` is within (40, 40, 50) of a pixel in the square of `radius` px around (x, y).
bool colour_near(const Image& img, double x, double y, Rgb c, int radius);
// Fraction of samples along `path` (every 4 px, away from its vertices) where the path colour is found;
// `offset_px` moves every sample sideways (a control that must miss).
double path_hits(const Image& img, const nlohmann::json& path, const Camera& cam, double offset_px = 0.0);
// How many distinct colours a sparse sample of the picture has (a blank picture has one).
int distinct_colours(const Image& img);
// How many pixels of two pictures of one size differ by more than `tol` in some colour channel.
int differing(const Image& a, const Image& b, int tol);

// The last line of the app's output parsed as JSON (discarded when it is not JSON).
nlohmann::json last_json_line(const std::string& out);
// The door `id` in an app state's doors panel (state["doors"]["doors"]), or null.
const nlohmann::json& door(const nlohmann::json& state, const std::string& id);
// Writes `text` to temp_dir()/name and returns the path.
std::string write_file(const std::string& name, const std::string& text);

struct ScriptRun {
  int exit_code = -1;
  std::string err;
  nlohmann::json state;  // what the app printed at exit
  Image img;             // the screenshot
  Camera camera() const { return camera_of(state, img.w, img.h); }
};
// Runs `actions` (a JSON array) on scenes/`scene` (or the file `scene`, given as an absolute path) at
// 1100x760, capturing "viewport" or "window"; expects (EXPECT_*) exit code 0, a printed state and a
// readable screenshot.
ScriptRun run_script(const std::string& name, const std::string& actions, const std::string& scene = "default.json",
                     const std::string& capture = "viewport");

// `navlab plan` on the scene file `saved` (the app's Save) gives the corners `app_path` the app showed
// (its state's "path"), to 1e-9 m (EXPECT_*/ASSERT_*).
void expect_cli_plans_as_the_app(const std::string& saved, const nlohmann::json& app_path);

}  // namespace navlab::test
