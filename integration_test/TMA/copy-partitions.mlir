// tile.copy inside tile.warp_specialize, and register tiles without
// layouts in its regions: an explicit warp-specialized GEMM as a Gluon or
// TileLang author writes it. A one-warp producer partition walks K and
// copies A's and B's 128 x 64 / 64 x 128 blocks into a two-slot ring with
// `tile.copy ... barrier`: tile-lower-copies builds both descriptors on the
// host from the memrefs the partition captured, captures them into the
// partition, splits B's 128-wide rows into two 64-wide boxes (128-byte
// swizzle) and counts the bytes on the slot's full barrier from a leader
// elected in the partition's warp. The default region (one warpgroup)
// waits for each slot, multiplies (its accumulator laid out by
// tile-legalize-layouts), releases the slot, and copies the rounded tile to
// C (a register tile.copy: a staging buffer and a TMA store, its barriers
// the default warps' own). C[M, N] = A[M, K] * B[K, N], f16, f32
// accumulation, at 1024^3 and 1000^3 (edge blocks: TMA zero-fills loads
// and clips stores), each against a cuBLAS f32 reference on fresh random
// inputs with C poisoned first.
// REQUIRES: cuda-gpu
// RUN: tile-run %s | FileCheck %s

// CHECK: copy_partitions f16 (f32 reference): rows=1024 cols=1024 rel_err={{[0-9.e+-]+}} {{.*}} nonfinite=0 -> PASS
// CHECK: copy_partitions f16 (f32 reference): rows=1000 cols=1000 rel_err={{[0-9.e+-]+}} {{.*}} nonfinite=0 -> PASS
// CHECK-NOT: FAIL

#nvmma128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
!ringA = !tile.smem<2x128x64xf16, #nvmma128, mutable>
!ringB = !tile.smem<2x64x128xf16, #nvmma128, mutable>
!stageA = !tile.smem<128x64xf16, #nvmma128, mutable>
!stageB = !tile.smem<64x128xf16, #nvmma128, mutable>
!T = memref<?x?xf16>

