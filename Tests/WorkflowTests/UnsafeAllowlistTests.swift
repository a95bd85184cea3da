// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing

/// `scripts/check-unsafe.sh`: every unsafe token of the libraries is on the allowlist, and the
/// script fails on one that is not, or on an entry whose token is gone.
@Suite struct UnsafeAllowlistTests {
  private static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// Runs the script on `directories` with `allowlist` (the repository's when `nil`).
  private func check(
    _ directories: [String] = [], allowlist: URL? = nil
  ) throws -> (status: Int32, errors: String) {
    let process = Process()
    process.executableURL = Self.repository.appendingPathComponent("scripts/check-unsafe.sh")
    process.arguments = directories
    var environment = ProcessInfo.processInfo.environment
    if let allowlist { environment["UNSAFE_ALLOWLIST"] = allowlist.path }
    process.environment = environment
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = Pipe()
    try process.run()
    let data = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  /// A directory holding `source` as `Fixture.swift`, and an allowlist holding the entries
  /// `entries` makes from the fixture's path.
  private func fixture(
    source: String, entries: (_ file: String) -> [String]
  ) throws -> (URL, URL) {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("check-unsafe-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try source.write(
      to: directory.appendingPathComponent("Fixture.swift"), atomically: true, encoding: .utf8)
    let allowlist = directory.appendingPathComponent("allowlist.txt")
    let file = directory.appendingPathComponent("Fixture.swift").path
    try (["# file | token | count | row | measured"] + entries(file)).joined(separator: "\n")
      .write(to: allowlist, atomically: true, encoding: .utf8)
    return (directory, allowlist)
  }

  private static let source = """
    // unsafeBitCast in a comment does not count
    final class Box {
      @exclusivity(unchecked) var value = 0
      unowned(unsafe) let owner: AnyObject
      init(owner: AnyObject) { self.owner = owner }
      func peek<T: AnyObject>(_ object: AnyObject, as: T.Type) -> T { unsafeDowncast(object, to: T.self) }
    }
    """

  @Test func theLibrariesHoldOnlyListedTokens() throws {
    let result = try check()
    #expect(result.status == 0, "\(result.errors)")
  }

  @Test func passesWhenEveryTokenIsListedWithItsCount() throws {
    let (directory, allowlist) = try fixture(
      source: Self.source,
      entries: {
        [
          "\($0) | @exclusivity(unchecked) | 1 | R1 | measured",
          "\($0) | unowned(unsafe) | 1 | R1 | measured",
          "\($0) | unsafeDowncast | 1 | R1 | measured",
        ]
      })
    let result = try check([directory.path], allowlist: allowlist)
    #expect(result.status == 0, "\(result.errors)")
  }

  @Test func failsOnAnUnlistedTokenNamingTheFileAndTheToken() throws {
    let (directory, allowlist) = try fixture(
      source: Self.source,
      entries: {
        [
          "\($0) | @exclusivity(unchecked) | 1 | R1 | measured",
          "\($0) | unowned(unsafe) | 1 | R1 | measured",
        ]
      })
    let result = try check([directory.path], allowlist: allowlist)
    #expect(result.status == 1)
    #expect(result.errors.contains("Fixture.swift uses unsafeDowncast (1)"))
    #expect(result.errors.contains("does not list it"))
  }

  @Test func failsOnMoreTokensThanListed() throws {
    let (directory, allowlist) = try fixture(
      source: Self.source
        + "\nlet twice = unsafeBitCast(1, to: Int.self) + unsafeBitCast(2, to: Int.self)\n",
      entries: {
        [
          "\($0) | @exclusivity(unchecked) | 1 | R1 | measured",
          "\($0) | unowned(unsafe) | 1 | R1 | measured",
          "\($0) | unsafeDowncast | 1 | R1 | measured",
          "\($0) | unsafeBitCast | 1 | R1 | measured",
        ]
      })
    let result = try check([directory.path], allowlist: allowlist)
    #expect(result.status == 1)
    #expect(result.errors.contains("uses unsafeBitCast 2 times"))
  }

  @Test func failsOnAnEntryWhoseTokenIsGone() throws {
    let (directory, allowlist) = try fixture(
      source: Self.source,
      entries: {
        [
          "\($0) | @exclusivity(unchecked) | 1 | R1 | measured",
          "\($0) | unowned(unsafe) | 1 | R1 | measured",
          "\($0) | unsafeDowncast | 1 | R1 | measured",
          "\($0) | Unmanaged | 2 | R2 | measured",
        ]
      })
    let result = try check([directory.path], allowlist: allowlist)
    #expect(result.status == 1)
    #expect(result.errors.contains("lists Unmanaged in"))
    #expect(result.errors.contains("no longer uses it"))
  }
}
