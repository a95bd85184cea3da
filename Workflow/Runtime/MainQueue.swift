// SPDX-License-Identifier: Apache-2.0

import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The main queue, where the main actor runs: whether the caller is on it, and the hop there of a
/// value that lives on it.
///
/// ``WorkflowHost`` is `@MainActor`, and the host core, the runtime and the nodes it owns are not
/// `Sendable`, so the compiler keeps them on the main actor. A sink is the one way in from other
/// threads: it checks ``isCurrent`` and, elsewhere, posts its value to the runtime's inbox, which
/// ``async(_:_:)`` delivers on the main queue.
package enum MainQueue {
  private static let key: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
  }()

  /// Whether the caller runs on the main queue (and so on the main actor).
  ///
  /// On the main thread this takes a few instructions; elsewhere it asks the main queue's
  /// queue-specific value, which is visible exactly while a main-queue block or main-actor job
  /// runs (a few hundred instructions). Comparing threads alone is not enough on Linux: once a
  /// program enters `dispatchMain()` (as an `async` main or the test runner does), the main
  /// thread exits and worker threads take turns draining the main queue.
  package static var isCurrent: Bool {
    if MainThread.isCurrent { return true }
    return isCurrentAskingTheQueue()
  }

  @inline(never)
  private static func isCurrentAskingTheQueue() -> Bool {
    let isMain = DispatchQueue.getSpecific(key: key) == true
    if isMain { MainThread.noteMainQueue() }
    return isMain
  }

  /// Calls `body` with `value` on the main queue, after the current main-queue work.
  ///
  /// `value` lives on the main actor and is not `Sendable` (the runtime): the caller may be on
  /// another thread, but only hands the value over, and only `body` uses it, on the main queue.
  /// This is the one place where such a value crosses threads.
  static func async<Value: AnyObject>(_ value: Value, _ body: @escaping (Value) -> Void) {
    nonisolated(unsafe) let delivery = (value, body)
    DispatchQueue.main.async { delivery.1(delivery.0) }
  }
}

/// The main thread, for the cheap half of ``MainQueue/isCurrent``: the thread that ran the main
/// queue's work the first time it was asked, if that thread was the process's main thread.
///
/// Three states in one atomic word: not known yet, never (the main queue ran on another thread:
/// the program entered `dispatchMain()` and its main thread is gone), or the main thread's
/// identifier. Once the main queue was seen on another thread the answer is never again "the main
/// thread", so a later thread that happened to get the exited main thread's identifier cannot be
/// taken for it.
package enum MainThread {
  package enum State: Equatable {
    case unknown
    case never
    case thread(UInt)
  }

  private static let word = Atomic<UInt>(0)
  private static let neverWord: UInt = 1

  /// The state now.
  package static var state: State { decode(word.load(ordering: .relaxed)) }

  /// Whether the caller runs on the main thread while the main thread runs the main queue.
  @inline(__always)
  package static var isCurrent: Bool {
    #if canImport(Glibc)
      let known = word.load(ordering: .relaxed)
      return known > neverWord && known == UInt(pthread_self())
    #elseif canImport(Darwin)
      // The main thread drains the main queue for the life of a Darwin process.
      return pthread_main_np() != 0
    #else
      return false
    #endif
  }

  /// Learns from a caller that runs on the main queue which thread the main queue runs on.
  static func noteMainQueue() {
    #if canImport(Glibc)
      let current = word.load(ordering: .relaxed)
      let next = transition(
        from: decode(current), mainQueueRunsOn: UInt(pthread_self()),
        isProcessMainThread: isProcessMainThread)
      if next != decode(current) { word.store(encode(next), ordering: .relaxed) }
    #endif
  }

  /// The state after a call on the main queue from `thread`.
  ///
  /// - Parameter isProcessMainThread: Whether the calling thread is the process's main thread;
  ///   asked only while the state is unknown.
  package static func transition(
    from state: State, mainQueueRunsOn thread: UInt, isProcessMainThread: () -> Bool
  ) -> State {
    switch state {
    case .unknown: isProcessMainThread() ? .thread(thread) : .never
    case .thread(let main) where main != thread: .never
    case .thread, .never: state
    }
  }

  private static func decode(_ word: UInt) -> State {
    switch word {
    case 0: .unknown
    case neverWord: .never
    default: .thread(word)
    }
  }

  private static func encode(_ state: State) -> UInt {
    switch state {
    case .unknown: 0
    case .never: neverWord
    case .thread(let thread): thread
    }
  }

  /// Whether the calling thread is the process's first one: on Linux, whether its thread id is
  /// the process id, as `/proc/thread-self` (a link to `<pid>/task/<tid>`) tells.
  package static func isProcessMainThread() -> Bool {
    #if canImport(Glibc)
      var buffer = [CChar](repeating: 0, count: 64)
      let count = readlink("/proc/thread-self", &buffer, buffer.count)
      guard count > 0, count < buffer.count else { return false }
      let link = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      let parts = link.split(separator: "/")
      return parts.count == 3 && parts[1] == "task" && parts[0] == parts[2]
    #else
      return false
    #endif
  }
}
