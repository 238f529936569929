// RUN: tile-opt %s --tile-legalize-layouts | FileCheck %s
// RUN: tile-opt %s --tile-to-nvvm | FileCheck %s --check-prefix=NVVM

// scf.while carries register tiles through both of its regions: the
// initial values, the before region's arguments and the after region's
// yield share one layout; the values the condition passes, the after
// region's arguments and the loop's results share another. Here the loop
// doubles a loaded tile %times times (a scalar carried beside it), then
// stores it: the load's coalesced layout flows around the loop and out of
// it, with no conversion.

// CHECK-DAG: #[[VEC:.*]] = #tile.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK-LABEL: gpu.func @doubling
// CHECK: %[[X:.*]] = tile.load {{.*}} -> tensor<512xf32, #[[VEC]]>
// CHECK: %[[R:.*]]:2 = scf.while (%[[A:.*]] = %[[X]], %{{.*}} = %{{.*}}) : (tensor<512xf32, #[[VEC]]>, i32) -> (tensor<512xf32, #[[VEC]]>, i32)
// CHECK: scf.condition(%{{.*}}) %[[A]], %{{.*}} : tensor<512xf32, #[[VEC]]>, i32
// CHECK: ^bb0(%[[B:.*]]: tensor<512xf32, #[[VEC]]>, %{{.*}}: i32):
// CHECK: arith.addf %[[B]], %[[B]] : tensor<512xf32, #[[VEC]]>
// CHECK: tile.store {{.*}}, %[[R]]#0 : !tile.ptr<f32>, tensor<512xi32, #[[VEC]]>, tensor<512xf32, #[[VEC]]>
// CHECK-NOT: tile.convert_layout

// NVVM-LABEL: llvm.func @doubling
// NVVM: llvm.cond_br

gpu.module @m [#nvvm.target<chip = "sm_90a">] {
  gpu.func @doubling(%in: !tile.ptr<f32>, %out: !tile.ptr<f32>, %times: i32) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %i = tile.range 0 to 512 : tensor<512xi32>
    %x = tile.load %in[%i] : !tile.ptr<f32>, tensor<512xi32> -> tensor<512xf32>
    %r:2 = scf.while (%a = %x, %n = %c0) : (tensor<512xf32>, i32) -> (tensor<512xf32>, i32) {
      %more = arith.cmpi slt, %n, %times : i32
      scf.condition(%more) %a, %n : tensor<512xf32>, i32
    } do {
    ^bb0(%b: tensor<512xf32>, %m: i32):
      %d = arith.addf %b, %b : tensor<512xf32>
      %next = arith.addi %m, %c1 : i32
      scf.yield %d, %next : tensor<512xf32>, i32
    }
    tile.store %out[%i], %r#0 : !tile.ptr<f32>, tensor<512xi32>, tensor<512xf32>
    gpu.return
  }
}
