// RUN: tile-opt %s --pass-pipeline='builtin.module(tile-allocate-tensor-memory, tile-allocate-shared-memory, gpu.module(convert-tile-kernels-to-nvvm))' -split-input-file -verify-diagnostics
// RUN: tile-opt %s --pass-pipeline='builtin.module(tile-allocate-tensor-memory, tile-allocate-shared-memory, gpu.module(convert-tmem-to-nvvm))' -split-input-file -verify-diagnostics

// What the tcgen05 lowering does not express yet, reported by name before
// the conversion starts (by the full lowering and the tmem-only one alike).

#n4t = #tile.nvmma_shared<swizzle = 64, element_bits = 4, transposed = true>
#acc = #tmem.layout<block = [128, 128], col_stride = 1>
!scales = !tmem.buffer<128x4xf8E8M0FNU, #tmem.scales>

// Packed fp4 in shared memory lowers (kind::mxf4); an fp4 A in tensor
// memory does not yet.
gpu.module @m [#nvvm.target<chip = "sm_100a", features = "+ptx88">] {
  gpu.func @scaled_fp4_tmem_a(%use: i1) kernel {
    %a = tmem.alloc : !tmem.buffer<128x128xf4E2M1FN, #acc>
    %b = tile.alloc_smem : !tile.smem<128x128xf4E2M1FN, #n4t, mutable>
    %d = tmem.alloc : !tmem.buffer<128x128xf32, #acc>
    %as = tmem.alloc : !scales
    %bs = tmem.alloc : !scales
    %e = tile.elect cta
    scf.if %e {
      // expected-error @+1 {{'tmem.mma_scaled' op not supported yet: a block-scaled MMA with a 4-bit operand A in tensor memory}}
      tmem.mma_scaled %a, %b, %d, %as, %bs, %use : !tmem.buffer<128x128xf4E2M1FN, #acc>, !tile.smem<128x128xf4E2M1FN, #n4t, mutable>, !tmem.buffer<128x128xf32, #acc>, !scales, !scales
    }
    tmem.dealloc %d : !tmem.buffer<128x128xf32, #acc>
    gpu.return
  }
}

// -----

#n8 = #tile.nvmma_shared<swizzle = 128, element_bits = 8>
#n8t = #tile.nvmma_shared<swizzle = 128, element_bits = 8, transposed = true>
#acc = #tmem.layout<block = [128, 128], col_stride = 1>
!scales = !tmem.buffer<128x4xf8E8M0FNU, #tmem.scales>

gpu.module @m [#nvvm.target<chip = "sm_100a">] {
  gpu.func @scaled_ptx86(%use: i1) kernel {
    %a = tile.alloc_smem : !tile.smem<128x128xf8E4M3FN, #n8, mutable>
    %b = tile.alloc_smem : !tile.smem<128x128xf8E4M3FN, #n8t, mutable>
    %d = tmem.alloc : !tmem.buffer<128x128xf32, #acc>
    %as = tmem.alloc : !scales
    %bs = tmem.alloc : !scales
    %e = tile.elect cta
    scf.if %e {
      // expected-error @+1 {{'tmem.mma_scaled' op needs PTX ISA 8.8 (tcgen05.mma.block_scale is printed in its .block32 form): give the module's #nvvm.target features = "+ptx88"}}
      tmem.mma_scaled %a, %b, %d, %as, %bs, %use : !tile.smem<128x128xf8E4M3FN, #n8, mutable>, !tile.smem<128x128xf8E4M3FN, #n8t, mutable>, !tmem.buffer<128x128xf32, #acc>, !scales, !scales
    }
    tmem.dealloc %d : !tmem.buffer<128x128xf32, #acc>
    gpu.return
  }
}

// -----

#l32 = #tmem.layout<block = [128, 32], col_stride = 1>

