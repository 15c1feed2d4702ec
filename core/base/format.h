// Numbers and points as sentences and messages print them. One place, so every stage rounds alike.
#pragma once

#include <cstdio>
#include <string>

#include "geom.h"

namespace navlab {

// Significant digits: sentences for people read 3 ("2.24 m"), exact records 6 ("2.23607").
constexpr int kSentenceDigits = 3;
constexpr int kExactDigits = 6;

// `v` with `digits` significant digits ("%g" style); a magnitude that would need an exponent is
// written with one decimal instead (1234.5, not 1.23e+03); "infinity" and "nan" as words.
std::string num(double v, int digits = kSentenceDigits);

// `v` rounded to `places` decimals with trailing zeros dropped ("2.5", "0.333", "3"); a value that
// rounds to zero is "0", never "-0". Records that read in metres to the millimetre use it.
std::string decimals(double v, int places);

// Whole numbers as they are, others with `places` decimals ("6", "-1", "1.50": graph costs and the
// funnel's seed examples read this way); a value that rounds to zero is "0", never "-0.00".
std::string whole_or_fixed(double v, int places = 2);

// A count that may come from input ("5000", "1000001"); one too large to print whole (a script may ask
// for 3e40 frames) in %g form ("3e+40"), never converted out of an integer's range.
std::string count_text(double v);

// A place in a list as sentences count it, from 1 (the list's index + 1): "portal 1" is the first portal,
// as steps ("funnel:1") and corners are counted. JSON keeps indices from 0; ids (polygons, nodes, doors)
// are names and are written as they are.
inline std::string nth(int index) { return std::to_string(index + 1); }

// "1 node", "2 nodes": a count with the word that agrees with it.
inline std::string count_of(size_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

// "(x, y)" with num() for each coordinate.
std::string point_text(Vec2 p, int digits = kSentenceDigits);

// "(x, y)" with `number` writing each coordinate (e.g. whole_or_fixed, or decimals at 3 places).
using NumberText = std::string (*)(double);
std::string point_text(Vec2 p, NumberText number);

// "(x, y)" and "(x, y, z)" with printf's %g (6 significant digits, exponents kept): the form of the
// points that error messages quote, so a point of the input reads as written.
std::string input_point_text(Vec2 p);
std::string input_point_text(Vec3 p);

// printf into a std::string (the result is cut at 1023 characters).
template <class... Args>
std::string fmt(const char* format, Args... args) {
  char buf[1024];
  std::snprintf(buf, sizeof buf, format, args...);
  return buf;
}

}  // namespace navlab
