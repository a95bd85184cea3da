// SPDX-License-Identifier: Apache-2.0

/// The state of an ``Action``: its latest state value, whether that value enables it, and
/// whether a unit of work is running; and the two properties that publish it.
final class ActionStateMachine<Value>: @unchecked Sendable {
  private struct State {
    var value: Value
    var isUserEnabled: Bool
    var isExecuting = false
    var isEnabled: Bool { isUserEnabled && !isExecuting }
  }

  private let state: Locked<State>
  private let isUserEnabled: (Value) -> Bool
  private let enabled: MutableProperty<Bool>
  private let executing: MutableProperty<Bool>

  /// Whether the action is enabled, sending only changes.
  let isEnabled: Property<Bool>
  /// Whether a unit of work is running, sending only changes.
  let isExecuting: Property<Bool>

  init(_ initial: Value, isEnabled: @escaping (Value) -> Bool) {
    let initialState = State(value: initial, isUserEnabled: isEnabled(initial))
    state = Locked(initialState)
    isUserEnabled = isEnabled
    enabled = MutableProperty(initialState.isEnabled)
    executing = MutableProperty(false)
    self.isEnabled = Property(enabled)
    self.isExecuting = Property(executing)
  }

  /// Takes a new state value.
  func update(_ value: Value) {
    let isUserEnabled = isUserEnabled(value)
    state.withLock { state in
      state.value = value
      state.isUserEnabled = isUserEnabled
    }
    publish()
  }

  /// Marks a unit of work as running, if the action is enabled.
  ///
  /// - Returns: The state value the unit runs with, or `nil` when the action is disabled.
  func begin() -> Value? {
    let value = state.withLock { state -> Value? in
      guard state.isEnabled else { return nil }
      state.isExecuting = true
      return state.value
    }
    if value != nil { publish() }
    return value
  }

  /// Marks the running unit of work as ended.
  func end() {
    state.withLock { $0.isExecuting = false }
    publish()
  }

  private func publish() {
    // Each property reads the state under its own delivery lock, so when two threads publish
    // at once, the last value sent is the latest state, whatever order they arrive in.
    enabled.refresh { [state] in state.current.isEnabled }
    executing.refresh { [state] in state.current.isExecuting }
  }
}

extension MutableProperty where Value: Equatable {
  /// Sets the value to what `newValue` returns, read while holding the property's delivery
  /// lock, and sends it only when it differs from the current value.
  func refresh(_ newValue: () -> Value) {
    core.withDeliveryLock { isAlive in
      let changed = storage.withLock { value -> Value? in
        let next = newValue()
        guard next != value else { return nil }
        value = next
        return next
      }
      if isAlive, let changed { core.deliverLocked(changed) }
    }
  }
}
