#include "result.h"

#include <ostream>

namespace navlab {

const char* to_string(FailStage s) {
  switch (s) {
    case FailStage::Plan:
      return "plan";
    case FailStage::Locate:
      return "locate";
    case FailStage::Search:
      return "search";
    case FailStage::Portals:
      return "portals";
    case FailStage::Funnel:
      return "funnel";
    case FailStage::Clearance:
      return "clearance";
    case FailStage::Turns:
      return "turns";
    case FailStage::Profile:
      return "profile";
    case FailStage::Follow:
      return "follow";
  }
  return "plan";
}

const char* to_string(Reason r) {
  switch (r) {
    case Reason::BadRequest:
      return "bad_request";
    case Reason::Incomplete:
      return "incomplete";
    case Reason::StartOffMesh:
      return "start_off_mesh";
    case Reason::GoalOffMesh:
      return "goal_off_mesh";
    case Reason::InvalidArgument:
      return "invalid_argument";
    case Reason::Disconnected:
      return "disconnected";
    case Reason::AgentRestricted:
      return "agent_restricted";
    case Reason::BudgetExhausted:
      return "budget_exhausted";
    case Reason::EmptyCorridor:
      return "empty_corridor";
    case Reason::BadPolygon:
      return "bad_polygon";
    case Reason::NotAdjacent:
      return "not_adjacent";
    case Reason::PortalMismatch:
      return "portal_mismatch";
    case Reason::PortalOrder:
      return "portal_order";
    case Reason::NoCorridor:
      return "no_corridor";
    case Reason::NoPortals:
      return "no_portals";
    case Reason::BadInput:
      return "bad_input";
    case Reason::InvalidInnerCorner:
      return "invalid_inner_corner";
    case Reason::NoArcFits:
      return "no_arc_fits";
    case Reason::CannotTurnInPlace:
      return "cannot_turn_in_place";
    case Reason::BadAgent:
      return "bad_agent";
    case Reason::Blocked:
      return "blocked";
    case Reason::Timeout:
      return "timeout";
    case Reason::BadEvent:
      return "bad_event";
    case Reason::NoSpline:
      return "no_spline";
    case Reason::Cancelled:
      return "cancelled";
  }
  return "bad_request";
}

std::ostream& operator<<(std::ostream& os, FailStage s) { return os << to_string(s); }
std::ostream& operator<<(std::ostream& os, Reason r) { return os << to_string(r); }

}  // namespace navlab
