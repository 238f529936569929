// RUN: tile-opt %s -split-input-file -verify-diagnostics

// What tile.extract_slice rejects: the rule and its numbers.

gpu.module @m {
  gpu.func @k(%x: tensor<64x64xf32>) kernel {
    // expected-error @+1 {{'tile.extract_slice' op result has rank 1; a slice keeps the source's rank 2}}
    %r = tile.extract_slice %x[0, 0] : tensor<64x64xf32> -> tensor<64xf32>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%x: tensor<64x64xf32>) kernel {
    // expected-error @+1 {{'tile.extract_slice' op has 1 offsets for a source of rank 2}}
    %r = tile.extract_slice %x[0] : tensor<64x64xf32> -> tensor<32x64xf32>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%x: tensor<64x64xf32>) kernel {
    // expected-error @+1 {{'tile.extract_slice' op result element type 'f16' differs from the source's 'f32'}}
    %r = tile.extract_slice %x[0, 0] : tensor<64x64xf32> -> tensor<32x64xf16>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%x: tensor<64x64xf32>) kernel {
    // expected-error @+1 {{'tile.extract_slice' op window [48, 48 + 32) of dimension 0 is outside the source's [0, 64)}}
    %r = tile.extract_slice %x[48, 0] : tensor<64x64xf32> -> tensor<32x64xf32>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%x: tensor<64x64xf32>) kernel {
    // expected-error @+1 {{'tile.extract_slice' op window [-32, -32 + 32) of dimension 1 is outside the source's [0, 64)}}
    %r = tile.extract_slice %x[0, -32] : tensor<64x64xf32> -> tensor<64x32xf32>
    gpu.return
  }
}

// -----

// A window larger than the source.
gpu.module @m {
  gpu.func @k(%x: tensor<64x64xf32>) kernel {
    // expected-error @+1 {{'tile.extract_slice' op window [0, 0 + 128) of dimension 1 is outside the source's [0, 64)}}
    %r = tile.extract_slice %x[0, 0] : tensor<64x64xf32> -> tensor<64x128xf32>
    gpu.return
  }
}

// -----

// Offsets near the int64 limit do not wrap around.
gpu.module @m {
  gpu.func @k(%x: tensor<64x64xf32>) kernel {
    // expected-error @+1 {{'tile.extract_slice' op window [9223372036854775807, 9223372036854775807 + 32) of dimension 0 is outside the source's [0, 64)}}
    %r = tile.extract_slice %x[9223372036854775807, 0] : tensor<64x64xf32> -> tensor<32x64xf32>
    gpu.return
  }
}
