#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# End-to-end check of the `samples` launcher in a real terminal (tmux): what a person sees.
#
# usage: scripts/e2e-tmux.sh [path-to-samples-executable]
#
# Checks tab completion, a timer ticking while a line is half typed (the line survives), history
# recall with the up arrow, Ctrl-C clearing the line, and Ctrl-D leaving with status 0. Runs on
# its own tmux server socket and removes it on exit; fails loudly, printing the screen, on the
# first mismatch.
set -euo pipefail

cd "$(dirname "$0")/.."
binary="${1:-$(swift build --package-path Samples --show-bin-path)/samples}"
if [ ! -x "$binary" ]; then
  swift build --package-path Samples --product samples
fi

socket="samples-e2e-$$"
session="e2e"
state="$(mktemp -d)"
tmux_() { tmux -L "$socket" "$@"; }
cleanup() {
  tmux_ kill-server 2>/dev/null || true
  rm -rf "$state"
}
trap cleanup EXIT

screen() { tmux_ capture-pane -p -t "$session"; }

fail() {
  echo "e2e-tmux: FAILED: $*" >&2
  echo "----- screen -----" >&2
  screen >&2 || true
  echo "------------------" >&2
  exit 1
}

# Waits until the screen contains the fixed string $1 (up to $2 seconds, default 15).
wait_for() {
  local deadline=$((SECONDS + ${2:-15}))
  until screen | grep -qF -- "$1"; do
    [ "$SECONDS" -lt "$deadline" ] || fail "timed out waiting for: $1"
    sleep 0.2
  done
}

# The last non-empty line of the screen: the prompt and what is typed on it.
prompt_line() { screen | sed '/^[[:space:]]*$/d' | tail -n 1 | sed 's/[[:space:]]*$//'; }

expect_prompt() {
  local deadline=$((SECONDS + 10))
  until [ "$(prompt_line)" = "$1" ]; do
    [ "$SECONDS" -lt "$deadline" ] || fail "expected the prompt line '$1', saw '$(prompt_line)'"
    sleep 0.2
  done
}

# The launcher runs under a shell that reports its exit status, so Ctrl-D can be checked.
tmux_ new-session -d -s "$session" -x 100 -y 45 \
  "env XDG_STATE_HOME='$state' NO_COLOR=1 TERM=xterm WORKFLOW_SAMPLES_CLOCK=real '$binary'; echo \"EXIT STATUS \$?\"; sleep 60"

wait_for "Workflow samples"
expect_prompt "samples>"
echo "e2e-tmux: launcher is up"

# Tab completion of a command name, then of its argument.
tmux_ send-keys -t "$session" "op" Tab
expect_prompt "samples> open"
tmux_ send-keys -t "$session" "tim" Tab
expect_prompt "samples> open timers"
tmux_ send-keys -t "$session" Enter
wait_for "tea: 3:00 (paused)"
echo "e2e-tmux: tab completion works"

# A timer ticks while a line is half typed; the half-typed line stays on the prompt.
tmux_ send-keys -t "$session" "start tea" Enter
wait_for "tea: 3:00 (running)"
tmux_ send-keys -t "$session" "pause te"
expect_prompt "samples> pause te"
wait_for "tea: 2:58 (running)" 20
expect_prompt "samples> pause te"
echo "e2e-tmux: the timer ticked and the half-typed line survived"

# Ctrl-C clears the line.
tmux_ send-keys -t "$session" C-c
expect_prompt "samples>"
echo "e2e-tmux: Ctrl-C cleared the line"

# The up arrow recalls the last command.
tmux_ send-keys -t "$session" Up
expect_prompt "samples> start tea"
tmux_ send-keys -t "$session" C-c
expect_prompt "samples>"
echo "e2e-tmux: history recall works"

# Ctrl-D on an empty line leaves with status 0.
tmux_ send-keys -t "$session" C-d
wait_for "EXIT STATUS" 10
screen | grep -qF "EXIT STATUS 0" || fail "Ctrl-D did not exit with status 0"
echo "e2e-tmux: Ctrl-D exited with status 0"

# `make demo` as a person runs it: after a Ctrl-C at the prompt and a Ctrl-D, make itself ends
# with status 0 (it used to die of the SIGINT with 130). Skipped when make is not installed.
# It gets a state folder of its own: the launcher would otherwise reopen the timers left above.
if command -v make >/dev/null 2>&1; then
  # A new session before the old one goes: a server left with no session exits.
  tmux_ new-session -d -s "make-demo" -x 100 -y 45 \
    "env XDG_STATE_HOME='$state/demo' NO_COLOR=1 TERM=xterm make --no-print-directory demo; echo \"EXIT STATUS \$?\"; sleep 60"
  tmux_ kill-session -t "$session"
  session="make-demo"
  wait_for "Workflow samples" 300
  expect_prompt "samples>"
  tmux_ send-keys -t "$session" "open ti"
  tmux_ send-keys -t "$session" C-c
  expect_prompt "samples>"
  tmux_ send-keys -t "$session" C-d
  wait_for "EXIT STATUS" 10
  screen | grep -qF "EXIT STATUS 0" || fail "make demo did not end with status 0 after Ctrl-C, Ctrl-D"
  ! screen | grep -qF "Interrupt" || fail "make reported an interrupt"
  echo "e2e-tmux: make demo ended with status 0 after Ctrl-C and Ctrl-D"
fi
echo "e2e-tmux: passed"
