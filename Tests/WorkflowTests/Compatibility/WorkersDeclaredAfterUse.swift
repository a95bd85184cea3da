// SPDX-License-Identifier: Apache-2.0

// Workers written as workflow-swift's docs write them, without a `typealias Output`. This file
// sorts after ChildWorkerTests.swift, which uses them: a worker's conformance checked first from
// a `running(in:key:)` call in an earlier file used to fail to infer its `Output`.

import Workflow
import WorkflowReactive

struct GreetingWorker: AsyncWorker, Equatable {
  var name: String
  func run() async -> String { "hello \(name)" }
}

struct LetterWorker: AsyncSequenceWorker {
  func makeValues() -> AsyncStream<Character> {
    AsyncStream { continuation in
      for letter in "ab" { continuation.yield(letter) }
      continuation.finish()
    }
  }
}

struct SquaresWorker: Worker {
  var count: Int
  func run() -> SignalProducer<Int, Never> {
    SignalProducer((1...count).map { $0 * $0 })
  }
}
