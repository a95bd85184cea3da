// SPDX-License-Identifier: Apache-2.0

/// Carries a value across a concurrency boundary that the caller knows to be safe.
///
/// The reactive layer serializes events itself, so values may move between threads through its
/// schedulers without being `Sendable`. This box states that promise in one place: it is the
/// package's one way to hand a non-`Sendable` value to a `@Sendable` closure, for instance a
/// value that only the thread it is handed to will use.
package struct UncheckedSendable<Value>: @unchecked Sendable {
  package var value: Value

  package init(_ value: Value) {
    self.value = value
  }
}
