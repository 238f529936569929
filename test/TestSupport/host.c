/*===- host.c - Seeded random values, verdicts and reference GEMM ---------===*\
|*                                                                            *|
|* The host halves of the runtime's helpers: tileRtRandomHost (what           *|
|* tileRtFillRandom uploads) is deterministic, in range and never zero; the   *|
|* verdict lines of tileRtCheckHost2D / tileRtCheckFillHost; the host         *|
|* reference GEMM; the median. No GPU needed.                                 *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

// RUN: tile-runtime-host-test | FileCheck %s --match-full-lines

#include "tile-runtime/TestSupport.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { kCount = 4097 }; // Odd: exercises the last packed fp4 byte.

static void checkRandom(int32_t dtype, double lo, double hi) {
  int64_t bytes = tileRtDTypeSizeBytes(dtype, kCount);
  unsigned char *a = malloc((size_t)bytes);
  unsigned char *b = malloc((size_t)bytes);
  unsigned char *c = malloc((size_t)bytes);
  tileRtRandomHost(a, kCount, dtype, 42);
  tileRtRandomHost(b, kCount, dtype, 42);
  tileRtRandomHost(c, kCount, dtype, 43);
  int64_t zeros = 0, outside = 0, negatives = 0, distinctFromSeed43 = 0;
  for (int64_t i = 0; i < kCount; ++i) {
    float all[1], vc;
    // Read element i through the public converter.
    if (dtype == TILE_RT_FP4E2M1) {
      unsigned char nibble = (unsigned char)((a[i / 2] >> (4 * (i % 2))) & 0xF);
      tileRtConvertToF32(all, &nibble, 1, dtype);
      unsigned char other = (unsigned char)((c[i / 2] >> (4 * (i % 2))) & 0xF);
      tileRtConvertToF32(&vc, &other, 1, dtype);
    } else {
      int64_t size = tileRtDTypeSizeBytes(dtype, 1);
      tileRtConvertToF32(all, a + i * size, 1, dtype);
      tileRtConvertToF32(&vc, c + i * size, 1, dtype);
    }
    double v = all[0];
    zeros += v == 0.0;
    outside += !(v >= lo && v < hi);
    negatives += v < 0;
    distinctFromSeed43 += v != vc;
  }
  printf("%s: same seed identical=%s zeros=%lld outside=%lld "
         "negatives>30%%=%s other seed differs>50%%=%s\n",
         tileRtDTypeName(dtype), memcmp(a, b, (size_t)bytes) ? "no" : "yes",
         (long long)zeros, (long long)outside,
         negatives > kCount * 3 / 10 ? "yes" : "no",
         distinctFromSeed43 > kCount / 2 ? "yes" : "no");
  free(a);
  free(b);
  free(c);
}

// The threaded host reference against one plain loop.
static void checkThreadedGemm(void) {
  enum { M = 264, N = 250, K = 509 };
  float *a = malloc(sizeof(float) * M * K), *b = malloc(sizeof(float) * K * N);
  float *bT = malloc(sizeof(float) * N * K), *bias = malloc(sizeof(float) * M * N);
  float *c = malloc(sizeof(float) * M * N), *cT = malloc(sizeof(float) * M * N);
  for (int i = 0; i < M * K; ++i)
    a[i] = (float)(i % 7 - 3);
  for (int k = 0; k < K; ++k)
    for (int j = 0; j < N; ++j)
      bT[j * K + k] = b[k * N + j] = (float)((k * 5 + j) % 9 - 4);
  for (int i = 0; i < M * N; ++i)
    bias[i] = (float)(i % 11);
  tileRtReferenceGemmHost(a, b, c, M, N, K, 0, bias);
  tileRtReferenceGemmHost(a, bT, cT, M, N, K, 1, bias);
  int bad = 0, badT = 0;
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      double sum = bias[i * N + j];
      for (int k = 0; k < K; ++k)
        sum += (double)a[i * K + k] * b[k * N + j];
      bad += c[i * N + j] != (float)sum;
      badT += cT[i * N + j] != (float)sum;
    }
  printf("threaded gemm: %d mismatches of %d, %d of %d\n", bad, M * N, badT,
         M * N);
  free(a), free(b), free(bT), free(bias), free(c), free(cT);
}

int main(void) {
  // CHECK: f32: same seed identical=yes zeros=0 outside=0 negatives>30%=yes other seed differs>50%=yes
  // CHECK-NEXT: f16: same seed identical=yes zeros=0 outside=0 negatives>30%=yes other seed differs>50%=yes
  // CHECK-NEXT: bf16: same seed identical=yes zeros=0 outside=0 negatives>30%=yes other seed differs>50%=yes
  // CHECK-NEXT: f8e4m3: same seed identical=yes zeros=0 outside=0 negatives>30%=yes other seed differs>50%=yes
  // CHECK-NEXT: f8e5m2: same seed identical=yes zeros=0 outside=0 negatives>30%=yes other seed differs>50%=yes
  // CHECK-NEXT: fp4e2m1: same seed identical=yes zeros=0 outside=0 negatives>30%=yes other seed differs>50%=yes
  // CHECK-NEXT: i8: same seed identical=yes zeros=0 outside=0 negatives>30%=yes other seed differs>50%=yes
  // CHECK-NEXT: i32: same seed identical=yes zeros=0 outside=0 negatives>30%=yes other seed differs>50%=yes
  // CHECK-NEXT: f64: same seed identical=yes zeros=0 outside=0 negatives>30%=yes other seed differs>50%=yes
  // CHECK-NEXT: i16: same seed identical=yes zeros=0 outside=0 negatives>30%=yes other seed differs>50%=yes
  // CHECK-NEXT: i64: same seed identical=yes zeros=0 outside=0 negatives>30%=yes other seed differs>50%=yes
  checkRandom(TILE_RT_F32, -1, 1);
  checkRandom(TILE_RT_F16, -1, 1);
  checkRandom(TILE_RT_BF16, -1, 1);
  checkRandom(TILE_RT_F8E4M3, -1, 1);
  checkRandom(TILE_RT_F8E5M2, -1, 1);
  checkRandom(TILE_RT_FP4E2M1, -6, 6.5);
  checkRandom(TILE_RT_I8, -8, 8);
  checkRandom(TILE_RT_I32, -8, 8);
  checkRandom(TILE_RT_F64, -1, 1);
  checkRandom(TILE_RT_I16, -8, 8);
  checkRandom(TILE_RT_I64, -8, 8);

  // The generator's stream is part of the contract (tests on the GPU machine
  // compare against values computed elsewhere): pin the first values
  // (checked against an independent xoshiro256** / splitmix64).
  // CHECK-NEXT: seed 1 f32: 0.405844 0.0408732 0.148211 -0.217343
  // CHECK-NEXT: seed 1 f16 bits: 0x367e 0x293b 0x30be 0xb2f4
  float first[4];
  tileRtRandomHost(first, 4, TILE_RT_F32, 1);
  printf("seed 1 f32: %g %g %g %g\n", first[0], first[1], first[2], first[3]);
  uint16_t half[4];
  tileRtRandomHost(half, 4, TILE_RT_F16, 1);
  printf("seed 1 f16 bits: 0x%04x 0x%04x 0x%04x 0x%04x\n", half[0], half[1],
         half[2], half[3]);

  // Verdicts.
  float expected[6] = {1, 2, 3, 4, 5, 6};
  float close[6] = {1, 2, 3, 4, 5, 6.001f};
  float far[6] = {1, 2, 3, 4, 5, 60};
  float poisoned[6] = {1, 2, 3, 4, 5, NAN};
  float zeros[6] = {0};
  // CHECK-NEXT: exact: rows=2 cols=3 rel_err=0.000e+00 max_abs_err=0.000e+00 nonfinite=0 -> PASS
  // CHECK-NEXT: close: rows=2 cols=3 rel_err=1.048e-04 max_abs_err=9.999e-04 nonfinite=0 -> PASS
  // CHECK-NEXT: far: rows=2 cols=3 rel_err=5.661e+00 max_abs_err=5.400e+01 nonfinite=0 -> FAIL
  // CHECK-NEXT: poisoned: rows=2 cols=3 rel_err=0.000e+00 max_abs_err=0.000e+00 nonfinite=1 -> FAIL
  // CHECK-NEXT: zeros: rows=2 cols=3 rel_err=0.000e+00 max_abs_err=0.000e+00 nonfinite=0 -> PASS
  // CHECK-NEXT: nonzero vs zeros: rows=2 cols=3 rel_err=inf max_abs_err=6.000e+00 nonfinite=0 -> FAIL
  // CHECK-NEXT: returns 0 1 1
  int r0 = tileRtCheckHost2D("exact", expected, 3, TILE_RT_F32, expected, 3,
                             TILE_RT_F32, 2, 3, 1e-3);
  tileRtCheckHost2D("close", close, 3, TILE_RT_F32, expected, 3, TILE_RT_F32, 2,
                    3, 1e-3);
  int r1 = tileRtCheckHost2D("far", far, 3, TILE_RT_F32, expected, 3,
                             TILE_RT_F32, 2, 3, 1e-3);
  int r2 = tileRtCheckHost2D("poisoned", poisoned, 3, TILE_RT_F32, expected, 3,
                             TILE_RT_F32, 2, 3, 1e-3);
  tileRtCheckHost2D("zeros", zeros, 3, TILE_RT_F32, zeros, 3, TILE_RT_F32, 2, 3,
                    1e-3);
  tileRtCheckHost2D("nonzero vs zeros", expected, 3, TILE_RT_F32, zeros, 3,
                    TILE_RT_F32, 2, 3, 1e-3);
  printf("returns %d %d %d\n", r0, r1, r2);

  // Strided views and mixed types: an f16 [2, 3] result inside rows of 4
  // against an f32 reference.
  // CHECK-NEXT: strided f16 vs f32: rows=2 cols=3 rel_err=0.000e+00 max_abs_err=0.000e+00 nonfinite=0 -> PASS
  float paddedF32[8] = {1, 2, 3, -7, 4, 5, 6, -7};
  uint16_t paddedF16[8];
  tileRtConvertFromF32(paddedF16, paddedF32, 8, TILE_RT_F16);
  tileRtCheckHost2D("strided f16 vs f32", paddedF16, 4, TILE_RT_F16, expected,
                    3, TILE_RT_F32, 2, 3, 0);

  // Untouched padding (column 3 of each row) and poison detection.
  // CHECK-NEXT: padding: untouched=2/2 -> PASS
  // CHECK-NEXT: padding overwritten: untouched=1/2 -> FAIL
  // CHECK-NEXT: still poisoned: untouched=4/4 -> PASS
  // CHECK-NEXT: f16 0.1 fill: untouched=3/3 -> PASS
  tileRtCheckFillHost("padding", paddedF16 + 3, 4, 2, 1, TILE_RT_F16, -7);
  paddedF16[7] = 0;
  tileRtCheckFillHost("padding overwritten", paddedF16 + 3, 4, 2, 1,
                      TILE_RT_F16, -7);
  unsigned char poison[8];
  memset(poison, 0xFF, sizeof(poison));
  tileRtCheckFillHost("still poisoned", poison, 2, 2, 2, TILE_RT_F16, NAN);
  float tenth[3] = {0.1f, 0.1f, 0.1f};
  uint16_t tenthF16[3];
  tileRtConvertFromF32(tenthF16, tenth, 3, TILE_RT_F16);
  tileRtCheckFillHost("f16 0.1 fill", tenthF16, 3, 1, 3, TILE_RT_F16, 0.1);

  // CHECK-NEXT: exit status after failures: 1
  printf("exit status after failures: %d\n", tileRtExitStatus());

  // Reference GEMM on the host: A[2,3] * B[3,2] (+ bias), and B given as
  // [N, K].
  // CHECK-NEXT: gemm: 58 64 139 154
  // CHECK-NEXT: gemm bT + bias: 59 66 142 158
  float a[6] = {1, 2, 3, 4, 5, 6};
  float b[6] = {7, 8, 9, 10, 11, 12};
  float bT[6] = {7, 9, 11, 8, 10, 12};
  float bias[4] = {1, 2, 3, 4};
  float c[4];
  tileRtReferenceGemmHost(a, b, c, 2, 2, 3, 0, NULL);
  printf("gemm: %g %g %g %g\n", c[0], c[1], c[2], c[3]);
  tileRtReferenceGemmHost(a, bT, c, 2, 2, 3, 1, bias);
  printf("gemm bT + bias: %g %g %g %g\n", c[0], c[1], c[2], c[3]);

  // A problem large enough to be split among threads (2^25 multiply-adds:
  // two or more parts, row boundaries not multiples of anything) against
  // a plain loop, both B forms, with a bias. Small integers keep every sum
  // exact, so the two must agree bit for bit.
  // CHECK-NEXT: threaded gemm: 0 mismatches of 66000, 0 of 66000
  checkThreadedGemm();

  // CHECK-NEXT: median: 3 2.5 nan
  // CHECK-NEXT: unsorted input kept: 5 1 3
  double odd[3] = {5, 1, 3};
  double even[4] = {4, 1, 3, 2};
  printf("median: %g %g %g\n", tileRtMedian(odd, 3), tileRtMedian(even, 4),
         tileRtMedian(odd, 0));
  printf("unsorted input kept: %g %g %g\n", odd[0], odd[1], odd[2]);

  // CHECK-NEXT: label: -5
  // CHECK-NEXT: tflops: 123.457
  tileRtPrintI64("label", -5);
  tileRtPrintF64("tflops", 123.4567);
  return 0;
}
