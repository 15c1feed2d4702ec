// Where the window's parts go: the panels column on the left, the lesson's slide column on the right
// (beside the map, never over it), the map in the middle with the timeline's details under it and, at
// the bottom, the transport bar (buttons, scrubber and the step's sentence), which is always shown. In a
// presentation the left column and the details give way to the map (the slide names the panels it
// needs); H hides every side panel and the map takes the room.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>

namespace navlab::app {

// The side panels of the left column, in their order there. Each has one row in gui_layout.cpp's table
// (its name in scripts, its View menu item and the function that draws it): a new panel is a value here
// and a row there.
enum class SidePanel { Scene, Search, Funnel, Agent, Failure, Spawn, Doors, Bake, Links, Areas, Count };

// Which side panels are shown (all at first), and H's hiding of them all.
struct SidePanels {
  SidePanels() { shown.fill(true); }
  std::array<bool, size_t(SidePanel::Count)> shown;
  bool hidden = false;  // H: every side panel hidden, the map takes the room
  bool& operator[](SidePanel p) { return shown[size_t(p)]; }
  bool operator[](SidePanel p) const { return shown[size_t(p)]; }
  bool any() const;  // some panel of the left column is switched on
};

// The side panel a script names ({"panel": NAME}: "scene", "search", "funnel", "agent", "failure",
// "spawn", "doors", "bake", "links", "areas"), if any.
std::optional<SidePanel> side_panel_named(std::string_view name);

struct Rect {
  float x = 0, y = 0, w = 0, h = 0;  // window pixels
  bool empty() const { return w <= 0.0f || h <= 0.0f; }
  bool contains(float px, float py) const { return px >= x && px < x + w && py >= y && py < y + h; }
  bool overlaps(const Rect& o) const {
    return !empty() && !o.empty() && x < o.x + o.w && o.x < x + w && y < o.y + o.h && o.y < y + h;
  }
};

struct LayoutInput {
  Rect work;                  // the window below the menu bar
  float scale = 1.0f;         // presenter mode's font scale (1: the normal font)
  bool left_panels = true;    // some panel of the left column is switched on
  bool slide = false;         // a lesson is open
  bool presenting = false;    // F5: the left column and the details give way
  bool hidden = false;        // H: every side panel hidden
  float transport_h = 80.0f;  // the transport bar's height for its sentence (pixels)
};

struct Layout {
  Rect map;        // the viewport (in the compare view, both halves)
  Rect left;       // the panels column (empty: not shown)
  Rect slide;      // the slide column (empty: not shown)
  Rect details;    // the timeline's details and the velocity profile (empty: not shown)
  Rect transport;  // buttons, scrubber and the step's sentence
};

Layout compute_layout(const LayoutInput& in);

}  // namespace navlab::app
