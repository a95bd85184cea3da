// SPDX-License-Identifier: Apache-2.0

/// Why a run of an ``Action``'s ``Action/apply(_:)`` producer failed.
public enum ActionError<Error: Swift.Error>: Swift.Error {
  /// The action was disabled, so no unit of work started.
  case disabled

  /// The unit of work failed with this error.
  case producerFailed(Error)
}

extension ActionError: Equatable where Error: Equatable {}

extension ActionError: Sendable where Error: Sendable {}
