// RUN: tile-opt %s -split-input-file -verify-diagnostics

// The size of a shared buffer is computed with overflow checks (this shape
// used to wrap around to 16 bytes).

// expected-error @+1 {{shared buffer of shape [4611686018427387905, 4] with 32-bit elements has more than 9223372036854775807 bits, far beyond the 232448 bytes of shared memory a CTA can use}}
func.func private @f(%x: !tile.smem<4611686018427387905x4xf32>)

// -----

// The largest representable size still verifies (operations that use such
// a buffer report that it does not fit).
func.func private @f(%x: !tile.smem<1099511627776x8xi8>)
