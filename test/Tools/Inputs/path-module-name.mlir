// Two modules, one named like a path: tile-translate -o PATH would write
// PATH.<module>.<ext>, outside PATH's directory.
module attributes {gpu.container_module} {
  gpu.module @"a/../../escaped" {
    gpu.func @k(%a: i32) kernel attributes {tile.num_warps = 1 : i32} {
      gpu.return
    }
  }
  gpu.module @plain {
    gpu.func @k(%a: i32) kernel attributes {tile.num_warps = 1 : i32} {
      gpu.return
    }
  }
}
