#!/usr/bin/env bash
# Installs the Debian packages building and running BrainTutor need (no recommends), only when
# something is missing. The test tools come from Scripts/setup-tests.sh.
set -euo pipefail
# pkg-config finds zlib and libpng; libosmesa6-dev brings the OSMesa headers and the library
# `render` loads at run time.
packages=(pkg-config zlib1g-dev libpng-dev libosmesa6-dev)

apt_install() {
  local missing=()
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  local sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

# Sourced by setup-tests.sh for apt_install only.
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  apt_install "${packages[@]}"
fi
