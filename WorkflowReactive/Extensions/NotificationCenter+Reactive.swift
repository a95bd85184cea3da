// SPDX-License-Identifier: Apache-2.0

import Foundation

extension NotificationCenter: ReactiveExtensionsProvider {}

extension Reactive where Base: NotificationCenter {
  /// A signal of the notifications posted with `name` (any name when `nil`) by `object` (any
  /// sender when `nil`).
  ///
  /// The center's observer is removed when the signal ends.
  ///
  /// ```swift
  /// NotificationCenter.default.reactive
  ///   .notifications(forName: .settingsChanged)
  ///   .observeValues { _ in reload() }
  /// ```
  public func notifications(
    forName name: Notification.Name?,
    object: AnyObject? = nil
  ) -> Signal<Notification, Never> {
    let center = base
    return Signal { input, lifetime in
      let token = center.addObserver(forName: name, object: object, queue: nil) { notification in
        input.send(value: notification)
      }
      lifetime.observeEnded { center.removeObserver(token) }
    }
  }
}
