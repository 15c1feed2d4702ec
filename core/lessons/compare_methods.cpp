#include "compare_methods.h"

#include <cstdlib>

#include "format.h"

namespace navlab {

namespace {

constexpr CompareMethod::Kind kKinds[] = {CompareMethod::Kind::AStar,    CompareMethod::Kind::Dijkstra,
                                          CompareMethod::Kind::Polyanya, CompareMethod::Kind::Midpoints,
                                          CompareMethod::Kind::Funnel,   CompareMethod::Kind::Arcs,
                                          CompareMethod::Kind::Channel};

const char* const kExpected =
    "A:B with A and B among astar, dijkstra, polyanya, midpoints, funnel, arcs, channel (A* may have a heuristic "
    "weight: astar@1.5)";

// Plain decimal (digits and one point, no sign or exponent), or nullopt.
std::optional<double> plain_decimal(const std::string& text) {
  if (text.empty() || text.find_first_not_of("0123456789.") != std::string::npos) return std::nullopt;
  char* end = nullptr;
  const double x = std::strtod(text.c_str(), &end);
  return end == text.c_str() + text.size() ? std::optional<double>(x) : std::nullopt;
}

std::optional<CompareMethod> parse_method(const std::string& text) {
  const size_t at = text.find('@');
  const std::string name = text.substr(0, at);
  for (CompareMethod::Kind k : kKinds) {
    if (name != to_string(k)) continue;
    CompareMethod m;
    m.kind = k;
    if (at == std::string::npos) return m;
    if (k != CompareMethod::Kind::AStar) return std::nullopt;  // only A* has a heuristic to weigh
    m.weight = plain_decimal(text.substr(at + 1));
    if (!m.weight) return std::nullopt;
    return m;
  }
  return std::nullopt;
}

}  // namespace

std::string to_string(const CompareMethod& m) {
  return std::string(to_string(m.kind)) + (m.weight ? "@" + num(*m.weight) : "");
}

std::string method_title(const CompareMethod& m) {
  switch (m.kind) {
    case CompareMethod::Kind::AStar:
      return m.weight ? "A* (heuristic weight " + num(*m.weight) + ")" : "A*";
    case CompareMethod::Kind::Dijkstra:
      return "Dijkstra";
    case CompareMethod::Kind::Polyanya:
      return "Polyanya (shortest path)";
    case CompareMethod::Kind::Midpoints:
      return "portal midpoints";
    case CompareMethod::Kind::Funnel:
      return "funnel (string pulled)";
    case CompareMethod::Kind::Arcs:
      return "corners and arcs";
    case CompareMethod::Kind::Channel:
      return "channel spline";
  }
  return "";
}

Result<std::pair<CompareMethod, CompareMethod>> parse_compare(const std::string& text) {
  const size_t colon = text.find(':');
  const std::optional<CompareMethod> a =
      colon == std::string::npos ? std::nullopt : parse_method(text.substr(0, colon));
  const std::optional<CompareMethod> b =
      colon == std::string::npos ? std::nullopt : parse_method(text.substr(colon + 1));
  if (!a || !b) return Error{std::string("expected ") + kExpected + ", got '" + text + "'"};
  return std::pair{*a, *b};
}

}  // namespace navlab
