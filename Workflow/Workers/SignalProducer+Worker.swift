// SPDX-License-Identifier: Apache-2.0

import WorkflowReactive

extension SignalProducer: AnyWorkflowConvertible where Error == Never {
  /// Wraps the producer in a worker, so it can be run as a child: each value is an output.
  ///
  /// A producer rendered again under the same key keeps its run; give it a new key to restart.
  public func asAnyWorkflow() -> AnyWorkflow<Void, Value> {
    ProducerWorker(producer: self).asAnyWorkflow()
  }
}

extension Signal: AnyWorkflowConvertible where Error == Never {
  /// Wraps the signal in a worker, so it can be run as a child: each value sent while the child
  /// is rendered is an output.
  public func asAnyWorkflow() -> AnyWorkflow<Void, Value> {
    SignalProducer(self).asAnyWorkflow()
  }
}

/// Runs a producer as a worker. Producers cannot be compared, so any two are equivalent.
///
/// Package-visible so that WorkflowTesting can expect a rendered producer or signal.
package struct ProducerWorker<Value>: Worker {
  let producer: SignalProducer<Value, Never>

  init(producer: SignalProducer<Value, Never>) {
    self.producer = producer
  }

  package func run() -> SignalProducer<Value, Never> {
    producer
  }
}

/// Lets code that holds a worker tell a rendered `SignalProducer` or `Signal` from other workers.
///
/// Package-visible for WorkflowTesting's messages.
package protocol SignalProducerRunning {
  /// The type of the producer's values.
  static var valueType: Any.Type { get }
}

extension ProducerWorker: SignalProducerRunning {
  package static var valueType: Any.Type { Value.self }
}
