#include "json_locate.h"

#include <cstring>
#include <set>
#include <vector>

namespace navlab {
namespace {

// One open container while scanning.
struct Frame {
  bool object = false;
  size_t index = 0;            // arrays: index of the element being read (commas seen so far)
  std::string key;             // objects: the member being read
  int state = 0;               // objects: 0 expecting a key, 1 key read, 2 after ':', 3 value read
  size_t key_offset = 0;       // objects: byte offset of `key`
  std::set<std::string> keys;  // objects: every key seen (duplicate detection only)
};

std::string build_pointer(const std::vector<Frame>& frames) {
  std::string p;
  for (const Frame& f : frames) {
    if (f.object) {
      if (f.state == 1 || f.state == 2) p = pointer_append(p, f.key);
    } else {
      p = pointer_append(p, f.index);
    }
  }
  return p;
}

void append_utf8(std::string& out, unsigned cp) {
  if (cp < 0x80) {
    out += char(cp);
  } else if (cp < 0x800) {
    out += char(0xC0 | (cp >> 6));
    out += char(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += char(0xE0 | (cp >> 12));
    out += char(0x80 | ((cp >> 6) & 0x3F));
    out += char(0x80 | (cp & 0x3F));
  } else {
    out += char(0xF0 | (cp >> 18));
    out += char(0x80 | ((cp >> 12) & 0x3F));
    out += char(0x80 | ((cp >> 6) & 0x3F));
    out += char(0x80 | (cp & 0x3F));
  }
}

bool read_hex4(const std::string& t, size_t at, unsigned& cp) {
  if (at + 4 > t.size()) return false;
  cp = 0;
  for (size_t k = at; k < at + 4; ++k) {
    const char c = t[k];
    cp <<= 4;
    if (c >= '0' && c <= '9')
      cp |= unsigned(c - '0');
    else if (c >= 'a' && c <= 'f')
      cp |= unsigned(c - 'a' + 10);
    else if (c >= 'A' && c <= 'F')
      cp |= unsigned(c - 'A' + 10);
    else
      return false;
  }
  return true;
}

// Reads the string starting at the quote at `i`, decoding escapes; returns the offset after its closing
// quote (or the end of the text when it is unterminated).
size_t read_string(const std::string& t, size_t i, std::string& out) {
  size_t j = i + 1;
  while (j < t.size()) {
    const char c = t[j];
    if (c == '"') return j + 1;
    if (c != '\\') {
      out += c;
      ++j;
      continue;
    }
    if (j + 1 >= t.size()) return t.size();
    const char e = t[j + 1];
    j += 2;
    switch (e) {
      case 'b':
        out += '\b';
        break;
      case 'f':
        out += '\f';
        break;
      case 'n':
        out += '\n';
        break;
      case 'r':
        out += '\r';
        break;
      case 't':
        out += '\t';
        break;
      case 'u': {
        unsigned cp = 0;
        if (!read_hex4(t, j, cp)) break;
        j += 4;
        unsigned low = 0;
        if (cp >= 0xD800 && cp < 0xDC00 && j + 1 < t.size() && t[j] == '\\' && t[j + 1] == 'u' &&
            read_hex4(t, j + 2, low) && low >= 0xDC00 && low < 0xE000) {
          cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
          j += 6;
        }
        append_utf8(out, cp);
        break;
      }
      default:
        out += e;
        break;  // '"', '\\', '/'
    }
  }
  return t.size();
}

// A member value of the innermost object is complete: the pointer no longer names it.
void value_done(std::vector<Frame>& frames) {
  if (!frames.empty() && frames.back().object && frames.back().state == 2) frames.back().state = 3;
}

// Walks the text up to byte `limit`, keeping `frames` current. `on_value(frames, offset)` is called at
// the start of every value and `on_key(frames, offset)` after every object key; either returns true to
// stop. Returns true when stopped by a callback.
template <class OnValue, class OnKey>
bool scan(const std::string& t, size_t limit, std::vector<Frame>& frames, OnValue on_value, OnKey on_key) {
  // A UTF-8 byte order mark is not part of the document (nlohmann skips it too).
  size_t i = t.compare(0, 3, "\xEF\xBB\xBF") == 0 ? 3 : 0;
  const size_t end = limit < t.size() ? limit : t.size();
  while (i < end) {
    const char c = t[i];
    switch (c) {
      case ' ':
      case '\t':
      case '\r':
      case '\n':
        ++i;
        break;
      case '{':
      case '[':
        if (on_value(frames, i)) return true;
        frames.push_back(Frame{});
        frames.back().object = c == '{';
        ++i;
        break;
      case '}':
      case ']':
        if (!frames.empty()) frames.pop_back();
        value_done(frames);
        ++i;
        break;
      case ',':
        if (!frames.empty()) {
          Frame& f = frames.back();
          if (f.object) {
            f.state = 0;
            f.key.clear();
          } else {
            ++f.index;
          }
        }
        ++i;
        break;
      case ':':
        if (!frames.empty() && frames.back().object) frames.back().state = 2;
        ++i;
        break;
      case '"': {
        const size_t start = i;
        std::string s;
        i = read_string(t, i, s);
        if (!frames.empty() && frames.back().object && frames.back().state == 0) {
          Frame& f = frames.back();
          f.key = std::move(s);
          f.state = 1;
          f.key_offset = start;
          if (on_key(frames, start)) return true;
        } else if (on_value(frames, start)) {
          return true;
        } else {
          value_done(frames);
        }
        break;
      }
      default:  // number or literal
        if (on_value(frames, i)) return true;
        ++i;
        while (i < t.size() && !std::strchr(",[]{}:\" \t\r\n", t[i])) ++i;
        value_done(frames);
        break;
    }
  }
  return false;
}

}  // namespace

std::string pointer_append(const std::string& pointer, const std::string& token) {
  std::string out = pointer + "/";
  for (char c : token) {
    if (c == '~')
      out += "~0";
    else if (c == '/')
      out += "~1";
    else
      out += c;
  }
  return out;
}

std::string pointer_append(const std::string& pointer, size_t index) { return pointer + "/" + std::to_string(index); }

TextPos text_position(const std::string& text, size_t offset) {
  TextPos pos;
  const size_t end = offset < text.size() ? offset : text.size();
  for (size_t i = 0; i < end; ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c == '\n') {
      ++pos.line;
      pos.column = 1;
    } else if ((c & 0xC0) != 0x80) {  // count code points, not continuation bytes
      ++pos.column;
    }
  }
  return pos;
}

size_t locate_pointer(const std::string& text, const std::string& pointer, bool at_key) {
  std::string target = pointer;
  for (;;) {
    size_t found = 0;
    bool ok = false;
    std::vector<Frame> frames;
    scan(
        text, text.size(), frames,
        [&](const std::vector<Frame>& fs, size_t offset) {
          if (build_pointer(fs) != target) return false;
          found = (at_key && target == pointer && !fs.empty() && fs.back().object) ? fs.back().key_offset : offset;
          ok = true;
          return true;
        },
        [](const std::vector<Frame>&, size_t) { return false; });
    if (ok || target.empty()) return ok ? found : 0;
    target = target.substr(0, target.rfind('/'));
  }
}

size_t token_start(const std::string& t, size_t offset, bool after_literal) {
  size_t i = t.compare(0, 3, "\xEF\xBB\xBF") == 0 ? 3 : 0;
  size_t prev_start = offset, prev_end = 0;
  bool prev_literal = false;
  while (i < t.size() && i <= offset) {
    const char c = t[i];
    if (std::strchr(" \t\r\n", c)) {
      ++i;
      continue;
    }
    const size_t start = i;
    const bool structural = std::strchr(",[]{}:", c) != nullptr;
    if (c == '"') {
      std::string ignored;
      i = read_string(t, i, ignored);
    } else if (structural) {
      ++i;
    } else {
      ++i;
      while (i < t.size() && !std::strchr(",[]{}:\" \t\r\n", t[i])) ++i;
    }
    if (offset < i) return after_literal && structural && prev_literal && prev_end == start ? prev_start : start;
    prev_start = start;
    prev_end = i;
    prev_literal = !structural && c != '"';
  }
  return offset;
}

std::string pointer_at(const std::string& text, size_t offset) {
  std::vector<Frame> frames;
  scan(
      text, offset, frames, [](const std::vector<Frame>&, size_t) { return false; },
      [](const std::vector<Frame>&, size_t) { return false; });
  return build_pointer(frames);
}

std::optional<DuplicateKey> find_duplicate_key(const std::string& text) {
  std::optional<DuplicateKey> dup;
  std::vector<Frame> frames;
  scan(
      text, text.size(), frames, [](const std::vector<Frame>&, size_t) { return false; },
      [&](std::vector<Frame>& fs, size_t offset) {
        if (fs.back().keys.insert(fs.back().key).second) return false;
        dup = DuplicateKey{build_pointer(fs), offset};
        return true;
      });
  return dup;
}

std::optional<size_t> find_too_deep(const std::string& text, int max_depth) {
  std::optional<size_t> deep;
  std::vector<Frame> frames;
  scan(
      text, text.size(), frames,
      [&](const std::vector<Frame>& fs, size_t offset) {
        if ((text[offset] != '{' && text[offset] != '[') || fs.size() < size_t(max_depth)) return false;
        deep = offset;
        return true;
      },
      [](const std::vector<Frame>&, size_t) { return false; });
  return deep;
}

}  // namespace navlab
