/*===- nogpu.c - What a program linked with the runtime does without a GPU ===*\
|*                                                                            *|
|* The runtime dlopens libcuda, so the program starts anyway; the first GPU   *|
|* call prints "no CUDA GPU available (<reason>)" and exits with 77 (lit's    *|
|* UNSUPPORTED), after flushing what the program printed. tileRtHasGpu        *|
|* answers 0 without exiting, and tensor-map validation errors are reported   *|
|* (exit 3) before any CUDA call. TILE_CUDA_DRIVER points the runtime at a    *|
|* library that does not exist, so this holds on GPU machines too.            *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

// The executable has no link-time dependency on libcuda.
// RUN: llvm-readelf --needed-libs tile-runtime-nogpu-test | FileCheck %s --check-prefix=LIBS --implicit-check-not=libcuda
// LIBS: NeededLibraries [

// RUN: env TILE_CUDA_DRIVER=/nonexistent/libcuda.so.1 sh -c 'tile-runtime-nogpu-test poison; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=POISON
// POISON:      before poison
// POISON-NEXT: tile-runtime: no CUDA GPU available (/nonexistent/libcuda.so.1: cannot open shared object file: No such file or directory)
// POISON-NEXT: exit=77

// RUN: env TILE_CUDA_DRIVER=/nonexistent/libcuda.so.1 sh -c 'tile-runtime-nogpu-test module; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=MODULE
// MODULE:      before module
// MODULE-NEXT: tile-runtime: no CUDA GPU available ({{.*}})
// MODULE-NEXT: exit=77

// RUN: env TILE_CUDA_DRIVER=/nonexistent/libcuda.so.1 sh -c 'tile-runtime-nogpu-test alloc; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=ALLOC
// ALLOC:      before alloc
// ALLOC-NEXT: tile-runtime: no CUDA GPU available ({{.*}})
// ALLOC-NEXT: exit=77

// RUN: env TILE_CUDA_DRIVER=/nonexistent/libcuda.so.1 sh -c 'tile-runtime-nogpu-test has-gpu; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=HAS
// HAS:      has_gpu=0
// HAS-NEXT: has_cublas=0
// HAS-NEXT: exit=0

// RUN: env TILE_CUDA_DRIVER=/nonexistent/libcuda.so.1 sh -c 'tile-runtime-nogpu-test good-map; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=GOODMAP
// GOODMAP:      before good-map
// GOODMAP-NEXT: tile-runtime: no CUDA GPU available ({{.*}})
// GOODMAP-NEXT: exit=77

// RUN: env TILE_CUDA_DRIVER=/nonexistent/libcuda.so.1 sh -c 'tile-runtime-nogpu-test bad-map; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=BADMAP
// BADMAP:      checked: 1 TMA box dimension 0 is 300; it must be in [1, 256]
// BADMAP-NEXT: tile-runtime: tensor map rejected: TMA box dimension 0 is 300; it must be in [1, 256]
// BADMAP-NEXT: exit=3

// A GEMM operand with K = 0: a zero-byte allocation (NULL) of a [128, 0]
// tensor. The message names the empty dimension, not the NULL address.
// RUN: env TILE_CUDA_DRIVER=/nonexistent/libcuda.so.1 sh -c 'tile-runtime-nogpu-test empty-map; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=EMPTYMAP
// EMPTYMAP:      tile-runtime: tensor map rejected: global dimension 1 (innermost) of the 128x0 FLOAT16 tensor is 0: TMA cannot describe an empty tensor {{.*}}
// EMPTYMAP-NEXT: exit=3

// A header kernel launched in clusters of 2: a grid that is not a multiple
// of them is refused before any CUDA call; a good one then finds no GPU.
// RUN: env TILE_CUDA_DRIVER=/nonexistent/libcuda.so.1 sh -c 'tile-runtime-nogpu-test cluster-grid; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=CLUSTER
// CLUSTER:      bad grid: code 2: kernel clustered: grid (3, 1, 1) is not a multiple of its clusters (2, 1, 1)
// CLUSTER-NEXT: good grid: code 1: no CUDA GPU available {{.*}}
// CLUSTER-NEXT: exit=0

#define _POSIX_C_SOURCE 200809L

#include "tile-runtime/TestSupport.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Valid arguments for a [64, 64] f16 map with 128-byte rows.
static const int64_t kDims[2] = {64, 64};
static const int64_t kStrides[1] = {128};
static const int32_t kGoodBox[2] = {64, 64};
static const int32_t kBadBox[2] = {300, 64};
static _Alignas(128) unsigned char map[TILE_RT_TENSOR_MAP_BYTES];

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "";
  const void *fakeAddress = (const void *)(uintptr_t)0x10000;

  if (strcmp(mode, "stub") == 0) {
    // The CUDA toolkit's stub libcuda loads, but its cuInit fails.
    setenv("TILE_CUDA_DRIVER", TILE_CUDA_STUB, 1);
    mode = "poison";
  }
  if (strcmp(mode, "has-gpu") == 0) {
    printf("has_gpu=%d\n", tileRtHasGpu());
    printf("has_cublas=%d\n", tileRtHasCublas());
    return 0;
  }
  if (strcmp(mode, "bad-map") == 0) {
    char message[256];
    int rc = tileRtMakeTensorMapChecked(map, 6, 2, fakeAddress, kDims, kStrides,
                                        kBadBox, NULL, 0, 3, 0, 0, 0, message,
                                        sizeof(message));
    printf("checked: %d %s\n", rc, message);
    tileRtMakeTensorMap(map, 6, 2, fakeAddress, kDims, kStrides, kBadBox, NULL,
                        0, 3, 0, 0, 0);
    printf("unreachable\n");
    return 0;
  }

  if (strcmp(mode, "cluster-grid") == 0) {
    TileRtKernel kernel = {NULL, "clustered", {128, 1, 1}, 0,
                           NULL, {2, 1, 1}, 0};
    TileRtError error;
    int code = tileRtLaunchKernel(&kernel, 3, 1, 1, NULL, NULL, &error);
    printf("bad grid: code %d: %s\n", code, error.message);
    code = tileRtLaunchKernel(&kernel, 4, 1, 1, NULL, NULL, &error);
    printf("good grid: code %d: %s\n", code, error.message);
    return 0;
  }

  if (strcmp(mode, "empty-map") == 0) {
    static const int64_t kEmptyDims[2] = {128, 0};
    static const int64_t kEmptyStrides[1] = {0};
    tileRtMakeTensorMap(map, 6, 2, NULL, kEmptyDims, kEmptyStrides, kGoodBox,
                        NULL, 0, 3, 0, 0, 0);
    printf("unreachable\n");
    return 0;
  }

  // Each of these needs the GPU; the output must be flushed before the exit.
  printf("before %s\n", mode);
  if (strcmp(mode, "poison") == 0) {
    tileRtPoison((void *)(uintptr_t)0x1000, 16);
  } else if (strcmp(mode, "module") == 0) {
    static char blob[] = "not a cubin";
    mgpuModuleLoad(blob, sizeof(blob));
  } else if (strcmp(mode, "alloc") == 0) {
    mgpuMemAlloc(1024, NULL, false);
  } else if (strcmp(mode, "good-map") == 0) {
    tileRtMakeTensorMap(map, 6, 2, fakeAddress, kDims, kStrides, kGoodBox, NULL,
                        0, 3, 0, 0, 0);
  } else {
    fprintf(stderr, "unknown mode '%s'\n", mode);
    return 2;
  }
  printf("unreachable\n");
  return 0;
}
