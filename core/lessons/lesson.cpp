#include "lesson.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "format.h"
#include "input_limits.h"
#include "json_file.h"
#include "json_locate.h"
#include "lesson_toggles.h"
#include "navmesh_build.h"
#include "plan.h"
#include "pipeline.h"
#include "channel_plan.h"
#include "stages.h"
#include "scene.h"
#include "scene_reader.h"
#include "side_sim.h"
#include "spawn.h"
#include "text_file.h"

namespace navlab {

namespace {

namespace fs = std::filesystem;

bool set_agent_parameter(AgentDef& a, const std::string& name, double v) {
  if (name == "max_speed")
    a.max_speed = v;
  else if (name == "accel")
    a.accel = v;
  else if (name == "brake_decel")
    a.brake_decel = v;
  else if (name == "reaction_dt")
    a.reaction_dt = v;
  else if (name == "lateral_accel")
    a.lateral_accel = v;
  else if (name == "turn_radius")
    a.turn_radius = v;
  else if (name == "min_turn_radius")
    a.min_turn_radius = v;
  else
    return false;
  return true;
}

// Reads the slide's scene and checks the names the slide uses against it.
class SlideReader {
 public:
  SlideReader(SceneReader& r, const fs::path& folder) : r_(r), folder_(folder) {}

  bool read(const Json& v, const std::string& ptr, LessonSlide& out) {
    if (!r_.object(v, ptr,
                   {"title", "text", "scene", "query", "step", "toggles", "camera", "enemy", "question", "notes",
                    "panels", "compare", "subject"},
                   "slide"))
      return false;
    const Json* scene = r_.require(v, ptr, "scene", "a scene file (relative to the lesson)");
    std::string rel;
    if (!r_.opt_string(v, ptr, "title", out.title, "a slide title") ||
        !r_.opt_string(v, ptr, "text", out.text, "the slide's text") ||
        !r_.opt_string(v, ptr, "question", out.question, "the slide's question", false) ||
        !r_.opt_string(v, ptr, "notes", out.notes, "the teacher's notes", false) || !scene ||
        !r_.file_path(*scene, ptr + "/scene", rel, "a scene file (relative to the lesson)"))
      return false;
    out.scene = (folder_ / rel).lexically_normal().string();
    Result<Scene> loaded = load_scene(out.scene);
    if (!loaded) return r_.fail(ptr + "/scene", "a scene that loads (" + loaded.error() + ")", flat_json(*scene));
    scene_ = std::move(loaded).value();
    if (traits(scene_.kind()).side_view) return side_slide(v, ptr, out);
    if (const Json* e = SceneReader::member(v, "enemy"))
      return r_.fail(ptr + "/enemy", "absent: only a side-scroller slide names an enemy", flat_json(*e));
    return query(v, ptr, out) && toggles(v, ptr, out) && camera(v, ptr, out) && step(v, ptr, out) &&
           panels(v, ptr, out) && compare(v, ptr, out) && subject(v, ptr, out);
  }

 private:
  // A side-scroller slide: a time of the run and the enemy whose sentence is read; no plan.
  bool side_slide(const Json& v, const std::string& ptr, LessonSlide& out) {
    out.side = true;
    out.query = -1;
    for (const char* key : {"query", "toggles", "camera", "panels", "compare", "subject"})
      if (const Json* j = SceneReader::member(v, key))
        return r_.fail(ptr + "/" + key,
                       "absent: a side-scroller slide has no query, toggles, camera, panels, compare or subject (the "
                       "side view frames the whole level)",
                       flat_json(*j));
    return side_enemy(v, ptr, out) && side_step(v, ptr, out);
  }

  bool side_enemy(const Json& v, const std::string& ptr, LessonSlide& out) {
    const auto& enemies = std::get<SideScrollerDef>(scene_.source).enemies;  // a side view's slide
    const Json* e = SceneReader::member(v, "enemy");
    if (!e) {
      if (!enemies.empty()) out.enemy = enemies.front().id;
      return true;
    }
    if (!r_.string(*e, ptr + "/enemy", out.enemy, "an enemy id of the scene")) return false;
    const bool known =
        std::any_of(enemies.begin(), enemies.end(), [&](const SideEnemyDef& d) { return d.id == out.enemy; });
    return known || r_.fail(ptr + "/enemy", "an enemy id of the scene", "'" + out.enemy + "'", true);
  }

