// SPDX-License-Identifier: Apache-2.0

import SampleSupport
import Search
import TerminalUI

TerminalApp(name: "search", workflow: SearchWorkflow(environment: .current())).run()
