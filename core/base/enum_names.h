// Every enum's stable names in one table: a constexpr array of {value, name} in the enum's order, read by
// to_string (JSON, traces, panels), by the parsers (scene files, command-line options) and by help texts,
// so adding a value is one line of its table.
//
//   inline constexpr Named<Algorithm> kAlgorithmNames[] = {
//       {Algorithm::AStar, "astar"}, {Algorithm::Dijkstra, "dijkstra"}, {Algorithm::Polyanya, "polyanya"}};
//   static_assert(names_cover(kAlgorithmNames, Algorithm::Polyanya));
//   inline const char* to_string(Algorithm a) { return name_in(kAlgorithmNames, a); }
//
// names_cover() holds when the table lists the values 0, 1, ... in order up to the given last one, so a
// value added in the middle without its name, or a table out of order, does not compile.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace navlab {

template <class E>
struct Named {
  E value;
  const char* name;
};

// Whether `table` holds every value of E from 0 to `last`, in order, and no other.
template <class E, std::size_t N>
constexpr bool names_cover(const Named<E> (&table)[N], E last) {
  if (static_cast<std::size_t>(last) + 1 != N) return false;
  for (std::size_t i = 0; i < N; ++i)
    if (static_cast<std::size_t>(table[i].value) != i) return false;
  return true;
}

// The name of `value`; "unknown" for a value outside the table (only a cast of another number gives one).
template <class E, std::size_t N>
constexpr const char* name_in(const Named<E> (&table)[N], E value) {
  const auto i = static_cast<std::size_t>(value);
  return i < N ? table[i].name : "unknown";
}

// The value named `name`, if the table has it.
template <class E, std::size_t N>
constexpr std::optional<E> value_named(const Named<E> (&table)[N], std::string_view name) {
  for (const Named<E>& entry : table)
    if (name == entry.name) return entry.value;
  return std::nullopt;
}

// The names in table order, as a parser's list of choices and the error message that quotes them.
template <class E, std::size_t N>
std::vector<std::string> names_of(const Named<E> (&table)[N]) {
  std::vector<std::string> out;
  out.reserve(N);
  for (const Named<E>& entry : table) out.emplace_back(entry.name);
  return out;
}

}  // namespace navlab
