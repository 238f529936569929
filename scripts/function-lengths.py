#!/usr/bin/env python3
"""Lists the longest functions of C and C++ sources.

usage: function-lengths.py [--max N] [--top K] PATH...

A function is a brace block whose header (the text since the previous
';', '{' or '}') ends in a parameter list, outside any other function:
free functions, methods defined in a class, and pattern bodies. Lambdas
and local classes count towards the function that holds them. With
--max N, exits 1 and lists every function longer than N lines.
"""
import argparse
import os
import re
import sys

NOT_FUNCTIONS = re.compile(
    r'\b(if|for|while|switch|catch|do|else|struct|class|union|enum|namespace'
    r'|extern)\b[^()]*$|=\s*$|\b(if|for|while|switch)\s*\(')


def strip(text):
    """Blanks out comments, strings and preprocessor lines, keeping lines."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith('//', i) or (c == '#' and
                                        (i == 0 or text[i - 1] == '\n')):
            j = text.find('\n', i)
            j = n if j < 0 else j
            while c == '#' and j < n and text[j - 1] == '\\':
                j = text.find('\n', j + 1)
                j = n if j < 0 else j
            out.append(re.sub(r'[^\n]', ' ', text[i:j]))
            i = j
        elif text.startswith('/*', i):
            j = text.find('*/', i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r'[^\n]', ' ', text[i:j]))
            i = j
        elif c in '"\'':
            m = re.match(r'R"([^(]*)\(', text[i - 1:i + 20]) if i and \
                text[i - 1] == 'R' and c == '"' else None
            if m:
                end = text.find(')' + m.group(1) + '"', i)
                j = n if end < 0 else end + len(m.group(1)) + 2
            else:
                j = i + 1
                while j < n and text[j] != c:
                    j += 2 if text[j] == '\\' else 1
                j += 1
            out.append(c + re.sub(r'[^\n]', ' ', text[i + 1:j - 1]) + c)
            i = j
        else:
            out.append(c)
            i += 1
    return ''.join(out)


def functions(path):
    text = strip(open(path, encoding='utf-8', errors='replace').read())
    stack, header_start, result = [], 0, []
    line = 1
    for i, c in enumerate(text):
        if c == '\n':
            line += 1
        elif c == '{':
            header = text[header_start:i].strip()
            in_function = any(kind == 'fn' for kind, _, _ in stack)
            is_fn = (not in_function and
                     re.search(r'\)\s*(const|override|final|noexcept|->[^{]*'
                               r'|:[^{]*|\s)*$', header, re.S) and
                     not NOT_FUNCTIONS.search(header.split('\n')[-1]))
            name = ''
            if is_fn:
                m = re.search(r'([~\w:]+)\s*\([^()]*(\([^()]*\)[^()]*)*\)'
                              r'[^()]*$', header, re.S)
                name = m.group(1) if m else '?'
            stack.append(('fn' if is_fn else 'block', line, name))
            header_start = i + 1
        elif c == '}':
            if stack:
                kind, start, name = stack.pop()
                if kind == 'fn':
                    result.append((line - start + 1, path, start, name))
            header_start = i + 1
        elif c == ';':
            header_start = i + 1
    return result


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--max', type=int)
    parser.add_argument('--top', type=int, default=10)
    parser.add_argument('paths', nargs='+')
    args = parser.parse_args()
    files = []
    for p in args.paths:
        if os.path.isdir(p):
            for root, _, names in os.walk(p):
                files += [os.path.join(root, n) for n in names
                          if n.endswith(('.c', '.cpp', '.h'))]
        else:
            files.append(p)
    found = sorted((f for path in sorted(files) for f in functions(path)),
                   reverse=True)
    if args.max is not None:
        long = [f for f in found if f[0] > args.max]
        for n, path, start, name in long:
            print(f'{path}:{start}: {name} is {n} lines (limit {args.max})')
        if long:
            return 1
        print(f'function-lengths: {len(found)} functions, none over '
              f'{args.max} lines')
        return 0
    for n, path, start, name in found[:args.top]:
        print(f'{n:5d}  {path}:{start}  {name}')
    return 0


if __name__ == '__main__':
    sys.exit(main())
