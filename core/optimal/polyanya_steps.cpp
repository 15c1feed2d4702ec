#include <cstdio>

#include "polyanya.h"
#include "format.h"

namespace navlab {

namespace {

constexpr int kStepDigits = 4;  // significant digits of the numbers in Polyanya's sentences

std::string step_num(double v) { return navlab::num(v, kStepDigits); }
std::string point(Vec2 p) { return point_text(p, kStepDigits); }

std::string root_text(const PolyanyaStep& s) {
  if (s.root_vertex < 0) return "root the start " + point(s.root);
  return "root vertex " + std::to_string(s.root_vertex) + " " + point(s.root);
}

std::string node_text(const PolyanyaStep& s) {
  return "interval " + point(s.left) + " to " + point(s.right) + " into polygon " + std::to_string(s.poly) + ", " +
         root_text(s) + ", g " + step_num(s.g) + ", h " + step_num(s.h) + ", f " + step_num(s.f);
}

const char* why_text(SuccessorKind k) {
  switch (k) {
    case SuccessorKind::Start:
      return "an edge of a start polygon, seen whole from the start";
    case SuccessorKind::Observable:
      return "visible from the root between the rays through the interval's ends";
    case SuccessorKind::LeftNonObservable:
      return "hidden left of the ray through the left corner, which becomes the root";
    case SuccessorKind::RightNonObservable:
      return "hidden right of the ray through the right corner, which becomes the root";
    case SuccessorKind::Collinear:
      return "the root is a vertex of this polygon and sees all of it";
    case SuccessorKind::AlongEdge:
      return "the edge lies on the line through the root, so the path runs along it to its nearer end, a corner, "
             "which becomes the root";
  }
  return "";
}

}  // namespace

std::string PolyanyaStep::describe() const {
  const std::string id = "node " + std::to_string(node);
  switch (kind) {
    case Kind::Start:
      return "Start " + point(root) + " is in polygon " + std::to_string(poly) + ": its edges are the first intervals.";
    case Kind::Direct:
      return "Goal " + point(left) + " is in start polygon " + std::to_string(poly) + ": the straight segment, " +
             step_num(f) + " m, is the shortest path.";
    case Kind::Popped:
      if (in_place)
        return "Expand " + id + " at once, the only successor of node " + std::to_string(parent) + ": " +
               node_text(*this) + ".";
      return "Pop " + id + ": " + node_text(*this) + ".";
    case Kind::Successor:
      return "Push " + id + " (from node " + std::to_string(parent) + ", " + why_text(why) + "): " + node_text(*this) +
             ".";
    case Kind::Pruned:
      return "Prune " + id + ": its " + root_text(*this) + " is reached with g " + step_num(g) +
             " but already with g " + step_num(best_g) + ".";
    case Kind::GoalNode:
      return "Goal is in polygon " + std::to_string(poly) + " beyond node " + std::to_string(parent) + ": push final " +
             id + " with f " + step_num(f) +
             (turn_vertex >= 0 ? " (turning at vertex " + std::to_string(turn_vertex) + " " + point(left) + ")"
                               : " (straight from the root)") +
             ".";
    case Kind::Found:
      return "Pop final " + id + ": the goal is reached, shortest path " + step_num(f) + " m.";
  }
  return "";
}

}  // namespace navlab
