// RUN: tile-opt %s --pass-pipeline='builtin.module(gpu.module(convert-tile-kernels-to-nvvm))' | FileCheck %s

// math.exp2 marked `afn` on f32 is one ex2.approx.ftz.f32 per element, on
// register tiles and scalars alike; without `afn`, or on other element
// types, it is what gpu-to-nvvm makes of it (libdevice's __nv_exp2f,
// which keeps subnormals).
#b = #tile.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
gpu.module @m {
  // CHECK-LABEL: llvm.func @exp2
  gpu.func @exp2(%x: f32, %y: f16, %out: !tile.ptr<f32>) kernel attributes {tile.num_warps = 4 : i32} {
    %t = tile.splat %x : tensor<512xf32, #b>
    // CHECK-COUNT-4: llvm.inline_asm asm_dialect = att "ex2.approx.ftz.f32 $0, $1;", "=f,f" %{{.*}} : (f32) -> f32
    // CHECK-NOT: ex2.approx.ftz
    %e = math.exp2 %t fastmath<afn> : tensor<512xf32, #b>
    // CHECK-COUNT-4: llvm.call @__nv_exp2f
    %exact = math.exp2 %e : tensor<512xf32, #b>
    // CHECK: llvm.inline_asm asm_dialect = att "ex2.approx.ftz.f32 $0, $1;", "=f,f" %{{.*}} : (f32) -> f32
    %s = math.exp2 %x fastmath<afn,contract> : f32
    // CHECK-NOT: ex2.approx.ftz
    // CHECK: llvm.call @__nv_exp2f
    %h = math.exp2 %y fastmath<afn> : f16
    %st = tile.splat %s : tensor<512xf32, #b>
    %sum = arith.addf %exact, %st : tensor<512xf32, #b>
    %o = tile.range 0 to 512 : tensor<512xi32, #b>
    tile.store %out[%o], %sum : !tile.ptr<f32>, tensor<512xi32, #b>, tensor<512xf32, #b>
    gpu.return
  }
}
