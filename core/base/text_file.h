// Reading an input file whole, with a size limit: a huge or endless file (a device such as /dev/zero,
// a FIFO) is refused after limits::kMaxFileBytes bytes instead of filling memory.
#pragma once

#include <string>

#include "result.h"

namespace navlab {

// The bytes of the file at `path`, or "PATH: cannot read the WHAT (...)". `what` names the file in the
// message, e.g. "file" or "OBJ file".
Result<std::string> read_text_file(const std::string& path, const std::string& what, size_t max_bytes);

}  // namespace navlab
