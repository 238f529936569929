// Programmatic dependent launch: @plus_one (marked tile.dependent_launch)
// is launched in the same stream right after @slow_double, which spins for
// 200 us and lets its dependents launch at its start. @plus_one's CTAs are
// scheduled while @slow_double still runs (each records when it started)
// and must still read what @slow_double wrote: the wait
// tile-dependent-launch places before @plus_one's first global access
// holds them until @slow_double has completed. The same chain with
// @plus_one_plain (the same body, not marked) is the control: its CTAs all
// start after @slow_double has ended. Outputs are poisoned before each
// chain; both results are checked against 2 x + 1 on fresh random inputs,
// and the number of CTAs of the second kernel that started before
// @slow_double's last CTA ended is printed: at least one for the dependent
// launch (none would mean it was an ordinary one), none for the control.
// The dependent chain runs twice and only the second is counted on: CUDA
// loads a module's kernels lazily, at their first launch, and that first
// launch of @plus_one did not overlap @slow_double on an H100 (0 of 16).
// REQUIRES: cuda-gpu
// RUN: tile-run %s | FileCheck %s

// CHECK: dependent_launch_after_slow_writer: rows=16 cols=128 rel_err=0.000e+00 {{.*}} -> PASS
// CHECK-NEXT: dependent launch, first (kernels loaded lazily): CTAs started before slow_double ended: {{[0-9]+}} of 16
// CHECK: dependent_launch_after_slow_writer: rows=16 cols=128 rel_err=0.000e+00 {{.*}} -> PASS
// CHECK-NEXT: dependent launch: CTAs started before slow_double ended: {{[1-9][0-9]*}} of 16
// CHECK: ordinary_launch_after_slow_writer: rows=16 cols=128 rel_err=0.000e+00 {{.*}} -> PASS
// CHECK-NEXT: ordinary launch: CTAs started before slow_double ended: 0 of 16
// CHECK-NOT: FAIL

