// SPDX-License-Identifier: Apache-2.0

import SampleSupport
import TerminalUI
import TicTacToe

TerminalApp(
  name: "tictactoe", workflow: TicTacToeWorkflow(environment: .current()), screen: { $0 }
).run()
