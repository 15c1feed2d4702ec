// Draws the Polyanya search (the exact shortest path) record by record: a class watches the wavefront
// of intervals spread from their roots. Only records and results are read.
#include <set>
#include <string>
#include <vector>

#include "format.h"
#include "gui_plan.h"
#include "gui_theme.h"
#include "gui_viewport.h"

namespace navlab::app {

namespace {

constexpr uint8_t kConeFill = 60;  // alpha of the current node's visible cone

bool has_interval(const PolyanyaStep& s) {
  return s.kind == PolyanyaStep::Kind::Popped || s.kind == PolyanyaStep::Kind::Successor ||
         s.kind == PolyanyaStep::Kind::GoalNode || (s.kind == PolyanyaStep::Kind::Pruned && s.node >= 0);
}

// Intervals before record `index`: popped ones (closed) and pushed ones not yet popped (open).
void wavefront(gl::Batch& b, const std::vector<PolyanyaStep>& steps, int index, const Theme& th) {
  std::set<int> popped;
  for (int i = 0; i < index; ++i)
    if (steps[size_t(i)].kind == PolyanyaStep::Kind::Popped) popped.insert(steps[size_t(i)].node);
  for (int i = 0; i < index; ++i) {
    const PolyanyaStep& s = steps[size_t(i)];
    if (s.kind == PolyanyaStep::Kind::Popped) b.segment(s.left, s.right, th.closed_set.with_alpha(230), {3.0f});
    if (s.kind == PolyanyaStep::Kind::Successor && !popped.count(s.node))
      b.segment(s.left, s.right, th.open_set.with_alpha(230), {3.0f});
  }
}

// The record's node: the cone its root sees through the interval, the two rays, the interval, the root.
void node(gl::Batch& b, const PolyanyaStep& s, const Theme& th) {
  const bool pruned = s.kind == PolyanyaStep::Kind::Pruned;
  b.triangle(s.root, s.left, s.right, (pruned ? th.door_closed : th.optimal).with_alpha(kConeFill));
  b.segment(s.root, s.left, th.left, {1.5f, 5.0f, 8.0f});
  b.segment(s.root, s.right, th.right, {1.5f, 5.0f, 8.0f});
  b.segment(s.left, s.right, pruned ? th.door_closed : th.apex, {4.0f});
  b.point(s.root, 6.0f, th.optimal, 2.0f, {0, 0, 0, 255});
}

}  // namespace

void draw_polyanya_step(Viewport& view, const PlanView& plan, int index, const Theme& theme) {
  const std::vector<PolyanyaStep>& steps = plan.optimal_trace.steps;
  if (index < 0 || index >= int(steps.size())) return;
  gl::Batch& b = view.plan();
  wavefront(b, steps, index, theme);
  const PolyanyaStep& now = steps[size_t(index)];
  if (has_interval(now)) node(b, now, theme);
  if (now.kind == PolyanyaStep::Kind::Start) b.point(now.root, 8.0f, theme.optimal, 2.0f, {0, 0, 0, 255});
  const bool done = now.kind == PolyanyaStep::Kind::Found || now.kind == PolyanyaStep::Kind::Direct;
  if (done && plan.optimal.size() >= 2) b.polyline(plan.optimal, theme.optimal, {4.0f});
  if (now.kind == PolyanyaStep::Kind::Popped || now.kind == PolyanyaStep::Kind::Successor) {
    const Vec2 at = view.to_screen((now.left + now.right) * 0.5);
    const std::string f = "f " + whole_or_fixed(now.f) + " m";
    view.label(float(at.x) + 8, float(at.y) + 4, f.c_str(), to_imu32(theme.text), true);
  }
}

}  // namespace navlab::app
