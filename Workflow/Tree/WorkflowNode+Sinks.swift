// SPDX-License-Identifier: Apache-2.0

extension WorkflowNode {
  /// The node's sink target for `Action`, made once and reused by every later render.
  ///
  /// The target of the node's first action type is found inline: with no call, the render
  /// needs no retain of the node around it (R1).
  @inlinable @inline(__always)
  func actionSinkTarget<Action: WorkflowAction>(
    for actionType: Action.Type
  ) -> ActionSinkTarget<W, Action> where Action.WorkflowType == W {
    let id = ObjectIdentifier(actionType)
    if let first = sinkTargets.first, first.id == id {
      return NodeSinkTargets.cast(first.target, to: ActionSinkTarget<W, Action>.self)
    }
    return otherActionSinkTarget(for: actionType)
  }

  /// The node's sink target for an action type other than its first, or for the first before
  /// it is made.
  @inlinable @inline(never)
  func otherActionSinkTarget<Action: WorkflowAction>(
    for actionType: Action.Type
  ) -> ActionSinkTarget<W, Action> where Action.WorkflowType == W {
    let id = ObjectIdentifier(actionType)
    if let known = sinkTargets.target(for: id, as: ActionSinkTarget<W, Action>.self) {
      return known
    }
    let target = makeActionSinkTarget(for: actionType)
    sinkTargets.add(target, for: id)
    sinkTargets.checkInvariants()
    return target
  }

  @inlinable
  func makeActionSinkTarget<Action: WorkflowAction>(
    for actionType: Action.Type
  ) -> ActionSinkTarget<W, Action> where Action.WorkflowType == W {
    // Made here, in specialized code, and capturing nothing: the sink target calls it for every
    // action, so the apply runs specialized although the target's own methods do not.
    ActionSinkTarget(node: self) { node, action in node.runtime.submit(action, to: node) }
  }

  /// The node's output sink target, made once.
  func makeOutputSinkTarget() -> OutputSinkTarget<W> {
    if let target = sinkTargets.output {
      guard let target = target as? OutputSinkTarget<W> else {
        preconditionFailure("\(W.self)'s output sink target has another type")
      }
      return target
    }
    let target = OutputSinkTarget(node: self)
    sinkTargets.output = target
    return target
  }
}

/// The sink targets a node handed out: one per action type, and one for its output sink.
///
/// Each is made once and handed out again by every later render, so that making a sink in render
/// does not allocate.
@usableFromInline
struct NodeSinkTargets {
  /// A target and the identifier of the type of the values it takes.
  @usableFromInline
  struct Entry {
    @usableFromInline let id: ObjectIdentifier
    @usableFromInline let target: AnySinkTarget

    @usableFromInline
    init(id: ObjectIdentifier, target: AnySinkTarget) {
      self.id = id
      self.target = target
    }
  }

  /// The target of the first action type, once added; most workflows have one, so it needs no
  /// allocation of its own.
  @usableFromInline var first: Entry?
  /// The targets of further action types and of the output sink, which few nodes have: one
  /// reference instead of two fields on every node (M1).
  @usableFromInline var rare: Rare?

  /// The targets few nodes have.
  @usableFromInline
  final class Rare {
    /// The targets of further action types.
    @usableFromInline var others: ContiguousArray<Entry> = []
    /// The target of the output sink, once made.
    var output: AnySinkTarget?

    init() {}
  }

  init() {}

  /// The target of the output sink, once made.
  var output: AnySinkTarget? {
    get { rare?.output }
    set { madeRare().output = newValue }
  }

  /// The targets of further action types.
  @usableFromInline var others: ContiguousArray<Entry> { rare?.others ?? [] }

  private mutating func madeRare() -> Rare {
    if let rare { return rare }
    let made = Rare()
    rare = made
    return made
  }

