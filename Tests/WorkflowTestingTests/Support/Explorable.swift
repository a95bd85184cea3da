// SPDX-License-Identifier: Apache-2.0

import Workflow
import WorkflowReactive

/// A keypad with a planted bug: entering 1, 2, 3 in a row opens the door, which must never
/// happen. The shortest sequence that shows it is exactly those three presses.
struct Keypad: Workflow {
  struct State: Equatable {
    var entered: [Int] = []
    var isOpen = false
  }

  enum Action: WorkflowAction, CaseIterable {
    typealias WorkflowType = Keypad

    case press0, press1, press2, press3, clear

    func apply(toState state: inout State, context: ApplyContext<Keypad>) -> Never? {
      switch self {
      case .press0: state.entered.append(0)
      case .press1: state.entered.append(1)
      case .press2: state.entered.append(2)
      case .press3: state.entered.append(3)
      case .clear: state.entered = []
      }
      state.entered = Array(state.entered.suffix(3))
      if state.entered == [1, 2, 3] { state.isOpen = true }
      return nil
    }
  }

  struct Screen {
    var entered: [Int]
    var isOpen: Bool
    var sink: Sink<Action>
  }

  func makeInitialState() -> State { State() }

  func render(state: State, context: RenderContext<Keypad>) -> Screen {
    Screen(entered: state.entered, isOpen: state.isOpen, sink: context.makeSink(of: Action.self))
  }
}

/// Counts up and down from 0, never below (correct: nothing to find).
struct Stepper: Workflow {
  typealias State = Int

  struct Screen {
    var value: Int
    var onUp: () -> Void
    var onDown: () -> Void
  }

  func makeInitialState() -> Int { 0 }

  func render(state: Int, context: RenderContext<Stepper>) -> Screen {
    let sink = context.makeSink(of: AnyWorkflowAction<Stepper>.self)
    return Screen(
      value: state,
      onUp: {
        sink.send(
          AnyWorkflowAction {
            $0 += 1; return nil
          })
      },
      onDown: {
        sink.send(
          AnyWorkflowAction {
            $0 = max(0, $0 - 1); return nil
          })
      })
  }
}

extension Stepper: SnapshottableWorkflow {}

/// Breaks a rule of render once `mistake` is chosen from its rendering.
struct Careless: Workflow {
  enum Mistake: CaseIterable {
    case none, duplicateChild, duplicateSideEffect, sendDuringRender, unrepeatableRender
  }

  /// Counts the renders, from outside the state: a render that reads it is not repeatable.
  final class RenderCount {
    var value = 0
  }

  var renders = RenderCount()

  typealias State = Mistake

  struct Screen {
    var mistake: Mistake
    var choose: Sink<Mistake>
  }

  func makeInitialState() -> Mistake { .none }

  func render(state: Mistake, context: RenderContext<Careless>) -> Screen {
    renders.value += 1
    switch state {
    case .none:
      break
    case .duplicateChild:
      for _ in 0..<2 { _ = Stepper().rendered(in: context, key: "twin") }
    case .duplicateSideEffect:
      for _ in 0..<2 { context.runSideEffect(key: "effect") { _ in } }
    case .sendDuringRender:
      context.makeSink(of: AnyWorkflowAction<Careless>.self).send(.noAction)
    case .unrepeatableRender:
      context.runSideEffect(key: "render \(renders.value)") { _ in }
    }
    return Screen(
      mistake: state,
      choose: context.makeSink(of: Mistake.self) { mistake, state in
        state = mistake
        return nil
      })
  }
}

/// A countdown on virtual time with a planted bug: a tick after it reached zero goes negative.
struct Countdown: Workflow {
  var scheduler: TestScheduler

  typealias State = Int

  struct Screen {
    var remaining: Int
    var onRestart: () -> Void
  }

  func makeInitialState() -> Int { 3 }

