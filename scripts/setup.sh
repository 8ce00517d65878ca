#!/usr/bin/env bash
# Installs the system packages RefreshGif builds and runs with, when any is missing.
# Quiet and idempotent: when everything is present it does nothing.
set -euo pipefail

packages=(
  pkg-config
  libgif-dev        # giflib: GIF decoding and encoding
  libpng-dev        # libpng: PNG decoding and encoding
  zlib1g-dev        # zlib: Apple CgBI PNGs
  libdeflate-dev    # libdeflate: PNG compression
  librlottie-dev    # rlottie: Lottie animations as state images
  libfreetype-dev   # FreeType: glyphs, outlines, the vector rasteriser
  libfontconfig-dev # fontconfig: finding fonts, per-character fallback
  libharfbuzz-dev   # HarfBuzz: shaping (OpenType kerning) of the labels
  fonts-inter       # Inter SemiBold, the primary label face (docs/fonts.md)
  fonts-noto-cjk    # Noto Sans CJK, the base package of the CJK faces
  fonts-noto-cjk-extra # Noto Sans CJK Medium: Chinese and Korean labels (docs/fonts.md)
  fonts-dejavu-core # DejaVu Sans Bold, fallback for the primary face
  fonts-wqy-microhei # fallback for Chinese and Korean glyphs
  fonts-noto-color-emoji # colour emoji in titles, drawn as Apple Color Emoji draws them on iOS
  tzdata            # IANA time zones for --timezone
  chromium          # the test suite opens the HTML snapshot report in a real browser
  man-db            # the test suite reads the installed man page with man -l
  time              # GNU time: the memory tests measure the peak of a command
)
packages+=(${EXTRA_PACKAGES:-})

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "setup: installing ${missing[*]}"
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
