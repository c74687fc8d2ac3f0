# Shared helpers for scripts/*. Source it; do not run it.
# Installs Debian packages only when missing, running `apt-get update` once first, so the
# scripts are idempotent and work on a fresh machine and in CI alike.

repo_root() { cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd; }

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
    echo "need root to run: $*" >&2; return 1
  fi
}

# ensure_packages PKG...: installs the ones dpkg does not report as installed.
ensure_packages() {
  local missing=()
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "==> installing ${missing[*]}"
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# Packages the library and CLI need to build.
BUILD_PACKAGES=(pkg-config libsodium-dev libssl-dev libxml2-dev zlib1g-dev libzstd-dev libzxcvbn-dev libarchive-dev)
# Peers the interop tests run against (python3 is part of the machine image).
TEST_PACKAGES=(libplist-utils libxml2-utils keepassxc age oathtool par2 xvfb xclip zsh fish procps groff-base)

# ensure_second_reader_modules: spec/reader/coffer_read.py needs `cryptography` 44 or newer
# (Argon2id) and `zstandard` (compressed records, spec/FORMAT.md §12) in the python3 the
# tests find on PATH; pip installs each one that is missing.
ensure_second_reader_modules() {
  second_reader_module 'from cryptography.hazmat.primitives.kdf.argon2 import Argon2id' 'cryptography>=44' \
    && second_reader_module 'import zstandard' zstandard
}

# second_reader_module IMPORT REQUIREMENT: pip installs REQUIREMENT unless IMPORT succeeds.
second_reader_module() {
  python3 -c "$1" 2>/dev/null && return 0
  echo "==> installing python $2 for the second reader"
  python3 -m pip --version >/dev/null 2>&1 || ensure_packages python3-pip
  python3 -m pip install --quiet "$2" 2>/dev/null \
    || python3 -m pip install --quiet --user "$2" 2>/dev/null \
    || python3 -m pip install --quiet --break-system-packages "$2"
}

step() { printf '\n==> %s\n' "$*"; }
