// SPDX-License-Identifier: Apache-2.0

import WorkflowReactive

/// The host's published rendering: a property that costs a locked store per render until
/// someone observes it.
///
/// A `MutableProperty` delivers every set through its signal even when nothing observes it,
/// which in unspecialized generic code cost more than a whole render. This store keeps the
/// value itself and makes its `MutableProperty` only when `signal` or `producer` is first used;
/// from then on, every set goes through it too. The value is set on the main actor and may be
/// read from any thread.
@usableFromInline
final class RenderingStore<Value>: PropertyProtocol, @unchecked Sendable {
  // A pthread lock and plain fields rather than Locked<Storage>: a generic storage struct costs a
  // metadata lookup on every access in unspecialized code.
  private let lock = PthreadMutex()
  @usableFromInline @exclusivity(unchecked) var current: Value
  @usableFromInline @exclusivity(unchecked) var observable: MutableProperty<Value>?

  init(_ value: Value) {
    current = value
  }

  @usableFromInline
  func lockValue() {
    lock.lock()
  }

  @usableFromInline
  func unlockValue() {
    lock.unlock()
  }

  // Inlinable so that the host publishes its renderings with code specialized for them.
  @inlinable
  var value: Value {
    get {
      lockValue()
      defer { unlockValue() }
      return current
    }
    set {
      lockValue()
      current = newValue
      let observable = self.observable
      unlockValue()
      // Outside the lock: observers run here and may read the value. Taking the property under
      // the lock only orders this set against the property's creation.
      observable?.value = newValue
    }
  }

  private var observableProperty: MutableProperty<Value> {
    lock.lock()
    defer { lock.unlock() }
    if let observable { return observable }
    let created = MutableProperty(current)
    observable = created
    return created
  }

  @usableFromInline var producer: SignalProducer<Value, Never> { observableProperty.producer }

  @usableFromInline var signal: Signal<Value, Never> { observableProperty.signal }
}
