// SPDX-License-Identifier: Apache-2.0

import Foundation
import TestSupport
import Testing
import Workflow

/// The reference that does not retain its object, and its check in debug builds.
@Suite struct UnretainedTests {
  final class Target {
    let name: String
    init(_ name: String) { self.name = name }
  }

  @Test func readsTheObjectWhileItLives() {
    let target = Target("kept")
    let reference = Unretained(target)
    #expect(reference.object === target)
    #expect(reference.object.name == "kept")
  }

  @Test func handsItsObjectToABodyWithoutKeepingIt() {
    let reference = withLeakTracking { leaks in
      let target = Target("lent")
      leaks.track(target, "the lent object")
      let reference = Unretained(target)
      #expect(reference.withObject { $0 === target && $0.name == "lent" })
      return reference
    }
    _ = reference
  }

  @Test func doesNotKeepItsObjectAlive() {
    let reference = withLeakTracking { leaks in
      let target = Target("gone")
      leaks.track(target, "the referenced object")
      return Unretained(target)
    }
    _ = reference
  }

  #if DEBUG
    @Test func readingAfterTheObjectWasFreedTrapsInDebugBuilds() async {
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var target: Target? = Target("freed")
        let reference = Unretained(target!)
        target = nil
        _ = reference.object
      }.map { result in
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("a Target was reached through a reference after it was freed"))
      }
    }
  #endif
}
