// SPDX-License-Identifier: Apache-2.0

/// An action made from a closure, or a type-erased action.
///
/// Handy for one-off changes that do not deserve an enum case:
///
/// ```swift
/// let sink = context.makeSink(of: AnyWorkflowAction<Self>.self)
/// sink.send(AnyWorkflowAction { state in state.count += 1; return nil })
/// ```
///
/// ``base`` gives back what was erased: the wrapped action, or, for a closure, a value that
/// describes where the closure was written.
public struct AnyWorkflowAction<WorkflowType: Workflow>: WorkflowAction {
  private enum Storage {
    case closure(ClosureAction<WorkflowType>)
    case action(any WorkflowAction<WorkflowType>)
  }

  private let storage: Storage

  /// Creates an action that runs `apply` on the state.
  ///
  /// - Parameters:
  ///   - apply: Changes the state and returns an output for the parent, or `nil`.
  ///   - fileID: Where the closure is written, for ``base``; keep the default.
  ///   - line: The line of the closure, for ``base``; keep the default.
  public init(
    _ apply: @escaping (inout WorkflowType.State) -> WorkflowType.Output?,
    fileID: StaticString = #fileID, line: UInt = #line
  ) {
    storage = .closure(ClosureAction(.state(apply), fileID: fileID, line: line))
  }

  /// Creates an action that runs `apply` on the state with access to the workflow value.
  ///
  /// - Parameters:
  ///   - apply: Changes the state and returns an output for the parent, or `nil`.
  ///   - fileID: Where the closure is written, for ``base``; keep the default.
  ///   - line: The line of the closure, for ``base``; keep the default.
  public init(
    _ apply:
      @escaping (inout WorkflowType.State, ApplyContext<WorkflowType>) ->
      WorkflowType.Output?,
    fileID: StaticString = #fileID, line: UInt = #line
  ) {
    storage = .closure(ClosureAction(.stateAndContext(apply), fileID: fileID, line: line))
  }

  /// Erases `action`; erasing an `AnyWorkflowAction` returns it unchanged.
  public init<Action: WorkflowAction>(_ action: Action)
  where Action.WorkflowType == WorkflowType {
    if let erased = action as? AnyWorkflowAction {
      self = erased
    } else {
      storage = .action(action)
    }
  }

  /// Creates an action that leaves the state alone and reports `output`.
  public init(sendingOutput output: WorkflowType.Output) {
    storage = .closure(ClosureAction(.output(output), fileID: #fileID, line: #line))
  }

  /// Makes the action a ``StateMutationSink`` sends, without wrapping `mutation` in a second
  /// closure.
  init(mutation: @escaping (inout WorkflowType.State) -> Void) {
    storage = .closure(ClosureAction(.mutation(mutation), fileID: #fileID, line: #line))
  }

  /// An action that changes nothing and reports nothing.
  public static var noAction: AnyWorkflowAction {
    AnyWorkflowAction(
      storage: .closure(ClosureAction(.nothing, fileID: #fileID, line: #line)))
  }

  private init(storage: Storage) {
    self.storage = storage
  }

  /// The erased action, or for an action made from a closure, a value that describes it (its
  /// `String(describing:)` names the file and line of the closure).
  public var base: Any {
    switch storage {
    case .closure(let closure): closure
    case .action(let action): action
    }
  }

  /// Whether this action was made from a closure rather than by erasing a ``WorkflowAction``.
  public var isClosureBased: Bool {
    if case .closure = storage { true } else { false }
  }

  /// Applies the closure or the erased action.
  public func apply(
    toState state: inout WorkflowType.State, context: ApplyContext<WorkflowType>
  ) -> WorkflowType.Output? {
    switch storage {
    case .closure(let closure): closure.apply(toState: &state, context: context)
    case .action(let action): action.apply(toState: &state, context: context)
    }
  }
}

/// The action an ``AnyWorkflowAction`` made from a closure stands for: the closure, and where it
/// was written.
///
/// The shapes of closure the initialisers take are kept apart, so that none of them is wrapped
/// in a second closure (an allocation per action).
struct ClosureAction<WorkflowType: Workflow>: WorkflowAction {
  typealias State = WorkflowType.State
  typealias Output = WorkflowType.Output

  enum Body {
    case stateAndContext((inout State, ApplyContext<WorkflowType>) -> Output?)
    case state((inout State) -> Output?)
    case mutation((inout State) -> Void)
    case output(Output)
    case nothing
  }

  let body: Body
  let fileID: StaticString
  let line: UInt

  init(_ body: Body, fileID: StaticString, line: UInt) {
    self.body = body
    self.fileID = fileID
    self.line = line
  }

  func apply(toState state: inout State, context: ApplyContext<WorkflowType>) -> Output? {
    switch body {
    case .stateAndContext(let apply): return apply(&state, context)
    case .state(let apply): return apply(&state)
    case .mutation(let mutate):
      mutate(&state)
      return nil
    case .output(let output): return output
    case .nothing: return nil
    }
  }
}

extension ClosureAction: CustomStringConvertible {
  var description: String {
    switch body {
    case .output(let output): "AnyWorkflowAction<\(WorkflowType.self)>(sendingOutput: \(output))"
    case .nothing: "AnyWorkflowAction<\(WorkflowType.self)>.noAction"
    case .mutation: "AnyWorkflowAction<\(WorkflowType.self)>(state mutation)"
    default: "AnyWorkflowAction<\(WorkflowType.self)>(closure at \(fileID):\(line))"
    }
  }
}
