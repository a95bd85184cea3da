// SPDX-License-Identifier: Apache-2.0

import Workflow

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Writes what a tracer kept to a file in the Trace Event Format, which Perfetto,
/// `chrome://tracing` and speedscope open: for `--trace-events FILE` and `:trace --export FILE`.
///
/// The file is replaced in one step (see ``FileAccess/writeAtomically(_:to:createsFolders:)``),
/// so a viewer never opens half a trace; only a regular file (or none) is replaced.
package enum TraceEventsFile {
  /// How many steps the tracer keeps when the app writes trace events.
  package static let capacity = 1_000

  /// Writes the passes `tracer` kept to `path`, relative to the current directory.
  static func write(_ tracer: WorkflowTracer, to path: String) throws(FileAccess.Failure) {
    try FileAccess.writeAtomically(to: path, createsFolders: false) {
      descriptor throws(FileAccess.Failure) in
      try tracer.writeTraceEvents { (data: Data) throws(FileAccess.Failure) in
        try FileAccess.writeAll([UInt8](data), to: descriptor)
      }
    }
  }
}
