/*===- NumberFormats.c - Host conversions and the seeded generator --------===*\
|*                                                                            *|
|* Pure host code (no CUDA): element sizes, float <-> f16/bf16/fp8/fp4        *|
|* conversions with round-to-nearest-even, and the deterministic random       *|
|* values tileRtFillRandom puts on the device.                                *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "TestSupportInternal.h"

#include <math.h>
#include <string.h>

/*===----------------------------------------------------------------------===*\
|* Element types                                                              *|
\*===----------------------------------------------------------------------===*/

int64_t tileRtDTypeSizeBytes(int32_t dtype, int64_t count) {
  switch (dtype) {
  case TILE_RT_F64:
  case TILE_RT_I64:
    return count * 8;
  case TILE_RT_F32:
  case TILE_RT_I32:
    return count * 4;
  case TILE_RT_F16:
  case TILE_RT_BF16:
  case TILE_RT_I16:
    return count * 2;
  case TILE_RT_F8E4M3:
  case TILE_RT_F8E5M2:
  case TILE_RT_I8:
    return count;
  case TILE_RT_FP4E2M1:
    return (count + 1) / 2;
  default:
    return -1;
  }
}

const char *tileRtDTypeName(int32_t dtype) {
  static const char *const names[] = {"f32",    "f16",     "bf16", "f8e4m3",
                                      "f8e5m2", "fp4e2m1", "i8",   "i32",
                                      "f64",    "i16",     "i64"};
  if (dtype < 0 || dtype >= (int32_t)(sizeof(names) / sizeof(names[0])))
    return "unknown";
  return names[dtype];
}

static void requireKnown(int32_t dtype) {
  if (tileRtDTypeSizeBytes(dtype, 1) < 0)
    tileRtFatal("unknown element type %d (see TileRtDType)", dtype);
}

/*===----------------------------------------------------------------------===*\
|* Small float formats                                                        *|
\*===----------------------------------------------------------------------===*/

static uint32_t floatBits(float f) {
  uint32_t u;
  memcpy(&u, &f, sizeof(u));
  return u;
}

static float bitsFloat(uint32_t u) {
  float f;
  memcpy(&f, &u, sizeof(f));
  return f;
}

/// A format with an implicit leading one, subnormals at exponent field 0 and
/// all codes up to maxCode finite.
typedef struct MiniFloat {
  int expBits, manBits, bias;
  uint32_t maxCode; // Largest finite magnitude code.
  uint32_t nanCode; // What NaN encodes to (no sign).
  int ieeeSpecials; // Exponent field all ones is Inf/NaN (e5m2, f16).
  int nanIsAllOnes; // Only S.1111.111 is NaN (e4m3fn).
} MiniFloat;

static const MiniFloat kE4M3 = {4, 3, 7, 0x7E, 0x7F, 0, 1};
static const MiniFloat kE5M2 = {5, 2, 15, 0x7B, 0x7F, 1, 0};
static const MiniFloat kE2M1 = {2, 1, 1, 0x7, 0x7, 0, 0};
static const MiniFloat kF16 = {5, 10, 15, 0x7BFF, 0x7E00, 1, 0};

// Round to nearest even by scaling into an integer significand: every step is
// exact in double, so rint() makes the only rounding decision. Magnitudes
// past the largest finite value saturate (the callers that want infinity
// handle it before).
static uint32_t encodeMini(const MiniFloat *fmt, float x) {
  if (isnan(x))
    return fmt->nanCode;
  uint32_t sign = signbit(x) ? 1u << (fmt->expBits + fmt->manBits) : 0;
  double a = fabs((double)x);
  int emin = 1 - fmt->bias;
  uint32_t code;
  if (isinf(a)) {
    code = fmt->maxCode;
  } else if (a < ldexp(1.0, emin)) {
    code = (uint32_t)rint(ldexp(a, fmt->manBits - emin)); // Subnormal.
  } else {
    int e;
    frexp(a, &e);
    e -= 1; // a is in [2^e, 2^(e+1)).
    double m = rint(ldexp(a, fmt->manBits - e));
    if (m >= ldexp(1.0, fmt->manBits + 1)) {
      m = ldexp(1.0, fmt->manBits);
      ++e;
    }
    int field = e + fmt->bias;
    if (field >= (1 << fmt->expBits))
      code = UINT32_MAX;
    else
      code = ((uint32_t)field << fmt->manBits) |
             ((uint32_t)m - (1u << fmt->manBits));
  }
  if (code > fmt->maxCode)
    code = fmt->maxCode;
  return sign | code;
}

