// SPDX-License-Identifier: Apache-2.0

import Workflow

/// One thing a ``WorkflowExplorer`` can do to the tree it runs: call into the rendering, or move
/// the virtual clock.
///
/// A move is known by its ``code``, the line of a ``WorkflowHostTester`` test that makes it, so
/// that a counterexample prints as a test and replays by name: the explorer asks for the moves
/// of each new rendering and makes the one with the same code. Two moves with the same code
/// are the same move.
///
/// ```swift
/// moves: { _ in
///   [
///     .send("$0.onHold()") { $0.onHold() },
///     .advance(by: .seconds(1)),
///   ]
/// },
/// ```
public struct ExplorationMove<Rendering> {
  enum Kind {
    case send((Rendering) -> Void)
    case advance(Duration)
    case undo
  }

  /// The Swift statement that makes this move in a test whose tester is named `tester`, e.g.
  /// `tester.send { $0.onPlay(5) }` or `tester.advance(by: .seconds(1))`.
  public let code: String

  let kind: Kind

  init(code: String, kind: Kind) {
    self.code = code
    self.kind = kind
  }

  /// A move that calls into the rendering, as `tester.send { <body> }` would.
  ///
  /// - Parameters:
  ///   - body: The code of the closure, with the rendering as `$0`, e.g. `"$0.onPlay(5)"`; it
  ///     names the move and is what a counterexample prints.
  ///   - event: Does what `body` says, with the rendering it is given.
  public static func send(
    _ body: String, _ event: @escaping (Rendering) -> Void
  ) -> ExplorationMove {
    ExplorationMove(code: "tester.send { \(body) }", kind: .send(event))
  }

  /// A move that advances the virtual clock by `interval`, running the timed work that falls
  /// due, as `tester.advance(by:)` would.
  public static func advance(by interval: Duration) -> ExplorationMove {
    ExplorationMove(
      code: "tester.advance(by: \(DurationCode.describe(interval)))", kind: .advance(interval))
  }

  /// Undoes the latest step of the host's history; the explorer offers it when it checks undo.
  static var undo: ExplorationMove {
    ExplorationMove(code: "tester.host?.undo()", kind: .undo)
  }
}

/// How a counterexample spells a duration: `.seconds(2)`, `.milliseconds(250)`, ...
enum DurationCode {
  static func describe(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    if attoseconds == 0 { return ".seconds(\(seconds))" }
    for (unit, scale) in [("milliseconds", Int64(1_000)), ("microseconds", 1_000_000)] {
      let attosecondsPerUnit = 1_000_000_000_000_000_000 / scale
      if attoseconds % attosecondsPerUnit == 0, abs(seconds) < Int64.max / scale {
        return ".\(unit)(\(seconds * scale + attoseconds / attosecondsPerUnit))"
      }
    }
    return ".nanoseconds(\(seconds * 1_000_000_000 + attoseconds / 1_000_000_000))"
  }
}
