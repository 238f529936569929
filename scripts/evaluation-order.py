#!/usr/bin/env python3
"""Finds calls whose arguments build IR in an unspecified order.

usage: evaluation-order.py PATH...

C++ leaves the order in which a call's arguments are evaluated unspecified:
Clang evaluates them left to right, GCC mostly right to left. When two
arguments of one call each create ops through a builder, e.g.
`MulIOp::create(b, loc, cast(b, x), tripCount(b))`, the order of the
emitted ops, and so the printed IR, depends on the host compiler (CI saw
this as a FileCheck failure on GCC only). This lists every call with two
or more such arguments; exits 1 if it finds any. An argument builds IR
when it is a call that takes a builder (`b`, `rewriter`, `builder`, `ib`)
or calls one of its methods other than `get...`; lambdas do not count,
since they do not run while the arguments are evaluated.
"""
import os
import re
import sys

BUILDER = r'(b|rewriter|builder|ib)'
BUILDS = re.compile(r'\(\s*' + BUILDER + r'\s*[,)]|\b' + BUILDER +
                    r'\.(?!get)\w+\s*[(<]')
CALL = re.compile(r'\b[A-Za-z_][\w:]*(<[^;(){}]*?>)?\s*\(')
KEYWORDS = {'if', 'for', 'while', 'switch', 'return', 'sizeof'}


def strip(text):
    """Blanks out comments and string literals, keeping offsets."""
    out = list(text)
    i, n = 0, len(text)
    while i < n:
        if text.startswith('//', i):
            j = text.find('\n', i)
            j = n if j < 0 else j
        elif text.startswith('/*', i):
            j = text.find('*/', i)
            j = n if j < 0 else j + 2
        elif text[i] in '"\'':
            j = i + 1
            while j < n and text[j] != text[i]:
                j += 2 if text[j] == '\\' else 1
            j += 1
        else:
            i += 1
            continue
        for k in range(i, min(j, n)):
            if out[k] != '\n':
                out[k] = ' '
        i = j
    return ''.join(out)


def arguments(text, open_paren):
    """The top-level arguments of the call whose '(' is at open_paren."""
    depth, start, args = 0, open_paren + 1, []
    for j in range(open_paren, len(text)):
        c = text[j]
        if c in '([{':
            depth += 1
        elif c in ')]}':
            depth -= 1
            if depth == 0:
                args.append(text[start:j])
                return args
        elif c == ',' and depth == 1:
            args.append(text[start:j])
            start = j + 1
    return args


def builds_ir(arg):
    return '(' in arg and '[&]' not in arg and '[=]' not in arg and \
        BUILDS.search(arg) is not None


def check(path):
    text = strip(open(path, encoding='utf-8').read())
    found = []
    for m in CALL.finditer(text):
        if m.group(0).split('(')[0].split('<')[0].strip() in KEYWORDS:
            continue
        args = arguments(text, m.end() - 1)
        if sum(builds_ir(a) for a in args) >= 2:
            line = text.count('\n', 0, m.start()) + 1
            found.append(f'{path}:{line}: arguments of '
                         f'{m.group(0)[:-1].strip()} build IR in an '
                         'unspecified order; name them first')
    return found


def sources(paths):
    for path in paths:
        if os.path.isfile(path):
            yield path
        for root, _, files in os.walk(path):
            for f in sorted(files):
                if f.endswith(('.cpp', '.h')):
                    yield os.path.join(root, f)


def main():
    paths = list(sources(sys.argv[1:]))
    found = [f for p in paths for f in check(p)]
    print('\n'.join(found) if found else
          f'evaluation-order: {len(paths)} files, no call builds IR in '
          'its arguments twice')
    return 1 if found else 0


if __name__ == '__main__':
    sys.exit(main())
