// RUN: tile-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{'func.func' op 'tile.grid' and 'tile.grid_symbols' belong on a gpu.func kernel}}
func.func @host() attributes {tile.grid = [affine_map<()[s] -> (s)>], tile.grid_symbols = ["sms"]} {
  return
}

// -----

gpu.module @m {
  // expected-error @+1 {{needs both 'tile.grid' (an array of 1 to 3 affine maps) and 'tile.grid_symbols' (an array of strings)}}
  gpu.func @k() kernel attributes {tile.grid = [affine_map<() -> (4)>]} {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error @+1 {{'tile.grid_symbols' without 'tile.grid' has nothing to name}}
  gpu.func @k() kernel attributes {tile.grid_symbols = ["sms"]} {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error @+1 {{'tile.grid' has 4 maps; a grid has 1 to 3 dimensions}}
  gpu.func @k() kernel attributes {tile.grid = [affine_map<() -> (1)>, affine_map<() -> (1)>, affine_map<() -> (1)>, affine_map<() -> (1)>], tile.grid_symbols = []} {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error @+1 {{'tile.grid' entry 0 (affine_map<(d0) -> (d0)>) must have no dimensions, at least one result and 0 symbols, one per 'tile.grid_symbols' entry}}
  gpu.func @k() kernel attributes {tile.grid = [affine_map<(d0) -> (d0)>], tile.grid_symbols = []} {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error @+1 {{'tile.grid' entry 1 (affine_map<()[s0] -> (s0)>) must have no dimensions, at least one result and 2 symbols}}
  gpu.func @k(%n: i32) kernel attributes {tile.grid = [affine_map<()[s0, s1] -> (s0)>, affine_map<()[s0] -> (s0)>], tile.grid_symbols = ["arg0", "sms"]} {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error @+1 {{'tile.grid' entry 0 (affine_map<()[s0, s1] -> (s0 floordiv s1)>) divides by something other than a positive constant}}
  gpu.func @k(%n: i32, %d: i32) kernel attributes {tile.grid = [affine_map<()[s0, s1] -> (s0 floordiv s1)>], tile.grid_symbols = ["arg0", "arg1"]} {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error @+1 {{'tile.grid_symbols' entry 0 is "arg0.shape"; expected "argN", "argN.shape[D]" or "sms"}}
  gpu.func @k(%n: i32) kernel attributes {tile.grid = [affine_map<()[s0] -> (s0)>], tile.grid_symbols = ["arg0.shape"]} {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error @+1 {{'tile.grid_symbols' entry 0 names argument 2, but the kernel has 1}}
  gpu.func @k(%n: i32) kernel attributes {tile.grid = [affine_map<()[s0] -> (s0)>], tile.grid_symbols = ["arg2"]} {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error @+1 {{'tile.grid_symbols' entry 0 names argument 0 of type 'f32'; a grid symbol "argN" is an integer argument}}
  gpu.func @k(%x: f32) kernel attributes {tile.grid = [affine_map<()[s0] -> (s0)>], tile.grid_symbols = ["arg0"]} {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error @+1 {{'tile.grid_symbols' entry 0 takes a shape from argument 0 of type '!tile.ptr<f32>'; only TMA descriptor arguments come with a shape}}
  gpu.func @k(%p: !tile.ptr<f32>) kernel attributes {tile.grid = [affine_map<()[s0] -> (s0)>], tile.grid_symbols = ["arg0.shape[0]"]} {
    gpu.return
  }
}
