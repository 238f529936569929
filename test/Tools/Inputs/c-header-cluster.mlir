// A kernel that runs in clusters of two (known_cluster_size), for
// c-header.test: each CTA writes its rank in the cluster.
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90a">] {
    gpu.func @ranks(%out: !tile.ptr<i32>) kernel attributes {
        tile.num_warps = 1 : i32, known_cluster_size = array<i32: 2, 1, 1>} {
      %rank = tile.cluster_rank
      %bid = tile.program_id x
      %i = arith.extui %bid : i32 to i64
      %leader = tile.elect cta
      scf.if %leader {
        tile.store %out[%i], %rank : !tile.ptr<i32>, i64, i32
      }
      gpu.return
    }
  }
}
