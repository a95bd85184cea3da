// SPDX-License-Identifier: Apache-2.0

import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs `body` on `count` new threads at once and returns when all have finished.
///
/// The threads wait for each other before calling `body`, which makes their work overlap as much
/// as the machine allows.
///
/// - Parameters:
///   - count: How many threads to start.
///   - body: Receives the index of its thread, `0..<count`.
public func onThreads(_ count: Int, _ body: @escaping @Sendable (_ index: Int) -> Void) {
  let ready = Counter()
  var threads: [pthread_t] = []
  for index in 0..<count {
    let context = ThreadContext {
      ready.increment()
      while ready.value < count { sched_yield() }
      body(index)
    }
    var thread = pthread_t()
    let status = pthread_create(
      &thread, nil,
      { raw in
        let context = Unmanaged<ThreadContext>.fromOpaque(raw!).takeRetainedValue()
        context.body()
        return nil
      }, Unmanaged.passRetained(context).toOpaque())
    precondition(status == 0, "onThreads: pthread_create failed with \(status).")
    threads.append(thread)
  }
  for thread in threads { pthread_join(thread, nil) }
}

private final class ThreadContext {
  let body: () -> Void
  init(_ body: @escaping () -> Void) { self.body = body }
}

/// A thread-safe integer counter.
public final class Counter: Sendable {
  private let storage = Atomic<Int>(0)

  /// Creates a counter at zero.
  public init() {}

  /// The current count.
  public var value: Int { storage.load(ordering: .acquiring) }

  /// Adds one and returns the new count.
  @discardableResult
  public func increment() -> Int {
    storage.add(1, ordering: .acquiringAndReleasing).newValue
  }

  /// Subtracts one and returns the new count.
  @discardableResult
  public func decrement() -> Int {
    storage.subtract(1, ordering: .acquiringAndReleasing).newValue
  }
}
