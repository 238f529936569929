/*===- TensorMap.c - TMA descriptors, validated before the driver ---------===*\
|*                                                                            *|
|* cuTensorMapEncodeTiled answers a bad parameter with a bare "invalid        *|
|* argument", and some mistakes (strides that assume a contiguous tensor)     *|
|* it cannot see at all. tileRtValidateTensorMap checks each documented       *|
|* rule (cuda.h, CUDA 13.0) first and names the one that failed.              *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "RuntimeInternal.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
  kNumDataTypes = CU_TENSOR_MAP_DATA_TYPE_16U6_ALIGN16B + 1,
  kNumSwizzles = CU_TENSOR_MAP_SWIZZLE_128B_ATOM_64B + 1,
};

static const char *const kDataTypeNames[kNumDataTypes] = {
    "UINT8",        "UINT16",       "UINT32",        "INT32",
    "UINT64",       "INT64",        "FLOAT16",       "FLOAT32",
    "FLOAT64",      "BFLOAT16",     "FLOAT32_FTZ",   "TFLOAT32",
    "TFLOAT32_FTZ", "16U4_ALIGN8B", "16U4_ALIGN16B", "16U6_ALIGN16B"};

// Bits per element in global memory (packed types are dense there) and in
// the shared-memory box (16U4_ALIGN16B / 16U6_ALIGN16B pad every 16 values
// to 16 bytes, i.e. one byte per value).
static const unsigned kGlobalBits[kNumDataTypes] = {
    8, 16, 32, 32, 64, 64, 16, 32, 64, 16, 32, 32, 32, 4, 4, 6};
static const unsigned kBoxBits[kNumDataTypes] = {8,  16, 32, 32, 64, 64, 16, 32,
                                                 64, 16, 32, 32, 32, 4,  8,  8};

static const char *const kSwizzleNames[kNumSwizzles] = {
    "none",         "32B",           "64B",
    "128B",         "128B_ATOM_32B", "128B_ATOM_32B_FLIP_8B",
    "128B_ATOM_64B"};
static const unsigned kSwizzleSpan[kNumSwizzles] = {0,   32,  64, 128,
                                                    128, 128, 128};

static int fail(char *buf, size_t size, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int fail(char *buf, size_t size, const char *fmt, ...) {
  if (buf && size) {
    va_list args;
    va_start(args, fmt);
    vsnprintf(buf, size, fmt, args);
    va_end(args);
  }
  return 1;
}

static int isAlign16BPacked(int32_t dataType) {
  return dataType == CU_TENSOR_MAP_DATA_TYPE_16U4_ALIGN16B ||
         dataType == CU_TENSOR_MAP_DATA_TYPE_16U6_ALIGN16B;
}

static int isPacked(int32_t dataType) {
  return dataType >= CU_TENSOR_MAP_DATA_TYPE_16U4_ALIGN8B;
}

static int isFloat(int32_t dataType) {
  switch (dataType) {
  case CU_TENSOR_MAP_DATA_TYPE_FLOAT16:
  case CU_TENSOR_MAP_DATA_TYPE_FLOAT32:
  case CU_TENSOR_MAP_DATA_TYPE_FLOAT64:
  case CU_TENSOR_MAP_DATA_TYPE_BFLOAT16:
  case CU_TENSOR_MAP_DATA_TYPE_FLOAT32_FTZ:
  case CU_TENSOR_MAP_DATA_TYPE_TFLOAT32:
  case CU_TENSOR_MAP_DATA_TYPE_TFLOAT32_FTZ:
    return 1;
  default:
    return 0;
  }
}

// Bytes of `bits`, printed exactly ("24" or "12.5" for packed fp4).
static void formatBytes(char *out, size_t size, uint64_t bits) {
  snprintf(out, size, "%g", (double)bits / 8.0);
}

/// The arguments of tileRtValidateTensorMap, for the rule checks below. Each
/// check returns 0, or 1 after writing its message with fail().
typedef struct TensorMapArgs {
  int32_t dataType, rank;
  const void *globalAddress;
  const int64_t *globalDims, *globalStridesBytes;
  const int32_t *boxDims, *elementStrides;
  int32_t interleave, swizzle, l2Promotion, oobFill;
} TensorMapArgs;

// Enumerations, rank and the required arrays: what the other checks index
// tables and arrays with.
static int checkEnumerations(const TensorMapArgs *m, char *b, size_t n) {
  if (m->rank < 1 || m->rank > 5)
    return fail(b, n, "tensor map rank is %" PRId32 "; it must be in [1, 5]",
                m->rank);
  if (m->dataType < 0 || m->dataType >= kNumDataTypes)
    return fail(b, n,
                "tensor map data type is %" PRId32
                "; it must be a CUtensorMapDataType in [0, %d]",
                m->dataType, kNumDataTypes - 1);
  if (m->interleave < CU_TENSOR_MAP_INTERLEAVE_NONE ||
      m->interleave > CU_TENSOR_MAP_INTERLEAVE_32B)
    return fail(b, n,
                "interleave is %" PRId32
                "; it must be 0 (none), 1 (16B) or 2 (32B)",
                m->interleave);
  if (m->swizzle < 0 || m->swizzle >= kNumSwizzles)
    return fail(b, n,
                "swizzle is %" PRId32
                "; it must be a CUtensorMapSwizzle in [0, %d]",
                m->swizzle, kNumSwizzles - 1);
  if (m->l2Promotion < CU_TENSOR_MAP_L2_PROMOTION_NONE ||
      m->l2Promotion > CU_TENSOR_MAP_L2_PROMOTION_L2_256B)
    return fail(b, n,
                "L2 promotion is %" PRId32
                "; it must be a CUtensorMapL2promotion in [0, 3]",
                m->l2Promotion);
  if (m->oobFill < CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE ||
      m->oobFill > CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA)
    return fail(b, n,
                "OOB fill is %" PRId32
                "; it must be 0 (zero) or 1 (NaN request zero FMA)",
                m->oobFill);
  if (!m->globalDims || !m->boxDims || (m->rank > 1 && !m->globalStridesBytes))
    return fail(b, n,
                "globalDims, boxDims and (for rank > 1) "
                "globalStridesBytes must not be NULL");
  return 0;
}

// An empty tensor before everything else: its storage is usually a NULL
// (zero-byte) allocation, and "the global address is NULL" would hide the
// real cause, e.g. a GEMM operand with K = 0. Names the tensor by its shape
// and element type, which is all the runtime knows of it.
static int checkNotEmpty(const TensorMapArgs *m, char *b, size_t n) {
  int32_t empty = -1;
  for (int32_t d = 0; d < m->rank && empty < 0; ++d)
    if (m->globalDims[d] == 0)
      empty = d;
  if (empty < 0)
    return 0;
  char shape[5 * 24];
  size_t used = 0;
  for (int32_t d = 0; d < m->rank && used < sizeof(shape); ++d)
    used += (size_t)snprintf(shape + used, sizeof(shape) - used,
                             "%s%" PRId64, d ? "x" : "", m->globalDims[d]);
  return fail(b, n,
              "global dimension %" PRId32 "%s of the %s %s tensor is 0: TMA "
              "cannot describe an empty tensor (a kernel that copies nothing "
              "from it needs no descriptor, e.g. a GEMM with K = 0)",
              empty, empty == m->rank - 1 ? " (innermost)" : "", shape,
              kDataTypeNames[m->dataType]);
}

// Combinations of data type, interleave and swizzle.
static int checkCombinations(const TensorMapArgs *m, char *b, size_t n) {
  int32_t dataType = m->dataType, interleave = m->interleave;
  int32_t swizzle = m->swizzle;
  const char *swizzleName = kSwizzleNames[swizzle];
  if (interleave != CU_TENSOR_MAP_INTERLEAVE_NONE && m->rank < 3)
    return fail(b, n,
                "interleaved layouts need rank >= 3; the rank is %" PRId32,
                m->rank);
  if (dataType == CU_TENSOR_MAP_DATA_TYPE_16U6_ALIGN16B &&
      interleave != CU_TENSOR_MAP_INTERLEAVE_NONE)
    return fail(b, n, "data type 16U6_ALIGN16B needs interleave none");
  if (interleave == CU_TENSOR_MAP_INTERLEAVE_32B &&
      swizzle != CU_TENSOR_MAP_SWIZZLE_32B)
    return fail(b, n, "32B interleave needs swizzle 32B; the swizzle is %s",
                swizzleName);
  if (dataType == CU_TENSOR_MAP_DATA_TYPE_16U4_ALIGN16B &&
      swizzle != CU_TENSOR_MAP_SWIZZLE_NONE &&
      swizzle != CU_TENSOR_MAP_SWIZZLE_128B &&
      swizzle != CU_TENSOR_MAP_SWIZZLE_128B_ATOM_32B)
    return fail(b, n,
                "data type 16U4_ALIGN16B supports swizzle none, 128B and "
                "128B_ATOM_32B only; the swizzle is %s",
                swizzleName);
  if (dataType == CU_TENSOR_MAP_DATA_TYPE_16U6_ALIGN16B &&
      swizzle != CU_TENSOR_MAP_SWIZZLE_NONE &&
      swizzle != CU_TENSOR_MAP_SWIZZLE_128B &&
      swizzle != CU_TENSOR_MAP_SWIZZLE_128B_ATOM_32B &&
      swizzle != CU_TENSOR_MAP_SWIZZLE_128B_ATOM_64B)
    return fail(b, n,
                "data type 16U6_ALIGN16B supports swizzle none, 128B, "
                "128B_ATOM_32B and 128B_ATOM_64B only; the swizzle is %s",
                swizzleName);
  if (m->oobFill == CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA &&
      (!isFloat(dataType) || isPacked(dataType)))
    return fail(b, n,
                "NaN out-of-bounds fill needs a floating-point data type; the "
                "data type is %s",
                kDataTypeNames[dataType]);
  return 0;
}

static int checkAddress(const TensorMapArgs *m, char *b, size_t n) {
  if (!m->globalAddress)
    return fail(b, n, "the global address is NULL");
  uintptr_t address = (uintptr_t)m->globalAddress;
  unsigned addressAlign = 16;
  const char *addressWhy = "TMA needs 16";
  if (m->interleave == CU_TENSOR_MAP_INTERLEAVE_32B) {
    addressAlign = 32;
    addressWhy = "32B interleave needs 32";
  } else if (isAlign16BPacked(m->dataType)) {
    addressAlign = 32;
    addressWhy = m->dataType == CU_TENSOR_MAP_DATA_TYPE_16U4_ALIGN16B
                     ? "data type 16U4_ALIGN16B needs 32"
                     : "data type 16U6_ALIGN16B needs 32";
  }
  if (address % addressAlign)
    return fail(b, n,
                "the global address 0x%" PRIxPTR " is not %u-byte aligned; %s",
                address, addressAlign, addressWhy);
  return 0;
}

static int checkGlobalDims(const TensorMapArgs *m, char *b, size_t n) {
  const int64_t *globalDims = m->globalDims;
  // Innermost dimension, in IR (outermost-first) order.
  int inner = m->rank - 1;
  for (int32_t d = 0; d < m->rank; ++d)
    if (globalDims[d] < 1 || globalDims[d] > (INT64_C(1) << 32))
      return fail(b, n,
                  "global dimension %" PRId32 " is %" PRId64
                  "; it must be in [1, 2^32]",
                  d, globalDims[d]);
  if (isAlign16BPacked(m->dataType) && globalDims[inner] % 128)
    return fail(b, n,
                "the innermost global dimension (%d) is %" PRId64
                "; data type %s needs a multiple of 128",
                inner, globalDims[inner], kDataTypeNames[m->dataType]);
  if (m->dataType == CU_TENSOR_MAP_DATA_TYPE_16U4_ALIGN8B &&
      globalDims[inner] % 2)
    return fail(b, n,
                "the innermost global dimension (%d) is %" PRId64
                "; data type 16U4_ALIGN8B needs a multiple of 2",
                inner, globalDims[inner]);
  return 0;
}

// The strides of the outer dimensions (the innermost one is contiguous).
static int checkGlobalStrides(const TensorMapArgs *m, char *b, size_t n) {
  int64_t strideAlign = 16;
  const char *strideWhy = "";
  if (m->interleave == CU_TENSOR_MAP_INTERLEAVE_32B) {
    strideAlign = 32;
    strideWhy = " with 32B interleave";
  } else if (isAlign16BPacked(m->dataType)) {
    strideAlign = 32;
    strideWhy = m->dataType == CU_TENSOR_MAP_DATA_TYPE_16U4_ALIGN16B
                    ? " for data type 16U4_ALIGN16B"
                    : " for data type 16U6_ALIGN16B";
  }
  int64_t innerDim = m->globalDims[m->rank - 1];
  uint64_t rowBits = (uint64_t)innerDim * kGlobalBits[m->dataType];
  int64_t rowBytes = (int64_t)((rowBits + 7) / 8);
  for (int32_t d = 0; d < m->rank - 1; ++d) {
    int64_t stride = m->globalStridesBytes[d];
    if (stride <= 0)
      return fail(b, n,
                  "global stride of dimension %" PRId32 " is %" PRId64
                  " bytes; it must be positive",
                  d, stride);
    if (stride % strideAlign)
      return fail(b, n,
                  "global stride of dimension %" PRId32 " is %" PRId64
                  " bytes; TMA needs a multiple of %" PRId64 "%s",
                  d, stride, strideAlign, strideWhy);
    if (stride >= (INT64_C(1) << 40))
      return fail(b, n,
                  "global stride of dimension %" PRId32 " is %" PRId64
                  " bytes; it must be less than 2^40",
                  d, stride);
    // The innermost dimension is contiguous, so any other dimension (of more
    // than one element) must step over a whole row of it; a smaller stride
    // means the strides were computed for a different (e.g. unpadded or
    // transposed) tensor.
    if (m->globalDims[d] > 1 && stride < rowBytes)
      return fail(b, n,
                  "global stride of dimension %" PRId32 " is %" PRId64
                  " bytes, less than the %" PRId64
                  " bytes of the innermost dimension (%" PRId64
                  " elements): rows would overlap",
                  d, stride, rowBytes, innerDim);
  }
  return 0;
}

static int checkBox(const TensorMapArgs *m, char *b, size_t n) {
  const int32_t *boxDims = m->boxDims;
  int inner = m->rank - 1;
  const char *typeName = kDataTypeNames[m->dataType];
  for (int32_t d = 0; d < m->rank; ++d)
    if (boxDims[d] < 1 || boxDims[d] > 256)
      return fail(b, n,
                  "TMA box dimension %" PRId32 " is %" PRId32
                  "; it must be in [1, 256]",
                  d, boxDims[d]);
  if (isAlign16BPacked(m->dataType) && boxDims[inner] != 128)
    return fail(b, n,
                "data type %s needs an inner box dimension of 128; it is "
                "%" PRId32,
                typeName, boxDims[inner]);
  uint64_t innerBoxBits = (uint64_t)boxDims[inner] * kBoxBits[m->dataType];
  char innerBytes[32];
  formatBytes(innerBytes, sizeof(innerBytes), innerBoxBits);
  // cuda.h states this for interleave none only; the driver (580) enforces
  // it for interleaved layouts too.
  if (innerBoxBits % 128)
    return fail(b, n,
                "the inner TMA box dimension is %s bytes (%" PRId32
                " x %s); it must be a multiple of 16 bytes",
                innerBytes, boxDims[inner], typeName);
  if (m->interleave == CU_TENSOR_MAP_INTERLEAVE_NONE &&
      m->swizzle != CU_TENSOR_MAP_SWIZZLE_NONE &&
      innerBoxBits > 8u * kSwizzleSpan[m->swizzle])
    return fail(b, n,
                "the inner TMA box dimension is %s bytes (%" PRId32
                " x %s); swizzle %s allows at most %u",
                innerBytes, boxDims[inner], typeName, kSwizzleNames[m->swizzle],
                kSwizzleSpan[m->swizzle]);
  return 0;
}

static int checkElementStrides(const TensorMapArgs *m, char *b, size_t n) {
  if (m->elementStrides)
    for (int32_t d = 0; d < m->rank; ++d)
      if (m->elementStrides[d] < 1 || m->elementStrides[d] > 8)
        return fail(b, n,
                    "element stride of dimension %" PRId32 " is %" PRId32
                    "; it must be in [1, 8]",
                    d, m->elementStrides[d]);
  return 0;
}

int tileRtValidateTensorMap(
    int32_t dataType, int32_t rank, const void *globalAddress,
    const int64_t *globalDims, const int64_t *globalStridesBytes,
    const int32_t *boxDims, const int32_t *elementStrides, int32_t interleave,
    int32_t swizzle, int32_t l2Promotion, int32_t oobFill, char *errorBuf,
    size_t errorBufSize) {
  if (errorBuf && errorBufSize)
    errorBuf[0] = '\0';
  TensorMapArgs m = {.dataType = dataType,
                     .rank = rank,
                     .globalAddress = globalAddress,
                     .globalDims = globalDims,
                     .globalStridesBytes = globalStridesBytes,
                     .boxDims = boxDims,
                     .elementStrides = elementStrides,
                     .interleave = interleave,
                     .swizzle = swizzle,
                     .l2Promotion = l2Promotion,
                     .oobFill = oobFill};
  // In this order: each check relies on the ones before (ranges of the
  // enumerations, non-NULL arrays) and reports the first rule broken.
  char *b = errorBuf;
  size_t n = errorBufSize;
  return checkEnumerations(&m, b, n) || checkNotEmpty(&m, b, n) ||
         checkCombinations(&m, b, n) ||
         checkAddress(&m, b, n) || checkGlobalDims(&m, b, n) ||
         checkGlobalStrides(&m, b, n) || checkBox(&m, b, n) ||
         checkElementStrides(&m, b, n);
}

int tileRtValidateTensorMapForDevice(int32_t dataType, int32_t rank,
                                     const int32_t *boxDims,
                                     const int32_t *elementStrides,
                                     int32_t interleave, int32_t swizzle,
                                     int32_t computeCapability,
                                     int64_t maxSharedBytes, char *errorBuf,
                                     size_t errorBufSize) {
  char *b = errorBuf;
  size_t n = errorBufSize;
  if (b && n)
    b[0] = '\0';
  int major = computeCapability / 10, minor = computeCapability % 10;
  if (computeCapability < 90)
    return fail(b, n,
                "tensor maps need compute capability 9.0 or newer; the "
                "device is %d.%d",
                major, minor);
  // Blackwell additions: the driver rejects them on Hopper.
  if (computeCapability < 100 &&
      swizzle >= CU_TENSOR_MAP_SWIZZLE_128B_ATOM_32B && swizzle < kNumSwizzles)
    return fail(b, n,
                "swizzle %s needs compute capability 10.0 or newer; the "
                "device is %d.%d",
                kSwizzleNames[swizzle], major, minor);
  if (computeCapability < 100 && isPacked(dataType) && dataType < kNumDataTypes)
    return fail(b, n,
                "data type %s needs compute capability 10.0 or newer; the "
                "device is %d.%d",
                kDataTypeNames[dataType], major, minor);
  if (rank < 1 || rank > 5 || !boxDims || dataType < 0 ||
      dataType >= kNumDataTypes)
    return 0; // tileRtValidateTensorMap reports these.
  // What one copy lands in shared memory: ceil(box / elementStride) elements
  // per dimension (the innermost stride is ignored without interleave).
  uint64_t bits = kBoxBits[dataType];
  for (int32_t d = 0; d < rank; ++d) {
    int64_t box = boxDims[d] > 0 ? boxDims[d] : 0;
    int64_t step =
        elementStrides && elementStrides[d] > 0 ? elementStrides[d] : 1;
    if (d == rank - 1 && interleave == CU_TENSOR_MAP_INTERLEAVE_NONE)
      step = 1;
    bits *= (uint64_t)((box + step - 1) / step);
  }
  if (maxSharedBytes > 0 && bits / 8 > (uint64_t)maxSharedBytes)
    return fail(b, n,
                "the TMA box is %" PRIu64
                " bytes; a block's shared memory holds at most %" PRId64
                " on this device",
                bits / 8, maxSharedBytes);
  return 0;
}

int tileRtValidateTensorMapUses(int32_t dataType, int32_t rank,
                                const int64_t *globalDims, int32_t uses,
                                char *errorBuf, size_t errorBufSize) {
  char *b = errorBuf;
  size_t n = errorBufSize;
  if (b && n)
    b[0] = '\0';
  if (uses & ~TILE_RT_TENSOR_MAP_WRITTEN)
    return fail(b, n,
                "tensor map uses are 0x%" PRIx32
                "; the only flag is TILE_RT_TENSOR_MAP_WRITTEN (1)",
                (uint32_t)uses);
  if (!(uses & TILE_RT_TENSOR_MAP_WRITTEN) || rank < 1 || rank > 5 ||
      !globalDims || dataType < 0 || dataType >= kNumDataTypes)
    return 0; // tileRtValidateTensorMap reports these.
  int64_t inner = globalDims[rank - 1];
  if (inner < 1 || inner > (INT64_C(1) << 32))
    return 0;
  uint64_t rowBits = (uint64_t)inner * kGlobalBits[dataType];
  if (rowBits % 128 == 0)
    return 0;
  char row[32], past[32];
  formatBytes(row, sizeof(row), rowBits);
  formatBytes(past, sizeof(past), 128 - rowBits % 128);
  return fail(b, n,
              "a kernel writes through this tensor map (TMA store or "
              "reduction), but a row of the tensor is %" PRId64
              " x %s = %s bytes, not a multiple of 16: TMA stores write "
              "whole 16-byte units, so a store reaching the end of a row "
              "would also write the %s bytes after it; make the innermost "
              "dimension a whole number of 16-byte units, or store the tile "
              "another way",
              inner, kDataTypeNames[dataType], row, past);
}

int tileRtMakeTensorMapChecked(
    void *out, int32_t dataType, int32_t rank, const void *globalAddress,
    const int64_t *globalDims, const int64_t *globalStridesBytes,
    const int32_t *boxDims, const int32_t *elementStrides, int32_t interleave,
    int32_t swizzle, int32_t l2Promotion, int32_t oobFill, int32_t uses,
    char *errorBuf, size_t errorBufSize) {
  if (!out)
    return fail(errorBuf, errorBufSize, "the output tensor map is NULL");
  if (tileRtValidateTensorMap(dataType, rank, globalAddress, globalDims,
                              globalStridesBytes, boxDims, elementStrides,
                              interleave, swizzle, l2Promotion, oobFill,
                              errorBuf, errorBufSize) ||
      tileRtValidateTensorMapUses(dataType, rank, globalDims, uses, errorBuf,
                                  errorBufSize))
    return 1;
  tileRtEnsureContext();
  int computeCapability =
      10 * tileRtDeviceAttribute(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR) +
      tileRtDeviceAttribute(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR);
  int maxShared = tileRtDeviceAttribute(
      CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN);
  if (tileRtValidateTensorMapForDevice(dataType, rank, boxDims, elementStrides,
                                       interleave, swizzle, computeCapability,
                                       maxShared, errorBuf, errorBufSize))
    return 1;
  if (!tileRtDrv.tensorMapEncodeTiled) {
    fail(errorBuf, errorBufSize,
         "the CUDA driver does not export cuTensorMapEncodeTiled");
    return 2;
  }
  // The driver numbers dimensions innermost first.
  cuuint64_t dims[5], strides[4];
  cuuint32_t box[5], steps[5];
  for (int32_t i = 0; i < rank; ++i) {
    dims[i] = (cuuint64_t)globalDims[rank - 1 - i];
    box[i] = (cuuint32_t)boxDims[rank - 1 - i];
    steps[i] = elementStrides ? (cuuint32_t)elementStrides[rank - 1 - i] : 1;
  }
  for (int32_t i = 0; i + 1 < rank; ++i)
    strides[i] = (cuuint64_t)globalStridesBytes[rank - 2 - i];
  // CUtensorMap is declared 128-byte aligned; the caller's buffer may not be.
  CUtensorMap map;
  memset(&map, 0, sizeof(map));
  CUresult result = tileRtDrv.tensorMapEncodeTiled(
      &map, (CUtensorMapDataType)dataType, (cuuint32_t)rank,
      (void *)(uintptr_t)globalAddress, dims, strides, box, steps,
      (CUtensorMapInterleave)interleave, (CUtensorMapSwizzle)swizzle,
      (CUtensorMapL2promotion)l2Promotion, (CUtensorMapFloatOOBfill)oobFill);
  if (result != CUDA_SUCCESS) {
    const char *name, *text;
    tileRtDescribeCu(result, &name, &text);
    fail(errorBuf, errorBufSize, "cuTensorMapEncodeTiled failed: %s: %s", name,
         text);
    return 2;
  }
  memcpy(out, &map, sizeof(map));
  return 0;
}

void tileRtMakeTensorMap(void *out, int32_t dataType, int32_t rank,
                         const void *globalAddress, const int64_t *globalDims,
                         const int64_t *globalStridesBytes,
                         const int32_t *boxDims, const int32_t *elementStrides,
                         int32_t interleave, int32_t swizzle,
                         int32_t l2Promotion, int32_t oobFill, int32_t uses) {
  char message[512];
  if (tileRtMakeTensorMapChecked(out, dataType, rank, globalAddress, globalDims,
                                 globalStridesBytes, boxDims, elementStrides,
                                 interleave, swizzle, l2Promotion, oobFill,
                                 uses, message, sizeof(message)))
    tileRtFatal("tensor map rejected: %s", message);
}
