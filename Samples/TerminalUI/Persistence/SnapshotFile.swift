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

  /// Writes `snapshot` to `path` atomically (see ``FileAccess/writeAtomically(_:to:createsFolders:)``).
  package static func write(
    _ snapshot: WorkflowSnapshot, to path: String, createsFolders: Bool
  ) throws(FileAccess.Failure) {
    try FileAccess.writeAtomically(encode(snapshot), to: path, createsFolders: createsFolders)
  }

  /// The file's text: the snapshot's tree indented, one field per line and keys sorted, with
  /// each node's state as the compact JSON the host made of it.
  ///
  /// The states are copied, not parsed and encoded again, so writing a large state costs
  /// little more than copying its bytes; `WorkflowSnapshot(jsonData:)` reads the result.
  package static func encode(_ snapshot: WorkflowSnapshot) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(estimatedSize(of: snapshot.root) + 64)
    bytes += Array(
      "{\n  \"formatVersion\" : \(WorkflowSnapshot.formatVersion),\n  \"root\" : ".utf8)
    append(snapshot.root, indent: 2, to: &bytes)
    bytes += Array("\n}\n".utf8)
    return bytes
  }

  private static func estimatedSize(of node: WorkflowSnapshot.Node) -> Int {
    node.children.reduce(128 + (node.state?.count ?? 0)) { $0 + estimatedSize(of: $1) }
  }

  private static func append(_ node: WorkflowSnapshot.Node, indent: Int, to bytes: inout [UInt8]) {
    let inner = [UInt8](repeating: 0x20, count: indent + 2)
    bytes += Array("{\n".utf8)
    if !node.children.isEmpty {
      bytes += inner + Array("\"children\" : [\n".utf8)
      for (index, child) in node.children.enumerated() {
        bytes += inner + [0x20, 0x20]
        append(child, indent: indent + 4, to: &bytes)
        bytes += Array((index == node.children.count - 1 ? "\n" : ",\n").utf8)
      }
      bytes += inner + Array("],\n".utf8)
    }
    bytes += inner + Array("\"key\" : ".utf8)
    appendString(node.key, to: &bytes)
    bytes += Array(",\n".utf8)
    if let state = node.state {
      bytes += inner + Array("\"state\" : ".utf8)
      bytes += state
      bytes += Array(",\n".utf8)
    }
    bytes += inner + Array("\"type\" : ".utf8)
    appendString(node.workflowType, to: &bytes)
    bytes += [0x0A] + [UInt8](repeating: 0x20, count: indent) + [0x7D]
  }

  /// Appends `text` as a JSON string.
  private static func appendString(_ text: String, to bytes: inout [UInt8]) {
    bytes.append(0x22)
    for byte in text.utf8 {
      switch byte {
      case 0x22: bytes += [0x5C, 0x22]
      case 0x5C: bytes += [0x5C, 0x5C]
      case 0x0A: bytes += [0x5C, 0x6E]
      case 0x09: bytes += [0x5C, 0x74]
      case ..<0x20:
        let hex = Array("0123456789abcdef".utf8)
        bytes += [0x5C, 0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
      default: bytes.append(byte)
      }
    }
    bytes.append(0x22)
  }
}
