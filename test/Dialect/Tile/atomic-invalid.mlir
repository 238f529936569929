// RUN: tile-opt %s -split-input-file -verify-diagnostics

gpu.module @kernels {
  gpu.func @value_type(%f: !tile.ptr<i32>, %i: i32) kernel attributes {tile.num_warps = 4 : i32} {
    %one = arith.constant 1 : i64
    // expected-error @+1 {{'tile.atomic_rmw' op an atomic on 'i32' elements takes a value of that type, not 'i64'}}
    %a = tile.atomic_rmw add %f[%i], %one relaxed gpu : !tile.ptr<i32>, i32, i64
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @max_float(%x: !tile.ptr<f32>, %i: i32) kernel attributes {tile.num_warps = 4 : i32} {
    %one = arith.constant 1.0 : f32
    // expected-error @+1 {{'tile.atomic_rmw' op `max` takes i32 or i64, not 'f32'}}
    %a = tile.atomic_rmw max %x[%i], %one relaxed gpu : !tile.ptr<f32>, i32, f32
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @or_f64(%x: !tile.ptr<f64>, %i: i32) kernel attributes {tile.num_warps = 4 : i32} {
    %one = arith.constant 1.0 : f64
    // expected-error @+1 {{'tile.atomic_rmw' op `or` takes i32 or i64, not 'f64'}}
    %a = tile.atomic_rmw or %x[%i], %one relaxed gpu : !tile.ptr<f64>, i32, f64
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @add_i16(%x: !tile.ptr<i16>, %i: i32) kernel attributes {tile.num_warps = 4 : i32} {
    %one = arith.constant 1 : i16
    // expected-error @+1 {{'tile.atomic_rmw' op operand #2 must be 32-bit signless integer or 64-bit signless integer or 32-bit float or 64-bit float, but got 'i16'}}
    %a = tile.atomic_rmw add %x[%i], %one relaxed gpu : !tile.ptr<i16>, i32, i16
    gpu.return
  }
}

// -----

#l = #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
gpu.module @kernels {
  gpu.func @tile_offsets(%f: !tile.ptr<i32>) kernel attributes {tile.num_warps = 4 : i32} {
    %one = arith.constant 1 : i32
    %r = tile.range 0 to 128 : tensor<128xi32, #l>
    // expected-error @+1 {{'tile.atomic_rmw' op operand #1 must be 32-bit signless integer or 64-bit signless integer, but got 'tensor<128xi32, #tile.blocked}}
    %a = tile.atomic_rmw add %f[%r], %one relaxed gpu : !tile.ptr<i32>, tensor<128xi32, #l>, i32
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @bad_scope(%f: !tile.ptr<i32>, %i: i32) kernel attributes {tile.num_warps = 4 : i32} {
    %one = arith.constant 1 : i32
    // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'scope' [cta, cluster, gpu, sys]}}
    %a = tile.atomic_rmw add %f[%i], %one relaxed warp : !tile.ptr<i32>, i32, i32
    gpu.return
  }
}
