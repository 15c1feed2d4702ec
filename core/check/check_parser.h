// The check file reader's class, shared by check_parse.cpp (the document, its source and its cases) and
// check_parse_expect.cpp (the expectations and the follower's events). Inside core/check only.
#pragma once

#include <string>
#include <vector>

#include "check_suite.h"
#include "json_locate.h"
#include "scene_reader.h"

namespace navlab::check_parse {

using json_at::at;
using json_at::P;

class Parser {
 public:
  Parser(const std::string& text, const std::string& file) : text_(text), file_(file), r_(text, file) {}
  const std::string& error() const { return level_error_.empty() ? r_.error() : level_error_; }
  bool run(const Json& root, CheckSuite& out);

 private:
  const std::string& text_;
  std::string file_;
  SceneReader r_;
  const Scene* scene_ = nullptr;  // the suite's scene, once read
  CheckTolerances tol_;
  std::vector<std::string> doors_;  // door ids the scene has (doors, then graph gates)
  std::vector<std::string> areas_;  // area names its polygons may carry
  std::string level_error_;         // the level reader's message (it has its own reader)

  bool source(const Json& root, CheckSuite& out);
  bool tolerance(const Json& v, P ptr, CheckTolerances& out);
  bool one_case(const Json& v, P ptr, CheckCase& out);
  bool query(const Json& v, P ptr, CaseKind kind, CheckCase& out);
  bool query_points(const Json& v, P ptr, CaseKind kind, CaseQuery& out);
  bool state(const Json& v, P ptr, CaseQuery& out);
  bool spawn(const Json& v, P ptr, CheckCase& out);
  // A point of the scene's kind ([x, y], [x, y, z] or a graph node id).
  bool point(const Json& v, P ptr, ScenePoint& out);
  // A name that is one of `known` (`what` names it: "a door id of the scene"), and a list of them.
  bool name(const Json& v, P ptr, const std::vector<std::string>& known, const std::string& what, std::string& out);
  bool names(const Json& v, P ptr, const std::vector<std::string>& known, const std::string& what,
             std::vector<std::string>& out);
  bool flags(const Json& v, P ptr, unsigned& out);

  // check_parse_expect.cpp
  bool expect(const Json& v, P ptr, CheckCase& c);
  bool expect_plan(const Json& v, P ptr, PlanExpect& out);
  bool expect_ray(const Json& v, P ptr, RaycastExpect& out);
  bool expect_spawn(const Json& v, P ptr, SpawnExpect& out);
  bool expect_sim(const Json& v, P ptr, SimulateExpect& out);
  // A figure: a number (the suite's tolerance) or {"value": x, "tolerance": t}.
  bool figure(const Json& v, P ptr, double default_tolerance, const char* unit, Expected& out);
  bool reason(const Json& v, P ptr, Reason& out);
  bool events(const Json& v, P ptr, std::vector<FollowEvent>& out);
  bool event(const Json& v, P ptr, FollowEvent& out);
  bool follow_def(const Json& v, P ptr, FollowDef& out);
};

}  // namespace navlab::check_parse
