// c = a * 2 + b on a 1000 x 1000 f32 matrix with 64 x 64 register tiles in
// a #tile.blocked layout: each CTA loads its tile of a and b with masks
// (the last row and column of CTAs hang over the edge), computes in
// registers and stores with the same mask. The offsets row * 1000 + col
// are provably contiguous in runs of 4 with aligned starts, so the loads
// and stores are 16-byte predicated accesses. Checked against a scalar
// kernel (one thread per element) on the same inputs.
// Then row sums of a 1000 x 64 matrix: the tile moves through shared
// memory to a layout with 8 lanes per row (tile.convert_layout), then
// tile.reduce add along the columns (within each thread, then butterfly
// shuffles across the lanes of a row), masked store of the 64 sums per
// CTA, against a scalar loop.
// Finally a layout round trip through the wgmma accumulator layout: a
// blocked tile goes to shared memory, comes back as a #tile.wgmma tile
// (the wgmma fragment addressing), returns to the blocked layout through
// tile.convert_layout (the linear-layout register order) and is stored:
// the copy must be exact, and its row maxima (tile.reduce on the wgmma
// tile) must match the scalar reference; so must the column sums of the
// blocked tile, whose 4 warps combine through shared memory.
// REQUIRES: cuda-gpu
// RUN: tile-run %s | FileCheck %s

// CHECK: vector_add 1000x1000 f32: rows=1000 cols=1000 rel_err={{.*}} -> PASS
// CHECK: vector_add.padding: {{.*}} -> PASS
// CHECK: row_sum 1000x64 f32: rows=1 cols=1000 rel_err={{.*}} -> PASS
// CHECK: wgmma_roundtrip 64x64 f32: rows=64 cols=64 rel_err=0.000e+00 {{.*}} -> PASS
// CHECK: wgmma_row_max 64 f32: rows=1 cols=64 rel_err=0.000e+00 {{.*}} -> PASS
// CHECK: col_sum 64 f32: rows=1 cols=64 rel_err={{.*}} -> PASS
// CHECK-NOT: FAIL

