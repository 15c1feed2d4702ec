// Why each check: Assimp's glTF 2.0 importer recurses once per node level (a 20,000-deep hierarchy in a
// 320 KB file overflows the stack), follows child lists as given (a node listed under many parents is
// imported once per route, so a few MB of nodes can ask for gigabytes), reads accessors where their
// numbers say, and opens buffer uris as paths relative to the file. Every number is checked here first,
// in time linear in the file.
#include "level_check.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <sstream>
#include <utility>
#include <vector>

#include "format.h"
#include "input_limits.h"
#include "json_file.h"

namespace navlab {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

constexpr uint32_t kGlbMagic = 0x46546C67;   // "glTF"
constexpr uint32_t kChunkJson = 0x4E4F534A;  // "JSON"
constexpr uint32_t kChunkBin = 0x004E4942;   // "BIN\0"
constexpr size_t kGlbHeaderBytes = 12, kChunkHeaderBytes = 8;
constexpr double kMaxAccessorBytes = double(limits::kMaxLevelFileBytes);  // decoded size of one accessor

uint32_t le32(const std::string& b, size_t at) {
  uint32_t v = 0;
  std::memcpy(&v, b.data() + at, 4);
  return v;  // glb is little-endian, as is every machine navlab is built for
}

int component_bytes(int type) {
  switch (type) {
    case 5120:
    case 5121:
      return 1;
    case 5122:
    case 5123:
      return 2;
    case 5125:
    case 5126:
      return 4;
    default:
      return 0;
  }
}

int type_components(const std::string& t) {
  static const std::pair<const char*, int> kTypes[] = {{"SCALAR", 1}, {"VEC2", 2}, {"VEC3", 3}, {"VEC4", 4},
                                                       {"MAT2", 4},   {"MAT3", 9}, {"MAT4", 16}};
  for (const auto& [name, n] : kTypes)
    if (t == name) return n;
  return 0;
}

// The bytes of a base64 text (whitespace skipped, stops at '='), or nullopt on another character.
std::optional<std::string> base64_decode(const std::string& text, size_t from) {
  std::string out;
  out.reserve((text.size() - from) / 4 * 3);
  uint32_t acc = 0;
  int bits = 0;
  for (size_t i = from; i < text.size(); ++i) {
    const char c = text[i];
    int v;
    if (c >= 'A' && c <= 'Z')
      v = c - 'A';
    else if (c >= 'a' && c <= 'z')
      v = c - 'a' + 26;
    else if (c >= '0' && c <= '9')
      v = c - '0' + 52;
    else if (c == '+' || c == '-')
      v = 62;
    else if (c == '/' || c == '_')
      v = 63;
    else if (c == '=')
      break;
    else if (c == ' ' || c == '\n' || c == '\r' || c == '\t')
      continue;
    else
      return std::nullopt;
    acc = (acc << 6) | uint32_t(v);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push_back(char((acc >> bits) & 0xFF));
    }
  }
  return out;
}

struct Accessor {
  double count = 0;
  int component = 0;  // bytes per component
  int type = 0;       // componentType
  int view = -1;      // bufferView, -1: none (zeros)
  double offset = 0;
  bool sparse = false;
};

struct View {
  int buffer = 0;
  double offset = 0, length = 0, stride = 0;
};

class GltfCheck {
 public:
  GltfCheck(const std::string& path, const LevelFiles& files) : path_(path), files_(files) {}

  Result<void> run(const std::string& bytes) {
    if (!container(bytes) || !buffers() || !views() || !accessors() || !meshes() || !nodes()) return Error{error_};
    return {};
  }

 private:
  bool fail(const std::string& why) {
    if (error_.empty()) error_ = path_ + ": not a glTF 2.0 level navlab reads: " + why;
    return false;
  }
  bool fail_at(const std::string& where, const std::string& why) { return fail(where + ": " + why); }

  // The array doc[key], or an empty one; false when the key holds something else.
  bool array(const char* key, const Json*& out) {
    static const Json kEmpty = Json::array();
    out = &kEmpty;
    if (!doc_.contains(key)) return true;
    const Json& value = std::as_const(doc_)[key];
    if (!value.is_array()) return fail(std::string("\"") + key + "\" is not an array");
    out = &value;
    return true;
  }

