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

/// Writes each ``RenderPassTrace`` to a file as one line of JSON, for `--trace FILE`.
///
/// Keys are sorted so that equal passes give equal lines. Every line goes to the file with its
/// own `write`, so a reader (`tail -f`) sees whole lines as they happen and nothing is lost if
/// the app is killed.
final class TraceFileWriter {
  private var descriptor: Int32
  private let encoder: JSONEncoder

  /// Opens (creating or emptying) the regular file at `path`; a FIFO, a device or a folder is
  /// refused without blocking. A new file is private (`0600`).
  init(path: String) throws(FileAccess.Failure) {
    // Emptied only once known to be a regular file: O_TRUNC would act before the type check.
    descriptor = try FileAccess.openRegular(path, flags: O_WRONLY | O_CREAT | O_APPEND)
    guard ftruncate(descriptor, 0) == 0 else {
      let failure = FileAccess.Failure.fromErrno()
      close(descriptor)
      throw failure
    }
    encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
  }

  deinit {
    if descriptor >= 0 { close(descriptor) }
  }

  /// Appends `pass` as a line.
  ///
  /// - Returns: Why writing failed, the first time it does; the writer then stops.
  func write(_ pass: RenderPassTrace) -> String? {
    guard descriptor >= 0 else { return nil }
    do {
      let line = Array(try encoder.encode(pass)) + [0x0A]
      try FileAccess.writeAll(line, to: descriptor)
      return nil
    } catch {
      close(descriptor)
      descriptor = -1
      return String(describing: error)
    }
  }
}