  /// The target added for `id`, which is a `Target`: the type that ``add(_:for:)`` was given
  /// with that identifier.
  @inlinable
  func target<Target: AnySinkTarget>(
    for id: ObjectIdentifier, as _: Target.Type
  ) -> Target? {
    if let first, first.id == id { return Self.cast(first.target, to: Target.self) }
    guard let rare else { return nil }
    for entry in rare.others where entry.id == id {
      return Self.cast(entry.target, to: Target.self)
    }
    return nil
  }

  /// Adds `target` for `id`, the identifier of the type of the values it takes.
  @inlinable
  mutating func add(_ target: AnySinkTarget, for id: ObjectIdentifier) {
    if first == nil {
      first = Entry(id: id, target: target)
    } else {
      addOther(Entry(id: id, target: target))
    }
  }

  @usableFromInline
  mutating func addOther(_ entry: Entry) {
    madeRare().others.append(entry)
  }

  /// Detaches every target from the node, when it leaves the tree.
  func detachAll() {
    first?.target.detach()
    guard let rare else { return }
    for entry in rare.others { entry.target.detach() }
    rare.output?.detach()
  }

  /// `target` as a `Target`, which it is: each identifier is added with one type of target.
  @inlinable
  static func cast<Target: AnySinkTarget>(_ target: AnySinkTarget, to _: Target.Type) -> Target {
    unsafeDowncast(target, to: Target.self)
  }

  /// Traps when two targets share an identifier; compiled in debug builds only.
  @usableFromInline
  func checkInvariants() {
    #if DEBUG
      var ids = Set<ObjectIdentifier>()
      if let first { ids.insert(first.id) }
      for entry in others {
        precondition(
          ids.insert(entry.id).inserted, "NodeSinkTargets: one action type added twice")
      }
      precondition(first != nil || others.isEmpty, "NodeSinkTargets: others without first")
    #endif
  }
}

/// Delivers actions to one node, from any thread.
@usableFromInline
final class ActionSinkTarget<W: Workflow, Action: WorkflowAction>: SinkTarget<Action>
where Action.WorkflowType == W {
  // Cleared by the node's teardown, so a sink never keeps a node alive nor reaches one that
  // left the tree (see Unretained). Read and written on the main actor only.
  private var node: Unretained<NodeBase>?
  private let runtime: WorkflowRuntime
  /// Hands an action to the runtime on the main actor.
  private let submit: (WorkflowNode<W>, Action) -> Void

  @usableFromInline
  init(node: WorkflowNode<W>, submit: @escaping (WorkflowNode<W>, Action) -> Void) {
    self.node = Unretained(node)
    runtime = node.runtime
    self.submit = submit
  }

  @usableFromInline
  override func detach() {
    node = nil
  }

  // The cross-thread entry: on the main actor the action is handled at once; from anywhere else
  // it is posted to the runtime's inbox, which hands it over on the main queue.
  override func receive(_ action: Action) {
    if MainQueue.isCurrent {
      receiveOnMain(action)
    } else {
      runtime.post { self.receiveOnMain(action) }
    }
  }

  private func receiveOnMain(_ action: Action) {
    guard let node, node.object.isAlive else {
      reportStaleSink(W.self)
      return
    }
    submit(node.node(of: W.self), action)
  }
}

/// Delivers outputs to one node, from any thread, which passes them on as its own.
final class OutputSinkTarget<W: Workflow>: SinkTarget<W.Output> {
  // Cleared by the node's teardown, like an action sink's node.
  private var node: Unretained<NodeBase>?
  private let runtime: WorkflowRuntime

  init(node: WorkflowNode<W>) {
    self.node = Unretained(node)
    runtime = node.runtime
  }

  override func detach() {
    node = nil
  }

  // The cross-thread entry, as for actions.
  override func receive(_ output: W.Output) {
    if MainQueue.isCurrent {
      receiveOnMain(output)
    } else {
      runtime.post { self.receiveOnMain(output) }
    }
  }

  private func receiveOnMain(_ output: W.Output) {
    guard let node, node.object.isAlive else {
      reportStaleSink(W.self)
      return
    }
    runtime.submitOutput(output, from: node.node(of: W.self))
  }
}
