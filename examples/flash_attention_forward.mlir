// Flash-attention forward in TileMLIR, written as a kernel author writes it:
// no register layout anywhere (tile-legalize-layouts gives S and O the
// wgmma accumulator layout, the row statistics its row slice, P the layout
// of wgmma's register A operand), and a plain single-buffered K/V loop that
// the compiler pipelines and warp-specializes (`tile.num_stages`,
// `tile.warp_specialize`: a producer warp issues the TMA loads into a ring
// of 3 K/V slots, the two consumer warpgroups compute).
//
//   O = softmax(scale * Q K^T) V,  LSE = log sum_j exp(scale * q k_j)
//
// per (batch, head): Q, K, V and O bf16 [B * H * S, 128] (row-major, the
// heads of a batch one after another), LSE f32 [B * H * S], causal or not,
// any sequence length S (the last query tile and key block are masked).
// One CTA of 8 warps per 128 query rows of one (batch, head): grid
// (ceil(S / 128), B * H).
//
// The loop is the online softmax in base 2 (scale pre-multiplied by
// log2 e): per key block j, S = Q K_j^T (wgmma, both operands in shared
// memory), the running row max m and row sum l updated, O rescaled by
// exp2(m_old - m_new), O += P V_j with P = exp2(S - m) rounded to bf16 and
// fed to wgmma from registers. Causal tiles stop at the diagonal (blocks
// above it are skipped, not masked), and only the blocks that need a mask
// (the diagonal, the sequence's end) compute one.
//
// bench/generate_attention_bench.py writes this kernel for head dims 64,
// 128 and 256 and f16 (`w` there) next to the faster hand-scheduled ones
// (FlashAttention-3's ping-pong and intra-warpgroup overlap, persistent
// grids); this file is the one to read first.

#sw128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#sw128t = #tile.nvmma_shared<swizzle = 128, element_bits = 16, transposed = true>
// A 128-byte swizzle limits a TMA box row to 128 bytes (64 bf16): Q, K and
// V tiles (128 x 128) each arrive as two 128 x 64 boxes.
!desc = !tma.descriptor<tensor<128x64xbf16>, swizzle = 128>
!tile128 = !tile.smem<128x128xbf16, #sw128, mutable>
!box = !tile.smem<128x64xbf16, #sw128, mutable>
!tile128t = !tile.smem<128x128xbf16, #sw128t, mutable>

