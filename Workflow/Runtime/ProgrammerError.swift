// SPDX-License-Identifier: Apache-2.0

/// A mistake in the code that uses the library, found while a host runs: two children or two
/// side effects under one key in one render, a send or a host call during render, a render
/// context used after its render.
///
/// Each one traps with its message, as the runtime rules say. A test tool that drives its own
/// host (WorkflowTesting's explorer) can have them reported instead, within
/// ``reporting(to:_:)``: the site then recovers as its ``Kind`` says, so that the runtime stays
/// consistent until the tool discards the host.
package struct ProgrammerError: Hashable, Sendable, CustomStringConvertible {
  /// What went wrong, and how the site recovers when the error is reported instead of trapping.
  package enum Kind: Hashable, Sendable {
    /// Two children of one type under one key in one render. The second request is answered by
    /// the child rendered first (rendered again, its workflow value unchanged).
    case duplicateChildKey
    /// Two side effects under one key in one render. The second is dropped.
    case duplicateSideEffectKey
    /// An action or an output sent while a workflow renders. The send is dropped.
    case sendDuringRender
    /// A host call (`update(workflow:)`, `rewind(toStep:)`) made while a workflow renders. The
    /// call is dropped.
    case hostCallDuringRender
    /// A render context used after its render. A sink is made as it would have been in render;
    /// a side effect is dropped; a child is rendered on its own, away from the tree, and
    /// discarded with its work never started.
    case renderContextUsedAfterRender
  }

  /// What went wrong.
  package let kind: Kind
  /// The message the trap prints: the type, the key and the remedy.
  package let message: String

  package init(kind: Kind, message: String) {
    self.kind = kind
    self.message = message
  }

  package var description: String { message }

  /// Receives the errors reported in the current task instead of trapping; `nil` traps.
  @TaskLocal private static var handler: (@Sendable (ProgrammerError) -> Void)?

  /// Runs `body` with the programmer errors of hosts it drives reported to `handler` instead
  /// of trapping.
  ///
  /// The scope is the current task (or thread, outside a task): work that runs later from a
  /// main-queue turn of its own traps as usual.
  package static func reporting<Result>(
    to handler: @escaping @Sendable (ProgrammerError) -> Void, _ body: () throws -> Result
  ) rethrows -> Result {
    try $handler.withValue(handler, operation: body)
  }

  /// Traps with `message`, or hands the error to the handler of ``reporting(to:_:)`` and
  /// returns, so that the caller recovers as `kind` says.
  package static func report(
    _ kind: Kind, _ message: String, file: StaticString = #fileID, line: UInt = #line
  ) {
    guard let handler else { fatalError(message, file: file, line: line) }
    handler(ProgrammerError(kind: kind, message: message))
  }
}
