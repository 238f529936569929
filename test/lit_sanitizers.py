"""The environment of lit tests in a sanitized build (-DTILE_SANITIZE=ON,
`make check-sanitize`); test/ and integration_test/ both load it."""

import os


def configure(config):
    if not config.tile_sanitize:
        return
    asan = [
        # A report must fail the test even under `not`, which turns a plain
        # non-zero exit into success but a crash into failure.
        "abort_on_error=1",
        # libMLIR.so and libLLVM.so are uninstrumented: a container that
        # our (annotated) inline code grows and their code fills, or the
        # other way round, looks like an overflow to ASan when it is not.
        "detect_container_overflow=0",
        # llvm/Support/Allocator.h poisons the unused part of a
        # BumpPtrAllocator slab in instrumented code only, and libMLIR's
        # uninstrumented copy of the same allocator (StorageUniquer's)
        # hands that memory out without unpoisoning it: every such write
        # would be a use-after-poison report.
        "allow_user_poisoning=0",
    ]
    config.environment["ASAN_OPTIONS"] = ":".join(asan)
    config.environment["UBSAN_OPTIONS"] = "print_stacktrace=1:abort_on_error=1"
    # nvJitLink (dlopen-ed from the CUDA toolkit by tile-module-to-binary)
    # is NVIDIA's code: what it keeps allocated is not ours to report.
    config.environment["LSAN_OPTIONS"] = "suppressions=" + os.path.join(
        os.path.dirname(__file__), "lsan.supp")
    symbolizer = os.path.join(config.llvm_tools_dir, "llvm-symbolizer")
    if os.path.exists(symbolizer):
        config.environment["ASAN_SYMBOLIZER_PATH"] = symbolizer
    # `%if sanitize` / `%if !sanitize`: tests whose cost lies in Debian's
    # uninstrumented LLVM (the NVPTX backend on dozens of kernels: 80% of
    # check-sanitize's time, slowed by ASan's allocator, with nothing ASan
    # can see) run only our part here and leave the rest to the plain builds.
    config.available_features.add("sanitize")
