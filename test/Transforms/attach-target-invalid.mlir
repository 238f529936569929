// What tile-attach-target cannot check refuses to compile, where NVPTX
// could stop with an LLVM ERROR: a PTX ISA version for a chip outside the
// target table (NVPTX's floor for it is unknown here), and features that
// name a chip (NVPTX raises its PTX ISA floor to that chip's).
// RUN: tile-opt %s --tile-attach-target -split-input-file -verify-diagnostics

module attributes {gpu.container_module} {
  // expected-error @+1 {{gpu.module @outside: features "+ptx80" name a PTX ISA version for 'sm_120a', a chip outside TileMLIR's target table: leave it out, so that NVPTX takes the chip's own}}
  gpu.module @outside [#nvvm.target<chip = "sm_120a", features = "+ptx80">] {
    gpu.func @k() kernel {
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  // expected-error @+1 {{gpu.module @sm_feature: features "+ptx86,+sm_120a" name a chip (+sm_120a); only the target's chip may}}
  gpu.module @sm_feature [#nvvm.target<chip = "sm_100a", features = "+ptx86,+sm_120a">] {
    gpu.func @k() kernel {
      gpu.return
    }
  }
}

// -----

// A chip NVPTX does not know: it would compile for its lowest processor
// and stop at the first newer instruction ("Cannot select", found by
// tile-fuzz).
module attributes {gpu.container_module} {
  // expected-error @+1 {{gpu.module @unknown_chip: chip 'sm_91a' is not a processor the NVPTX backend knows (LLVM 22); TileMLIR targets}}
  gpu.module @unknown_chip [#nvvm.target<chip = "sm_91a">] {
    gpu.func @k() kernel {
      gpu.return
    }
  }
}
