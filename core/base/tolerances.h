// Named tolerances shared by several stages: each with its unit and why it is what it is. A tolerance
// used by one stage only is named where it is used (core/path/turns.cpp is the model).
#pragma once

namespace navlab::tol {

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

// Dimensionless. Arc length divisions never divide by less (a zero-length step of a dense path).
constexpr double kTinyLength = 1e-12;

}  // namespace navlab::tol
