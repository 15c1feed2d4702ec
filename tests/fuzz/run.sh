#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (ASan + UBSan) in build-fuzz/ and runs each for SECONDS
# (default 60), starting from the seed corpus in tests/fuzz/<target>/ (the seeds are not modified;
# new inputs go to BUILD/corpus/<target>/). Crash inputs are written to BUILD/crashes/.
#   tests/fuzz/run.sh [SECONDS] [TARGET...]      e.g. tests/fuzz/run.sh 600 fuzz_scene
# NAVLAB_FUZZ_BUILD names a build directory configured with NAVLAB_FUZZ=ON already (dev.sh test uses its
# sanitizer build, which has the targets): it is built as it is, not configured again.
# NAVLAB_FUZZ_SEED fixes libFuzzer's random seed (dev.sh test uses 1, so a CI run can be repeated);
# unset, each run explores differently. On a finding the log's stack and the input (base64) are printed.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(fuzz_scene fuzz_obj fuzz_plan fuzz_lesson fuzz_script fuzz_gltf fuzz_sidescroller)

build=${NAVLAB_FUZZ_BUILD:-build-fuzz}
if [ -z "${NAVLAB_FUZZ_BUILD:-}" ]; then
  CC=clang CXX=clang++ cmake -S . -B build-fuzz -DNAVLAB_FUZZ=ON -DNAVLAB_BUILD_APP=OFF -DNAVLAB_BUILD_TESTS=OFF \
    -DNAVLAB_BUILD_BENCH=OFF -DCMAKE_BUILD_TYPE=None -DCMAKE_CXX_FLAGS=-O1 >/dev/null
fi
cmake --build "$build" -j "$(nproc 2>/dev/null || echo 2)" --target "${targets[@]}"

mkdir -p "$build/crashes"

# fuzz TARGET: runs one target for SECONDS; its log is BUILD/TARGET.log.
fuzz() {
  local t=$1 timeout=10
  mkdir -p "$build/corpus/$t"
  # -timeout: one input taking longer than this counts as a runaway; -rss_limit_mb: so does 2 GB. An OBJ
  # may ask for the largest bake the limits allow (docs/limits.md: seconds each for the rasterising and
  # the watershed at their limits, more under the sanitizers), and a lesson may plan on a baked scene for
  # each of its slides (at most limits::kMaxLessonSlides), so fuzz_obj and fuzz_lesson get 30 s, the
  # others 10 s.
  case "$t" in fuzz_obj | fuzz_lesson) timeout=30 ;; esac
  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 "./$build/tests/fuzz/$t" -max_total_time="$seconds" \
    -seed="${NAVLAB_FUZZ_SEED:-0}" -timeout="$timeout" -rss_limit_mb=2048 -max_len=65536 -artifact_prefix="$build/crashes/$t-" \
    "$build/corpus/$t" "tests/fuzz/$t" 2>"$build/$t.log"
}

# report TARGET RC: what a reader of a CI log needs: on a finding its stack and the input to reproduce it.
report() {
  local t=$1 rc=$2
  if [ "$rc" -ne 0 ]; then
    echo "navlab: $t failed; see $build/$t.log and $build/crashes/"
    grep -E -A40 'ERROR: libFuzzer|ERROR: AddressSanitizer|runtime error|ALARM|Deadly signal' "$build/$t.log" |
      head -n 60 || true
    for f in "$build/crashes/$t"-*; do
      [ -f "$f" ] || continue
      echo "navlab: input $f ($(wc -c <"$f") bytes), base64 (reproduce: base64 -d > in; ./$build/tests/fuzz/$t in):"
      base64 -w 0 "$f" | head -c 200000
      echo
    done
  fi
  tail -n 2 "$build/$t.log"
}

# The targets run side by side, as many at once as there are cores (each fuzzer is one process on one
# core), and are reported in the order given.
jobs=$(nproc 2>/dev/null || echo 2)
status=0
declare -A pid
for ((i = 0; i < ${#targets[@]}; i += jobs)); do
  batch=("${targets[@]:i:jobs}")
  for t in "${batch[@]}"; do
    echo "navlab: fuzzing $t for ${seconds} s"
    fuzz "$t" &
    pid[$t]=$!
  done
  for t in "${batch[@]}"; do
    rc=0
    wait "${pid[$t]}" || rc=$?
    report "$t" "$rc"
    [ "$rc" -eq 0 ] || status=1
  done
done
exit $status
