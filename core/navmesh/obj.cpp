#include "obj.h"

#include <charconv>
#include <cmath>
#include <sstream>

#include "input_limits.h"
#include "text_file.h"

namespace navlab {

namespace {

bool parse_double(const std::string& tok, double& out) {
  const char* first = tok.data();
  const char* last = tok.data() + tok.size();
  const auto r = std::from_chars(first, last, out);
  return r.ec == std::errc() && r.ptr == last;
}

bool parse_int(const std::string& tok, long& out) {
  const char* first = tok.data();
  const char* last = tok.data() + tok.size();
  const auto r = std::from_chars(first, last, out);
  return r.ec == std::errc() && r.ptr == last;
}

}  // namespace

Result<ObjMesh> parse_obj(const std::string& text, const std::string& name) {
  ObjMesh mesh;
  std::istringstream in(text);
  std::string line;
  int line_no = 0;
  auto fail = [&](const std::string& what) {
    return Result<ObjMesh>::fail(name + ":" + std::to_string(line_no) + ": " + what);
  };
  while (std::getline(in, line)) {
    ++line_no;
    if (const size_t hash = line.find('#'); hash != std::string::npos) line.erase(hash);
    std::istringstream ls(line);
    std::string kind;
    if (!(ls >> kind)) continue;
    if (kind == "v") {
      double c[3];
      std::string tokens[3];
      for (int k = 0; k < 3; ++k) {
        if (!(ls >> tokens[k])) return fail("vertex needs 3 coordinates");
        if (!parse_double(tokens[k], c[k])) return fail("vertex coordinate '" + tokens[k] + "' is not a number");
      }
      const Vec3 v{c[0], c[1], c[2]};
      if (!is_finite(v)) return fail("vertex coordinate is not finite");
      for (int k = 0; k < 3; ++k)
        if (std::fabs(c[k]) > limits::kMaxMagnitude)
          return fail("vertex coordinate " + tokens[k] + " is beyond ±1e6 (the coordinate limit)");
      mesh.verts.push_back(v);
    } else if (kind == "f") {
      std::vector<int> face;
      std::string tok;
      while (ls >> tok) {
        // Only the position index matters: "v", "v/vt", "v//vn", "v/vt/vn".
        const std::string first = tok.substr(0, tok.find('/'));
        long idx = 0;
        if (!parse_int(first, idx) || idx == 0) return fail("face token '" + tok + "' has no valid vertex index");
        const long count = long(mesh.verts.size());
        const long resolved = idx > 0 ? idx - 1 : count + idx;
        if (resolved < 0 || resolved >= count)
          return fail("face index " + std::to_string(idx) + " is out of range (" + std::to_string(count) +
                      " vertices defined so far)");
        face.push_back(int(resolved));
      }
      if (face.size() < 3) return fail("face has " + std::to_string(face.size()) + " vertices, needs at least 3");
      for (size_t i = 1; i + 1 < face.size(); ++i) mesh.tris.push_back({face[0], face[i], face[i + 1]});
      if (double(mesh.tris.size()) > limits::kMaxLevelTriangles)
        return fail("more than " + std::to_string(long(limits::kMaxLevelTriangles)) +
                    " triangles (the level triangle limit)");
    }
    // vt, vn, o, g, s, usemtl, mtllib, l, ...: not needed for navigation.
  }
  if (mesh.tris.empty()) return Result<ObjMesh>::fail(name + ": OBJ file has no faces");
  return mesh;
}

Result<ObjMesh> read_obj(const std::string& path) {
  Result<std::string> text = read_text_file(path, "OBJ file", limits::kMaxFileBytes);
  if (!text) return Result<ObjMesh>::fail(text.error());
  return parse_obj(text.value(), path);
}

}  // namespace navlab