module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90a">] {
    gpu.func @gemm(%A: !T, %B: !T, %C: !T) kernel attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c64 = arith.constant 64 : index
      %c128 = arith.constant 128 : index
      %K = memref.dim %A, %c1 : !T
      %k_tiles = arith.ceildivui %K, %c64 : index
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %m = arith.muli %by, %c128 : index
      %n = arith.muli %bx, %c128 : index
      %ring_a = tile.alloc_smem : !ringA
      %ring_b = tile.alloc_smem : !ringB
      %full = mbarrier.alloc : !mbarrier.group<2>
      %empty = mbarrier.alloc : !mbarrier.group<2>
      %leader = tile.elect cta
      scf.if %leader {
        scf.for %i = %c0 to %c2 step %c1 {
          %f = mbarrier.index %full[%i] : !mbarrier.group<2>
          %e = mbarrier.index %empty[%i] : !mbarrier.group<2>
          mbarrier.init %f, arrivals = 32
          mbarrier.init %e, arrivals = 128
        }
      }
      tile.barrier
      tile.warp_specialize(%A, %B, %ring_a, %ring_b, %full, %empty, %m, %n, %k_tiles) default {
        %one = arith.constant 1 : i32
        %zero = arith.constant dense<0.0> : tensor<128x128xf32>
        %acc = scf.for %k = %c0 to %k_tiles step %c1 iter_args(%c_local = %zero) -> (tensor<128x128xf32>) {
          %slot = arith.remui %k, %c2 : index
          %round = arith.divui %k, %c2 : index
          %round_i32 = arith.index_cast %round : index to i32
          %parity = arith.andi %round_i32, %one : i32
          %f = mbarrier.index %full[%slot] : !mbarrier.group<2>
          mbarrier.wait %f, phase %parity : i32
          %a = tile.smem_index %ring_a[%slot] : !ringA -> !stageA
          %b = tile.smem_index %ring_b[%slot] : !ringB -> !stageB
          %d = tile.dot %a, %b, %c_local : !stageA, !stageB, tensor<128x128xf32> -> tensor<128x128xf32>
          %e = mbarrier.index %empty[%slot] : !mbarrier.group<2>
          mbarrier.arrive %e
          scf.yield %d : tensor<128x128xf32>
        }
        %c_f16 = arith.truncf %acc : tensor<128x128xf32> to tensor<128x128xf16>
        tile.copy %c_f16, %C[%m, %n] : tensor<128x128xf16>, !T
        tile.warp_yield
      }
      partition0(%a_g: !T, %b_g: !T, %ra: !ringA, %rb: !ringB, %fp: !mbarrier.group<2>, %ep: !mbarrier.group<2>, %mp: index, %np: index, %kt: index) num_warps(1) {
        %c0p = arith.constant 0 : index
        %c1p = arith.constant 1 : index
        %c2p = arith.constant 2 : index
        %c64p = arith.constant 64 : index
        %onep = arith.constant 1 : i32
        scf.for %k = %c0p to %kt step %c1p {
          %slot = arith.remui %k, %c2p : index
          %round = arith.divui %k, %c2p : index
          %round_i32 = arith.index_cast %round : index to i32
          %used = arith.andi %round_i32, %onep : i32
          // A fresh barrier passes phase parity 1: the first round is free.
          %free = arith.xori %used, %onep : i32
          %e = mbarrier.index %ep[%slot] : !mbarrier.group<2>
          mbarrier.wait %e, phase %free : i32
          %f = mbarrier.index %fp[%slot] : !mbarrier.group<2>
          %a = tile.smem_index %ra[%slot] : !ringA -> !stageA
          %b = tile.smem_index %rb[%slot] : !ringB -> !stageB
          %off_k = arith.muli %k, %c64p : index
          tile.copy %a_g[%mp, %off_k], %a barrier %f : !T, !stageA
          tile.copy %b_g[%off_k, %np], %b barrier %f : !T, !stageB
          mbarrier.arrive %f
        }
        tile.warp_return
      } : (!T, !T, !ringA, !ringB, !mbarrier.group<2>, !mbarrier.group<2>, index, index, index) -> ()
      gpu.return
    }
  }

  // The grid covers C with 128 x 128 blocks; 4 + 1 warps.
  func.func @matmul(%a: !T, %b: !T, %c: !T) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %threads = arith.constant 160 : index
    %m = memref.dim %c, %c0 : !T
    %n = memref.dim %c, %c1 : !T
    %gx = arith.ceildivui %n, %c128 : index
    %gy = arith.ceildivui %m, %c128 : index
    gpu.launch_func @kernels::@gemm blocks in (%gx, %gy, %c1) threads in (%threads, %c1, %c1) args(%a : !T, %b : !T, %c : !T)
    return
  }

  llvm.mlir.global internal constant @name("copy_partitions f16 (f32 reference)\00") {addr_space = 0 : i32}
  llvm.func @tileRtFillRandom(!llvm.ptr, i64, i32, i64)
  llvm.func @tileRtPoison(!llvm.ptr, i64)
  llvm.func @tileRtSynchronize()
  llvm.func @tileRtReferenceGemm(!llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64, i64, i32, i32, i32, !llvm.ptr)
  llvm.func @tileRtCheck2DMixed(!llvm.ptr, !llvm.ptr, i64, i32, !llvm.ptr, i64, i32, i64, i64, f64) -> i32

  func.func @run(%m: index, %n: index, %k: index, %seed: i64) -> i32 {
    %t0 = gpu.wait async
    %a, %t1 = gpu.alloc async [%t0] (%m, %k) : !T
    %b, %t2 = gpu.alloc async [%t1] (%k, %n) : !T
    %c, %t3 = gpu.alloc async [%t2] (%m, %n) : !T
    %ref, %t4 = gpu.alloc async [%t3] (%m, %n) : memref<?x?xf32>
    gpu.wait [%t4]
    %pa = tile.ptr_from_memref %a : !T -> !llvm.ptr
    %pb = tile.ptr_from_memref %b : !T -> !llvm.ptr
    %pc = tile.ptr_from_memref %c : !T -> !llvm.ptr
    %pref = tile.ptr_from_memref %ref : memref<?x?xf32> -> !llvm.ptr
    %m64 = arith.index_cast %m : index to i64
    %n64 = arith.index_cast %n : index to i64
    %k64 = arith.index_cast %k : index to i64
    %mk = arith.muli %m64, %k64 : i64
    %kn = arith.muli %k64, %n64 : i64
    %mn = arith.muli %m64, %n64 : i64
    %f16_bytes = arith.constant 2 : i64
    %mn_bytes = arith.muli %mn, %f16_bytes : i64
    %f16 = tile.dtype_code f16 : i32
    %f32 = tile.dtype_code f32 : i32
    %no_transpose = arith.constant 0 : i32
    %one = arith.constant 1 : i64
    %seed2 = arith.addi %seed, %one : i64
    llvm.call @tileRtFillRandom(%pa, %mk, %f16, %seed) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtFillRandom(%pb, %kn, %f16, %seed2) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtPoison(%pc, %mn_bytes) : (!llvm.ptr, i64) -> ()
    func.call @matmul(%a, %b, %c) : (!T, !T, !T) -> ()
    %null = llvm.mlir.zero : !llvm.ptr
    llvm.call @tileRtReferenceGemm(%pa, %pb, %pref, %m64, %n64, %k64, %f16, %f32, %no_transpose, %null) : (!llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64, i64, i32, i32, i32, !llvm.ptr) -> ()
    llvm.call @tileRtSynchronize() : () -> ()
    %name = llvm.mlir.addressof @name : !llvm.ptr
    %tol = arith.constant 1.0e-2 : f64
    %fail = llvm.call @tileRtCheck2DMixed(%name, %pc, %n64, %f16, %pref, %n64, %f32, %m64, %n64, %tol) : (!llvm.ptr, !llvm.ptr, i64, i32, !llvm.ptr, i64, i32, i64, i64, f64) -> i32
    %t5 = gpu.wait async
    %t6 = gpu.dealloc async [%t5] %a : !T
    %t7 = gpu.dealloc async [%t6] %b : !T
    %t8 = gpu.dealloc async [%t7] %c : !T
    %t9 = gpu.dealloc async [%t8] %ref : memref<?x?xf32>
    gpu.wait [%t9]
    return %fail : i32
  }

  func.func @main() -> i32 {
    %c1000 = arith.constant 1000 : index
    %c1024 = arith.constant 1024 : index
    %s1 = arith.constant 11 : i64
    %s2 = arith.constant 13 : i64
    %f1 = func.call @run(%c1024, %c1024, %c1024, %s1) : (index, index, index, i64) -> i32
    %f2 = func.call @run(%c1000, %c1000, %c1000, %s2) : (index, index, index, i64) -> i32
    %f = arith.addi %f1, %f2 : i32
    return %f : i32
  }
}