!ptr = !tile.ptr<f32>
!times = !tile.ptr<i64>

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // mid = 2 x after a 200 us spin; ends[cta] = when the CTA finished.
    gpu.func @slow_double(%in: !ptr, %mid: !ptr, %ends: !times, %delay: i64) kernel
        attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : i32
      %c128 = arith.constant 128 : i32
      %two = arith.constant 2.0 : f32
      tile.launch_dependents
      %start = nvvm.read.ptx.sreg.globaltimer : i64
      %spun = scf.while (%now = %start) : (i64) -> i64 {
        %elapsed = arith.subi %now, %start : i64
        %more = arith.cmpi ult, %elapsed, %delay : i64
        scf.condition(%more) %now : i64
      } do {
      ^bb0(%t: i64):
        %next = nvvm.read.ptx.sreg.globaltimer : i64
        scf.yield %next : i64
      }
      %cta = tile.program_id x
      %tid = tile.thread_id
      %base = arith.muli %cta, %c128 : i32
      %i = arith.addi %base, %tid : i32
      %x = tile.load %in[%i] : !ptr, i32 -> f32
      %y = arith.mulf %x, %two : f32
      tile.store %mid[%i], %y : !ptr, i32, f32
      %done = nvvm.read.ptx.sreg.globaltimer : i64
      %first = arith.cmpi eq, %tid, %c0 : i32
      scf.if %first {
        tile.store %ends[%cta], %done : !times, i32, i64
      }
      gpu.return
    }

    // out = mid + 1; starts[cta] = when the CTA started (read before the
    // wait, stored after it).
    gpu.func @plus_one(%mid: !ptr, %out: !ptr, %starts: !times) kernel
        attributes {tile.num_warps = 4 : i32, tile.dependent_launch} {
      %started = nvvm.read.ptx.sreg.globaltimer : i64
      %c0 = arith.constant 0 : i32
      %c128 = arith.constant 128 : i32
      %one = arith.constant 1.0 : f32
      %cta = tile.program_id x
      %tid = tile.thread_id
      %base = arith.muli %cta, %c128 : i32
      %i = arith.addi %base, %tid : i32
      %x = tile.load %mid[%i] : !ptr, i32 -> f32
      %y = arith.addf %x, %one : f32
      tile.store %out[%i], %y : !ptr, i32, f32
      %first = arith.cmpi eq, %tid, %c0 : i32
      scf.if %first {
        tile.store %starts[%cta], %started : !times, i32, i64
      }
      gpu.return
    }

    // @plus_one without tile.dependent_launch: launched normally.
    gpu.func @plus_one_plain(%mid: !ptr, %out: !ptr, %starts: !times) kernel
        attributes {tile.num_warps = 4 : i32} {
      %started = nvvm.read.ptx.sreg.globaltimer : i64
      %c0 = arith.constant 0 : i32
      %c128 = arith.constant 128 : i32
      %one = arith.constant 1.0 : f32
      %cta = tile.program_id x
      %tid = tile.thread_id
      %base = arith.muli %cta, %c128 : i32
      %i = arith.addi %base, %tid : i32
      %x = tile.load %mid[%i] : !ptr, i32 -> f32
      %y = arith.addf %x, %one : f32
      tile.store %out[%i], %y : !ptr, i32, f32
      %first = arith.cmpi eq, %tid, %c0 : i32
      scf.if %first {
        tile.store %starts[%cta], %started : !times, i32, i64
      }
      gpu.return
    }

    // Reference: ref = 2 x + 1.
    gpu.func @reference(%in: !ptr, %ref: !ptr) kernel
        attributes {tile.num_warps = 4 : i32} {
      %c128 = arith.constant 128 : i32
      %two = arith.constant 2.0 : f32
      %one = arith.constant 1.0 : f32
      %cta = tile.program_id x
      %tid = tile.thread_id
      %base = arith.muli %cta, %c128 : i32
      %i = arith.addi %base, %tid : i32
      %x = tile.load %in[%i] : !ptr, i32 -> f32
      %y = arith.mulf %x, %two : f32
      %z = arith.addf %y, %one : f32
      tile.store %ref[%i], %z : !ptr, i32, f32
      gpu.return
    }

    // count[0] = how many of the 16 starts precede the latest of the 16 ends.
    gpu.func @count_early(%ends: !times, %starts: !times, %count: !tile.ptr<i32>) kernel
        attributes {tile.num_warps = 1 : i32} {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %c16 = arith.constant 16 : i32
      %zero = arith.constant 0 : i64
      %tid = tile.thread_id
      %first = arith.cmpi eq, %tid, %c0 : i32
      scf.if %first {
        %last = scf.for %j = %c0 to %c16 step %c1 iter_args(%m = %zero) -> (i64) : i32 {
          %e = tile.load %ends[%j] : !times, i32 -> i64
          %n = arith.maxui %m, %e : i64
          scf.yield %n : i64
        }
        %early = scf.for %j = %c0 to %c16 step %c1 iter_args(%k = %c0) -> (i32) : i32 {
          %s = tile.load %starts[%j] : !times, i32 -> i64
          %before = arith.cmpi ult, %s, %last : i64
          %inc = arith.extui %before : i1 to i32
          %k2 = arith.addi %k, %inc : i32
          scf.yield %k2 : i32
        }
        tile.store %count[%c0], %early : !tile.ptr<i32>, i32, i32
      }
      gpu.return
    }
  }

  llvm.mlir.global internal constant @dependent_name("dependent_launch_after_slow_writer\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @ordinary_name("ordinary_launch_after_slow_writer\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @first_format("dependent launch, first (kernels loaded lazily): CTAs started before slow_double ended: %d of 16\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @dependent_format("dependent launch: CTAs started before slow_double ended: %d of 16\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @ordinary_format("ordinary launch: CTAs started before slow_double ended: %d of 16\0A\00") {addr_space = 0 : i32}
  llvm.func @tileRtFillRandom(!llvm.ptr, i64, i32, i64)
  llvm.func @tileRtPoison(!llvm.ptr, i64)
  llvm.func @tileRtSynchronize()
  llvm.func @tileRtCopyToHost(!llvm.ptr, !llvm.ptr, i64)
  llvm.func @tileRtCheck2D(!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32
  llvm.func @printf(!llvm.ptr, ...) -> i32

  // One chain in one stream: @slow_double, then @plus_one (dependent) or
  // @plus_one_plain, the reference and the count; `out` poisoned first.
  // Returns the check's failures and prints the count with `format`.
  func.func @chain(%in: memref<2048xf32>, %mid: memref<2048xf32>, %out: memref<2048xf32>,
                   %ref: memref<2048xf32>, %ends: memref<16xi64>, %starts: memref<16xi64>,
                   %count: memref<1xi32>, %dependent: i1, %name: !llvm.ptr,
                   %format: !llvm.ptr) -> i32 {
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c128 = arith.constant 128 : index
    %f32 = arith.constant 0 : i32
    %zero = arith.constant 0.0 : f64
    %pmid = tile.ptr_from_memref %mid : memref<2048xf32> -> !llvm.ptr
    %pout = tile.ptr_from_memref %out : memref<2048xf32> -> !llvm.ptr
    %pref = tile.ptr_from_memref %ref : memref<2048xf32> -> !llvm.ptr
    %pcount = tile.ptr_from_memref %count : memref<1xi32> -> !llvm.ptr
    %kin = tile.ptr_from_memref %in : memref<2048xf32> -> !ptr
    %kmid = tile.ptr_from_memref %mid : memref<2048xf32> -> !ptr
    %kout = tile.ptr_from_memref %out : memref<2048xf32> -> !ptr
    %kref = tile.ptr_from_memref %ref : memref<2048xf32> -> !ptr
    %kends = tile.ptr_from_memref %ends : memref<16xi64> -> !times
    %kstarts = tile.ptr_from_memref %starts : memref<16xi64> -> !times
    %kcount = tile.ptr_from_memref %count : memref<1xi32> -> !tile.ptr<i32>
    %bytes = arith.constant 8192 : i64
    llvm.call @tileRtPoison(%pmid, %bytes) : (!llvm.ptr, i64) -> ()
    llvm.call @tileRtPoison(%pout, %bytes) : (!llvm.ptr, i64) -> ()
    llvm.call @tileRtPoison(%pref, %bytes) : (!llvm.ptr, i64) -> ()
    llvm.call @tileRtSynchronize() : () -> ()
    %delay = arith.constant 200000 : i64
    %s0 = gpu.wait async
    %s1 = gpu.launch_func async [%s0] @kernels::@slow_double blocks in (%c16, %c1, %c1) threads in (%c128, %c1, %c1)
        args(%kin : !ptr, %kmid : !ptr, %kends : !times, %delay : i64)
    %s2 = scf.if %dependent -> (!gpu.async.token) {
      %d = gpu.launch_func async [%s1] @kernels::@plus_one blocks in (%c16, %c1, %c1) threads in (%c128, %c1, %c1)
          args(%kmid : !ptr, %kout : !ptr, %kstarts : !times)
      scf.yield %d : !gpu.async.token
    } else {
      %o = gpu.launch_func async [%s1] @kernels::@plus_one_plain blocks in (%c16, %c1, %c1) threads in (%c128, %c1, %c1)
          args(%kmid : !ptr, %kout : !ptr, %kstarts : !times)
      scf.yield %o : !gpu.async.token
    }
    %s3 = gpu.launch_func async [%s2] @kernels::@reference blocks in (%c16, %c1, %c1) threads in (%c128, %c1, %c1)
        args(%kin : !ptr, %kref : !ptr)
    %s4 = gpu.launch_func async [%s3] @kernels::@count_early blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1)
        args(%kends : !times, %kstarts : !times, %kcount : !tile.ptr<i32>)
    gpu.wait [%s4]
    %rows = arith.constant 16 : i64
    %cols = arith.constant 128 : i64
    %f = llvm.call @tileRtCheck2D(%name, %pout, %cols, %pref, %cols, %rows, %cols, %f32, %zero) : (!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32
    %one = arith.constant 1 : i64
    %slot = llvm.alloca %one x i32 : (i64) -> !llvm.ptr
    %four = arith.constant 4 : i64
    llvm.call @tileRtCopyToHost(%slot, %pcount, %four) : (!llvm.ptr, !llvm.ptr, i64) -> ()
    %early = llvm.load %slot : !llvm.ptr -> i32
    %p = llvm.call @printf(%format, %early) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32) -> i32
    return %f : i32
  }

  func.func @main() -> i32 {
    %t0 = gpu.wait async
    %in, %t1 = gpu.alloc async [%t0] () : memref<2048xf32>
    %mid, %t2 = gpu.alloc async [%t1] () : memref<2048xf32>
    %out, %t3 = gpu.alloc async [%t2] () : memref<2048xf32>
    %ref, %t4 = gpu.alloc async [%t3] () : memref<2048xf32>
    %ends, %t5 = gpu.alloc async [%t4] () : memref<16xi64>
    %starts, %t6 = gpu.alloc async [%t5] () : memref<16xi64>
    %count, %t7 = gpu.alloc async [%t6] () : memref<1xi32>
    gpu.wait [%t7]
    %pin = tile.ptr_from_memref %in : memref<2048xf32> -> !llvm.ptr
    %n = arith.constant 2048 : i64
    %f32 = arith.constant 0 : i32
    %seed = arith.constant 47 : i64
    llvm.call @tileRtFillRandom(%pin, %n, %f32, %seed) : (!llvm.ptr, i64, i32, i64) -> ()
    %true = arith.constant true
    %false = arith.constant false
    %dname = llvm.mlir.addressof @dependent_name : !llvm.ptr
    %dformat = llvm.mlir.addressof @dependent_format : !llvm.ptr
    %oname = llvm.mlir.addressof @ordinary_name : !llvm.ptr
    %oformat = llvm.mlir.addressof @ordinary_format : !llvm.ptr
    %ffirst = llvm.mlir.addressof @first_format : !llvm.ptr
    %fw = func.call @chain(%in, %mid, %out, %ref, %ends, %starts, %count, %true, %dname, %ffirst)
        : (memref<2048xf32>, memref<2048xf32>, memref<2048xf32>, memref<2048xf32>, memref<16xi64>, memref<16xi64>, memref<1xi32>, i1, !llvm.ptr, !llvm.ptr) -> i32
    %fd = func.call @chain(%in, %mid, %out, %ref, %ends, %starts, %count, %true, %dname, %dformat)
        : (memref<2048xf32>, memref<2048xf32>, memref<2048xf32>, memref<2048xf32>, memref<16xi64>, memref<16xi64>, memref<1xi32>, i1, !llvm.ptr, !llvm.ptr) -> i32
    %fo = func.call @chain(%in, %mid, %out, %ref, %ends, %starts, %count, %false, %oname, %oformat)
        : (memref<2048xf32>, memref<2048xf32>, memref<2048xf32>, memref<2048xf32>, memref<16xi64>, memref<16xi64>, memref<1xi32>, i1, !llvm.ptr, !llvm.ptr) -> i32
    %fwd = arith.addi %fw, %fd : i32
    %f = arith.addi %fwd, %fo : i32
    return %f : i32
  }
}
