// SPDX-License-Identifier: Apache-2.0

import Dispatch
import Synchronization

/// A scheduler that runs actions on the main queue, inline when it safely can.
///
/// Called on the main queue while none of its earlier actions is still waiting there, the
/// scheduler runs the action at once, before ``schedule(_:)`` returns. Otherwise it enqueues the
/// action on `DispatchQueue.main`, so actions always run in the order they were scheduled. Use
/// ``QueueScheduler/main`` instead when an action must never run inline.
public final class MainScheduler: Scheduler {
  /// The scheduler most code shares.
  public static let shared = MainScheduler()

  // Actions scheduled and not yet finished, inline ones included, so an action scheduled while
  // another is pending or running is queued behind it instead of overtaking it.
  private let pendingCount = Synchronization.Atomic<Int>(0)

  /// Creates a main scheduler with its own ordering: prefer ``shared``.
  public init() {}

  /// Runs `action` now when on the main queue with nothing pending, else enqueues it there.
  ///
  /// - Returns: `nil` when `action` ran inline; otherwise a disposable that cancels it if it
  ///   has not started yet.
  @discardableResult
  public func schedule(_ action: @escaping () -> Void) -> (any Disposable)? {
    let position = pendingCount.add(1, ordering: .acquiringAndReleasing).newValue
    if position == 1 && MainScheduler.isOnMainQueue {
      defer { pendingCount.subtract(1, ordering: .acquiringAndReleasing) }
      action()
      return nil
    }
    let disposable = AnyDisposable()
    let work = UncheckedSendable(action)
    DispatchQueue.main.async {
      defer { self.pendingCount.subtract(1, ordering: .acquiringAndReleasing) }
      if !disposable.isDisposed { work.value() }
    }
    return disposable
  }

  /// Whether the calling code runs on the main queue (the main thread outside any other queue
  /// counts as the main queue).
  package static var isOnMainQueue: Bool {
    DispatchQueue.getSpecific(key: mainQueueKey) != nil
  }
}

// Marks the main queue once, the first time a main scheduler asks where it runs.
private let mainQueueKey: DispatchSpecificKey<Void> = {
  let key = DispatchSpecificKey<Void>()
  DispatchQueue.main.setSpecific(key: key, value: ())
  return key
}()