  // An integer obj[key] in [lo, hi] (`fallback` when the key is missing and not required).
  bool integer(const Json& obj, const char* key, const std::string& where, double lo, double hi, double& out,
               std::optional<double> fallback = std::nullopt) {
    if (!obj.is_object()) return fail_at(where, "expected an object");
    if (!obj.contains(key)) {
      if (!fallback) return fail_at(where, std::string("\"") + key + "\" is missing");
      out = *fallback;
      return true;
    }
    const Json& v = obj[key];
    if (!v.is_number() || !std::isfinite(v.get<double>()) || std::floor(v.get<double>()) != v.get<double>() ||
        v.get<double>() < lo || v.get<double>() > hi)
      return fail_at(where + "/" + key, "expected an integer from " + whole_or_fixed(lo) + " to " + whole_or_fixed(hi) +
                                            ", got " + v.dump().substr(0, limits::kMaxQuotedChars));
    out = v.get<double>();
    return true;
  }

  bool index(const Json& obj, const char* key, const std::string& where, size_t count, int& out, bool required) {
    double v = -1;
    if (!required && (!obj.is_object() || !obj.contains(key))) {
      out = -1;
      return true;
    }
    if (count == 0) return fail_at(where + "/" + key, "names an item of an empty array");
    if (!integer(obj, key, where, 0, double(count - 1), v)) return false;
    out = int(v);
    return true;
  }

  bool container(const std::string& bytes);
  bool buffers();
  bool buffer(const Json& b, size_t i);
  bool views();
  bool accessors();
  bool accessor_sparse(const Json& a, const std::string& where, Accessor& acc);
  bool meshes();
  bool primitive(const Json& p, const std::string& where, double& tris, double& verts);
  bool index_values(int accessor, double vertices, const std::string& where);
  bool nodes();
  bool node_links(const Json& list, std::vector<int>& parent_count, std::vector<int>& parent);
  bool tree_totals(const Json& list, const std::vector<int>& parent, std::vector<double>& tris,
                   std::vector<double>& verts);

  const std::string& path_;
  const LevelFiles& files_;
  Json doc_;
  std::string bin_;
  bool glb_ = false;
  std::vector<std::string> buffer_bytes_;
  std::vector<View> views_;
  std::vector<Accessor> accessors_;
  std::vector<double> mesh_tris_, mesh_verts_;
  std::string error_;
};

bool GltfCheck::container(const std::string& bytes) {
  std::string json = bytes;
  const bool magic = bytes.size() >= 4 && le32(bytes, 0) == kGlbMagic;
  std::string ext = fs::path(path_).extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  if (ext == ".glb" && !magic) return fail("the .glb file does not start with 'glTF'");
  if (magic) {
    glb_ = true;
    if (bytes.size() < kGlbHeaderBytes + kChunkHeaderBytes) return fail("the .glb file is shorter than its header");
    if (le32(bytes, 4) != 2)
      return fail("the .glb container has version " + std::to_string(le32(bytes, 4)) + ", not 2");
    const size_t total = le32(bytes, 8);
    if (total > bytes.size() || total < kGlbHeaderBytes + kChunkHeaderBytes)
      return fail("the .glb header gives a length of " + std::to_string(total) + " bytes for a file of " +
                  std::to_string(bytes.size()));
    const size_t json_len = le32(bytes, 12);
    if (le32(bytes, 16) != kChunkJson) return fail("the first .glb chunk is not JSON");
    if (json_len > total - kGlbHeaderBytes - kChunkHeaderBytes)
      return fail("the JSON chunk reaches past the file's end");
    json = bytes.substr(kGlbHeaderBytes + kChunkHeaderBytes, json_len);
    const size_t next = kGlbHeaderBytes + kChunkHeaderBytes + ((json_len + 3) & ~size_t{3});
    if (next + kChunkHeaderBytes <= total && le32(bytes, next + 4) == kChunkBin) {
      const size_t bin_len = le32(bytes, next);
      if (bin_len > total - next - kChunkHeaderBytes) return fail("the BIN chunk reaches past the file's end");
      bin_ = bytes.substr(next + kChunkHeaderBytes, bin_len);
    }
  }
  Result<Json> parsed = parse_json_text(json, path_);
  if (!parsed) {
    error_ = parsed.error();
    return false;
  }
  doc_ = std::move(parsed).value();
  if (!doc_.is_object()) return fail("the document is not a JSON object");
  const Json* asset = doc_.contains("asset") ? &std::as_const(doc_)["asset"] : nullptr;
  if (!asset || !asset->is_object() || !asset->contains("version") || !(*asset)["version"].is_string() ||
      (*asset)["version"].get<std::string>().rfind("2.", 0) != 0)
    return fail("\"asset\": {\"version\": \"2.0\"} is missing (navlab reads glTF 2.0)");
  return true;
}

