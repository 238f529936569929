// tile-run's early stops: lowered MLIR, LLVM IR, object. No runtime needed.

// RUN: tile-run --emit=llvm %s | FileCheck %s
// CHECK: target triple = "x86_64
// The cubin is embedded in the host module and loaded by a constructor.
// CHECK: @kernels_binary = internal constant [{{[0-9]+}} x i8] c"\7FELF
// CHECK: define internal void @__tile_host_main()
// CHECK: call ptr @mgpuMemAlloc(i64 1024
// CHECK: call ptr @mgpuModuleGetFunction(ptr {{.*}}, ptr @kernels_store_tid_name)
// CHECK: call void @mgpuLaunchKernel(ptr {{.*}}, i64 1, i64 1, i64 1, i64 256, i64 1, i64 1, i32 0,
// CHECK: call void @mgpuStreamSynchronize(
// CHECK: call ptr @mgpuModuleLoad(ptr @kernels_binary, i64
// The C entry point wraps @main; a @main without result defers to the runtime.
// CHECK: define i32 @main(i32 %0, ptr %1)
// CHECK: call void @__tile_host_main()
// CHECK: call i32 @tileRtExitStatus()
// CHECK: ret i32 0
// CHECK: declare extern_weak i32 @tileRtExitStatus()

// RUN: tile-run --emit=mlir %s | FileCheck %s --check-prefix=MLIR
// RUN: tile-run --emit=mlir --chip=sm_100a %s | FileCheck %s --check-prefix=MLIR100
// MLIR: gpu.binary @kernels {{.*}}#nvvm.target<O = 3, chip = "sm_90a"{{.*}}bin = "\7FELF
// MLIR: llvm.func @main()
// MLIR100: gpu.binary @kernels {{.*}}chip = "sm_100a"

// PTX instead of a cubin (the driver JIT-compiles it).
// RUN: tile-run --emit=llvm --gpu-format=isa %s | FileCheck %s --check-prefix=ISA
// ISA: @kernels_binary = internal constant {{.*}}.target sm_90a

// A custom pipeline replaces the default one.
// RUN: tile-run --emit=mlir --pipeline='builtin.module(tile-to-nvvm)' %s | FileCheck %s --check-prefix=CUSTOM
// CUSTOM: gpu.module @kernels [#nvvm.target
// CUSTOM: func.func @main()

// RUN: tile-run --emit=obj %s -o %t.o
// RUN: llvm-nm %t.o | FileCheck %s --check-prefix=OBJ
// OBJ: T main
// OBJ: U mgpuLaunchKernel
// OBJ: U mgpuModuleLoad
// OBJ: w tileRtExitStatus

// RUN: tile-run --emit=llvm %s -o %t.ll --print-stage-times 2>&1 | FileCheck %s --check-prefix=TIMES
// TIMES: tile-run: stage times
// TIMES-NEXT: parse {{ *}}{{[0-9.]+}} ms
// TIMES-NEXT: lower {{ *}}{{[0-9.]+}} ms
// TIMES-NEXT: translate {{ *}}{{[0-9.]+}} ms
// TIMES-NEXT: total {{ *}}{{[0-9.]+}} ms

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @store_tid(%out: memref<256xi32>) kernel {
      %tid = gpu.thread_id x
      %v = arith.index_cast %tid : index to i32
      memref.store %v, %out[%tid] : memref<256xi32>
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %t0 = gpu.wait async
    %buf, %t1 = gpu.alloc async [%t0] () : memref<256xi32>
    %t2 = gpu.launch_func async [%t1] @kernels::@store_tid
        blocks in (%c1, %c1, %c1) threads in (%c256, %c1, %c1)
        args(%buf : memref<256xi32>)
    gpu.wait [%t2]
    return
  }
}
