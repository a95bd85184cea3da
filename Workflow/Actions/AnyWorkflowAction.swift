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
  // The initialisers and `apply` are inlinable, and what `base` needs is kept apart from the
  // closure in a type that does not depend on the workflow: unspecialized, every action looked
  // up the metadata of its generic storage, which cost more than the rest of the runtime cycle.
  @usableFromInline let body:
    (inout WorkflowType.State, ApplyContext<WorkflowType>) -> WorkflowType.Output?
  @usableFromInline let source: ErasedActionSource

  @inlinable
  init(
    source: ErasedActionSource,
    body: @escaping (inout WorkflowType.State, ApplyContext<WorkflowType>) -> WorkflowType.Output?
  ) {
    self.source = source
    self.body = body
  }

  /// Creates an action that runs `apply` on the state.
  ///
  /// - Parameters:
  ///   - apply: Changes the state and returns an output for the parent, or `nil`.
  ///   - fileID: Where the closure is written, for ``base``; keep the default.
  ///   - line: The line of the closure, for ``base``; keep the default.
  @inlinable
  public init(
    _ apply: @escaping (inout WorkflowType.State) -> WorkflowType.Output?,
    fileID: StaticString = #fileID, line: UInt = #line
  ) {
    self.init(source: .closure(fileID: fileID, line: line)) { state, _ in apply(&state) }
  }

  /// Creates an action that runs `apply` on the state with access to the workflow value.
  ///
  /// - Parameters:
  ///   - apply: Changes the state and returns an output for the parent, or `nil`.
  ///   - fileID: Where the closure is written, for ``base``; keep the default.
  ///   - line: The line of the closure, for ``base``; keep the default.
  @inlinable
  public init(
    _ apply:
      @escaping (inout WorkflowType.State, ApplyContext<WorkflowType>) ->
      WorkflowType.Output?,
    fileID: StaticString = #fileID, line: UInt = #line
  ) {
    self.init(source: .closure(fileID: fileID, line: line), body: apply)
  }

  /// Erases `action`; erasing an `AnyWorkflowAction` returns it unchanged.
  @inlinable
  public init<Action: WorkflowAction>(_ action: Action)
  where Action.WorkflowType == WorkflowType {
    if let erased = action as? AnyWorkflowAction {
      self = erased
    } else {
      self.init(source: .action(action)) { state, context in
        action.apply(toState: &state, context: context)
      }
    }
  }

  /// Creates an action that leaves the state alone and reports `output`.
  @inlinable
  public init(sendingOutput output: WorkflowType.Output) {
    self.init(source: .output) { _, _ in output }
  }

  /// Makes the action a ``StateMutationSink`` sends.
  @inlinable
  init(mutation: @escaping (inout WorkflowType.State) -> Void) {
    self.init(source: .mutation) { state, _ in
      mutation(&state)
      return nil
    }
  }

  /// An action that changes nothing and reports nothing.
  @inlinable
  public static var noAction: AnyWorkflowAction {
    AnyWorkflowAction(source: .noAction) { _, _ in nil }
  }

  /// The erased action, or for an action made from a closure, a value that describes it (its
  /// `String(describing:)` names the file and line of the closure).
  public var base: Any {
    if case .action(let action) = source { return action }
    return ClosureAction<WorkflowType>(source: source)
  }

  /// Whether this action was made from a closure rather than by erasing a ``WorkflowAction``.
  public var isClosureBased: Bool {
    if case .action = source { false } else { true }
  }

  /// Applies the closure or the erased action.
  @inlinable
  public func apply(
    toState state: inout WorkflowType.State, context: ApplyContext<WorkflowType>
  ) -> WorkflowType.Output? {
    body(&state, context)
  }
}

/// What an ``AnyWorkflowAction`` was made from, for its `base`.
@usableFromInline
enum ErasedActionSource {
  case closure(fileID: StaticString, line: UInt)
  case mutation
  case output
  case noAction
  /// The erased action itself.
  case action(Any)
}

/// The `base` of an ``AnyWorkflowAction`` made from a closure: it prints where the closure came
/// from.
struct ClosureAction<WorkflowType: Workflow>: CustomStringConvertible {
  let source: ErasedActionSource

  var description: String {
    let name = "AnyWorkflowAction<\(WorkflowType.self)>"
    return switch source {
    case .closure(let fileID, let line): "\(name)(closure at \(fileID):\(line))"
    case .mutation: "\(name)(state mutation)"
    case .output: "\(name)(sendingOutput:)"
    case .noAction: "\(name).noAction"
    case .action(let action): "\(name)(\(action))"
    }
  }
}
