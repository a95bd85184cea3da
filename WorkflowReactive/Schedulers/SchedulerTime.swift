// SPDX-License-Identifier: Apache-2.0

import Dispatch
import Foundation

/// Where the two spellings of scheduler time meet: ReactiveSwift's `Date` and
/// `DispatchTimeInterval`, and the `ContinuousClock.Instant` and `Duration` the schedulers run on.
///
/// A virtual date maps to an instant at a fixed offset from one origin, so converting a date to
/// an instant and back gives the date again, and differences between dates are kept exactly.
enum SchedulerTime {
  /// The instant that `Date(timeIntervalSinceReferenceDate: 0)` maps to.
  private static let origin = ContinuousClock.now

  /// The instant on a virtual clock that stands for `date`.
  static func instant(for date: Date) -> ContinuousClock.Instant {
    origin + duration(seconds: date.timeIntervalSinceReferenceDate, in: "DateScheduler")
  }

  /// The date that `instant` on a virtual clock stands for.
  static func date(for instant: ContinuousClock.Instant) -> Date {
    Date(timeIntervalSinceReferenceDate: seconds(of: origin.duration(to: instant)))
  }

  /// `duration` as a number of seconds.
  static func seconds(of duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    // 1e18 is exact in a Double, so the division rounds once.
    return Double(seconds) + Double(attoseconds) / 1e18
  }

  /// `interval` as a `Duration`; traps on `.never`, which has no length.
  ///
  /// - Parameter operation: The operation's name, for the message on `.never`.
  static func length(
    of interval: DispatchTimeInterval, in operation: @autoclosure () -> String
  ) -> Duration {
    switch interval {
    case .seconds(let count): .seconds(count)
    case .milliseconds(let count): .milliseconds(count)
    case .microseconds(let count): .microseconds(count)
    case .nanoseconds(let count): .nanoseconds(count)
    case .never:
      preconditionFailure(
        "\(operation()): DispatchTimeInterval.never has no length; pass a finite interval.")
    @unknown default:
      preconditionFailure("\(operation()): unknown DispatchTimeInterval \(interval).")
    }
  }

  /// `duration` in whole nanoseconds, clamped to what dispatch can represent.
  static func dispatchInterval(_ duration: Duration) -> DispatchTimeInterval {
    let (seconds, attoseconds) = duration.components
    let limit = Int64.max / 1_000_000_000 - 1
    guard seconds < limit else { return .never }
    guard seconds > -limit else { return .nanoseconds(0) }
    return .nanoseconds(Int(seconds * 1_000_000_000 + attoseconds / 1_000_000_000))
  }
}
