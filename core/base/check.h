// Invariants that only a programming error can break, as Detour's dtAssert: NAVLAB_ASSERT(cond) calls
// the assertion handler when `cond` is false. The default handler prints the file, line and condition
// to stderr and aborts; a host (a test, the app) may install its own with set_assert_handler(), for
// example to throw in a death test or to show a dialog before quitting. Checks stay on in release
// builds: they guard indices and sizes, not hot arithmetic.
//
// Input that a user can get wrong is never asserted: it is an error value (Result, Failure) with a
// message that says what is wrong.
#pragma once

namespace navlab {

using AssertHandler = void (*)(const char* condition, const char* file, int line);

// Installs `handler` (nullptr restores the default) and returns the previous one.
AssertHandler set_assert_handler(AssertHandler handler);

// Calls the installed handler; the default one aborts.
void assert_failed(const char* condition, const char* file, int line);

}  // namespace navlab

#define NAVLAB_ASSERT(cond) ((cond) ? static_cast<void>(0) : ::navlab::assert_failed(#cond, __FILE__, __LINE__))
