// SPDX-License-Identifier: Apache-2.0

import TerminalUI
import Testing
import Workflow

/// One step of a scripted scenario: a command typed on the current screen, or something else
/// that happens (time passing).
public enum ScenarioStep: ExpressibleByStringLiteral {
  /// A command line typed on the screen shown at that moment.
  case command(String)
  /// A command line the screen must refuse (``CommandResult/refused(_:)``): a reply, not an
  /// action, so it renders nothing.
  case refused(String)
  /// Anything else, such as advancing a test scheduler; the label says what, for the reader.
  case perform(String, () -> Void)

  /// A command step.
  public init(stringLiteral line: String) {
    self = .command(line)
  }
}

/// Runs a workflow through scripted steps in a host traced by a ``WorkflowTracer``.
///
/// ```swift
/// let totals = RenderScenario(workflow: SplitWorkflow()).run(["select 3", "next", "star"])
/// RenderCounts.expect(totals, equal: .init(passes: 4, freshRenders: 9, reusedRenders: 2))
/// ```
///
/// A command the current screen does not offer, or one it refuses as a usage error, records
/// an issue: a scenario that stopped doing what it says would count the wrong thing.
@MainActor
public struct RenderScenario<W: Workflow> {
  private let workflow: W
  private let screen: (W.Rendering) -> any TextScreen

  /// Creates a scenario of `workflow`, whose rendering `screen` shows as text.
  public init(workflow: W, screen: @escaping (W.Rendering) -> any TextScreen) {
    self.workflow = workflow
    self.screen = screen
  }

  /// Creates a scenario of a workflow that renders a screen.
  public init(workflow: W) where W.Rendering: TextScreen {
    self.init(workflow: workflow, screen: { $0 })
  }

  /// Starts a host, performs `steps` in order, and returns what the tracer counted, the
  /// initial render included.
  public func run(
    _ steps: [ScenarioStep], sourceLocation: SourceLocation = #_sourceLocation
  ) -> WorkflowTracer.Totals {
    let tracer = WorkflowTracer(capacity: 1)
    let host = WorkflowHost(workflow: workflow, observers: [tracer])
    for step in steps {
      switch step {
      case .command(let line):
        let current = screen(host.rendering.value)
        switch current.run(line) {
        case .none:
          Issue.record(
            "RenderScenario: '\(current.title)' has no command for '\(line)'",
            sourceLocation: sourceLocation)
        case .usageError(let message)?:
          Issue.record(
            "RenderScenario: '\(line)' was refused: \(message)", sourceLocation: sourceLocation)
        case .refused?:
          Issue.record(
            "RenderScenario: '\(line)' was refused; mark the step .refused if it should be",
            sourceLocation: sourceLocation)
        default:
          break
        }
      case .refused(let line):
        let current = screen(host.rendering.value)
        let result = current.run(line)
        if case .refused? = result {
        } else {
          Issue.record(
            "RenderScenario: '\(line)' was not refused: \(String(describing: result))",
            sourceLocation: sourceLocation)
        }
      case .perform(_, let body):
        body()
      }
    }
    return withExtendedLifetime(host) { tracer.totals }
  }
}
