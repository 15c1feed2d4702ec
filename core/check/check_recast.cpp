// RecastDemo's test-case text files (RecastDemo/Source/TestCase.cpp reads them): one item per line,
// leading blanks skipped,
//   s SAMPLE                                   the sample that baked the level ("Solo Mesh", "Tile Mesh")
//   f LEVEL                                    the level file (RecastDemo looks in its Meshes folder; navlab
//                                              beside the suite)
//   pf SX SY SZ EX EY EZ INCLUDE EXCLUDE       a path from S to E under the filter (flags in hex)
//   rc SX SY SZ EX EY EZ INCLUDE EXCLUDE       a raycast from S towards E
// navlab also skips blank lines and lines starting with '#', and refuses any other line (RecastDemo
// ignores it silently, so a typo would drop a case).
#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <sstream>

#include "check_suite.h"
#include "format.h"
#include "input_limits.h"

namespace navlab {

namespace {

constexpr size_t kMaxLineChars = 512;  // RecastDemo's row buffer: longer rows are cut there

std::string trim(const std::string& s) {
  const size_t a = s.find_first_not_of(" \t\r");
  if (a == std::string::npos) return "";
  const size_t b = s.find_last_not_of(" \t\r");
  return s.substr(a, b - a + 1);
}

// A number token of a pf / rc line, or why not.
bool read_number(const std::string& tok, double& out) {
  if (tok.empty()) return false;
  char* end = nullptr;
  errno = 0;
  out = std::strtod(tok.c_str(), &end);
  return errno == 0 && end == tok.c_str() + tok.size() && std::isfinite(out) && std::fabs(out) <= limits::kMaxMagnitude;
}

// Hex flags as RecastDemo's %hx reads them: "0x3", "3", "ffef".
bool read_flags(const std::string& tok, unsigned& out) {
  if (tok.empty()) return false;
  char* end = nullptr;
  errno = 0;
  const unsigned long v = std::strtoul(tok.c_str(), &end, 16);
  if (errno != 0 || end != tok.c_str() + tok.size() || v > 0xffff || tok[0] == '-' || tok[0] == '+') return false;
  out = unsigned(v);
  return true;
}

// Reads the numbers of a pf / rc line into `c`. Fails with what is wrong.
Result<void> read_case_line(const std::string& rest, CheckCase& c) {
  std::istringstream in(rest);
  std::vector<std::string> tok;
  for (std::string t; in >> t;) tok.push_back(t);
  if (tok.size() != 6 && tok.size() != 8)
    return Error{"expected 6 coordinates (start x y z, end x y z) and the include and exclude flags, got " +
                 std::to_string(tok.size()) + " values"};
  double v[6];
  for (int i = 0; i < 6; ++i)
    if (!read_number(tok[size_t(i)], v[i]))
      return Error{"expected a coordinate within ±1e6, got '" + tok[size_t(i)] + "'"};
  FlagFilter f;
  if (tok.size() == 8) {
    if (!read_flags(tok[6], f.include)) return Error{"expected hex include flags (e.g. 0xffef), got '" + tok[6] + "'"};
    if (!read_flags(tok[7], f.exclude)) return Error{"expected hex exclude flags (e.g. 0x0), got '" + tok[7] + "'"};
  }
  auto point = [](double x, double y, double z) {
    ScenePoint p;
    p.is3d = true;
    p.plane = to_plane({x, y, z});
    p.height = y;
    return p;
  };
  c.query.start = point(v[0], v[1], v[2]);
  c.query.goal = point(v[3], v[4], v[5]);
  c.query.flags = f;
  return {};
}

// The level named by the `f` line: a scene file (.json) or a level file baked with RecastDemo's settings
// for the sample.
Result<void> read_level(const std::string& name, const std::string& suite_path, CheckSuite& out) {
  namespace fs = std::filesystem;
  std::string ext = fs::path(name).extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char ch) { return char(std::tolower(ch)); });
  if (ext == ".json") {
    const fs::path resolved = fs::path(name).is_absolute() ? fs::path(name) : fs::path(suite_path).parent_path() / name;
    Result<Scene> scene = load_scene(resolved.lexically_normal().string());
    if (!scene) return Error{scene.error()};
    out.scene_file = name;
    out.scene = std::move(scene.value());
    return {};
  }
  Scene s;
  Scene::Mesh& level = s.source.emplace<Scene::Mesh>();
  s.path = suite_path;
  (ext == ".obj" ? level.obj : level.file) = name;
  s.bake.tile_size = sample_tile_size(out.sample);
  out.scene = std::move(s);
  return {};
}

}  // namespace

int sample_tile_size(const std::string& sample) {
  if (sample == "Tile Mesh") return 32;
  if (sample == "Temp Obstacles") return 48;
  return 0;
}

Result<CheckSuite> parse_recast_tests(const std::string& text, const std::string& path) {
  CheckSuite suite;
  suite.format = CheckSuite::Format::RecastDemo;
  suite.path = path;
  suite.name = std::filesystem::path(path).filename().string();
  std::string level;
  int level_line = 0, paths = 0, rays = 0;
  std::istringstream in(text);
  std::string raw;
  auto fail = [&](int line, const std::string& what) {
    return Result<CheckSuite>::fail(path + ":" + std::to_string(line) + ": " + what);
  };
  for (int line = 1; std::getline(in, raw); ++line) {
    if (raw.size() > kMaxLineChars)
      return fail(line, "expected a line of at most 512 characters, got " + std::to_string(raw.size()));
    const std::string row = trim(raw);
    if (row.empty() || row[0] == '#') continue;
    const std::string key = row.substr(0, row.find_first_of(" \t"));
    const std::string rest = key.size() < row.size() ? trim(row.substr(key.size())) : "";
    if (key == "s") {
      suite.sample = rest;
    } else if (key == "f") {
      if (rest.empty()) return fail(line, "expected the level file's name after 'f'");
      level = rest;
      level_line = line;
    } else if (key == "pf" || key == "rc") {
      if (suite.cases.size() >= limits::kMaxQueries)
        return fail(line,
                    "expected at most " + std::to_string(limits::kMaxQueries) + " cases (the limit of one suite)");
      CheckCase c;
      c.kind = key == "pf" ? CaseKind::Plan : CaseKind::Raycast;
      c.name = key == "pf" ? "path " + std::to_string(++paths) : "raycast " + std::to_string(++rays);
      c.line = line;
      c.implicit = true;
      if (Result<void> err = read_case_line(rest, c); !err) return fail(line, err.error());
      if (c.kind == CaseKind::Plan) c.plan.status = Status::Complete;
      if (c.kind == CaseKind::Raycast) c.ray.start_on_mesh = true;
      suite.cases.push_back(std::move(c));
    } else {
      return fail(line,
                  "expected a line 's SAMPLE', 'f LEVEL', 'pf ...' or 'rc ...' (RecastDemo's test format), got '" +
                      row.substr(0, 40) + "'");
    }
  }
  if (level.empty()) return fail(1, "expected an 'f LEVEL' line naming the level file (found none)");
  if (suite.cases.empty()) return fail(1, "expected at least one 'pf' or 'rc' line (found none)");
  if (Result<void> err = read_level(level, path, suite); !err) return fail(level_line, err.error());
  return suite;
}

}  // namespace navlab
