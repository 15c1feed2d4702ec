#include "gui_theme.h"

#include <algorithm>

namespace navlab::app {

Theme Theme::normal() { return Theme{}; }

Theme Theme::high_contrast() {
  Theme t;
  t.presenter = true;
  t.line_scale = 1.8f;
  t.background = {0, 0, 0, 255};
  t.grid = {45, 45, 45, 255};
  t.grid_axis = {90, 90, 90, 255};
  t.edge = {0, 0, 0, 255};
  t.wall = {255, 255, 255, 255};
  t.corridor = {0, 220, 230, 110};
  t.path = {255, 200, 0, 255};
  t.text = {255, 255, 255, 255};
  return t;
}

gl::Rgba area_color(int area, double shade, const Theme& theme) {
  static const gl::Rgba normal[] = {{64, 94, 130, 255},  {66, 118, 82, 255},  {128, 96, 56, 255},
                                    {112, 74, 124, 255}, {40, 100, 150, 255}, {120, 120, 60, 255}};
  static const gl::Rgba contrast[] = {{40, 80, 160, 255},  {30, 130, 50, 255},  {160, 100, 20, 255},
                                      {130, 40, 150, 255}, {0, 110, 190, 255},  {150, 150, 0, 255}};
  const auto& pal = theme.presenter ? contrast : normal;
  const gl::Rgba c = pal[std::max(0, area) % 6];
  const double k = 0.55 + 0.45 * std::clamp(shade, 0.0, 1.0);
  return {uint8_t(c.r * k), uint8_t(c.g * k), uint8_t(c.b * k), 255};
}

unsigned to_imu32(gl::Rgba c) {
  return (unsigned(c.a) << 24) | (unsigned(c.b) << 16) | (unsigned(c.g) << 8) | unsigned(c.r);
}

}  // namespace navlab::app
