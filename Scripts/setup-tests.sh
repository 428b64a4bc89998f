#!/usr/bin/env bash
# Installs what the test command needs beyond building: Chromium, its driver and selenium for the
# web viewer's browser tests, tsc and Node for its checks without a browser, curl for the server
# checks, poppler-utils (pdffonts, pdftotext) for the PDF figure checks, hyperfine for the slice
# bench. Runs Scripts/setup.sh first, so the test command works on a fresh machine by itself.
set -euo pipefail
cd "$(dirname "$0")/.."
source Scripts/setup.sh
apt_install "${packages[@]}" chromium chromium-driver curl python3 nodejs node-typescript poppler-utils hyperfine
# selenium drives Chromium. PyPI first; a Debian python3 is "externally managed" (PEP 668), so
# retry with --break-system-packages, then Debian's package.
if ! python3 -c "import selenium" 2>/dev/null; then
  python3 -m pip install --quiet selenium 2>/dev/null \
    || python3 -m pip install --quiet --break-system-packages selenium 2>/dev/null \
    || apt_install python3-selenium
  python3 -c "import selenium" || { echo "error: could not install selenium for $(command -v python3)" >&2; exit 1; }
fi
