module attributes {gpu.container_module} {
  gpu.module @outside [#nvvm.target<chip = "sm_120a", features = "+ptx80">] {
    gpu.func @k() kernel {
      gpu.return
    }
  }
}
