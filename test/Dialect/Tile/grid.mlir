// RUN: tile-opt %s | tile-opt | FileCheck %s

// tile.grid / tile.grid_symbols: a kernel's grid as affine maps of its
// arguments (the TMA descriptors' tensor shapes, integer scalars) and the
// multiprocessor count; launchers written by tile-translate --emit=c-header
// evaluate them (test/Tools/c-header-grid.test).

// CHECK-LABEL: gpu.func @persistent
// CHECK-SAME: tile.grid = [#map]
// CHECK-SAME: tile.grid_symbols = ["arg0.shape[0]", "arg1.shape[1]", "sms"]
// CHECK-LABEL: gpu.func @scalars
// CHECK-SAME: tile.grid = [#map1, #map2, #map3]
// CHECK-SAME: tile.grid_symbols = ["arg0", "arg1"]
!dA = !tma.descriptor<tensor<128x64xf16>, swizzle = 128>
!dB = !tma.descriptor<tensor<64x256xf16>, swizzle = 128>
gpu.module @m {
  gpu.func @persistent(%a: !dA, %b: !dB, %k: i32) kernel attributes {
      tile.grid = [affine_map<()[m, n, sms] -> ((m ceildiv 128) * (n ceildiv 256), sms)>],
      tile.grid_symbols = ["arg0.shape[0]", "arg1.shape[1]", "sms"]} {
    gpu.return
  }
  gpu.func @scalars(%n: i64, %h: i32) kernel attributes {
      tile.grid = [affine_map<()[n, h] -> (n ceildiv 64)>, affine_map<()[n, h] -> (h)>, affine_map<()[n, h] -> (2)>],
      tile.grid_symbols = ["arg0", "arg1"]} {
    gpu.return
  }
}
