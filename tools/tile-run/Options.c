/*===- Options.c - tile-run's command line --------------------------------===*\
|* The options, their help text and the checks of their values.               *|
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "TileRun.h"

#include "tile-c/Dialects.h"
#include "tile-c/Chips.h"

#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/Support.h"
#include "mlir-c/Target/LLVMIR.h"

#include "llvm-c/Analysis.h"
#include "llvm-c/Core.h"
#include "llvm-c/Target.h"
#include "llvm-c/TargetMachine.h"

#include <dlfcn.h>
#include <errno.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/*===----------------------------------------------------------------------===*
 * Options
 *===----------------------------------------------------------------------===*/


/* The help text, around the line of --chip: the chips come from TileMLIR's
 * target table. */
static const char *const kUsageHead =
    "usage: tile-run [options] file.mlir [-- program args...]\n"
    "\n"
    "Compiles a host func.func @main with its gpu.modules (tile-to-llvm),\n"
    "links it with the TileMLIR runtime and runs it on the GPU.\n"
    "\n"
    "options:\n";
static const char *const kUsageTail =
    "  --cuda-path=DIR       CUDA toolkit with bin/ptxas (default "
    "/usr/local/cuda)\n"
    "  --gpu-format=FMT      what is embedded: bin (cubin, default), isa "
    "(PTX), fatbin\n"
    "  --pipeline=STR        textual pass pipeline replacing the default\n"
    "  --no-warp-specialize  leave loops marked tile.warp_specialize to\n"
    "                        tile-pipeline (no producer warpgroup)\n"
    "  --async-dot           tile-pipeline keeps one MMA in flight where it\n"
    "                        can\n"
    "  --assembler=KIND      PTX to cubin with auto (ptxas when the toolkit\n"
    "                        has it, else nvJitLink), ptxas, or nvjitlink\n"
    "                        (in process; ignores setmaxnreg, serializes\n"
    "                        wgmma)\n"
    "  --no-cache            do not use the on-disk compile cache (also:\n"
    "                        TILE_CACHE=0; directory: TILE_CACHE_DIR, else\n"
    "                        $XDG_CACHE_HOME/tilemlir, ~/.cache/tilemlir)\n"
    "  --tile-wait-timeout=CYCLES\n"
    "                        debug mode: an mbarrier wait that has not\n"
    "                        completed after CYCLES clock cycles prints the\n"
    "                        kernel, the wait's source location, the phase\n"
    "                        and the block/thread from the GPU, then traps\n"
    "  --tile-device-checks\n"
    "                        debug mode: TMA copies check their coordinates\n"
    "                        on the device and a bad one prints the rule,\n"
    "                        the kernel and the op's location, then traps\n"
    "                        (also implied by --tile-wait-timeout)\n"
    "  --emit=KIND           stop early: mlir (lowered IR), llvm (LLVM IR),\n"
    "                        obj (x86-64 object), exe (executable; needs -o)\n"
    "  --emit-exe PATH       build the executable at PATH and stop\n"
    "  -o PATH               output of --emit (default: stdout for mlir/llvm,\n"
    "                        <input>.o for obj); when running, keeps the\n"
    "                        executable at PATH\n"
    "  --keep-temps          keep the temporary directory and say where it is\n"
    "  --print-stage-times   print the wall time of each stage to stderr\n"
    "  --print-op-on-diagnostic\n"
    "                        show the whole op an error is about\n"
    "  --cc=PROG             C compiler used to link (default: cc, clang-22, "
    "gcc)\n"
    "  --runtime-lib=PATH    runtime library (default: $TILE_RUNTIME_LIBRARY,\n"
    "                        then the one TileMLIR was built with)\n"
    "  --test-support-lib=PATH\n"
    "                        library of test helpers (tileRtCheck*, fills,\n"
    "                        reference GEMM), linked before the runtime\n"
    "                        (default: $TILE_TEST_SUPPORT_LIBRARY, then the "
    "one\n"
    "                        TileMLIR was built with)\n"
    "  --no-test-support     link only the runtime library\n"
    "  --link-arg=ARG        extra argument for the link (repeatable)\n"
    "  --skip-gpu-check      run even when no CUDA GPU is found (for runtimes\n"
    "                        that need none, e.g. test stubs)\n"
    "  --probe-gpu           exit 0 if a CUDA GPU is usable, 77 otherwise\n"
    "  --print-runtime-lib   print the runtime library path and exit\n"
    "  -h, --help            this text\n"
    "\n"
    "exit status: the program's (128+N if killed by signal N); 1 when "
    "compiling\n"
    "or linking fails; 77 when no CUDA GPU is available to run it.\n";

static void usageError(const char *fmt, ...)
    __attribute__((format(printf, 1, 2), noreturn));
static void usageError(const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  fprintf(stderr, "tile-run: ");
  vfprintf(stderr, fmt, args);
  va_end(args);
  fprintf(stderr, "\n(see 'tile-run --help')\n");
  exit(1);
}

/* Matches "--name=value" or "--name value"; advances *i for the latter. */
static bool matchValue(int argc, char **argv, int *i, const char *name,
                       const char **value) {
  const char *arg = argv[*i];
  size_t len = strlen(name);
  if (strncmp(arg, name, len) != 0)
    return false;
  if (arg[len] == '=') {
    *value = arg + len + 1;
    return true;
  }
  if (arg[len] != '\0')
    return false;
  if (*i + 1 >= argc)
    usageError("option '%s' needs a value", name);
  *value = argv[++*i];
  return true;
}

static bool isOneOf(const char *s, const char *const *list) {
  for (; *list; ++list)
    if (strcmp(s, *list) == 0)
      return true;
  return false;
}

