// tile-attach-target takes the PTX ISA version of each chip from the target
// table; a chip outside it gets none, so that NVPTX takes the chip's own
// (sm_120a needs 8.7, newer than any row's). Modules that name their own
// target keep it, less the PTX ISA versions older than the chip's (an LLVM
// ERROR in NVPTX otherwise), with the chip's where none is left; their
// other features stay. attach-target-invalid.mlir has what the pass cannot
// check.

// RUN: tile-opt --tile-attach-target %s | FileCheck %s --check-prefix=DEFAULT
// RUN: tile-opt --tile-attach-target=chip=sm_100a %s | FileCheck %s --check-prefix=SM100
// RUN: tile-opt --tile-attach-target=chip=sm_101a %s | FileCheck %s --check-prefix=SM101
// RUN: tile-opt --tile-attach-target=chip=sm_120a %s | FileCheck %s --check-prefix=SM120
// RUN: tile-opt --tile-attach-target=chip=sm_80 %s | FileCheck %s --check-prefix=SM80
// RUN: tile-opt --tile-to-nvvm %s | FileCheck %s --check-prefix=DEFAULT

// DEFAULT: gpu.module @plain [#nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">]
// SM100: gpu.module @plain [#nvvm.target<O = 3, chip = "sm_100a", features = "+ptx86">]
// SM101: gpu.module @plain [#nvvm.target<O = 3, chip = "sm_101a", features = "+ptx86">]
// SM120: gpu.module @plain [#nvvm.target<O = 3, chip = "sm_120a">]
// SM80: gpu.module @plain [#nvvm.target<O = 3, chip = "sm_80">]
// DEFAULT: gpu.module @own [#nvvm.target<chip = "sm_100a", features = "+ptx88">]
// SM100: gpu.module @own [#nvvm.target<chip = "sm_100a", features = "+ptx88">]
// DEFAULT: gpu.module @old_ptx [#nvvm.target<chip = "sm_100a", features = "+ptx86,+foo">]
// DEFAULT: gpu.module @no_ptx [#nvvm.target<chip = "sm_90a", features = "+ptx80">]
// DEFAULT: gpu.module @newer_kept [#nvvm.target<chip = "sm_100a", features = "+ptx88,+foo">]
// DEFAULT: gpu.module @other_only [#nvvm.target<chip = "sm_100a", features = "+ptx86,+foo">]
// DEFAULT: gpu.module @own_outside [#nvvm.target<chip = "sm_120a", features = "+foo">]

module attributes {gpu.container_module} {
  gpu.module @plain {
    gpu.func @k() kernel {
      gpu.return
    }
  }
  gpu.module @own [#nvvm.target<chip = "sm_100a", features = "+ptx88">] {
    gpu.func @k() kernel {
      gpu.return
    }
  }
  gpu.module @old_ptx [#nvvm.target<chip = "sm_100a", features = "+ptx80,+foo">] {
    gpu.func @k() kernel {
      gpu.return
    }
  }
  gpu.module @no_ptx [#nvvm.target<chip = "sm_90a">] {
    gpu.func @k() kernel {
      gpu.return
    }
  }
  gpu.module @newer_kept [#nvvm.target<chip = "sm_100a", features = "+ptx80,+ptx88,+foo">] {
    gpu.func @k() kernel {
      gpu.return
    }
  }
  gpu.module @other_only [#nvvm.target<chip = "sm_100a", features = "+foo">] {
    gpu.func @k() kernel {
      gpu.return
    }
  }
  gpu.module @own_outside [#nvvm.target<chip = "sm_120a", features = "+foo">] {
    gpu.func @k() kernel {
      gpu.return
    }
  }
}
