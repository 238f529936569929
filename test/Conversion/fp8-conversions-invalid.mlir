// RUN: tile-opt %s --pass-pipeline='builtin.module(gpu.module(convert-tile-kernels-to-nvvm))' -split-input-file -verify-diagnostics

// 8-bit float conversions the GPU has no instruction for are refused with
// the rule, at the op.

gpu.module @m {
  gpu.func @k(%x: f32) -> f8E4M3FNUZ {
    // expected-error @+1 {{'arith.truncf' op not supported yet: arith.truncf to f8E4M3FNUZ: the GPU converts to and from f8E4M3FN and f8E5M2 only}}
    %q = arith.truncf %x : f32 to f8E4M3FNUZ
    gpu.return %q : f8E4M3FNUZ
  }
}

// -----

gpu.module @m {
  gpu.func @k(%q: f8E5M2FNUZ) -> f32 {
    // expected-error @+1 {{'arith.extf' op not supported yet: arith.extf from f8E5M2FNUZ: the GPU converts to and from f8E4M3FN and f8E5M2 only}}
    %x = arith.extf %q : f8E5M2FNUZ to f32
    gpu.return %x : f32
  }
}

// -----

gpu.module @m {
  gpu.func @k(%q: f8E4M3FN) -> f64 {
    // expected-error @+1 {{'arith.extf' op not supported yet: arith.extf between f8E4M3FN and f64: the other side must be f32, f16 or bf16}}
    %x = arith.extf %q : f8E4M3FN to f64
    gpu.return %x : f64
  }
}

// -----

gpu.module @m {
  gpu.func @k(%x: f32) -> f8E4M3FN {
    // expected-error @+1 {{'arith.truncf' op not supported yet: arith.truncf to f8E4M3FN rounds to nearest even only (cvt.rn.satfinite), not toward_zero}}
    %q = arith.truncf %x toward_zero : f32 to f8E4M3FN
    gpu.return %q : f8E4M3FN
  }
}

// -----

gpu.module @m {
  gpu.func @k(%x: f32) -> f4E2M1FN {
    // expected-error @+1 {{'arith.truncf' op not supported yet: arith.truncf to f4E2M1FN: the GPU converts to and from f8E4M3FN and f8E5M2 only}}
    %q = arith.truncf %x : f32 to f4E2M1FN
    gpu.return %q : f4E2M1FN
  }
}
