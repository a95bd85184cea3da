// SPDX-License-Identifier: Apache-2.0

/// What a step did so far, as the step loop needs it to decide what comes next.
///
/// Part of the phases of ``StepStateMachine`` from `applying` to `notifying`; a new step starts
/// with none of them. One byte, so that moving it from phase to phase costs a byte's copy.
@usableFromInline
package struct StepFacts: Hashable, Sendable, CustomStringConvertible {
  @usableFromInline var bits: UInt8 = 0

  @usableFromInline static let stateChange: UInt8 = 1
  static let rootWorkflowChange: UInt8 = 2
  static let initialStep: UInt8 = 4

  @usableFromInline
  package init(stateDidChange: Bool = false, rootWorkflowDidChange: Bool = false) {
    if stateDidChange { bits |= Self.stateChange }
    if rootWorkflowDidChange { bits |= Self.rootWorkflowChange }
  }

  /// The facts of the host's first render.
  package static var initial: StepFacts {
    var facts = StepFacts()
    facts.bits = Self.initialStep
    return facts
  }

  /// Whether an applied action changed some state.
  @inlinable
  package var stateDidChange: Bool {
    get { bits & Self.stateChange != 0 }
    set { bits = newValue ? bits | Self.stateChange : bits & ~Self.stateChange }
  }

  /// Whether the root workflow value changed: an update, or a rewind that rebuilt the tree.
  package var rootWorkflowDidChange: Bool {
    get { bits & Self.rootWorkflowChange != 0 }
    set {
      bits = newValue ? bits | Self.rootWorkflowChange : bits & ~Self.rootWorkflowChange
    }
  }

  /// Whether this is the host's first render, which the host publishes itself.
  package var isInitial: Bool { bits & Self.initialStep != 0 }

  /// Whether the step changed anything that makes the tree render.
  var hasChanges: Bool { bits & (Self.stateChange | Self.rootWorkflowChange) != 0 }

  @usableFromInline package var description: String {
    let names = [
      stateDidChange ? "state changed" : nil, rootWorkflowDidChange ? "root changed" : nil,
      isInitial ? "initial" : nil,
    ]
    return "[" + names.compactMap { $0 }.joined(separator: ", ") + "]"
  }
}