  func render(state: Int, context: RenderContext<Countdown>) -> Screen {
    let sink = context.makeSink(of: AnyWorkflowAction<Countdown>.self)
    let scheduler = self.scheduler
    context.runSideEffect(key: "tick") { lifetime in
      lifetime += scheduler.schedule(
        after: scheduler.now + .seconds(1), interval: .seconds(1), leeway: .zero
      ) {
        sink.send(
          AnyWorkflowAction {
            $0 -= 1; return nil
          })
      }
    }
    return Screen(
      remaining: state,
      onRestart: {
        sink.send(
          AnyWorkflowAction {
            $0 = 3; return nil
          })
      })
  }
}

/// A saved counter whose state does not read back as it was written once it is above 2: the
/// decoder adds one (a planted bug the snapshot and undo checks find).
struct LossyCounter: SnapshottableWorkflow {
  struct State: Codable, Equatable {
    var count = 0

    init() {}

    init(from decoder: any Decoder) throws {
      let saved = try decoder.singleValueContainer().decode(Int.self)
      count = saved > 2 ? saved + 1 : saved
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      try container.encode(count)
    }
  }

  struct Screen {
    var count: Int
    var onAdd: () -> Void
  }

  func makeInitialState() -> State { State() }

  func render(state: State, context: RenderContext<LossyCounter>) -> Screen {
    let sink = context.makeSink(of: AnyWorkflowAction<LossyCounter>.self)
    return Screen(
      count: state.count,
      onAdd: {
        sink.send(
          AnyWorkflowAction {
            $0.count += 1; return nil
          })
      })
  }
}

/// A counter whose state holds its count in an object that actions change in place: a step
/// keeps the same object, so undo cannot bring the count back.
struct SharedTally: SnapshottableWorkflow {
  final class Box: @unchecked Sendable {
    var count = 0
  }

  struct State: Codable {
    var box = Box()

    init() {}

    init(from decoder: any Decoder) throws {
      box.count = try decoder.singleValueContainer().decode(Int.self)
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      try container.encode(box.count)
    }
  }

  struct Screen {
    var count: Int
    var onAdd: () -> Void
  }

  func makeInitialState() -> State { State() }

  func render(state: State, context: RenderContext<SharedTally>) -> Screen {
    let sink = context.makeSink(of: AnyWorkflowAction<SharedTally>.self)
    return Screen(
      count: state.box.count,
      onAdd: {
        sink.send(
          AnyWorkflowAction {
            $0.box.count += 1; return nil
          })
      })
  }
}

/// A list of keyed steppers, to see the states of children.
struct StepperList: Workflow {
  typealias State = Int

  struct Screen {
    var rows: [Stepper.Screen]
    var onAddRow: () -> Void
  }

  func makeInitialState() -> Int { 1 }

  func render(state: Int, context: RenderContext<StepperList>) -> Screen {
    let sink = context.makeSink(of: AnyWorkflowAction<StepperList>.self)
    return Screen(
      rows: (0..<state).map { Stepper().rendered(in: context, key: "\($0)") },
      onAddRow: {
        sink.send(
          AnyWorkflowAction {
            $0 += 1; return nil
          })
      })
  }
}

/// A saved counter that saves at most 2, on purpose (as an app leaves a password out), and reads
/// back what it saved: its snapshots are consistent, so the snapshot checks pass.
struct CappedCounter: SnapshottableWorkflow {
  struct State: Codable, Equatable {
    var count = 0

    init() {}

    init(from decoder: any Decoder) throws {
      count = try decoder.singleValueContainer().decode(Int.self)
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      try container.encode(min(count, 2))
    }
  }

  struct Screen {
    var count: Int
    var onAdd: () -> Void
  }

  func makeInitialState() -> State { State() }

  func render(state: State, context: RenderContext<CappedCounter>) -> Screen {
    let sink = context.makeSink(of: AnyWorkflowAction<CappedCounter>.self)
    return Screen(
      count: state.count,
      onAdd: {
        sink.send(
          AnyWorkflowAction {
            $0.count += 1; return nil
          })
      })
  }
}
