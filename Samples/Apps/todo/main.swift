// SPDX-License-Identifier: Apache-2.0

import SampleSupport
import TerminalUI
import Todo

// The list lives in the host's snapshot: restored from the state file at start, written back
// after every change.
TerminalApp(
  name: "todo", workflow: TodoWorkflow(),
  stateFile: TodoStateFile.url(environment: .current())
).run()
