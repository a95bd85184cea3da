// SPDX-License-Identifier: Apache-2.0

import Workflow

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
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

    /// Whether the file is a regular file that was read (or is too large to be read) and holds
    /// no snapshot: one to move aside rather than to leave in place.
    package var isUnusableContent: Bool {
      switch self {
      case .notASnapshot: true
      case .unreadable(let failure): failure.code == EFBIG
      }
    }

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

  /// Writes `snapshot` to `path` atomically (see
  /// ``FileAccess/writeAtomically(_:to:createsFolders:)``) as
  /// ``WorkflowSnapshot/jsonData(prettyPrinted:)`` pretty-prints it: the tree indented, one field
  /// a line and keys sorted, with each node's state as the compact JSON the host made of it.
  package static func write(
    _ snapshot: WorkflowSnapshot, to path: String, createsFolders: Bool
  ) throws(FileAccess.Failure) {
    let bytes: [UInt8]
    do {
      bytes = [UInt8](try snapshot.jsonData())
    } catch {
      var reason = "\(error)"
      if case EncodingError.invalidValue(_, let context) = error {
        reason = context.debugDescription
      }
      throw FileAccess.Failure(reason: "the snapshot could not be written as JSON: \(reason)")
    }
    try FileAccess.writeAtomically(bytes, to: path, createsFolders: createsFolders)
  }
}
