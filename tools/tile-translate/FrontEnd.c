/*===- FrontEnd.c - tile-translate: the compile cache before MLIR --------===*\
|*                                                                            *|
|* `tile-translate` is this small C program. It answers a translation it has *|
|* seen before from the on-disk compile cache, and otherwise runs the        *|
|* translator, `tile-translate-mlir` beside it, with the same arguments.     *|
|* The point is start-up time: the translator links libMLIR.so and           *|
|* libLLVM.so, whose loading alone takes about 25 ms; this program links     *|
|* neither, so a cached translation costs a few milliseconds.                *|
|*                                                                            *|
|* Only argument lists it fully understands take the cached path: one input  *|
|* file and the options `--emit=`, `-o`, `--chip=`, `--opt-level=`,          *|
|* `--cuda-path=`, `--module=`, `--ptxas-options=`, `--assembler=` (anything *|
|* else, `--help`, `--no-cache` and `--resource-usage` included, goes to the *|
|* translator untouched), and only when the cache is on (TILE_CACHE,         *|
|* TILE_CACHE_DIR, XDG_CACHE_HOME, HOME: TileMLIR/Target/CompileCache.h).    *|
|* The key covers the translator's build, the toolkit's assemblers, every   *|
|* option and the input; on a miss the translator gets it in                *|
|* TILE_TRANSLATE_CACHE_KEY and stores its outputs under it (unless it       *|
|* printed warnings or remarks). Entries are the translator's records:      *|
|* "0" or "1" (several modules), then "<size>:<module><size>:<bytes>" each.  *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "Sha256.h"

#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

/* The options that change the output, as given (NULL: not given). */
typedef struct {
  const char *emit, *output, *chip, *optLevel, *cudaPath, *module;
  const char *ptxasOptions, *assembler, *input;
} Args;

static const char *valueOf(const char *arg, const char *name) {
  size_t n = strlen(name);
  return strncmp(arg, name, n) == 0 && arg[n] == '=' ? arg + n + 1 : NULL;
}

/* Whether every argument is one the cached path understands. */
static bool parseArgs(int argc, char **argv, Args *a) {
  static const char *const kNames[] = {"--emit",          "--chip",
                                       "--opt-level",     "--cuda-path",
                                       "--module",        "--ptxas-options",
                                       "--assembler",     "-o"};
  const char **slots[] = {&a->emit,     &a->chip,         &a->optLevel,
                          &a->cudaPath, &a->module,       &a->ptxasOptions,
                          &a->assembler, &a->output};
  memset(a, 0, sizeof(*a));
  for (int i = 1; i < argc; ++i) {
    const char *arg = argv[i];
    if (strcmp(arg, "-o") == 0 && i + 1 < argc) {
      a->output = argv[++i];
      continue;
    }
    if (arg[0] != '-') {
      if (a->input)
        return false;
      a->input = arg;
      continue;
    }
    bool known = false;
    for (size_t k = 0; k < sizeof(kNames) / sizeof(kNames[0]) && !known; ++k)
      if (valueOf(arg, kNames[k])) {
        *slots[k] = valueOf(arg, kNames[k]);
        known = true;
      }
    if (!known)
      return false;
  }
  return a->input != NULL;
}

static char *joinPath(const char *a, const char *b) {
  size_t n = strlen(a) + strlen(b) + 2;
  char *path = malloc(n);
  snprintf(path, n, "%s/%s", a, b);
  return path;
}

/* NULL when the cache is off or has nowhere to live. */
static char *cacheDirectory(void) {
  const char *off = getenv("TILE_CACHE");
  if (off && (strcmp(off, "0") == 0 || strcasecmp(off, "off") == 0 ||
              strcasecmp(off, "false") == 0 || strcasecmp(off, "no") == 0))
    return NULL;
  const char *dir = getenv("TILE_CACHE_DIR");
  if (dir && *dir)
    return strdup(dir);
  const char *xdg = getenv("XDG_CACHE_HOME");
  if (xdg && *xdg)
    return joinPath(xdg, "tilemlir");
  const char *home = getenv("HOME");
  if (home && *home)
    return joinPath(home, ".cache/tilemlir");
  return NULL;
}

/* "path|size|mtime" of a file, or "" (written into `out`). */
static void fileIdentity(const char *path, char *out, size_t size) {
  struct stat st;
  if (stat(path, &st) != 0) {
    out[0] = '\0';
    return;
  }
  snprintf(out, size, "%s|%lld|%lld.%09ld", path, (long long)st.st_size,
           (long long)st.st_mtim.tv_sec, (long)st.st_mtim.tv_nsec);
}

static char *readFile(const char *path, size_t *size) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  char *data = NULL;
  size_t used = 0, capacity = 0, n;
  do {
    if (used == capacity) {
      capacity = capacity ? 2 * capacity : 1 << 16;
      char *grown = realloc(data, capacity);
      if (!grown) {
        free(data);
        fclose(f);
        return NULL;
      }
      data = grown;
    }
    n = fread(data + used, 1, capacity - used, f);
    used += n;
  } while (n > 0);
  bool failed = ferror(f);
  fclose(f);
  if (failed) {
    free(data);
    return NULL;
  }
  *size = used;
  return data;
}

static void hashPart(Sha256 *h, const char *data, size_t size) {
  char length[32];
  int n = snprintf(length, sizeof(length), "%zu:", size);
  sha256Update(h, length, (size_t)n);
  sha256Update(h, data, size);
}

static void hashString(Sha256 *h, const char *s) {
  hashPart(h, s ? s : "\x01(none)", s ? strlen(s) : 7);
}

