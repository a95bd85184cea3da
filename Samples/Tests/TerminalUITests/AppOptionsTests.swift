// SPDX-License-Identifier: Apache-2.0

import TerminalUI
import Testing

@Suite struct AppOptionsTests {
  @Test func noArgumentsGiveNoOptions() {
    #expect(AppOptions.parse([]) == .success(AppOptions()))
  }

  @Test func readsEachFlagWithItsValueAfterASpaceOrAnEqualsSign() {
    #expect(
      AppOptions.parse(["--restore", "saved.json", "--trace=passes.jsonl"])
        == .success(AppOptions(restoreFile: "saved.json", traceFile: "passes.jsonl")))
    #expect(
      AppOptions.parse(["--trace", "t", "--restore=r"])
        == .success(AppOptions(restoreFile: "r", traceFile: "t")))
  }

  @Test func traceEventsTakesAFileLikeTheOtherFlags() {
    #expect(
      AppOptions.parse(["--trace-events", "t.json", "--trace=t.jsonl"])
        == .success(AppOptions(traceFile: "t.jsonl", traceEventsFile: "t.json")))
    #expect(
      AppOptions.parse(["--trace-events=t.json"])
        == .success(AppOptions(traceEventsFile: "t.json")))
    #expect(
      AppOptions.parse(["--trace-events", "--trace", "t"])
        == .failure(.missingValue(option: "--trace-events")))
    #expect(
      AppOptions.parse(["--trace-events=a", "--trace-events", "b"])
        == .failure(.repeatedOption("--trace-events")))
  }

  @Test func helpIsAFlagOfItsOwn() {
    #expect(AppOptions.parse(["--help"]) == .success(AppOptions(showsHelp: true)))
    #expect(AppOptions.parse(["-h", "--trace", "t"]).map(\.showsHelp) == .success(true))
  }

  @Test func unknownFlagsAndStrayWordsAreErrors() {
    #expect(AppOptions.parse(["--verbose"]) == .failure(.unknownOption("--verbose")))
    #expect(AppOptions.parse(["--colour=no"]) == .failure(.unknownOption("--colour")))
    #expect(AppOptions.parse(["-x"]) == .failure(.unknownOption("-x")))
    #expect(AppOptions.parse(["--help=yes"]) == .failure(.unknownOption("--help=yes")))
    #expect(AppOptions.parse(["saved.json"]) == .failure(.unexpectedArgument("saved.json")))
  }

  @Test func aFlagWithoutItsValueIsAnError() {
    #expect(AppOptions.parse(["--restore"]) == .failure(.missingValue(option: "--restore")))
    #expect(AppOptions.parse(["--trace="]) == .failure(.missingValue(option: "--trace")))
    #expect(
      AppOptions.parse(["--restore", "--trace", "t"])
        == .failure(.missingValue(option: "--restore")))
  }

  @Test func aRepeatedFlagIsAnError() {
    #expect(
      AppOptions.parse(["--trace", "a", "--trace", "b"]) == .failure(.repeatedOption("--trace")))
    #expect(
      AppOptions.parse(["--restore=a", "--restore", "a"])
        == .failure(.repeatedOption("--restore")))
  }

  @Test func errorsReadAsSentences() {
    #expect("\(AppOptions.ParseError.unknownOption("--x"))" == "unknown option '--x'")
    #expect(
      "\(AppOptions.ParseError.missingValue(option: "--trace"))"
        == "--trace needs a file: --trace FILE")
    #expect(
      "\(AppOptions.ParseError.repeatedOption("--restore"))"
        == "--restore is given more than once")
    #expect("\(AppOptions.ParseError.unexpectedArgument("x"))" == "unexpected argument 'x'")
  }

  @Test func usageNamesTheAppAndEveryFlag() {
    let usage = AppOptions.usage(appName: "todo")
    #expect(
      usage.hasPrefix("usage: todo [--restore FILE] [--trace FILE] [--trace-events FILE]\n"))
    for flag in ["--restore FILE", "--trace FILE", "--trace-events FILE", "--help"] {
      #expect(usage.contains("  \(flag)"))
    }
  }
}
