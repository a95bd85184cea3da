// SPDX-License-Identifier: Apache-2.0

/// What a ``Command`` reports after it ran.
public enum CommandResult: Hashable, Sendable {
  /// The command did its work; the REPL shows the new screen if it changed.
  case done
  /// The command did its work and has something to tell the user, printed before the screen.
  case message(String)
  /// The command did nothing, and the message says why ("Square 5 is taken."): a reply to
  /// this command only, printed as an error, not kept on the screen.
  case refused(String)
  /// The arguments were not acceptable; the REPL prints the message and the usage line.
  case usageError(String)
}
