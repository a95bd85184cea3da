// SPDX-License-Identifier: Apache-2.0

/// Why a REPL session did not start: a file it was told to use could not be used as asked, and
/// starting anyway could lose the user's saved state.
package enum ReplStartFailure: Error, Hashable, CustomStringConvertible {
  /// `--restore FILE` named a file that is missing, unreadable, not a snapshot, or a snapshot
  /// of which some state does not fit the app.
  case cannotRestore(file: String, reason: String)
  /// The state file is held by another running app.
  case stateFileInUse(file: String, reason: String)

  /// The exit status a ``TerminalApp`` ends with: 2 for a bad `--restore` (a usage error, like a
  /// wrong flag), 1 for a state file in use.
  package var exitStatus: Int32 {
    switch self {
    case .cannotRestore: 2
    case .stateFileInUse: 1
    }
  }

  package var description: String {
    switch self {
    case .cannotRestore(let file, let reason):
      "cannot restore from \(file): \(reason); nothing was started or changed"
    case .stateFileInUse(let file, let reason):
      "cannot use the state file \(file): \(reason); quit the other app first"
    }
  }
}