gpu.module @m [#nvvm.target<chip = "sm_100a">] {
  gpu.func @copy_without_layout() kernel {
    %s = tile.alloc_smem : !tile.smem<128x32xf32, mutable>
    %t = tmem.alloc : !tmem.buffer<128x32xf32, #l32>
    %e = tile.elect cta
    scf.if %e {
      // expected-error @+1 {{'tmem.copy' op not supported yet: tcgen05.cp from a shared buffer without an NVMMA layout (run tile-legalize-layouts, which chooses one, or write it)}}
      tmem.copy %s, %t : !tile.smem<128x32xf32, mutable>, !tmem.buffer<128x32xf32, #l32>
    }
    tmem.dealloc %t : !tmem.buffer<128x32xf32, #l32>
    gpu.return
  }
}

// -----

#plain = #tile.nvmma_shared<swizzle = 0, element_bits = 16>
#sw = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#acc = #tmem.layout<block = [128, 128], col_stride = 1>

gpu.module @m [#nvvm.target<chip = "sm_100a">] {
  gpu.func @unswizzled_operand(%use: i1) kernel {
    %a = tile.alloc_smem : !tile.smem<128x64xf16, #plain, mutable>
    %b = tile.alloc_smem : !tile.smem<64x128xf16, #sw, mutable>
    %d = tmem.alloc : !tmem.buffer<128x128xf32, #acc>
    %e = tile.elect cta
    scf.if %e {
      // expected-error @+1 {{'tmem.mma' op not supported yet: a tcgen05.mma operand in an unswizzled shared layout (the descriptor needs 8 x 16-byte core matrices)}}
      tmem.mma %a, %b, %d, %use : !tile.smem<128x64xf16, #plain, mutable>, !tile.smem<64x128xf16, #sw, mutable>, !tmem.buffer<128x128xf32, #acc>
    }
    tmem.dealloc %d : !tmem.buffer<128x128xf32, #acc>
    gpu.return
  }
}

// -----

#m64 = #tmem.layout<block = [64, 64], col_stride = 1>

gpu.module @m [#nvvm.target<chip = "sm_100a">] {
  gpu.func @subslice_m64_blocks() kernel {
    %t = tmem.alloc : !tmem.buffer<128x128xf32, #m64>
    // expected-error @+1 {{'tmem.subslice' op not supported yet: a subslice of a blockM = 64 buffer with several row blocks (they share lanes, not columns)}}
    %s = tmem.subslice %t, column = 64 : !tmem.buffer<128x128xf32, #m64> -> !tmem.buffer<128x64xf32, #m64>
    tmem.dealloc %t : !tmem.buffer<128x128xf32, #m64>
    gpu.return
  }
}

// -----

#l32 = #tmem.layout<block = [128, 32], col_stride = 1>

gpu.module @m [#nvvm.target<chip = "sm_90a">] {
  gpu.func @hopper() kernel {
    // expected-error @+1 {{'tmem.alloc' op needs tensor memory (tcgen05, sm_100a), but the module targets sm_90a}}
    %t = tmem.alloc : !tmem.buffer<128x32xf32, #l32>
    tmem.dealloc %t : !tmem.buffer<128x32xf32, #l32>
    gpu.return
  }
}

// -----

// A tensor-memory buffer still without a layout (tile-legalize-layouts
// gives it one in the default pipeline).
#nv = #tile.nvmma_shared<swizzle = 128, element_bits = 32>
gpu.module @m [#nvvm.target<chip = "sm_100a">] {
  gpu.func @no_layout() kernel attributes {tile.num_warps = 4 : i32} {
    %s = tile.alloc_smem : !tile.smem<128x64xf32, #nv, mutable>
    %t = tmem.alloc : !tmem.buffer<128x64xf32>
    %e = tile.elect cta
    scf.if %e {
      // expected-error @+1 {{'tmem.copy' op not supported yet: tcgen05.cp into a tensor-memory buffer without a layout (run tile-legalize-layouts, which chooses one, or write it)}}
      tmem.copy %s, %t : !tile.smem<128x64xf32, #nv, mutable>, !tmem.buffer<128x64xf32>
    }
    tmem.dealloc %t : !tmem.buffer<128x64xf32>
    gpu.return
  }
}
