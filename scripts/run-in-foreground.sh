#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# Runs a program as the terminal's foreground job, so that Ctrl-C reaches only the program.
#
# usage: scripts/run-in-foreground.sh PROGRAM [ARGUMENT ...]
#
# `make demo` runs the launcher through this script. Without it, Ctrl-C (which the apps handle:
# it clears the line) also reaches `make`, which then reports "Interrupt" and ends with status
# 130 after the user has left the app normally. With job control on, the program gets a
# process group of its own and the terminal's foreground; this script and `make` are not in
# it. Exits with the program's status. Without a terminal, simply runs the program.
set -uo pipefail

if [ -t 0 ] && [ -t 2 ]; then
  set -m
  "$@" &
  # `fg` names the job on standard output before resuming it; the job keeps its own output.
  fg %1 >/dev/null
  exit $?
fi
exec "$@"
