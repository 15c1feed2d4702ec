#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (ASan + UBSan) in build-fuzz/ and runs each for SECONDS
# (default 60), starting from the seed corpus in tests/fuzz/<target>/ (the seeds are not modified;
# new inputs go to build-fuzz/corpus/<target>/). Crash inputs are written to build-fuzz/crashes/.
#   tests/fuzz/run.sh [SECONDS] [TARGET...]      e.g. tests/fuzz/run.sh 600 fuzz_scene
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(fuzz_scene fuzz_obj fuzz_plan)

CC=clang CXX=clang++ cmake -S . -B build-fuzz -DNAVLAB_FUZZ=ON -DNAVLAB_BUILD_APP=OFF -DNAVLAB_BUILD_TESTS=OFF \
  -DNAVLAB_BUILD_BENCH=OFF -DCMAKE_BUILD_TYPE=None -DCMAKE_CXX_FLAGS=-O1 >/dev/null
cmake --build build-fuzz -j "$(nproc 2>/dev/null || echo 2)" --target "${targets[@]}"

mkdir -p build-fuzz/crashes
status=0
for t in "${targets[@]}"; do
  mkdir -p "build-fuzz/corpus/$t"
  echo "navlab: fuzzing $t for ${seconds} s"
  # -timeout: one input taking longer than 10 s counts as a runaway; -rss_limit_mb: so does 2 GB.
  if ! UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 ./build-fuzz/tests/fuzz/"$t" -max_total_time="$seconds" \
      -timeout=10 -rss_limit_mb=2048 -max_len=65536 -artifact_prefix="build-fuzz/crashes/$t-" \
      "build-fuzz/corpus/$t" "tests/fuzz/$t" 2>"build-fuzz/$t.log"; then
    echo "navlab: $t failed; see build-fuzz/$t.log and build-fuzz/crashes/"
    status=1
  fi
  tail -n 2 "build-fuzz/$t.log"
done
exit $status
