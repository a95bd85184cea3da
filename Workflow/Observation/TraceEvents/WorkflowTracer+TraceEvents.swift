// SPDX-License-Identifier: Apache-2.0

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension WorkflowTracer {
  /// Writes the kept passes to the file at `url` in the Trace Event Format, which Perfetto,
  /// `chrome://tracing` and speedscope open.
  ///
  /// ```swift
  /// let tracer = WorkflowTracer(capacity: 1_000)
  /// let host = WorkflowHost(workflow: TallyWorkflow(goal: 3), observers: [tracer])
  /// host.rendering.value.actions.send(.tap)  // ... use the app ...
  /// try tracer.writeTraceEvents(to: file)
  /// ```
  ///
  /// Each step is a slice with its cause; inside it the render pass, and inside that each
  /// node's `render` named by its type and key (a node that reused its rendering shows as a
  /// zero-length slice named `(reused)`). Actions and outputs are instant events with their
  /// descriptions, side effects and workers are async spans from start to end, and counter
  /// tracks follow the tree's node count and the sends waiting. A value that masks its
  /// description masks it here too.
  ///
  /// - Throws: The error of writing the file.
  public func writeTraceEvents(to url: URL) throws {
    try traceEventData().write(to: url)
  }

  /// Hands the kept passes, in the Trace Event Format, to `write`, in pieces of about one step
  /// each: to a `FileHandle`, a socket, or a buffer of your own.
  ///
  /// ```swift
  /// try tracer.writeTraceEvents(using: handle.write(contentsOf:))
  /// ```
  ///
  /// - Parameter write: Receives the text, piece by piece, in order; what it throws ends the
  ///   writing.
  public func writeTraceEvents<Failure: Error>(
    using write: (Data) throws(Failure) -> Void
  ) throws(Failure) {
    try TraceEventWriter.write(kept) { (text: [UInt8]) throws(Failure) in try write(Data(text)) }
  }

  /// The kept passes in the Trace Event Format (see ``writeTraceEvents(to:)``), as JSON text.
  public func traceEventData() -> Data {
    var data = Data()
    TraceEventWriter.write(kept) { data.append(contentsOf: $0) }
    return data
  }
}
