#!/bin/sh
# Runs `node "$@"` with the settings the product applies to the processes that search (docs/pdb.md,
# "Settings the product applies"): glibc.malloc.hugetlb=1 added to GLIBC_TUNABLES, so glibc asks the
# kernel for transparent huge pages on its large allocations (the pattern databases, the transposition
# table): fewer TLB misses in the memory-bound search. glibc reads its tunables once, when a process
# starts, hence a launcher; `exec` keeps one process (same pid, signals, stdin/stdout, exit status).
#   PUZZLE_HUGEPAGES=0   opt out (also: false, off, no)
#   GLIBC_TUNABLES       one's own tunables are kept; a glibc.malloc.hugetlb given there wins
#   PUZZLE_NODE          the node binary (default: node from PATH)
# src/tuned-environment.ts applies the same rule to the processes the API spawns.
case "${PUZZLE_HUGEPAGES:-1}" in
  0 | false | off | no) ;;
  *)
    case ":${GLIBC_TUNABLES:-}:" in
      *:glibc.malloc.hugetlb=*) ;;
      *) GLIBC_TUNABLES="${GLIBC_TUNABLES:+$GLIBC_TUNABLES:}glibc.malloc.hugetlb=1" && export GLIBC_TUNABLES ;;
    esac
    ;;
esac
exec "${PUZZLE_NODE:-node}" "$@"
