// SPDX-License-Identifier: Apache-2.0

import Workflow
import WorkflowReactive

/// Writes one revision of the list to its store; sends a message when that fails.
///
/// A new revision makes a new worker, so each change is written once; an unchanged revision
/// keeps the running (finished) worker and writes nothing.
struct SaveTodosWorker: Worker {
  typealias Output = String

  let revision: Int
  let todos: [Todo]
  let store: TodoStore

  func run() -> SignalProducer<String, Never> {
    let todos = todos
    let store = store
    return SignalProducer { observer, _ in
      do {
        try store.save(todos)
      } catch {
        observer.send(value: "Could not save to \(store.fileURL.path).")
      }
      observer.sendCompleted()
    }
  }

  func isEquivalent(to otherWorker: SaveTodosWorker) -> Bool {
    revision == otherWorker.revision
  }
}
