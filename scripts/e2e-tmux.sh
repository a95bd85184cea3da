#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# End-to-end check of the `samples` launcher in a real terminal (tmux): what a person sees.
#
# usage: scripts/e2e-tmux.sh [path-to-samples-executable]
#
# Checks tab completion; the live region (a ticking timer redraws the screen in place: it is in
# the whole scrollback once, not once per tick, the half-typed line survives, and a command's
# reply stays in the scrollback); a resize; a password masked once entered and kept out of the
# history file; history recall with the up arrow; Ctrl-C; Ctrl-D leaving with status 0; the
# state file written while the app waits at its prompt; and SIGTERM and SIGHUP while the line
# editor waits (state saved, terminal restored, status 143 or 129). Runs on its own tmux server socket and removes it on exit; fails loudly, printing the
# screen, on the first mismatch.
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
# The whole scrollback, not only what the window shows.
scrollback() { tmux_ capture-pane -p -S - -t "$session"; }
# How many lines of the whole scrollback are exactly $1.
count_lines() { scrollback | sed 's/[[:space:]]*$//' | grep -cxF -- "$1" || true; }

fail() {
  echo "e2e-tmux: FAILED: $*" >&2
  echo "----- screen -----" >&2
  screen >&2 || true
  echo "------------------" >&2
  exit 1
}

# Waits until a line of the screen, its trailing spaces dropped, matches $2 as `grep $1` reads
# it (-F: holds the fixed string, -xF: is exactly it, -E: matches the extended regular
# expression), up to $3 seconds (default 120: a limit for a hung app, not a guess at how long a
# busy machine takes), looking every $4 seconds (default 0.2).
wait_for_match() {
  local deadline=$((SECONDS + ${3:-120}))
  until screen | sed 's/[[:space:]]*$//' | grep -q "$1" -- "$2"; do
    [ "$SECONDS" -lt "$deadline" ] || fail "timed out waiting for ($1): $2"
    sleep "${4:-0.2}"
  done
}

# Waits until the screen contains the fixed string $1; $2 and $3 are the limit and the interval.
wait_for() { wait_for_match -F "$@"; }

# The last non-empty line of the screen: the prompt and what is typed on it.
prompt_line() { screen | sed '/^[[:space:]]*$/d' | tail -n 1 | sed 's/[[:space:]]*$//'; }