bool GltfCheck::buffers() {
  const Json* list = nullptr;
  if (!array("buffers", list)) return false;
  for (size_t i = 0; i < list->size(); ++i)
    if (!buffer((*list)[i], i)) return false;
  return true;
}

bool GltfCheck::buffer(const Json& b, size_t i) {
  const std::string where = "/buffers/" + std::to_string(i);
  double length = 0;
  if (!integer(b, "byteLength", where, 1, kMaxAccessorBytes, length)) return false;
  std::string bytes;
  if (!b.contains("uri")) {
    if (!glb_ || i != 0)
      return fail_at(where, "a buffer without a uri (only a .glb file's first buffer may have none)");
    bytes = bin_;
  } else if (!b["uri"].is_string()) {
    return fail_at(where + "/uri", "expected a string");
  } else if (const std::string uri = b["uri"].get<std::string>(); uri.rfind("data:", 0) == 0) {
    const size_t comma = uri.find(";base64,");
    std::optional<std::string> decoded = comma == std::string::npos ? std::nullopt : base64_decode(uri, comma + 8);
    if (!decoded) return fail_at(where + "/uri", "a data: uri that is not base64");
    bytes = std::move(*decoded);
  } else {
    const std::string file = (fs::path(path_).parent_path() / uri).string();
    if (uri.find("://") != std::string::npos || fs::path(uri).is_absolute() || !inside_folder(file, files_.folder))
      return fail_at(where + "/uri", "expected a file inside the level's folder" +
                                         (files_.folder == fs::path(path_).parent_path().string()
                                              ? std::string()
                                              : " " + files_.folder + " (the scene's mesh.root)") +
                                         ", got \"" + uri.substr(0, limits::kMaxQuotedChars) + "\"");
    Result<std::string> read = files_.read(file);
    if (!read) {
      error_ = read.error();
      return false;
    }
    bytes = std::move(read).value();
  }
  if (double(bytes.size()) < length)
    return fail_at(where, "its byteLength is " + whole_or_fixed(length) + " but it holds " +
                              std::to_string(bytes.size()) + " bytes");
  buffer_bytes_.push_back(std::move(bytes));
  return true;
}

bool GltfCheck::views() {
  const Json* list = nullptr;
  if (!array("bufferViews", list)) return false;
  for (size_t i = 0; i < list->size(); ++i) {
    const Json& v = (*list)[i];
    const std::string where = "/bufferViews/" + std::to_string(i);
    View view;
    int buffer = 0;
    if (!index(v, "buffer", where, buffer_bytes_.size(), buffer, true) ||
        !integer(v, "byteOffset", where, 0, kMaxAccessorBytes, view.offset, 0.0) ||
        !integer(v, "byteLength", where, 1, kMaxAccessorBytes, view.length) ||
        !integer(v, "byteStride", where, 4, 252, view.stride, 0.0))
      return false;
    view.buffer = buffer;
    if (view.offset + view.length > double(buffer_bytes_[size_t(buffer)].size()))
      return fail_at(where, "it reaches past the end of buffer " + std::to_string(buffer));
    views_.push_back(view);
  }
  return true;
}

bool GltfCheck::accessor_sparse(const Json& a, const std::string& where, Accessor& acc) {
  const Json& s = a["sparse"];
  const std::string sw = where + "/sparse";
  double count = 0, offset = 0, itype = 0;
  int iview = 0, vview = 0;
  if (!integer(s, "count", sw, 1, acc.count, count) || !s.contains("indices") || !s.contains("values") ||
      !index(s["indices"], "bufferView", sw + "/indices", views_.size(), iview, true) ||
      !integer(s["indices"], "byteOffset", sw + "/indices", 0, kMaxAccessorBytes, offset, 0.0) ||
      !integer(s["indices"], "componentType", sw + "/indices", 5121, 5125, itype))
    return error_.empty() ? fail_at(sw, "expected {\"count\", \"indices\", \"values\"}") : false;
  if (offset + count * component_bytes(int(itype)) > views_[size_t(iview)].length || component_bytes(int(itype)) == 0)
    return fail_at(sw + "/indices", "they reach past their buffer view");
  if (!index(s["values"], "bufferView", sw + "/values", views_.size(), vview, true) ||
      !integer(s["values"], "byteOffset", sw + "/values", 0, kMaxAccessorBytes, offset, 0.0))
    return false;
  const double elem = double(acc.component) * double(type_components(a["type"].get<std::string>()));
  if (offset + count * elem > views_[size_t(vview)].length)
    return fail_at(sw + "/values", "they reach past their buffer view");
  acc.sparse = true;
  return true;
}

