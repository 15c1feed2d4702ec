// Results and failures as values. Nothing in core/ throws across its API.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace navlab {

// Outcome of a planning query, as DESIGN §5 names it.
enum class Status { Complete, Partial, Failed };

inline const char* to_string(Status s) {
  switch (s) {
    case Status::Complete: return "complete";
    case Status::Partial: return "partial";
    case Status::Failed: return "failed";
  }
  return "failed";
}

// Why a stage could not deliver a complete result. `reason` is one of the stable names of DESIGN §3
// (start_off_mesh, goal_off_mesh, disconnected, agent_restricted, budget_exhausted, ...).
struct Failure {
  std::string stage;    // "locate", "search", "portals", "funnel", "turns", "profile", ...
  std::string reason;   // stable machine-readable name
  std::string message;  // one sentence for people
  std::vector<std::string> blocked_by;  // agent_restricted only: closed doors / excluded areas
  friend bool operator==(const Failure&, const Failure&) = default;
};

// A value or an error message (for loading, parsing and other input handling).
template <class T>
class Result {
 public:
  Result(T value) : value_(std::move(value)) {}  // NOLINT: implicit on purpose
  static Result fail(std::string message) {
    Result r;
    r.error_ = std::move(message);
    return r;
  }
  bool ok() const { return value_.has_value(); }
  explicit operator bool() const { return ok(); }
  const T& value() const& { return *value_; }
  T& value() & { return *value_; }
  T&& value() && { return std::move(*value_); }
  const T* operator->() const { return &*value_; }
  T* operator->() { return &*value_; }
  const std::string& error() const { return error_; }

 private:
  Result() = default;
  std::optional<T> value_;
  std::string error_;
};

}  // namespace navlab
