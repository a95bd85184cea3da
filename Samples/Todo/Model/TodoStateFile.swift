// SPDX-License-Identifier: Apache-2.0

import Foundation
import SampleSupport

/// Where the todo app keeps its saved state between launches.
///
/// The app itself knows nothing about files: its workflows are snapshottable, and the terminal
/// host writes the host's snapshot to this file and restores from it on the next launch.
public enum TodoStateFile {
  /// The state file of an app run: `$TODO_FILE` when set, else `todo/todos.json` in the
  /// environment's state folder.
  public static func url(environment: SampleEnvironment) -> URL {
    // `TODO_FILE` first: with it, the state folder is not needed (and HOME may be unset).
    if let path = environment.variables["TODO_FILE"], !path.isEmpty {
      return URL(fileURLWithPath: path)
    }
    return url(stateDirectory: environment.stateDirectory, variables: environment.variables)
  }

  /// The state file for a state folder and a set of environment variables: `$TODO_FILE` when
  /// set and not empty, else `todo/todos.json` in `stateDirectory`.
  ///
  /// - Parameters:
  ///   - stateDirectory: The folder in which apps keep their state.
  ///   - variables: The process environment variables.
  public static func url(stateDirectory: URL, variables: [String: String]) -> URL {
    if let path = variables["TODO_FILE"], !path.isEmpty {
      return URL(fileURLWithPath: path)
    }
    return stateDirectory.appendingPathComponent("todo/todos.json")
  }
}
