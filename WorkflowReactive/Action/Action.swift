// SPDX-License-Identifier: Apache-2.0

/// Repeatable work that runs one unit at a time, and only while it is enabled.
///
/// An action is made from a closure that returns a ``SignalProducer`` for an input. Each
/// ``apply(_:)`` returns a producer that, when started, runs one unit of that work: if the
/// action is enabled it marks itself executing (and so disabled), starts the work and forwards
/// its events; otherwise it fails at once with ``ActionError/disabled``. The events of every unit
/// are also sent on ``events``, ``values``, ``errors`` and ``completed``.
///
/// ```swift
/// let save = Action<String, Bool, SaveError>(enabledIf: isOnline) { text in
///   store.save(text)
/// }
/// save.values.observeValues { saved in print(saved) }
/// save.apply("draft").start()
/// ```
public final class Action<Input, Output, Error: Swift.Error> {
  private let execute: (Input) -> SignalProducer<Output, ActionError<Error>>
  private let eventsInput: Signal<Signal<Output, Error>.Event, Never>.Observer
  private let disabledErrorsInput: Signal<(), Never>.Observer
  private let token: Lifetime.Token

  /// The lifetime of the action: it ends when the action goes away.
  public let lifetime: Lifetime

  /// Every event of every unit of work, in order.
  public let events: Signal<Signal<Output, Error>.Event, Never>

  /// Every value of every unit of work.
  public let values: Signal<Output, Never>

  /// Every error a unit of work failed with.
  public let errors: Signal<Error, Never>

  /// One value for each ``apply(_:)`` started while the action was disabled.
  public let disabledErrors: Signal<(), Never>

  /// One value for each unit of work that completed.
  public let completed: Signal<(), Never>

  /// Whether a unit of work is running.
  public let isExecuting: Property<Bool>

  /// Whether ``apply(_:)`` would start a unit of work now: the state allows it and no unit is
  /// running.
  public let isEnabled: Property<Bool>

  /// Creates an action whose work depends on a state, enabled while `isEnabled` holds for it.
  ///
  /// The action keeps `state` alive. The value `isEnabled` accepted is the one `execute`
  /// receives: a change of the state between the check and the start cannot fall in between.
  ///
  /// - Parameters:
  ///   - state: The property whose latest value each unit of work receives.
  ///   - isEnabled: Whether the action is enabled for a state value.
  ///   - execute: Makes the unit of work for the latest state and the input.
  public init<State: PropertyProtocol>(
    state: State,
    enabledIf isEnabled: @escaping (State.Value) -> Bool,
    execute: @escaping (State.Value, Input) -> SignalProducer<Output, Error>
  ) {
    (lifetime, token) = Lifetime.make()
    (events, eventsInput) = Signal.pipe()
    (disabledErrors, disabledErrorsInput) = Signal.pipe()
    values = events.compactMap { $0.value }
    errors = events.compactMap { $0.error }
    completed = events.compactMap { if case .completed = $0 { () } else { nil } }

    let machine = ActionStateMachine(state.value, isEnabled: isEnabled)
    self.isEnabled = machine.isEnabled
    self.isExecuting = machine.isExecuting
    lifetime += state.producer.startWithValues { value in machine.update(value) }
    // The state lives as long as the action, like its work closure.
    lifetime.observeEnded { withExtendedLifetime(state) {} }

    let events = eventsInput
    let disabledErrors = disabledErrorsInput
    self.execute = { input in
      SignalProducer { observer, lifetime in
        guard let value = machine.begin() else {
          observer.send(error: .disabled)
          disabledErrors.send(value: ())
          return
        }
        let run = execute(value, input).start { event in
          observer.send(event.mapError(ActionError.producerFailed))
          events.send(value: event)
        }
        lifetime.observeEnded {
          run.dispose()
          machine.end()
        }
      }
    }
  }

  deinit {
    eventsInput.sendCompleted()
    disabledErrorsInput.sendCompleted()
  }

  /// A producer that, each time it is started, runs one unit of work for `input`.
  ///
  /// The producer forwards the events of the unit it started, with the unit's error wrapped in
  /// ``ActionError/producerFailed(_:)``. When the action is disabled, it fails at once with
  /// ``ActionError/disabled`` and ``disabledErrors`` sends a value. Disposing the run
  /// interrupts the unit of work.
  public func apply(_ input: Input) -> SignalProducer<Output, ActionError<Error>> {
    let unit = execute(input)
    return .serialized { [self] observer, lifetime in
      // A running unit reports to the action, so the action lives at least as long as the run.
      lifetime.observeEnded { withExtendedLifetime(self) {} }
      unit.startProtected(observer, lifetime)
    }
  }
}

// The state machine and the signals' inputs serialize every access.
extension Action: @unchecked Sendable {}

extension Action: BindingTargetProvider {
  /// A target that applies the action to each bound value and starts the run, until the
  /// action goes away; a value bound while the action is disabled is dropped.
  public var bindingTarget: BindingTarget<Input> {
    BindingTarget(lifetime: lifetime) { [weak self] input in self?.apply(input).start() }
  }
}
