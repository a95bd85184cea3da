// SPDX-License-Identifier: Apache-2.0

import Launcher
import SampleSupport
import TerminalUI

TerminalApp(name: "samples", workflow: LauncherWorkflow(environment: .current()), screen: { $0 })
  .run()
