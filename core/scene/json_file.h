// JSON files other than scenes (--events, --queries): read and parsed with the scene's size and nesting
// limits and the scene's `FILE:LINE:COL: /pointer: expected ..., got ...` syntax errors.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "result.h"

namespace navlab {

Result<nlohmann::ordered_json> load_json_file(const std::string& path);
// The same for text already read (`path` names it in messages), a key given twice in one object
// refused as in scene files.
Result<nlohmann::ordered_json> parse_json_text(const std::string& text, const std::string& path);

}  // namespace navlab
