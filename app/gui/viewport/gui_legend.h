// The colour key of what the map shows: the navmesh's areas by name, the start and goal, doors, and the
// colours of the stage the timeline is at (search: open and closed sets; funnel: apex, rays, portal
// ends; turns: arcs tried, stop-turns; channel, spline, Polyanya ...) or of the complete plan. Drawn in
// the viewport's corner (K), in `navlab render` pictures and as a lesson slide's "legend" panel.
#pragma once

#include <string>
#include <vector>

#include "gl_renderer.h"

struct ImDrawList;

namespace navlab::app {

struct Document;
struct PlanView;
struct Settings;
struct Theme;
class Viewport;

struct LegendEntry {
  enum class Mark { Line, Fill, Dot, Ring };
  gl::Rgba colour;
  std::string label;
  Mark mark = Mark::Line;
};

// What the map draws besides the plan.
struct LegendFlags {
  bool midpoints = false;  // the midpoint path
  bool optimal = false;    // the shortest path
  bool channel = false;    // the channel and its spline
  bool funnel = true;      // the complete plan's funnel path (a compare half may leave it out)
  bool arcs = true;        // the complete plan's arcs (a compare half may leave them out)
  bool expanded = false;   // the search's expanded (closed) nodes at its end (a compare half of a search)
};

// What the map draws besides the plan, as the settings switch it on (the midpoint and shortest paths,
// the channel).
LegendFlags legend_flags(const Settings& settings);

// The entries for the document and its plan as of timeline step `step` (steps.size(): complete).
std::vector<LegendEntry> legend_for(const Document& doc, const PlanView& plan, int step, const LegendFlags& flags,
                                    const Theme& theme);
// Draws the entries in a box whose top-right corner is (right, top), in columns that fit `max_h`;
// returns the box's size.
void draw_legend_box(ImDrawList& dl, float right, float top, float max_h, const std::vector<LegendEntry>& entries,
                     const Theme& theme, float* w = nullptr, float* h = nullptr);
// The box in the viewport's bottom-right corner, above the status line.
void draw_legend(Viewport& view, const std::vector<LegendEntry>& entries, const Theme& theme);
// The box's size for `entries` in columns that fit `max_h` (pixels, the current font).
void legend_size(const std::vector<LegendEntry>& entries, float max_h, float* w, float* h);

}  // namespace navlab::app
