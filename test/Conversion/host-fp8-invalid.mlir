// RUN: tile-opt %s --pass-pipeline='builtin.module(convert-tile-host-to-llvm)' -split-input-file -verify-diagnostics

// 8-bit floats in host arithmetic are refused at the op (upstream's
// lowering would leave it for LLVM IR translation to fail on); buffers of
// them are fine.

func.func @h(%x: f32) -> f8E4M3FN {
  // expected-error @+1 {{'arith.truncf' op not supported yet: arith.truncf on f8E4M3FN in host code: 8-bit floats are converted on the GPU (arith.truncf / arith.extf in a kernel) or by the runtime (tileRtConvertFromF32 / tileRtConvertToF32)}}
  %q = arith.truncf %x : f32 to f8E4M3FN
  return %q : f8E4M3FN
}

// -----

func.func @h(%a: vector<4xf8E5M2>) -> vector<4xf8E5M2> {
  // expected-error @+1 {{'math.absf' op not supported yet: math.absf on vector<4xf8E5M2> in host code}}
  %q = math.absf %a : vector<4xf8E5M2>
  return %q : vector<4xf8E5M2>
}
