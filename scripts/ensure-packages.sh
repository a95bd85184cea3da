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
#
# When another process holds the package manager's locks (an unattended upgrade, another
# apt-get), it says which lock and which process, and waits for them up to APT_LOCK_TIMEOUT
# seconds (300 by default) before giving up. apt-get waits for the dpkg lock itself
# (`-o DPkg::Lock::Timeout`), but `apt-get update` fails at once on the package lists' lock, so
# the script waits for every lock before each apt-get and once more when one fails on a lock.
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

if [ "$(id -u)" -ne 0 ]; then
  echo "ensure-packages: missing Debian packages: ${missing[*]}" >&2
  echo "Install them, then run this again:" >&2
  echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi

timeout=${APT_LOCK_TIMEOUT:-300}
if ! [[ "$timeout" =~ ^[0-9]+$ ]]; then
  echo "ensure-packages: APT_LOCK_TIMEOUT must be a number of seconds, not '$timeout'" >&2
  exit 2
fi
deadline=$((SECONDS + timeout))

# The locks apt-get and dpkg take, as fcntl (POSIX) locks: the dpkg frontend's, dpkg's, the
# package lists' (apt-get update) and the downloaded archives'.
locks=(/var/lib/dpkg/lock-frontend /var/lib/dpkg/lock /var/lib/apt/lists/lock
  /var/cache/apt/archives/lock)

# Prints "LOCK held by process PID (COMMAND)" for the first of `locks` that another process
# holds, or nothing. /proc/locks names a lock by its file's inode; a `flock` on the same file
# is not one apt would wait for, so only POSIX and open-file-description locks count.
held_lock() {
  [ -r /proc/locks ] || return 0
  local lock inode pid command
  for lock in "${locks[@]}"; do
    [ -e "$lock" ] || continue
    inode=$(stat -c %i "$lock")
    pid=$(awk -v inode="$inode" '
      ($2 == "POSIX" || $2 == "OFDLCK") {
        n = split($6, id, ":"); if (id[n] == inode) { print $5; exit }
      }' /proc/locks)
    [ -n "$pid" ] || continue
    if [ "$pid" -gt 0 ] 2>/dev/null && [ -r "/proc/$pid/cmdline" ]; then
      # The command line, its program without its folder, cut at 70 characters.
      command=$(tr '\0' ' ' <"/proc/$pid/cmdline")
      command=${command% }
      command="$(basename "${command%% *}")${command#"${command%% *}"}"
      [ "${#command}" -le 70 ] || command="${command:0:67}..."
      echo "$lock held by process $pid ($command)"
    else
      echo "$lock held by another process"
    fi
    return 0
  done
}

# Waits until no lock of `locks` is held, saying what it waits for whenever that changes.
wait_for_locks() {
  local holder announced=""
  while holder=$(held_lock) && [ -n "$holder" ]; do
    if [ "$holder" != "$announced" ]; then
      echo "ensure-packages: waiting for the package manager's lock: $holder" \
        "(up to $((deadline - SECONDS)) more seconds, APT_LOCK_TIMEOUT=$timeout)" >&2
      announced=$holder
    fi
    if [ "$SECONDS" -ge "$deadline" ]; then
      echo "ensure-packages: gave up after $timeout seconds, still $holder." \
        "Run this again once that process is done, or set APT_LOCK_TIMEOUT." >&2
      exit 1
    fi
    sleep 1
  done
  if [ -n "$announced" ]; then
    echo "ensure-packages: the package manager's locks are free" >&2
  fi
}

# Runs apt-get with the given arguments once no lock is held; when it fails while a lock is
# held (another process took it in between), waits and runs it again.
apt_get() {
  local status
  while true; do
    wait_for_locks
    status=0
    apt-get -o "DPkg::Lock::Timeout=$((deadline > SECONDS ? deadline - SECONDS : 0))" "$@" ||
      status=$?
    if [ "$status" -eq 0 ] || [ -z "$(held_lock)" ] || [ "$SECONDS" -ge "$deadline" ]; then
      return "$status"
    fi
  done
}

echo "ensure-packages: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt_get update
apt_get install -y --no-install-recommends "${missing[@]}"
