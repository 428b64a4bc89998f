#!/usr/bin/env bash
# Installs the Debian packages building and running BrainTutor need (no recommends), only when
# something is missing. The test tools come from Scripts/setup-tests.sh.
set -euo pipefail
# pkg-config finds zlib, libpng and FreeType; labels, legends and orientation letters are drawn
# with the system's DejaVu Sans (fonts-dejavu-core), needed at run time. The GL backends `render` loads at run time: EGL always
# (libegl1 libegl-mesa0 libgles2, headers in libgl-dev libegl-dev libgles-dev), and OSMesa
# (libosmesa6-dev) only where the package manager still has it: Mesa 25.1 dropped it.
packages=(pkg-config zlib1g-dev libpng-dev libfreetype-dev fonts-dejavu-core libgl-dev libegl-dev libgles-dev libegl1 libegl-mesa0 libgles2)
installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
# OSMesa already installed needs no package lists; otherwise ask apt whether this release still has it.
osmesa_policy=""
if ! installed libosmesa6-dev; then
  # A fresh machine may never have fetched the package lists; without them every package looks absent.
  if ! ls /var/lib/apt/lists/*_Packages* >/dev/null 2>&1; then
    if [ "$(id -u)" -ne 0 ]; then sudo apt-get update -qq; else apt-get update -qq; fi
  fi
  # Read the policy whole before matching: with pipefail, `grep -q` closing the pipe early would
  # make the pipeline fail and OSMesa look absent.
  osmesa_policy="$(apt-cache policy libosmesa6-dev 2>/dev/null || true)"
fi
if installed libosmesa6-dev || [[ "$osmesa_policy" == *"Candidate: "[0-9]* ]]; then
  packages+=(libosmesa6-dev)
elif [ "${BASH_SOURCE[0]}" = "$0" ]; then
  echo "note: no libosmesa6-dev here (Mesa 25.1 or later); BrainTutor draws with EGL" >&2
fi

apt_install() {
  local missing=()
  for p in "$@"; do installed "$p" || missing+=("$p"); done
  [ ${#missing[@]} -eq 0 ] && return 0
  local sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

# Sourced by setup-tests.sh for apt_install only.
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  apt_install "${packages[@]}"
fi
