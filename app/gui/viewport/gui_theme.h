// Colours and sizes shared by the viewport, the plot and the panels (normal and presenter mode).
#pragma once

#include <string>
#include <vector>

#include "gl_renderer.h"

namespace navlab::app {

struct Theme {
  bool presenter = false;  // projector: large font, high contrast, thick lines
  float line_scale = 1.0f;
  gl::Rgba background{30, 33, 38, 255};
  gl::Rgba grid{52, 57, 64, 255};
  gl::Rgba grid_axis{78, 85, 96, 255};
  gl::Rgba edge{22, 25, 30, 255};     // inner polygon edges
  gl::Rgba wall{210, 214, 220, 255};  // boundary edges
  gl::Rgba corridor{70, 190, 200, 90};
  gl::Rgba open_set{120, 230, 140, 120};
  gl::Rgba closed_set{150, 110, 220, 110};
  gl::Rgba current{255, 255, 255, 140};
  gl::Rgba portal{170, 180, 190, 255};
  gl::Rgba left{80, 220, 120, 255};  // left ends, left rays
  gl::Rgba right{245, 85, 95, 255};  // right ends, right rays
  gl::Rgba apex{255, 255, 255, 255};
  gl::Rgba midpoint{160, 160, 170, 255};    // the naive midpoint path
  gl::Rgba path{255, 190, 30, 255};         // the funnel path (the tests look for this colour)
  gl::Rgba smooth{60, 230, 250, 255};       // the clearance path and its arcs
  gl::Rgba optimal{150, 255, 110, 255};     // the exact shortest path (Polyanya)
  gl::Rgba gate{250, 160, 90, 255};         // channel gates
  gl::Rgba spline{200, 120, 255, 255};      // the circle-arc spline fitted in the channel: its segments
  gl::Rgba spline_arc{255, 130, 230, 255};  // and its arcs
  gl::Rgba stop{255, 70, 200, 255};         // stop-turn markers
  gl::Rgba start{60, 220, 90, 255};
  gl::Rgba goal{240, 70, 60, 255};
  gl::Rgba door_open{120, 200, 120, 255};
  gl::Rgba door_closed{230, 60, 60, 255};
  gl::Rgba link{110, 170, 255, 255};  // off-mesh links (jumps, drops, ladders)
  gl::Rgba blocker{240, 150, 60, 200};
  gl::Rgba spawn{250, 240, 120, 255};
  gl::Rgba text{230, 232, 236, 255};
  gl::Rgba hover{255, 255, 255, 60};

  friend bool operator==(const Theme&, const Theme&) = default;
  static Theme normal();
  static Theme high_contrast();  // presenter mode
};

// Area colours by the area's name, the same in every scene: a fixed table of the common names (default
// and floor, water, mud, grass, road, sand, stage, stairs ...) and, for another name, a colour of a
// fixed palette picked by a stable hash of the name. `shade` in [0, 1] darkens for height (3D meshes).
gl::Rgba area_color(const std::string& name, double shade, const Theme& theme);
// The name of area index `area` in a mesh's `names` ("area N" past their end).
inline std::string area_name(const std::vector<std::string>& names, int area) {
  return area >= 0 && size_t(area) < names.size() ? names[size_t(area)] : "area " + std::to_string(area);
}

// ImGui's 32-bit colour from ours.
unsigned to_imu32(gl::Rgba c);

}  // namespace navlab::app
