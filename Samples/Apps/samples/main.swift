// SPDX-License-Identifier: Apache-2.0

import Launcher
import SampleSupport
import TerminalUI

// The launcher saves its snapshot, the open app's state included, behind its changes (when it
// waits for input, and before it exits), and starts where it was left.
let environment = SampleEnvironment.current()
TerminalApp(
  name: "samples", workflow: LauncherWorkflow(environment: environment),
  stateFile: LauncherStateFile.url(environment: environment), screen: { $0 }
).run()