/* The key of this run: the translator's build, the assemblers, the
 * options that change the bytes, and the input's name and bytes. */
static void computeKey(const char *translator, const Args *a, const char *input,
                       size_t inputSize, char key[65]) {
  const char *cuda = a->cudaPath ? a->cudaPath : "/usr/local/cuda";
  char identity[PATH_MAX + 64];
  Sha256 h;
  sha256Init(&h);
  hashString(&h, "tile-translate-front-end-1");
  fileIdentity(translator, identity, sizeof(identity));
  hashString(&h, identity);
  char *path = joinPath(cuda, "lib64/libnvJitLink.so.13");
  fileIdentity(path, identity, sizeof(identity));
  hashString(&h, identity);
  free(path);
  path = joinPath(cuda, "bin/ptxas");
  fileIdentity(path, identity, sizeof(identity));
  hashString(&h, identity);
  free(path);
  /* Not the output path: it names the files, the bytes do not depend on
   * it. The input's name does (a C header says where it came from). */
  const char *options[] = {a->emit,         a->chip,      a->optLevel,
                           a->cudaPath,     a->module,    a->ptxasOptions,
                           a->assembler,    a->input};
  for (size_t i = 0; i < sizeof(options) / sizeof(options[0]); ++i)
    hashString(&h, options[i]);
  hashPart(&h, input, inputSize);
  sha256FinalHex(&h, key);
}

static const char *extensionOf(const char *emit) {
  if (!emit || strcmp(emit, "ptx") == 0)
    return "ptx";
  if (strcmp(emit, "llvm") == 0)
    return "ll";
  if (strcmp(emit, "c-header") == 0)
    return "h";
  return emit; /* bc, cubin */
}

/* Reads "<size>:" and the part after it from *entry. */
static bool takePart(const char **entry, const char *end, const char **part,
                     size_t *size) {
  char *colon;
  errno = 0;
  unsigned long long n = strtoull(*entry, &colon, 10);
  if (errno || colon == *entry || colon >= end || *colon != ':' ||
      n > (unsigned long long)(end - colon - 1))
    return false;
  *part = colon + 1;
  *size = (size_t)n;
  *entry = colon + 1 + n;
  return true;
}

static bool writeBytes(const char *path, const char *data, size_t size) {
  if (strcmp(path, "-") == 0)
    return fwrite(data, 1, size, stdout) == size && fflush(stdout) == 0;
  FILE *f = fopen(path, "wb");
  if (!f)
    return false;
  bool ok = fwrite(data, 1, size, f) == size;
  return fclose(f) == 0 && ok;
}

/* Writes the outputs of a cached run; false when the entry is malformed or
 * a file cannot be written (the translator then runs and says why). */
static bool replay(const char *entry, size_t size, const Args *a) {
  const char *end = entry + size;
  if (size < 1 || (entry[0] != '0' && entry[0] != '1'))
    return false;
  bool several = entry[0] == '1';
  const char *output = a->output ? a->output : "-";
  const char *p = entry + 1;
  while (p < end) {
    const char *module, *bytes;
    size_t moduleSize, bytesSize;
    if (!takePart(&p, end, &module, &moduleSize) ||
        !takePart(&p, end, &bytes, &bytesSize))
      return false;
    char path[PATH_MAX];
    if (several)
      snprintf(path, sizeof(path), "%s.%.*s.%s", output, (int)moduleSize,
               module, extensionOf(a->emit));
    else
      snprintf(path, sizeof(path), "%s", output);
    if (!writeBytes(path, bytes, bytesSize))
      return false;
  }
  return true;
}

/* The translator beside this program. */
static char *translatorPath(void) {
  char self[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);
  if (n <= 0)
    return NULL;
  self[n] = '\0';
  char *slash = strrchr(self, '/');
  if (!slash)
    return NULL;
  *slash = '\0';
  return joinPath(self, "tile-translate-mlir");
}

/* Answers from the cache when it can (true); on a miss, sets the key the
 * translator is to store under in the environment. */
static bool tryCache(int argc, char **argv, const char *translator) {
  Args a;
  char *dir = cacheDirectory();
  size_t inputSize;
  char *input;
  if (!dir || !parseArgs(argc, argv, &a) ||
      !(input = readFile(a.input, &inputSize))) {
    free(dir);
    return false;
  }
  char key[65];
  computeKey(translator, &a, input, inputSize, key);
  free(input);
  size_t n = strlen(dir) + 70;
  char *entryPath = malloc(n);
  snprintf(entryPath, n, "%s/%.2s/%s", dir, key, key + 2);
  size_t entrySize;
  char *entry = readFile(entryPath, &entrySize);
  bool answered = entry && replay(entry, entrySize, &a);
  free(entry);
  free(entryPath);
  free(dir);
  if (answered)
    return true;
  setenv("TILE_TRANSLATE_CACHE_KEY", key, 1);
  return false;
}

int main(int argc, char **argv) {
  char *translator = translatorPath();
  if (!translator || access(translator, X_OK) != 0) {
    fprintf(stderr, "tile-translate: cannot find tile-translate-mlir beside "
                    "this program (%s)\n",
            translator ? translator : "/proc/self/exe unreadable");
    free(translator);
    return 1;
  }
  unsetenv("TILE_TRANSLATE_CACHE_KEY");
  if (tryCache(argc, argv, translator)) {
    free(translator);
    return 0;
  }
  execv(translator, argv);
  fprintf(stderr, "tile-translate: cannot run %s: %s\n", translator,
          strerror(errno));
  free(translator);
  return 1;
}
