// SPDX-License-Identifier: Apache-2.0

/// A workflow whose state the host saves in a ``WorkflowSnapshot`` and restores from one.
///
/// Conforming is the opt-in: the host never encodes the state of a workflow that does not
/// conform, even when that state happens to be `Codable`.
///
/// ```swift
/// // CounterWorkflow's State is Int, which is Codable.
/// extension CounterWorkflow: SnapshottableWorkflow {}
/// ```
///
/// A node restored from a snapshot starts from the decoded state instead of calling
/// ``Workflow/makeInitialState()``; when decoding fails it starts fresh and observers hear why
/// (``WorkflowObserver/snapshotEntryWasSkipped(_:at:)``).
public protocol SnapshottableWorkflow: Workflow where State: Codable {}
