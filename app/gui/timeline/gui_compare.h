// Two methods side by side (`navlab render SCENE --compare A:B`, the app's compare view, a lesson slide's
// "compare"): each half draws its method's result for the same query under one camera and one step
// cursor (the same stage and step number in both), labelled with the method, the path's length, its
// cost, the nodes expanded and the times (the agent's walk along it and the computation). A search
// method (A*, Dijkstra, A* with a heuristic weight) plans the query with its own search; the other
// methods read the plan the app has and draw one of its paths alone.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "compare_methods.h"
#include "gui_doc.h"
#include "gui_legend.h"
#include "gui_plan.h"
#include "gui_viewport.h"
#include "result.h"

namespace navlab::app {

struct Theme;

struct CompareHalf {
  CompareMethod method;
  bool own = false;  // a search method: doc and plan are its own (else the shared ones are drawn)
  Document doc;      // own: the document with the method's search
  PlanView plan;     // own: its plan
};

// What a half's label says; -1 where the method has no such number.
struct MethodNumbers {
  std::string status;        // "complete", "partial", "failed"
  double length = -1.0;      // m, the method's path
  double cost = -1.0;        // the search's cost (A*, Dijkstra; the others: the plan's search)
  int expanded = -1;         // nodes popped by the method's search (Polyanya: its own)
  double walk_s = -1.0;      // s, the agent's time along the path (arcs, channel, the searches' plans)
  double compute_ms = -1.0;  // ms, what the method took to compute
};

// One half's numbers as the state (`print_state`) and `navlab render --compare` print them: method,
// status, length, cost, expanded, walk_s, compute_ms, the half's step and its label.
nlohmann::json half_json(const CompareMethod& m, const MethodNumbers& n, int step);

struct CompareView {
  bool on = false;                      // the app's split view
  std::string spec = "astar:dijkstra";  // the two methods, as --compare writes them
  CompareHalf halves[2];
  long built_for = -1;  // Session::plan_runs the halves were built for (-1: not built)
  std::string built_spec;
  std::string error;  // why the spec cannot be shown on this scene ("" when it can)
  Viewport right;     // the right half's viewport (the left half is the app's own)
};

// Builds both halves of `spec` ("A:B") for the document and its plan `shared`. Fails with why not (a bad
// spec, a path method on a graph scene, no query).
Result<void> compare_build(const Document& doc, const PlanView& shared, const std::string& spec, CompareHalf (&out)[2]);
// The document and plan a half draws.
const Document& half_doc(const CompareHalf& h, const Document& shared_doc);
const PlanView& half_plan(const CompareHalf& h, const PlanView& shared);

MethodNumbers method_numbers(const CompareMethod& m, const PlanView& plan, const NavMesh& mesh);
// The label's lines: the method's title and status, "length 12.00 m, cost 15.22", "6 nodes expanded in
// 0.012 ms" and, when the path has a speed profile, the agent's time along it.
std::vector<std::string> method_label(const CompareMethod& m, const MethodNumbers& n);

// The step of `to` that shows what `step` of `from` shows: the same stage and the same step number
// within it (the stage's last when `to` has fewer, the complete plan when it has none).
int same_step(const PlanView& from, int step, const PlanView& to);

// The legend's flags for what a half of method `m` draws.
LegendFlags method_legend(const CompareMethod& m);

// Draws a half: the method's result as of timeline step `step` of its plan, and its label.
void draw_method(Viewport& view, const Document& doc, const PlanView& plan, const CompareMethod& m, int step,
                 const Theme& theme);

// Pictures of one height `h` side by side (RGBA, top row first; each part's pixels and width), `gap`
// pixels of `bg` between them: a compare picture's halves, a slide's map and panel column.
std::vector<uint8_t> side_by_side(const std::vector<std::pair<std::vector<uint8_t>, int>>& parts, int h, int gap,
                                  gl::Rgba bg);

}  // namespace navlab::app
