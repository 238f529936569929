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

// -----

// No arithmetic on 8-bit floats: scalars, register tiles, comparisons and
// integer conversions alike (their registers hold bytes; an integer
// lowering of them would be silently wrong).

gpu.module @m {
  gpu.func @k(%a: f8E4M3FN, %b: f8E4M3FN) -> f8E4M3FN {
    // expected-error @+1 {{'arith.addf' op not supported yet: arith.addf on f8E4M3FN: the GPU has no arithmetic on 8-bit floats, only conversions; widen with arith.extf (to f16 or f32) first}}
    %q = arith.addf %a, %b : f8E4M3FN
    gpu.return %q : f8E4M3FN
  }
}

// -----

#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 8]>
gpu.module @m {
  gpu.func @k(%a: tensor<64x8xf8E4M3FN, #acc>) -> tensor<64x8xi1, #acc> {
    // expected-error @+1 {{'arith.cmpf' op not supported yet: arith.cmpf on tensor<64x8xf8E4M3FN, #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 8]>>: the GPU has no arithmetic on 8-bit floats}}
    %q = arith.cmpf olt, %a, %a : tensor<64x8xf8E4M3FN, #acc>
    gpu.return %q : tensor<64x8xi1, #acc>
  }
}

// -----

gpu.module @m {
  gpu.func @k(%a: f8E5M2) -> i32 {
    // expected-error @+1 {{'arith.fptosi' op not supported yet: arith.fptosi on f8E5M2: the GPU has no arithmetic on 8-bit floats}}
    %q = arith.fptosi %a : f8E5M2 to i32
    gpu.return %q : i32
  }
}

// -----

gpu.module @m {
  gpu.func @k(%a: f8E4M3FN) -> f8E4M3FN {
    // expected-error @+1 {{'math.absf' op not supported yet: math.absf on f8E4M3FN: the GPU has no arithmetic on 8-bit floats}}
    %q = math.absf %a : f8E4M3FN
    gpu.return %q : f8E4M3FN
  }
}

// -----

gpu.module @m {
  gpu.func @k(%x: vector<2x2xf32>) -> vector<2x2xf8E4M3FN> {
    // expected-error @+1 {{'arith.truncf' op not supported yet: arith.truncf on vector<2x2xf8E4M3FN>: 8-bit float conversions take scalars, 1-D vectors and register tiles}}
    %q = arith.truncf %x : vector<2x2xf32> to vector<2x2xf8E4M3FN>
    gpu.return %q : vector<2x2xf8E4M3FN>
  }
}

// -----

#b = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]>
#s = #tile.slice<dim = 1, parent = #b>
gpu.module @m {
  gpu.func @k(%x: f8E5M2, %p: !tile.ptr<f8E5M2>) kernel attributes {tile.num_warps = 1 : i32} {
    %t = tile.splat %x : tensor<4x32xf8E5M2, #b>
    // expected-error @+1 {{'tile.reduce' op not supported yet: tile.reduce of f8E5M2 elements: the GPU has no arithmetic on 8-bit floats; widen the tile with arith.extf (to f16 or f32) first}}
    %r = tile.reduce max %t, axis = 1 : tensor<4x32xf8E5M2, #b> -> tensor<4xf8E5M2, #s>
    %i = tile.range 0 to 4 : tensor<4xi32, #s>
    tile.store %p[%i], %r : !tile.ptr<f8E5M2>, tensor<4xi32, #s>, tensor<4xf8E5M2, #s>
    gpu.return
  }
}
