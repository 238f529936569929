/*===- Attention.c - Reference attention forward --------------------------===*\
|*                                                                            *|
|* A host reference (double) for the attention integration tests and the     *|
|* benchmark, and a row softmax, attention's building block. A full          *|
|* reference is S^2 D work per head, seconds on a host for the benchmark's   *|
|* shapes, so large problems are checked on a spread sample of query rows    *|
|* (every head and every residue of the row index is hit), and the rows of   *|
|* the last problem are reused while its inputs stay the same.               *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "TestSupportInternal.h"

#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Rows of one problem the reference evaluates: all of them up to this many,
// else an evenly strided sample of about this many.
enum { kMaxReferenceRows = 768 };

typedef struct {
  float *q, *k, *v; // [pairs, S, D]
  int64_t S, D;
  int causal;
  double scale;
} AttentionInputs;

// out[D] = softmax(scale * q_row K^T) V for flattened row `row` (pair * S +
// query); returns the natural-log log-sum-exp of the scaled scores.
static double referenceRow(const AttentionInputs *in, int64_t row,
                           double *scores, double *out) {
  int64_t pair = row / in->S, query = row % in->S;
  const float *q = in->q + row * in->D;
  const float *k = in->k + pair * in->S * in->D;
  const float *v = in->v + pair * in->S * in->D;
  int64_t keys = in->causal ? query + 1 : in->S;
  double maximum = -INFINITY;
  for (int64_t j = 0; j < keys; ++j) {
    double dot = 0;
    for (int64_t d = 0; d < in->D; ++d)
      dot += (double)q[d] * (double)k[j * in->D + d];
    scores[j] = dot * in->scale;
    maximum = fmax(maximum, scores[j]);
  }
  double sum = 0;
  for (int64_t d = 0; d < in->D; ++d)
    out[d] = 0;
  for (int64_t j = 0; j < keys; ++j) {
    double p = exp(scores[j] - maximum);
    sum += p;
    for (int64_t d = 0; d < in->D; ++d)
      out[d] += p * (double)v[j * in->D + d];
  }
  for (int64_t d = 0; d < in->D; ++d)
    out[d] /= sum;
  return maximum + log(sum);
}

typedef struct {
  double diffSq, refSq, maxAbs, lseMaxAbs;
  int64_t nonfinite;
} Errors;

// The reference rows of the last problem checked, reused when the next
// check has the same inputs: the benchmark and the tests run every variant
// on the same random Q, K and V, and a reference row costs S D work in
// double on the host (seconds per problem at 16k tokens). The inputs are
// compared by a 64-bit hash of their values and the problem's parameters.
static struct {
  uint64_t key;
  int64_t rows, step, headDim;
  double *expected; // [checked rows, D]
  double *lse;      // [checked rows]
} referenceCache;

// FNV-1a over the 32-bit words of `count` floats, continuing from `hash`
// (a word at a time: the benchmark's inputs are 100M floats).
static uint64_t hashFloats(uint64_t hash, const float *values, int64_t count) {
  for (int64_t i = 0; i < count; ++i) {
    uint32_t word;
    memcpy(&word, &values[i], sizeof(word));
    hash = (hash ^ word) * 1099511628211ull;
  }
  return hash;
}

static uint64_t referenceKey(const AttentionInputs *in, int64_t rows) {
  double params[5] = {(double)rows, (double)in->S, (double)in->D,
                      (double)in->causal, in->scale};
  uint64_t hash = 14695981039346656037ull;
  for (int i = 0; i < 5; ++i) {
    uint64_t word;
    memcpy(&word, &params[i], sizeof(word));
    hash = (hash ^ word) * 1099511628211ull;
  }
  int64_t count = rows * in->D;
  hash = hashFloats(hash, in->q, count);
  hash = hashFloats(hash, in->k, count);
  return hashFloats(hash, in->v, count);
}

// The expected rows (every `step`-th) and their log-sum-exp for `in`: from
// the cache when its key matches, else computed and cached.
static void referenceRows(const AttentionInputs *in, int64_t rows,
                          int64_t step, const double **expected,
                          const double **lse) {
  uint64_t key = referenceKey(in, rows);
  if (!referenceCache.expected || referenceCache.key != key ||
      referenceCache.rows != rows || referenceCache.step != step ||
      referenceCache.headDim != in->D) {
    int64_t checked = (rows + step - 1) / step;
    free(referenceCache.expected);
    free(referenceCache.lse);
    referenceCache.expected =
        tileRtHostAlloc(sizeof(double) * (size_t)(checked * in->D));
    referenceCache.lse = tileRtHostAlloc(sizeof(double) * (size_t)checked);
    double *scores = tileRtHostAlloc(sizeof(double) * (size_t)in->S);
    for (int64_t i = 0; i < checked; ++i)
      referenceCache.lse[i] = referenceRow(
          in, i * step, scores, referenceCache.expected + i * in->D);
    free(scores);
    referenceCache.key = key;
    referenceCache.rows = rows;
    referenceCache.step = step;
    referenceCache.headDim = in->D;
  }
  *expected = referenceCache.expected;
  *lse = referenceCache.lse;
}

static void compareRow(const double *expected, const float *actual, int64_t D,
                       Errors *errors) {
  for (int64_t d = 0; d < D; ++d) {
    if (!isfinite(actual[d])) {
      ++errors->nonfinite;
      continue;
    }
    double diff = actual[d] - expected[d];
    errors->diffSq += diff * diff;
    errors->refSq += expected[d] * expected[d];
    errors->maxAbs = fmax(errors->maxAbs, fabs(diff));
  }
}

int tileRtCheckAttention(const char *name, const void *devQ, const void *devK,
                         const void *devV, const void *devO, const void *devLse,
                         int64_t batch, int64_t heads, int64_t seq,
                         int64_t headDim, int32_t inDtype, int32_t outDtype,
                         int32_t causal, double scale, double tolerance) {
  if (batch < 1 || heads < 1 || seq < 1 || headDim < 1)
    tileRtFatal("tileRtCheckAttention: B=%" PRId64 " H=%" PRId64 " S=%" PRId64
                " D=%" PRId64 " must each be at least 1",
                batch, heads, seq, headDim);
  int64_t rows = batch * heads * seq, count = rows * headDim;
  AttentionInputs in = {tileRtDownloadAsF32(devQ, count, inDtype),
                        tileRtDownloadAsF32(devK, count, inDtype),
                        tileRtDownloadAsF32(devV, count, inDtype),
                        seq,
                        headDim,
                        causal != 0,
                        scale};
  float *o = tileRtDownloadAsF32(devO, count, outDtype);
  float *lse = devLse ? tileRtDownloadAsF32(devLse, rows, TILE_RT_F32) : NULL;
  // An odd stride walks every head and, across heads, every residue of the
  // query index modulo the kernel's block.
  int64_t step = rows <= kMaxReferenceRows ? 1 : (rows / kMaxReferenceRows) | 1;
  const double *expected, *expectedLse;
  referenceRows(&in, rows, step, &expected, &expectedLse);
  Errors errors = {0, 0, 0, 0, 0};
  int64_t checked = 0;
  for (int64_t row = 0; row < rows; row += step, ++checked) {
    compareRow(expected + checked * headDim, o + row * headDim, headDim,
               &errors);
    if (lse) {
      double diff = fabs((double)lse[row] - expectedLse[checked]);
      errors.lseMaxAbs =
          isfinite(lse[row]) ? fmax(errors.lseMaxAbs, diff) : INFINITY;
    }
  }
  double relErr = errors.refSq > 0     ? sqrt(errors.diffSq / errors.refSq)
                  : errors.diffSq == 0 ? 0.0
                                       : INFINITY;
  // The log-sum-exp is compared absolutely: a relative bound would be
  // loose for large scores and tight near zero.
  int pass = errors.nonfinite == 0 && relErr <= tolerance &&
             errors.lseMaxAbs <= tolerance;
  printf("%s: B=%" PRId64 " H=%" PRId64 " S=%" PRId64 " D=%" PRId64
         " causal=%d rows_checked=%" PRId64 "/%" PRId64
         " rel_err=%.3e max_abs_err=%.3e lse_max_abs_err=%.3e"
         " nonfinite=%" PRId64 " -> %s\n",
         name, batch, heads, seq, headDim, causal != 0, checked, rows, relErr,
         errors.maxAbs, errors.lseMaxAbs, errors.nonfinite,
         pass ? "PASS" : "FAIL");
  fflush(stdout);
  tileRtRecordCheck(pass);
  free(in.q);
  free(in.k);
  free(in.v);
  free(o);
  free(lse);
  return pass ? 0 : 1;
}

void tileRtReportAttention(const char *name, int64_t batch, int64_t heads,
                           int64_t seq, int64_t headDim, int32_t causal,
                           double ms) {
  // Two S x S x D products per head; a causal mask halves the useful work.
  double flops = 4.0 * (double)batch * (double)heads * (double)seq *
                 (double)seq * (double)headDim / (causal ? 2.0 : 1.0);
  printf("%s B=%" PRId64 " H=%" PRId64 " S=%" PRId64 " D=%" PRId64
         " causal=%d  tilemlir %7.1f TFLOP/s (%8.3f ms)\n",
         name, batch, heads, seq, headDim, causal != 0,
         flops / (ms * 1e-3) / 1e12, ms);
  fflush(stdout);
}

void tileRtReferenceRowSoftmax(const void *devX, void *devY, int64_t rows,
                               int64_t cols) {
  if (rows < 0 || cols < 1)
    tileRtFatal("tileRtReferenceRowSoftmax: rows=%" PRId64 " cols=%" PRId64
                ": expected rows >= 0 and cols >= 1",
                rows, cols);
  tileRtSynchronize();
  float *x = tileRtDownloadAsF32(devX, rows * cols, TILE_RT_F32);
  for (int64_t r = 0; r < rows; ++r) {
    float *row = x + r * cols;
    double max = row[0], sum = 0;
    for (int64_t c = 1; c < cols; ++c)
      max = row[c] > max ? row[c] : max;
    for (int64_t c = 0; c < cols; ++c)
      sum += exp((double)row[c] - max);
    for (int64_t c = 0; c < cols; ++c)
      row[c] = (float)(exp((double)row[c] - max) / sum);
  }
  tileRtCopyToDevice(devY, x, rows * cols * (int64_t)sizeof(float));
  free(x);
}