expect_prompt() {
  local deadline=$((SECONDS + 120))
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
expect_prompt "samples/timers>"
echo "e2e-tmux: tab completion works, the prompt names the open app"

# The live region: a timer ticks while a line is half typed. The screen is redrawn in place,
# so after five seconds of ticks it is in the whole scrollback once; the half-typed line is
# still on the prompt; and a command's reply, above the screen, is still in the scrollback.
tmux_ send-keys -t "$session" "start tea" Enter
wait_for "tea: 3:00 (running)"
tmux_ send-keys -t "$session" "start nosuch" Enter
wait_for "No timer called 'nosuch'."
tmux_ send-keys -t "$session" "pause te"
expect_prompt "samples/timers> pause te"
sleep 5
# At least one tick (on a busy machine maybe many more).
wait_for "tea: 2:" 20
expect_prompt "samples/timers> pause te"
[ "$(count_lines "Timers")" = 1 ] || fail "the timers screen is in the scrollback $(count_lines "Timers") times, not once"
[ "$(scrollback | grep -c "^tea: ")" = 1 ] || fail "the tea row is in the scrollback more than once"
[ "$(count_lines "Workflow samples")" = 0 ] || fail "the menu stayed in the scrollback under the app"
[ "$(count_lines "No timer called 'nosuch'.")" = 1 ] || fail "the reply to 'start nosuch' is gone or repeated"
[ "$(count_lines "samples/timers> start tea")" = 1 ] || fail "the command 'start tea' is not in the transcript"
echo "e2e-tmux: the timer ticked in place, the half-typed line survived, the reply stayed"

# A narrower window: the region is laid out again at the new width (the timer's row split in
# two says so), still once; and again at the old width.
tmux_ resize-window -t "$session" -x 16 -y 45
wait_for_match -xF "(running)"
[ "$(count_lines "Timers")" = 1 ] || fail "after a resize the timers screen is in the scrollback $(count_lines "Timers") times"
tmux_ resize-window -t "$session" -x 100 -y 45
wait_for_match -E "^tea: [0-9:]* \(running\)$"
expect_prompt "samples/timers> pause te"
[ "$(count_lines "Timers")" = 1 ] || fail "after resizing back the timers screen is in the scrollback $(count_lines "Timers") times"
echo "e2e-tmux: a resize redrew the region once"

# Ctrl-C gives the line up: it stays above the screen with ^C, and the prompt is empty.
tmux_ send-keys -t "$session" C-c
expect_prompt "samples/timers>"
[ "$(count_lines "samples/timers> pause te^C")" = 1 ] || fail "the line given up is not in the transcript"
echo "e2e-tmux: Ctrl-C cleared the line"

# The up arrow recalls the last command.
tmux_ send-keys -t "$session" Up
expect_prompt "samples/timers> start nosuch"
tmux_ send-keys -t "$session" C-c
expect_prompt "samples/timers>"
echo "e2e-tmux: history recall works"

# A password typed on the line shows while it is typed (libedit cannot mask it) and is masked
# once the line is entered; one left out is asked for without echo. Neither reaches the
# history file, which is private to the user.
password="pw-e2e-$$"
tmux_ send-keys -t "$session" "menu" Enter
wait_for "Workflow samples"
tmux_ send-keys -t "$session" "open tictactoe" Enter
wait_for "Sign in to play."
tmux_ send-keys -t "$session" "login player@example.com $password" Enter
wait_for "Unknown email or wrong password."
scrollback | grep -qF "samples/tictactoe> login player@example.com ••••••" \
  || fail "the login line is not in the transcript with its password masked"
! scrollback | grep -qF "$password" || fail "the password is still on the terminal"
# Left out, the password is asked for and not shown at all while it is typed.
hidden="pw-hidden-$$"
tmux_ send-keys -t "$session" "login player@example.com" Enter
wait_for "Password for login (not shown):"
tmux_ send-keys -t "$session" "$hidden"
sleep 0.5
! scrollback | grep -qF "$hidden" || fail "the password asked for shows while it is typed"
tmux_ send-keys -t "$session" Enter
# The first attempt's error is still on the screen: wait for this check to start (it takes a
# second of real time), then for its answer, before the next line is typed.
wait_for "Checking player@example.com" 120 0.05
wait_for "Unknown email or wrong password."
[ "$(count_lines "samples/tictactoe> login player@example.com ••••••")" = 2 ] \
  || fail "the line whose password was asked for is not in the transcript, masked"
! scrollback | grep -qF "$hidden" || fail "the password asked for is on the terminal"
tmux_ send-keys -t "$session" "login player@example.com password" Enter
wait_for "New game"
history_file="$state/samples/history"
grep -qF 'login\040player@example.com' "$history_file" || fail "the sign-in is not in the history"
! grep -qF "$password" "$history_file" || fail "the wrong password is in the history file"
! grep -qF "$hidden" "$history_file" || fail "the password asked for is in the history file"
! grep -q "password" "$history_file" || fail "the password is in the history file"
[ "$(stat -c %a "$history_file")" = 600 ] || fail "the history file is not 0600"
[ "$(stat -c %a "$state/samples")" = 700 ] || fail "the history folder is not 0700"
echo "e2e-tmux: the password was masked and kept out of the 0600 history file"

# Ctrl-D on an empty line leaves with status 0.
tmux_ send-keys -t "$session" C-d
wait_for "EXIT STATUS"
screen | grep -qF "EXIT STATUS 0" || fail "Ctrl-D did not exit with status 0"
echo "e2e-tmux: Ctrl-D exited with status 0"

# A resize whose reflow pushes rows of the region itself into the scrollback: a window almost
# empty above the timers screen, 30 columns, then 15 (the transcript line, the timer rows and
# the edited line wrap, and tmux keeps the cursor on its row). The app asks the terminal where
# its cursor is and redraws only the rows still in the window: the screen stays in the whole
# scrollback once, through the narrowing and the widening.
timers_binary="$(dirname "$binary")/timers"
[ -x "$timers_binary" ] || swift build --package-path Samples --product timers
# A new session before the old one goes: a server left with no session exits.
tmux_ new-session -d -s "resize" -x 30 -y 30 \
  "env XDG_STATE_HOME='$state/resize' NO_COLOR=1 TERM=xterm WORKFLOW_SAMPLES_CLOCK=real '$timers_binary'; sleep 60"
tmux_ kill-session -t "$session"
session="resize"
wait_for "tea: 3:00 (paused)"
tmux_ send-keys -t "$session" "start tea" Enter
wait_for "(running)"
tmux_ send-keys -t "$session" "pause te"
expect_prompt "timers> pause te"
tmux_ resize-window -t "$session" -x 15 -y 30
wait_for_match -xF "(running)"
[ "$(count_lines "Timers")" = 1 ] || fail "after narrowing the timers screen is in the scrollback $(count_lines "Timers") times"
[ "$(scrollback | grep -c "^tea: ")" = 1 ] || fail "after narrowing the tea row is in the scrollback more than once"
tmux_ resize-window -t "$session" -x 30 -y 30
wait_for_match -E "^tea: [0-9:]* \(running\)$"
expect_prompt "timers> pause te"
[ "$(count_lines "Timers")" = 1 ] || fail "after widening the timers screen is in the scrollback $(count_lines "Timers") times"
[ "$(scrollback | grep -c "^tea: ")" = 1 ] || fail "after widening the tea row is in the scrollback more than once"
echo "e2e-tmux: a reflow that pushed the region's top out of the window left no stale rows"

# SIGTERM and SIGHUP while the line editor waits for the rest of a line: the list is saved, the
# terminal gets its settings back (echo, canonical mode) and a visible cursor, and the shell
# sees the signal's status. The app runs under sh, which leaves the terminal as the app did.
todo_binary="$(dirname "$binary")/todo"
[ -x "$todo_binary" ] || swift build --package-path Samples --product todo
for signal in TERM HUP; do
  todo_state="$state/todo-$signal"
  mkdir -p "$todo_state"
  # The app says on this FIFO when it waits for input (TERMINALUI_EVENTS); held open for
  # reading and writing here, so the app's open never waits and no read here sees its end.
  events="$todo_state/events"
  mkfifo "$events"
  exec 3<>"$events"
  # A new session before the old one goes: a server left with no session exits.
  tmux_ new-session -d -s "sig-$signal" -x 100 -y 45 \
    "sh -c 'env XDG_STATE_HOME=$todo_state NO_COLOR=1 TERM=xterm TERMINALUI_EVENTS=$events $todo_binary; echo \"EXIT STATUS \$?\"; stty -a > $todo_state/stty; sleep 60'"
  tmux_ kill-session -t "$session"
  session="sig-$signal"
  wait_for "Nothing to do."
  tmux_ send-keys -t "$session" "add buy milk" Enter
  wait_for "1. [ ] buy milk"
  # Once the app says it waits at its prompt after the line, it has saved the list (it saves
  # behind changes, not after every command, and always before it waits for the person).
  until [ "${event:-}" = "waiting 1" ]; do
    read -r -t 120 event <&3 || fail "todo never said it waits after its first line"
  done
  event=""
  grep -qE '"title" *: *"buy milk"' "$todo_state/todo/todos.json" 2>/dev/null \
    || fail "todo waits at its prompt without having saved the list"
  tmux_ send-keys -t "$session" "done "
  expect_prompt "todo> done"
  shell_pid="$(tmux_ display -p -t "$session" '#{pane_pid}')"
  todo_pid="$(pgrep -P "$shell_pid" -f "$todo_binary" | head -n 1)"
  [ -n "$todo_pid" ] || fail "could not find the todo process"
  kill -s "$signal" "$todo_pid"
  wait_for "EXIT STATUS"
  case "$signal" in TERM) status=143 ;; HUP) status=129 ;; esac
  screen | grep -qF "EXIT STATUS $status" || fail "SIG$signal did not end todo with status $status"
  for _ in $(seq 600); do [ -s "$todo_state/stty" ] && break; sleep 0.2; done
  grep -qw -- "-icanon" "$todo_state/stty" && fail "SIG$signal left the terminal without canonical mode"
  grep -qw -- "-echo" "$todo_state/stty" && fail "SIG$signal left the terminal without echo"
  grep -qw "icanon" "$todo_state/stty" || fail "no terminal settings after SIG$signal"
  [ "$(tmux_ display -p -t "$session" '#{cursor_flag}')" = 1 ] || fail "SIG$signal left the cursor hidden"
  grep -qE '"title" *: *"buy milk"' "$todo_state/todo/todos.json" || fail "SIG$signal lost the list"
  exec 3<&-
  echo "e2e-tmux: SIG$signal saved the list, restored the terminal and ended with status $status"
done

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
  wait_for "EXIT STATUS"
  screen | grep -qF "EXIT STATUS 0" || fail "make demo did not end with status 0 after Ctrl-C, Ctrl-D"
  ! screen | grep -qF "Interrupt" || fail "make reported an interrupt"
  echo "e2e-tmux: make demo ended with status 0 after Ctrl-C and Ctrl-D"
fi
echo "e2e-tmux: passed"
