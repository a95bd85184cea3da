// SPDX-License-Identifier: Apache-2.0

import SampleSupport
import TerminalUI
import Todo

TerminalApp(name: "todo", workflow: TodoWorkflow(store: TodoStore(environment: .current()))).run()
