/*===- gpu.c - The runtime on a real GPU ----------------------------------===*\
|*                                                                            *|
|* Exercises the mgpu* ABI and the tileRt* helpers the way compiled host      *|
|* programs do: PTX JIT-loaded through mgpuModuleLoadJIT (so the test needs   *|
|* no ptxas), launches with large dynamic shared memory and with clusters,    *|
|* streams, events, fills, poison, checks, cuBLAS reference GEMMs against the *|
|* host reference, timing and tensor-map encoding. The error modes check the  *|
|* messages for the failures users hit: too much shared memory, a faulting    *|
|* kernel, a hung kernel, a missing kernel, bad PTX.                          *|
|*                                                                            *|
|* Needs an sm_90 GPU. The binary is self-contained (libcuda and cuBLAS are   *|
|* dlopen-ed), so it can be built here and run on the GPU machine.            *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

// REQUIRES: cuda-gpu
// RUN: tile-runtime-gpu-test all 2>&1 | FileCheck %s --check-prefix=ALL
// RUN: sh -c 'tile-runtime-gpu-test smem-too-big; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=SMEM
// RUN: sh -c 'tile-runtime-gpu-test fault; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=FAULT
// RUN: env TILE_LAUNCH_BLOCKING=1 sh -c 'tile-runtime-gpu-test fault; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=BLOCKING
// RUN: env TILE_SYNC_TIMEOUT_S=2 sh -c 'tile-runtime-gpu-test hang; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=HANG
// RUN: env TILE_SYNC_TIMEOUT_S=1 sh -c 'tile-runtime-gpu-test hang-helper; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=HANG2
// RUN: sh -c 'tile-runtime-gpu-test bad-name; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=NAME
// RUN: sh -c 'tile-runtime-gpu-test bad-ptx; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=PTX
// RUN: sh -c 'tile-runtime-gpu-test cluster-grid; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=CLUSTER
// RUN: sh -c 'tile-runtime-gpu-test zero-grid; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: sh -c 'tile-runtime-gpu-test bad-map; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=BADMAP
// RUN: env TILE_DEVICE=99 sh -c 'tile-runtime-gpu-test all; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=DEVICE
// RUN: sh -c 'tile-runtime-gpu-test bad-device; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=DEVICE

// SMEM:      tile-runtime: kernel needs 307200 bytes of shared memory; the device allows {{[0-9]+}}
// SMEM-NEXT: tile-runtime: (kernel 'smem_reverse': 0 static + 307200 dynamic bytes)
// SMEM-NEXT: exit=3

// FAULT:      launched fault_kernel
// FAULT-NEXT: tile-runtime: cuStreamSynchronize failed: CUDA_ERROR_ILLEGAL_ADDRESS: an illegal memory access was encountered
// FAULT-NEXT: tile-runtime: last kernel launched: 'fault_kernel' (TILE_LAUNCH_BLOCKING=1 synchronizes after every launch)
// FAULT-NEXT: exit=3

// BLOCKING:      tile-runtime: cuStreamSynchronize (TILE_LAUNCH_BLOCKING) failed: CUDA_ERROR_ILLEGAL_ADDRESS: {{.*}}
// BLOCKING-NEXT: tile-runtime: last kernel launched: 'fault_kernel' {{.*}}
// BLOCKING-NEXT: exit=3

// HANG:      launched hang_kernel
// HANG-NEXT: tile-runtime: cuStreamSynchronize: the GPU did not finish within TILE_SYNC_TIMEOUT_S=2 s; last kernel launched: 'hang_kernel' (hung?)
// HANG-NEXT: exit=3

// HANG2:      launched hang_kernel
// HANG2-NEXT: tile-runtime: cuCtxSynchronize: the GPU did not finish within TILE_SYNC_TIMEOUT_S=1 s; last kernel launched: 'hang_kernel' (hung?)
// HANG2-NEXT: exit=3

// NAME:      tile-runtime: cuModuleGetFunction failed: CUDA_ERROR_NOT_FOUND: named symbol not found
// NAME-NEXT: tile-runtime: looking up kernel 'no_such_kernel'
// NAME-NEXT: exit=3

// PTX:      tile-runtime: cuModuleLoadDataEx failed: CUDA_ERROR_INVALID_PTX: {{.*}}
// PTX-NEXT: tile-runtime: JIT log:
// PTX:      exit=3

// CLUSTER:      tile-runtime: launch of kernel 'cluster_rank': grid 3x1x1 is not a multiple of cluster 2x1x1
// CLUSTER-NEXT: exit=3

// ZERO:      tile-runtime: launch of kernel 'fill_f32': grid dimension x is 0; it must be in [1, 4294967295]
// ZERO-NEXT: exit=3

// BADMAP:      tile-runtime: tensor map rejected: global stride of dimension 0 is 1000 bytes; TMA needs a multiple of 16
// BADMAP-NEXT: exit=3

// DEVICE:      tile-runtime: device 99 does not exist; this machine has {{[0-9]+}} CUDA device(s)
// DEVICE-NEXT: exit=3

#include "tile-runtime/TestSupport.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char kPtx[] =
    ".version 8.0\n"
    ".target sm_90\n"
    ".address_size 64\n"
    "\n"
    // p[i] = v for i < n.
    ".visible .entry fill_f32(.param .u64 p, .param .f32 v, .param .u32 n) {\n"
    "  .reg .pred %p<2>;\n"
    "  .reg .b32 %r<6>;\n"
    "  .reg .b64 %rd<4>;\n"
    "  .reg .f32 %f<2>;\n"
    "  ld.param.u64 %rd1, [p];\n"
    "  ld.param.f32 %f1, [v];\n"
    "  ld.param.u32 %r1, [n];\n"
    "  mov.u32 %r2, %ctaid.x;\n"
    "  mov.u32 %r3, %ntid.x;\n"
    "  mov.u32 %r4, %tid.x;\n"
    "  mad.lo.s32 %r5, %r2, %r3, %r4;\n"
    "  setp.ge.u32 %p1, %r5, %r1;\n"
    "  @%p1 bra DONE;\n"
    "  cvta.to.global.u64 %rd2, %rd1;\n"
    "  mul.wide.u32 %rd3, %r5, 4;\n"
    "  add.s64 %rd2, %rd2, %rd3;\n"
    "  st.global.f32 [%rd2], %f1;\n"
    "DONE:\n"
    "  ret;\n"
    "}\n"
    "\n"
    // Reverses tid through dynamic shared memory; thread 0 also stores
    // 12345 at byte `last` of it and copies it to out[ntid].
    ".extern .shared .align 16 .b8 dsmem[];\n"
    ".visible .entry smem_reverse(.param .u64 out, .param .u32 last) {\n"
    "  .reg .pred %p<2>;\n"
    "  .reg .b32 %r<10>;\n"
    "  .reg .b64 %rd<6>;\n"
    "  ld.param.u64 %rd1, [out];\n"
    "  ld.param.u32 %r9, [last];\n"
    "  mov.u32 %r1, %tid.x;\n"
    "  mov.u32 %r2, %ntid.x;\n"
    "  mov.u32 %r3, dsmem;\n"
    "  shl.b32 %r4, %r1, 2;\n"
    "  add.u32 %r5, %r3, %r4;\n"
    "  st.shared.u32 [%r5], %r1;\n"
    "  add.u32 %r8, %r3, %r9;\n"
    "  setp.eq.u32 %p1, %r1, 0;\n"
    "  @%p1 st.shared.u32 [%r8], 12345;\n"
    "  bar.sync 0;\n"
    "  sub.u32 %r6, %r2, %r1;\n"
    "  sub.u32 %r6, %r6, 1;\n"
    "  shl.b32 %r6, %r6, 2;\n"
    "  add.u32 %r6, %r3, %r6;\n"
    "  ld.shared.u32 %r7, [%r6];\n"
    "  cvta.to.global.u64 %rd2, %rd1;\n"
    "  mul.wide.u32 %rd3, %r1, 4;\n"
    "  add.s64 %rd4, %rd2, %rd3;\n"
    "  st.global.u32 [%rd4], %r7;\n"
    "  @%p1 ld.shared.u32 %r7, [%r8];\n"
    "  mul.wide.u32 %rd3, %r2, 4;\n"
    "  add.s64 %rd5, %rd2, %rd3;\n"
    "  @%p1 st.global.u32 [%rd5], %r7;\n"
    "  ret;\n"
    "}\n"
    "\n"
    // out[2 * ctaid] = cluster rank, out[2 * ctaid + 1] = cluster size.
    ".visible .entry cluster_rank(.param .u64 out) {\n"
    "  .reg .pred %p<2>;\n"
    "  .reg .b32 %r<6>;\n"
    "  .reg .b64 %rd<4>;\n"
    "  ld.param.u64 %rd1, [out];\n"
    "  mov.u32 %r1, %tid.x;\n"
    "  setp.ne.u32 %p1, %r1, 0;\n"
    "  @%p1 bra END;\n"
    "  mov.u32 %r2, %ctaid.x;\n"
    "  mov.u32 %r3, %cluster_ctarank;\n"
    "  mov.u32 %r4, %cluster_nctarank;\n"
    "  cvta.to.global.u64 %rd2, %rd1;\n"
    "  mul.wide.u32 %rd3, %r2, 8;\n"
    "  add.s64 %rd2, %rd2, %rd3;\n"
    "  st.global.u32 [%rd2], %r3;\n"
    "  st.global.u32 [%rd2+4], %r4;\n"
    "END:\n"
    "  ret;\n"
    "}\n"
    "\n"
    ".visible .entry fault_kernel() {\n"
    "  .reg .b32 %r<2>;\n"
    "  .reg .b64 %rd<2>;\n"
    "  mov.u64 %rd1, 8;\n"
    "  mov.u32 %r1, 1;\n"
    "  st.global.u32 [%rd1], %r1;\n"
    "  ret;\n"
    "}\n"
    "\n"
    ".visible .entry hang_kernel() {\n"
    "LOOP:\n"
    "  bra LOOP;\n"
    "}\n";

static void *module;

static void *kernel(const char *name) {
  if (!module)
    module = mgpuModuleLoadJIT(kPtx, 3);
  return mgpuModuleGetFunction(module, name);
}

static void launchFill(void *stream, float *dev, float value, uint32_t n) {
  void *params[3] = {&dev, &value, &n};
  mgpuLaunchKernel(kernel("fill_f32"), (n + 255) / 256, 1, 1, 256, 1, 1, 0,
                   stream, params, NULL, 3);
}

static void testLaunches(void *stream) {
  // ALL: has gpu: 1
  printf("has gpu: %d\n", tileRtHasGpu());

  // A kernel writing 1000 of 1024 poisoned floats: the tail stays poisoned.
  float *d = tileRtAlloc(1024 * 4);
  float *ref = tileRtAlloc(1024 * 4);
  tileRtPoison(d, 1024 * 4);
  launchFill(stream, d, 2.5f, 1000);
  mgpuStreamSynchronize(stream);
  tileRtFill(ref, 1000, TILE_RT_F32, 2.5);
  // ALL-NEXT: fill: rows=1 cols=1000 rel_err=0.000e+00 max_abs_err=0.000e+00 nonfinite=0 -> PASS
  // ALL-NEXT: fill tail: untouched=24/24 -> PASS
  tileRtCheck("fill", d, ref, 1000, TILE_RT_F32, 0);
  tileRtCheckFill("fill tail", d + 1000, 24, 1, 24, TILE_RT_F32, NAN);

  // 100 KiB of dynamic shared memory: needs the opt-in.
  uint32_t threads = 128, smem = 100 * 1024, last = smem - 4;
  uint32_t *out = tileRtAlloc((threads + 1) * 4);
  void *params[2] = {&out, &last};
  mgpuLaunchKernel(kernel("smem_reverse"), 1, 1, 1, threads, 1, 1,
                   (int32_t)smem, stream, params, NULL, 2);
  uint32_t host[129];
  tileRtCopyToHost(host, out, sizeof(host));
  int reversed = 1;
  for (uint32_t i = 0; i < threads; ++i)
    reversed &= host[i] == threads - 1 - i;
  // ALL-NEXT: smem 102400 bytes: reversed=1 last=12345
  printf("smem %u bytes: reversed=%d last=%u\n", smem, reversed, host[128]);

  // Clusters of 2 along x.
  uint32_t *ranks = tileRtAlloc(8 * 4);
  void *clusterParams[1] = {&ranks};
  mgpuLaunchClusterKernel(kernel("cluster_rank"), 2, 1, 1, 4, 1, 1, 32, 1, 1, 0,
                          stream, clusterParams, NULL, 1);
  uint32_t r[8];
  tileRtCopyToHost(r, ranks, sizeof(r));
  // ALL-NEXT: cluster ranks: 0/2 1/2 0/2 1/2
  printf("cluster ranks: %u/%u %u/%u %u/%u %u/%u\n", r[0], r[1], r[2], r[3],
         r[4], r[5], r[6], r[7]);

  // Events order a second stream after the first.
  void *other = mgpuStreamCreate();
  void *event = mgpuEventCreate();
  launchFill(stream, d, 7.0f, 1000);
  mgpuEventRecord(event, stream);
  mgpuStreamWaitEvent(other, event);
  launchFill(other, d, 8.0f, 500);
  mgpuEventSynchronize(event);
  mgpuStreamSynchronize(other);
  mgpuEventDestroy(event);
  mgpuStreamDestroy(other);
  tileRtFill(ref, 500, TILE_RT_F32, 8.0);
  tileRtFill(ref + 500, 500, TILE_RT_F32, 7.0);
  // ALL-NEXT: events: rows=1 cols=1000 rel_err=0.000e+00 max_abs_err=0.000e+00 nonfinite=0 -> PASS
  tileRtCheck("events", d, ref, 1000, TILE_RT_F32, 0);

  // mgpuMemset32/16 and mgpuMemcpy (device to host through unified
  // addressing).
  mgpuMemset32(d, 0x40490FDBu, 1000, stream); // pi
  uint16_t *h16 = tileRtAlloc(64 * 2);
  mgpuMemset16(h16, 0x3C00, 64, stream); // 1.0
  float back[1000];
  mgpuMemcpy(back, d, sizeof(back), stream);
  mgpuStreamSynchronize(stream);
  // ALL-NEXT: memset32: untouched=1000/1000 -> PASS
  // ALL-NEXT: memset16: untouched=64/64 -> PASS
  // ALL-NEXT: memcpy: 3.14159 3.14159
  tileRtCheckFill("memset32", d, 1000, 1, 1000, TILE_RT_F32,
                  (double)0x1.921fb6p+1f);
  tileRtCheckFill("memset16", h16, 64, 1, 64, TILE_RT_F16, 1.0);
  printf("memcpy: %g %g\n", back[0], back[999]);

  mgpuMemFree(h16, stream);
  mgpuMemFree(ranks, stream);
  mgpuMemFree(out, stream);
  tileRtFree(ref);
  tileRtFree(d);
}

static void testFills(void) {
  static const int32_t types[] = {
      TILE_RT_F32,    TILE_RT_F16,     TILE_RT_BF16, TILE_RT_F8E4M3,
      TILE_RT_F8E5M2, TILE_RT_FP4E2M1, TILE_RT_I8,   TILE_RT_I32,
      TILE_RT_F64,    TILE_RT_I16,     TILE_RT_I64};
  const int64_t count = 1001;
  for (size_t t = 0; t < sizeof(types) / sizeof(types[0]); ++t) {
    int32_t dtype = types[t];
    int64_t bytes = tileRtDTypeSizeBytes(dtype, count);
    void *dev = tileRtAlloc(bytes);
    unsigned char *want = malloc((size_t)bytes);
    unsigned char *got = malloc((size_t)bytes);
    tileRtRandomHost(want, count, dtype, 7);
    tileRtFillRandom(dev, count, dtype, 7);
    tileRtCopyToHost(got, dev, bytes);
    char label[64];
    snprintf(label, sizeof(label), "fill -3 %s", tileRtDTypeName(dtype));
    printf("random %s on device: %s\n", tileRtDTypeName(dtype),
           memcmp(want, got, (size_t)bytes) ? "differs" : "identical");
    tileRtFill(dev, count, dtype, -3.0);
    tileRtCheckFill(label, dev, count, 1, count, dtype, -3.0);
    free(want);
    free(got);
    tileRtFree(dev);
  }
  // ALL-NEXT: random f32 on device: identical
  // ALL-NEXT: fill -3 f32: untouched=1001/1001 -> PASS
  // ALL-NEXT: random f16 on device: identical
  // ALL-NEXT: fill -3 f16: untouched=1001/1001 -> PASS
  // ALL-NEXT: random bf16 on device: identical
  // ALL-NEXT: fill -3 bf16: untouched=1001/1001 -> PASS
  // ALL-NEXT: random f8e4m3 on device: identical
  // ALL-NEXT: fill -3 f8e4m3: untouched=1001/1001 -> PASS
  // ALL-NEXT: random f8e5m2 on device: identical
  // ALL-NEXT: fill -3 f8e5m2: untouched=1001/1001 -> PASS
  // ALL-NEXT: random fp4e2m1 on device: identical
  // ALL-NEXT: fill -3 fp4e2m1: untouched=1001/1001 -> PASS
  // ALL-NEXT: random i8 on device: identical
  // ALL-NEXT: fill -3 i8: untouched=1001/1001 -> PASS
  // ALL-NEXT: random i32 on device: identical
  // ALL-NEXT: fill -3 i32: untouched=1001/1001 -> PASS
  // ALL-NEXT: random f64 on device: identical
  // ALL-NEXT: fill -3 f64: untouched=1001/1001 -> PASS
  // ALL-NEXT: random i16 on device: identical
  // ALL-NEXT: fill -3 i16: untouched=1001/1001 -> PASS
  // ALL-NEXT: random i64 on device: identical
  // ALL-NEXT: fill -3 i64: untouched=1001/1001 -> PASS
}

// cuBLAS (or the widened-f32 path) against the host reference.
static void testGemm(int32_t inDtype, int32_t outDtype, int32_t bTransposed,
                     int withBias, double tolerance) {
  const int64_t M = 128, N = 96, K = 64;
  void *a = tileRtAlloc(tileRtDTypeSizeBytes(inDtype, M * K));
  void *b = tileRtAlloc(tileRtDTypeSizeBytes(inDtype, K * N));
  void *c = tileRtAlloc(tileRtDTypeSizeBytes(outDtype, M * N));
  float *bias = withBias ? tileRtAlloc(M * N * 4) : NULL;
  tileRtFillRandom(a, M * K, inDtype, 11);
  tileRtFillRandom(b, K * N, inDtype, 12);
  if (bias)
    tileRtFillRandom(bias, M * N, TILE_RT_F32, 13);
  tileRtPoison(c, tileRtDTypeSizeBytes(outDtype, M * N));
  tileRtReferenceGemm(a, b, c, M, N, K, inDtype, outDtype, bTransposed, bias);

  float *ha = malloc(sizeof(float) * M * K),
        *hb = malloc(sizeof(float) * K * N);
  float *hbias = malloc(sizeof(float) * M * N),
        *hc = malloc(sizeof(float) * M * N);
  void *raw = malloc((size_t)tileRtDTypeSizeBytes(inDtype, M * K + K * N));
  tileRtCopyToHost(raw, a, tileRtDTypeSizeBytes(inDtype, M * K));
  tileRtConvertToF32(ha, raw, M * K, inDtype);
  tileRtCopyToHost(raw, b, tileRtDTypeSizeBytes(inDtype, K * N));
  tileRtConvertToF32(hb, raw, K * N, inDtype);
  if (bias)
    tileRtCopyToHost(hbias, bias, M * N * 4);
  tileRtReferenceGemmHost(ha, hb, hc, M, N, K, bTransposed,
                          bias ? hbias : NULL);
  float *expected = tileRtAlloc(M * N * 4);
  tileRtCopyToDevice(expected, hc, M * N * 4);
  char name[96];
  snprintf(name, sizeof(name), "gemm %s->%s%s%s", tileRtDTypeName(inDtype),
           tileRtDTypeName(outDtype), bTransposed ? " bT" : "",
           withBias ? " +bias" : "");
  tileRtCheck2DMixed(name, c, N, outDtype, expected, N, TILE_RT_F32, M, N,
                     tolerance);
  free(ha);
  free(hb);
  free(hbias);
  free(hc);
  free(raw);
  tileRtFree(a);
  tileRtFree(b);
  tileRtFree(c);
  tileRtFree(bias);
  tileRtFree(expected);
}

static void testTensorMaps(void) {
  void *dev = tileRtAlloc(256 * 512 * 2);
  int64_t dims[2] = {256, 512}, strides[1] = {1024};
  int32_t box[2] = {64, 64};
  static _Alignas(128) unsigned char aligned[128];
  unsigned char unalignedStorage[128 + 64];
  char message[256] = "";
  int rc =
      tileRtMakeTensorMapChecked(aligned, 6, 2, dev, dims, strides, box, NULL,
                                 0, 3, 0, 0, 0, message, sizeof(message));
  // ALL: tensor map: rc=0
  // ALL-NEXT: tensor map at odd address: identical
  printf("tensor map: rc=%d%s\n", rc, message);
  tileRtMakeTensorMap(unalignedStorage + 8, 6, 2, dev, dims, strides, box, NULL,
                      0, 3, 0, 0, 0);
  printf("tensor map at odd address: %s\n",
         memcmp(aligned, unalignedStorage + 8, 128) ? "differs" : "identical");
  tileRtFree(dev);
}

static int runAll(void) {
  void *stream = mgpuStreamCreate();
  mgpuSetDefaultDevice(0); // The device in use: nothing changes.
  testLaunches(stream);
  testFills();
  testTensorMaps();

  // ALL: gemm f32->f32: rows=128 cols=96 {{.*}} -> PASS
  // ALL-NEXT: gemm f16->f32: rows=128 cols=96 {{.*}} -> PASS
  // ALL-NEXT: gemm f16->f32 bT: rows=128 cols=96 {{.*}} -> PASS
  // ALL-NEXT: gemm bf16->bf16 bT +bias: rows=128 cols=96 {{.*}} -> PASS
  // ALL-NEXT: gemm f16->f16: rows=128 cols=96 {{.*}} -> PASS
  // ALL-NEXT: gemm f8e4m3->f32 bT: rows=128 cols=96 {{.*}} -> PASS
  // ALL-NEXT: gemm fp4e2m1->f32: rows=128 cols=96 {{.*}} -> PASS
  // ALL-NEXT: gemm i8->i32: rows=128 cols=96 rel_err=0.000e+00 {{.*}} -> PASS
  testGemm(TILE_RT_F32, TILE_RT_F32, 0, 0, 1e-5);
  testGemm(TILE_RT_F16, TILE_RT_F32, 0, 0, 1e-5);
  testGemm(TILE_RT_F16, TILE_RT_F32, 1, 0, 1e-5);
  testGemm(TILE_RT_BF16, TILE_RT_BF16, 1, 1, 1e-2);
  testGemm(TILE_RT_F16, TILE_RT_F16, 0, 0, 1e-3);
  testGemm(TILE_RT_F8E4M3, TILE_RT_F32, 1, 0, 1e-5);
  testGemm(TILE_RT_FP4E2M1, TILE_RT_F32, 0, 0, 1e-5);
  testGemm(TILE_RT_I8, TILE_RT_I32, 0, 0, 0);

  // A timed launch is positive; cuBLAS timing is reported, not checked.
  float *big = tileRtAlloc((int64_t)1 << 26);
  void *timer = tileRtTimerStart();
  launchFill(stream, big, 1.0f, 1u << 24);
  mgpuStreamSynchronize(stream);
  double ms = tileRtTimerStopMs(timer);
  // ALL: timer positive: 1
  printf("timer positive: %d\n", ms > 0);
  tileRtFree(big);
  // ALL-NEXT: cublas: available=1 timed=1
  // ALL-NEXT: cublas f16 4096^3: {{[0-9.]+}} ms, {{[0-9.]+}} TFLOP/s
  double cublasMs = tileRtCublasGemmTimeMs(4096, 4096, 4096, TILE_RT_F16, 10);
  printf("cublas: available=%d timed=%d\n", tileRtHasCublas(), cublasMs > 0);
  printf("cublas f16 4096^3: %.3f ms, %.1f TFLOP/s\n", cublasMs,
         2.0 * 4096.0 * 4096.0 * 4096.0 / (cublasMs * 1e9));
  // The interleaving benches' baselines: a sample each; NULL (a sample of
  // -1) for what the library cannot run (cuBLAS's GEMM takes no e4m3).
  // ALL-NEXT: baselines: cublas=1 cublaslt-e4m3=1 cublas-e4m3=-1
  TileRtGemmBaseline *blas =
      tileRtCublasGemmBaseline(512, 256, 128, TILE_RT_BF16, TILE_RT_BF16, 1);
  TileRtGemmBaseline *lt =
      tileRtCublasLtFp8GemmBaseline(512, 256, 128, TILE_RT_BF16);
  TileRtGemmBaseline *none =
      tileRtCublasGemmBaseline(512, 256, 128, TILE_RT_F8E4M3, TILE_RT_F32, 1);
  printf("baselines: cublas=%d cublaslt-e4m3=%d cublas-e4m3=%.0f\n",
         tileRtGemmBaselineSampleMs(blas) > 0,
         tileRtGemmBaselineSampleMs(lt) > 0, tileRtGemmBaselineSampleMs(none));
  tileRtGemmBaselineFree(blas);
  tileRtGemmBaselineFree(lt);
  tileRtGemmBaselineFree(none);

  mgpuStreamDestroy(stream);
  mgpuModuleUnload(module);
  tileRtSynchronize();
  // ALL: exit status: 0
  printf("exit status: %d\n", tileRtExitStatus());
  return tileRtExitStatus();
}

int main(int argc, char **argv) {
  // Line-buffered, so that stdout and the runtime's stderr interleave in
  // order when both go to one pipe.
  setvbuf(stdout, NULL, _IOLBF, 0);
  const char *mode = argc > 1 ? argv[1] : "all";
  if (!strcmp(mode, "all"))
    return runAll();

  void *stream = mgpuStreamCreate();
  if (!strcmp(mode, "smem-too-big")) {
    uint32_t *out = tileRtAlloc(1024);
    uint32_t last = 0;
    void *params[2] = {&out, &last};
    mgpuLaunchKernel(kernel("smem_reverse"), 1, 1, 1, 32, 1, 1, 300 * 1024,
                     stream, params, NULL, 2);
  } else if (!strcmp(mode, "fault") || !strcmp(mode, "hang")) {
    const char *name = !strcmp(mode, "fault") ? "fault_kernel" : "hang_kernel";
    mgpuLaunchKernel(kernel(name), 1, 1, 1, 1, 1, 1, 0, stream, NULL, NULL, 0);
    printf("launched %s\n", name);
    mgpuStreamSynchronize(stream);
  } else if (!strcmp(mode, "hang-helper")) {
    // The helpers wait for kernels on any stream mgpuStreamCreate made.
    mgpuLaunchKernel(kernel("hang_kernel"), 1, 1, 1, 1, 1, 1, 0, stream, NULL,
                     NULL, 0);
    printf("launched hang_kernel\n");
    float host[4];
    void *dev = tileRtAlloc(sizeof(host));
    tileRtCopyToHost(host, dev, sizeof(host));
  } else if (!strcmp(mode, "bad-name")) {
    kernel("no_such_kernel");
  } else if (!strcmp(mode, "bad-ptx")) {
    static char bad[] = ".version 8.0\n.target sm_90\n.address_size 64\n"
                        ".visible .entry k() { bogus; }\n";
    mgpuModuleLoadJIT(bad, 2);
  } else if (!strcmp(mode, "cluster-grid")) {
    mgpuLaunchClusterKernel(kernel("cluster_rank"), 2, 1, 1, 3, 1, 1, 32, 1, 1,
                            0, stream, NULL, NULL, 0);
  } else if (!strcmp(mode, "zero-grid")) {
    mgpuLaunchKernel(kernel("fill_f32"), 0, 1, 1, 32, 1, 1, 0, stream, NULL,
                     NULL, 0);
  } else if (!strcmp(mode, "bad-device")) {
    mgpuSetDefaultDevice(99);
  } else if (!strcmp(mode, "bad-map")) {
    void *dev = tileRtAlloc(4096);
    int64_t dims[2] = {4, 500}, strides[1] = {1000};
    int32_t box[2] = {4, 8};
    unsigned char map[128];
    tileRtMakeTensorMap(map, 6, 2, dev, dims, strides, box, NULL, 0, 0, 0, 0, 0);
  } else {
    fprintf(stderr, "unknown mode '%s'\n", mode);
    return 2;
  }
  printf("unreachable\n");
  return 0;
}
