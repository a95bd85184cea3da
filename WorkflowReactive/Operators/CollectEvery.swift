// SPDX-License-Identifier: Apache-2.0

import Dispatch

extension Signal {
  /// Sends the values that arrived during each `interval`, as an array, on `scheduler`.
  ///
  /// The intervals start when the signal is made. Terminal events are delivered through
  /// `scheduler`; a failure or interruption drops the values still collected.
  ///
  /// - Parameters:
  ///   - interval: The length of each collection period; must be positive.
  ///   - scheduler: The scheduler that measures the periods and delivers the arrays.
  ///   - skipEmpty: Whether a period without values sends nothing (`true`) or an empty array.
  ///   - discardWhenCompleted: Whether the values collected when the signal completes are
  ///     dropped (the default) or sent just before the completion.
  @_disfavoredOverload
  public func collect(
    every interval: Duration,
    on scheduler: any DateScheduler,
    skipEmpty: Bool = false,
    discardWhenCompleted: Bool = true
  ) -> Signal<[Value], Error> {
    liftAsynchronous(
      collectEveryTransform(interval, scheduler, skipEmpty, discardWhenCompleted))
  }

  /// Sends the values that arrived during each `interval`, as an array, on `scheduler`.
  ///
  /// The same as ``collect(every:on:skipEmpty:discardWhenCompleted:)-(Duration,_,_,_)`` with a
  /// `DispatchTimeInterval`, as in ReactiveSwift.
  ///
  /// - Parameters:
  ///   - interval: The length of each collection period; must be positive.
  ///   - scheduler: The scheduler that measures the periods and delivers the arrays.
  ///   - skipEmpty: Whether a period without values sends nothing (`true`) or an empty array.
  ///   - discardWhenCompleted: Whether the values collected when the signal completes are
  ///     dropped (the default) or sent just before the completion.
  public func collect(
    every interval: DispatchTimeInterval,
    on scheduler: any DateScheduler,
    skipEmpty: Bool = false,
    discardWhenCompleted: Bool = true
  ) -> Signal<[Value], Error> {
    collect(
      every: SchedulerTime.length(of: interval, in: "collect(every:on:)"), on: scheduler,
      skipEmpty: skipEmpty, discardWhenCompleted: discardWhenCompleted)
  }
}

extension SignalProducer {
  /// Sends the values of each run that arrived during each `interval`, as an array, on
  /// `scheduler`.
  ///
  /// The intervals start when the run starts. Terminal events are delivered through
  /// `scheduler`; a failure or interruption drops the values still collected.
  ///
  /// - Parameters:
  ///   - interval: The length of each collection period; must be positive.
  ///   - scheduler: The scheduler that measures the periods and delivers the arrays.
  ///   - skipEmpty: Whether a period without values sends nothing (`true`) or an empty array.
  ///   - discardWhenCompleted: Whether the values collected when the run completes are dropped
  ///     (the default) or sent just before the completion.
  @_disfavoredOverload
  public func collect(
    every interval: Duration,
    on scheduler: any DateScheduler,
    skipEmpty: Bool = false,
    discardWhenCompleted: Bool = true
  ) -> SignalProducer<[Value], Error> {
    liftAsynchronous(
      collectEveryTransform(interval, scheduler, skipEmpty, discardWhenCompleted))
  }

  /// Sends the values that arrived during each `interval`, as an array, on `scheduler`.
  ///
  /// The same as ``collect(every:on:skipEmpty:discardWhenCompleted:)-(Duration,_,_,_)`` with a
  /// `DispatchTimeInterval`, as in ReactiveSwift.
  ///
  /// - Parameters:
  ///   - interval: The length of each collection period; must be positive.
  ///   - scheduler: The scheduler that measures the periods and delivers the arrays.
  ///   - skipEmpty: Whether a period without values sends nothing (`true`) or an empty array.
  ///   - discardWhenCompleted: Whether the values collected when the run completes are
  ///     dropped (the default) or sent just before the completion.
  public func collect(
    every interval: DispatchTimeInterval,
    on scheduler: any DateScheduler,
    skipEmpty: Bool = false,
    discardWhenCompleted: Bool = true
  ) -> SignalProducer<[Value], Error> {
    collect(
      every: SchedulerTime.length(of: interval, in: "collect(every:on:)"), on: scheduler,
      skipEmpty: skipEmpty, discardWhenCompleted: discardWhenCompleted)
  }
}

private func collectEveryTransform<Value, Error>(
  _ interval: Duration,
  _ scheduler: any DateScheduler,
  _ skipEmpty: Bool,
  _ discardWhenCompleted: Bool
) -> ObserverTransform<Value, Error, [Value], Error> {
  precondition(
    interval > .zero,
    "collect(every:on:): interval \(interval) is not positive; pass a positive interval.")
  return { downstream, lifetime in
    let collected = Locked<[Value]>([])
    func takeCollected() -> [Value] {
      collected.withLock { values in
        defer { values = [] }
        return values
      }
    }
    let timer = SerialDisposable()
    lifetime += timer
    timer.inner = scheduler.schedule(
      after: scheduler.now + interval, interval: interval, leeway: .zero
    ) {
      let values = takeCollected()
      if !(skipEmpty && values.isEmpty) { downstream.send(value: values) }
    }
    return Signal.Observer { event in
      switch event {
      case .value(let value):
        collected.withLock { $0.append(value) }
      case .completed:
        timer.inner = scheduler.schedule {
          let values = takeCollected()
          if !discardWhenCompleted, !(skipEmpty && values.isEmpty) {
            downstream.send(value: values)
          }
          downstream.sendCompleted()
        }
      case .failed(let error):
        timer.inner = scheduler.schedule { downstream.send(error: error) }
      case .interrupted:
        timer.inner = scheduler.schedule { downstream.sendInterrupted() }
      }
    }
  }
}
