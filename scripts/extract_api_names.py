#!/usr/bin/env python3
"""Lists the public properties and methods of MJRefresh, SVPullToRefresh and ZJPullToRefresh,
by their exact names, from the libraries' own sources: docs/coverage-names.txt, which
docs/coverage.md must match name for name (CoverageTests).

Usage: scripts/extract_api_names.py MJREFRESH_GIT SVPULLTOREFRESH_GIT ZJPULLTOREFRESH_GIT > docs/coverage-names.txt
Each argument is a git directory (a clone or mirror); its HEAD is read with `git show`.
- MJRefresh: every @property and method of the headers under MJRefresh/ (not the include/
  copies), named `Class.name` (`MJRefreshStateHeader.setTitle:forState:`).
- SVPullToRefresh: the two category headers' properties and methods.
- ZJPullToRefresh: the members of its animators, its view protocol and its UIScrollView
  extension that are not private.
"""
import re
import subprocess
import sys


def show(repo, path):
    return subprocess.run(["git", "-C", repo, "show", "HEAD:" + path], capture_output=True, text=True, check=True).stdout


def files(repo):
    out = subprocess.run(["git", "-C", repo, "ls-tree", "-r", "--name-only", "HEAD"], capture_output=True, text=True, check=True)
    return out.stdout.split()


def objc_names(text):
    """(class, name) for each @property and method, the class being the @interface around it."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    owner, names = None, []
    for raw in text.split("\n"):
        line = raw.split("//")[0].strip()
        m = re.match(r"@interface\s+(\w+)\s*(\((\w*)\))?", line)
        if m:
            owner = m.group(1) + ("+" + m.group(3) if m.group(3) else "")
            continue
        if line.startswith("@property"):
            # A block-typed property is named inside `(^name)`; others before the `;`.
            m = re.search(r"\(\^\s*(\w+)\)", line) or re.search(
                r"\**\s*(\w+)\s*(?:(?:MJRefresh|NS|API|DEPRECATED)\w*(?:\([^)]*\))?\s*)*;", line)
            if m:
                names.append((owner, m.group(1)))
        elif re.match(r"^[-+]\s*\(", line):
            body = re.sub(r"\([^()]*(\([^()]*\)[^()]*)*\)", "", line)
            selector = re.findall(r"(\w+)\s*:", body)
            if selector:
                names.append((owner, "".join(s + ":" for s in selector)))
            else:
                m = re.match(r"^[-+]\s*(\w+)", body.strip())
                if m:
                    names.append((owner, m.group(1)))
    return names


def swift_names(text, owner):
    names = []
    for line in text.split("\n"):
        if re.match(r"^(public |open )?class RefreshView\b", line):
            break  # the view itself: its members are internal state, not API
        m = re.match(r"^(    |)(public |open )?(class |static )?(func|var)\s+(\w+)", line)
        if not m or "private" in line:
            continue
        names.append((owner, m.group(5)))
    return names


def main():
    mj, sv, zj = sys.argv[1:4]
    rows = []
    for path in sorted(files(mj)):
        if path.startswith("MJRefresh/") and path.endswith(".h") and "/include/" not in path:
            rows += [("MJRefresh", o, n) for o, n in objc_names(show(mj, path))]
    for path in ["SVPullToRefresh/UIScrollView+SVPullToRefresh.h", "SVPullToRefresh/UIScrollView+SVInfiniteScrolling.h"]:
        rows += [("SVPullToRefresh", o, n) for o, n in objc_names(show(sv, path))]
    for path, owner in [
        ("PullToRefresh/RefreshView/GifAnimator.swift", "GifAnimator"),
        ("PullToRefresh/RefreshView/NormalAnimator.swift", "NormalAnimator"),
        ("PullToRefresh/RefreshView/RefreshView.swift", "RefreshViewDelegate"),
        ("PullToRefresh/RefreshView/UIScrollView+RefreshView.swift", "UIScrollView"),
    ]:
        rows += [("ZJPullToRefresh", o, n) for o, n in swift_names(show(zj, path), owner)]
    seen = set()
    for library, owner, name in rows:
        key = f"{library}\t{owner}.{name}"
        if key not in seen:
            seen.add(key)
            print(key)


if __name__ == "__main__":
    main()
