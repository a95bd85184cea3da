// SPDX-License-Identifier: Apache-2.0

import WorkflowReactive

/// The host's published rendering: a property that costs a locked store per render until
/// someone observes it.
///
/// A `MutableProperty` delivers every set through its signal even when nothing observes it,
/// which in unspecialized generic code cost more than a whole render. This store keeps the
/// value itself and makes its `MutableProperty` only when `signal` or `producer` is first used;
/// from then on, every set goes through it.
final class RenderingStore<Value>: PropertyProtocol, @unchecked Sendable {
  private struct Storage {
    var value: Value
    var observable: MutableProperty<Value>?
  }

  private let storage: Locked<Storage>

  init(_ value: Value) {
    storage = Locked(Storage(value: value, observable: nil))
  }

  var value: Value {
    get { storage.withLock { $0.value } }
    set {
      // Setting the observable property under the same lock as the value would call observers
      // with the lock held; taking it inside the lock only orders the set against its creation.
      let observable = storage.withLock { storage -> MutableProperty<Value>? in
        storage.value = newValue
        return storage.observable
      }
      observable?.value = newValue
    }
  }

  private var observable: MutableProperty<Value> {
    storage.withLock { storage in
      if let observable = storage.observable { return observable }
      let observable = MutableProperty(storage.value)
      storage.observable = observable
      return observable
    }
  }

  var producer: SignalProducer<Value, Never> { observable.producer }

  var signal: Signal<Value, Never> { observable.signal }
}
