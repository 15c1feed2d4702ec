#include "gui_theme.h"

#include <algorithm>
#include <cstdint>

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

namespace {

struct NamedColour {
  const char* name;
  gl::Rgba normal, contrast;  // the normal theme's and presenter mode's
};

// The names scenes use most, each with its colour; floor-like names share the neutral blue-grey.
const NamedColour kNamedAreas[] = {
    {"default", {64, 94, 130, 255}, {40, 80, 160, 255}}, {"floor", {64, 94, 130, 255}, {40, 80, 160, 255}},
    {"water", {36, 110, 175, 255}, {0, 120, 220, 255}},  {"mud", {128, 96, 56, 255}, {160, 100, 20, 255}},
    {"grass", {66, 118, 82, 255}, {30, 130, 50, 255}},   {"road", {96, 98, 104, 255}, {120, 120, 130, 255}},
    {"sand", {150, 132, 80, 255}, {180, 160, 60, 255}},  {"stage", {112, 74, 124, 255}, {130, 40, 150, 255}},
    {"stairs", {120, 120, 60, 255}, {150, 150, 0, 255}}, {"danger", {140, 56, 56, 255}, {180, 30, 30, 255}},
};

// Another name's colour: FNV-1a of its bytes picks one of these (none of them a named area's colour).
const gl::Rgba kHashed[] = {{92, 80, 140, 255}, {60, 120, 118, 255}, {138, 84, 104, 255}, {104, 116, 64, 255},
                            {72, 96, 150, 255}, {140, 110, 70, 255}, {84, 132, 96, 255},  {124, 92, 150, 255}};
const gl::Rgba kHashedContrast[] = {{110, 60, 200, 255}, {0, 150, 140, 255},  {190, 60, 110, 255}, {120, 150, 0, 255},
                                    {50, 100, 220, 255}, {200, 130, 30, 255}, {40, 170, 80, 255},  {160, 70, 210, 255}};

uint32_t fnv1a(const std::string& s) {
  uint32_t h = 2166136261u;
  for (unsigned char c : s) h = (h ^ c) * 16777619u;
  return h;
}

}  // namespace

gl::Rgba area_color(const std::string& name, double shade, const Theme& theme) {
  gl::Rgba c = theme.presenter ? kHashedContrast[fnv1a(name) % 8] : kHashed[fnv1a(name) % 8];
  for (const NamedColour& n : kNamedAreas)
    if (name == n.name) c = theme.presenter ? n.contrast : n.normal;
  const double k = 0.55 + 0.45 * std::clamp(shade, 0.0, 1.0);
  return {uint8_t(c.r * k), uint8_t(c.g * k), uint8_t(c.b * k), 255};
}

unsigned to_imu32(gl::Rgba c) {
  return (unsigned(c.a) << 24) | (unsigned(c.b) << 16) | (unsigned(c.g) << 8) | unsigned(c.r);
}

}  // namespace navlab::app
