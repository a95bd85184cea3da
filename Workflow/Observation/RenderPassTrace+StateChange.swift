// SPDX-License-Identifier: Apache-2.0

extension RenderPassTrace.StateChange {
  /// What a change shows for an element or entry that is not there on one side.
  static let absent = "(none)"

  /// The fields that differ between two states of a node, as a trace shows them.
  ///
  /// Equal `Equatable` states have no changes. Otherwise the changes are the places
  /// ``StructuralDifference`` finds; when it finds none although `==` says the states differ
  /// (two values that print alike), the state is shown as changed whole.
  static func changes<State>(from before: State, to after: State) -> [Self] {
    let areEqual = makeEquality(State.self)
    if let areEqual, areEqual(before, after) { return [] }
    let differences = StructuralDifference.differences(from: before, to: after)
    guard !differences.isEmpty || areEqual == nil else {
      return [Self(field: "", before: describe(.value(before)), after: describe(.value(after)))]
    }
    return differences.map {
      Self(field: $0.fieldName, before: describe($0.before), after: describe($0.after))
    }
  }

  private static func describe(_ side: StructuralDifference.Side) -> String {
    switch side {
    case .value(let value): TraceText.describe(value)
    case .absent: absent
    }
  }
}
