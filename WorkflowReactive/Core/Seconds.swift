// SPDX-License-Identifier: Apache-2.0

/// `seconds` as a `Duration`, for the `TimeInterval` overloads of the time operators.
///
/// The overloads take `Double`, which is what Foundation's `TimeInterval` stands for, so
/// callers pass a `TimeInterval` unchanged.
///
/// - Parameter operation: The operator's name, for the message when `seconds` is not finite.
func duration(seconds: Double, in operation: @autoclosure () -> String) -> Duration {
  precondition(
    seconds.isFinite,
    "\(operation()): the interval \(seconds) is not a finite number of seconds; pass one that is.")
  return .seconds(seconds)
}