  // "end" or "t:SECONDS" within the run the app simulates.
  bool side_step(const Json& v, const std::string& ptr, LessonSlide& out) {
    const Json* s = SceneReader::member(v, "step");
    if (!s) return true;
    const std::string expected = "\"t:SECONDS\" (0 to " + num(side::kLabSeconds) + ") or \"end\"";
    if (!r_.string(*s, ptr + "/step", out.step, expected)) return false;
    if (out.step == "end") return true;
    const std::optional<double> t = out.step.rfind("t:", 0) == 0 ? parse_seconds(out.step.substr(2)) : std::nullopt;
    if (!t || *t < 0.0 || *t > side::kLabSeconds) return r_.fail(ptr + "/step", expected, flat_json(*s));
    out.side_time = *t;
    return true;
  }

  // Plain decimal seconds ("2.5": digits and a point; no sign, no exponent), or nullopt.
  static std::optional<double> parse_seconds(const std::string& text) {
    if (text.empty() || text.find_first_not_of("0123456789.") != std::string::npos) return std::nullopt;
    char* end = nullptr;
    const double x = std::strtod(text.c_str(), &end);
    return end == text.c_str() + text.size() ? std::optional<double>(x) : std::nullopt;
  }

  bool query(const Json& v, const std::string& ptr, LessonSlide& out) {
    const Json* q = SceneReader::member(v, "query");
    if (!q) {
      if (scene_.queries.empty()) out.query = -1;
      return true;
    }
    for (size_t i = 0; i < scene_.queries.size(); ++i)
      if ((q->is_string() && scene_.queries[i].name == q->get<std::string>()) ||
          (q->is_number_integer() && q->get<long long>() == (long long)i)) {
        out.query = int(i);
        return true;
      }
    return r_.fail(ptr + "/query",
                   "a query index (0.." + std::to_string(int(scene_.queries.size()) - 1) + ") or name of the scene",
                   flat_json(*q));
  }

  bool toggles(const Json& v, const std::string& ptr, LessonSlide& out) {
    const Json* t = SceneReader::member(v, "toggles");
    if (!t) return true;
    const std::string tp = ptr + "/toggles";
    if (!r_.object(*t, tp, {"midpoints", "optimal", "channel", "doors", "spawn_checks", "agent"}, "slide toggles") ||
        !r_.opt_boolean(*t, tp, "midpoints", out.midpoints) || !polygon_toggle(*t, tp, "optimal", out.optimal) ||
        !polygon_toggle(*t, tp, "channel", out.channel))
      return false;
    return doors(*t, tp, out) && spawn_checks(*t, tp, out) && agent(*t, tp, out);
  }

  // "optimal" (the shortest path) and "channel" (the channel and its spline) need a navmesh's polygons.
  bool polygon_toggle(const Json& t, const std::string& tp, const char* key, bool& out) {
    if (!r_.opt_boolean(t, tp, key, out)) return false;
    const bool polygons = traits(scene_.kind()).polygons;
    if (out && !polygons)
      return r_.fail(tp + "/" + key, "false or absent: a graph or side-scroller scene has no polygons to draw it on",
                     "true");
    return true;
  }

  // Whether `id` names the gate of one of a graph scene's edges.
  bool graph_gate(const std::string& id) const {
    const Scene::Graph* g = scene_.graph_source();
    return g && std::any_of(g->edges.begin(), g->edges.end(), [&](const GraphEdgeDef& e) { return e.door == id; });
  }

  bool doors(const Json& t, const std::string& tp, LessonSlide& out) {
    const Json* d = SceneReader::member(t, "doors");
    if (!d) return true;
    if (!d->is_object()) return r_.fail(tp + "/doors", "{\"door id\": open (true|false)}", SceneReader::describe(d));
    for (const auto& item : d->items()) {
      // Named copies, not structured bindings: lambdas below capture them (clang cannot capture bindings).
      const std::string id = item.key();
      const Json& open = item.value();
      const std::string p = pointer_append(tp + "/doors", id);
      const bool known =
          std::any_of(scene_.doors.begin(), scene_.doors.end(), [&](const Door& x) { return x.id == id; }) ||
          graph_gate(id);
      if (!known) return r_.fail(p, "a door id of the scene", "'" + id + "'", true);
      bool on = true;
      if (!r_.boolean(open, p, on)) return false;
      out.doors.emplace_back(id, on);
    }
    return true;
  }

