// SPDX-License-Identifier: Apache-2.0

import XCTest

/// An XCTest case that can check the failures the code under test records.
///
/// Inside ``expectFailures(_:)``, failures are captured instead of failing the test; outside, they
/// fail it as usual.
class FailureCapturingTestCase: XCTestCase {
  struct Failure {
    var message: String
    var file: String
    var line: Int
  }

  private var captured: [Failure]?

  override func recordFailure(
    withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
    expected: Bool
  ) {
    if captured != nil {
      captured?.append(Failure(message: description, file: filePath, line: lineNumber))
    } else {
      super.recordFailure(
        withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
    }
  }

  /// Runs `body` and returns the failures it recorded.
  func expectFailures(_ body: () throws -> Void) rethrows -> [Failure] {
    captured = []
    defer { captured = nil }
    try body()
    return captured ?? []
  }

  /// Runs `body` and returns the failures it recorded.
  func expectFailures(_ body: () async throws -> Void) async rethrows -> [Failure] {
    captured = []
    defer { captured = nil }
    try await body()
    return captured ?? []
  }
}
