// The methods two halves of a picture can compare (`navlab render --compare A:B`, the app's compare view,
// a lesson slide's "compare"): the searches (A*, Dijkstra, A* with a heuristic weight written
// "astar@1.5"), the exact shortest path (Polyanya) and the path stages drawn alone (the midpoint path,
// the funnel path, the arcs and the channel's spline).
#pragma once

#include <optional>
#include <string>
#include <utility>

#include "enum_names.h"
#include "result.h"

namespace navlab {

struct CompareMethod {
  enum class Kind { AStar, Dijkstra, Polyanya, Midpoints, Funnel, Arcs, Channel };
  Kind kind = Kind::AStar;
  // A*'s heuristic weight (H multiplied by it; 0 searches as Dijkstra does, above 1 may overestimate);
  // unset: the scene's own heuristic scale. Only A* has one.
  std::optional<double> weight;
  // Whether the method draws the navmesh's polygons (everything but the two searches needs them).
  bool needs_polygons() const { return kind != Kind::AStar && kind != Kind::Dijkstra; }
  // Whether the method plans a search of its own (A*, Dijkstra); the others read the scene's plan.
  bool searches() const { return !needs_polygons(); }
};

// "astar", "dijkstra", "polyanya", "midpoints", "funnel", "arcs", "channel".
inline constexpr Named<CompareMethod::Kind> kCompareMethodKindNames[] = {
    {CompareMethod::Kind::AStar, "astar"},       {CompareMethod::Kind::Dijkstra, "dijkstra"},
    {CompareMethod::Kind::Polyanya, "polyanya"}, {CompareMethod::Kind::Midpoints, "midpoints"},
    {CompareMethod::Kind::Funnel, "funnel"},     {CompareMethod::Kind::Arcs, "arcs"},
    {CompareMethod::Kind::Channel, "channel"},
};
static_assert(names_cover(kCompareMethodKindNames, CompareMethod::Kind::Channel));
inline const char* to_string(CompareMethod::Kind v) { return name_in(kCompareMethodKindNames, v); }
// The method as written: "astar@1.5", "dijkstra".
std::string to_string(const CompareMethod& m);
// The method as a picture labels it: "A* (weight 1.5)", "Dijkstra", "Polyanya (shortest path)" ...
std::string method_title(const CompareMethod& m);

// Reads "A:B" (each a method name; A* may carry "@WEIGHT", WEIGHT a plain decimal >= 0); fails with
// "expected A:B ..., got 'TEXT'".
Result<std::pair<CompareMethod, CompareMethod>> parse_compare(const std::string& text);

}  // namespace navlab
