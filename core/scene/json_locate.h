// Positions in JSON text: nlohmann::json keeps no source positions, so scene errors find the line and
// column of a value by scanning the text again. The scanner is iterative (no recursion, so any nesting
// depth is safe) and tolerates invalid text, which lets a parse error be reported with a pointer too.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

namespace navlab {

struct TextPos {
  int line = 1;    // 1-based
  int column = 1;  // 1-based, in characters (UTF-8 code points) from the start of the line
};

// Line and column of byte `offset` in `text` (an offset past the end gives the position after the last
// character).
TextPos text_position(const std::string& text, size_t offset);

// Byte offset of the value at JSON pointer `pointer` (RFC 6901, "" = the whole document) in valid JSON
// `text`, or of its key when `at_key` and the value is an object member. When the pointer names nothing,
// the nearest existing ancestor is located instead.
size_t locate_pointer(const std::string& text, const std::string& pointer, bool at_key = false);

// The JSON pointer of the value being read at byte `offset` of (possibly invalid) JSON text: the chain
// of object keys and array indices open at that point. Used to place parse errors.
std::string pointer_at(const std::string& text, size_t offset);

// Start of the token at byte `offset` (a string, number, literal or structural character), so that an
// error nlohmann reports at the end of a token points at its beginning. With `after_literal`, a structural
// character right after a literal run counts as part of it (nlohmann reports "tru}" at the '}').
size_t token_start(const std::string& text, size_t offset, bool after_literal);

struct DuplicateKey {
  std::string pointer;  // pointer of the second occurrence
  size_t offset = 0;    // byte offset of its key
};
// The first key that appears twice in one object of valid JSON `text` (nlohmann keeps only one of them
// silently), if any.
std::optional<DuplicateKey> find_duplicate_key(const std::string& text);

// Byte offset of the first '{' or '[' that opens level `max_depth` + 1 of nesting in `text`, if any.
std::optional<size_t> find_too_deep(const std::string& text, int max_depth);

// Appends one escaped reference token to a JSON pointer ("~" -> "~0", "/" -> "~1").
std::string pointer_append(const std::string& pointer, const std::string& token);
std::string pointer_append(const std::string& pointer, size_t index);

// The readers' short forms (scene and check parsers): `at(ptr, "key")`, `at(ptr, i)`.
namespace json_at {
using P = const std::string&;
inline std::string at(P ptr, const char* key) { return pointer_append(ptr, key); }
inline std::string at(P ptr, size_t i) { return pointer_append(ptr, i); }
}  // namespace json_at

}  // namespace navlab
