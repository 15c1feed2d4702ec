#include "cli.h"

#include <algorithm>
#include <cstdio>

#include "gl_png.h"
#include "navmesh_build.h"

namespace navlab::cli {

Args::Args(const std::vector<std::string>& args, std::vector<std::string> value_flags,
           std::vector<std::string> bool_flags) {
  auto contains = [](const std::vector<std::string>& v, const std::string& s) {
    return std::find(v.begin(), v.end(), s) != v.end();
  };
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a.size() > 2 && a.rfind("--", 0) == 0) {
      std::string name = a, val;
      const size_t eq = a.find('=');
      const bool inline_value = eq != std::string::npos;
      if (inline_value) {
        name = a.substr(0, eq);
        val = a.substr(eq + 1);
      }
      if (contains(bool_flags, name) && !inline_value) {
        flags_.emplace_back(name, "");
      } else if (contains(value_flags, name)) {
        if (!inline_value) {
          if (i + 1 >= args.size()) {
            error_ = name + " needs a value";
            return;
          }
          val = args[++i];
        }
        flags_.emplace_back(name, val);
      } else {
        error_ = "unknown option " + name;
        return;
      }
    } else {
      positional_.push_back(a);
    }
  }
}

bool Args::has(const std::string& flag) const {
  return std::any_of(flags_.begin(), flags_.end(), [&](const auto& f) { return f.first == flag; });
}

std::optional<std::string> Args::value(const std::string& flag) const {
  std::optional<std::string> out;
  for (const auto& f : flags_)
    if (f.first == flag) out = f.second;
  return out;
}

std::vector<std::string> Args::values(const std::string& flag) const {
  std::vector<std::string> out;
  for (const auto& f : flags_)
    if (f.first == flag) out.push_back(f.second);
  return out;
}

Result<PictureSize> picture_size_arg(const std::string& text, int min_side) {
  const size_t x = text.find('x');
  const auto digits = [](const std::string& s) {
    return !s.empty() && s.size() <= 9 && s.find_first_not_of("0123456789") == std::string::npos;
  };
  const std::string head = "bad --size '" + text + "' (expected WxH";
  if (x == std::string::npos || !digits(text.substr(0, x)) || !digits(text.substr(x + 1)))
    return Error{head + ": two whole numbers of pixels, " + std::to_string(min_side) + " to " +
                 std::to_string(gl::kMaxPictureSide) + " each)"};
  const long long pw = std::stoll(text.substr(0, x)), ph = std::stoll(text.substr(x + 1));
  if (pw < min_side || ph < min_side)
    return Error{head + ": at least " + std::to_string(min_side) + " pixels each way)"};
  if (Result<void> size = gl::check_picture_size(pw, ph); !size) return Error{head + ": " + size.error() + ")"};
  return PictureSize{int(pw), int(ph)};
}

int usage_error(const Command& cmd, const std::string& message) {
  std::fprintf(stderr, "navlab %s: %s\nTry 'navlab %s --help'.\n", cmd.name, message.c_str(), cmd.name);
  return kExitUsage;
}

const Command* find_command(const std::string& name) {
  for (const Command& c : commands())
    if (name == c.name) return &c;
  return nullptr;
}

std::optional<LoadedScene> load_scene_and_mesh(const std::string& path) {
  Result<Scene> scene = load_scene(path);
  if (!scene) {
    std::fprintf(stderr, "%s\n", scene.error().c_str());
    return std::nullopt;
  }
  Result<NavMesh> mesh = build_navmesh(scene.value());
  if (!mesh) {
    std::fprintf(stderr, "%s\n", mesh.error().c_str());
    return std::nullopt;
  }
  return LoadedScene{std::move(scene).value(), std::move(mesh).value()};
}

nlohmann::ordered_json point_json(const NavMesh& mesh, Vec2 p, double height) {
  if (mesh.is3d) {
    const Vec3 w = to_world(p, height);
    return nlohmann::ordered_json::array({w.x, w.y, w.z});
  }
  return nlohmann::ordered_json::array({p.x, p.y});
}

nlohmann::ordered_json failure_json(const std::optional<Failure>& f) {
  if (!f) return nullptr;
  nlohmann::ordered_json j;
  j["stage"] = to_string(f->stage);
  j["reason"] = to_string(f->reason);
  j["message"] = f->message;
  if (!f->blocked_by.empty() || f->reason == Reason::AgentRestricted) j["blocked_by"] = f->blocked_by;
  return j;
}

namespace {

constexpr size_t kMaxRow = 100;  // characters: a longer array is written one element per line

// `j` on one line ([1, 2], [[0, 0], [3, 3]]), or "" when it holds an object or is longer than kMaxRow.
template <class Json>
std::string one_line(const Json& j) {
  if (j.is_object()) return "";
  if (!j.is_array()) return j.dump(-1, ' ', false, Json::error_handler_t::replace);
  std::string out = "[";
  for (size_t i = 0; i < j.size(); ++i) {
    const std::string e = one_line(j[i]);
    if (e.empty()) return "";
    out += (i ? ", " : "") + e;
    if (out.size() > kMaxRow) return "";
  }
  return out + "]";
}

template <class Json>
void write_readable(std::string& out, const Json& j, int depth) {
  const std::string pad(size_t(depth) * 2, ' '), inner(size_t(depth + 1) * 2, ' ');
  if (j.is_array() || j.is_object()) {
    if (j.empty()) {
      out += j.is_array() ? "[]" : "{}";
      return;
    }
    if (const std::string row = one_line(j); !row.empty()) {
      out += row;
      return;
    }
    out += j.is_array() ? "[\n" : "{\n";
    bool first = true;
    for (auto it = j.begin(); it != j.end(); ++it) {
      out += first ? "" : ",\n";
      first = false;
      out += inner;
      if (j.is_object()) out += Json(it.key()).dump() + ": ";
      write_readable(out, *it, depth + 1);
    }
    out += "\n" + pad + (j.is_array() ? "]" : "}");
  } else {
    out += j.dump(-1, ' ', false, Json::error_handler_t::replace);
  }
}

}  // namespace

std::string readable_json(const nlohmann::json& j) {
  std::string out;
  write_readable(out, j, 0);
  return out;
}

std::string readable_json(const nlohmann::ordered_json& j) { return readable_json(j, 0); }

std::string readable_json(const nlohmann::ordered_json& j, int depth) {
  std::string out;
  write_readable(out, j, depth);
  return out;
}

}  // namespace navlab::cli
