// SPDX-License-Identifier: Apache-2.0

import TerminalUI
import Testing

/// On a terminal, `:trace`, `:history` and `:tree` lines wider than the window break after a
/// space or between the nodes of a path, never inside a name, and continue indented.
@MainActor
@Suite struct InspectorWrappingTests {
  private func rows(_ text: TerminalText, width: Int) -> [String] {
    TextLayout.wrappedAtSeparators(text, width: width).map(\.plainText)
  }

  @Test func aPathBreaksBetweenItsNodes() {
    let line: TerminalText =
      "  5  rename(\"oat milk\") at LauncherWorkflow/TodoWorkflow[todo]/TodoEditorWorkflow[editor]"
    #expect(
      rows(line, width: 40) == [
        "  5  rename(\"oat milk\") at",
        "      LauncherWorkflow/",
        "      TodoWorkflow[todo]/",
        "      TodoEditorWorkflow[editor]",
      ])
    for row in rows(line, width: 40) { #expect(TextLayout.displayWidth(row) <= 40) }
  }

  @Test func aNameWiderThanARowIsCutAndAShortLineStaysWhole() {
    #expect(rows("abcdefghij", width: 4) == ["abcd", "  ef", "  gh", "  ij"])
    #expect(rows("short / line", width: 40) == ["short / line"])
  }

  @Test func stylesStayWithTheirCharacters() {
    let line = "step at " + TerminalText("Root/Child[key]", style: .hint)
    let wrapped = TextLayout.wrappedAtSeparators(line, width: 14)
    #expect(wrapped.map(\.plainText) == ["step at Root/", "    Child[key]"])
    #expect(wrapped[1].runs.last?.text == "Child[key]")
    #expect(wrapped[1].runs.last?.style == .hint)
  }

  @Test func aLongLineOfSpacesWrapsInLinearTime() {
    let spaces = TerminalText(String(repeating: " ", count: 200_000) + "x")
    let wrapped = TextLayout.wrappedAtSeparators(spaces, width: 80).map(\.plainText)
    #expect(wrapped == ["", String(repeating: " ", count: 40) + "x"])
  }

  @Test func historyOnATerminalIsWrappedAtItsWidthAndStaysWholeWhenPiped() throws {
    let (session, transcript) = try startSession(
      CounterWorkflow(), transcript: Transcript(width: 24, isInteractive: true))
    session.handle("rename a-long-name")
    _ = transcript.takeText()
    session.handle(":history")
    let lines = transcript.takeText().split(separator: "\n").map(String.init)
    #expect(lines.allSatisfy { TextLayout.displayWidth($0) <= 24 }, "\(lines)")
    #expect(lines.contains("      at CounterWorkflow"), "\(lines)")

    let (piped, pipedTranscript) = try startSession(
      CounterWorkflow(), transcript: Transcript(width: 24))
    piped.handle("rename a-long-name")
    _ = pipedTranscript.takeText()
    piped.handle(":history")
    #expect(
      pipedTranscript.takeText().contains("AnyWorkflowAction<CounterWorkflow> at CounterWorkflow"))
  }
}

/// Laying out a screen walks its text once, keeping the wrapping rules: a title of millions of
/// spaces (a saved todo's) lays out as its one word.
@Suite struct LinearLayoutTests {
  @Test func aHugeTitleOfSpacesLaysOutAsOneShortLine() {
    let title = String(repeating: " ", count: 4_000_000) + "end"
    let lines = Screen(title: title).render(width: 80)
    #expect(lines.first == "end")
    #expect(lines.count == 2)
  }

  @Test func wrappingKeepsItsRules() {
    #expect(TextLayout.wrap("one two  three", width: 8) == ["one two", "three"])
    #expect(TextLayout.wrap("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
    #expect(TextLayout.wrap("", width: 4) == [""])
    #expect(TextLayout.wrap("a  b", width: 80) == ["a  b"])
  }
}
