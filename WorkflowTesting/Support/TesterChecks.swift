// SPDX-License-Identifier: Apache-2.0

/// The checks that ``WorkflowActionTester`` and ``RenderTesterResult`` share: one implementation
/// and one wording for each, whichever tester runs it.
///
/// Each check reports a failure at `site` and returns what the caller's closure should see, if
/// anything.
enum TesterChecks {
  /// Checks that `state` equals `expected`, naming the differing fields otherwise.
  static func state<State: Equatable>(
    _ state: State, equals expected: State, of workflowName: String, at site: CallSite
  ) {
    guard state != expected else { return }
    FailureReporter.fail(
      "State of \(workflowName) differs from the expected state:\n"
        + StructuralDiff.describe(expected: expected, actual: state), at: site)
  }

  /// Returns the only output, or reports that there was none or more than one.
  ///
  /// - Parameter expected: The expected output, to name in the message of a missing one.
  static func onlyOutput<Output>(
    of outputs: [Output], expected: Output? = nil, of workflowName: String, at site: CallSite
  ) -> Output? {
    if outputs.count == 1 { return outputs[0] }
    if outputs.isEmpty {
      let wanted = expected.map { "output \(StructuralDiff.show($0))" } ?? "an output"
      FailureReporter.fail("Expected \(wanted) of \(workflowName), got no output", at: site)
    } else {
      FailureReporter.fail(
        "Expected one output of \(workflowName), got \(outputs.count): \(list(outputs))",
        at: site)
    }
    return nil
  }

  /// Checks that there is exactly one output and that it equals `expected`.
  static func output<Output: Equatable>(
    of outputs: [Output], equals expected: Output, of workflowName: String, at site: CallSite
  ) {
    guard let output = onlyOutput(of: outputs, expected: expected, of: workflowName, at: site),
      output != expected
    else { return }
    FailureReporter.fail(
      "Output of \(workflowName) differs from the expected output:\n"
        + StructuralDiff.describe(expected: expected, actual: output), at: site)
  }

  /// Checks that there is no output.
  static func noOutput<Output>(of outputs: [Output], of workflowName: String, at site: CallSite) {
    guard !outputs.isEmpty else { return }
    FailureReporter.fail("Expected no output of \(workflowName), got \(list(outputs))", at: site)
  }

  /// Returns the only action, as an `Action`, or reports that there was none, more than one, or
  /// one of another type.
  static func onlyAction<Action, Element>(
    of actions: [Element], as actionType: Action.Type, of workflowName: String, at site: CallSite
  ) -> Action? {
    guard actions.count == 1 else {
      FailureReporter.fail(
        actions.isEmpty
          ? "Expected one action of \(workflowName), but no action was produced"
          : "Expected one action of \(workflowName), got \(actions.count): \(list(actions))",
        at: site)
      return nil
    }
    guard let action = actions[0] as? Action else {
      FailureReporter.fail(
        "Expected an action of type \(Action.self) in \(workflowName), got "
          + "\(type(of: actions[0])): \(StructuralDiff.show(actions[0]))", at: site)
      return nil
    }
    return action
  }

  /// Checks that there is no action.
  static func noAction<Element>(
    of actions: [Element], of workflowName: String, at site: CallSite
  ) {
    guard !actions.isEmpty else { return }
    FailureReporter.fail(
      "Expected no action in \(workflowName), got \(actions.count): \(list(actions))", at: site)
  }

  private static func list<Value>(_ values: [Value]) -> String {
    values.map { StructuralDiff.show($0) }.joined(separator: ", ")
  }
}
