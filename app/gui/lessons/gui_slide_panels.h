// The panels a lesson slide draws beside the map ("panels": ["profile", "gfh", "failure", "legend"]),
// drawn on an ImDrawList so the app's slide column and `navlab lesson`'s pictures draw the same: the
// velocity profile v(s) with its total time, the search's G/H/F table as of the step (every row), the
// plan's status with the failure's stage, reason and message, and the colour key.
#pragma once

#include <string>
#include <vector>

#include "gui_legend.h"

struct ImDrawList;
struct ImVec2;

namespace navlab {
struct Profile;
}

namespace navlab::app {

struct Document;
struct PlanView;
struct Theme;

struct SlidePanelInput {
  const Document& doc;
  const PlanView& plan;
  int step;
  const Theme& theme;
  LegendFlags flags;
};

// Draws panel `name` at (x, y), `w` wide; returns the height it took (pixels).
float draw_slide_panel(ImDrawList& dl, const std::string& name, float x, float y, float w, const SlidePanelInput& in);

// A row of the G/H/F table: a node the search has seen by the step, with its numbers then.
struct GfhRow {
  int node = -1;
  double g = 0, h = 0, f = 0;
  int parent = -1;
  bool closed = false;
};
// Every node the search records up to search step `index` (the last record of each node wins).
std::vector<GfhRow> gfh_rows(const PlanView& plan, int index);

// The velocity profile plot (plot_profile.cpp): v(s) by its binding limit, per-piece limits, bands, axes;
// `spline` (or null) the channel spline's profile beside it; `hover_s` (m, -1 none) a marked point.
void draw_profile_plot(ImDrawList& dl, ImVec2 origin, ImVec2 size, const PlanView& p, int step, const Theme& th,
                       const Profile* spline, double max_speed, double hover_s);
// The plot's colour key, one row (wrapped to `width`).
void profile_key(ImDrawList& dl, ImVec2 at, float width);

}  // namespace navlab::app
