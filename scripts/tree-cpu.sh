#!/bin/bash
# CPU of one command and everything it starts (Chromium's renderers, Vitest's workers, the lanes'
# servers), and nothing of any other process on the machine: the command runs in a cgroup of its
# own (cgroup v1 cpuacct, as root), whose counter every descendant adds to. On a machine shared by
# other engineers this is the figure to compare (docs/decisions/0006, fourteenth round): wall time
# and /proc/stat's busy time are mostly the neighbours', and /usr/bin/time misses processes that
# are not waited for (Chromium's renderers).
#
#   bash scripts/tree-cpu.sh nice npx vitest run --project e2e
#
# Prints one line at the end: the tree's CPU-seconds (cpuacct.usage), wall seconds, the machine's
# busy CPU-seconds over the same time and its load average.
set -u
root=/sys/fs/cgroup/cpuacct
if [ ! -w "$root" ]; then
  echo "tree-cpu: $root is not writable (needs root and cgroup v1's cpuacct); running without a figure" >&2
  exec "$@"
fi
group="$root/tree-cpu-$$"
mkdir "$group"
busy() { awk '/^cpu /{ print $2 + $3 + $4 + $7 + $8, $2 + $3 + $4 + $5 + $6 + $7 + $8 }' /proc/stat; }
start=$(date +%s.%N)
read -r busy0 all0 <<<"$(busy)"
bash -c 'echo $$ > "$1/cgroup.procs"; shift; exec "$@"' _ "$group" "$@"
status=$?
end=$(date +%s.%N)
read -r busy1 all1 <<<"$(busy)"
sleep 1 # a process still exiting adds its last ticks
awk -v used="$(cat "$group/cpuacct.usage")" \
  -v hz="$(getconf CLK_TCK)" -v start="$start" -v end="$end" -v b0="$busy0" -v b1="$busy1" -v a0="$all0" -v a1="$all1" -v avg="$(cut -d' ' -f1-3 /proc/loadavg)" -v status="$status" \
  'BEGIN { printf "tree-cpu: %.1f CPU-s in %.1f s wall; the machine %.0f of %.0f CPU-s busy; load %s; exit %d\n", used / 1e9, end - start, (b1 - b0) / hz, (a1 - a0) / hz, avg, status }' >&2
rmdir "$group" 2>/dev/null || echo "tree-cpu: $group still holds a process (left behind by the command)" >&2
exit "$status"