static float decodeMini(const MiniFloat *fmt, uint32_t code) {
  uint32_t magnitudeMask = (1u << (fmt->expBits + fmt->manBits)) - 1;
  uint32_t magnitude = code & magnitudeMask;
  int negative = (code >> (fmt->expBits + fmt->manBits)) & 1;
  uint32_t field = magnitude >> fmt->manBits;
  uint32_t mantissa = magnitude & ((1u << fmt->manBits) - 1);
  double value;
  if (fmt->nanIsAllOnes && magnitude == magnitudeMask)
    return NAN;
  if (fmt->ieeeSpecials && field == (1u << fmt->expBits) - 1) {
    if (mantissa)
      return NAN;
    value = INFINITY;
  } else if (field == 0) {
    value = ldexp((double)mantissa, 1 - fmt->bias - fmt->manBits);
  } else {
    value = ldexp((double)(mantissa + (1u << fmt->manBits)),
                  (int)field - fmt->bias - fmt->manBits);
  }
  return (float)(negative ? -value : value);
}

static uint16_t floatToF16(float x) {
  uint32_t bits = floatBits(x);
  uint16_t sign = (uint16_t)((bits >> 16) & 0x8000);
  uint32_t magnitude = bits & 0x7FFFFFFF;
  if (magnitude > 0x7F800000) // NaN: keep the top payload bits, make quiet.
    return sign | 0x7E00 | (uint16_t)((magnitude >> 13) & 0x1FF);
  if (magnitude >= 0x477FF000) // >= 65520 rounds to infinity.
    return sign | 0x7C00;
  return sign | (uint16_t)encodeMini(&kF16, bitsFloat(magnitude));
}

static uint16_t floatToBF16(float x) {
  uint32_t bits = floatBits(x);
  if ((bits & 0x7FFFFFFF) > 0x7F800000)
    return (uint16_t)((bits >> 16) | 0x40); // Quiet NaN, sign kept.
  // Adding 0x7FFF plus the lowest kept bit rounds to nearest even; a carry
  // out of the mantissa correctly bumps the exponent (up to infinity).
  bits += 0x7FFF + ((bits >> 16) & 1);
  return (uint16_t)(bits >> 16);
}

static float f16ToFloat(uint16_t h) { return decodeMini(&kF16, h); }

static float bf16ToFloat(uint16_t h) { return bitsFloat((uint32_t)h << 16); }

// Integers round to nearest even and saturate; NaN has no integer, use 0.
static double roundSaturate(double x, double lo, double hi) {
  if (isnan(x))
    return 0;
  x = rint(x);
  return x < lo ? lo : x > hi ? hi : x;
}

static uint8_t fp4Nibble(const void *base, int64_t index) {
  uint8_t byte = ((const uint8_t *)base)[index / 2];
  return index % 2 ? (uint8_t)(byte >> 4) : (uint8_t)(byte & 0xF);
}

static void setFp4Nibble(void *base, int64_t index, uint8_t code) {
  uint8_t *byte = (uint8_t *)base + index / 2;
  if (index % 2)
    *byte = (uint8_t)((*byte & 0x0F) | (code << 4));
  else
    *byte = (uint8_t)((*byte & 0xF0) | (code & 0xF));
}

double tileRtLoadElement(const void *base, int64_t i, int32_t dtype) {
  switch (dtype) {
  case TILE_RT_F32:
    return ((const float *)base)[i];
  case TILE_RT_F64:
    return ((const double *)base)[i];
  case TILE_RT_F16:
    return f16ToFloat(((const uint16_t *)base)[i]);
  case TILE_RT_BF16:
    return bf16ToFloat(((const uint16_t *)base)[i]);
  case TILE_RT_F8E4M3:
    return decodeMini(&kE4M3, ((const uint8_t *)base)[i]);
  case TILE_RT_F8E5M2:
    return decodeMini(&kE5M2, ((const uint8_t *)base)[i]);
  case TILE_RT_FP4E2M1:
    return decodeMini(&kE2M1, fp4Nibble(base, i));
  case TILE_RT_I8:
    return ((const int8_t *)base)[i];
  case TILE_RT_I16:
    return ((const int16_t *)base)[i];
  case TILE_RT_I32:
    return ((const int32_t *)base)[i];
  case TILE_RT_I64:
    return (double)((const int64_t *)base)[i];
  default:
    requireKnown(dtype);
    return 0;
  }
}

