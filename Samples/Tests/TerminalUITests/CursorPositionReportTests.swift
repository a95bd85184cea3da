// SPDX-License-Identifier: Apache-2.0

import TerminalUI
import Testing

/// Reading the terminal's answer to where its cursor is out of the input.
@Suite struct CursorPositionReportTests {
  private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  @Test func theAnswerGivesTheRowAndColumnFromZero() {
    let report = CursorPositionReport.find(in: bytes("\u{1B}[7;12R"))
    #expect(report?.row == 6)
    #expect(report?.column == 11)
    #expect(report?.rest == [])
    #expect(CursorPositionReport.query == "\u{1B}[6n")
  }

  @Test func keysTypedAroundTheAnswerAreGivenBackInOrder() {
    let report = CursorPositionReport.find(in: bytes("ab\u{1B}[A\u{1B}[30;1Rc"))
    #expect(report?.row == 29)
    #expect(report?.rest == bytes("ab\u{1B}[Ac"))
  }

  @Test func noWholeAnswerIsNone() {
    for text in ["", "abc", "\u{1B}[7;12", "\u{1B}[7R", "\u{1B}[;1R", "\u{1B}[0;1R", "\u{1B}7;1R"] {
      #expect(CursorPositionReport.find(in: bytes(text)) == nil, "\(text.debugDescription)")
    }
  }
}