  bool spawn_checks(const Json& t, const std::string& tp, LessonSlide& out) {
    const Json* s = SceneReader::member(t, "spawn_checks");
    if (!s) return true;
    if (!s->is_object())
      return r_.fail(tp + "/spawn_checks", "{\"check\": enabled (true|false)}", SceneReader::describe(s));
    for (const auto& [name, on] : s->items()) {
      const std::string p = pointer_append(tp + "/spawn_checks", name);
      if (!spawn_check_from_string(name))
        return r_.fail(p, "a spawn check (projection, clearance, connectivity, forbidden_zone, occupancy, safe_path)",
                       "'" + name + "'", true);
      bool enabled = true;
      if (!r_.boolean(on, p, enabled)) return false;
      out.spawn_checks.emplace_back(name, enabled);
    }
    return true;
  }

  bool agent(const Json& t, const std::string& tp, LessonSlide& out) {
    const Json* a = SceneReader::member(t, "agent");
    if (!a) return true;
    if (!r_.object(*a, tp + "/agent", lesson_agent_parameters(), "agent parameter")) return false;
    for (const auto& [name, value] : a->items()) {
      double x = 0.0;
      if (!r_.number(value, pointer_append(tp + "/agent", name), x, {"a positive number", NumberRule::Positive}))
        return false;
      out.agent.emplace_back(name, x);
    }
    return true;
  }

  bool camera(const Json& v, const std::string& ptr, LessonSlide& out) {
    const Json* c = SceneReader::member(v, "camera");
    if (!c || (c->is_string() && c->get<std::string>() == "fit")) return true;
    const std::string cp = ptr + "/camera";
    if (!c->is_object()) return r_.fail(cp, "\"fit\" or {\"center\": [x, y], \"scale\": px_per_m}", flat_json(*c));
    LessonCamera cam;
    double xy[2] = {0, 0};
    const Json* center = r_.require(*c, cp, "center", "[x, y] in m");
    const Json* scale = r_.require(*c, cp, "scale", "pixels per metre");
    if (!r_.object(*c, cp, {"center", "scale"}, "camera") || !center || !scale ||
        !r_.coords(*center, cp + "/center", 2, "[x, y] in m", xy) ||
        !r_.number(*scale, cp + "/scale", cam.scale, {"pixels per metre", NumberRule::Positive}))
      return false;
    cam.center = {xy[0], xy[1]};
    out.camera = cam;
    return true;
  }

  bool panels(const Json& v, const std::string& ptr, LessonSlide& out) {
    const Json* p = SceneReader::member(v, "panels");
    if (!p) return true;
    if (!r_.array(*p, ptr + "/panels", "an array of panel names", 0)) return false;
    for (size_t i = 0; i < p->size(); ++i) {
      const std::string at = ptr + "/panels/" + std::to_string(i);
      std::string name;
      if (!r_.string((*p)[i], at, name, "a panel name")) return false;
      const auto& known = lesson_panels();
      if (std::find(known.begin(), known.end(), name) == known.end())
        return r_.fail(at, "a panel: profile, gfh, failure or legend", "'" + name + "'", true);
      out.panels.push_back(name);
    }
    return true;
  }

  // "A:B": two methods the scene can show (the path methods need polygons, every method a query).
  bool compare(const Json& v, const std::string& ptr, LessonSlide& out) {
    const Json* c = SceneReader::member(v, "compare");
    if (!c) return true;
    const std::string at = ptr + "/compare";
    if (!r_.string(*c, at, out.compare_text, "two methods, \"A:B\"")) return false;
    const auto methods = parse_compare(out.compare_text);
    if (!methods) return r_.fail(at, methods.error().substr(std::string("expected ").size()), flat_json(*c));
    out.compare = methods.value();
    if (out.query < 0) return r_.fail(at, "absent: the scene has no query to plan", flat_json(*c));
    const bool polygons = !scene_.graph_source();
    if (!polygons && (out.compare->first.needs_polygons() || out.compare->second.needs_polygons()))
      return r_.fail(at, "astar or dijkstra: a graph scene has no polygons for the path methods", flat_json(*c));
    return true;
  }