bool GltfCheck::accessors() {
  const Json* list = nullptr;
  if (!array("accessors", list)) return false;
  for (size_t i = 0; i < list->size(); ++i) {
    const Json& a = (*list)[i];
    const std::string where = "/accessors/" + std::to_string(i);
    Accessor acc;
    double type = 0;
    if (!integer(a, "componentType", where, 5120, 5126, type) ||
        !integer(a, "count", where, 1, 2147483647.0, acc.count))
      return false;
    acc.type = int(type);
    acc.component = component_bytes(acc.type);
    const int comps = a.contains("type") && a["type"].is_string() ? type_components(a["type"].get<std::string>()) : 0;
    if (acc.component == 0) return fail_at(where + "/componentType", "expected 5120 to 5126 (not 5124)");
    if (comps == 0) return fail_at(where + "/type", "expected SCALAR, VEC2, VEC3, VEC4, MAT2, MAT3 or MAT4");
    const double elem = double(acc.component) * comps;
    if (acc.count * elem > kMaxAccessorBytes)
      return fail_at(where, "its " + whole_or_fixed(acc.count) + " items need more than the level file size limit");
    if (!index(a, "bufferView", where, views_.size(), acc.view, false) ||
        !integer(a, "byteOffset", where, 0, kMaxAccessorBytes, acc.offset, 0.0))
      return false;
    if (acc.view >= 0) {
      const View& v = views_[size_t(acc.view)];
      const double stride = v.stride > 0 ? v.stride : elem;
      if (acc.offset + stride * (acc.count - 1) + elem > v.length)
        return fail_at(where, "its " + whole_or_fixed(acc.count) + " items reach past the end of buffer view " +
                                  std::to_string(acc.view));
    }
    if (a.contains("sparse") && !accessor_sparse(a, where, acc)) return false;
    accessors_.push_back(acc);
  }
  return true;
}

// Every index of accessor `accessor` below `vertices` (Assimp reads the vertex an index names).
bool GltfCheck::index_values(int accessor, double vertices, const std::string& where) {
  const Accessor& a = accessors_[size_t(accessor)];
  if (a.type != 5121 && a.type != 5123 && a.type != 5125)
    return fail_at(where, "indices must be unsigned bytes, shorts or ints (componentType 5121, 5123 or 5125)");
  if (a.sparse) return fail_at(where, "sparse indices are not read");
  if (a.view < 0) return true;  // all zero
  const View& v = views_[size_t(a.view)];
  const std::string& buf = buffer_bytes_[size_t(v.buffer)];
  const size_t stride = v.stride > 0 ? size_t(v.stride) : size_t(a.component);
  const size_t base = size_t(v.offset) + size_t(a.offset);
  for (size_t k = 0; k < size_t(a.count); ++k) {
    uint32_t value = 0;
    std::memcpy(&value, buf.data() + base + k * stride, size_t(a.component));
    if (double(value) >= vertices)
      return fail_at(where, "index " + std::to_string(k) + " is " + std::to_string(value) + ", past the " +
                                whole_or_fixed(vertices) + " vertices");
  }
  return true;
}

