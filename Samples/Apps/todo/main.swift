// SPDX-License-Identifier: Apache-2.0

import TerminalUI
import Todo

TerminalApp(name: "todo", workflow: TodoWorkflow()).run()
