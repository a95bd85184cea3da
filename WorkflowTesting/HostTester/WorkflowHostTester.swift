// SPDX-License-Identifier: Apache-2.0

import Workflow
import WorkflowReactive

/// Hosts a whole workflow tree in a test, on virtual time, and checks its renderings and outputs.
///
/// The tester keeps every rendering the host publishes after the first, and every output, in
/// order. `awaitNextRendering` and `awaitNextOutput` take them one at a time. In exhaustive mode
/// (the default) each of them must be taken before the next event is sent and before
/// ``finish(fileID:filePath:line:column:)``; whatever is left is reported with its value.
///
/// ```swift
/// let tester = WorkflowHostTester { TimerWorkflow(scheduler: $0) }
/// tester.send { $0.start() }
/// await tester.awaitNextRendering()
/// tester.advance(by: .seconds(1))
/// #expect(await tester.awaitNextRendering()?.elapsed == 1)
/// tester.send { $0.stop() }
/// await tester.awaitNextRendering()
/// tester.finish()
/// ```
///
/// Work that runs on ``scheduler`` runs only when the test moves the clock with
/// ``advance(by:)``; work in tasks runs while the test awaits.
@MainActor
public final class WorkflowHostTester<WorkflowType: Workflow> {
  /// The virtual-time scheduler the workflow under test should run its timed work on.
  public let scheduler: TestScheduler

  /// Whether unasserted renderings and outputs fail the test at the next event.
  public let isExhaustive: Bool

  /// The host running the tree; `nil` after ``finish(fileID:filePath:line:column:)``.
  public internal(set) var host: WorkflowHost<WorkflowType>?

  var pendingRenderings: [WorkflowType.Rendering] = []
  var pendingOutputs: [WorkflowType.Output] = []
  private var observations: [any Disposable] = []
  private let rootName = "\(WorkflowType.self)"

  /// Hosts the workflow `makeWorkflow` builds on the tester's scheduler.
  ///
  /// - Parameters:
  ///   - scheduler: The virtual-time scheduler; a new one by default.
  ///   - exhaustive: Whether every rendering and output must be asserted; `true` by default.
  ///   - configuration: How the host schedules render passes.
  ///   - snapshot: Saved states the tree starts from, as in
  ///     `WorkflowHost(workflow:restoringFrom:)`.
  ///   - makeWorkflow: Builds the root workflow, usually handing it the scheduler.
  public init(
    scheduler: TestScheduler = TestScheduler(),
    exhaustive: Bool = true,
    configuration: RuntimeConfiguration = .default,
    restoringFrom snapshot: WorkflowSnapshot? = nil,
    makeWorkflow: (TestScheduler) -> WorkflowType
  ) {
    self.scheduler = scheduler
    isExhaustive = exhaustive
    let host = WorkflowHost(
      workflow: makeWorkflow(scheduler), restoringFrom: snapshot, configuration: configuration)
    self.host = host
    let renderings = host.rendering.signal.observeValues { [weak self] rendering in
      self?.pendingRenderings.append(rendering)
    }
    let outputs = host.output.observeValues { [weak self] output in
      self?.pendingOutputs.append(output)
    }
    observations = [renderings, outputs].compactMap { $0 }
  }

  /// Hosts `workflow`.
  ///
  /// - Parameters:
  ///   - workflow: The root workflow.
  ///   - scheduler: The virtual-time scheduler the workflow runs its timed work on.
  ///   - exhaustive: Whether every rendering and output must be asserted; `true` by default.
  ///   - configuration: How the host schedules render passes.
  ///   - snapshot: Saved states the tree starts from.
  public convenience init(
    workflow: WorkflowType,
    scheduler: TestScheduler = TestScheduler(),
    exhaustive: Bool = true,
    configuration: RuntimeConfiguration = .default,
    restoringFrom snapshot: WorkflowSnapshot? = nil
  ) {
    self.init(
      scheduler: scheduler, exhaustive: exhaustive, configuration: configuration,
      restoringFrom: snapshot, makeWorkflow: { _ in workflow })
  }

  isolated deinit {
    for observation in observations { observation.dispose() }
  }

  /// The current rendering of the root workflow.
  public var rendering: WorkflowType.Rendering {
    guard let host else {
      preconditionFailure(
        "WorkflowHostTester<\(rootName)>.rendering was read after finish(); read it before")
    }
    return host.rendering.value
  }

  /// Sends an event: `event` receives the current rendering and calls its sinks.
  ///
  /// In exhaustive mode, renderings and outputs not yet taken are reported first.
  public func send(
    fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    _ event: (WorkflowType.Rendering) throws -> Void
  ) rethrows {
    if isExhaustive {
      reportUnasserted(
        before: "this event",
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    try event(rendering)
  }

  /// Moves the virtual clock by `interval`, running the timed work that falls due.
  public func advance(by interval: Duration) {
    scheduler.advance(by: interval)
  }

  /// Drops the renderings and outputs not yet taken, so exhaustive mode does not report them.
  public func skipReceivedValues() {
    pendingRenderings.removeAll()
    pendingOutputs.removeAll()
  }

  func reportUnasserted(before event: String, at site: CallSite) {
    var lines: [String] = []
    for rendering in pendingRenderings {
      lines.append("  rendering: \(StructuralDiff.show(rendering))")
    }
    for output in pendingOutputs {
      lines.append("  output: \(StructuralDiff.show(output))")
    }
    guard !lines.isEmpty else { return }
    FailureReporter.fail(
      """
      \(rootName) produced values that were not asserted before \(event); take them with \
      awaitNextRendering()/awaitNextOutput(), or make the tester with exhaustive: false:
      \(lines.joined(separator: "\n"))
      """, at: site)
    skipReceivedValues()
  }
}
