// SPDX-License-Identifier: Apache-2.0

import Dispatch

/// Tells whether the caller runs on the main queue, which is where the main actor runs.
///
/// Comparing threads is not enough on Linux: once a program enters `dispatchMain()` (as an
/// `async` main or the test runner does), the main thread exits and worker threads take turns
/// draining the main queue, while other worker threads run unrelated tasks. A queue-specific
/// value set on the main queue is visible exactly while a main-queue block or main-actor job
/// runs, and on the main thread itself before `dispatchMain()`.
package enum MainQueue {
  private static let key: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
  }()

  /// Whether the caller runs on the main queue (and so on the main actor).
  @inline(__always)
  package static var isCurrent: Bool {
    DispatchQueue.getSpecific(key: key) == true
  }
}
