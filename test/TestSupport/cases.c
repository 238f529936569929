/*===- cases.c - One process per case, and the quick-run switches ---------===*\
|*                                                                            *|
|* tileRtIsolatedCase runs each case in a child (the program again, with      *|
|* TILE_CASE=k), so one that faults or hangs cannot stop the others, and      *|
|* names each outcome: here the cases stand in for a pass, a failed check, a  *|
|* CUDA fault, TileMLIR's device-side rejection, a hang and a crash. Also     *|
|* tileRtTimingEnabled / tileRtProblemEnabled / tileRtSelected (TILE_TIMING,  *|
|* TILE_MAX_PROBLEM, TILE_ONLY: the GPU bundle's quick runs, focused bench    *|
|* runs). No GPU needed.                                                      *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

// RUN: env TILE_CASE_TIMEOUT_S=2 tile-runtime-cases-test | FileCheck %s --match-full-lines
// RUN: env TILE_CASE=1 tile-runtime-cases-test; test $? = 1
// RUN: env TILE_CASE=9 not tile-runtime-cases-test 2>&1 | FileCheck %s --check-prefix=RANGE
// RANGE: tile-runtime: TILE_CASE=9: this program has cases 0 to 5
// RUN: tile-runtime-cases-test switches | FileCheck %s --check-prefix=DEFAULT
// DEFAULT: timing=1 small=1 large=1 row=1
// RUN: env TILE_TIMING=0 TILE_MAX_PROBLEM=67108864 tile-runtime-cases-test switches | FileCheck %s --check-prefix=QUICK
// QUICK: gemm 1024x1024x1024: skipped (1.07e+09 multiply-adds > TILE_MAX_PROBLEM=67108864)
// QUICK-NEXT: timing=0 small=1 large=0 row=1
// RUN: env TILE_ONLY=nothing,x1024x1024 tile-runtime-cases-test switches | FileCheck %s --check-prefix=ONLY
// ONLY: timing=1 small=0 large=1 row=0
// RUN: env "TILE_ONLY=256x256,d128 r B=4" tile-runtime-cases-test switches | FileCheck %s --check-prefix=ROW
// ROW: timing=1 small=1 large=0 row=1
// RUN: env TILE_ONLY=gemm,, tile-runtime-cases-test switches | FileCheck %s --check-prefix=GEMMS
// GEMMS: timing=1 small=1 large=1 row=0
// A persistent grid's list schedule: 8 tasks of decreasing cost over 3
// workers, each to the least-loaded (loads 5 4 3, then 5 4 6, 5 6 6, 7 6 6,
// 7 7 6); round-major table after the counts, -1 past a worker's count.
// RUN: tile-runtime-cases-test schedule | FileCheck %s --check-prefix=SCHED
// SCHED: rounds=3 counts=2,3,3 w0=0,5,-1 w1=1,4,6 w2=2,3,7 unset=0
// One worker takes every task (and the kernel's read one round ahead of its
// last lands in the extra round); no tasks: every count 0, both rounds -1;
// more workers than tasks: one each, in order, the rest idle.
// RUN: tile-runtime-cases-test schedule-edges | FileCheck %s --check-prefix=EDGES
// EDGES: one worker: rounds=3 table=3,7,8,9,-1
// EDGES-NEXT: no tasks: rounds=0 table=0,0,-1,-1
// EDGES-NEXT: idle workers: rounds=1 table=1,1,0,0,4,9,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1
// RUN: not tile-runtime-cases-test schedule-zero 2>&1 | FileCheck %s --check-prefix=ZERO
// ZERO: tile-runtime: tileRtListSchedule: task 1 costs 0; costs must be positive

#define _POSIX_C_SOURCE 200809L

#include "tile-runtime/TestSupport.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static const char kLabels[] = "passes\nfails its check\nfaults\n"
                              "is rejected\nhangs\ncrashes";

// CHECK:      case 0 passes: start
// CHECK-NEXT:   | case 0 ran
// CHECK-NEXT: case 0 passes: PASS
// CHECK-NEXT: case 1 fails its check: start
// CHECK-NEXT:   | case 1 ran
// CHECK-NEXT: case 1 fails its check: WRONG
// CHECK-NEXT: case 2 faults: start
// CHECK-NEXT:   | case 2 ran
// CHECK-NEXT:   | tile-runtime: cuCtxSynchronize failed: CUDA_ERROR_ILLEGAL_INSTRUCTION: an illegal instruction was encountered
// CHECK-NEXT: case 2 faults: FAULT CUDA_ERROR_ILLEGAL_INSTRUCTION
// CHECK-NEXT: case 3 is rejected: start
// CHECK-NEXT:   | case 3 ran
// CHECK-NEXT:   | tile: tma.async_store in kernel k at x.mlir:1:1: innermost coordinate 3; ...
// CHECK-NEXT:   | tile-runtime: cuCtxSynchronize failed: CUDA_ERROR_LAUNCH_FAILED: unspecified launch failure
// CHECK-NEXT: case 3 is rejected: REJECTED
// CHECK-NEXT: case 4 hangs: start
// CHECK-NEXT:   | case 4 ran
// CHECK-NEXT: case 4 hangs: HANG (killed after the timeout)
// CHECK-NEXT: case 5 crashes: start
// CHECK-NEXT:   | case 5 ran
// CHECK-NEXT: case 5 crashes: CRASH (signal 11)
// CHECK-NEXT: isolated cases: 6 run, 1 PASS, 5 other
// CHECK-NEXT: parent done

/// Prints tileRtListSchedule's result and whole table, each task entry as
/// the task's cost (distinct costs name the tasks).
static void printEdgeSchedule(const char *name, const int32_t *costs,
                              int32_t tasks, int32_t workers) {
  int32_t table[64];
  int32_t rounds = tileRtListSchedule(costs, tasks, workers, table);
  printf("%s: rounds=%d table=", name, rounds);
  for (int32_t i = 0; i < workers * (tasks + 2); ++i) {
    int32_t v = table[i];
    printf("%s%d", i ? "," : "", i >= workers && v >= 0 ? costs[v] : v);
  }
  printf("\n");
}

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "switches") == 0) {
    int32_t small = tileRtProblemEnabled("gemm", 256, 256, 64);
    int32_t large = tileRtProblemEnabled("gemm", 1024, 1024, 1024);
    // An attention bench row's label (tileRtSelected, any label).
    int32_t row = tileRtSelected("attention bf16 d128 r B=4 H=16 S=4096 "
                                 "D=128 causal=1");
    printf("timing=%d small=%d large=%d row=%d\n", tileRtTimingEnabled(), small,
           large, row);
    return 0;
  }
  if (argc > 1 && strcmp(argv[1], "schedule") == 0) {
    const int32_t costs[8] = {5, 4, 3, 3, 2, 2, 1, 1};
    int32_t table[3 * 10];
    int32_t rounds = tileRtListSchedule(costs, 8, 3, table);
    printf("rounds=%d counts=%d,%d,%d", rounds, table[0], table[1], table[2]);
    for (int w = 0; w < 3; ++w)
      printf(" w%d=%d,%d,%d", w, table[3 + w], table[6 + w], table[9 + w]);
    int32_t unset = 0; // Rounds 3 .. 8 (tasks) and the extra one: all -1.
    for (int i = 12; i < 30; ++i)
      unset += table[i] != -1;
    printf(" unset=%d", unset);
    printf("\n");
    return 0;
  }
  if (argc > 1 && strcmp(argv[1], "schedule-edges") == 0) {
    const int32_t costs[3] = {7, 8, 9};
    printEdgeSchedule("one worker", costs, 3, 1);
    printEdgeSchedule("no tasks", NULL, 0, 2);
    const int32_t two[2] = {4, 9};
    printEdgeSchedule("idle workers", two, 2, 4);
    return 0;
  }
  if (argc > 1 && strcmp(argv[1], "schedule-zero") == 0) {
    const int32_t costs[2] = {1, 0};
    int32_t table[2 * 4];
    tileRtListSchedule(costs, 2, 2, table);
    return 0;
  }
  int32_t k = tileRtIsolatedCase(6, kLabels);
  if (k < 0) {
    printf("parent done\n");
    return 0;
  }
  printf("case %d ran\n", k);
  switch (k) {
  case 0:
    return 0;
  case 1:
    return 1;
  case 2:
    fprintf(stderr, "tile-runtime: cuCtxSynchronize failed: "
                    "CUDA_ERROR_ILLEGAL_INSTRUCTION: an illegal instruction "
                    "was encountered\n");
    return 3;
  case 3:
    printf("tile: tma.async_store in kernel k at x.mlir:1:1: innermost "
           "coordinate 3; ...\n");
    fprintf(stderr, "tile-runtime: cuCtxSynchronize failed: "
                    "CUDA_ERROR_LAUNCH_FAILED: unspecified launch failure\n");
    return 3;
  case 4:
    for (;;)
      pause();
  default:
    // The default action, not a sanitizer's handler: under ASan
    // (check-sanitize) that one would report and abort, signal 6.
    signal(SIGSEGV, SIG_DFL);
    raise(SIGSEGV);
    return 0;
  }
}
