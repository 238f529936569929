// RUN: tile-opt %s -split-input-file -verify-diagnostics

// A barrier group must fit in a CTA's shared memory (8 bytes a barrier,
// counted in 64 bits: 536870913 barriers used to count as 8 bytes).

gpu.module @m {
  gpu.func @k() kernel {
    // expected-error @+1 {{a group of 536870913 barriers needs 4294967304 bytes of shared memory, but a CTA can use at most 232448 bytes}}
    %g = mbarrier.alloc : !mbarrier.group<536870913>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k() kernel {
    // expected-error @+1 {{a group of 29057 barriers needs 232456 bytes of shared memory, but a CTA can use at most 232448 bytes}}
    %g = mbarrier.alloc : !mbarrier.group<29057>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k() kernel {
    %g = mbarrier.alloc : !mbarrier.group<29056>
    gpu.return
  }
}