module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90a", features = "+ptx80", O = 3>] {
    gpu.func @flash_attention_fwd(%dq: !desc, %dk: !desc, %dv: !desc,
        %out: !tile.ptr<bf16>, %lse: !tile.ptr<f32>, %seq: i32,
        %qk_scale: f32, %causal: i32) kernel
        attributes {tile.num_warps = 8 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c0_i32 = arith.constant 0 : i32
      %c1_i32 = arith.constant 1 : i32
      %c2_i32 = arith.constant 2 : i32
      %c64_i32 = arith.constant 64 : i32
      %c127_i32 = arith.constant 127 : i32
      %c128_i32 = arith.constant 128 : i32

      // This CTA's 128 query rows: rows q_start.. of (batch, head) `pair`,
      // whose rows start at pair * S in the flattened tensors.
      %block = tile.program_id x
      %pair = tile.program_id y
      %q_start = arith.muli %block, %c128_i32 : i32
      %pair_row = arith.muli %pair, %seq : i32
      %q_row = arith.addi %pair_row, %q_start : i32

      %q = tile.alloc_smem : !tile128
      %k = tile.alloc_smem : !tile128
      %v = tile.alloc_smem : !tile128
      %q_lo = tile.smem_subslice %q[0, 0] : !tile128 -> !box
      %q_hi = tile.smem_subslice %q[0, 64] : !tile128 -> !box
      %k_lo = tile.smem_subslice %k[0, 0] : !tile128 -> !box
      %k_hi = tile.smem_subslice %k[0, 64] : !tile128 -> !box
      %v_lo = tile.smem_subslice %v[0, 0] : !tile128 -> !box
      %v_hi = tile.smem_subslice %v[0, 64] : !tile128 -> !box
      // K^T for S = Q K^T: a view of K's buffer (wgmma reads it K-major).
      %kt = tile.smem_trans %k, order = [1, 0] : !tile128 -> !tile128t

      // One barrier per buffer; every thread arrives, the leader also
      // announces the bytes its TMA copies will bring.
      %bars = mbarrier.alloc : !mbarrier.group<3>
      %q_bar = mbarrier.index %bars[%c0] : !mbarrier.group<3>
      %k_bar = mbarrier.index %bars[%c1] : !mbarrier.group<3>
      %v_bar = mbarrier.index %bars[%c2] : !mbarrier.group<3>
      %leader = tile.elect cta
      scf.if %leader {
        mbarrier.init %q_bar, arrivals = 256
        mbarrier.init %k_bar, arrivals = 256
        mbarrier.init %v_bar, arrivals = 256
      }
      tile.barrier
      mbarrier.expect_tx %q_bar, bytes = 32768 if %leader
      tma.async_load %dq[%q_row, %c0_i32], %q_lo, %q_bar : !desc, !box
      tma.async_load %dq[%q_row, %c64_i32], %q_hi, %q_bar : !desc, !box
      mbarrier.arrive %q_bar
      mbarrier.wait %q_bar, phase %c0_i32 : i32

      // Key blocks [0, end) are visited, [0, full) without a mask. Causal:
      // end at the block holding the tile's last row's diagonal, full
      // below the tile's first row; otherwise all blocks, full up to the
      // sequence's last whole block.
      %seq_pad = arith.addi %seq, %c127_i32 : i32
      %blocks = arith.divui %seq_pad, %c128_i32 : i32
      %whole = arith.divui %seq, %c128_i32 : i32
      %is_causal = arith.cmpi ne, %causal, %c0_i32 : i32
      %q_end = arith.addi %q_start, %c128_i32 : i32
      %q_end_pad = arith.addi %q_end, %c127_i32 : i32
      %diag_end = arith.divui %q_end_pad, %c128_i32 : i32
      %causal_end = arith.minui %diag_end, %blocks : i32
      %end_i32 = arith.select %is_causal, %causal_end, %blocks : i32
      %q_first1 = arith.addi %q_start, %c1_i32 : i32
      %below = arith.divui %q_first1, %c128_i32 : i32
      %causal_full = arith.minui %below, %whole : i32
      %full = arith.select %is_causal, %causal_full, %whole : i32
      %end = arith.index_cast %end_i32 : i32 to index

      %zeros = arith.constant dense<0.0> : tensor<128x128xf32>
      %neg_inf = arith.constant dense<0xFF800000> : tensor<128x128xf32>
      %m_init = arith.constant dense<0xFF800000> : tensor<128xf32>
      %l_init = arith.constant dense<0.0> : tensor<128xf32>
      %scale = tile.splat %qk_scale : tensor<128x128xf32>
      %res:3 = scf.for %j = %c0 to %end step %c1
          iter_args(%acc = %zeros, %m_i = %m_init, %l_i = %l_init)
          -> (tensor<128x128xf32>, tensor<128xf32>, tensor<128xf32>) {
        %j_i32 = arith.index_cast %j : index to i32
        %kv_start = arith.muli %j_i32, %c128_i32 : i32
        %kv_row = arith.addi %pair_row, %kv_start : i32
        mbarrier.expect_tx %k_bar, bytes = 32768 if %leader
        tma.async_load %dk[%kv_row, %c0_i32], %k_lo, %k_bar : !desc, !box
        tma.async_load %dk[%kv_row, %c64_i32], %k_hi, %k_bar : !desc, !box
        mbarrier.arrive %k_bar
        mbarrier.expect_tx %v_bar, bytes = 32768 if %leader
        tma.async_load %dv[%kv_row, %c0_i32], %v_lo, %v_bar : !desc, !box
        tma.async_load %dv[%kv_row, %c64_i32], %v_hi, %v_bar : !desc, !box
        mbarrier.arrive %v_bar
        %parity = arith.remui %j_i32, %c2_i32 : i32

        // S = Q K^T, scaled (in base 2).
        mbarrier.wait %k_bar, phase %parity : i32
        %qk = tile.dot %q, %kt, %zeros : !tile128, !tile128t, tensor<128x128xf32> -> tensor<128x128xf32>
        %scaled = arith.mulf %qk, %scale : tensor<128x128xf32>

        // Masked blocks: key column c of query row r is kept when
        // c < min(S - kv_start, r + q_start - kv_start + 1 if causal).
        %edge = arith.cmpi sge, %j_i32, %full : i32
        %scores = scf.if %edge -> (tensor<128x128xf32>) {
          %seq_rel = arith.subi %seq, %kv_start : i32
          %diag_rel = arith.subi %q_first1, %kv_start : i32
          %row_base = arith.select %is_causal, %diag_rel, %seq_rel : i32
          %rows = tile.range 0 to 128 : tensor<128xi32>
          %row_base_v = tile.splat %row_base : tensor<128xi32>
          %seq_rel_v = tile.splat %seq_rel : tensor<128xi32>
          %row_lim = arith.addi %rows, %row_base_v : tensor<128xi32>
          %lim = arith.minsi %row_lim, %seq_rel_v : tensor<128xi32>
          %lim_col = tile.expand_dims %lim, axis = 1 : tensor<128xi32> -> tensor<128x1xi32>
          %lim_b = tile.broadcast %lim_col : tensor<128x1xi32> -> tensor<128x128xi32>
          %cols = tile.range 0 to 128 : tensor<128xi32>
          %cols_row = tile.expand_dims %cols, axis = 0 : tensor<128xi32> -> tensor<1x128xi32>
          %cols_b = tile.broadcast %cols_row : tensor<1x128xi32> -> tensor<128x128xi32>
          %keep = arith.cmpi slt, %cols_b, %lim_b : tensor<128x128xi32>
          %masked = arith.select %keep, %scaled, %neg_inf : tensor<128x128xi1>, tensor<128x128xf32>
          scf.yield %masked : tensor<128x128xf32>
        } else {
          scf.yield %scaled : tensor<128x128xf32>
        }

        // Online softmax: the new row max, P, the rescale of l and O.
        %row_max = tile.reduce max %scores, axis = 1 : tensor<128x128xf32> -> tensor<128xf32>
        %m_new = arith.maximumf %m_i, %row_max : tensor<128xf32>
        %m_col = tile.expand_dims %m_new, axis = 1 : tensor<128xf32> -> tensor<128x1xf32>
        %m_b = tile.broadcast %m_col : tensor<128x1xf32> -> tensor<128x128xf32>
        %shifted = arith.subf %scores, %m_b : tensor<128x128xf32>
        %p = math.exp2 %shifted : tensor<128x128xf32>
        %m_diff = arith.subf %m_i, %m_new : tensor<128xf32>
        %alpha = math.exp2 %m_diff : tensor<128xf32>
        %row_sum = tile.reduce add %p, axis = 1 : tensor<128x128xf32> -> tensor<128xf32>
        %l_old = arith.mulf %l_i, %alpha : tensor<128xf32>
        %l_new = arith.addf %l_old, %row_sum : tensor<128xf32>
        %alpha_col = tile.expand_dims %alpha, axis = 1 : tensor<128xf32> -> tensor<128x1xf32>
        %alpha_b = tile.broadcast %alpha_col : tensor<128x1xf32> -> tensor<128x128xf32>
        %acc_old = arith.mulf %acc, %alpha_b : tensor<128x128xf32>

        // O += P V, P from registers.
        %p16 = arith.truncf %p : tensor<128x128xf32> to tensor<128x128xbf16>
        mbarrier.wait %v_bar, phase %parity : i32
        %acc_new = tile.dot %p16, %v, %acc_old : tensor<128x128xbf16>, !tile128, tensor<128x128xf32> -> tensor<128x128xf32>
        // K and V are overwritten next; no warp may still read them.
        tile.barrier
        scf.yield %acc_new, %m_new, %l_new : tensor<128x128xf32>, tensor<128xf32>, tensor<128xf32>
      } {tile.num_stages = 3 : i32, tile.warp_specialize}

      // O = acc / l (one reciprocal per row), rows past S not stored.
      %ones = arith.constant dense<1.0> : tensor<128xf32>
      %inv_l = arith.divf %ones, %res#2 : tensor<128xf32>
      %inv_l_col = tile.expand_dims %inv_l, axis = 1 : tensor<128xf32> -> tensor<128x1xf32>
      %inv_l_b = tile.broadcast %inv_l_col : tensor<128x1xf32> -> tensor<128x128xf32>
      %normed = arith.mulf %res#0, %inv_l_b : tensor<128x128xf32>
      %o = arith.truncf %normed : tensor<128x128xf32> to tensor<128x128xbf16>
      %rows = tile.range 0 to 128 : tensor<128xi32>
      %q_row_v = tile.splat %q_row : tensor<128xi32>
      %out_rows = arith.addi %rows, %q_row_v : tensor<128xi32>
      %q_start_v = tile.splat %q_start : tensor<128xi32>
      %queries = arith.addi %rows, %q_start_v : tensor<128xi32>
      %seq_v = tile.splat %seq : tensor<128xi32>
      %row_ok = arith.cmpi slt, %queries, %seq_v : tensor<128xi32>
      %out_rows_col = tile.expand_dims %out_rows, axis = 1 : tensor<128xi32> -> tensor<128x1xi32>
      %out_rows_b = tile.broadcast %out_rows_col : tensor<128x1xi32> -> tensor<128x128xi32>
      %cols = tile.range 0 to 128 : tensor<128xi32>
      %cols_row = tile.expand_dims %cols, axis = 0 : tensor<128xi32> -> tensor<1x128xi32>
      %cols_b = tile.broadcast %cols_row : tensor<1x128xi32> -> tensor<128x128xi32>
      %ld = arith.constant dense<128> : tensor<128x128xi32>
      %row_off = arith.muli %out_rows_b, %ld : tensor<128x128xi32>
      %off = arith.addi %row_off, %cols_b : tensor<128x128xi32>
      %row_ok_col = tile.expand_dims %row_ok, axis = 1 : tensor<128xi1> -> tensor<128x1xi1>
      %row_ok_b = tile.broadcast %row_ok_col : tensor<128x1xi1> -> tensor<128x128xi1>
      tile.store %out[%off], %o mask %row_ok_b : !tile.ptr<bf16>, tensor<128x128xi32>, tensor<128x128xbf16>, tensor<128x128xi1>

      // LSE = (m + log2 l) ln 2 (m is in base 2), for a backward pass.
      %log_l = math.log2 %res#2 : tensor<128xf32>
      %lse2 = arith.addf %res#1, %log_l : tensor<128xf32>
      %ln2 = arith.constant dense<0.693147180559945309> : tensor<128xf32>
      %lse_rows = arith.mulf %lse2, %ln2 : tensor<128xf32>
      tile.store %lse[%out_rows], %lse_rows mask %row_ok : !tile.ptr<f32>, tensor<128xi32>, tensor<128xf32>, tensor<128xi1>
      gpu.return
    }
  }

  // The launch: Q, K, V, O [B * H * S, 128] and LSE [B * H * S] on the
  // device; `pairs` = B * H. Synchronous.
  func.func @attention(%q: memref<?x?xbf16>, %k: memref<?x?xbf16>,
      %v: memref<?x?xbf16>, %o: memref<?x?xbf16>, %lse: memref<?xf32>,
      %pairs: index, %seq: index, %causal: i32) {
    %c1 = arith.constant 1 : index
    %c127 = arith.constant 127 : index
    %c128 = arith.constant 128 : index
    %threads = arith.constant 256 : index
    %dq = tma.make_descriptor %q : memref<?x?xbf16> -> !desc
    %dk = tma.make_descriptor %k : memref<?x?xbf16> -> !desc
    %dv = tma.make_descriptor %v : memref<?x?xbf16> -> !desc
    %po = tile.ptr_from_memref %o : memref<?x?xbf16> -> !tile.ptr<bf16>
    %pl = tile.ptr_from_memref %lse : memref<?xf32> -> !tile.ptr<f32>
    %seq_pad = arith.addi %seq, %c127 : index
    %tiles = arith.divui %seq_pad, %c128 : index
    %seq32 = arith.index_cast %seq : index to i32
    // 1 / sqrt(128) * log2(e): the kernel's softmax is in base 2.
    %qk_scale = arith.constant 0.12751743082459868 : f32
    gpu.launch_func @kernels::@flash_attention_fwd
        blocks in (%tiles, %pairs, %c1) threads in (%threads, %c1, %c1)
        args(%dq : !desc, %dk : !desc, %dv : !desc, %po : !tile.ptr<bf16>,
             %pl : !tile.ptr<f32>, %seq32 : i32, %qk_scale : f32, %causal : i32)
    return
  }

  llvm.mlir.global internal constant @name("flash_attention_forward bf16 d128\00") {addr_space = 0 : i32}
  llvm.func @tileRtFillRandom(!llvm.ptr, i64, i32, i64)
  llvm.func @tileRtPoison(!llvm.ptr, i64)
  llvm.func @tileRtSynchronize()
  llvm.func @tileRtCheckAttention(!llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64, i64, i64, i32, i32, i32, f64, f64) -> i32

  // One problem: fresh random Q, K and V, O and LSE poisoned, the kernel,
  // then a host reference in double (tileRtCheckAttention: O's relative
  // error and LSE's absolute error within 1e-2). Returns 0 on PASS.
  func.func @run(%b: index, %h: index, %seq: index, %causal: i32,
                 %seed: i64) -> i32 {
    %dim = arith.constant 128 : index
    %pairs = arith.muli %b, %h : index
    %rows = arith.muli %pairs, %seq : index
    %t0 = gpu.wait async
    %q, %t1 = gpu.alloc async [%t0] (%rows, %dim) : memref<?x?xbf16>
    %k, %t2 = gpu.alloc async [%t1] (%rows, %dim) : memref<?x?xbf16>
    %v, %t3 = gpu.alloc async [%t2] (%rows, %dim) : memref<?x?xbf16>
    %o, %t4 = gpu.alloc async [%t3] (%rows, %dim) : memref<?x?xbf16>
    %lse, %t5 = gpu.alloc async [%t4] (%rows) : memref<?xf32>
    gpu.wait [%t5]
    %pq = tile.ptr_from_memref %q : memref<?x?xbf16> -> !llvm.ptr
    %pk = tile.ptr_from_memref %k : memref<?x?xbf16> -> !llvm.ptr
    %pv = tile.ptr_from_memref %v : memref<?x?xbf16> -> !llvm.ptr
    %po = tile.ptr_from_memref %o : memref<?x?xbf16> -> !llvm.ptr
    %pl = tile.ptr_from_memref %lse : memref<?xf32> -> !llvm.ptr
    %b64 = arith.index_cast %b : index to i64
    %h64 = arith.index_cast %h : index to i64
    %s64 = arith.index_cast %seq : index to i64
    %d64 = arith.constant 128 : i64
    %rows64 = arith.index_cast %rows : index to i64
    %count = arith.muli %rows64, %d64 : i64
    %bf16 = arith.constant 2 : i32
    %one = arith.constant 1 : i64
    %two = arith.constant 2 : i64
    %four = arith.constant 4 : i64
    %seed_k = arith.addi %seed, %one : i64
    %seed_v = arith.addi %seed, %two : i64
    llvm.call @tileRtFillRandom(%pq, %count, %bf16, %seed) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtFillRandom(%pk, %count, %bf16, %seed_k) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtFillRandom(%pv, %count, %bf16, %seed_v) : (!llvm.ptr, i64, i32, i64) -> ()
    %o_bytes = arith.muli %count, %two : i64
    %lse_bytes = arith.muli %rows64, %four : i64
    llvm.call @tileRtPoison(%po, %o_bytes) : (!llvm.ptr, i64) -> ()
    llvm.call @tileRtPoison(%pl, %lse_bytes) : (!llvm.ptr, i64) -> ()
    func.call @attention(%q, %k, %v, %o, %lse, %pairs, %seq, %causal) : (memref<?x?xbf16>, memref<?x?xbf16>, memref<?x?xbf16>, memref<?x?xbf16>, memref<?xf32>, index, index, i32) -> ()
    llvm.call @tileRtSynchronize() : () -> ()
    %name = llvm.mlir.addressof @name : !llvm.ptr
    // The reference's scale: 1 / sqrt(128), in base e.
    %scale = arith.constant 0.08838834764831843 : f64
    %tol = arith.constant 1.0e-2 : f64
    %fail = llvm.call @tileRtCheckAttention(%name, %pq, %pk, %pv, %po, %pl, %b64, %h64, %s64, %d64, %bf16, %bf16, %causal, %scale, %tol) : (!llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64, i64, i64, i32, i32, i32, f64, f64) -> i32
    %t6 = gpu.wait async
    %t7 = gpu.dealloc async [%t6] %q : memref<?x?xbf16>
    %t8 = gpu.dealloc async [%t7] %k : memref<?x?xbf16>
    %t9 = gpu.dealloc async [%t8] %v : memref<?x?xbf16>
    %t10 = gpu.dealloc async [%t9] %o : memref<?x?xbf16>
    %t11 = gpu.dealloc async [%t10] %lse : memref<?xf32>
    gpu.wait [%t11]
    return %fail : i32
  }

  // Four problems: a sequence shorter than one tile, one that ends inside
  // a tile and block (causal and not), several batches and heads.
  func.func @main() -> i32 {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c77 = arith.constant 77 : index
    %c1000 = arith.constant 1000 : index
    %c1024 = arith.constant 1024 : index
    %no = arith.constant 0 : i32
    %yes = arith.constant 1 : i32
    %s1 = arith.constant 11 : i64
    %s2 = arith.constant 21 : i64
    %s3 = arith.constant 31 : i64
    %s4 = arith.constant 41 : i64
    %f1 = func.call @run(%c1, %c1, %c77, %yes, %s1) : (index, index, index, i32, i64) -> i32
    %f2 = func.call @run(%c1, %c2, %c1000, %no, %s2) : (index, index, index, i32, i64) -> i32
    %f3 = func.call @run(%c1, %c2, %c1000, %yes, %s3) : (index, index, index, i32, i64) -> i32
    %f4 = func.call @run(%c2, %c3, %c1024, %yes, %s4) : (index, index, index, i32, i64) -> i32
    %f12 = arith.addi %f1, %f2 : i32
    %f34 = arith.addi %f3, %f4 : i32
    %f = arith.addi %f12, %f34 : i32
    return %f : i32
  }
}
