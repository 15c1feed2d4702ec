#include "app_image.h"

#include <gtest/gtest.h>
#include <stb_image.h>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <set>

#include "paths.h"

namespace navlab::test {

using nlohmann::json;

Image load_png(const std::string& path) {
  Image img;
  int n = 0;
  unsigned char* data = stbi_load(path.c_str(), &img.w, &img.h, &n, 4);
  if (!data) return {};
  img.px.assign(data, data + size_t(img.w) * img.h * 4);
  stbi_image_free(data);
  return img;
}

void use_display() {
  const char* d = std::getenv("DISPLAY");
  if (!d || !*d) setenv("SDL_VIDEODRIVER", "offscreen", 1);
}

Camera camera_of(const json& state, double w, double h) {
  Camera c;
  c.cx = state["camera"]["center"][0].get<double>();
  c.cy = state["camera"]["center"][1].get<double>();
  c.scale = state["camera"]["scale"].get<double>();
  c.w = w;
  c.h = h;
  return c;
}

bool colour_near(const Image& img, double x, double y, Rgb c, int radius) {
  for (int dy = -radius; dy <= radius; ++dy)
    for (int dx = -radius; dx <= radius; ++dx) {
      const int xx = int(std::lround(x)) + dx, yy = int(std::lround(y)) + dy;
      if (xx < 0 || yy < 0 || xx >= img.w || yy >= img.h) continue;
      const unsigned char* p = img.at(xx, yy);
      if (std::abs(p[0] - c.r) < 40 && std::abs(p[1] - c.g) < 40 && std::abs(p[2] - c.b) < 50) return true;
    }
  return false;
}

double path_hits(const Image& img, const json& path, const Camera& cam, double offset_px) {
  int samples = 0, hits = 0;
  for (size_t i = 0; i + 1 < path.size(); ++i) {
    double ax, ay, bx, by;
    cam.project(path[i][0].get<double>(), path[i][1].get<double>(), &ax, &ay);
    cam.project(path[i + 1][0].get<double>(), path[i + 1][1].get<double>(), &bx, &by);
    const double len = std::hypot(bx - ax, by - ay);
    if (len < 40.0) continue;
    const double nx = -(by - ay) / len, ny = (bx - ax) / len;
    for (double t = 16.0; t < len - 16.0; t += 4.0) {
      ++samples;
      hits += colour_near(img, ax + (bx - ax) * t / len + nx * offset_px, ay + (by - ay) * t / len + ny * offset_px,
                          kPathColour, 2);
    }
  }
  return samples > 0 ? double(hits) / samples : 0.0;
}

int distinct_colours(const Image& img) {
  std::set<unsigned> colours;
  for (size_t i = 0; i < img.px.size(); i += 4 * 7)
    colours.insert(unsigned(img.px[i]) << 16 | unsigned(img.px[i + 1]) << 8 | img.px[i + 2]);
  return int(colours.size());
}

int differing(const Image& a, const Image& b, int tol) {
  int n = 0;
  for (size_t i = 0; i + 3 < a.px.size() && i + 3 < b.px.size(); i += 4)
    for (size_t c = 0; c < 3; ++c)
      if (std::abs(int(a.px[i + c]) - int(b.px[i + c])) > tol) {
        ++n;
        break;
      }
  return n;
}

json last_json_line(const std::string& out) {
  const size_t line = out.rfind('\n', out.size() >= 2 ? out.size() - 2 : 0);
  return json::parse(out.substr(line == std::string::npos ? 0 : line + 1), nullptr, false);
}

std::string write_file(const std::string& name, const std::string& text) {
  const std::string path = temp_dir() + "/" + name;
  std::ofstream(path) << text;
  return path;
}

ScriptRun run_script(const std::string& name, const std::string& actions, const std::string& scene,
                     const std::string& capture) {
  use_display();
  const std::string script =
      write_file(name + ".json", R"({"capture": ")" + capture + R"(", "actions": )" + actions + "}");
  const std::string shot = temp_dir() + "/" + name + ".png";
  const std::string scene_file = scene.rfind('/', 0) == 0 ? scene : scene_path(scene);
  const RunResult r =
      run_navlab("'" + scene_file + "' --script '" + script + "' --screenshot '" + shot + "' --size 1100x760");
  ScriptRun out;
  out.exit_code = r.exit_code;
  out.err = r.err;
  out.state = last_json_line(r.out);
  out.img = load_png(shot);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_FALSE(out.state.is_discarded()) << r.out;
  EXPECT_TRUE(out.img.ok()) << shot;
  return out;
}

void expect_cli_plans_as_the_app(const std::string& saved, const json& app_path) {
  const RunResult cli = run_navlab("plan '" + saved + "'");
  ASSERT_EQ(cli.exit_code, 0) << cli.err;
  const json corners = json::parse(cli.out)["results"][0]["corners"];
  ASSERT_EQ(corners.size(), app_path.size());
  for (size_t i = 0; i < corners.size(); ++i) {
    ASSERT_GE(corners[i].size(), app_path[i].size()) << i;  // a mesh scene's corners carry their height too
    for (size_t k = 0; k < app_path[i].size(); ++k)
      EXPECT_NEAR(corners[i][k].get<double>(), app_path[i][k].get<double>(), 1e-9) << i;
  }
}

const nlohmann::json& door(const nlohmann::json& state, const std::string& id) {
  for (const nlohmann::json& d : state["doors"]["doors"])
    if (d["id"] == id) return d;
  static const nlohmann::json none;
  return none;
}

}  // namespace navlab::test
