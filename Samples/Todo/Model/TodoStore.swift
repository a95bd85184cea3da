// SPDX-License-Identifier: Apache-2.0

import Foundation
import SampleSupport

/// Reads and writes the todo list as JSON in one file.
public struct TodoStore: Sendable {
  /// What reading the file found.
  public enum LoadResult: Equatable, Sendable {
    /// The saved todos.
    case loaded([Todo])
    /// There is no file yet.
    case missing
    /// The file exists but could not be read; the message says why.
    case unreadable(String)
  }

  /// The file the list lives in.
  public var fileURL: URL

  /// Creates a store for the file at `fileURL`.
  public init(fileURL: URL) {
    self.fileURL = fileURL
  }

  /// The store's file for a process: `$TODO_FILE` when set, else `todo/todos.json` in
  /// `stateDirectory`.
  public static func standardFileURL(stateDirectory: URL, variables: [String: String]) -> URL {
    if let path = variables["TODO_FILE"], !path.isEmpty {
      return URL(fileURLWithPath: path)
    }
    return stateDirectory.appendingPathComponent("todo/todos.json")
  }

  /// Reads the list.
  public func load() -> LoadResult {
    guard FileManager.default.fileExists(atPath: fileURL.path) else { return .missing }
    do {
      let data = try Data(contentsOf: fileURL)
      return .loaded(try JSONDecoder().decode([Todo].self, from: data))
    } catch is DecodingError {
      return .unreadable("\(fileURL.path) is not a valid todo list")
    } catch {
      return .unreadable("\(fileURL.path) could not be read")
    }
  }

  /// Writes the list, creating the folder when needed.
  ///
  /// - Throws: The file system's error when the folder or file cannot be written.
  public func save(_ todos: [Todo]) throws {
    try FileManager.default.createDirectory(
      at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    try encoder.encode(todos).write(to: fileURL, options: .atomic)
  }
}

extension TodoStore {
  /// The store an app run uses: `$TODO_FILE` when set, else `todo/todos.json` in the
  /// environment's state folder.
  public init(environment: SampleEnvironment) {
    self.init(
      fileURL: Self.standardFileURL(
        stateDirectory: environment.stateDirectory, variables: environment.variables))
  }
}
