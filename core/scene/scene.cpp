// Scene loading: read the file, parse the JSON (turning nlohmann's errors into FILE:LINE:COL messages
// with a JSON pointer), reject duplicate keys, then read the document (scene_parse.cpp).
#include "scene.h"

#include <cstring>
#include <utility>

#include "input_limits.h"
#include "json_file.h"
#include "json_locate.h"
#include "overloaded.h"
#include "scene_reader.h"
#include "text_file.h"

namespace navlab {
namespace {

std::string located(const std::string& text, const std::string& file, size_t offset, const std::string& pointer,
                    const std::string& body) {
  const TextPos pos = text_position(text, offset);
  return file + ":" + std::to_string(pos.line) + ":" + std::to_string(pos.column) + ": " +
         (pointer.empty() ? "/" : pointer) + ": " + body;
}

bool starts_with(const std::string& s, const char* prefix) { return s.rfind(prefix, 0) == 0; }

// nlohmann's "syntax error while parsing X - unexpected T; expected E" becomes "expected E, got T".
std::string syntax_message(const std::string& what) {
  std::string detail = what;
  const size_t syntax = what.find("syntax error while parsing ");
  const size_t dash = syntax == std::string::npos ? std::string::npos : what.find(" - ", syntax);
  if (dash != std::string::npos) detail = what.substr(dash + 3);
  std::string problem, expected = "a JSON value", last_read;
  size_t start = 0;
  for (bool first = true; start <= detail.size(); first = false) {
    size_t end = detail.find("; ", start);
    if (end == std::string::npos) end = detail.size();
    const std::string part = detail.substr(start, end - start);
    if (first)
      problem = part;
    else if (starts_with(part, "expected "))
      expected = part.substr(9);
    else if (starts_with(part, "last read: "))
      last_read = part.substr(11);
    start = end + 2;
  }
  if (starts_with(problem, "unexpected ")) return "expected " + expected + ", got " + problem.substr(11);
  if (last_read.size() >= 2 && last_read.front() == '\'' && last_read.back() == '\'')
    last_read = last_read.substr(1, last_read.size() - 2);
  const size_t space = last_read.find_last_of(" \t\n");
  if (space != std::string::npos) last_read = last_read.substr(space + 1);
  return "expected " + expected + ", got " + problem + (last_read.empty() ? "" : " '" + last_read + "'");
}

// Byte offset of the number literal `literal` (as a whole token) in `text`, or 0.
size_t find_number(const std::string& text, const std::string& literal) {
  const auto is_delim = [](char c) { return std::strchr(",[]{}: \t\r\n", c) != nullptr; };
  for (size_t at = text.find(literal); at != std::string::npos; at = text.find(literal, at + 1)) {
    const bool before = at == 0 || is_delim(text[at - 1]);
    const size_t after = at + literal.size();
    if (before && (after >= text.size() || is_delim(text[after]))) return at;
  }
  return 0;
}

// Parses JSON text, or fails with `FILE:LINE:COL: /pointer: expected ..., got ...`.
Result<Json> parse_json(const std::string& text, const std::string& path) {
  if (const auto deep = find_too_deep(text, limits::kMaxJsonDepth))
    return Result<Json>::fail(located(text, path, *deep, pointer_at(text, *deep),
                                      "expected JSON nested at most " + std::to_string(limits::kMaxJsonDepth) +
                                          " levels deep (the nesting limit), got a deeper array or object"));
  try {
    return Json::parse(text);
  } catch (const Json::parse_error& e) {
    const std::string message = syntax_message(e.what());
    const bool literal =
        message.find(", got unexpected") == std::string::npos && message.find(", got invalid") != std::string::npos;
    const size_t offset = token_start(text, e.byte > 0 ? e.byte - 1 : 0, literal);
    return Result<Json>::fail(located(text, path, offset, pointer_at(text, offset), message));
  } catch (const Json::exception& e) {  // out_of_range 406: a number literal beyond the range of a double
    const std::string what = e.what();
    const size_t q1 = what.find('\''), q2 = what.rfind('\'');
    const std::string literal = q1 != std::string::npos && q2 > q1 ? what.substr(q1 + 1, q2 - q1 - 1) : "";
    const size_t offset = literal.empty() ? 0 : find_number(text, literal);
    return Result<Json>::fail(located(text, path, offset, pointer_at(text, offset),
                                      "expected a number within ±1e6, got " + (literal.empty() ? what : literal)));
  }
}

}  // namespace

Result<Json> load_json_file(const std::string& path, const std::string& what) {
  Result<std::string> text = read_text_file(path, what, limits::kMaxFileBytes);
  if (!text) return Result<Json>::fail(text.error());
  return parse_json(text.value(), path);
}

Result<Json> parse_json_text(const std::string& text, const std::string& path) {
  Result<Json> parsed = parse_json(text, path);
  if (!parsed) return parsed;
  if (const auto dup = find_duplicate_key(text)) {
    const std::string key = dup->pointer.substr(dup->pointer.rfind('/') + 1);
    return Result<Json>::fail(located(text, path, dup->offset, dup->pointer,
                                      "expected each key once per object, got \"" + key + "\" a second time"));
  }
  return parsed;
}

Result<Scene> parse_scene(const std::string& text, const std::string& path) {
  Result<Json> parsed = parse_json_text(text, path);
  if (!parsed) return Result<Scene>::fail(parsed.error());
  const Json& root = parsed.value();
  Scene scene;
  if (Result<void> read = parse_scene_document(root, text, path, scene); !read) return Error{read.error()};
  scene.path = path;
  return scene;
}

Result<Scene> load_scene(const std::string& path) {
  Result<std::string> text = read_text_file(path, "file", limits::kMaxFileBytes);
  if (!text) return Result<Scene>::fail(text.error());
  return parse_scene(text.value(), path);
}

std::string scene_error_at(const Scene& scene, const std::string& pointer, const std::string& body) {
  const std::string file = scene.path.empty() ? std::string("scene") : scene.path;
  const Result<std::string> text = read_text_file(scene.path, "file", limits::kMaxFileBytes);
  if (!text) return file + ": " + pointer + ": " + body;
  const TextPos pos = text_position(text.value(), locate_pointer(text.value(), pointer));
  return file + ":" + std::to_string(pos.line) + ":" + std::to_string(pos.column) + ": " + pointer + ": " + body;
}

namespace {

// Two sources of the same kind, compared without a hand-authored mesh's vertices and polygons or a floor
// plan's outline and holes.
bool same_source_besides_geometry(const Scene::SourceBlock& a, const Scene::SourceBlock& b) {
  if (a.index() != b.index()) return false;
  return std::visit(
      Overloaded{[&](const Scene::Navmesh& x) {
                   const Scene::Navmesh& y = std::get<Scene::Navmesh>(b);
                   return x.costs == y.costs && x.areas == y.areas;
                 },
                 [&](const Scene::Floorplan& x) { return x.areas == std::get<Scene::Floorplan>(b).areas; },
                 [&](const auto& x) { return x == std::get<std::decay_t<decltype(x)>>(b); }},
      a);
}

template <size_t... I>
Scene::SourceBlock empty_source_at(size_t index, std::index_sequence<I...>) {
  Scene::SourceBlock out;
  ((index == I ? (void)out.emplace<I>() : (void)0), ...);
  return out;
}

}  // namespace

Scene::SourceBlock empty_source(Scene::Source kind) {
  return empty_source_at(size_t(kind), std::make_index_sequence<std::variant_size_v<Scene::SourceBlock>>());
}

bool Scene::operator==(const Scene& o) const { return same_besides_geometry(o) && source == o.source; }

bool Scene::same_besides_geometry(const Scene& o) const {
  return name == o.name && description == o.description && same_source_besides_geometry(source, o.source) &&
         bake == o.bake && doors == o.doors && links == o.links && blockers == o.blockers && agent == o.agent &&
         queries == o.queries && search == o.search && spawn == o.spawn && unreachable_goal == o.unreachable_goal;
}

}  // namespace navlab
