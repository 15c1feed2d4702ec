// Results and failures as values. Nothing in core/ throws across its API.
#pragma once

#include <iosfwd>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "enum_names.h"

namespace navlab {

// Outcome of a planning query, as the command line prints it.
enum class Status { Complete, Partial, Failed };

inline constexpr Named<Status> kStatusNames[] = {
    {Status::Complete, "complete"},
    {Status::Partial, "partial"},
    {Status::Failed, "failed"},
};
static_assert(names_cover(kStatusNames, Status::Failed));
inline const char* to_string(Status v) { return name_in(kStatusNames, v); }

// The stage a failure comes from. Its stable name (to_string) is what JSON and the panels show.
enum class FailStage { Plan, Locate, Search, Portals, Funnel, Clearance, Turns, Profile, Follow };

// Why a stage could not deliver a complete result, one value per stable name of docs/errors.md (kept
// distinct: a caller acts differently on each).
enum class Reason {
  BadRequest,          // plan: the request names what the scene lacks (an unknown door id, ...)
  Incomplete,          // plan: the planner returned no complete path (spawn's safe-path check)
  StartOffMesh,        // locate
  GoalOffMesh,         // locate
  InvalidArgument,     // search / follow: a programmer error (a node index out of range, dt <= 0)
  Disconnected,        // search: no connection joins start and goal
  AgentRestricted,     // search: only closed doors or excluded areas join them (see blocked_by)
  BudgetExhausted,     // search: the node budget ran out (a partial result)
  EmptyCorridor,       // portals
  BadPolygon,          // portals: a corridor id that is no polygon of the mesh
  NotAdjacent,         // portals: two corridor polygons share no edge
  PortalMismatch,      // portals: a shared edge that is not an edge of both polygons
  PortalOrder,         // portals: a portal's left/right order is reversed
  NoCorridor,          // follow: a plan that is not failed but has no corridor
  NoPortals,           // funnel / follow: no portal to walk through
  BadInput,            // funnel / turns: a non-finite or degenerate input
  InvalidInnerCorner,  // clearance: a DistanceToInnerCorner curve that is not usable
  NoArcFits,           // turns: corner mode "arc" and a corner without room for an arc
  CannotTurnInPlace,   // turns: a stop-turn for an agent that cannot turn in place
  BadAgent,            // profile: agent limits that are not usable
  Blocked,             // follow: the stall detector fired
  Timeout,             // follow: no arrival within the time limit
  BadEvent,            // follow: an event that names what the scene lacks
  NoSpline,            // follow: smoothing "channel" and no spline fits the channel (mode failure)
  Cancelled,           // follow: the caller stopped the run part way (FollowDef::progress)
};

inline constexpr Named<FailStage> kFailStageNames[] = {
    {FailStage::Plan, "plan"},       {FailStage::Locate, "locate"},   {FailStage::Search, "search"},
    {FailStage::Portals, "portals"}, {FailStage::Funnel, "funnel"},   {FailStage::Clearance, "clearance"},
    {FailStage::Turns, "turns"},     {FailStage::Profile, "profile"}, {FailStage::Follow, "follow"},
};
static_assert(names_cover(kFailStageNames, FailStage::Follow));
inline const char* to_string(FailStage v) { return name_in(kFailStageNames, v); }
inline constexpr Named<Reason> kReasonNames[] = {
    {Reason::BadRequest, "bad_request"},
    {Reason::Incomplete, "incomplete"},
    {Reason::StartOffMesh, "start_off_mesh"},
    {Reason::GoalOffMesh, "goal_off_mesh"},
    {Reason::InvalidArgument, "invalid_argument"},
    {Reason::Disconnected, "disconnected"},
    {Reason::AgentRestricted, "agent_restricted"},
    {Reason::BudgetExhausted, "budget_exhausted"},
    {Reason::EmptyCorridor, "empty_corridor"},
    {Reason::BadPolygon, "bad_polygon"},
    {Reason::NotAdjacent, "not_adjacent"},
    {Reason::PortalMismatch, "portal_mismatch"},
    {Reason::PortalOrder, "portal_order"},
    {Reason::NoCorridor, "no_corridor"},
    {Reason::NoPortals, "no_portals"},
    {Reason::BadInput, "bad_input"},
    {Reason::InvalidInnerCorner, "invalid_inner_corner"},
    {Reason::NoArcFits, "no_arc_fits"},
    {Reason::CannotTurnInPlace, "cannot_turn_in_place"},
    {Reason::BadAgent, "bad_agent"},
    {Reason::Blocked, "blocked"},
    {Reason::Timeout, "timeout"},
    {Reason::BadEvent, "bad_event"},
    {Reason::NoSpline, "no_spline"},
    {Reason::Cancelled, "cancelled"},
};
static_assert(names_cover(kReasonNames, Reason::Cancelled));
inline const char* to_string(Reason v) { return name_in(kReasonNames, v); }
std::ostream& operator<<(std::ostream& os, FailStage s);  // the stable name (test messages, logs)
std::ostream& operator<<(std::ostream& os, Reason r);

// A failure as a value: stage, reason, one sentence for people.
struct Failure {
  FailStage stage = FailStage::Plan;
  Reason reason = Reason::BadRequest;
  std::string message;                  // one sentence for people
  std::vector<std::string> blocked_by;  // agent_restricted only: closed doors / excluded areas
  friend bool operator==(const Failure&, const Failure&) = default;
};

// How a fallible call reports: it returns a Result. Result<T> holds the value or one message for people
// (loading, parsing, writing, checking input); Result<void> is success or that message. A planner's
// outcome is not an error: a plan, a follow or a check carries its Failure (stage, reason, sentence)
// as data of its result.

// A failure's message; it converts to a failed Result of any type: `return Error{"no such door"};`.
struct Error {
  std::string message;
};

// A value or an error message.
template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) : value_(std::move(value)) {}      // NOLINT: implicit on purpose
  Result(Error e) : error_(std::move(e.message)) {}  // NOLINT: implicit on purpose
  static Result fail(std::string message) { return Error{std::move(message)}; }
  bool ok() const { return value_.has_value(); }
  explicit operator bool() const { return ok(); }
  const T& value() const& { return *value_; }
  T& value() & { return *value_; }
  T&& value() && { return std::move(*value_); }
  const T* operator->() const { return &*value_; }
  T* operator->() { return &*value_; }
  const std::string& error() const { return error_; }

 private:
  std::optional<T> value_;
  std::string error_;
};

// Success, or an error message.
template <>
class [[nodiscard]] Result<void> {
 public:
  Result() = default;                                               // success
  Result(Error e) : failed_(true), error_(std::move(e.message)) {}  // NOLINT: implicit on purpose
  static Result fail(std::string message) { return Error{std::move(message)}; }
  bool ok() const { return !failed_; }
  explicit operator bool() const { return ok(); }
  const std::string& error() const { return error_; }

 private:
  bool failed_ = false;
  std::string error_;
};

}  // namespace navlab
