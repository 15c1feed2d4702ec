// navlab check files (JSON): the document, the navmesh's source and the cases. Errors as scene files
// give them (the scene reader's checks and messages), FILE:LINE:COL: /pointer: expected ..., got ...
#include <algorithm>
#include <filesystem>

#include "check_parser.h"
#include "json_file.h"
#include "json_locate.h"
#include "text_file.h"
#include "input_limits.h"

namespace navlab {

namespace check_parse {

namespace {

// Cases in one suite: each may plan, bake again (a moved door) or simulate for up to two minutes, so a
// suite of this many already runs for minutes; more is a generated file gone wrong.
constexpr size_t kMaxCases = limits::kMaxQueries;

const std::vector<std::string> kKinds = {"plan", "raycast", "spawn", "simulate"};

std::vector<std::string> door_ids(const Scene& s) {
  std::vector<std::string> ids;
  for (const Door& d : s.doors) ids.push_back(d.id);
  if (const Scene::Graph* g = s.graph_source())
    for (const GraphEdgeDef& e : g->edges)
      if (!e.door.empty() && std::find(ids.begin(), ids.end(), e.door) == ids.end()) ids.push_back(e.door);
  return ids;
}

}  // namespace

bool Parser::run(const Json& root, CheckSuite& out) {
  if (!root.is_object())
    return r_.fail("", "a check object starting with \"navlab_check\": 1", SceneReader::describe(&root));
  if (!r_.object(root, "", {"navlab_check", "name", "scene", "level", "bake", "tolerance", "cases"}, "check file"))
    return false;
  const Json* version = r_.require(root, "", "navlab_check", "1 (the check file format version)");
  if (!version) return false;
  if (!version->is_number_integer() || version->get<long long>() != 1)
    return r_.fail("/navlab_check", "1 (the check file format version)", SceneReader::describe(version));
  if (!r_.opt_string(root, "", "name", out.name, "a name (a string)", false)) return false;
  if (!source(root, out)) return false;
  scene_ = &out.scene;
  doors_ = door_ids(out.scene);
  areas_ = scene_area_names(out.scene);
  if (const Json* t = SceneReader::member(root, "tolerance"); t && !tolerance(*t, "/tolerance", out.tolerance))
    return false;
  tol_ = out.tolerance;
  const Json* cases = r_.require(root, "", "cases", "an array of cases");
  if (!cases || !r_.array(*cases, "/cases", "an array of cases", 1)) return false;
  if (cases->size() > kMaxCases)
    return r_.fail("/cases", "at most " + std::to_string(kMaxCases) + " cases (the limit of one suite)",
                   "an array of " + std::to_string(cases->size()) + " cases");
  std::vector<std::string> names;
  for (size_t i = 0; i < cases->size(); ++i) {
    CheckCase c;
    if (!one_case((*cases)[i], at("/cases", i), c)) return false;
    if (std::find(names.begin(), names.end(), c.name) != names.end())
      return r_.fail(at(at("/cases", i), "name"), "a case name not used before in the file", quoted_name(c.name));
    names.push_back(c.name);
    out.cases.push_back(std::move(c));
  }
  return true;
}

bool Parser::source(const Json& root, CheckSuite& out) {
  const Json* scene = SceneReader::member(root, "scene");
  const Json* level = SceneReader::member(root, "level");
  const Json* bake = SceneReader::member(root, "bake");
  if (scene && level) return r_.fail("/level", "either \"scene\" or \"level\"", "\"level\" as well as \"scene\"", true);
  if (!scene && !level)
    return r_.fail("", "a \"scene\" (a scene file) or a \"level\" (a level file with \"bake\" settings)", "neither");
  if (scene) {
    if (bake) return r_.fail("/bake", "no \"bake\" beside a \"scene\" (the scene has its own)", "\"bake\"", true);
    std::string rel;
    if (!r_.string(*scene, "/scene", rel, "a scene file path (relative to the check file)")) return false;
    namespace fs = std::filesystem;
    const fs::path resolved = fs::path(rel).is_absolute() ? fs::path(rel) : fs::path(file_).parent_path() / rel;
    Result<Scene> loaded = load_scene(resolved.lexically_normal().string());
    if (!loaded) return r_.fail("/scene", "a scene file navlab loads", quoted_name(rel) + " (" + loaded.error() + ")");
    if (traits(loaded->kind()).side_view)
      return r_.fail("/scene", "a scene with a navmesh", quoted_name(rel) + " (a side-scroller scene)");
    out.scene_file = rel;
    out.scene = std::move(loaded.value());
    return true;
  }
  if (Result<void> read = parse_level_blocks(*level, "/level", bake, "/bake", text_, file_, out.scene); !read) {
    level_error_ = read.error();
    return false;
  }
  out.scene.path = file_;
  return true;
}

bool Parser::tolerance(const Json& v, P ptr, CheckTolerances& out) {
  if (!r_.object(v, ptr, {"length", "time"}, "tolerance")) return false;
  return r_.opt_number(v, ptr, "length", out.length, {"a length tolerance in m", NumberRule::NonNegative}) &&
         r_.opt_number(v, ptr, "time", out.time, {"a time tolerance in s", NumberRule::NonNegative});
}

bool Parser::one_case(const Json& v, P ptr, CheckCase& out) {
  if (!r_.object(v, ptr, {"name", "plan", "raycast", "spawn", "simulate", "expect"}, "case")) return false;
  out.line = text_position(text_, locate_pointer(text_, ptr)).line;
  const Json* name = r_.require(v, ptr, "name", "a case name (a string)");
  if (!name || !r_.string(*name, at(ptr, "name"), out.name, "a case name (a string)")) return false;
  int kinds = 0;
  for (size_t k = 0; k < kKinds.size(); ++k) {
    const Json* q = SceneReader::member(v, kKinds[k].c_str());
    if (!q) continue;
    if (++kinds > 1)
      return r_.fail(at(ptr, kKinds[k].c_str()), "one of \"plan\", \"raycast\", \"spawn\", \"simulate\" per case",
                     "a second one", true);
    out.kind = CaseKind(k);
    const std::string qp = at(ptr, kKinds[k].c_str());
    if (!(out.kind == CaseKind::Spawn ? spawn(*q, qp, out) : query(*q, qp, out.kind, out))) return false;
  }
  if (kinds == 0) return r_.fail(ptr, "a case with \"plan\", \"raycast\", \"spawn\" or \"simulate\"", "none");
  const Json* e = SceneReader::member(v, "expect");
  if (!e) return r_.fail(at(ptr, "expect"), "the case's expectations (an object)", SceneReader::describe(nullptr));
  return expect(*e, at(ptr, "expect"), out);
}

bool Parser::query(const Json& v, P ptr, CaseKind kind, CheckCase& out) {
  std::vector<std::string> keys = {"query",         "start",        kind == CaseKind::Raycast ? "end" : "goal",
                                   "close",         "open",         "exclude_areas",
                                   "include_flags", "exclude_flags"};
  if (kind == CaseKind::Simulate) keys.insert(keys.end(), {"events", "dt", "max_time"});
  if (!r_.object(v, ptr, keys, std::string(to_string(kind)) + " query")) return false;
  if (!query_points(v, ptr, kind, out.query) || !state(v, ptr, out.query)) return false;
  if (kind != CaseKind::Simulate) return true;
  if (const Json* ev = SceneReader::member(v, "events"); ev && !events(*ev, at(ptr, "events"), out.events))
    return false;
  return follow_def(v, ptr, out.follow);
}

bool Parser::query_points(const Json& v, P ptr, CaseKind kind, CaseQuery& out) {
  const char* end_key = kind == CaseKind::Raycast ? "end" : "goal";
  const Json* q = SceneReader::member(v, "query");
  const Json* start = SceneReader::member(v, "start");
  const Json* goal = SceneReader::member(v, end_key);
  if (q && (start || goal))
    return r_.fail(at(ptr, start ? "start" : end_key), "either \"query\" or points", "both", true);
  if (!q) {
    if (!start)
      return r_.fail(at(ptr, "start"), "a start point (or \"query\": a scene query)", SceneReader::describe(nullptr));
    if (!goal)
      return r_.fail(at(ptr, end_key), std::string("an ") + (kind == CaseKind::Raycast ? "end" : "goal") + " point",
                     SceneReader::describe(nullptr));
    return point(*start, at(ptr, "start"), out.start) && point(*goal, at(ptr, end_key), out.goal);
  }
  const std::vector<Query>& queries = scene_->queries;
  const std::string qp = at(ptr, "query");
  if (queries.empty()) return r_.fail(qp, "a query of the scene", SceneReader::describe(q) + " (the scene has none)");
  int index = -1;
  if (q->is_string()) {
    out.query_name = q->get<std::string>();
    std::vector<std::string> names;
    for (size_t i = 0; i < queries.size(); ++i) {
      names.push_back(queries[i].name);
      if (queries[i].name == out.query_name && index < 0) index = int(i);
    }
    if (index < 0) {
      const std::string hint = closest_name(out.query_name, names);
      return r_.fail(
          qp, "the name of a scene query",
          quoted_name(out.query_name) + (hint.empty() ? " (no such query)" : " (did you mean \"" + hint + "\"?)"));
    }
  } else if (!r_.integer(*q, qp, index, 0, long(queries.size()) - 1, "a scene query's index")) {
    return false;
  }
  out.query_index = index;
  out.start = queries[size_t(index)].start;
  out.goal = queries[size_t(index)].goal;
  return true;
}

bool Parser::state(const Json& v, P ptr, CaseQuery& out) {
  auto list = [&](const char* key, const std::vector<std::string>& known, const char* what,
                  std::vector<std::string>& to) {
    const Json* l = SceneReader::member(v, key);
    return !l || names(*l, at(ptr, key), known, what, to);
  };
  if (!list("close", doors_, "a door id of the scene", out.doors.closed) ||
      !list("open", doors_, "a door id of the scene", out.doors.opened) ||
      !list("exclude_areas", areas_, "an area name of the scene", out.exclude_areas))
    return false;
  for (size_t i = 0; i < out.doors.opened.size(); ++i)
    if (std::find(out.doors.closed.begin(), out.doors.closed.end(), out.doors.opened[i]) != out.doors.closed.end())
      return r_.fail(at(at(ptr, "open"), i), "a door not also closed", quoted_name(out.doors.opened[i]));
  const Json* inc = SceneReader::member(v, "include_flags");
  const Json* exc = SceneReader::member(v, "exclude_flags");
  if (!inc && !exc) return true;
  FlagFilter f;
  if ((inc && !flags(*inc, at(ptr, "include_flags"), f.include)) ||
      (exc && !flags(*exc, at(ptr, "exclude_flags"), f.exclude)))
    return false;
  out.flags = f;
  return true;
}

bool Parser::flags(const Json& v, P ptr, unsigned& out) {
  const char* what = "RecastDemo polygon flags: a number from 0 to 65535 or a hex string such as \"0xffef\"";
  if (v.is_number_integer()) {
    int n = 0;
    if (!r_.integer(v, ptr, n, 0, 0xffff, "RecastDemo polygon flags")) return false;
    out = unsigned(n);
    return true;
  }
  if (v.is_string()) {
    const std::string& s = v.get_ref<const std::string&>();
    size_t used = 0;
    try {
      const unsigned long n = std::stoul(s, &used, 16);
      if (used == s.size() && s.size() > 2 && s.rfind("0x", 0) == 0 && n <= 0xffff) {
        out = unsigned(n);
        return true;
      }
    } catch (const std::exception&) {
    }
  }
  return r_.fail(ptr, what, SceneReader::describe(&v));
}

bool Parser::spawn(const Json& v, P ptr, CheckCase& out) {
  if (!r_.object(v, ptr, {"candidate", "pos", "disable"}, "spawn query")) return false;
  const Json* cand = SceneReader::member(v, "candidate");
  const Json* pos = SceneReader::member(v, "pos");
  if (cand && pos) return r_.fail(at(ptr, "pos"), "either \"candidate\" or \"pos\"", "both", true);
  if (!cand && !pos) return r_.fail(at(ptr, "candidate"), "a spawn candidate's name (or \"pos\": a point)", "nothing");
  if (cand) {
    std::vector<std::string> known;
    for (const SpawnCandidate& c : scene_->spawn.candidates) known.push_back(c.name);
    if (!name(*cand, at(ptr, "candidate"), known, "a spawn candidate of the scene", out.candidate)) return false;
  } else {
    ScenePoint p;
    if (!point(*pos, at(ptr, "pos"), p)) return false;
    out.spawn_pos = p;
  }
  const Json* disable = SceneReader::member(v, "disable");
  if (!disable) return true;
  std::vector<std::string> checks, known;
  for (int k = 0; k < kSpawnCheckCount; ++k) known.push_back(to_string(SpawnCheck(k)));
  if (!names(*disable, at(ptr, "disable"), known, "a spawn check's name", checks)) return false;
  for (const std::string& c : checks) out.spawn_checks.set(*spawn_check_from_string(c), false);
  return true;
}

bool Parser::point(const Json& v, P ptr, ScenePoint& out) {
  out = ScenePoint{};
  if (const Scene::Graph* g = scene_->graph_source()) {
    std::vector<std::string> nodes;
    for (const GraphNodeDef& n : g->nodes) nodes.push_back(n.id);
    return name(v, ptr, nodes, "a node id of the graph", out.node);
  }
  if (scene_->is3d()) {
    double c[3];
    if (!r_.coords(v, ptr, 3, "a point [x, y, z] (the scene is 3D, y up)", c)) return false;
    out.plane = to_plane({c[0], c[1], c[2]});
    out.height = c[1];
    out.is3d = true;
    return true;
  }
  double c[2];
  if (!r_.coords(v, ptr, 2, "a point [x, y]", c)) return false;
  out.plane = {c[0], c[1]};
  return true;
}

bool Parser::name(const Json& v, P ptr, const std::vector<std::string>& known, const std::string& what,
                  std::string& out) {
  if (!v.is_string()) return r_.fail(ptr, what, SceneReader::describe(&v));
  const std::string& n = v.get_ref<const std::string&>();
  if (std::find(known.begin(), known.end(), n) == known.end()) {
    const std::string hint = closest_name(n, known);
    return r_.fail(ptr, what,
                   quoted_name(n) + (hint.empty() ? " (no such name)" : " (did you mean \"" + hint + "\"?)"));
  }
  out = n;
  return true;
}

bool Parser::names(const Json& v, P ptr, const std::vector<std::string>& known, const std::string& what,
                   std::vector<std::string>& out) {
  if (!v.is_array()) return r_.fail(ptr, "a list of names: " + what, SceneReader::describe(&v));
  for (size_t i = 0; i < v.size(); ++i) {
    std::string n;
    if (!name(v[i], at(ptr, i), known, what, n)) return false;
    out.push_back(n);
  }
  return true;
}

}  // namespace check_parse

Result<CheckSuite> parse_check_json(const std::string& text, const std::string& path) {
  Result<Json> parsed = parse_json_text(text, path);
  if (!parsed) return Result<CheckSuite>::fail(parsed.error());
  check_parse::Parser parser(text, path);
  CheckSuite suite;
  suite.format = CheckSuite::Format::Json;
  suite.path = path;
  if (!parser.run(parsed.value(), suite)) return Result<CheckSuite>::fail(parser.error());
  return suite;
}

Result<CheckSuite> load_check_suite(const std::string& path) {
  Result<std::string> text = read_text_file(path, "check suite", limits::kMaxFileBytes);
  if (!text) return Result<CheckSuite>::fail(text.error());
  const std::string& t = text.value();
  const size_t first = t.find_first_not_of(" \t\r\n");
  if (first != std::string::npos && t[first] == '{') return parse_check_json(t, path);
  return parse_recast_tests(t, path);
}

}  // namespace navlab
