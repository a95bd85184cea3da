// SPDX-License-Identifier: Apache-2.0

import Workflow

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads and writes a ``WorkflowSnapshot`` as a JSON file, for `:save`, `--restore` and the
/// autosaved state file.
package enum SnapshotFile {
  /// The largest file read as a snapshot; anything bigger is not one of ours.
  static let sizeLimit = 64 << 20

  /// Why a file gave no snapshot.
  package enum ReadFailure: Error, Hashable, CustomStringConvertible {
    /// The file could not be read at all.
    case unreadable(FileAccess.Failure)
    /// The file was read but does not hold a snapshot this build understands.
    case notASnapshot(String)

    package var description: String {
      switch self {
      case .unreadable(let failure): failure.reason
      case .notASnapshot(let detail): "not a saved workflow snapshot (\(detail))"
      }
    }
  }

  /// The snapshot in the file at `path`.
  package static func read(_ path: String) -> Result<WorkflowSnapshot, ReadFailure> {
    let bytes: [UInt8]
    do {
      bytes = try FileAccess.read(path, limit: sizeLimit)
    } catch {
      return .failure(.unreadable(error))
    }
    do {
      return .success(try WorkflowSnapshot(jsonData: Data(bytes)))
    } catch {
      return .failure(.notASnapshot(WorkflowSnapshot.failureReason(for: error)))
    }
  }

  /// Writes `snapshot` as pretty JSON to `path`, atomically.
  package static func write(
    _ snapshot: WorkflowSnapshot, to path: String, createsFolders: Bool
  ) throws(FileAccess.Failure) {
    let data: Data
    do {
      data = try snapshot.jsonData()
    } catch {
      throw FileAccess.Failure(reason: "the snapshot could not be encoded: \(error)")
    }
    try FileAccess.writeAtomically(Array(data) + [0x0A], to: path, createsFolders: createsFolders)
  }
}
