// SPDX-License-Identifier: Apache-2.0

import Split
import TerminalUI

TerminalApp(name: "split", workflow: SplitWorkflow()).run()
