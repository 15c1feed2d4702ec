// Named tolerances shared by several stages: each with its unit and why it is what it is. A tolerance
// used by one stage only is named where it is used (core/path/turns.cpp is the model).
#pragma once

#include <algorithm>

namespace navlab::tol {

// Dimensionless. A length below this fraction of the scene's size is rounding, not geometry: doubles
// carry about 16 digits, so 1e-9 keeps 7 of margin and is still far below a millimetre on a 1 km level.
constexpr double kRelative = 1e-9;

// m. The length tolerance of geometry whose size (largest side of its bounds, m) is `size`: kRelative of
// it, and never less than kRelative of a metre (a scene a metre wide or less).
inline double scaled(double size) { return kRelative * std::max(size, 1.0); }

// Dimensionless. A quotient of lengths within this of a whole number is that number (a straight of
// exactly three gate spacings needs two extra gates, not three), and a parameter within this of 0 or 1
// along a segment is at its end: lengths read from JSON decimals divide with rounding near 1e-16.
constexpr double kWhole = 1e-9;

// m/s. Below it a velocity is zero: the agent stands (turns in place, re-plans, records no heading).
// Far below any speed an agent is given (centimetres per second) and far above rounding of m/s values.
constexpr double kStill = 1e-9;

// m. Two points this close are the same point (path points, a target reached): well below the
// millimetre that sentences and records print, well above double rounding of coordinates up to 1e6 m.
constexpr double kSamePoint = 1e-9;

// rad. Headings this close are the same direction (no turn in place is needed).
constexpr double kSameHeading = 1e-6;

// s. An event due within this of a step's start happens at that step (event times are read from JSON
// decimals and step times are k·dt products).
constexpr double kSameTime = 1e-9;

// m. Vertices of neighbouring Detour tiles within a millimetre are one vertex: Detour quantises vertices
// to the cell grid (centimetres or more), so distinct vertices are never this close.
constexpr double kWeld = 1e-3;

// m. Lengths below this are zero: arc-length divisions never divide by less (a zero-length step of a
// dense path), and distances closer than this are a tie.
constexpr double kTinyLength = 1e-12;

}  // namespace navlab::tol
