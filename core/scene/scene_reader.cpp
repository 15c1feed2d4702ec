#include "scene_reader.h"

#include <algorithm>
#include <cctype>
#include <cmath>

#include "json_locate.h"
#include "input_limits.h"

namespace navlab {
namespace {

using limits::kMaxMagnitude;
// Characters of flat_json output after which the rest of a value is left out ("...").
constexpr size_t kMaxFlatChars = 4096;

std::string lower(const std::string& s, bool drop_separators) {
  std::string out;
  for (char c : s) {
    if (drop_separators && (c == '_' || c == '-' || c == ' ')) continue;
    out += char(std::tolower(static_cast<unsigned char>(c)));
  }
  return out;
}

// Optimal string alignment distance: insertions, deletions, substitutions, adjacent transpositions.
size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::vector<size_t>> d(a.size() + 1, std::vector<size_t>(b.size() + 1));
  for (size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    for (size_t j = 1; j <= b.size(); ++j) {
      const size_t sub = a[i - 1] == b[j - 1] ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + sub});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.size()][b.size()];
}

std::string join(const std::vector<std::string>& names) {
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

// A JSON pointer as a message shows it: "/" for the root; a very long one (a huge key) is cut.
std::string shown_pointer(const std::string& ptr) {
  if (ptr.empty()) return "/";
  if (ptr.size() <= 2 * limits::kMaxQuotedChars) return ptr;
  size_t cut = 2 * limits::kMaxQuotedChars;
  while (cut > 0 && (static_cast<unsigned char>(ptr[cut]) & 0xC0) == 0x80) --cut;
  return ptr.substr(0, cut) + "...";
}

// Appends `v` to `out`; stops at `depth` levels or once `out` is longer than kMaxFlatChars (then "...").
void flat_json_into(const Json& v, std::string& out, int depth) {
  if (!v.is_structured()) {
    out += json_scalar(v);
    return;
  }
  if (depth >= limits::kMaxJsonDepth || out.size() > kMaxFlatChars) {
    out += "...";
    return;
  }
  const bool obj = v.is_object();
  out += obj ? "{" : "[";
  bool first = true;
  for (const auto& item : v.items()) {
    if (out.size() > kMaxFlatChars) {
      out += ", ...";
      break;
    }
    if (!first) out += ", ";
    first = false;
    if (obj) out += json_scalar(Json(item.key())) + ": ";
    flat_json_into(item.value(), out, depth + 1);
  }
  out += obj ? "}" : "]";
}

}  // namespace

std::string json_scalar(const Json& v) { return v.dump(-1, ' ', false, Json::error_handler_t::replace); }

std::string flat_json(const Json& v) {
  std::string out;
  flat_json_into(v, out, 0);
  return out;
}

std::string quoted_name(const std::string& name) {
  if (name.size() <= limits::kMaxQuotedChars) return "\"" + name + "\"";
  size_t cut = limits::kMaxQuotedChars;
  while (cut > 0 && (static_cast<unsigned char>(name[cut]) & 0xC0) == 0x80) --cut;  // not inside a UTF-8 character
  return "\"" + name.substr(0, cut) + "...\" (" + std::to_string(name.size()) + " characters)";
}

std::string closest_name(const std::string& word, const std::vector<std::string>& options) {
  if (word.size() > limits::kMaxHintWordChars) return "";
  const std::string w = lower(word, true);
  for (const auto& o : options)
    if (lower(o, true) == w) return o;
  for (const auto& o : options)  // an abbreviation: "nearest" for "nearest_reachable"
    if (w.size() >= 4 && lower(o, true).rfind(w, 0) == 0) return o;
  const size_t budget = std::max<size_t>(1, std::min<size_t>(2, word.size() / 3));
  std::string best;
  size_t best_d = budget + 1;
  for (const auto& o : options) {
    if (o.size() > limits::kMaxHintWordChars) continue;
    const size_t d = edit_distance(lower(word, false), lower(o, false));
    if (d < best_d) {
      best_d = d;
      best = o;
    }
  }
  return best;
}

