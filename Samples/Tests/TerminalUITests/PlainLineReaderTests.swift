// SPDX-License-Identifier: Apache-2.0

import TerminalUI
import Testing

@Suite struct PlainLineReaderTests {
  /// A reader over `bytes`, delivered at most `chunk` bytes per read.
  private func reader(_ bytes: [UInt8], chunk: Int = 7) -> PlainLineReader {
    var offset = 0
    return PlainLineReader { buffer in
      let count = min(chunk, buffer.count, bytes.count - offset)
      for index in 0..<count { buffer[index] = bytes[offset + index] }
      offset += count
      return count
    }
  }

  private func allLines(_ reader: PlainLineReader) -> [String] {
    var lines: [String] = []
    while let line = reader.readLine() { lines.append(line) }
    return lines
  }

  @Test func readsLinesAcrossChunkBoundariesAndDropsCarriageReturns() {
    let lines = allLines(reader(Array("add milk\r\n\nquit now\n".utf8), chunk: 3))
    #expect(lines == ["add milk", "", "quit now"])
  }

  @Test func keepsALastLineWithoutNewline() {
    #expect(allLines(reader(Array("one\ntwo".utf8))) == ["one", "two"])
  }

  @Test func returnsNilAtEndOfInputAndKeepsDoingSo() {
    let empty = reader([])
    #expect(empty.readLine() == nil)
    #expect(empty.readLine() == nil)
  }

  @Test func replacesInvalidUTF8WithReplacementCharacters() {
    let lines = allLines(reader([0x61, 0xFF, 0xC3, 0x0A, 0xE2, 0x82, 0xAC, 0x0A]))
    #expect(lines == ["a\u{FFFD}\u{FFFD}", "€"])
  }

  @Test func readsAOneMegabyteLine() {
    let long = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20)
    let lines = allLines(reader(long + [0x0A] + Array("next".utf8), chunk: 1 << 16))
    #expect(lines.map(\.utf8.count) == [1 << 20, 4])
  }

  @Test func cutsLinesLongerThanTheLimitAndResumesAfterThem() {
    let limit = PlainLineReader.maximumLineBytes
    let long = [UInt8](repeating: UInt8(ascii: "y"), count: limit + 1000)
    let lines = allLines(reader(long + [0x0A] + Array("after".utf8), chunk: 1 << 16))
    #expect(lines.map(\.utf8.count) == [limit, 5])
  }

  @Test func aReadMayWaitOnlyWhenNoWholeLineIsBufferedAndNoBytesAreReady() {
    let piped = reader(Array("one\ntwo\nthr".utf8), chunk: 64)
    // Nothing buffered yet: the first read may wait for the writer.
    #expect(piped.nextReadMayWait)
    #expect(piped.readLine() == "one")
    // "two" is in the buffer whole: the next read returns at once.
    #expect(!piped.nextReadMayWait)
    #expect(piped.readLine() == "two")
    // Only part of a line is buffered: the rest may be slow to come.
    #expect(piped.nextReadMayWait)
    #expect(piped.readLine() == "thr")
    // The input ended: reads return at once.
    #expect(!piped.nextReadMayWait)
    #expect(piped.readLine() == nil)
    // A source with bytes ready does not wait either.
    let ready = PlainLineReader(hasBytesReady: { true }) { _ in 0 }
    #expect(!ready.nextReadMayWait)
  }

  @Test func treatsAReadErrorAsTheEnd() {
    let failing = PlainLineReader { _ in -1 }
    #expect(failing.readLine() == nil)
  }
}
