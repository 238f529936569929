// A kernel for sm_90a whose only wgmma instruction is a tile.dot_wait
// (tile-translate-chip-checks.test).
#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
#sw = #tile.nvmma_shared<swizzle = 128, element_bits = 32>
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90a">] {
    gpu.func @wait(%x: f32) kernel attributes {tile.num_warps = 4 : i32} {
      %acc = tile.splat %x : tensor<64x128xf32, #acc>
      %w = tile.dot_wait %acc {pending = 0 : i32} : tensor<64x128xf32, #acc>
      %c = tile.alloc_smem : !tile.smem<64x128xf32, #sw, mutable>
      tile.smem_store %w, %c : tensor<64x128xf32, #acc>, !tile.smem<64x128xf32, #sw, mutable>
      gpu.return
    }
  }
}
