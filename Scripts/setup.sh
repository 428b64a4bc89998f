#!/usr/bin/env bash
# Installs the Debian packages BrainTutor needs, only when something is missing.
set -euo pipefail
# chromium + chromium-driver: the web viewer's browser tests (Scripts/browser-test.sh).
# libegl-dev + libgles-dev (with libegl1, libegl-mesa0, libgles2): the EGL backend, the only
# one where Mesa is 25.1 or later; libosmesa6-dev only where the package manager still has it.
pkgs=(pkg-config zlib1g-dev libpng-dev libgl-dev libegl-dev libgles-dev libegl1 libegl-mesa0 libgles2
      chromium chromium-driver curl)
if apt-cache policy libosmesa6-dev 2>/dev/null | grep -q 'Candidate: [0-9]'; then
  pkgs+=(libosmesa6-dev)
else
  echo "note: no libosmesa6-dev here (Mesa 25.1 or later); BrainTutor draws with EGL" >&2
fi
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}"
fi
# selenium drives Chromium in the browser tests. PyPI first; a Debian python3 is
# "externally managed" (PEP 668), so retry with --break-system-packages, then Debian's package.
if ! python3 -c "import selenium" 2>/dev/null; then
  python3 -m pip install --quiet selenium 2>/dev/null \
    || python3 -m pip install --quiet --break-system-packages selenium 2>/dev/null \
    || { SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
         $SUDO apt-get update -qq
         DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq python3-selenium; }
  python3 -c "import selenium" || { echo "error: could not install selenium for $(command -v python3)" >&2; exit 1; }
fi
