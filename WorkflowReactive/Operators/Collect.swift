// SPDX-License-Identifier: Apache-2.0

extension Signal {
  /// Collects every value and sends them as one array when the signal completes.
  ///
  /// A signal that completes without a value sends an empty array. A failure or interruption
  /// passes through and drops what was collected.
  public func collect() -> Signal<[Value], Error> {
    lift(
      collecting { collected, value in
        collected.append(value)
        return nil
      })
  }

  /// Sends the values in arrays of `count`, and what is left when the signal completes.
  ///
  /// The last array may be shorter than `count`; it is not sent when empty, except that a
  /// signal that completes without any value sends one empty array.
  ///
  /// - Parameter count: The size of each array; must be greater than zero.
  public func collect(count: Int) -> Signal<[Value], Error> {
    lift(collectTransform(count: count, in: "Signal<\(Value.self), \(Error.self)>"))
  }

  /// Collects values until `shouldEmit` approves the array collected so far, then sends it and
  /// starts a new one.
  ///
  /// What is left when the signal completes is sent, whether `shouldEmit` approved it or not.
  ///
  /// - Parameter shouldEmit: Receives the array including the newest value; returns whether to
  ///   send it.
  public func collect(_ shouldEmit: @escaping (_ values: [Value]) -> Bool) -> Signal<
    [Value], Error
  > {
    lift(collectTransform(shouldEmit))
  }

  /// Collects values until `shouldEmit`, given the array so far and the newest value, says to
  /// send the array; the newest value then starts the next array.
  ///
  /// What is left when the signal completes is sent.
  ///
  /// - Parameter shouldEmit: Receives the values collected so far (without the newest) and the
  ///   newest value; returns whether to send the collected values first.
  public func collect(
    _ shouldEmit: @escaping (_ collected: [Value], _ latest: Value) -> Bool
  ) -> Signal<[Value], Error> {
    lift(collectTransform(shouldEmit))
  }
}

extension SignalProducer {
  /// Collects every value of a run and sends them as one array when the run completes.
  ///
  /// A run that completes without a value sends an empty array. A failure or interruption
  /// passes through and drops what was collected.
  public func collect() -> SignalProducer<[Value], Error> {
    lift(
      collecting { collected, value in
        collected.append(value)
        return nil
      })
  }

  /// Sends the values of a run in arrays of `count`, and what is left when the run completes.
  ///
  /// The last array may be shorter than `count`; it is not sent when empty, except that a run
  /// that completes without any value sends one empty array.
  ///
  /// - Parameter count: The size of each array; must be greater than zero.
  public func collect(count: Int) -> SignalProducer<[Value], Error> {
    lift(collectTransform(count: count, in: "SignalProducer<\(Value.self), \(Error.self)>"))
  }

  /// Collects values until `shouldEmit` approves the array collected so far, then sends it and
  /// starts a new one.
  ///
  /// What is left when the run completes is sent, whether `shouldEmit` approved it or not.
  ///
  /// - Parameter shouldEmit: Receives the array including the newest value; returns whether to
  ///   send it.
  public func collect(
    _ shouldEmit: @escaping (_ values: [Value]) -> Bool
  ) -> SignalProducer<[Value], Error> {
    lift(collectTransform(shouldEmit))
  }

  /// Collects values until `shouldEmit`, given the array so far and the newest value, says to
  /// send the array; the newest value then starts the next array.
  ///
  /// What is left when the run completes is sent.
  ///
  /// - Parameter shouldEmit: Receives the values collected so far (without the newest) and the
  ///   newest value; returns whether to send the collected values first.
  public func collect(
    _ shouldEmit: @escaping (_ collected: [Value], _ latest: Value) -> Bool
  ) -> SignalProducer<[Value], Error> {
    lift(collectTransform(shouldEmit))
  }
}

private func collectTransform<Value, Error>(
  count: Int,
  in type: @autoclosure () -> String
) -> ObserverTransform<Value, Error, [Value], Error> {
  precondition(
    count > 0, "\(type()).collect(count:) received the count \(count); pass one or more.")
  return collecting { collected, value in
    collected.append(value)
    guard collected.count == count else { return nil }
    defer { collected.removeAll(keepingCapacity: true) }
    return collected
  }
}

private func collectTransform<Value, Error>(
  _ shouldEmit: @escaping ([Value]) -> Bool
) -> ObserverTransform<Value, Error, [Value], Error> {
  collecting { collected, value in
    collected.append(value)
    guard shouldEmit(collected) else { return nil }
    defer { collected.removeAll(keepingCapacity: true) }
    return collected
  }
}

private func collectTransform<Value, Error>(
  _ shouldEmit: @escaping ([Value], Value) -> Bool
) -> ObserverTransform<Value, Error, [Value], Error> {
  collecting { collected, value in
    guard shouldEmit(collected, value) else {
      collected.append(value)
      return nil
    }
    defer { collected = [value] }
    return collected
  }
}

/// The transform behind every `collect`: `add` puts a value into the array being collected and
/// returns an array to send, if one is complete.
private func collecting<Value, Error>(
  _ add: @escaping (_ collected: inout [Value], _ value: Value) -> [Value]?
) -> ObserverTransform<Value, Error, [Value], Error> {
  { downstream, _ in
    var collected: [Value] = []
    var hasReceivedValues = false
    return Signal.Observer { event in
      switch event {
      case .value(let value):
        hasReceivedValues = true
        if let complete = add(&collected, value) { downstream.send(value: complete) }
      case .completed:
        // An empty remainder is sent only when nothing at all was sent before it.
        if !collected.isEmpty || !hasReceivedValues { downstream.send(value: collected) }
        collected = []
        downstream.sendCompleted()
      case .failed(let error):
        collected = []
        downstream.send(error: error)
      case .interrupted:
        collected = []
        downstream.sendInterrupted()
      }
    }
  }
}
