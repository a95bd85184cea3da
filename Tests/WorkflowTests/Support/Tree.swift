// SPDX-License-Identifier: Apache-2.0

import TestSupport
import Workflow
import WorkflowReactive

/// The shape of a random tree: keys, children, and which nodes run a worker.
struct TreeSpec: Equatable {
  var key: String
  var hasWorker: Bool
  var children: [TreeSpec]

  static func random(depth: Int, key: String, using rng: inout SplitMix64) -> TreeSpec {
    let width = depth == 0 ? 0 : Int.random(in: 0...3, using: &rng)
    var keys: [String] = []
    while keys.count < width {
      let key = String(Int.random(in: 0..<10, using: &rng))
      if !keys.contains(key) { keys.append(key) }
    }
    return TreeSpec(
      key: key,
      hasWorker: Int.random(in: 0..<4, using: &rng) == 0,
      children: keys.map { random(depth: depth - 1, key: $0, using: &rng) })
  }
}

enum TreeAction: Equatable {
  case add(Int)
  case toggle(Int)
  case report
}

/// A node of the random tree, as a workflow: a counter that can hide children and report.
struct TreeWorkflow: Workflow, Equatable {
  var spec: TreeSpec
  var path: String

  struct State: Equatable {
    var count = 0
    var hidden: Set<Int> = []
  }

  typealias Output = Int

  struct Rendering {
    var lines: [String]
    var sinks: [String: Sink<Action>]
  }

  struct Action: WorkflowAction {
    typealias WorkflowType = TreeWorkflow
    var action: TreeAction

    func apply(toState state: inout State, context: ApplyContext<TreeWorkflow>) -> Int? {
      switch action {
      case .add(let amount): state.count += amount
      case .toggle(let index):
        if index < context.workflow.spec.children.count {
          if state.hidden.contains(index) {
            state.hidden.remove(index)
          } else {
            state.hidden.insert(index)
          }
        }
      case .report: return state.count
      }
      return nil
    }
  }

  func makeInitialState() -> State { State() }

  func render(state: State, context: RenderContext<TreeWorkflow>) -> Rendering {
    var rendering = Rendering(
      lines: ["\(path) count=\(state.count)"],
      sinks: [path: context.makeSink(of: Action.self)])
    if spec.hasWorker {
      SignalProducer(value: 1).running(in: context, key: "worker") {
        Action(action: .add($0))
      }
    }
    for (index, child) in spec.children.enumerated() where !state.hidden.contains(index) {
      let childRendering = TreeWorkflow(spec: child, path: "\(path)/\(child.key)")
        .rendered(in: context, key: child.key) { Action(action: .add($0)) }
      rendering.lines += childRendering.lines
      rendering.sinks.merge(childRendering.sinks) { first, _ in first }
    }
    return rendering
  }
}

/// The reference model of ``TreeWorkflow``: the same rules as plain recursive data.
struct TreeModel {
  var spec: TreeSpec
  var path: String
  var count: Int
  var hidden: Set<Int> = []
  var children: [TreeModel?]

  init(spec: TreeSpec, path: String) {
    self.spec = spec
    self.path = path
    // A worker reports 1 when it starts, which the node adds to its count.
    count = spec.hasWorker ? 1 : 0
    children = spec.children.map { TreeModel(spec: $0, path: "\(path)/\($0.key)") }
  }

  var lines: [String] {
    ["\(path) count=\(count)"] + children.compactMap { $0 }.flatMap(\.lines)
  }

  var paths: [String] {
    [path] + children.compactMap { $0 }.flatMap(\.paths)
  }

  /// Applies `action` at `target`; returns the root's output, if any.
  mutating func apply(_ action: TreeAction, at target: String) -> Int? {
    if target == path {
      switch action {
      case .add(let amount): count += amount
      case .toggle(let index):
        if index < spec.children.count {
          if hidden.contains(index) {
            hidden.remove(index)
            let child = spec.children[index]
            children[index] = TreeModel(spec: child, path: "\(path)/\(child.key)")
          } else {
            hidden.insert(index)
            children[index] = nil
          }
        }
      case .report: return count
      }
      return nil
    }
    for index in children.indices {
      guard var child = children[index], target.hasPrefix(child.path) else { continue }
      let isInside = target == child.path || target.hasPrefix(child.path + "/")
      guard isInside else { continue }
      let output = child.apply(action, at: target)
      children[index] = child
      if let output { count += output }
      return nil
    }
    return nil
  }
}
