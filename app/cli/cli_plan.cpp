// `navlab plan SCENE [--query N | --start P --goal P] [--queries FILE] [--close ID]... [--open ID]...
//  [--algorithm NAME] [--compare-optimal]`
// Plans queries headless and prints the JSON of README.md's command line. Each result object is built by
// plan_result_json(), one small function per stage's fields.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <sstream>

#include "channel_plan.h"
#include "cli.h"
#include "cli_plan_channel.h"
#include "follower.h"
#include "input_limits.h"
#include "json_file.h"
#include "navmesh_build.h"
#include "plan.h"
#include "pipeline.h"
#include "plan_steps.h"
#include "scene.h"

namespace navlab::cli {

extern const char* const kPlanUsage =
    "Usage: navlab plan SCENE [--query N | --start P --goal P] [--queries FILE] [--close ID]... [--open ID]...\n"
    "                         [--algorithm astar|dijkstra|polyanya] [--compare-optimal]\n"
    "                         [--smoothing arcs|channel] [--trace]\n\n"
    "Plans queries of SCENE and prints {\"results\": [...]}, one object per query:\n"
    "  {\"status\": \"complete\"|\"partial\"|\"failed\",\n"
    "   \"failure\": null | {\"stage\", \"reason\", \"message\"[, \"blocked_by\": [ids]]},\n"
    "   \"corridor\": [polygon ids | graph node ids], \"search\": {\"algorithm\", \"expanded\", \"cost\"},\n"
    "   polygon meshes also: \"portals\": [[left, right]...], \"corners\": [start, corner..., goal],\n"
    "   \"length\", \"midpoint_length\" (m), \"inside_corridor\": true|false,\n"
    "   scenes with off-mesh links also: \"links\": [{\"link\", \"from\", \"to\"}] (the links taken, in order),\n"
    "   \"turns\": [{\"at\", \"kind\": \"arc\"|\"stop\"|\"failed\", \"s\", \"theta\", \"radius\", \"trim\",\n"
    "              \"corners\" (clearance corners it covers: 2 or more for a joint arc)}],\n"
    "   \"profile\": {\"total_time\", \"length\", \"samples\": [{\"s\", \"v\", \"a\", \"limit\", \"curvature\"}]}}\n"
    "  --query N        plan only query N of the list (0-based index, or the query's name)\n"
    "  --start P --goal P  plan this one query instead; P is x,y (2D scenes), x,y,z (3D mesh scenes, y up)\n"
    "                   or a node id (graph scenes)\n"
    "  --queries FILE   take the query list from FILE: [{\"start\": p, \"goal\": p, \"name\": ...}] or\n"
    "                   {\"queries\": [...]}, points written as in a scene\n"
    "  --close ID       close door ID (repeatable); --open ID opens it\n"
    "  --algorithm NAME the search instead of the scene's \"search\": {\"algorithm\"}: astar, dijkstra, or\n"
    "                   polyanya (the exact shortest path on the navmesh; the corridor is the polygons it\n"
    "                   crosses and the later stages run on it; polygon meshes only)\n"
    "  --compare-optimal  each result also gets \"optimal_length\": the exact shortest length (m) from\n"
    "                   the located start to the corridor's end, or null when there is no corridor\n"
    "  --smoothing channel  also build the channel and fit the circle-arc spline in it: each result gains\n"
    "                   \"channel\": {\"gates\": [[l, r]...], \"channels\": N} and \"spline\": {\"mode\", \"pieces\",\n"
    "                   \"length\"}, and \"profile\" is the speed profile along the spline (default: arcs)\n"
    "  --trace          each result also gets \"steps\": [{\"stage\", \"index\", \"kind\", \"text\"}...], every\n"
    "                   recorded step from locate to profile with its sentence (then channel and\n"
    "                   spline with --smoothing channel, then polyanya with --compare-optimal; with\n"
    "                   --algorithm polyanya its polyanya rows follow locate); index counts each\n"
    "                   stage's steps from 1, as render --step STAGE:N does\n"
    "Without --query or --start, every query is planned, in order.\n"
    "Exit codes: 0 every query complete, 1 any query failed or partial, 2 usage or input error.\n";

namespace {

using Json = nlohmann::ordered_json;

Json corridor_json(const NavMesh& mesh, const std::vector<int>& corridor) {
  Json j = Json::array();
  for (int id : corridor) {
    if (mesh.kind == NavMesh::Kind::Graph)
      j.push_back(mesh.nodes[id].id);
    else
      j.push_back(id);
  }
  return j;
}

Json search_json(const SearchResult& s) {
  Json j;
  j["algorithm"] = to_string(s.algorithm);
  j["expanded"] = s.expanded;
  j["cost"] = s.cost;
  return j;
}

// Portals (shared edges, without the goal portal), funnel corners and lengths.
void funnel_json(const NavMesh& mesh, const PlanResult& r, Json& j) {
  Json portals = Json::array();
  for (size_t i = 0; i + 1 < r.portals.size(); ++i) {
    const Portal& p = r.portals[i];
    portals.push_back(
        Json::array({point_json(mesh, p.left, p.left_height), point_json(mesh, p.right, p.right_height)}));
  }
  j["portals"] = portals;
  Json corners = Json::array();
  for (size_t i = 0; i < r.funnel.points.size(); ++i)
    corners.push_back(point_json(mesh, r.funnel.points[i], i < r.funnel_heights.size() ? r.funnel_heights[i] : 0.0));
  j["corners"] = corners;
  j["length"] = r.funnel.length;
  j["midpoint_length"] = r.midpoint_length;
  j["inside_corridor"] = funnel_inside_corridor(mesh, r);
  if (mesh.links.empty()) return;
  Json links = Json::array();  // the off-mesh links the path takes, in order: takeoff and landing points
  for (size_t i = 0; i + 1 < r.portals.size(); ++i) {
    const Portal& up = r.portals[i];
    if (up.kind != PortalKind::Takeoff) continue;
    const Portal& down = r.portals[i + 1];
    links.push_back({{"link", up.link},
                     {"from", point_json(mesh, up.left, up.left_height)},
                     {"to", point_json(mesh, down.left, down.left_height)}});
  }
  j["links"] = links;
}

// Turns of the clearance path and the speed profile along the smoothed path (s in m, theta in rad,
// radius and trim in m, v in m/s, a in m/s², curvature in 1/m, total_time in s).
void motion_json(const NavMesh& mesh, const PlanResult& r, Json& j) {
  const MotionResult& m = r.motion;
  Json turns = Json::array();
  for (const Turn& t : m.turns.path.turns) {
    double height = 0.0;  // a clearance corner is a point of a shrunk portal: it takes that height
    if (t.corner >= 1 && t.corner - 1 < int(m.clearance.path.corners.size())) {
      const FunnelCorner& k = m.clearance.path.corners[t.corner - 1];
      const Portal& p = m.clearance.portals[k.portal];
      height = k.side == FunnelSide::Left ? p.left_height : p.right_height;
    }
    Json tj;
    tj["at"] = point_json(mesh, t.at, height);
    tj["kind"] = to_string(t.kind);
    tj["s"] = t.s;
    tj["theta"] = t.theta;
    tj["radius"] = t.radius;
    tj["trim"] = t.trim;
    tj["corners"] = std::max(t.corner, t.last_corner) - t.corner + 1;
    turns.push_back(tj);
  }
  j["turns"] = turns;
  if (!m.profile.ok() || !m.profile.ran) return;
  Json samples = Json::array();
  for (const ProfileSample& s : m.profile.samples())
    samples.push_back({{"s", s.s}, {"v", s.v}, {"a", s.a}, {"limit", to_string(s.limit)}, {"curvature", s.curvature}});
  j["profile"] = {{"total_time", m.profile.total_time}, {"length", m.profile.length}, {"samples", samples}};
}

// One entry of "results". Later stages add their members here.
Json plan_result_json(const NavMesh& mesh, const PlanResult& r) {
  Json j;
  j["status"] = to_string(r.status);
  j["failure"] = failure_json(r.failure);
  j["corridor"] = corridor_json(mesh, r.search.corridor);
  j["search"] = search_json(r.search);
  if (!r.funnel.points.empty()) funnel_json(mesh, r, j);
  if (!r.motion.clearance.path.points.empty()) motion_json(mesh, r, j);
  if (r.substitute) {
    Json s;
    s["corridor_end"] = corridor_json(mesh, {r.substitute->poly});
    s["point"] = point_json(mesh, r.substitute->point, r.substitute->height);
    s["distance"] = r.substitute->distance;
    j["substitute"] = s;
  }
  return j;
}

// --trace: every stage's steps with their sentences.
Json steps_json(const std::vector<StepText>& steps) {
  Json out = Json::array();
  for (const StepText& s : steps)
    out.push_back({{"stage", s.stage}, {"index", s.index}, {"kind", s.kind}, {"text", s.text}});
  return out;
}

// Parses P of --start/--goal, or says what is wrong.
Result<ScenePoint> parse_point(const std::string& text, const NavMesh& mesh) {
  ScenePoint out;
  if (mesh.kind == NavMesh::Kind::Graph) {
    if (text.empty()) return Error{"expected a graph node id"};
    out.node = text;
    return out;
  }
  std::vector<double> v;
  std::stringstream ss(text);
  std::string item;
  while (std::getline(ss, item, ',')) {
    try {
      size_t used = 0;
      v.push_back(std::stod(item, &used));
      if (used != item.size()) return Error{"'" + text + "' is not a point (x,y or x,y,z)"};
    } catch (...) {
      return Error{"'" + text + "' is not a point (x,y or x,y,z)"};
    }
    if (!std::isfinite(v.back()) || std::fabs(v.back()) > limits::kMaxMagnitude)
      return Error{"'" + text + "' is not a point with coordinates within ±1e6 (x,y or x,y,z)"};
  }
  if (mesh.is3d) {
    if (v.size() != 3) return Error{"'" + text + "': this 3D scene needs x,y,z (y up)"};
    out.is3d = true;
    out.plane = to_plane({v[0], v[1], v[2]});
    out.height = v[1];
  } else {
    if (v.size() != 2) return Error{"'" + text + "': this 2D scene needs x,y"};
    out.plane = {v[0], v[1]};
  }
  return out;
}

// Reads a point of a --queries file (written as in a scene), or says what is wrong.
Result<ScenePoint> json_point(const Json& j, const NavMesh& mesh) {
  ScenePoint out;
  if (mesh.kind == NavMesh::Kind::Graph) {
    if (!j.is_string()) return Error{"expected a graph node id (a string)"};
    out.node = j.get<std::string>();
    return out;
  }
  const size_t dims = mesh.is3d ? 3 : 2;
  if (!j.is_array() || j.size() != dims) return Error{mesh.is3d ? "expected [x, y, z]" : "expected [x, y]"};
  for (const Json& c : j)
    if (!c.is_number()) return Error{mesh.is3d ? "expected [x, y, z] of numbers" : "expected [x, y] of numbers"};
  for (const Json& c : j)
    if (std::fabs(c.get<double>()) > limits::kMaxMagnitude)
      return Error{"expected coordinates within ±1e6, got " + c.dump()};
  if (mesh.is3d) {
    const Vec3 w{j[0].get<double>(), j[1].get<double>(), j[2].get<double>()};
    out.is3d = true;
    out.plane = to_plane(w);
    out.height = w.y;
  } else {
    out.plane = {j[0].get<double>(), j[1].get<double>()};
  }
  return out;
}

// Reads a --queries file.
Result<std::vector<Query>> read_queries(const std::string& path, const NavMesh& mesh) {
  Result<Json> loaded = load_json_file(path, "queries file");
  if (!loaded) return Error{loaded.error()};
  Json doc = std::move(loaded).value();
  std::vector<Query> out;
  std::string base = "";
  if (doc.is_object() && doc.contains("queries")) {
    doc = doc["queries"];
    base = "/queries";
  }
  if (!doc.is_array()) return Error{path + ": expected an array of queries or {\"queries\": [...]}"};
  if (doc.size() > limits::kMaxQueries)
    return Error{path + ": " + base + ": expected at most " + std::to_string(limits::kMaxQueries) +
                 " queries (the query count limit), got " + std::to_string(doc.size())};
  for (size_t i = 0; i < doc.size(); ++i) {
    const std::string ptr = base + "/" + std::to_string(i);
    const Json& q = doc[i];
    if (!q.is_object() || !q.contains("start") || !q.contains("goal"))
      return Error{path + ": " + ptr + ": expected {\"start\": p, \"goal\": p}"};
    Query query;
    const Result<ScenePoint> start = json_point(q["start"], mesh);
    if (!start) return Error{path + ": " + ptr + "/start: " + start.error()};
    const Result<ScenePoint> goal = json_point(q["goal"], mesh);
    if (!goal) return Error{path + ": " + ptr + "/goal: " + goal.error()};
    query.start = start.value();
    query.goal = goal.value();
    if (q.contains("name") && q["name"].is_string()) query.name = q["name"].get<std::string>();
    out.push_back(query);
  }
  return out;
}

// What a result adds besides the plan itself.
struct PlanOptions {
  bool compare_optimal = false;  // "optimal_length"
  bool channel = false;          // "channel" and "spline", and the profile along the spline
  bool trace = false;            // "steps": every stage's step sentences
};

// One query through the scene's search (Polyanya: the plan on the exact shortest path), as JSON.
Json plan_one(const Scene& scene, const NavMesh& mesh, const PlanRequest& request, const PlanOptions& options,
              Status& status) {
  const PipelineRun run = run_pipeline(
      scene, mesh, request, {.trace = options.trace, .channel = options.channel, .optimal = options.compare_optimal});
  const PlanResult& r = run.plan;
  status = r.status;
  Json j = plan_result_json(mesh, r);
  if (options.channel) add_channel_json(mesh, r, run.channel ? *run.channel : ChannelPlan{}, j);
  if (options.compare_optimal) j["optimal_length"] = run.optimal ? Json(run.optimal->length) : Json(nullptr);
  if (options.trace) {
    PlanRecords records = run.records();
    if (!options.channel) records.smoothing = nullptr;
    j["steps"] = steps_json(step_texts(records, mesh, run.polyanya_is_search));
  }
  return j;
}

}  // namespace

int run_plan(const std::vector<std::string>& argv) {
  const Command& cmd = *find_command("plan");
  Args args(argv, {"--query", "--start", "--goal", "--queries", "--close", "--open", "--algorithm", "--smoothing"},
            {"--compare-optimal", "--trace"});
  if (!args.ok()) return usage_error(cmd, args.error());
  if (args.positional().size() != 1) return usage_error(cmd, "expected one SCENE file");
  if (args.has("--start") != args.has("--goal")) return usage_error(cmd, "--start and --goal go together");
  if (args.has("--start") && args.has("--query")) return usage_error(cmd, "use --query or --start/--goal, not both");
  Smoothing smoothing = Smoothing::Arcs;
  if (const auto s = args.value("--smoothing")) {
    const Result<Smoothing> choice = option_choice("--smoothing", *s, kSmoothingNames);
    if (!choice) return usage_error(cmd, choice.error());
    smoothing = choice.value();
  }
  const PlanOptions options{args.has("--compare-optimal"), smoothing == Smoothing::Channel, args.has("--trace")};

  std::optional<LoadedScene> loaded = load_scene_and_mesh(args.positional()[0]);
  if (!loaded) return kExitUsage;
  Scene scene = loaded->scene;
  const NavMesh& mesh = loaded->mesh;
  if (const auto a = args.value("--algorithm")) {
    const Result<Algorithm> choice = option_choice("--algorithm", *a, kAlgorithmNames);
    if (!choice) return usage_error(cmd, choice.error());
    scene.search.algorithm = choice.value();
  }
  if (scene.search.algorithm == Algorithm::Polyanya && mesh.kind == NavMesh::Kind::Graph)
    return usage_error(cmd, "polyanya needs a polygon mesh; a graph scene is searched with astar or dijkstra");

  std::vector<Query> queries = scene.queries;
  if (const auto file = args.value("--queries")) {
    Result<std::vector<Query>> read = read_queries(*file, mesh);
    if (!read) {
      std::fprintf(stderr, "navlab plan: %s\n", read.error().c_str());
      return kExitUsage;
    }
    queries = std::move(read).value();
  }
  if (args.has("--start")) {
    Query q;
    q.name = "command line";
    const Result<ScenePoint> start = parse_point(*args.value("--start"), mesh);
    if (!start) return usage_error(cmd, "--start " + start.error());
    const Result<ScenePoint> goal = parse_point(*args.value("--goal"), mesh);
    if (!goal) return usage_error(cmd, "--goal " + goal.error());
    q.start = start.value();
    q.goal = goal.value();
    queries = {q};
  } else if (const auto n = args.value("--query")) {
    int index = -1;
    for (size_t i = 0; i < queries.size(); ++i)
      if (queries[i].name == *n || std::to_string(i) == *n) index = int(i);
    if (index < 0)
      return usage_error(cmd, "no query '" + *n + "' (there are " + std::to_string(queries.size()) +
                                  ", numbered from 0, or give a query name)");
    queries = {queries[index]};
  }
  if (queries.empty()) return usage_error(cmd, "the scene has no queries; give --start and --goal");

  DoorOverrides doors{args.values("--close"), args.values("--open")};
  if (Result<Gates> gates = make_gates(scene, mesh, doors); !gates) {
    std::fprintf(stderr, "navlab plan: %s\n", gates.error().c_str());
    return kExitUsage;
  }

  // {"results": [...]} as readable_json() prints it, each result printed as soon as it is planned: memory
  // does not grow with the number of queries (a trace or a Polyanya search can be megabytes a query).
  std::printf("{\n  \"results\": [");
  bool all_complete = true;
  for (size_t i = 0; i < queries.size(); ++i) {
    Status status = Status::Failed;
    const Json result = plan_one(scene, mesh, PlanRequest{queries[i].start, queries[i].goal, doors}, options, status);
    std::printf("%s\n    %s", i ? "," : "", readable_json(result, 2).c_str());
    std::fflush(stdout);
    all_complete = all_complete && status == Status::Complete;
  }
  std::printf("\n  ]\n}\n");
  return all_complete ? kExitOk : kExitFailure;
}

}  // namespace navlab::cli
