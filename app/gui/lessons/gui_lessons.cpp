#include "gui_lessons.h"

#include <SDL.h>
#include <imgui.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>

#include "gui_compare.h"
#include "gui_files.h"
#include "gui_script.h"
#include "gui_side.h"
#include "gui_side_draw.h"
#include "gui_viewport.h"
#include "lesson_toggles.h"
#include "panel_spawn.h"

namespace navlab::app {

namespace {

// The run the app shows, the record at the slide's time (its last one for "end") and the enemy's sentence.
Result<void> setup_side_slide(const LessonSlide& slide, SlideSetup& out) {
  const SideScrollerDef& scene = std::get<SideScrollerDef>(out.doc.scene.source);  // a side slide's scene
  side::SideSimDef def;
  def.max_time = side::kLabSeconds;
  out.side_run = side::simulate(scene, def);
  if (out.side_run.enemies.empty()) return Error{slide.scene + ": the scene has no enemies to show"};
  const int last = int(out.side_run.enemies[0].steps.size()) - 1;
  out.side_tick = slide.side_time < 0.0 ? last : std::min(last, int(std::lround(slide.side_time / out.side_run.dt)));
  for (size_t i = 0; i < scene.enemies.size(); ++i)
    if (scene.enemies[i].id == slide.enemy)
      out.side_caption = side::describe(out.side_run.enemies[i].steps[size_t(out.side_tick)], scene.enemies[i]);
  return {};
}

}  // namespace

Result<void> setup_slide(const LessonSlide& slide, SlideSetup& out) {
  out = SlideSetup{};
  Result<Document> loaded = load_document(slide.scene);
  if (!loaded) return Error{loaded.error()};
  out.doc = std::move(loaded).value();
  Document& doc = out.doc;
  apply_slide_toggles(slide, doc.scene);
  if (slide.query >= int(doc.scene.queries.size()))
    return Error{slide.scene + ": no query " + std::to_string(slide.query)};
  doc.query_index = slide.query;
  doc.start.reset();
  doc.goal.reset();
  if (slide.query >= 0) {
    doc.start = doc.scene.queries[size_t(slide.query)].start;
    doc.goal = doc.scene.queries[size_t(slide.query)].goal;
  }
  if (slide.side) return setup_side_slide(slide, out);
  out.plan.run(doc);
  const Result<int> step = parse_step(slide.step, out.plan);
  if (!step) return Error{slide.scene + ": " + step.error()};
  out.step = step.value();
  out.midpoints = slide.midpoints;
  out.optimal = slide.optimal;
  out.channel = slide.channel;
  for (const auto& [name, on] : slide.spawn_checks)
    if (const auto check = spawn_check_from_string(name)) out.spawn.set(*check, on);
  return {};
}

namespace {

void add_node(const NavMesh& m, int n, std::vector<Vec2>& out) {
  if (n < 0 || n >= m.size()) return;
  if (m.kind == NavMesh::Kind::Graph) return out.push_back(m.nodes[size_t(n)].pos);
  for (int v : m.polys[size_t(n)].verts) out.push_back(m.verts[size_t(v)]);
}

// A door's shape, or for a graph's gate the nodes of the edges it gates.
void add_door(const Document& doc, const std::string& id, std::vector<Vec2>& out) {
  for (const Door& d : doc.scene.doors)
    if (d.id == id)
      for (const ScenePoint& p : d.shape) out.push_back(p.plane);
  if (const Scene::Graph* graph = doc.scene.graph_source())
    for (const GraphEdgeDef& e : graph->edges)
      if (e.door == id)
        for (const std::string& n : {e.from, e.to}) add_node(doc.mesh, doc.mesh.node_index(n), out);
}

void add_route(const PlanView& plan, std::vector<Vec2>& out) {
  if (plan.has_start) out.push_back(plan.start);
  if (plan.has_goal) out.push_back(plan.goal);
  out.insert(out.end(), plan.funnel.points.begin(), plan.funnel.points.end());
}

// What the step's record is about.
void add_step(const Document& doc, const PlanView& plan, int step, std::vector<Vec2>& out) {
  if (step < 0 || step >= int(plan.steps.size())) {
    for (int n : plan.search.corridor) add_node(doc.mesh, n, out);
    return;
  }
  const TimelineStep& t = plan.steps[size_t(step)];
  if (t.stage == Stage::Search) {
    const SearchSets sets = search_sets_at(plan.trace.search.steps, size_t(t.index));
    for (int n : sets.open) add_node(doc.mesh, n, out);
    for (int n : sets.closed) add_node(doc.mesh, n, out);
  } else if (t.stage == Stage::Funnel) {
    const FunnelStep& f = plan.trace.funnel.steps[size_t(t.index)];
    out.push_back(f.after.apex);
    out.push_back(f.point);
  } else if (t.stage == Stage::Polyanya) {
    const PolyanyaStep& p = plan.optimal_trace.steps[size_t(t.index)];
    for (Vec2 q : {p.root, p.left, p.right}) out.push_back(q);
  } else if (t.stage == Stage::Locate) {
    out.push_back(plan.trace.locate[size_t(t.index)].query);
  }
}

// The slide's midpoint path, shortest path, channel and compare view: shown once its answer is (a
// question slide keeps them back, they would give the answer away).
void show_overlays(Session& app, CompareView& compare, const LessonSlide& slide, bool revealed) {
  app.settings.show_midpoints = revealed && slide.midpoints;
  app.settings.show_optimal = revealed && slide.optimal;
  app.settings.show_channel = revealed && slide.channel;
  compare.on = revealed && slide.compare.has_value();
  if (slide.compare) compare.spec = slide.compare_text;
}

}  // namespace

std::vector<Vec2> slide_subject(const LessonSlide& slide, const Document& doc, const PlanView& plan, int step) {
  std::vector<Vec2> out;
  const LessonSubject& sub = slide.subject;
  if (!sub.empty()) {
    for (const std::string& n : sub.nodes)
      add_node(doc.mesh, doc.mesh.kind == NavMesh::Kind::Graph ? doc.mesh.node_index(n) : std::atoi(n.c_str()), out);
    for (const std::string& d : sub.doors) add_door(doc, d, out);
    out.insert(out.end(), sub.points.begin(), sub.points.end());
    if (sub.route) add_route(plan, out);
    return out;
  }
  if (plan.ran) add_route(plan, out);
  add_step(doc, plan, step, out);
  if (slide.optimal) out.insert(out.end(), plan.optimal.begin(), plan.optimal.end());
  for (const auto& door : slide.doors) add_door(doc, door.first, out);
  for (const SpawnCandidate& c : doc.scene.spawn.candidates) out.push_back(c.pos.plane);
  for (const Occupant& o : doc.scene.spawn.occupants) out.push_back(o.pos.plane);
  return out;
}

void frame_subject(const std::vector<Vec2>& subject, const Document& doc, Viewport& view, int w, int h,
                   float reserve_right) {
  constexpr double kWholeSceneAtLeast = 0.5;  // the whole scene is shown while the subject keeps this share of its size
  constexpr double kMinExtent = 0.25;         // the subject box is at least this share of the scene's extent
  // A graph's nodes are discs of a fixed pixel size around their points: a wider margin keeps them whole.
  const double margin = doc.mesh.kind == NavMesh::Kind::Graph ? 0.12 : 0.06;
  // Names and verdicts are written to the right of their points: a framed subject keeps room for a word
  // beside its rightmost point (the whole scene, framed as every view frames it, keeps none).
  constexpr float kLabelRoomEms = 6.0f;
  const float reserve = reserve_right + (subject.empty() ? 0.0f : kLabelRoomEms * ImGui::GetFontSize());
  w = std::max(1, w - int(reserve));
  const Vec2 size{double(w), double(std::max(1, h))};
  // The camera frames the w x h part left of the reserved strip.
  auto shift = [&] { view.camera.center.x += double(reserve) * 0.5 / view.camera.scale; };
  view.camera.fit(doc.lo, doc.hi, size, margin);
  if (subject.empty()) return shift();
  Vec2 lo = subject[0], hi = subject[0];
  for (const Vec2& p : subject)
    lo = {std::min(lo.x, p.x), std::min(lo.y, p.y)}, hi = {std::max(hi.x, p.x), std::max(hi.y, p.y)};
  const Vec2 c = (lo + hi) * 0.5, scene = doc.hi - doc.lo;
  const double ex = std::max(hi.x - lo.x, scene.x * kMinExtent), ey = std::max(hi.y - lo.y, scene.y * kMinExtent);
  gl::Camera subject_cam;
  subject_cam.fit(c - Vec2{ex, ey} * 0.5, c + Vec2{ex, ey} * 0.5, size, std::max(0.1, margin));
  // The whole scene, with whatever of the subject lies outside the mesh's bounds (a door's end).
  view.camera.fit({std::min(lo.x, doc.lo.x), std::min(lo.y, doc.lo.y)},
                  {std::max(hi.x, doc.hi.x), std::max(hi.y, doc.hi.y)}, size, margin);
  if (view.camera.scale < kWholeSceneAtLeast * subject_cam.scale) view.camera = subject_cam;
  shift();
}

void slide_camera(const LessonSlide& slide, const SlideSetup& setup, Viewport& view, int w, int h,
                  float reserve_right) {
  const Document& doc = setup.doc;
  if (slide.side)
    view.camera = side_camera(fit_side_frame(std::get<SideScrollerDef>(doc.scene.source), 0, 0, float(w), float(h)),
                              float(w), float(h));
  else
    frame_subject(slide_subject(slide, doc, setup.plan, setup.step), doc, view, w, h, reserve_right);
  if (!slide.camera) return;
  view.camera.center = slide.camera->center;
  view.camera.scale = slide.camera->scale;
}

bool fit_slide_subject(const Session& app, const LessonsView& v, Viewport& view, int w, int h) {
  if (!v.lesson) return false;
  const LessonSlide& slide = v.lesson->slides[size_t(v.slide)];
  if (slide.side || slide.scene != app.doc.path) return false;
  if (slide.camera) {
    view.camera.center = slide.camera->center;
    view.camera.scale = slide.camera->scale;
    return true;
  }
  frame_subject(slide_subject(slide, app.doc, app.plan, v.answer_step), app.doc, view, w, h);
  return true;
}

int question_step(const PlanView& plan, int answer_step) {
  if (answer_step < int(plan.steps.size())) return std::max(0, answer_step - 1);
  return std::max(0, plan.first_step(Stage::Locate));
}

std::string lessons_folder() {
  namespace fs = std::filesystem;
  if (char* base = SDL_GetBasePath()) {
    const std::string beside = std::string(base) + "scenes/lessons";
    SDL_free(base);
    if (fs::is_directory(beside)) return beside;
  }
#ifdef NAVLAB_SOURCE_DIR
  const std::string src = std::string(NAVLAB_SOURCE_DIR) + "/scenes/lessons";
  if (fs::is_directory(src)) return src;
#endif
  return "scenes/lessons";
}

bool open_lesson(Session& app, const LessonRoom& room, const std::string& path) {
  if (files_unsaved(app, room.files) && !room.lessons.lesson) {  // the user's own edited scene would be replaced
    files_ask(room.files, FilesView::Pending::Lesson, path);
    return false;
  }
  Result<Lesson> lesson = load_lesson(path);
  if (!lesson) {
    app.show_error(lesson.error());
    return false;
  }
  LessonsView& v = room.lessons;
  v.lesson = std::move(lesson).value();
  const auto it = std::find(v.files.begin(), v.files.end(), path);
  v.file_index = it == v.files.end() ? -1 : int(it - v.files.begin());
  show_slide(app, room, 0);
  return true;
}

void show_slide(Session& app, const LessonRoom& room, int index) {
  LessonsView& v = room.lessons;
  if (!v.lesson) return;
  v.slide = std::clamp(index, 0, int(v.lesson->slides.size()) - 1);
  const LessonSlide& slide = v.lesson->slides[size_t(v.slide)];
  SlideSetup setup;
  if (Result<void> r = setup_slide(slide, setup); !r) {
    app.show_error(r.error());
    return;
  }
  v.opening = true;  // the slide's scene, read-only, not the user's own
  const bool opened = app.open_scene(slide.scene);
  v.opening = false;
  if (!opened) return;
  app.doc = std::move(setup.doc);
  files_mark_saved(app, room.files, true);  // the slide's toggles are not the user's edits
  app.replan();
  if (slide.side) room.side.tick = setup.side_tick;
  v.answer_step = setup.step;
  v.revealed = slide.question.empty();
  app.set_step(v.revealed ? setup.step : question_step(app.plan, setup.step));
  show_overlays(app, room.compare, slide, v.revealed);
  room.spawn.options = setup.spawn;
  app.fit_view();  // the slide's camera, or its subject framed (fit_slide_subject)
  app.status =
      v.lesson->title + ": slide " + std::to_string(v.slide + 1) + " of " + std::to_string(v.lesson->slides.size());
}

bool lesson_key(Session& app, const LessonRoom& room, int sc, bool ctrl) {
  LessonsView& v = room.lessons;
  if (sc != SDL_SCANCODE_PAGEDOWN && sc != SDL_SCANCODE_PAGEUP) return false;
  const int dir = sc == SDL_SCANCODE_PAGEDOWN ? 1 : -1;
  if (ctrl || !v.lesson) {
    if (v.files.empty()) v.files = lesson_files(lessons_folder());
    if (v.files.empty()) return false;
    const int n = int(v.files.size());
    const int next = v.file_index < 0 ? (dir > 0 ? 0 : n - 1) : (v.file_index + dir + n) % n;
    open_lesson(app, room, v.files[size_t(next)]);
    return true;
  }
  if (dir > 0 && !v.revealed) {  // the question's answer: the slide's own step, text and overlays
    v.revealed = true;
    app.playback.playing = false;
    app.set_step(v.answer_step);
    show_overlays(app, room.compare, v.lesson->slides[size_t(v.slide)], true);
    return true;
  }
  show_slide(app, room, v.slide + dir);
  return true;
}

std::optional<Result<void>> lesson_script_action(Session& app, const LessonRoom& room, const nlohmann::json& a) {
  if (!a.contains("lesson")) return std::nullopt;
  if (!a["lesson"].is_string()) return Error{"{\"lesson\": FILE} needs a file name"};
  if (!open_lesson(app, room, a["lesson"].get<std::string>()) && room.files.pending == FilesView::Pending::None)
    return Error{app.error};
  return Result<void>();
}

}  // namespace navlab::app