bool GltfCheck::primitive(const Json& p, const std::string& where, double& tris, double& verts) {
  double mode = 4;
  if (!integer(p, "mode", where, 0, 6, mode, 4.0)) return false;
  if (!p.contains("attributes") || !p["attributes"].is_object()) return fail_at(where, "\"attributes\" is missing");
  int position = -1;
  if (!index(p["attributes"], "POSITION", where + "/attributes", accessors_.size(), position, false)) return false;
  if (position < 0) return true;  // nothing Assimp places
  const double n = accessors_[size_t(position)].count;
  for (const auto& [name, value] : p["attributes"].items()) {
    int a = -1;
    if (!index(p["attributes"], name.c_str(), where + "/attributes", accessors_.size(), a, true)) return false;
    if (accessors_[size_t(a)].count != n)
      return fail_at(where + "/attributes/" + name,
                     "it has " + whole_or_fixed(accessors_[size_t(a)].count) + " items, POSITION " + whole_or_fixed(n));
  }
  int indices = -1;
  if (!index(p, "indices", where, accessors_.size(), indices, false)) return false;
  if (indices >= 0 && !index_values(indices, n, where + "/indices")) return false;
  const double corners = indices >= 0 ? accessors_[size_t(indices)].count : n;
  tris += mode == 4 ? std::floor(corners / 3) : mode >= 5 ? std::max(0.0, corners - 2) : 0.0;
  verts += n;
  return true;
}

bool GltfCheck::meshes() {
  const Json* list = nullptr;
  if (!array("meshes", list)) return false;
  for (size_t i = 0; i < list->size(); ++i) {
    const Json& m = (*list)[i];
    const std::string where = "/meshes/" + std::to_string(i);
    if (!m.is_object() || !m.contains("primitives") || !m["primitives"].is_array())
      return fail_at(where, "expected {\"primitives\": [...]}");
    double tris = 0, verts = 0;
    for (size_t k = 0; k < m["primitives"].size(); ++k)
      if (!primitive(m["primitives"][k], where + "/primitives/" + std::to_string(k), tris, verts)) return false;
    mesh_tris_.push_back(tris);
    mesh_verts_.push_back(verts);
  }
  return true;
}

// Parents from the child lists: each node may have one.
bool GltfCheck::node_links(const Json& list, std::vector<int>& parent_count, std::vector<int>& parent) {
  for (size_t i = 0; i < list.size(); ++i) {
    const Json& n = list[i];
    const std::string where = "/nodes/" + std::to_string(i);
    int mesh = -1;
    if (!n.is_object()) return fail_at(where, "expected an object");
    if (!index(n, "mesh", where, mesh_tris_.size(), mesh, false)) return false;
    if (!n.contains("children")) continue;
    if (!n["children"].is_array()) return fail_at(where + "/children", "expected an array of node indices");
    for (size_t k = 0; k < n["children"].size(); ++k) {
      const Json& c = n["children"][k];
      if (!c.is_number_unsigned() || c.get<uint64_t>() >= list.size())
        return fail_at(where + "/children/" + std::to_string(k),
                       "expected a node index below " + std::to_string(list.size()));
      const size_t child = c.get<size_t>();
      if (++parent_count[child] > 1)
        return fail_at(
            where + "/children/" + std::to_string(k),
            "node " + std::to_string(child) + " has a second parent (glTF nodes form trees: one parent each)");
      parent[child] = int(i);
    }
  }
  return true;
}

// Triangles and vertices of every node's subtree (each counted once per instance), and the depth check.
// `list`: the document's nodes as nodes() found them. (Not looked up again here: doc_["nodes"] on a
// document without nodes would insert them, moving the other members a caller points into.)
bool GltfCheck::tree_totals(const Json& list, const std::vector<int>& parent, std::vector<double>& tris,
                            std::vector<double>& verts) {
  const size_t n = list.size();
  // Depth from each root, iteratively (children before the totals that need them: reverse visit order).
  std::vector<int> depth(n, -1), order;
  order.reserve(n);
  for (size_t r = 0; r < n; ++r) {
    if (parent[r] >= 0) continue;
    std::vector<size_t> stack{r};
    depth[r] = 1;
    while (!stack.empty()) {
      const size_t at = stack.back();
      stack.pop_back();
      order.push_back(int(at));
      if (depth[at] > limits::kMaxLevelNodeDepth)
        return fail_at("/nodes/" + std::to_string(at), "the node hierarchy is more than " +
                                                           std::to_string(limits::kMaxLevelNodeDepth) +
                                                           " levels deep (the level node depth limit)");
      if (list[at].contains("children"))
        for (const Json& c : list[at]["children"]) {
          depth[c.get<size_t>()] = depth[at] + 1;
          stack.push_back(c.get<size_t>());
        }
    }
  }
  for (size_t i = 0; i < n; ++i)
    if (depth[i] < 0) return fail_at("/nodes/" + std::to_string(i), "the node is its own ancestor (a cycle)");
  tris.assign(n, 0.0);
  verts.assign(n, 0.0);
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    const Json& node = list[size_t(*it)];
    if (node.contains("mesh")) {
      tris[size_t(*it)] += mesh_tris_[node["mesh"].get<size_t>()];
      verts[size_t(*it)] += mesh_verts_[node["mesh"].get<size_t>()];
    }
    if (parent[size_t(*it)] >= 0) {
      tris[size_t(parent[size_t(*it)])] += tris[size_t(*it)];
      verts[size_t(parent[size_t(*it)])] += verts[size_t(*it)];
    }
  }
  return true;
}

