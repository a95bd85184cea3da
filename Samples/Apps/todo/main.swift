// SPDX-License-Identifier: Apache-2.0

import SampleSupport
import TerminalUI
import Todo

// The list lives in the host's snapshot: restored from the state file at start, written back
// behind the changes (when the app waits for input, and before it exits).
TerminalApp(
  name: "todo", workflow: TodoWorkflow(),
  stateFile: TodoStateFile.url(environment: .current())
).run()
