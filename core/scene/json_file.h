// JSON files other than scenes (--events, --queries, lessons, scripts): read with the shared reader
// (text_file.h: regular files only, the input size limit) and parsed with the scene's nesting limit and
// the scene's `FILE:LINE:COL: /pointer: expected ..., got ...` syntax errors.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "result.h"

namespace navlab {

// `what` names the file in read errors ("file", "lesson file", "script file").
Result<nlohmann::ordered_json> load_json_file(const std::string& path, const std::string& what = "file");
// The same for text already read (`path` names it in messages), a key given twice in one object
// refused as in scene files.
Result<nlohmann::ordered_json> parse_json_text(const std::string& text, const std::string& path);

}  // namespace navlab