bool GltfCheck::nodes() {
  const Json* list = nullptr;
  const Json* scenes = nullptr;
  if (!array("nodes", list) || !array("scenes", scenes)) return false;
  std::vector<int> parent_count(list->size(), 0), parent(list->size(), -1);
  std::vector<double> tris, verts;
  if (!node_links(*list, parent_count, parent) || !tree_totals(*list, parent, tris, verts)) return false;
  int scene = -1;
  if (!index(doc_, "scene", "", scenes->size(), scene, false)) return false;
  double total_tris = 0, total_verts = 0;
  for (size_t s = 0; s < scenes->size(); ++s) {  // every scene counted: an overestimate when Assimp reads one
    const std::string where = "/scenes/" + std::to_string(s);
    const Json& sc = (*scenes)[s];
    if (!sc.is_object()) return fail_at(where, "expected an object");
    if (!sc.contains("nodes")) continue;
    if (!sc["nodes"].is_array()) return fail_at(where + "/nodes", "expected an array of node indices");
    for (size_t k = 0; k < sc["nodes"].size(); ++k) {
      const Json& r = sc["nodes"][k];
      if (!r.is_number_unsigned() || r.get<uint64_t>() >= list->size() || parent[r.get<size_t>()] >= 0)
        return fail_at(where + "/nodes/" + std::to_string(k),
                       "expected the index of a root node (one without a parent)");
      total_tris += tris[r.get<size_t>()];
      total_verts += verts[r.get<size_t>()];
    }
  }
  if (total_tris > limits::kMaxLevelTriangles || total_verts > limits::kMaxLevelVertices)
    return fail("its node instances hold " + whole_or_fixed(total_tris) + " triangles and " +
                whole_or_fixed(total_verts) + " vertices, more than the level limits of " +
                whole_or_fixed(limits::kMaxLevelTriangles) + " and " + whole_or_fixed(limits::kMaxLevelVertices) +
                " (each node places its mesh once more)");
  return true;
}

}  // namespace

bool inside_folder(const std::string& path, const std::string& folder) {
  std::error_code ec;
  const fs::path f = fs::weakly_canonical(folder.empty() ? fs::path(".") : fs::path(folder), ec);
  if (ec) return false;
  const fs::path p = fs::weakly_canonical(path, ec);
  if (ec) return false;
  auto pi = p.begin();
  for (auto fi = f.begin(); fi != f.end(); ++fi, ++pi) {
    if (fi->empty()) continue;  // a trailing separator
    if (pi == p.end() || *pi != *fi) return false;
  }
  return pi != p.end();
}

Result<void> check_gltf(const std::string& bytes, const std::string& path, const LevelFiles& files) {
  return GltfCheck(path, files).run(bytes);
}

Result<void> check_ply(const std::string& bytes, const std::string& path) {
  const size_t end = bytes.find("end_header");
  if (bytes.rfind("ply", 0) != 0 || end == std::string::npos) return {};  // Assimp says what is wrong
  std::istringstream header(bytes.substr(0, end));
  std::string line, format;
  double need = 0, count = 0;
  while (std::getline(header, line)) {
    std::istringstream words(line);
    std::string word, kind;
    words >> word;
    if (word == "format") words >> format;
    if (word == "element") {
      words >> kind >> count;
      if (!words || !std::isfinite(count) || count < 0)
        return Error{path + ": a PLY element line that is not 'element NAME COUNT'"};
    }
    if (word == "property") need += count * (format == "ascii" ? 2.0 : 1.0);  // a digit and a separator at least
  }
  const double body = double(bytes.size() - end - std::strlen("end_header"));
  if (need > body)
    return Error{path + ": the PLY header asks for at least " + whole_or_fixed(need) +
                 " bytes of elements, the file holds " + whole_or_fixed(body) + " bytes after its header"};
  return {};
}

}  // namespace navlab
