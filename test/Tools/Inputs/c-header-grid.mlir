// Kernels whose grid follows from their arguments (tile.grid), for
// c-header-grid.test.
!dA = !tma.descriptor<tensor<128x64xf16>, swizzle = 128>
!dB = !tma.descriptor<tensor<64x256xf16>, swizzle = 128>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // One CTA per 128x256 output tile of (M = A's rows) x (N = B's
    // columns), heads in y; z is the 2 * heads + batch rounding of a scalar.
    gpu.func @tiles(%a: !dA, %b: !dB, %heads: i32, %t: i64) kernel attributes {
        tile.num_warps = 4 : i32,
        tile.grid = [affine_map<()[m, n, h, t] -> ((m ceildiv 128) * (n ceildiv 256))>,
                     affine_map<()[m, n, h, t] -> (h)>,
                     affine_map<()[m, n, h, t] -> (t floordiv 4 + t mod 3 - 1)>],
        tile.grid_symbols = ["arg0.shape[0]", "arg1.shape[1]", "arg2", "arg3"]} {
      gpu.return
    }
    // Persistent: min(tiles, multiprocessors).
    gpu.func @persistent(%a: !dA, %n: i32) kernel attributes {
        tile.num_warps = 4 : i32,
        tile.grid = [affine_map<()[m, n, sms] -> ((m ceildiv 128) * (n ceildiv 64), sms)>],
        tile.grid_symbols = ["arg0.shape[0]", "arg1", "sms"]} {
      gpu.return
    }
  }
}
