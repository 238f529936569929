/*===- formats.c - Host number-format conversions of the runtime ----------===*\
|*                                                                            *|
|* Known encodings, ties-to-even cases, saturation and NaN handling of        *|
|* tileRtConvertFromF32 / tileRtConvertToF32, plus exhaustive round trips of  *|
|* every f16, bf16, fp8 and fp4 code. No GPU needed.                          *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

// RUN: tile-runtime-formats-test | FileCheck %s

#include "tile-runtime/TestSupport.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static unsigned encode(float x, int32_t dtype) {
  unsigned char out[8] = {0};
  tileRtConvertFromF32(out, &x, 1, dtype);
  switch (tileRtDTypeSizeBytes(dtype, 1)) {
  case 2:
    return (unsigned)out[0] | (unsigned)out[1] << 8;
  default:
    return out[0];
  }
}

static void show(const char *what, float x, int32_t dtype) {
  printf("%s(%s) = 0x%02x\n", tileRtDTypeName(dtype), what, encode(x, dtype));
}

static float decode(unsigned code, int32_t dtype) {
  unsigned char in[2] = {(unsigned char)code, (unsigned char)(code >> 8)};
  float out;
  tileRtConvertToF32(&out, in, 1, dtype);
  return out;
}

// Decoding then encoding every code must give the code back. Non-finite
// codes are skipped: fp8 saturates infinities (checked above).
static void roundTrip(int32_t dtype, unsigned numCodes) {
  unsigned mismatches = 0;
  for (unsigned code = 0; code < numCodes; ++code) {
    float value = decode(code, dtype);
    if (!isfinite(value))
      continue;
    if (encode(value, dtype) != code)
      ++mismatches;
  }
  printf("%s round trip: %u codes, %u mismatches\n", tileRtDTypeName(dtype),
         numCodes, mismatches);
}

int main(void) {
  // CHECK-LABEL: --- sizes
  // CHECK-NEXT: f16 x 10 = 20 bytes
  // CHECK-NEXT: fp4e2m1 x 5 = 3 bytes
  // CHECK-NEXT: f8e4m3 x 7 = 7 bytes
  // CHECK-NEXT: i64 x 3 = 24 bytes
  // CHECK-NEXT: unknown: -1
  printf("--- sizes\n");
  printf("f16 x 10 = %lld bytes\n",
         (long long)tileRtDTypeSizeBytes(TILE_RT_F16, 10));
  printf("fp4e2m1 x 5 = %lld bytes\n",
         (long long)tileRtDTypeSizeBytes(TILE_RT_FP4E2M1, 5));
  printf("f8e4m3 x 7 = %lld bytes\n",
         (long long)tileRtDTypeSizeBytes(TILE_RT_F8E4M3, 7));
  printf("i64 x 3 = %lld bytes\n",
         (long long)tileRtDTypeSizeBytes(TILE_RT_I64, 3));
  printf("unknown: %lld\n", (long long)tileRtDTypeSizeBytes(42, 1));

  // CHECK-LABEL: --- f16
  // CHECK-NEXT: f16(1.0) = 0x3c00
  // CHECK-NEXT: f16(-2.0) = 0xc000
  // CHECK-NEXT: f16(65504) = 0x7bff
  // CHECK-NEXT: f16(65519) = 0x7bff
  // CHECK-NEXT: f16(65520) = 0x7c00
  // CHECK-NEXT: f16(-inf) = 0xfc00
  // CHECK-NEXT: f16(nan) = 0x7e00
  // CHECK-NEXT: f16(1+2^-11) = 0x3c00
  // CHECK-NEXT: f16(1+3*2^-11) = 0x3c02
  // CHECK-NEXT: f16(2^-24) = 0x01
  // CHECK-NEXT: f16(2^-25) = 0x00
  // CHECK-NEXT: f16(3*2^-25) = 0x02
  // CHECK-NEXT: f16(2^-14) = 0x400
  printf("--- f16\n");
  show("1.0", 1.0f, TILE_RT_F16);
  show("-2.0", -2.0f, TILE_RT_F16);
  show("65504", 65504.0f, TILE_RT_F16);
  show("65519", 65519.0f, TILE_RT_F16);
  show("65520", 65520.0f, TILE_RT_F16);
  show("-inf", -INFINITY, TILE_RT_F16);
  show("nan", NAN, TILE_RT_F16);
  show("1+2^-11", 1.0f + 0x1p-11f, TILE_RT_F16);
  show("1+3*2^-11", 1.0f + 3 * 0x1p-11f, TILE_RT_F16);
  show("2^-24", 0x1p-24f, TILE_RT_F16);
  show("2^-25", 0x1p-25f, TILE_RT_F16);
  show("3*2^-25", 3 * 0x1p-25f, TILE_RT_F16);
  show("2^-14", 0x1p-14f, TILE_RT_F16);

  // CHECK-LABEL: --- bf16
  // CHECK-NEXT: bf16(1.0) = 0x3f80
  // CHECK-NEXT: bf16(-1.0) = 0xbf80
  // CHECK-NEXT: bf16(1+2^-8) = 0x3f80
  // CHECK-NEXT: bf16(1+3*2^-8) = 0x3f82
  // CHECK-NEXT: bf16(FLT_MAX) = 0x7f80
  // CHECK-NEXT: bf16(nan) = 0x7fc0
  printf("--- bf16\n");
  show("1.0", 1.0f, TILE_RT_BF16);
  show("-1.0", -1.0f, TILE_RT_BF16);
  show("1+2^-8", 1.0f + 0x1p-8f, TILE_RT_BF16);
  show("1+3*2^-8", 1.0f + 3 * 0x1p-8f, TILE_RT_BF16);
  show("FLT_MAX", 0x1.fffffep127f, TILE_RT_BF16);
  show("nan", NAN, TILE_RT_BF16);

  // CHECK-LABEL: --- e4m3
  // CHECK-NEXT: f8e4m3(1.0) = 0x38
  // CHECK-NEXT: f8e4m3(-1.0) = 0xb8
  // CHECK-NEXT: f8e4m3(448) = 0x7e
  // CHECK-NEXT: f8e4m3(464) = 0x7e
  // CHECK-NEXT: f8e4m3(500) = 0x7e
  // CHECK-NEXT: f8e4m3(-1e9) = 0xfe
  // CHECK-NEXT: f8e4m3(inf) = 0x7e
  // CHECK-NEXT: f8e4m3(nan) = 0x7f
  // CHECK-NEXT: f8e4m3(2^-9) = 0x01
  // CHECK-NEXT: f8e4m3(2^-10) = 0x00
  // CHECK-NEXT: f8e4m3(1.0625) = 0x38
  // CHECK-NEXT: f8e4m3(1.1875) = 0x3a
  // CHECK-NEXT: f8e4m3 0x7f -> nan
  // CHECK-NEXT: f8e4m3 0xff -> nan
  // CHECK-NEXT: f8e4m3 0x01 -> 0.001953125
  // CHECK-NEXT: f8e4m3 0x7e -> 448
  printf("--- e4m3\n");
  show("1.0", 1.0f, TILE_RT_F8E4M3);
  show("-1.0", -1.0f, TILE_RT_F8E4M3);
  show("448", 448.0f, TILE_RT_F8E4M3);
  show("464", 464.0f, TILE_RT_F8E4M3);
  show("500", 500.0f, TILE_RT_F8E4M3);
  show("-1e9", -1e9f, TILE_RT_F8E4M3);
  show("inf", INFINITY, TILE_RT_F8E4M3);
  show("nan", NAN, TILE_RT_F8E4M3);
  show("2^-9", 0x1p-9f, TILE_RT_F8E4M3);
  show("2^-10", 0x1p-10f, TILE_RT_F8E4M3);
  show("1.0625", 1.0625f, TILE_RT_F8E4M3);
  show("1.1875", 1.1875f, TILE_RT_F8E4M3);
  printf("f8e4m3 0x7f -> %g\n", decode(0x7f, TILE_RT_F8E4M3));
  printf("f8e4m3 0xff -> %g\n", decode(0xff, TILE_RT_F8E4M3));
  printf("f8e4m3 0x01 -> %.9g\n", decode(0x01, TILE_RT_F8E4M3));
  printf("f8e4m3 0x7e -> %g\n", decode(0x7e, TILE_RT_F8E4M3));

  // CHECK-LABEL: --- e5m2
  // CHECK-NEXT: f8e5m2(1.0) = 0x3c
  // CHECK-NEXT: f8e5m2(-2.0) = 0xc0
  // CHECK-NEXT: f8e5m2(57344) = 0x7b
  // CHECK-NEXT: f8e5m2(1e6) = 0x7b
  // CHECK-NEXT: f8e5m2(inf) = 0x7b
  // CHECK-NEXT: f8e5m2(nan) = 0x7f
  // CHECK-NEXT: f8e5m2(1.125) = 0x3c
  // CHECK-NEXT: f8e5m2(1.375) = 0x3e
  // CHECK-NEXT: f8e5m2(2^-16) = 0x01
  // CHECK-NEXT: f8e5m2 0x7c -> inf
  // CHECK-NEXT: f8e5m2 0xfc -> -inf
  // CHECK-NEXT: f8e5m2 0x7d -> nan
  printf("--- e5m2\n");
  show("1.0", 1.0f, TILE_RT_F8E5M2);
  show("-2.0", -2.0f, TILE_RT_F8E5M2);
  show("57344", 57344.0f, TILE_RT_F8E5M2);
  show("1e6", 1e6f, TILE_RT_F8E5M2);
  show("inf", INFINITY, TILE_RT_F8E5M2);
  show("nan", NAN, TILE_RT_F8E5M2);
  show("1.125", 1.125f, TILE_RT_F8E5M2);
  show("1.375", 1.375f, TILE_RT_F8E5M2);
  show("2^-16", 0x1p-16f, TILE_RT_F8E5M2);
  printf("f8e5m2 0x7c -> %g\n", decode(0x7c, TILE_RT_F8E5M2));
  printf("f8e5m2 0xfc -> %g\n", decode(0xfc, TILE_RT_F8E5M2));
  printf("f8e5m2 0x7d -> %g\n", decode(0x7d, TILE_RT_F8E5M2));

  // CHECK-LABEL: --- e2m1
  // CHECK-NEXT: fp4e2m1(6.0) = 0x07
  // CHECK-NEXT: fp4e2m1(-0.5) = 0x09
  // CHECK-NEXT: fp4e2m1(1.0) = 0x02
  // CHECK-NEXT: fp4e2m1(0.25) = 0x00
  // CHECK-NEXT: fp4e2m1(0.75) = 0x02
  // CHECK-NEXT: fp4e2m1(1.25) = 0x02
  // CHECK-NEXT: fp4e2m1(1.75) = 0x04
  // CHECK-NEXT: fp4e2m1(2.5) = 0x04
  // CHECK-NEXT: fp4e2m1(3.5) = 0x06
  // CHECK-NEXT: fp4e2m1(5.0) = 0x06
  // CHECK-NEXT: fp4e2m1(7.0) = 0x07
  // CHECK-NEXT: fp4e2m1(-100) = 0x0f
  // CHECK-NEXT: fp4e2m1(nan) = 0x07
  // CHECK-NEXT: fp4e2m1 codes: 0 0.5 1 1.5 2 3 4 6 -0 -0.5 -1 -1.5 -2 -3 -4 -6
  // CHECK-NEXT: fp4e2m1 packed [1, -0.5, 6]: 0x92 0x07
  // CHECK-NEXT: fp4e2m1 unpacked: 1 -0.5 6
  printf("--- e2m1\n");
  show("6.0", 6.0f, TILE_RT_FP4E2M1);
  show("-0.5", -0.5f, TILE_RT_FP4E2M1);
  show("1.0", 1.0f, TILE_RT_FP4E2M1);
  show("0.25", 0.25f, TILE_RT_FP4E2M1);
  show("0.75", 0.75f, TILE_RT_FP4E2M1);
  show("1.25", 1.25f, TILE_RT_FP4E2M1);
  show("1.75", 1.75f, TILE_RT_FP4E2M1);
  show("2.5", 2.5f, TILE_RT_FP4E2M1);
  show("3.5", 3.5f, TILE_RT_FP4E2M1);
  show("5.0", 5.0f, TILE_RT_FP4E2M1);
  show("7.0", 7.0f, TILE_RT_FP4E2M1);
  show("-100", -100.0f, TILE_RT_FP4E2M1);
  show("nan", NAN, TILE_RT_FP4E2M1);
  printf("fp4e2m1 codes:");
  for (unsigned code = 0; code < 16; ++code)
    printf(" %g", decode(code, TILE_RT_FP4E2M1));
  printf("\n");
  float triple[3] = {1.0f, -0.5f, 6.0f};
  unsigned char packed[2] = {0xAA, 0xAA};
  tileRtConvertFromF32(packed, triple, 3, TILE_RT_FP4E2M1);
  printf("fp4e2m1 packed [1, -0.5, 6]: 0x%02x 0x%02x\n", packed[0], packed[1]);
  float unpacked[3];
  tileRtConvertToF32(unpacked, packed, 3, TILE_RT_FP4E2M1);
  printf("fp4e2m1 unpacked: %g %g %g\n", unpacked[0], unpacked[1], unpacked[2]);

  // CHECK-LABEL: --- integers
  // CHECK-NEXT: i8(2.5) = 0x02
  // CHECK-NEXT: i8(3.5) = 0x04
  // CHECK-NEXT: i8(1000) = 0x7f
  // CHECK-NEXT: i8(-1000) = 0x80
  // CHECK-NEXT: i8(nan) = 0x00
  // CHECK-NEXT: i16(-2) = 0xfffe
  // CHECK-NEXT: i32 -7.5 -> -8
  printf("--- integers\n");
  show("2.5", 2.5f, TILE_RT_I8);
  show("3.5", 3.5f, TILE_RT_I8);
  show("1000", 1000.0f, TILE_RT_I8);
  show("-1000", -1000.0f, TILE_RT_I8);
  show("nan", NAN, TILE_RT_I8);
  show("-2", -2.0f, TILE_RT_I16);
  float minusSevenHalf = -7.5f;
  int32_t i32;
  tileRtConvertFromF32(&i32, &minusSevenHalf, 1, TILE_RT_I32);
  printf("i32 -7.5 -> %d\n", (int)i32);

  // CHECK-LABEL: --- round trips
  // CHECK-NEXT: f16 round trip: 65536 codes, 0 mismatches
  // CHECK-NEXT: bf16 round trip: 65536 codes, 0 mismatches
  // CHECK-NEXT: f8e4m3 round trip: 256 codes, 0 mismatches
  // CHECK-NEXT: f8e5m2 round trip: 256 codes, 0 mismatches
  // CHECK-NEXT: fp4e2m1 round trip: 16 codes, 0 mismatches
  printf("--- round trips\n");
  roundTrip(TILE_RT_F16, 65536);
  roundTrip(TILE_RT_BF16, 65536);
  roundTrip(TILE_RT_F8E4M3, 256);
  roundTrip(TILE_RT_F8E5M2, 256);
  roundTrip(TILE_RT_FP4E2M1, 16);
  return 0;
}
