// RUN: tile-opt %s -split-input-file -verify-diagnostics

gpu.module @m {
  gpu.func @k() kernel {
    // expected-error @+1 {{a barrier group holds at least one barrier}}
    %g = mbarrier.alloc : !mbarrier.group<0>
    gpu.return
  }
}

// -----

func.func @host() {
  // expected-error @+1 {{'mbarrier.alloc' op must be inside device code (a gpu.module or gpu.func)}}
  %g = mbarrier.alloc : !mbarrier.group<1>
  return
}

// -----

gpu.module @m {
  gpu.func @k() kernel {
    %c2 = arith.constant 2 : index
    %g = mbarrier.alloc : !mbarrier.group<2>
    // expected-error @+1 {{barrier index 2 is out of range for 2 barriers}}
    %b = mbarrier.index %g[%c2] : !mbarrier.group<2>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%b: !mbarrier.barrier) kernel {
    // expected-error @+1 {{arrival count must be in [1, 1048575] (the 20-bit mbarrier phase counter), got 0}}
    mbarrier.init %b, arrivals = 0
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%b: !mbarrier.barrier) kernel {
    // expected-error @+1 {{arrival count must be in [1, 1048575] (the 20-bit mbarrier phase counter), got 1048576}}
    mbarrier.init %b, arrivals = 1048576
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%b: !mbarrier.barrier) kernel {
    // expected-error @+1 {{arrival count must be in [1, 1048575] (the 20-bit mbarrier phase counter), got -1}}
    mbarrier.arrive %b, count = -1
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%b: !mbarrier.barrier) kernel {
    // expected-error @+1 {{transaction byte count must be in [1, 1048575] (the 20-bit mbarrier phase counter), got 0}}
    mbarrier.expect_tx %b, bytes = 0
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%b: !mbarrier.barrier) kernel {
    // expected-error @+1 {{transaction byte count must be in [1, 1048575] (the 20-bit mbarrier phase counter), got 2097152}}
    mbarrier.arrive_expect_tx %b, bytes = 2097152
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%b: !mbarrier.barrier, %phase: i64) kernel {
    // expected-error @+1 {{'mbarrier.wait' op operand #1 must be 1-bit signless integer or 32-bit signless integer, but got 'i64'}}
    mbarrier.wait %b, phase %phase : i64
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%b: !mbarrier.barrier, %phase: f32) kernel {
    // expected-error @+1 {{'mbarrier.try_wait' op operand #1 must be 1-bit signless integer or 32-bit signless integer, but got 'f32'}}
    %d = mbarrier.try_wait %b, phase %phase : f32
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-note @+1 {{prior use here}}
  gpu.func @k(%b: !mbarrier.barrier, %p: i32) kernel {
    // expected-error @+1 {{use of value '%p' expects different type than prior uses: 'i1' vs 'i32'}}
    mbarrier.arrive %b if %p
    gpu.return
  }
}