  bool subject(const Json& v, const std::string& ptr, LessonSlide& out) {
    const Json* s = SceneReader::member(v, "subject");
    if (!s) return true;
    const std::string sp = ptr + "/subject";
    LessonSubject& sub = out.subject;
    if (!r_.object(*s, sp, {"nodes", "doors", "points", "route"}, "subject") ||
        !r_.opt_boolean(*s, sp, "route", sub.route))
      return false;
    if (const Json* n = SceneReader::member(*s, "nodes")) {
      if (!r_.array(*n, sp + "/nodes", "an array of node ids or polygon indices", 0)) return false;
      for (size_t i = 0; i < n->size(); ++i)
        if (!subject_node((*n)[i], sp + "/nodes/" + std::to_string(i), sub)) return false;
    }
    if (const Json* d = SceneReader::member(*s, "doors")) {
      if (!r_.array(*d, sp + "/doors", "an array of door ids", 0)) return false;
      for (size_t i = 0; i < d->size(); ++i) {
        std::string id;
        const std::string at = sp + "/doors/" + std::to_string(i);
        if (!r_.string((*d)[i], at, id, "a door id of the scene")) return false;
        if (std::none_of(scene_.doors.begin(), scene_.doors.end(), [&](const Door& x) { return x.id == id; }) &&
            !graph_gate(id))
          return r_.fail(at, "a door id of the scene", "'" + id + "'", true);
        sub.doors.push_back(id);
      }
    }
    if (const Json* p = SceneReader::member(*s, "points")) {
      if (!r_.array(*p, sp + "/points", "an array of [x, y] points", 0)) return false;
      for (size_t i = 0; i < p->size(); ++i) {
        double xy[2] = {0, 0};
        if (!r_.coords((*p)[i], sp + "/points/" + std::to_string(i), 2, "[x, y] in m", xy)) return false;
        sub.points.push_back({xy[0], xy[1]});
      }
    }
    return true;
  }

  // A graph node's id, or a polygon index of a navmesh scene.
  bool subject_node(const Json& j, const std::string& at, LessonSubject& sub) {
    if (const Scene::Graph* graph = scene_.graph_source()) {
      std::string id;
      if (!r_.string(j, at, id, "a node id of the graph")) return false;
      const auto& nodes = graph->nodes;
      if (std::none_of(nodes.begin(), nodes.end(), [&](const GraphNodeDef& d) { return d.id == id; }))
        return r_.fail(at, "a node id of the graph", "'" + id + "'", true);
      sub.nodes.push_back(id);
      return true;
    }
    if (!j.is_number_integer() || j.get<long long>() < 0)
      return r_.fail(at, "a polygon index (an integer >= 0)", flat_json(j));
    sub.nodes.push_back(std::to_string(j.get<long long>()));
    return true;
  }

  // The step must name a timeline stage and a step the slide's plan has.
  bool step(const Json& v, const std::string& ptr, LessonSlide& out) {
    const Json* s = SceneReader::member(v, "step");
    if (!s) return true;
    if (!r_.string(*s, ptr + "/step", out.step, "\"STAGE:N\" or \"end\"")) return false;
    if (out.step == "end") return true;
    if (out.query < 0) return r_.fail(ptr + "/step", "\"end\" (the scene has no query to plan)", flat_json(*s));
    const std::optional<StepRow> row = parse_step_row(out.step);
    if (!row || row->stage == StageId::Bake)
      return r_.fail(ptr + "/step", "\"STAGE:N\" (a plan stage: " + plan_stage_names() + "; N >= 1) or \"end\"",
                     flat_json(*s));
    const int count = steps_in_stage(out, row->stage);
    if (row->index >= count)
      return r_.fail(ptr + "/step",
                     "a step the plan has (" + std::to_string(count) + " " + to_string(row->stage) + " steps)",
                     flat_json(*s));
    return true;
  }

  // Every stage a slide's step may name: all but the bake, whose stages belong to the mesh.
  static std::string plan_stage_names() {
    std::string out;
    for (const StageInfo& info : kStageTable)
      if (info.id != StageId::Bake) out += std::string(out.empty() ? "" : ", ") + info.name;
    return out;
  }

