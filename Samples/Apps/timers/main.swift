// SPDX-License-Identifier: Apache-2.0

import SampleSupport
import TerminalUI
import Timers

TerminalApp(name: "timers", workflow: TimersWorkflow(environment: .current())).run()