#b = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>
#rows = #tile.slice<dim = 1, parent = #b>
#cols = #tile.slice<dim = 0, parent = #b>
#b8 = #tile.blocked<sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#rows8 = #tile.slice<dim = 1, parent = #b8>
#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 64]>
#accrows = #tile.slice<dim = 1, parent = #acc>
!t = tensor<64x64xf32, #b>
!i = tensor<64x64xi32, #b>
!m = tensor<64x64xi1, #b>

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // out[r, c] = a[r, c] * scale + b[r, c] for r, c < 1000.
    gpu.func @vector_add(%a: !tile.ptr<f32>, %b: !tile.ptr<f32>, %out: !tile.ptr<f32>, %scale: f32) kernel
        attributes {tile.num_warps = 4 : i32} {
      %c64 = arith.constant 64 : i32
      %n = arith.constant 1000 : i32
      %px = tile.program_id x
      %py = tile.program_id y
      %col0 = arith.muli %px, %c64 : i32
      %row0 = arith.muli %py, %c64 : i32
      %r = tile.range 0 to 64 : tensor<64xi32, #rows>
      %c = tile.range 0 to 64 : tensor<64xi32, #cols>
      %row0s = tile.splat %row0 : tensor<64xi32, #rows>
      %col0s = tile.splat %col0 : tensor<64xi32, #cols>
      %rows = arith.addi %r, %row0s : tensor<64xi32, #rows>
      %cols = arith.addi %c, %col0s : tensor<64xi32, #cols>
      %r2 = tile.expand_dims %rows, axis = 1 : tensor<64xi32, #rows> -> tensor<64x1xi32, #b>
      %c2 = tile.expand_dims %cols, axis = 0 : tensor<64xi32, #cols> -> tensor<1x64xi32, #b>
      %rb = tile.broadcast %r2 : tensor<64x1xi32, #b> -> !i
      %cb = tile.broadcast %c2 : tensor<1x64xi32, #b> -> !i
      %ns = tile.splat %n : !i
      %rowoff = arith.muli %rb, %ns : !i
      %off = arith.addi %rowoff, %cb : !i
      %rowok = arith.cmpi slt, %rb, %ns : !i
      %colok = arith.cmpi slt, %cb, %ns : !i
      %mask = arith.andi %rowok, %colok : !m
      %zero = arith.constant dense<0.0> : !t
      %x = tile.load %a[%off] mask %mask other %zero : !tile.ptr<f32>, !i, !m -> !t
      %y = tile.load %b[%off] mask %mask : !tile.ptr<f32>, !i, !m -> !t
      %s = tile.splat %scale : !t
      %xs = arith.mulf %x, %s : !t
      %sum = arith.addf %xs, %y : !t
      tile.store %out[%off], %sum mask %mask : !tile.ptr<f32>, !i, !t, !m
      gpu.return
    }

    // out[r] = sum over c < 64 of a[r, c], 64 rows per CTA, r < 1000.
    gpu.func @row_sum(%a: !tile.ptr<f32>, %out: !tile.ptr<f32>) kernel
        attributes {tile.num_warps = 4 : i32} {
      %c64 = arith.constant 64 : i32
      %n = arith.constant 1000 : i32
      %py = tile.program_id x
      %row0 = arith.muli %py, %c64 : i32
      %r = tile.range 0 to 64 : tensor<64xi32, #rows>
      %c = tile.range 0 to 64 : tensor<64xi32, #cols>
      %row0s = tile.splat %row0 : tensor<64xi32, #rows>
      %rows = arith.addi %r, %row0s : tensor<64xi32, #rows>
      %r2 = tile.expand_dims %rows, axis = 1 : tensor<64xi32, #rows> -> tensor<64x1xi32, #b>
      %c2 = tile.expand_dims %c, axis = 0 : tensor<64xi32, #cols> -> tensor<1x64xi32, #b>
      %rb = tile.broadcast %r2 : tensor<64x1xi32, #b> -> !i
      %cb = tile.broadcast %c2 : tensor<1x64xi32, #b> -> !i
      %stride = tile.splat %c64 : !i
      %rowoff = arith.muli %rb, %stride : !i
      %off = arith.addi %rowoff, %cb : !i
      %ns = tile.splat %n : !i
      %mask = arith.cmpi slt, %rb, %ns : !i
      %zero = arith.constant dense<0.0> : !t
      %x = tile.load %a[%off] mask %mask other %zero : !tile.ptr<f32>, !i, !m -> !t
      // Through shared memory to a layout with 8 lanes per row, then sum.
      %xt = tile.convert_layout %x : !t -> tensor<64x64xf32, #b8>
      %sum = tile.reduce add %xt, axis = 1 : tensor<64x64xf32, #b8> -> tensor<64xf32, #rows8>
      %r8 = tile.range 0 to 64 : tensor<64xi32, #rows8>
      %row0s8 = tile.splat %row0 : tensor<64xi32, #rows8>
      %rows8 = arith.addi %r8, %row0s8 : tensor<64xi32, #rows8>
      %nr = tile.splat %n : tensor<64xi32, #rows8>
      %rowok = arith.cmpi slt, %rows8, %nr : tensor<64xi32, #rows8>
      tile.store %out[%rows8], %sum mask %rowok : !tile.ptr<f32>, tensor<64xi32, #rows8>, tensor<64xf32, #rows8>, tensor<64xi1, #rows8>
      gpu.return
    }

    // out = a[0:64, 0:64] through shared memory and the wgmma layout;
    // maxima[r] = max over c of a[r, c].
    gpu.func @wgmma_roundtrip(%a: !tile.ptr<f32>, %out: !tile.ptr<f32>, %maxima: !tile.ptr<f32>, %colsums: !tile.ptr<f32>) kernel
        attributes {tile.num_warps = 4 : i32} {
      %r = tile.range 0 to 64 : tensor<64xi32, #rows>
      %c = tile.range 0 to 64 : tensor<64xi32, #cols>
      %r2 = tile.expand_dims %r, axis = 1 : tensor<64xi32, #rows> -> tensor<64x1xi32, #b>
      %c2 = tile.expand_dims %c, axis = 0 : tensor<64xi32, #cols> -> tensor<1x64xi32, #b>
      %rb = tile.broadcast %r2 : tensor<64x1xi32, #b> -> !i
      %cb = tile.broadcast %c2 : tensor<1x64xi32, #b> -> !i
      %stride = arith.constant dense<1000> : !i
      %rowoff = arith.muli %rb, %stride : !i
      %off = arith.addi %rowoff, %cb : !i
      %x = tile.load %a[%off] : !tile.ptr<f32>, !i -> !t
      %buf = tile.alloc_smem : !tile.smem<64x64xf32, mutable>
      tile.smem_store %x, %buf : !t, !tile.smem<64x64xf32, mutable>
      tile.barrier
      %w = tile.smem_load %buf : !tile.smem<64x64xf32, mutable> -> tensor<64x64xf32, #acc>
      %back = tile.convert_layout %w : tensor<64x64xf32, #acc> -> !t
      %dense = arith.constant dense<64> : !i
      %denseoff = arith.muli %rb, %dense : !i
      %outoff = arith.addi %denseoff, %cb : !i
      tile.store %out[%outoff], %back : !tile.ptr<f32>, !i, !t
      %m = tile.reduce max %w, axis = 1 : tensor<64x64xf32, #acc> -> tensor<64xf32, #accrows>
      %mr = tile.range 0 to 64 : tensor<64xi32, #accrows>
      tile.store %maxima[%mr], %m : !tile.ptr<f32>, tensor<64xi32, #accrows>, tensor<64xf32, #accrows>
      // Column sums: the 4 warps hold different rows, so they combine
      // through shared scratch.
      %cs = tile.reduce add %x, axis = 0 : !t -> tensor<64xf32, #cols>
      tile.store %colsums[%c], %cs : !tile.ptr<f32>, tensor<64xi32, #cols>, tensor<64xf32, #cols>
      gpu.return
    }

    // Reference column sums of a[0:64, 0:64]: one thread per column.
    gpu.func @col_sum_reference(%a: !tile.ptr<f32>, %out: !tile.ptr<f32>) kernel
        attributes {tile.num_warps = 2 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %i1000 = arith.constant 1000 : i32
      %zero = arith.constant 0.0 : f32
      %col = tile.thread_id
      %s = scf.for %k = %c0 to %c64 step %c1 iter_args(%acc = %zero) -> (f32) {
        %ki = arith.index_cast %k : index to i32
        %rowoff = arith.muli %ki, %i1000 : i32
        %idx = arith.addi %rowoff, %col : i32
        %v = tile.load %a[%idx] : !tile.ptr<f32>, i32 -> f32
        %next = arith.addf %acc, %v : f32
        scf.yield %next : f32
      }
      tile.store %out[%col], %s : !tile.ptr<f32>, i32, f32
      gpu.return
    }

    // Reference row maxima of a[0:64, 0:64]: one thread per row.
    gpu.func @row_max_reference(%a: !tile.ptr<f32>, %out: !tile.ptr<f32>) kernel
        attributes {tile.num_warps = 2 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %i1000 = arith.constant 1000 : i32
      %row = tile.thread_id
      %start = arith.muli %row, %i1000 : i32
      %first = tile.load %a[%start] : !tile.ptr<f32>, i32 -> f32
      %m = scf.for %k = %c1 to %c64 step %c1 iter_args(%acc = %first) -> (f32) {
        %ki = arith.index_cast %k : index to i32
        %idx = arith.addi %start, %ki : i32
        %v = tile.load %a[%idx] : !tile.ptr<f32>, i32 -> f32
        %next = arith.maxnumf %acc, %v : f32
        scf.yield %next : f32
      }
      tile.store %out[%row], %m : !tile.ptr<f32>, i32, f32
      gpu.return
    }

    // Reference row sums: one thread per row, a scalar loop.
    gpu.func @row_sum_reference(%a: !tile.ptr<f32>, %out: !tile.ptr<f32>) kernel
        attributes {tile.num_warps = 8 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %i64 = arith.constant 64 : i32
      %c256 = arith.constant 256 : i32
      %n = arith.constant 1000 : i32
      %zero = arith.constant 0.0 : f32
      %p = tile.program_id x
      %tid = tile.thread_id
      %base = arith.muli %p, %c256 : i32
      %row = arith.addi %base, %tid : i32
      %inside = arith.cmpi slt, %row, %n : i32
      scf.if %inside {
        %start = arith.muli %row, %i64 : i32
        %total = scf.for %k = %c0 to %c64 step %c1 iter_args(%acc = %zero) -> (f32) {
          %ki = arith.index_cast %k : index to i32
          %idx = arith.addi %start, %ki : i32
          %v = tile.load %a[%idx] : !tile.ptr<f32>, i32 -> f32
          %next = arith.addf %acc, %v : f32
          scf.yield %next : f32
        }
        tile.store %out[%row], %total : !tile.ptr<f32>, i32, f32
      }
      gpu.return
    }

    // Reference: one thread per element, scalar accesses.
    gpu.func @reference(%a: !tile.ptr<f32>, %b: !tile.ptr<f32>, %out: !tile.ptr<f32>, %scale: f32) kernel
        attributes {tile.num_warps = 8 : i32} {
      %c256 = arith.constant 256 : i32
      %total = arith.constant 1000000 : i32
      %p = tile.program_id x
      %tid = tile.thread_id
      %base = arith.muli %p, %c256 : i32
      %i = arith.addi %base, %tid : i32
      %inside = arith.cmpi slt, %i, %total : i32
      scf.if %inside {
        %x = tile.load %a[%i] : !tile.ptr<f32>, i32 -> f32
        %y = tile.load %b[%i] : !tile.ptr<f32>, i32 -> f32
        %xs = arith.mulf %x, %scale : f32
        %sum = arith.addf %xs, %y : f32
        tile.store %out[%i], %sum : !tile.ptr<f32>, i32, f32
      }
      gpu.return
    }
  }

  llvm.mlir.global internal constant @name("vector_add 1000x1000 f32\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @pad_name("vector_add.padding\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @rt_name("wgmma_roundtrip 64x64 f32\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @max_name("wgmma_row_max 64 f32\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @cs_name("col_sum 64 f32\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @sum_name("row_sum 1000x64 f32\00") {addr_space = 0 : i32}
  llvm.func @tileRtFillRandom(!llvm.ptr, i64, i32, i64)
  llvm.func @tileRtFill(!llvm.ptr, i64, i32, f64)
  llvm.func @tileRtPoison(!llvm.ptr, i64)
  llvm.func @tileRtSynchronize()
  llvm.func @tileRtCheck2D(!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32
  llvm.func @tileRtCheck(!llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i32, f64) -> i32
  llvm.func @tileRtCheckFill(!llvm.ptr, !llvm.ptr, i64, i64, i64, i32, f64) -> i32

  func.func @main() -> i32 {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %c256 = arith.constant 256 : index
    %grid = arith.constant 16 : index      // ceil(1000 / 64)
    %ref_grid = arith.constant 3907 : index // ceil(1000000 / 256)
    %t0 = gpu.wait async
    %a, %t1 = gpu.alloc async [%t0] () : memref<1000x1000xf32>
    %b, %t2 = gpu.alloc async [%t1] () : memref<1000x1000xf32>
    // One extra row past the end: stores outside the matrix must not land.
    %out, %t3 = gpu.alloc async [%t2] () : memref<1001x1000xf32>
    %ref, %t4 = gpu.alloc async [%t3] () : memref<1000x1000xf32>
    gpu.wait [%t4]

    %pa = tile.ptr_from_memref %a : memref<1000x1000xf32> -> !llvm.ptr
    %pb = tile.ptr_from_memref %b : memref<1000x1000xf32> -> !llvm.ptr
    %pout = tile.ptr_from_memref %out : memref<1001x1000xf32> -> !llvm.ptr
    %pref = tile.ptr_from_memref %ref : memref<1000x1000xf32> -> !llvm.ptr
    %count = arith.constant 1000000 : i64
    %f32 = arith.constant 0 : i32
    %seed_a = arith.constant 2026 : i64
    %seed_b = arith.constant 7 : i64
    %minus1 = arith.constant -1.0 : f64
    %pad_count = arith.constant 1001000 : i64
    llvm.call @tileRtFillRandom(%pa, %count, %f32, %seed_a) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtFillRandom(%pb, %count, %f32, %seed_b) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtFill(%pout, %pad_count, %f32, %minus1) : (!llvm.ptr, i64, i32, f64) -> ()
    %bytes = arith.constant 4000000 : i64
    llvm.call @tileRtPoison(%pref, %bytes) : (!llvm.ptr, i64) -> ()

    %ka = tile.ptr_from_memref %a : memref<1000x1000xf32> -> !tile.ptr<f32>
    %kb = tile.ptr_from_memref %b : memref<1000x1000xf32> -> !tile.ptr<f32>
    %kout = tile.ptr_from_memref %out : memref<1001x1000xf32> -> !tile.ptr<f32>
    %kref = tile.ptr_from_memref %ref : memref<1000x1000xf32> -> !tile.ptr<f32>
    %two = arith.constant 2.0 : f32
    gpu.launch_func @kernels::@vector_add blocks in (%grid, %grid, %c1) threads in (%c128, %c1, %c1) args(%ka : !tile.ptr<f32>, %kb : !tile.ptr<f32>, %kout : !tile.ptr<f32>, %two : f32)
    gpu.launch_func @kernels::@reference blocks in (%ref_grid, %c1, %c1) threads in (%c256, %c1, %c1) args(%ka : !tile.ptr<f32>, %kb : !tile.ptr<f32>, %kref : !tile.ptr<f32>, %two : f32)
    llvm.call @tileRtSynchronize() : () -> ()

    %name = llvm.mlir.addressof @name : !llvm.ptr
    %pad_name = llvm.mlir.addressof @pad_name : !llvm.ptr
    %rows = arith.constant 1000 : i64
    %cols = arith.constant 1000 : i64
    %one = arith.constant 1 : i64
    %exact = arith.constant 0.0 : f64
    %fail = llvm.call @tileRtCheck2D(%name, %pout, %cols, %pref, %cols, %rows, %cols, %f32, %exact) : (!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32
    // The row past the end keeps its -1 fill.
    %last = arith.constant 4000000 : i64
    %prow = llvm.getelementptr %pout[%last] : (!llvm.ptr, i64) -> !llvm.ptr, i8
    %fail2 = llvm.call @tileRtCheckFill(%pad_name, %prow, %cols, %one, %cols, %f32, %minus1) : (!llvm.ptr, !llvm.ptr, i64, i64, i64, i32, f64) -> i32

    // Row sums of a 1000 x 64 matrix (reusing a's first 64000 elements).
    %t4b = gpu.wait async
    %sums, %t5 = gpu.alloc async [%t4b] () : memref<1000xf32>
    %sums_ref, %t6 = gpu.alloc async [%t5] () : memref<1000xf32>
    gpu.wait [%t6]
    %ps = tile.ptr_from_memref %sums : memref<1000xf32> -> !llvm.ptr
    %psr = tile.ptr_from_memref %sums_ref : memref<1000xf32> -> !llvm.ptr
    %sum_bytes = arith.constant 4000 : i64
    llvm.call @tileRtPoison(%ps, %sum_bytes) : (!llvm.ptr, i64) -> ()
    llvm.call @tileRtPoison(%psr, %sum_bytes) : (!llvm.ptr, i64) -> ()
    %ks = tile.ptr_from_memref %sums : memref<1000xf32> -> !tile.ptr<f32>
    %ksr = tile.ptr_from_memref %sums_ref : memref<1000xf32> -> !tile.ptr<f32>
    %c4 = arith.constant 4 : index
    gpu.launch_func @kernels::@row_sum blocks in (%grid, %c1, %c1) threads in (%c128, %c1, %c1) args(%ka : !tile.ptr<f32>, %ks : !tile.ptr<f32>)
    gpu.launch_func @kernels::@row_sum_reference blocks in (%c4, %c1, %c1) threads in (%c256, %c1, %c1) args(%ka : !tile.ptr<f32>, %ksr : !tile.ptr<f32>)
    llvm.call @tileRtSynchronize() : () -> ()
    %sum_name = llvm.mlir.addressof @sum_name : !llvm.ptr
    %tol = arith.constant 1.0e-5 : f64
    %fail3 = llvm.call @tileRtCheck(%sum_name, %ps, %psr, %cols, %f32, %tol) : (!llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i32, f64) -> i32

    // The wgmma round trip of a's top-left 64 x 64 block.
    %t7 = gpu.wait async
    %copy, %t8 = gpu.alloc async [%t7] () : memref<64x64xf32>
    %maxima, %t9 = gpu.alloc async [%t8] () : memref<64xf32>
    %maxima_ref, %t10 = gpu.alloc async [%t9] () : memref<64xf32>
    %colsums, %t11 = gpu.alloc async [%t10] () : memref<64xf32>
    %colsums_ref, %t12 = gpu.alloc async [%t11] () : memref<64xf32>
    gpu.wait [%t12]
    %pcs = tile.ptr_from_memref %colsums : memref<64xf32> -> !llvm.ptr
    %pcsr = tile.ptr_from_memref %colsums_ref : memref<64xf32> -> !llvm.ptr
    %kcs = tile.ptr_from_memref %colsums : memref<64xf32> -> !tile.ptr<f32>
    %kcsr = tile.ptr_from_memref %colsums_ref : memref<64xf32> -> !tile.ptr<f32>
    %pc = tile.ptr_from_memref %copy : memref<64x64xf32> -> !llvm.ptr
    %pm = tile.ptr_from_memref %maxima : memref<64xf32> -> !llvm.ptr
    %pmr = tile.ptr_from_memref %maxima_ref : memref<64xf32> -> !llvm.ptr
    %copy_bytes = arith.constant 16384 : i64
    %max_bytes = arith.constant 256 : i64
    llvm.call @tileRtPoison(%pc, %copy_bytes) : (!llvm.ptr, i64) -> ()
    llvm.call @tileRtPoison(%pm, %max_bytes) : (!llvm.ptr, i64) -> ()
    llvm.call @tileRtPoison(%pmr, %max_bytes) : (!llvm.ptr, i64) -> ()
    %kc = tile.ptr_from_memref %copy : memref<64x64xf32> -> !tile.ptr<f32>
    %km = tile.ptr_from_memref %maxima : memref<64xf32> -> !tile.ptr<f32>
    %kmr = tile.ptr_from_memref %maxima_ref : memref<64xf32> -> !tile.ptr<f32>
    %c64i = arith.constant 64 : index
    llvm.call @tileRtPoison(%pcs, %max_bytes) : (!llvm.ptr, i64) -> ()
    llvm.call @tileRtPoison(%pcsr, %max_bytes) : (!llvm.ptr, i64) -> ()
    gpu.launch_func @kernels::@wgmma_roundtrip blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1) args(%ka : !tile.ptr<f32>, %kc : !tile.ptr<f32>, %km : !tile.ptr<f32>, %kcs : !tile.ptr<f32>)
    gpu.launch_func @kernels::@col_sum_reference blocks in (%c1, %c1, %c1) threads in (%c64i, %c1, %c1) args(%ka : !tile.ptr<f32>, %kcsr : !tile.ptr<f32>)
    gpu.launch_func @kernels::@row_max_reference blocks in (%c1, %c1, %c1) threads in (%c64i, %c1, %c1) args(%ka : !tile.ptr<f32>, %kmr : !tile.ptr<f32>)
    llvm.call @tileRtSynchronize() : () -> ()
    %rt_name = llvm.mlir.addressof @rt_name : !llvm.ptr
    %max_name = llvm.mlir.addressof @max_name : !llvm.ptr
    %n64 = arith.constant 64 : i64
    %fail4 = llvm.call @tileRtCheck2D(%rt_name, %pc, %n64, %pa, %cols, %n64, %n64, %f32, %exact) : (!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32
    %fail5 = llvm.call @tileRtCheck(%max_name, %pm, %pmr, %n64, %f32, %exact) : (!llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i32, f64) -> i32
    %any0 = arith.ori %fail, %fail2 : i32
    %any1 = arith.ori %any0, %fail3 : i32
    %any2 = arith.ori %any1, %fail4 : i32
    %any3 = arith.ori %any2, %fail5 : i32
    %cs_name = llvm.mlir.addressof @cs_name : !llvm.ptr
    %fail6 = llvm.call @tileRtCheck(%cs_name, %pcs, %pcsr, %n64, %f32, %tol) : (!llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i32, f64) -> i32
    %any = arith.ori %any3, %fail6 : i32
    return %any : i32
  }
}
