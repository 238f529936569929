// cubin (through ptxas) and device LLVM IR / bitcode of one gpu.module.
// REQUIRES: ptxas

// RUN: tile-translate --emit=cubin --chip=sm_90a %s -o %t.sm90.cubin
// RUN: od -c -N 16 %t.sm90.cubin | FileCheck %s --check-prefix=ELF
// RUN: tile-translate --emit=cubin --chip=sm_100a --cuda-path=%cuda_root %s -o %t.sm100.cubin
// RUN: od -c -N 16 %t.sm100.cubin | FileCheck %s --check-prefix=ELF
// ELF: 0000000 177   E   L   F

// RUN: llvm-readelf -h %t.sm90.cubin | FileCheck %s --check-prefix=HDR
// HDR: Class: ELF64
// HDR: Machine: NVIDIA CUDA architecture

// RUN: tile-translate --emit=llvm --chip=sm_90a %s | FileCheck %s --check-prefix=LLVM
// LLVM: target triple = "nvptx64-nvidia-cuda"
// LLVM: define ptx_kernel void @store_tid(
// LLVM: call {{.*}}i32 @llvm.nvvm.read.ptx.sreg.tid.x()
// LLVM: !nvvmir.version

// RUN: tile-translate --emit=bc %s -o %t.bc
// RUN: od -c -N 16 %t.bc | FileCheck %s --check-prefix=BC
// BC: 0000000   B   C 300 336

// ptxas options reach ptxas (an unknown one makes it fail).
// RUN: not tile-translate --emit=cubin --ptxas-options=--no-such-flag %s -o %t.bad 2>&1 | FileCheck %s --check-prefix=PTXAS
// PTXAS: error: cannot assemble gpu.module @kernels for sm_90a: ptxas failed ({{.*}}/ptxas, exit {{[0-9]+}}):
// PTXAS-NEXT: ptxas fatal : Unknown option
// PTXAS-NOT: see current operation

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @store_tid(%out: memref<256xi32>) kernel {
      %tid = gpu.thread_id x
      %v = arith.index_cast %tid : index to i32
      memref.store %v, %out[%tid] : memref<256xi32>
      gpu.return
    }
  }
}
