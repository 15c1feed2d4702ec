// Typed, checked access to a parsed scene document (used by scene_parse.cpp). Every check that fails
// records ONE message, `FILE:LINE:COL: /json/pointer: expected ..., got ...`, and returns false; the
// first failure wins and parsing stops there.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "enum_names.h"
#include "geom.h"
#include "result.h"

namespace navlab {

using Json = nlohmann::ordered_json;

// The closest of `options` to `word` when close enough to be a likely typo (case, '_' and '-' ignored;
// a prefix of 4+ characters; otherwise at most 1 edit per 3 characters, max 2), else "".
std::string closest_name(const std::string& word, const std::vector<std::string>& options);

// `name` in double quotes; a name longer than limits::kMaxQuotedChars is cut: "abc..." (N characters).
std::string quoted_name(const std::string& name);

// `v` as scene files are written: containers that fit in 100 columns on one line, others one item a line
// indented by two spaces; a line end after it.
std::string json_text(const Json& v);

// `v` on one line with ", " and ": " separators (invalid UTF-8 replaced); nesting beyond
// limits::kMaxJsonDepth and text beyond a few KB are left out as "...".
std::string flat_json(const Json& v);

// A scalar (or a key wrapped in a Json) as JSON text, invalid UTF-8 replaced.
std::string json_scalar(const Json& v);

struct ScenePoint;
// A point as a scene writes it: its node id, [x, y, z] when 3D, else [x, y].
Json scene_point_json(const ScenePoint& p);

// How a number is constrained (besides |value| <= 1e6, which holds for every number).
struct NumberRule {
  enum Sign { Any, NonNegative, Positive };
  const char* what;  // e.g. "a speed in m/s"
  Sign sign = Any;
  const char* note = nullptr;  // why, appended as " (note)" when the sign rule fails
};

class SceneReader {
 public:
  SceneReader(const std::string& text, const std::string& file) : text_(text), file_(file) {}

  // Every error recorded, one per line in file order (the first error of each section).
  const std::string& error() const { return error_; }
  // Starts an independent part of the document (a top-level section): its first error is recorded too.
  void next_section() { section_failed_ = false; }

  // Records the error (if this section has none yet) and returns false. `at_key` places it on the
  // member's key.
  bool fail(const std::string& ptr, const std::string& expected, const std::string& got, bool at_key = false);
  // The "got ..." text for a value; nullptr means the key is missing.
  static std::string describe(const Json* v);

  // `v` is an object whose keys are all in `keys` (`what` names it in the message).
  bool object(const Json& v, const std::string& ptr, const std::vector<std::string>& keys, const std::string& what);
  // `v` is an array with at least `min_items` items.
  bool array(const Json& v, const std::string& ptr, const std::string& what, size_t min_items = 0);
  // The member `key` of object `obj`, or nullptr.
  static const Json* member(const Json& obj, const char* key);
  // Like member(), but a missing key is an error ("expected `what`, got nothing").
  const Json* require(const Json& obj, const std::string& ptr, const char* key, const std::string& what);

  bool number(const Json& v, const std::string& ptr, double& out, const NumberRule& rule);
  bool integer(const Json& v, const std::string& ptr, int& out, long long lo, long long hi, const std::string& what);
  bool string(const Json& v, const std::string& ptr, std::string& out, const std::string& what, bool non_empty = true);
  // A file path: a non-empty string without NUL characters (the system would read the name only up to the
  // first NUL: "good.obj\u0000.evil" would open good.obj).
  bool file_path(const Json& v, const std::string& ptr, std::string& out, const std::string& what);
  bool boolean(const Json& v, const std::string& ptr, bool& out);
  // One of `names` (the index goes to `out`).
  bool choice(const Json& v, const std::string& ptr, const std::vector<std::string>& names, int& out);
  // One of an enum's names (enum_names.h: its table), the value to `out` (an E or an optional E).
  template <class E, size_t N, class Out>
  bool choice(const Json& v, const std::string& ptr, const Named<E> (&table)[N], Out& out) {
    int k = 0;
    if (!choice(v, ptr, names_of(table), k)) return false;
    out = table[size_t(k)].value;
    return true;
  }
  // A coordinate pair/triple: an array of `dims` numbers within ±1e6 (`what` names the expected shape).
  bool coords(const Json& v, const std::string& ptr, size_t dims, const std::string& what, double* out);

  // Optional members: absent keeps `out` as it is.
  bool opt_number(const Json& obj, const std::string& ptr, const char* key, double& out, const NumberRule& rule);
  bool opt_string(const Json& obj, const std::string& ptr, const char* key, std::string& out, const std::string& what,
                  bool non_empty = true);
  bool opt_boolean(const Json& obj, const std::string& ptr, const char* key, bool& out);

 private:
  const std::string& text_;
  std::string file_;
  std::string error_;                                                  // every error, one per line, in file order
  std::vector<std::pair<std::pair<long, long>, std::string>> errors_;  // (line, column), message
  bool section_failed_ = false;
};

struct Scene;
// Reads a parsed document into `out` (untouched on error). Fails with the one error message.
Result<void> parse_scene_document(const Json& root, const std::string& text, const std::string& file, Scene& out);
// A level scene (source "mesh") read from blocks of another document (a check file): `mesh` as a scene's
// "mesh" block at `mesh_ptr`, `bake` (optional) as its "bake" block at `bake_ptr`, with the scene's rules
// and messages. `out` is untouched on error. Fails with the error message.
Result<void> parse_level_blocks(const Json& mesh, const std::string& mesh_ptr, const Json* bake,
                                const std::string& bake_ptr, const std::string& text, const std::string& file,
                                Scene& out);

}  // namespace navlab
