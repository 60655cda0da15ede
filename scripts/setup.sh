#!/usr/bin/env bash
# One-step setup used by the README's two commands:
#   scripts/setup.sh start   install what is needed, then run the app (http://localhost:3000)
#   scripts/setup.sh test    install what is needed, then run the whole test suite
# System packages come from Debian; as root they are installed, otherwise the exact apt-get
# line is printed and the script stops.
set -euo pipefail
cd "$(dirname "$0")/.."

mode="${1:-}"
# Offline speech-to-text (pocketsphinx) and audio decoding (ffmpeg) are part of the app; the
# tests also need a browser (Chromium's headless shell drives the browser tests, the full Chromium
# Lighthouse and the tutorials), real speech recordings and a speech synthesiser.
runtime=(pocketsphinx pocketsphinx-en-us ffmpeg)
case "$mode" in
  start) packages=("${runtime[@]}") ;;
  test) packages=("${runtime[@]}" chromium chromium-headless-shell pocketsphinx-testdata espeak-ng sox) ;;
  *) echo "usage: scripts/setup.sh start|test" >&2; exit 2 ;;
esac

node_major="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
node_minor="$(node -p 'process.versions.node.split(".")[1]' 2>/dev/null || echo 0)"
if [ "$node_major" -lt 20 ] || { [ "$node_major" -eq 20 ] && [ "$node_minor" -lt 19 ]; }; then
  echo "Clerkly needs Node.js 20.19 or newer (found $(node --version 2>/dev/null || echo none))." >&2
  exit 1
fi

missing=()
for pkg in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || missing+=("$pkg")
done
if [ "${#missing[@]}" -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ]; then
    echo "Installing system packages: ${missing[*]}" >&2
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "Missing system packages. Run this, then try again:" >&2
    echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
fi

# Install exactly what the committed lockfile says, once per lockfile change. The lockfile lists
# every platform's optional binaries (the resolver's and the parsers'), so `npm ci` accepts it and
# a fresh clone's tree stays clean (issue 22).
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi

if [ "$mode" = start ]; then
  exec npm start
else
  exec npm test
fi
