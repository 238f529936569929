// Barrier phases: a producer partition (1 warp) and the default partition
// (1 warp) hand one shared buffer back and forth through a "full" and an
// "empty" barrier for 16 rounds, so each barrier completes 16 phases and the
// parity wraps eight times. Round i: the producer waits "empty" (parity
// (i & 1) ^ 1, the fresh barrier's previous phase counts as complete),
// writes 2 * in[i], arrives "full"; the consumer waits "full" (parity i & 1),
// writes out[i] = buffer + 1, arrives "empty". An independent kernel
// computes the reference 2 * x + 1.
// REQUIRES: cuda-gpu
// RUN: tile-run %s | FileCheck %s

// CHECK: ping_pong_16_phases: rows=16 cols=32 rel_err=0.000e+00 {{.*}} -> PASS
// CHECK-NOT: FAIL

!buf = !tile.smem<32xf32, mutable>
!bars = !mbarrier.group<2>
!ptr = !tile.ptr<f32>

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @ping_pong(%in: !ptr, %out: !ptr) kernel
        attributes {tile.num_warps = 1 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %buf = tile.alloc_smem : !buf
      %bars = mbarrier.alloc : !bars
      %full = mbarrier.index %bars[%c0] : !bars
      %empty = mbarrier.index %bars[%c1] : !bars
      %leader = tile.elect cta
      scf.if %leader {
        mbarrier.init %full, arrivals = 32
        mbarrier.init %empty, arrivals = 32
      }
      // Runs on both warps: the barriers are initialized for everyone.
      tile.barrier
      tile.warp_specialize(%buf, %bars, %in, %out) default {
        // Consumer.
        %i0 = arith.constant 0 : i32
        %i1 = arith.constant 1 : i32
        %i16 = arith.constant 16 : i32
        %i32 = arith.constant 32 : i32
        %one = arith.constant 1.0 : f32
        %tid = tile.thread_id
        %lane = arith.remui %tid, %i32 : i32
        %l = arith.index_cast %lane : i32 to index
        scf.for %i = %i0 to %i16 step %i1 : i32 {
          %parity = arith.andi %i, %i1 : i32
          mbarrier.wait %full, phase %parity : i32
          %v = tile.smem_load %buf[%l] : !buf -> f32
          %w = arith.addf %v, %one : f32
          %base = arith.muli %i, %i32 : i32
          %k = arith.addi %base, %lane : i32
          tile.store %out[%k], %w : !ptr, i32, f32
          mbarrier.arrive %empty
        }
        tile.warp_yield
      }
      partition0(%pbuf: !buf, %pbars: !bars, %pin: !ptr, %pout: !ptr) num_warps(1) {
        // Producer.
        %x0 = arith.constant 0 : index
        %x1 = arith.constant 1 : index
        %i0 = arith.constant 0 : i32
        %i1 = arith.constant 1 : i32
        %i16 = arith.constant 16 : i32
        %i32 = arith.constant 32 : i32
        %two = arith.constant 2.0 : f32
        %pfull = mbarrier.index %pbars[%x0] : !bars
        %pempty = mbarrier.index %pbars[%x1] : !bars
        %tid = tile.thread_id
        %lane = arith.remui %tid, %i32 : i32
        %l = arith.index_cast %lane : i32 to index
        scf.for %i = %i0 to %i16 step %i1 : i32 {
          %p = arith.andi %i, %i1 : i32
          %parity = arith.xori %p, %i1 : i32
          mbarrier.wait %pempty, phase %parity : i32
          %base = arith.muli %i, %i32 : i32
          %k = arith.addi %base, %lane : i32
          %x = tile.load %pin[%k] : !ptr, i32 -> f32
          %y = arith.mulf %x, %two : f32
          tile.smem_store %y, %pbuf[%l] : f32, !buf
          mbarrier.arrive %pfull
        }
        tile.warp_return
      } : (!buf, !bars, !ptr, !ptr) -> ()
      gpu.return
    }

    // Reference: out[k] = 2 * in[k] + 1, one thread per element.
    gpu.func @reference(%in: !ptr, %out: !ptr) kernel
        attributes {tile.num_warps = 16 : i32} {
      %two = arith.constant 2.0 : f32
      %one = arith.constant 1.0 : f32
      %tid = tile.thread_id
      %x = tile.load %in[%tid] : !ptr, i32 -> f32
      %y = arith.mulf %x, %two : f32
      %z = arith.addf %y, %one : f32
      tile.store %out[%tid], %z : !ptr, i32, f32
      gpu.return
    }
  }

  llvm.mlir.global internal constant @name("ping_pong_16_phases\00") {addr_space = 0 : i32}
  llvm.func @tileRtFillRandom(!llvm.ptr, i64, i32, i64)
  llvm.func @tileRtPoison(!llvm.ptr, i64)
  llvm.func @tileRtSynchronize()
  llvm.func @tileRtCheck2D(!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32

  func.func @main() -> i32 {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c512 = arith.constant 512 : index
    %f32 = arith.constant 0 : i32
    %zero = arith.constant 0.0 : f64
    %t0 = gpu.wait async
    %in, %t1 = gpu.alloc async [%t0] () : memref<512xf32>
    %out, %t2 = gpu.alloc async [%t1] () : memref<512xf32>
    %ref, %t3 = gpu.alloc async [%t2] () : memref<512xf32>
    gpu.wait [%t3]
    %pin = tile.ptr_from_memref %in : memref<512xf32> -> !llvm.ptr
    %pout = tile.ptr_from_memref %out : memref<512xf32> -> !llvm.ptr
    %pref = tile.ptr_from_memref %ref : memref<512xf32> -> !llvm.ptr
    %kin = tile.ptr_from_memref %in : memref<512xf32> -> !ptr
    %kout = tile.ptr_from_memref %out : memref<512xf32> -> !ptr
    %kref = tile.ptr_from_memref %ref : memref<512xf32> -> !ptr
    %n = arith.constant 512 : i64
    %bytes = arith.constant 2048 : i64
    %seed = arith.constant 31 : i64
    llvm.call @tileRtFillRandom(%pin, %n, %f32, %seed) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtPoison(%pout, %bytes) : (!llvm.ptr, i64) -> ()
    llvm.call @tileRtPoison(%pref, %bytes) : (!llvm.ptr, i64) -> ()
    gpu.launch_func @kernels::@ping_pong blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%kin : !ptr, %kout : !ptr)
    gpu.launch_func @kernels::@reference blocks in (%c1, %c1, %c1) threads in (%c512, %c1, %c1) args(%kin : !ptr, %kref : !ptr)
    llvm.call @tileRtSynchronize() : () -> ()
    %name = llvm.mlir.addressof @name : !llvm.ptr
    %rows = arith.constant 16 : i64
    %cols = arith.constant 32 : i64
    %f = llvm.call @tileRtCheck2D(%name, %pout, %cols, %pref, %cols, %rows, %cols, %f32, %zero) : (!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32
    return %f : i32
  }
}
