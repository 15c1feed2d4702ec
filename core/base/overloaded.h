// Overloaded{f, g, ...}: one callable with the call operators of all the lambdas given, for std::visit
// with one lambda per alternative of a variant.
#pragma once

namespace navlab {

template <class... F>
struct Overloaded : F... {
  using F::operator()...;
};
template <class... F>
Overloaded(F...) -> Overloaded<F...>;

}  // namespace navlab
