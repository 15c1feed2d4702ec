// Checks of a TrueType / OpenType font file before ImGui's stb_truetype reads it. stb_truetype trusts
// the file: random bytes, a text file or a truncated font make it read past the data or fail an ImGui
// assertion. The table directory, the tables stb_truetype needs (cmap, head, hhea, hmtx, maxp, and glyf
// with loca or CFF), their sizes, every glyph offset of loca and every cmap subtable are checked to lie
// inside the file. (A font crafted to pass these checks with broken glyph outlines is not caught.)
#pragma once

#include <string>

#include "result.h"

namespace navlab::gl {

// Largest font file read (bytes).
constexpr size_t kMaxFontBytes = size_t{64} << 20;

// Succeeds when `bytes` is a single TrueType or OpenType font stb_truetype can read; fails with why not.
Result<void> check_font(const std::string& bytes);

}  // namespace navlab::gl
