// SPDX-License-Identifier: Apache-2.0

/// Something that can be stopped once: an observation, a scheduled action, a running producer.
///
/// Disposal is final and idempotent: the first ``dispose()`` does the work, later calls do
/// nothing, and ``isDisposed`` stays `true` from then on.
public protocol Disposable: AnyObject, Sendable {
  /// Whether ``dispose()`` has been called.
  var isDisposed: Bool { get }

  /// Stops the work this disposable stands for.
  func dispose()
}
