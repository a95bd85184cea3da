// SPDX-License-Identifier: Apache-2.0

import Synchronization

/// The identity of one node of a running tree, as observers see it: its workflow type, the key
/// it was rendered under, an identifier, and the session of its parent.
///
/// A session begins when the node is created and ends when it is torn down
/// (``WorkflowObserver/sessionDidBegin(_:)``, ``WorkflowObserver/sessionDidEnd(_:)``); every
/// hook about the node in between receives the same session. A node rendered again under the
/// same type and key keeps its session; a node made afresh (after it was torn down, or after a
/// rewind) gets a new one.
///
/// ```swift
/// final class RenderLogger: WorkflowObserver {
///   func workflowWillRender<W: Workflow>(
///     _ workflow: W, state: W.State, session: WorkflowSession
///   ) -> ((W.Rendering) -> Void)? {
///     let start = ContinuousClock.now
///     return { _ in print(session.path, ContinuousClock.now - start) }
///   }
/// }
/// ```
public struct WorkflowSession: Sendable {
  /// An identifier unique among all sessions of the process.
  public struct Identifier: Hashable, Sendable {
    let rawValue: UInt64

    private static let next = Atomic<UInt64>(0)

    init() {
      rawValue = Self.next.add(1, ordering: .relaxed).oldValue
    }
  }

  let record: Record

  /// Begins the session of a node of `workflowType`, whose name (as paths print it) is
  /// `typeName`.
  init(workflowType: Any.Type, typeName: String, renderKey: String, parent: WorkflowSession?) {
    record = Record(
      workflowType: workflowType, typeName: typeName, renderKey: renderKey,
      sessionID: Identifier(), parent: parent?.record)
  }

  private init(record: Record) {
    self.record = record
  }

  /// The node's workflow type.
  public var workflowType: Any.Type { record.workflowType }

  /// The key the parent rendered the node under; empty for the root and unkeyed children.
  public var renderKey: String { record.renderKey }

  /// The session's identifier, stable for the node's whole life.
  public var sessionID: Identifier { record.sessionID }

  /// The session of the node's parent; `nil` for the root.
  public var parent: WorkflowSession? { record.parent.map(WorkflowSession.init(record:)) }

  /// Where the node sits in the tree, as ``RenderPassTrace`` names it.
  public var path: WorkflowNodePath {
    var components: [WorkflowNodePath.Component] = []
    var current: Record? = record
    while let session = current {
      components.append(.init(typeName: session.typeName, key: session.renderKey))
      current = session.parent
    }
    return WorkflowNodePath(components: components.reversed())
  }

  /// How many levels below the root the node sits: 0 for the root.
  var depth: Int {
    var depth = 0
    var current = record.parent
    while let session = current {
      depth += 1
      current = session.parent
    }
    return depth
  }

  /// What a session holds, shared by its copies and by the sessions of its children.
  final class Record: Sendable {
    let workflowType: Any.Type
    /// The workflow type's name, as paths print it.
    let typeName: String
    let renderKey: String
    let sessionID: Identifier
    let parent: Record?

    init(
      workflowType: Any.Type, typeName: String, renderKey: String, sessionID: Identifier,
      parent: Record?
    ) {
      self.workflowType = workflowType
      self.typeName = typeName
      self.renderKey = renderKey
      self.sessionID = sessionID
      self.parent = parent
    }
  }
}

extension WorkflowSession: CustomStringConvertible {
  /// The node's path and identifier, e.g. `Root/Child[key] #4`.
  public var description: String { "\(path) #\(sessionID.rawValue)" }
}
