// SPDX-License-Identifier: Apache-2.0

/// Something that can be rendered as a child workflow.
///
/// Workflows, ``AnyWorkflow``, workers, and `SignalProducer`s and `Signal`s that cannot fail
/// conform. The composition methods (`rendered(in:key:)`, `running(in:key:)`,
/// ``mapRendering(_:)``, ``mapOutput(_:)``) are available on all of them.
public protocol AnyWorkflowConvertible<Rendering, Output> {
  /// The rendering the child produces.
  associatedtype Rendering

  /// The output the child reports to its parent.
  associatedtype Output

  /// Returns the type-erased workflow that stands for this value.
  func asAnyWorkflow() -> AnyWorkflow<Rendering, Output>
}
