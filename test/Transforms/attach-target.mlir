// tile-attach-target takes the PTX ISA version of each chip from the target
// table; a chip outside it gets that of the newest known chip not newer
// than it (the oldest one's when it is older than them all). Modules that
// name their own target keep it.

// RUN: tile-opt --tile-attach-target %s | FileCheck %s --check-prefix=DEFAULT
// RUN: tile-opt --tile-attach-target=chip=sm_100a %s | FileCheck %s --check-prefix=SM100
// RUN: tile-opt --tile-attach-target=chip=sm_101a %s | FileCheck %s --check-prefix=SM101
// RUN: tile-opt --tile-attach-target=chip=sm_120a %s | FileCheck %s --check-prefix=SM120
// RUN: tile-opt --tile-attach-target=chip=sm_80 %s | FileCheck %s --check-prefix=SM80
// RUN: tile-opt --tile-to-nvvm %s | FileCheck %s --check-prefix=DEFAULT

// DEFAULT: gpu.module @plain [#nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">]
// SM100: gpu.module @plain [#nvvm.target<O = 3, chip = "sm_100a", features = "+ptx86">]
// SM101: gpu.module @plain [#nvvm.target<O = 3, chip = "sm_101a", features = "+ptx86">]
// SM120: gpu.module @plain [#nvvm.target<O = 3, chip = "sm_120a", features = "+ptx86">]
// SM80: gpu.module @plain [#nvvm.target<O = 3, chip = "sm_80", features = "+ptx80">]
// DEFAULT: gpu.module @own [#nvvm.target<chip = "sm_100a", features = "+ptx88">]
// SM100: gpu.module @own [#nvvm.target<chip = "sm_100a", features = "+ptx88">]

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
}
