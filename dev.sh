#!/usr/bin/env bash
# navlab's one entry point for people and CI.
#   ./dev.sh run    install what is missing, build, open the app on scenes/default.json
#                   (with no display: render it headless to out/default.png)
#   ./dev.sh test   install what is missing, build, run every test: a warnings-as-errors build,
#                   then the same suite built with AddressSanitizer + UndefinedBehaviorSanitizer, then
#                   each libFuzzer target for NAVLAB_FUZZ_SECONDS (default 15) under ASan + UBSan
#                   (as many targets at once as there are cores)
#   ./dev.sh build  install what is missing and build only
set -euo pipefail
cd "$(dirname "$0")"

PACKAGES=(g++ make cmake pkg-config libsdl2-dev libimgui-dev libstb-dev python3-glad librecast-dev
          nlohmann-json3-dev libassimp-dev libgtest-dev libgmock-dev libbenchmark-dev xvfb xauth libgl1-mesa-dri
          clang libclang-rt-14-dev lld clang-format libgif-dev xdotool)
JOBS=$(nproc 2>/dev/null || echo 2)

install_missing() {
  local missing=()
  for p in "${PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "navlab: installing ${missing[*]}"
  local sudo=()
  [ "$(id -u)" -eq 0 ] || sudo=(sudo)
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

build() {  # build DIR [cmake options...]
  local dir=$1; shift
  cmake -S . -B "$dir" -DNAVLAB_WERROR=ON "$@" >/dev/null
  cmake --build "$dir" -j "$JOBS"
}

# The app and test build: optimised as RelWithDebInfo but without debug information, which costs a
# third of the compile time (configure your own build directory for a debugger). clang builds it in
# about three quarters of g++'s time, warning-free under -Werror as g++ does (CMake's defaults, or
# CC=gcc CXX=g++ in a build directory of your own, give a g++ build).
# Both builds are unity builds (NAVLAB_UNITY: each library and each test folder compiles a batch of files
# at a time), which takes about a third off each.
FAST=(-DCMAKE_BUILD_TYPE=Release "-DCMAKE_CXX_FLAGS_RELEASE=-O2 -DNDEBUG" "-DCMAKE_C_FLAGS_RELEASE=-O2 -DNDEBUG"
      -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ -DNAVLAB_UNITY=ON)

# The sanitizer build: clang compiles it a third faster than g++ at -O0, and line tables are all the
# sanitizers' stack traces need (full debug information would double the compile time). The planner
# library, the app (whose tests start it again and again) and the tests with heavy oracles run at -O1:
# at -O0 two tests alone took nine minutes.
# The same build has the libFuzzer targets (NAVLAB_FUZZ: only the library gets their coverage
# instrumentation), so the short fuzz runs need no build of their own.
SANITIZE=(-DNAVLAB_SANITIZE=ON -DNAVLAB_BUILD_BENCH=OFF -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++
          -DCMAKE_BUILD_TYPE=None "-DCMAKE_CXX_FLAGS=-O0 -gline-tables-only" "-DCMAKE_C_FLAGS=-O0 -gline-tables-only"
          -DNAVLAB_CORE_FLAGS=-O1 -DNAVLAB_APP_FLAGS=-O1 -DNAVLAB_FUZZ=ON -DNAVLAB_UNITY=ON)

run_tests() {  # run_tests DIR
  xvfb-run -a -s "-screen 0 1280x800x24" ctest --test-dir "$1" --output-on-failure -j "$JOBS"
}

cmd=${1:-run}
case "$cmd" in
  build)
    install_missing
    build build "${FAST[@]}"
    ;;
  run)
    install_missing
    build build "${FAST[@]}"
    if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
      exec ./build/app/navlab scenes/default.json
    fi
    mkdir -p out
    xvfb-run -a -s "-screen 0 1280x800x24" ./build/app/navlab render scenes/default.json --out out/default.png
    echo "navlab: no display here; rendered scenes/default.json to $(pwd)/out/default.png"
    ;;
  test)
    install_missing
    build build "${FAST[@]}"
    run_tests build
    build build-asan "${SANITIZE[@]}"
    UBSAN_OPTIONS=print_stacktrace=1 run_tests build-asan
    NAVLAB_FUZZ_BUILD=build-asan NAVLAB_FUZZ_SEED=${NAVLAB_FUZZ_SEED:-1} tests/fuzz/run.sh "${NAVLAB_FUZZ_SECONDS:-15}"
    ;;
  *)
    echo "usage: ./dev.sh run|test|build" >&2
    exit 2
    ;;
esac