void tileRtStoreElement(void *base, int64_t i, int32_t dtype, double value) {
  float f = (float)value;
  switch (dtype) {
  case TILE_RT_F32:
    ((float *)base)[i] = f;
    return;
  case TILE_RT_F64:
    ((double *)base)[i] = value;
    return;
  case TILE_RT_F16:
    ((uint16_t *)base)[i] = floatToF16(f);
    return;
  case TILE_RT_BF16:
    ((uint16_t *)base)[i] = floatToBF16(f);
    return;
  case TILE_RT_F8E4M3:
    ((uint8_t *)base)[i] = (uint8_t)encodeMini(&kE4M3, f);
    return;
  case TILE_RT_F8E5M2:
    ((uint8_t *)base)[i] = (uint8_t)encodeMini(&kE5M2, f);
    return;
  case TILE_RT_FP4E2M1:
    setFp4Nibble(base, i, (uint8_t)encodeMini(&kE2M1, f));
    return;
  case TILE_RT_I8:
    ((int8_t *)base)[i] = (int8_t)roundSaturate(value, INT8_MIN, INT8_MAX);
    return;
  case TILE_RT_I16:
    ((int16_t *)base)[i] = (int16_t)roundSaturate(value, INT16_MIN, INT16_MAX);
    return;
  case TILE_RT_I32:
    ((int32_t *)base)[i] = (int32_t)roundSaturate(value, INT32_MIN, INT32_MAX);
    return;
  case TILE_RT_I64:
    // 2^63 is the first double past INT64_MAX; clamp below it.
    ((int64_t *)base)[i] =
        (int64_t)roundSaturate(value, -0x1p63, 0x1.fffffffffffffp62);
    return;
  default:
    requireKnown(dtype);
  }
}

void tileRtConvertFromF32(void *dst, const float *src, int64_t count,
                          int32_t dtype) {
  requireKnown(dtype);
  if (dtype == TILE_RT_FP4E2M1 && count % 2)
    ((uint8_t *)dst)[count / 2] = 0; // Defined padding nibble.
  for (int64_t i = 0; i < count; ++i)
    tileRtStoreElement(dst, i, dtype, src[i]);
}

void tileRtConvertToF32(float *dst, const void *src, int64_t count,
                        int32_t dtype) {
  requireKnown(dtype);
  for (int64_t i = 0; i < count; ++i)
    dst[i] = (float)tileRtLoadElement(src, i, dtype);
}

/*===----------------------------------------------------------------------===*\
|* Seeded random values                                                       *|
\*===----------------------------------------------------------------------===*/

// xoshiro256** seeded through splitmix64 (the seeding its authors
// recommend): a given seed yields the same stream on every machine.
typedef struct Rng {
  uint64_t s[4];
} Rng;

static uint64_t splitmix64(uint64_t *state) {
  uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static uint64_t rngNext(Rng *r) {
  uint64_t *s = r->s;
  uint64_t result = rotl(s[1] * 5, 7) * 9;
  uint64_t t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl(s[3], 45);
  return result;
}

static void rngSeed(Rng *r, uint64_t seed) {
  for (int i = 0; i < 4; ++i)
    r->s[i] = splitmix64(&seed);
}

// Uniform in [-1, 1) with 53 random bits.
static double rngSigned(Rng *r) {
  return 2.0 * ((double)(rngNext(r) >> 11) * 0x1p-53) - 1.0;
}

void tileRtRandomHost(void *host, int64_t count, int32_t dtype, uint64_t seed) {
  requireKnown(dtype);
  Rng rng;
  rngSeed(&rng, seed);
  if (dtype == TILE_RT_FP4E2M1 && count % 2)
    ((uint8_t *)host)[count / 2] = 0;
  for (int64_t i = 0; i < count; ++i) {
    switch (dtype) {
    case TILE_RT_FP4E2M1: {
      // Only +-0.5 and -1 lie in [-1, 1): use every nonzero code instead.
      uint32_t pick = (uint32_t)((rngNext(&rng) >> 32) % 14);
      setFp4Nibble(host, i, (uint8_t)(pick < 7 ? pick + 1 : pick + 2));
      break;
    }
    case TILE_RT_I8:
    case TILE_RT_I16:
    case TILE_RT_I32:
    case TILE_RT_I64: {
      int v;
      do
        v = (int)(rngNext(&rng) >> 60) - 8; // Top 4 bits: [-8, 8).
      while (v == 0);
      tileRtStoreElement(host, i, dtype, v);
      break;
    }
    case TILE_RT_F64: {
      double v;
      do
        v = rngSigned(&rng);
      while (v == 0.0);
      ((double *)host)[i] = v;
      break;
    }
    default: {
      // Redraw values that round to 0 or up to 1 in the narrow type, so
      // that every stored value is nonzero and in [-1, 1).
      for (;;) {
        tileRtStoreElement(host, i, dtype, rngSigned(&rng));
        double stored = tileRtLoadElement(host, i, dtype);
        if (stored != 0.0 && stored < 1.0)
          break;
      }
      break;
    }
    }
  }
}
