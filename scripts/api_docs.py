#!/usr/bin/env python3
"""Checks that every public function and initialiser of the library modules documents its
parameters (`- Parameters:`/`- Parameter`), result (`- Returns:`) and errors (`- Throws:`).

Implementations of a documented protocol requirement (a family's `layout(of:text:)`, a sink's
`add(_:info:)`, a setting value's `read(_:field:)`), operators and `Codable`'s `init(from:)`
carry their documentation on the requirement and are not checked. `make lint` runs it.
"""
import glob
import re
import sys

MODULES = ["RefreshImage", "RefreshModel", "ImageCodecs", "PixelDiff", "RefreshRaster", "RefreshGif",
           "RefreshGifTesting", "RefreshGifSnapshotTesting"]
# Requirements documented on their protocol (RefreshFamily, FrameSink, SceneSettingValue, TestScoping).
REQUIREMENTS = set("""styles states ownStateName defaultTitle title secondLine labels defaultTextColor labelFonts fill
isHidden ignoredInset size image layout indicator validate setHeight arrowAngle transition motion galleryColumns
add finish read provideScope""".split())
DECLARATION = re.compile(r'(?:@\w+\s+)*public (?:static |mutating |override |convenience |nonisolated )*(func|init)\b\s*([\w]*)')


def signature(lines, i):
    text = lines[i].strip()
    depth = text.count('(') - text.count(')')
    while (depth > 0 or '{' not in text) and i + 1 < len(lines) and not text.rstrip().endswith('}'):
        i += 1
        text += ' ' + lines[i].strip()
        depth = text.count('(') - text.count(')')
        if depth == 0 and ('{' in text or text.endswith(')')):
            break
    return text.split('{')[0]


def outer(sig):
    """The parameter list and what follows it, closures' own `throws` and `->` left out."""
    start = sig.find('(')
    if start < 0:
        return '', sig
    depth = 0
    for j in range(start, len(sig)):
        depth += {'(': 1, ')': -1}.get(sig[j], 0)
        if depth == 0:
            return sig[start + 1:j], sig[j + 1:]
    return sig[start + 1:], ''


missing = []
for module in MODULES:
    for path in sorted(glob.glob(f"Sources/{module}/**/*.swift", recursive=True)):
        lines = open(path).read().split('\n')
        for i, line in enumerate(lines):
            m = DECLARATION.match(line.strip())
            if not m:
                continue
            kind, name = m.group(1), m.group(2)
            sig = signature(lines, i)
            params, tail = outer(sig[sig.find(name) + len(name):] if name else sig[sig.find('init') + 4:])
            if name in REQUIREMENTS or (kind == 'func' and not name):  # a requirement, or an operator
                continue
            if kind == 'init' and params.strip().startswith('from decoder'):
                continue
            doc, k = [], i - 1
            while k >= 0 and (lines[k].strip().startswith('///') or lines[k].strip().startswith('@')):
                doc.append(lines[k])
                k -= 1
            doc = '\n'.join(doc)
            need = []
            if params.strip() and '- Parameter' not in doc:
                need.append('Parameters')
            if re.search(r'->\s*(?!Void\b)', tail) and kind == 'func' and '- Returns' not in doc:
                need.append('Returns')
            if re.search(r'\b(re)?throws\b', tail.split('->')[0]) and '- Throws' not in doc:
                need.append('Throws')
            if need:
                missing.append(f"{path}:{i + 1}: {', '.join(need)} missing: {line.strip()[:90]}")

for entry in missing:
    print(entry)
if missing:
    print(f"{len(missing)} public declarations lack parameter, result or error documentation", file=sys.stderr)
    sys.exit(1)
