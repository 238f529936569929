/*===- Attention.c - Reference attention forward --------------------------===*\
|*                                                                            *|
|* A host reference (double) for the attention integration tests and the     *|
|* benchmark, and a row softmax, attention's building block. A full reference is S^2 D work per head, seconds on a host for *|
|* the benchmark's shapes, so large problems are checked on a spread sample  *|
|* of query rows (every head and every residue of the row index is hit).     *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "TestSupportInternal.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

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
  double *scores = tileRtHostAlloc(sizeof(double) * (size_t)seq);
  double *expected = tileRtHostAlloc(sizeof(double) * (size_t)headDim);
  Errors errors = {0, 0, 0, 0, 0};
  int64_t checked = 0;
  for (int64_t row = 0; row < rows; row += step, ++checked) {
    double expectedLse = referenceRow(&in, row, scores, expected);
    compareRow(expected, o + row * headDim, headDim, &errors);
    if (lse) {
      double diff = fabs((double)lse[row] - expectedLse);
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
  free(scores);
  free(expected);
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
