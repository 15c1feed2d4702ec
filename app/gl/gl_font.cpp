#include "gl_font.h"

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace navlab::gl {

namespace {

uint32_t be(const std::string& b, size_t at, int n) {
  uint32_t v = 0;
  for (int i = 0; i < n; ++i) v = (v << 8) | uint8_t(b[at + size_t(i)]);
  return v;
}

constexpr uint32_t tag(const char (&t)[5]) {
  return uint32_t(uint8_t(t[0])) << 24 | uint32_t(uint8_t(t[1])) << 16 | uint32_t(uint8_t(t[2])) << 8 | uint8_t(t[3]);
}

struct Table {
  size_t offset = 0, length = 0;
};

class FontCheck {
 public:
  explicit FontCheck(const std::string& b) : b_(b) {}

  Result<void> run() {
    if (auto r = directory(); !r) return r;
    for (const char* name : {"cmap", "head", "hhea", "hmtx", "maxp"})
      if (!find(name))
        return Error{std::string("it has no '") + name + "' table (a font needs cmap, head, hhea, hmtx and maxp)"};
    const bool cff = find("CFF ").has_value();
    if (!cff && (!find("glyf") || !find("loca")))
      return Error{"it has neither glyph outlines ('glyf' and 'loca') nor 'CFF '"};
    if (auto r = metrics(); !r) return r;
    if (!cff)
      if (auto r = glyph_offsets(); !r) return r;
    return cmap();
  }

 private:
  std::optional<Table> find(const std::string& name) const {
    for (const auto& [t, table] : tables_)
      if (t == name) return table;
    return std::nullopt;
  }

  Result<void> directory() {
    if (b_.size() < 12) return Error{"it is shorter than a font's header (12 bytes)"};
    const uint32_t version = be(b_, 0, 4);
    if (version == tag("ttcf")) return Error{"it is a font collection (.ttc); navlab reads one font (.ttf or .otf)"};
    if (version != 0x00010000 && version != tag("true") && version != tag("OTTO"))
      return Error{"it does not start as a TrueType or OpenType font does"};
    const size_t n = be(b_, 4, 2);
    if (12 + 16 * n > b_.size()) return Error{"its table directory reaches past the end of the file"};
    for (size_t i = 0; i < n; ++i) {
      const size_t r = 12 + 16 * i;
      const Table t{be(b_, r + 8, 4), be(b_, r + 12, 4)};
      const std::string name = b_.substr(r, 4);
      if (t.offset > b_.size() || t.length > b_.size() - t.offset)
        return Error{"its table '" + name + "' reaches past the end of the file: a truncated font?"};
      tables_.emplace_back(name, t);
    }
    return {};
  }

  Result<void> metrics() {
    const Table head = *find("head"), hhea = *find("hhea"), hmtx = *find("hmtx"), maxp = *find("maxp");
    if (head.length < 54 || hhea.length < 36 || maxp.length < 6)
      return Error{"its head, hhea or maxp table is too short"};
    loca_long_ = be(b_, head.offset + 50, 2) == 1;
    if (be(b_, head.offset + 50, 2) > 1) return Error{"its head table names an unknown glyph offset format"};
    glyphs_ = be(b_, maxp.offset + 4, 2);
    const size_t long_metrics = be(b_, hhea.offset + 34, 2);
    if (long_metrics == 0) return Error{"its hhea table has no glyph metrics"};
    const size_t need = 4 * long_metrics + (glyphs_ > long_metrics ? 2 * (glyphs_ - long_metrics) : 0);
    if (hmtx.length < need) return Error{"its hmtx table is shorter than its glyphs' metrics"};
    return {};
  }

  Result<void> glyph_offsets() {
    const Table loca = *find("loca"), glyf = *find("glyf");
    const size_t entry = loca_long_ ? 4 : 2;
    if (loca.length < (glyphs_ + 1) * entry) return Error{"its loca table is shorter than its glyph count needs"};
    size_t last = 0;
    for (size_t g = 0; g <= glyphs_; ++g) {
      const size_t off = loca_long_ ? be(b_, loca.offset + g * 4, 4) : 2 * size_t(be(b_, loca.offset + g * 2, 2));
      if (off < last || off > glyf.length) return Error{"glyph " + std::to_string(g) + " lies outside the glyf table"};
      last = off;
    }
    return {};
  }

  Result<void> cmap() const {
    const Table c = *find("cmap");
    if (c.length < 4) return Error{"its cmap table is too short"};
    const size_t n = be(b_, c.offset + 2, 2);
    if (4 + 8 * n > c.length) return Error{"its cmap table lists more subtables than it holds"};
    for (size_t i = 0; i < n; ++i) {
      const size_t at = be(b_, c.offset + 4 + 8 * i + 4, 4);
      if (at > c.length || c.length - at < 8) return Error{"a cmap subtable lies outside the cmap table"};
      const size_t format = be(b_, c.offset + at, 2);
      const bool wide = format >= 8;  // formats 8 to 14 give a 32-bit length after a reserved field
      const size_t length = wide ? be(b_, c.offset + at + 4, 4) : be(b_, c.offset + at + 2, 2);
      if (length > c.length - at) return Error{"a cmap subtable reaches past the cmap table"};
      if (format == 4 && (length < 14 || 16 + 4 * size_t(be(b_, c.offset + at + 6, 2)) > length))
        return Error{"a cmap subtable's segments reach past it"};
    }
    return {};
  }

  const std::string& b_;
  std::vector<std::pair<std::string, Table>> tables_;
  bool loca_long_ = false;
  size_t glyphs_ = 0;
};

}  // namespace

Result<void> check_font(const std::string& bytes) { return FontCheck(bytes).run(); }

}  // namespace navlab::gl
