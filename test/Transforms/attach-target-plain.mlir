// tile-attach-target on a module that uses no NVVM attribute of its own
// (the pass loads the dialect of the targets it attaches: it once crashed
// building the first), and a --chip that is no chip's name (NVPTX only
// warned, and the PTX named "bogus" as its target).
// RUN: tile-opt --tile-attach-target %s | FileCheck %s
// RUN: not tile-opt --tile-attach-target=chip=bogus %s 2>&1 | FileCheck %s --check-prefix=BOGUS

// CHECK: gpu.module @m [#nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">]
// BOGUS: error: tile-attach-target: 'bogus' is not a chip name (sm_<version>, optionally with a or f: sm_90a or sm_100a are supported)
module {
  gpu.module @m {
  }
}
