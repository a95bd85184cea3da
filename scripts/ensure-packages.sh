#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# Makes sure the given Debian packages are installed.
#
# usage: scripts/ensure-packages.sh [debian-package ...]
#
# Installs the missing ones with apt-get when run as root. Otherwise prints the command to run
# and exits with status 1. On a machine without dpkg (not Debian or Ubuntu) it cannot tell, so
# it names what is needed and goes on. With no packages, or when all are installed, does
# nothing.
set -euo pipefail

if [ "$#" -eq 0 ]; then
  exit 0
fi

if ! command -v dpkg-query >/dev/null 2>&1; then
  echo "ensure-packages: no dpkg here, so not checking; this step needs the equivalent of the" \
    "Debian packages: $*" >&2
  exit 0
fi

missing=()
for package in "$@"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done

if [ "${#missing[@]}" -eq 0 ]; then
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
  echo "ensure-packages: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update
  apt-get install -y --no-install-recommends "${missing[@]}"
else
  echo "ensure-packages: missing Debian packages: ${missing[*]}" >&2
  echo "Install them, then run this again:" >&2
  echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
