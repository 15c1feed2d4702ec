#include "gui_plan.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace navlab::app {

std::string PlanView::describe(int i, const NavMesh& mesh) const {
  if (i < 0 || i >= int(steps.size())) return "";
  const TimelineStep& s = steps[size_t(i)];
  if (s.stage == Stage::Bake) return bake_trace[size_t(s.index)].sentence;
  return step_text(records(), s, mesh);
}

nlohmann::json step_ref_json(const PlanView& plan, int step) {
  if (step < 0 || step >= int(plan.steps.size())) return nullptr;
  const TimelineStep& s = plan.steps[size_t(step)];
  return {{"stage", stage_name(s.stage)}, {"index", s.index + 1}};
}

PlanRecords PlanView::records() const {
  return PlanRecords{&trace, &smoothing, &optimal_trace, int(bake_trace.size())};
}

int PlanView::first_step(Stage st) const { return spans_[size_t(st)].first; }

int PlanView::count(Stage st) const { return spans_[size_t(st)].count; }

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