  // The slide's plan and what the app's timeline shows beside it (the channel, the shortest path).
  int steps_in_stage(const LessonSlide& slide, StageId stage) {
    Scene scene = scene_;
    apply_slide_toggles(slide, scene);
    Result<NavMesh> mesh = build_navmesh(scene);
    if (!mesh) return 0;
    const Query& q = scene.queries[size_t(slide.query)];
    const bool beside = stage_beside_plan(stage, scene.search.algorithm == Algorithm::Polyanya);
    const PipelineRun run = run_pipeline(scene, mesh.value(), PlanRequest{q.start, q.goal, {}},
                                         {.trace = true, .channel = beside, .optimal = beside});
    const PlanRecords records = run.records();
    return step_count(records, stage);
  }

  SceneReader& r_;
  fs::path folder_;
  Scene scene_;
};

}  // namespace

Result<Lesson> parse_lesson(const std::string& text, const std::string& path) {
  Result<Json> parsed = parse_json_text(text, path);  // the scene's nesting limit and syntax messages
  if (!parsed) return Result<Lesson>::fail(parsed.error());
  const Json root = std::move(parsed).value();
  SceneReader r(text, path);
  Lesson lesson;
  lesson.path = path;
  int version = 0;
  const Json* ver = root.is_object() ? r.require(root, "", "navlab_lesson", "the lesson format version 1") : nullptr;
  const Json* slides = root.is_object() ? r.require(root, "", "slides", "an array of slides") : nullptr;
  const bool ok = r.object(root, "", {"navlab_lesson", "title", "summary", "slides"}, "lesson") && ver &&
                  r.integer(*ver, "/navlab_lesson", version, 1, 1, "the lesson format version 1") &&
                  r.opt_string(root, "", "title", lesson.title, "a lesson title") &&
                  r.opt_string(root, "", "summary", lesson.summary, "a summary", false) && slides &&
                  r.array(*slides, "/slides", "an array of slides", 1);
  if (!ok) return Result<Lesson>::fail(r.error());
  // Each slide loads its scene and may plan on it to check its step: the slides bound the work.
  if (slides->size() > limits::kMaxLessonSlides) {
    r.fail("/slides", "at most " + std::to_string(limits::kMaxLessonSlides) + " slides (the lesson slide limit)",
           SceneReader::describe(slides));
    return Result<Lesson>::fail(r.error());
  }
  SlideReader reader(r, fs::path(path).parent_path());
  for (size_t i = 0; i < slides->size(); ++i) {
    LessonSlide slide;
    if (!reader.read((*slides)[i], "/slides/" + std::to_string(i), slide)) return Result<Lesson>::fail(r.error());
    lesson.slides.push_back(std::move(slide));
  }
  return lesson;
}

const std::vector<std::string>& lesson_panels() {
  static const std::vector<std::string> names = {"profile", "gfh", "failure", "legend"};
  return names;
}

const std::vector<std::string>& lesson_agent_parameters() {
  static const std::vector<std::string> names = {"max_speed",     "accel",       "brake_decel",    "reaction_dt",
                                                 "lateral_accel", "turn_radius", "min_turn_radius"};
  return names;
}

bool apply_agent_parameter(AgentDef& agent, const std::string& name, double value) {
  return set_agent_parameter(agent, name, value);
}

void apply_slide_toggles(const LessonSlide& slide, Scene& scene) {
  for (const auto& door_open : slide.doors) {
    const std::string& id = door_open.first;
    const bool open = door_open.second;
    auto it = std::find_if(scene.doors.begin(), scene.doors.end(), [&](const Door& d) { return d.id == id; });
    if (it == scene.doors.end()) {
      Door gate;
      gate.id = id;
      it = scene.doors.insert(scene.doors.end(), gate);
    }
    it->open = open;
  }
  for (const auto& [name, value] : slide.agent) set_agent_parameter(scene.agent, name, value);
}

Result<Lesson> load_lesson(const std::string& path) {
  Result<std::string> text = read_text_file(path, "lesson file", limits::kMaxFileBytes);
  if (!text) return Result<Lesson>::fail(text.error());
  return parse_lesson(text.value(), path);
}

std::vector<std::string> lesson_files(const std::string& folder) {
  std::vector<std::string> out;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(folder, ec))
    if (e.path().extension() == ".json") out.push_back(e.path().string());
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace navlab
