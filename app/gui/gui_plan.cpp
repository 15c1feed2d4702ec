#include "gui_plan.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace navlab::app {

const char* stage_name(Stage s) {
  switch (s) {
    case Stage::Locate: return "locate";
    case Stage::Search: return "search";
    case Stage::Funnel: return "funnel";
    case Stage::Clearance: return "clearance";
    case Stage::Turns: return "turns";
    case Stage::Profile: return "profile";
    case Stage::Channel: return "channel";
    case Stage::Spline: return "spline";
    case Stage::Polyanya: return "polyanya";
    case Stage::Bake: return "bake";
  }
  return "search";
}

std::string PlanView::describe(int i, const NavMesh& mesh) const {
  if (i < 0 || i >= int(steps.size())) return "";
  const TimelineStep& s = steps[i];
  switch (s.stage) {
    case Stage::Locate: return locate_trace[s.index].describe();
    case Stage::Search: return search_trace.steps[s.index].describe(mesh, search_trace);
    case Stage::Funnel: return funnel_trace.steps[s.index].describe();
    case Stage::Clearance: return clearance_trace.steps[s.index].describe();
    case Stage::Turns: return turn_trace.steps[s.index].describe();
    case Stage::Profile: return profile_trace.steps[s.index].describe();
    case Stage::Channel: return channel_trace.steps[s.index].describe();
    case Stage::Spline: return spline_trace.steps[s.index].describe();
    case Stage::Polyanya: return optimal_trace.steps[s.index].describe();
    case Stage::Bake: return bake_trace[size_t(s.index)].sentence;
  }
  return "";
}

int PlanView::first_step(Stage st) const {
  for (size_t i = 0; i < steps.size(); ++i)
    if (steps[i].stage == st) return int(i);
  return -1;
}

int PlanView::count(Stage st) const {
  return int(std::count_if(steps.begin(), steps.end(), [&](const TimelineStep& t) { return t.stage == st; }));
}

double PlanView::nearest_s(Vec2 p, double radius) const {
  double best = radius, best_s = -1.0;
  for (const PathPiece& pc : smooth.pieces) {
    const int n = std::max(2, int(std::ceil(pc.length / std::max(radius * 0.5, 1e-3))));
    for (int i = 0; i <= std::min(n, 4096); ++i) {
      const double s = pc.s0 + pc.length * double(i) / n;
      const double d = distance(pc.point(s), p);
      if (d < best) {
        best = d;
        best_s = s;
      }
    }
  }
  return best_s;
}

Vec2 PlanView::point_at(double s) const {
  if (smooth.pieces.empty()) return start;
  for (const PathPiece& pc : smooth.pieces)
    if (s <= pc.s0 + pc.length) return pc.point(s);
  const PathPiece& last = smooth.pieces.back();
  return last.point(last.s0 + last.length);
}

}  // namespace navlab::app
