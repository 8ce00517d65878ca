#!/usr/bin/env bash
# Installs the Python packages the browser and API tests use, when any is missing: pytest,
# Playwright (it drives Debian's Chromium, which scripts/setup.sh installs; no browser is
# downloaded), schemathesis (fuzzes the preview API against docs/openapi.yaml),
# axe-playwright-python (axe-core, bundled, checks the page's accessibility), and Pillow and
# NumPy (the GIF and APNG tests read the expected frames' pixels with them).
set -euo pipefail
python3 - <<'PY' 2>/dev/null && exit 0
import importlib.util, shutil, sys
missing = [m for m in ("pytest", "playwright", "schemathesis", "axe_playwright_python", "PIL", "numpy") if importlib.util.find_spec(m) is None]
sys.exit(1 if missing or shutil.which("st") is None else 0)
PY
echo "setup: installing pytest, playwright, schemathesis, axe-playwright-python, Pillow and NumPy from PyPI"
python3 -m pip install -q --disable-pip-version-check --root-user-action=ignore pytest playwright schemathesis axe-playwright-python pillow numpy
