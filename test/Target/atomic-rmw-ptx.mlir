// tile.atomic_rmw in PTX: one `atom` per op with its ordering, scope,
// operation and type spelled out (LLVM's own atomicrmw would lose the
// first two), and ptxas accepting every form for sm_90a.
// REQUIRES: ptxas
// RUN: tile-translate --emit=ptx --chip=sm_90a --no-cache %s -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx
// RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin

// The address is the element's: a signed i32 offset sign-extended and
// scaled by 4 for i32, an i64 one (zero-extended here by arith.extui)
// scaled by 8 for i64.
// CHECK-LABEL: .entry flags(
// CHECK: mul.wide.s32 [[OFF32:%rd[0-9]+]], {{%r[0-9]+}}, 4;
// CHECK: add.s64 [[ADDR32:%rd[0-9]+]], {{%rd[0-9]+}}, [[OFF32]];
// CHECK: atom.release.gpu.global.exch.b32 {{%r[0-9]+}}, {{\[}}[[ADDR32]]{{\]}}, {{%r[0-9]+}};
// CHECK: atom.acquire.gpu.global.exch.b32 {{%r[0-9]+}}, {{\[}}[[ADDR32]]{{\]}}
// CHECK: atom.relaxed.cta.global.add.u32
// CHECK: mul.wide.u32 [[OFF64:%rd[0-9]+]], {{%r[0-9]+}}, 8;
// CHECK: add.s64 [[ADDR64:%rd[0-9]+]], {{%rd[0-9]+}}, [[OFF64]];
// CHECK: atom.acq_rel.sys.global.add.u64 {{%rd[0-9]+}}, {{\[}}[[ADDR64]]{{\]}}, {{%rd[0-9]+}};
// CHECK: atom.relaxed.gpu.global.add.f32 {{%f[0-9]+|%r[0-9]+}}, [{{%rd[0-9]+}}], {{%f[0-9]+|%r[0-9]+}};
// CHECK: atom.relaxed.gpu.global.add.f64
// CHECK: atom.acquire.cluster.global.max.s32
// CHECK: atom.relaxed.gpu.global.min.s64
// CHECK: atom.relaxed.gpu.global.max.u32
// CHECK: atom.relaxed.gpu.global.min.u64
// CHECK: atom.release.gpu.global.and.b32
// CHECK: atom.release.gpu.global.or.b64
// CHECK: atom.release.gpu.global.xor.b32
// CHECK: atom.relaxed.gpu.global.exch.b32
// CHECK: atom.acquire.gpu.global.exch.b64 {{%fd[0-9]+|%rd[0-9]+}}, [{{%rd[0-9]+}}], {{%fd[0-9]+|%rd[0-9]+}};

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @flags(%f: !tile.ptr<i32>, %l: !tile.ptr<i64>, %x: !tile.ptr<f32>,
                    %y: !tile.ptr<f64>, %out: !tile.ptr<i32>, %i: i32) kernel
        attributes {tile.num_warps = 4 : i32} {
      %one = arith.constant 1 : i32
      %zero = arith.constant 0 : i32
      %l1 = arith.constant 1 : i64
      %x1 = arith.constant 1.0 : f32
      %y1 = arith.constant 1.0 : f64
      %i64 = arith.extui %i : i32 to i64
      %a = tile.atomic_rmw exch %f[%i], %one release gpu : !tile.ptr<i32>, i32, i32
      %b = tile.atomic_rmw exch %f[%i], %zero acquire gpu : !tile.ptr<i32>, i32, i32
      %c = tile.atomic_rmw add %f[%i], %one relaxed cta : !tile.ptr<i32>, i32, i32
      %d = tile.atomic_rmw add %l[%i64], %l1 acq_rel sys : !tile.ptr<i64>, i64, i64
      %e = tile.atomic_rmw add %x[%i], %x1 relaxed gpu : !tile.ptr<f32>, i32, f32
      %g = tile.atomic_rmw add %y[%i], %y1 relaxed gpu : !tile.ptr<f64>, i32, f64
      %h = tile.atomic_rmw max %f[%i], %a acquire cluster : !tile.ptr<i32>, i32, i32
      %j = tile.atomic_rmw min %l[%i], %d relaxed gpu : !tile.ptr<i64>, i32, i64
      %k = tile.atomic_rmw umax %f[%i], %b relaxed gpu : !tile.ptr<i32>, i32, i32
      %m = tile.atomic_rmw umin %l[%i], %j relaxed gpu : !tile.ptr<i64>, i32, i64
      %n = tile.atomic_rmw and %f[%i], %c release gpu : !tile.ptr<i32>, i32, i32
      %o = tile.atomic_rmw or %l[%i], %m release gpu : !tile.ptr<i64>, i32, i64
      %p = tile.atomic_rmw xor %f[%i], %h release gpu : !tile.ptr<i32>, i32, i32
      %q = tile.atomic_rmw exch %x[%i], %e relaxed gpu : !tile.ptr<f32>, i32, f32
      %r = tile.atomic_rmw exch %y[%i], %g acquire gpu : !tile.ptr<f64>, i32, f64
      %qi = arith.bitcast %q : f32 to i32
      %gi = arith.fptosi %r : f64 to i32
      %oi = arith.trunci %o : i64 to i32
      %s0 = arith.addi %k, %n : i32
      %s1 = arith.addi %s0, %p : i32
      %s2 = arith.addi %s1, %qi : i32
      %s3 = arith.addi %s2, %gi : i32
      %s4 = arith.addi %s3, %oi : i32
      tile.store %out[%i], %s4 : !tile.ptr<i32>, i32, i32
      gpu.return
    }
  }
}
