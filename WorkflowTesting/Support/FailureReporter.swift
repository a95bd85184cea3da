// SPDX-License-Identifier: Apache-2.0

#if canImport(Testing)
  import Testing
#endif
#if canImport(XCTest)
  import XCTest
#endif

/// Where a tester's caller stands in its source: the place a failure is reported at.
struct CallSite {
  let fileID: String
  let filePath: StaticString
  let line: UInt
  let column: UInt
}

/// Records a failed expectation in the test framework that is running, at the caller's line.
///
/// Inside a Swift Testing test the failure is an `Issue`; otherwise it goes to `XCTFail`. It
/// never traps, so one failed expectation does not hide the next.
enum FailureReporter {
  static func fail(_ message: String, at site: CallSite) {
    #if canImport(Testing)
      if Test.current != nil {
        Issue.record(
          Comment(rawValue: message),
          sourceLocation: SourceLocation(
            fileID: site.fileID, filePath: String(describing: site.filePath),
            line: Int(site.line), column: Int(site.column)))
        return
      }
    #endif
    #if canImport(XCTest)
      XCTFail(message, file: site.filePath, line: site.line)
    #else
      print("WorkflowTesting failure at \(site.fileID):\(site.line): \(message)")
    #endif
  }
}