bool SceneReader::fail(const std::string& ptr, const std::string& expected, const std::string& got, bool at_key) {
  if (section_failed_) return false;
  section_failed_ = true;
  const TextPos pos = text_position(text_, locate_pointer(text_, ptr, at_key));
  errors_.push_back({{long(pos.line), long(pos.column)},
                     file_ + ":" + std::to_string(pos.line) + ":" + std::to_string(pos.column) + ": " +
                         shown_pointer(ptr) + ": expected " + expected + ", got " + got});
  std::stable_sort(errors_.begin(), errors_.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  error_.clear();
  for (const auto& e : errors_) error_ += (error_.empty() ? "" : "\n") + e.second;
  return false;
}

std::string SceneReader::describe(const Json* v) {
  if (!v) return "nothing (the key is missing)";
  std::string text = flat_json(*v);
  if (v->is_array() && text.size() > 40) return "an array of " + std::to_string(v->size()) + " items";
  if (v->is_object() && text.size() > 40) return "an object with " + std::to_string(v->size()) + " keys";
  if (v->is_string() && text.size() > 40) text = text.substr(0, 36) + "...\"";
  return text;
}

bool SceneReader::object(const Json& v, const std::string& ptr, const std::vector<std::string>& keys,
                         const std::string& what) {
  if (!v.is_object()) return fail(ptr, what + " (an object)", describe(&v));
  for (const auto& item : v.items()) {
    if (std::find(keys.begin(), keys.end(), item.key()) != keys.end()) continue;
    const std::string hint = closest_name(item.key(), keys);
    const std::string got = quoted_name(item.key()) + (hint.empty() ? "" : " (did you mean \"" + hint + "\"?)");
    return fail(pointer_append(ptr, item.key()),
                "one of the " + what + " keys" + (hint.empty() ? " (" + join(keys) + ")" : ""), got, true);
  }
  return true;
}

bool SceneReader::array(const Json& v, const std::string& ptr, const std::string& what, size_t min_items) {
  if (!v.is_array()) return fail(ptr, what, describe(&v));
  if (v.size() < min_items) return fail(ptr, what, describe(&v));
  return true;
}

const Json* SceneReader::member(const Json& obj, const char* key) {
  const auto it = obj.find(key);
  return it == obj.end() ? nullptr : &*it;
}

const Json* SceneReader::require(const Json& obj, const std::string& ptr, const char* key, const std::string& what) {
  const Json* v = member(obj, key);
  if (!v) fail(pointer_append(ptr, key), what, describe(nullptr));
  return v;
}

bool SceneReader::number(const Json& v, const std::string& ptr, double& out, const NumberRule& rule) {
  const std::string sign = rule.sign == NumberRule::Positive      ? " > 0"
                           : rule.sign == NumberRule::NonNegative ? " >= 0"
                                                                  : "";
  if (!v.is_number()) return fail(ptr, std::string(rule.what) + sign, describe(&v));
  const double x = v.get<double>();
  if (!std::isfinite(x) || std::fabs(x) > kMaxMagnitude)
    return fail(ptr, std::string(rule.what) + " within ±1e6", describe(&v));
  if ((rule.sign == NumberRule::Positive && !(x > 0.0)) || (rule.sign == NumberRule::NonNegative && x < 0.0))
    return fail(ptr, std::string(rule.what) + sign,
                describe(&v) + (rule.note ? std::string(" (") + rule.note + ")" : std::string()));
  out = x;
  return true;
}

bool SceneReader::integer(const Json& v, const std::string& ptr, int& out, long long lo, long long hi,
                          const std::string& what) {
  const std::string range = " from " + std::to_string(lo) + " to " + std::to_string(hi);
  if (!v.is_number_integer()) return fail(ptr, what + range, describe(&v));
  bool in_range = false;
  if (v.is_number_unsigned()) {
    const unsigned long long u = v.get<unsigned long long>();
    in_range = u <= static_cast<unsigned long long>(hi) && (lo <= 0 || u >= static_cast<unsigned long long>(lo));
  } else {
    const long long s = v.get<long long>();
    in_range = s >= lo && s <= hi;
  }
  if (!in_range) return fail(ptr, what + range, describe(&v));
  out = static_cast<int>(v.get<long long>());
  return true;
}

bool SceneReader::string(const Json& v, const std::string& ptr, std::string& out, const std::string& what,
                         bool non_empty) {
  if (!v.is_string() || (non_empty && v.get_ref<const std::string&>().empty())) return fail(ptr, what, describe(&v));
  out = v.get<std::string>();
  return true;
}

bool SceneReader::file_path(const Json& v, const std::string& ptr, std::string& out, const std::string& what) {
  if (!string(v, ptr, out, what)) return false;
  if (out.find('\0') != std::string::npos) return fail(ptr, what + " without NUL characters", describe(&v));
  return true;
}

bool SceneReader::boolean(const Json& v, const std::string& ptr, bool& out) {
  if (!v.is_boolean()) return fail(ptr, "true or false", describe(&v));
  out = v.get<bool>();
  return true;
}

bool SceneReader::choice(const Json& v, const std::string& ptr, const std::vector<std::string>& names, int& out) {
  std::vector<std::string> quoted;
  for (const auto& n : names) quoted.push_back("\"" + n + "\"");
  std::string expected = "one of " + join(quoted);
  if (v.is_string()) {
    const auto it = std::find(names.begin(), names.end(), v.get_ref<const std::string&>());
    if (it != names.end()) {
      out = int(it - names.begin());
      return true;
    }
    const std::string hint = closest_name(v.get<std::string>(), names);
    if (!hint.empty()) return fail(ptr, expected, describe(&v) + " (did you mean \"" + hint + "\"?)");
  }
  return fail(ptr, expected, describe(&v));
}

bool SceneReader::coords(const Json& v, const std::string& ptr, size_t dims, const std::string& what, double* out) {
  if (!v.is_array() || v.size() != dims) return fail(ptr, what, describe(&v));
  for (size_t i = 0; i < dims; ++i)
    if (!number(v[i], pointer_append(ptr, i), out[i], {"a coordinate"})) return false;
  return true;
}

bool SceneReader::opt_number(const Json& obj, const std::string& ptr, const char* key, double& out,
                             const NumberRule& rule) {
  const Json* v = member(obj, key);
  return !v || number(*v, pointer_append(ptr, key), out, rule);
}

bool SceneReader::opt_string(const Json& obj, const std::string& ptr, const char* key, std::string& out,
                             const std::string& what, bool non_empty) {
  const Json* v = member(obj, key);
  return !v || string(*v, pointer_append(ptr, key), out, what, non_empty);
}

bool SceneReader::opt_boolean(const Json& obj, const std::string& ptr, const char* key, bool& out) {
  const Json* v = member(obj, key);
  return !v || boolean(*v, pointer_append(ptr, key), out);
}

}  // namespace navlab
