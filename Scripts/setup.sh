#!/usr/bin/env bash
# Installs the Debian packages BrainTutor needs, only when something is missing.
set -euo pipefail
# chromium + chromium-driver: the web viewer's browser tests (Scripts/browser-test.sh).
pkgs=(pkg-config zlib1g-dev libpng-dev libosmesa6-dev chromium chromium-driver curl)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}"
fi
# selenium drives Chromium in the browser tests (PyPI; CI runs as root).
if ! python3 -c "import selenium" 2>/dev/null; then
  python3 -m pip install --quiet selenium
fi
