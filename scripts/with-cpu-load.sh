#!/usr/bin/env bash
# Runs a command while two CPU-bound processes keep two cores busy, to show that the test suite
# passes on a loaded machine (issue 26: timed tests failed on a 2-core machine at load 3-13):
#
#   scripts/with-cpu-load.sh npm test
#   CPU_LOAD_PROCESSES=4 scripts/with-cpu-load.sh npx vitest run test/cli
#
# The busy loops are stopped however the command ends (exit, error, Ctrl-C), and the script exits
# with the command's own exit code.
set -uo pipefail
if [ $# -eq 0 ]; then
  echo "usage: scripts/with-cpu-load.sh COMMAND [ARGS...]" >&2
  exit 2
fi
count="${CPU_LOAD_PROCESSES:-2}"
pids=()
stop_load() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null; done
  pids=()
}
trap stop_load EXIT
trap 'stop_load; exit 130' INT
trap 'stop_load; exit 143' TERM
for _ in $(seq 1 "$count"); do
  node -e 'for (;;) {}' &
  pids+=("$!")
done
echo "with-cpu-load: $count busy processes (${pids[*]}) beside: $*" >&2
"$@"
status=$?
stop_load
echo "with-cpu-load: exit $status" >&2
exit "$status"
