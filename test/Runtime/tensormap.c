/*===- tensormap.c - Tensor-map validation rules --------------------------===*\
|*                                                                            *|
|* tileRtValidateTensorMap accepts a good 2-D f16 map (and other good maps)   *|
|* and rejects each bad parameter with a message naming the rule. Pure host   *|
|* code: no GPU needed.                                                       *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

// RUN: tile-runtime-tensormap-test | FileCheck %s --match-full-lines

#include "tile-runtime/Runtime.h"

#include <stdio.h>

// CUtensorMapDataType / Interleave / Swizzle values (cuda.h), spelled out so
// the test does not need the CUDA headers.
enum {
  kU8 = 0,
  kF32 = 7,
  kF16 = 6,
  kF64 = 8,
  kU4Align8B = 13,
  kU4Align16B = 14,
  kU6Align16B = 15,
  kInterleaveNone = 0,
  kInterleave16B = 1,
  kInterleave32B = 2,
  kSwizzleNone = 0,
  kSwizzle32B = 1,
  kSwizzle64B = 2,
  kSwizzle128B = 3,
  kSwizzle128BAtom32B = 4,
};

typedef struct Map {
  int32_t dataType, rank;
  const void *address;
  int64_t dims[5];
  int64_t strides[4];
  int32_t box[5];
  int32_t steps[5];
  int useSteps, nullDims;
  int32_t interleave, swizzle, l2, oob;
} Map;

#define ADDR(x) ((const void *)(uintptr_t)(x))

// A [256, 512] f16 tensor with padded rows (1024 bytes) read in 64x64 boxes
// with the 128-byte swizzle: valid.
static Map base2D(void) {
  Map m = {.dataType = kF16,
           .rank = 2,
           .address = ADDR(0x10000),
           .dims = {256, 512},
           .strides = {1024},
           .box = {64, 64},
           .swizzle = kSwizzle128B};
  return m;
}

// A [4, 8, 64] f16 tensor: rank 3, as interleaved layouts need.
static Map base3D(void) {
  Map m = {.dataType = kF16,
           .rank = 3,
           .address = ADDR(0x10000),
           .dims = {4, 8, 64},
           .strides = {1024, 128},
           .box = {2, 8, 8},
           .swizzle = kSwizzleNone};
  return m;
}

// A [64, 256] fp4 tensor: 128 packed bytes per row.
static Map baseFp4(int32_t dataType) {
  Map m = {.dataType = dataType,
           .rank = 2,
           .address = ADDR(0x10000),
           .dims = {64, 256},
           .strides = {128},
           .box = {32, 128},
           .swizzle = kSwizzle128B};
  return m;
}

static void check(const char *label, Map m) {
  char message[256];
  int rc = tileRtValidateTensorMap(
      m.dataType, m.rank, m.address, m.nullDims ? NULL : m.dims, m.strides,
      m.box, m.useSteps ? m.steps : NULL, m.interleave, m.swizzle, m.l2, m.oob,
      message, sizeof(message));
  printf("%s: %s\n", label, rc ? message : "ok");
}

static void checkDevice(const char *label, int32_t dataType, int32_t rank,
                        const int32_t *box, const int32_t *steps,
                        int32_t swizzle, int32_t computeCapability) {
  char message[256];
  int rc = tileRtValidateTensorMapForDevice(
      dataType, rank, box, steps, kInterleaveNone, swizzle, computeCapability,
      232448, message, sizeof(message));
  printf("%s: %s\n", label, rc ? message : "ok");
}

static void checkUses(const char *label, int32_t dataType, int32_t rank,
                      const int64_t *dims, int32_t uses) {
  char message[512];
  int rc = tileRtValidateTensorMapUses(dataType, rank, dims, uses, message,
                                       sizeof(message));
  printf("%s: %s\n", label, rc ? message : "ok");
}

int main(void) {
  Map m;

  // CHECK: good 2-D f16: ok
  check("good 2-D f16", base2D());
  // CHECK-NEXT: good 1-D f32: ok
  m = (Map){.dataType = kF32,
            .rank = 1,
            .address = ADDR(0x10000),
            .dims = {1000},
            .box = {64}};
  check("good 1-D f32", m);
  // CHECK-NEXT: good 5-D u8: ok
  m = (Map){.dataType = kU8,
            .rank = 5,
            .address = ADDR(0x20000),
            .dims = {2, 3, 4, 5, 32},
            .strides = {1920, 640, 160, 32},
            .box = {1, 1, 2, 5, 32},
            .swizzle = kSwizzle32B};
  check("good 5-D u8", m);
  // CHECK-NEXT: good element strides: ok
  m = base2D();
  m.useSteps = 1;
  m.steps[0] = 2;
  m.steps[1] = 1;
  check("good element strides", m);
  // CHECK-NEXT: good 16U4_ALIGN16B: ok
  check("good 16U4_ALIGN16B", baseFp4(kU4Align16B));
  // CHECK-NEXT: good 16U4_ALIGN8B: ok
  m = baseFp4(kU4Align8B);
  m.box[1] = 64;
  m.swizzle = kSwizzleNone;
  check("good 16U4_ALIGN8B", m);
  // CHECK-NEXT: good NaN fill f16: ok
  m = base2D();
  m.oob = 1;
  check("good NaN fill f16", m);
  // CHECK-NEXT: good 2^32 outer dim: ok
  m = base2D();
  m.dims[0] = (int64_t)1 << 32;
  check("good 2^32 outer dim", m);
  // CHECK-NEXT: good single row, small stride: ok
  m = base2D();
  m.dims[0] = 1;
  m.strides[0] = 16;
  check("good single row, small stride", m);
  // CHECK-NEXT: good 16B interleave: ok
  m = base3D();
  m.interleave = kInterleave16B;
  m.box[2] = 24;
  check("good 16B interleave", m);

  // Enumerations and rank.
  // CHECK-NEXT: rank 0: tensor map rank is 0; it must be in [1, 5]
  m = base2D();
  m.rank = 0;
  check("rank 0", m);
  // CHECK-NEXT: rank 6: tensor map rank is 6; it must be in [1, 5]
  m.rank = 6;
  check("rank 6", m);
  // CHECK-NEXT: data type 16: tensor map data type is 16; it must be a CUtensorMapDataType in [0, 15]
  m = base2D();
  m.dataType = 16;
  check("data type 16", m);
  // CHECK-NEXT: interleave 3: interleave is 3; it must be 0 (none), 1 (16B) or 2 (32B)
  m = base3D();
  m.interleave = 3;
  check("interleave 3", m);
  // CHECK-NEXT: swizzle 7: swizzle is 7; it must be a CUtensorMapSwizzle in [0, 6]
  m = base2D();
  m.swizzle = 7;
  check("swizzle 7", m);
  // CHECK-NEXT: l2 4: L2 promotion is 4; it must be a CUtensorMapL2promotion in [0, 3]
  m = base2D();
  m.l2 = 4;
  check("l2 4", m);
  // CHECK-NEXT: oob 2: OOB fill is 2; it must be 0 (zero) or 1 (NaN request zero FMA)
  m = base2D();
  m.oob = 2;
  check("oob 2", m);
  // CHECK-NEXT: null dims: globalDims, boxDims and (for rank > 1) globalStridesBytes must not be NULL
  m = base2D();
  m.nullDims = 1;
  check("null dims", m);

  // Combinations.
  // CHECK-NEXT: interleave rank 2: interleaved layouts need rank >= 3; the rank is 2
  m = base2D();
  m.interleave = kInterleave16B;
  check("interleave rank 2", m);
  // CHECK-NEXT: 16U6 interleaved: data type 16U6_ALIGN16B needs interleave none
  m = base3D();
  m.dataType = kU6Align16B;
  m.interleave = kInterleave16B;
  check("16U6 interleaved", m);
  // CHECK-NEXT: 32B interleave, 128B swizzle: 32B interleave needs swizzle 32B; the swizzle is 128B
  m = base3D();
  m.interleave = kInterleave32B;
  m.swizzle = kSwizzle128B;
  check("32B interleave, 128B swizzle", m);
  // CHECK-NEXT: 16U4_ALIGN16B 64B swizzle: data type 16U4_ALIGN16B supports swizzle none, 128B and 128B_ATOM_32B only; the swizzle is 64B
  m = baseFp4(kU4Align16B);
  m.swizzle = kSwizzle64B;
  check("16U4_ALIGN16B 64B swizzle", m);
  // CHECK-NEXT: 16U4_ALIGN16B atom swizzle: ok
  m.swizzle = kSwizzle128BAtom32B;
  check("16U4_ALIGN16B atom swizzle", m);
  // CHECK-NEXT: 16U6_ALIGN16B 32B swizzle: data type 16U6_ALIGN16B supports swizzle none, 128B, 128B_ATOM_32B and 128B_ATOM_64B only; the swizzle is 32B
  m = baseFp4(kU6Align16B);
  m.strides[0] = 192; // 256 six-bit values.
  m.swizzle = kSwizzle32B;
  check("16U6_ALIGN16B 32B swizzle", m);
  // CHECK-NEXT: NaN fill u8: NaN out-of-bounds fill needs a floating-point data type; the data type is UINT8
  m = base2D();
  m.dataType = kU8;
  m.box[1] = 128;
  m.oob = 1;
  check("NaN fill u8", m);
  // CHECK-NEXT: NaN fill fp4: NaN out-of-bounds fill needs a floating-point data type; the data type is 16U4_ALIGN8B
  m = baseFp4(kU4Align8B);
  m.oob = 1;
  check("NaN fill fp4", m);

  // Global address.
  // CHECK-NEXT: null address: the global address is NULL
  m = base2D();
  m.address = NULL;
  check("null address", m);
  // CHECK-NEXT: address +8: the global address 0x10008 is not 16-byte aligned; TMA needs 16
  m.address = ADDR(0x10008);
  check("address +8", m);
  // CHECK-NEXT: 32B interleave address +16: the global address 0x10010 is not 32-byte aligned; 32B interleave needs 32
  m = base3D();
  m.interleave = kInterleave32B;
  m.swizzle = kSwizzle32B;
  m.address = ADDR(0x10010);
  check("32B interleave address +16", m);
  // CHECK-NEXT: 16U4_ALIGN16B address +16: the global address 0x10010 is not 32-byte aligned; data type 16U4_ALIGN16B needs 32
  m = baseFp4(kU4Align16B);
  m.address = ADDR(0x10010);
  check("16U4_ALIGN16B address +16", m);

  // Global dimensions.
  // An empty tensor is named before any other rule, even with the NULL
  // address and zero strides a zero-byte allocation gives it.
  // CHECK-NEXT: dim 0: global dimension 1 (innermost) of the 256x0 FLOAT16 tensor is 0: TMA cannot describe an empty tensor (a kernel that copies nothing from it needs no descriptor, e.g. a GEMM with K = 0)
  m = base2D();
  m.dims[1] = 0;
  check("dim 0", m);
  // CHECK-NEXT: empty K operand: global dimension 1 (innermost) of the 128x0 FLOAT16 tensor is 0: {{.*}}
  m = base2D();
  m.dims[0] = 128;
  m.dims[1] = 0;
  m.address = NULL;
  m.strides[0] = 0;
  check("empty K operand", m);
  // CHECK-NEXT: empty outer dim: global dimension 0 of the 0x512 FLOAT16 tensor is 0: {{.*}}
  m = base2D();
  m.dims[0] = 0;
  m.address = NULL;
  check("empty outer dim", m);
  // CHECK-NEXT: empty 3-D f32: global dimension 1 of the 4x0x64 FLOAT32 tensor is 0: {{.*}}
  m = base3D();
  m.dataType = kF32;
  m.dims[1] = 0;
  check("empty 3-D f32", m);
  // CHECK-NEXT: dim 2^32+1: global dimension 0 is 4294967297; it must be in [1, 2^32]
  m = base2D();
  m.dims[0] = ((int64_t)1 << 32) + 1;
  check("dim 2^32+1", m);
  // CHECK-NEXT: 16U4_ALIGN16B inner dim 200: the innermost global dimension (1) is 200; data type 16U4_ALIGN16B needs a multiple of 128
  m = baseFp4(kU4Align16B);
  m.dims[1] = 200;
  check("16U4_ALIGN16B inner dim 200", m);
  // CHECK-NEXT: 16U4_ALIGN8B inner dim 63: the innermost global dimension (1) is 63; data type 16U4_ALIGN8B needs a multiple of 2
  m = baseFp4(kU4Align8B);
  m.dims[1] = 63;
  check("16U4_ALIGN8B inner dim 63", m);

  // Global strides.
  // CHECK-NEXT: stride 100: global stride of dimension 0 is 100 bytes; TMA needs a multiple of 16
  m = base2D();
  m.strides[0] = 100;
  check("stride 100", m);
  // CHECK-NEXT: stride 0: global stride of dimension 0 is 0 bytes; it must be positive
  m.strides[0] = 0;
  check("stride 0", m);
  // CHECK-NEXT: stride 2^40: global stride of dimension 0 is 1099511627776 bytes; it must be less than 2^40
  m.strides[0] = (int64_t)1 << 40;
  check("stride 2^40", m);
  // CHECK-NEXT: 32B interleave stride 1040: global stride of dimension 0 is 1040 bytes; TMA needs a multiple of 32 with 32B interleave
  m = base3D();
  m.interleave = kInterleave32B;
  m.swizzle = kSwizzle32B;
  m.strides[0] = 1040;
  check("32B interleave stride 1040", m);
  // CHECK-NEXT: 16U4_ALIGN16B stride 144: global stride of dimension 0 is 144 bytes; TMA needs a multiple of 32 for data type 16U4_ALIGN16B
  m = baseFp4(kU4Align16B);
  m.strides[0] = 144;
  check("16U4_ALIGN16B stride 144", m);
  // CHECK-NEXT: overlapping rows: global stride of dimension 0 is 512 bytes, less than the 1024 bytes of the innermost dimension (512 elements): rows would overlap
  m = base2D();
  m.strides[0] = 512; // Elements, not bytes: the classic mistake.
  check("overlapping rows", m);
  // CHECK-NEXT: overlapping 3-D: global stride of dimension 1 is 64 bytes, less than the 128 bytes of the innermost dimension (64 elements): rows would overlap
  m = base3D();
  m.strides[1] = 64;
  check("overlapping 3-D", m);

  // Box.
  // CHECK-NEXT: box 300: TMA box dimension 0 is 300; it must be in [1, 256]
  m = base2D();
  m.box[0] = 300;
  check("box 300", m);
  // CHECK-NEXT: box 0: TMA box dimension 1 is 0; it must be in [1, 256]
  m = base2D();
  m.box[1] = 0;
  check("box 0", m);
  // CHECK-NEXT: 16U4_ALIGN16B box 64: data type 16U4_ALIGN16B needs an inner box dimension of 128; it is 64
  m = baseFp4(kU4Align16B);
  m.box[1] = 64;
  check("16U4_ALIGN16B box 64", m);
  // CHECK-NEXT: inner box 24 bytes: the inner TMA box dimension is 24 bytes (12 x FLOAT16); it must be a multiple of 16 bytes
  m = base2D();
  m.box[1] = 12;
  check("inner box 24 bytes", m);
  // CHECK-NEXT: fp4 box 16.5 bytes: the inner TMA box dimension is 16.5 bytes (33 x 16U4_ALIGN8B); it must be a multiple of 16 bytes
  m = baseFp4(kU4Align8B);
  m.swizzle = kSwizzleNone;
  m.box[1] = 33;
  check("fp4 box 16.5 bytes", m);
  // CHECK-NEXT: 128B swizzle, 256-byte box: the inner TMA box dimension is 256 bytes (128 x FLOAT16); swizzle 128B allows at most 128
  m = base2D();
  m.box[1] = 128;
  check("128B swizzle, 256-byte box", m);
  // CHECK-NEXT: 32B swizzle, 64-byte box: the inner TMA box dimension is 64 bytes (32 x FLOAT16); swizzle 32B allows at most 32
  m = base2D();
  m.box[1] = 32;
  m.swizzle = kSwizzle32B;
  check("32B swizzle, 64-byte box", m);
  // CHECK-NEXT: 64B swizzle, 64-byte box: ok
  m.swizzle = kSwizzle64B;
  check("64B swizzle, 64-byte box", m);
  // CHECK-NEXT: no swizzle, 512-byte box: ok
  m = base2D();
  m.box[1] = 256;
  m.swizzle = kSwizzleNone;
  check("no swizzle, 512-byte box", m);

  // Element strides.
  // CHECK-NEXT: element stride 9: element stride of dimension 1 is 9; it must be in [1, 8]
  m = base2D();
  m.useSteps = 1;
  m.steps[0] = 1;
  m.steps[1] = 9;
  check("element stride 9", m);
  // CHECK-NEXT: element stride 0: element stride of dimension 0 is 0; it must be in [1, 8]
  m.steps[0] = 0;
  m.steps[1] = 1;
  check("element stride 0", m);

  // The driver (580) also wants 16-byte inner boxes with interleave.
  // CHECK-NEXT: 16B interleave, 24-byte box: the inner TMA box dimension is 24 bytes (12 x FLOAT16); it must be a multiple of 16 bytes
  m = base3D();
  m.interleave = kInterleave16B;
  m.box[2] = 12;
  check("16B interleave, 24-byte box", m);

  // Device rules (H200: compute capability 9.0, 232448 bytes per block).
  // CHECK-NEXT: device 9.0: ok
  // CHECK-NEXT: device 8.0: tensor maps need compute capability 9.0 or newer; the device is 8.0
  // CHECK-NEXT: atom swizzle on 9.0: swizzle 128B_ATOM_32B needs compute capability 10.0 or newer; the device is 9.0
  // CHECK-NEXT: atom swizzle on 10.0: ok
  // CHECK-NEXT: fp4 on 9.0: data type 16U4_ALIGN16B needs compute capability 10.0 or newer; the device is 9.0
  // CHECK-NEXT: 233472-byte box: the TMA box is 233472 bytes; a block's shared memory holds at most 232448 on this device
  // CHECK-NEXT: same box, outer element stride 2: ok
  // CHECK-NEXT: 4-D box 4x2x112x128 f32: the TMA box is 458752 bytes; a block's shared memory holds at most 232448 on this device
  int32_t box2[2] = {64, 64}, bigBox[2] = {114, 256}, steps[2] = {2, 1};
  int32_t box4[4] = {4, 2, 112, 128};
  checkDevice("device 9.0", kF16, 2, box2, NULL, kSwizzle128B, 90);
  checkDevice("device 8.0", kF16, 2, box2, NULL, kSwizzleNone, 80);
  checkDevice("atom swizzle on 9.0", kF16, 2, box2, NULL, kSwizzle128BAtom32B,
              90);
  checkDevice("atom swizzle on 10.0", kF16, 2, box2, NULL, kSwizzle128BAtom32B,
              100);
  checkDevice("fp4 on 9.0", kU4Align16B, 2, box2, NULL, kSwizzle128B, 90);
  checkDevice("233472-byte box", kF64, 2, bigBox, NULL, kSwizzleNone, 90);
  checkDevice("same box, outer element stride 2", kF64, 2, bigBox, steps,
              kSwizzleNone, 90);
  checkDevice("4-D box 4x2x112x128 f32", kF32, 4, box4, NULL, kSwizzleNone, 90);

  // Written maps (TMA stores and reductions write whole 16-byte units): the
  // innermost dimension is a whole number of units, or rejected with the
  // row's bytes and the bytes a store would write past it; read-only maps
  // and unknown flags.
  // CHECK-NEXT: written 45 x f32: a kernel writes through this tensor map (TMA store or reduction), but a row of the tensor is 45 x FLOAT32 = 180 bytes, not a multiple of 16: TMA stores write whole 16-byte units, so a store reaching the end of a row would also write the 12 bytes after it; make the innermost dimension a whole number of 16-byte units, or store the tile another way
  // CHECK-NEXT: read 45 x f32: ok
  // CHECK-NEXT: written 48 x f32: ok
  // CHECK-NEXT: written 73 x f16: {{.*}} row of the tensor is 73 x FLOAT16 = 146 bytes, {{.*}} also write the 14 bytes after it; {{.*}}
  // CHECK-NEXT: written 1000 x f16, rank 3: ok
  // CHECK-NEXT: written 250 x packed fp4: {{.*}} 250 x 16U4_ALIGN8B = 125 bytes, {{.*}} the 3 bytes after it; {{.*}}
  // CHECK-NEXT: written 33 x fp4, odd half byte: {{.*}} 33 x 16U4_ALIGN8B = 16.5 bytes, {{.*}} the 15.5 bytes after it; {{.*}}
  // CHECK-NEXT: uses 2: tensor map uses are 0x2; the only flag is TILE_RT_TENSOR_MAP_WRITTEN (1)
  checkUses("written 45 x f32", kF32, 2, (int64_t[]){37, 45},
            TILE_RT_TENSOR_MAP_WRITTEN);
  checkUses("read 45 x f32", kF32, 2, (int64_t[]){37, 45}, 0);
  checkUses("written 48 x f32", kF32, 2, (int64_t[]){37, 48},
            TILE_RT_TENSOR_MAP_WRITTEN);
  checkUses("written 73 x f16", kF16, 2, (int64_t[]){37, 73},
            TILE_RT_TENSOR_MAP_WRITTEN);
  checkUses("written 1000 x f16, rank 3", kF16, 3, (int64_t[]){2, 3, 1000},
            TILE_RT_TENSOR_MAP_WRITTEN);
  checkUses("written 250 x packed fp4", kU4Align8B, 2, (int64_t[]){4, 250},
            TILE_RT_TENSOR_MAP_WRITTEN);
  checkUses("written 33 x fp4, odd half byte", kU4Align8B, 1,
            (int64_t[]){33}, TILE_RT_TENSOR_MAP_WRITTEN);
  checkUses("uses 2", kF32, 2, (int64_t[]){37, 48}, 2);

  // A short error buffer truncates, never overflows.
  // CHECK-NEXT: truncated: [TMA box]
  char small[8];
  m = base2D();
  m.box[0] = 300;
  tileRtValidateTensorMap(m.dataType, m.rank, m.address, m.dims, m.strides,
                          m.box, NULL, m.interleave, m.swizzle, m.l2, m.oob,
                          small, sizeof(small));
  printf("truncated: [%s]\n", small);
  return 0;
}