/// Checks the chip, the GPU format and the outputs, and settles what to
/// emit from --emit and --emit-exe; exits with a usage error otherwise.
static void checkOutputOptions(Options *o, const char *emit,
                               const char *emitExe) {
  if (!tileChipIsSupported(o->chip))
    usageError("unsupported chip '%s' (expected %s)", o->chip,
               tileChipListSupported());
  static const char *const formats[] = {"bin", "isa", "fatbin", NULL};
  if (!isOneOf(o->gpuFormat, formats))
    usageError("unknown --gpu-format '%s' (expected bin, isa or fatbin)",
               o->gpuFormat);

  if (emit) {
    if (strcmp(emit, "mlir") == 0)
      o->emit = EmitMLIR;
    else if (strcmp(emit, "llvm") == 0)
      o->emit = EmitLLVM;
    else if (strcmp(emit, "obj") == 0)
      o->emit = EmitObj;
    else if (strcmp(emit, "exe") == 0)
      o->emit = EmitExe;
    else
      usageError("unknown --emit kind '%s' (expected mlir, llvm, obj or exe)",
                 emit);
  }
  if (emitExe) {
    if (emit && o->emit != EmitExe)
      usageError("--emit-exe conflicts with --emit=%s", emit);
    if (o->output && strcmp(o->output, emitExe) != 0)
      usageError("--emit-exe and -o name different outputs ('%s')", emitExe);
    o->emit = EmitExe;
    o->output = emitExe;
  }
  if (o->emit == EmitExe && !o->output)
    usageError("%s", "--emit=exe needs an output path (-o PATH)");
  if (o->numProgramArgs && o->emit != EmitRun)
    usageError("%s", "program arguments are only used when running");
}

Options parseOptions(int argc, char **argv, bool *probeOnly,
                     bool *printRuntimeOnly) {
  Options o;
  memset(&o, 0, sizeof(o));
  o.chip = tileChipGetDefault();
  o.cudaPath = "/usr/local/cuda";
  o.gpuFormat = "bin";
  o.emit = EmitRun;
  o.linkArgs = calloc((size_t)argc + 1, sizeof(char *));
  const char *emitExe = NULL, *emit = NULL;

  for (int i = 1; i < argc; ++i) {
    const char *arg = argv[i], *v;
    if (strcmp(arg, "--") == 0) {
      o.programArgs = argv + i + 1;
      o.numProgramArgs = argc - i - 1;
      break;
    }
    if (strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0) {
      printf("%s  --chip=CHIP           %s\n%s", kUsageHead,
             tileChipListSupportedWithDefault(), kUsageTail);
      exit(0);
    }
    if (strcmp(arg, "--keep-temps") == 0)
      o.keepTemps = true;
    else if (strcmp(arg, "--print-stage-times") == 0)
      o.printStageTimes = true;
    else if (strcmp(arg, "--skip-gpu-check") == 0)
      o.skipGpuCheck = true;
    else if (strcmp(arg, "--print-op-on-diagnostic") == 0)
      o.printOpOnDiagnostic = true;
    else if (strcmp(arg, "--probe-gpu") == 0)
      *probeOnly = true;
    else if (strcmp(arg, "--print-runtime-lib") == 0)
      *printRuntimeOnly = true;
    else if (strcmp(arg, "--no-test-support") == 0)
      o.noTestSupport = true;
    else if (strcmp(arg, "--no-warp-specialize") == 0)
      o.noWarpSpecialize = true;
    else if (strcmp(arg, "--async-dot") == 0)
      o.asyncDot = true;
    else if (strcmp(arg, "--no-cache") == 0)
      o.noCache = true;
    else if (strcmp(arg, "--tile-device-checks") == 0)
      o.deviceChecks = true;
    else if (matchValue(argc, argv, &i, "--assembler", &v))
      o.assembler = v;
    else if (matchValue(argc, argv, &i, "--chip", &v))
      o.chip = v;
    else if (matchValue(argc, argv, &i, "--cuda-path", &v))
      o.cudaPath = v;
    else if (matchValue(argc, argv, &i, "--gpu-format", &v))
      o.gpuFormat = v;
    else if (matchValue(argc, argv, &i, "--pipeline", &v))
      o.pipeline = v;
    else if (matchValue(argc, argv, &i, "--tile-wait-timeout", &v))
      o.waitTimeout = v;
    else if (matchValue(argc, argv, &i, "--emit-exe", &v))
      emitExe = v;
    else if (matchValue(argc, argv, &i, "--emit", &v))
      emit = v;
    else if (matchValue(argc, argv, &i, "-o", &v))
      o.output = v;
    else if (matchValue(argc, argv, &i, "--cc", &v))
      o.cc = v;
    else if (matchValue(argc, argv, &i, "--runtime-lib", &v))
      o.runtimeLib = v;
    else if (matchValue(argc, argv, &i, "--test-support-lib", &v))
      o.testSupportLib = v;
    else if (matchValue(argc, argv, &i, "--link-arg", &v))
      o.linkArgs[o.numLinkArgs++] = v;
    else if (arg[0] == '-' && arg[1] != '\0')
      usageError("unknown option '%s'", arg);
    else if (o.input)
      usageError("more than one input file ('%s'); program arguments go "
                 "after '--'",
                 arg);
    else
      o.input = arg;
  }

  if (*probeOnly || *printRuntimeOnly)
    return o;
  if (o.waitTimeout && (o.waitTimeout[0] == '\0' ||
                        strspn(o.waitTimeout, "0123456789") !=
                            strlen(o.waitTimeout)))
    usageError("--tile-wait-timeout takes a number of clock cycles, got '%s'",
               o.waitTimeout);
  if (!o.input)
    usageError("%s", "no input file");

  checkOutputOptions(&o, emit, emitExe);
  return o;
}
