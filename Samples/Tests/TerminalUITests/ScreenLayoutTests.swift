// SPDX-License-Identifier: Apache-2.0

import TerminalUI
import Testing
import Workflow

@Suite struct ScreenLayoutTests {
  private func screen(_ title: String, _ body: [String] = [], commands: [String] = []) -> Screen {
    Screen(
      title: title, body: body,
      commands: commands.map { name in Command(name, help: "") { _ in .done } })
  }

  @Test func screenShowsTitleRuleAndBody() {
    #expect(screen("Todos", ["1. milk"]).render(width: 80) == ["Todos", "-----", "1. milk"])
  }

  @Test func screenWrapsLongBodyLinesAtSpaces() {
    let lines = screen("T", ["alpha beta gamma"]).render(width: 11)
    #expect(lines == ["T", "-", "alpha beta", "gamma"])
  }

  @Test func screenCutsWordsWiderThanTheTerminal() {
    #expect(screen("T", ["abcdefgh"]).render(width: 3) == ["T", "-", "abc", "def", "gh"])
  }

  @Test func backStackShowsBreadcrumbOfAllTitlesAndOnlyTheTopScreen() {
    let stack = BackStackScreen(
      screen("Todos", ["list"], commands: ["add"]),
      pushed: [screen("Milk", ["detail"], commands: ["rename"])])
    #expect(stack.render(width: 80) == ["Todos > Milk", "Milk", "----", "detail"])
    #expect(stack.commands.map(\.name) == ["rename"])
    #expect(stack.title == "Milk")
  }

  @Test func backStackWithOneScreenHasNoBreadcrumb() {
    #expect(BackStackScreen(screen("Todos")).render(width: 80) == ["Todos", "-----"])
  }

  @Test func backStackBreadcrumbDropsOldestTitlesWhenNarrow() {
    let stack = BackStackScreen([screen("Alpha"), screen("Beta"), screen("Gamma")])
    #expect(stack.breadcrumb(width: 80) == "Alpha > Beta > Gamma")
    #expect(stack.breadcrumb(width: 16) == "… > Beta > Gamma")
    #expect(stack.breadcrumb(width: 4) == "Gam…")
  }

  @Test func modalIsBoxedUnderASummaryOfItsBase() {
    let modal = ModalScreen(screen("Quit?", ["Sure"]), over: screen("Game", ["board"]))
    #expect(
      modal.render(width: 80) == [
        "(over: Game)",
        "┌───────┐",
        "│ Quit? │",
        "│ ----- │",
        "│ Sure  │",
        "└───────┘",
      ])
    #expect(modal.title == "Quit?")
  }

  @Test func modalBlocksBaseCommandsByDefault() {
    let modal = ModalScreen(
      screen("Quit?", commands: ["yes", "no"]), over: screen("Game", commands: ["play"]))
    #expect(modal.commands.map(\.name) == ["yes", "no"])
  }

  @Test func modalCommandsShadowBaseCommandsWhenBaseIsIncluded() {
    var shadowed = ""
    let base = Screen(
      title: "Game",
      commands: [
        Command("no", help: "") { _ in
          shadowed = "base"
          return .done
        },
        Command("play", help: "") { _ in .done },
      ])
    let modal = ModalScreen(
      screen("Quit?", commands: ["yes", "no"]), over: base, includesBaseCommands: true)
    #expect(modal.commands.map(\.name) == ["yes", "no", "play"])
    _ = modal.commands[1].perform([])
    #expect(shadowed == "")
  }

  @Test func modalFitsNarrowTerminals() {
    let modal = ModalScreen(screen("Quit the game now?"), over: screen("Game"))
    for width in 1...30 {
      for line in modal.render(width: width) {
        #expect(TextLayout.displayWidth(line) <= width, "width \(width): \(line)")
      }
    }
  }

  @Test func splitPutsPanesSideBySideFittedToWidth() {
    let split = SplitScreen(left: screen("Left", ["a"]), right: screen("Right", ["b", "c"]))
    #expect(
      split.render(width: 41) == [
        "Left                │ Right",
        "----                │ -----",
        "a                   │ b",
        "                    │ c",
      ])
    #expect(split.title == "Left | Right")
  }

  @Test func splitStacksPanesOnNarrowTerminals() {
    let split = SplitScreen(left: screen("L"), right: screen("R"))
    #expect(split.render(width: 20) == ["L", "-", "", "R", "-"])
  }

  @Test func splitLinesNeverExceedTheWidth() {
    let long = String(repeating: "word ", count: 30)
    let split = SplitScreen(left: screen("日本語のタイトル", [long]), right: screen("R", [long]))
    for width in [40, 41, 57, 80, 120] {
      for line in split.render(width: width) {
        #expect(TextLayout.displayWidth(line) <= width, "width \(width): \(line)")
      }
    }
  }

  @Test func splitPrefixesOnlyCommandNamesBothPanesOffer() {
    let split = SplitScreen(
      left: screen("L", commands: ["select", "add"]),
      right: screen("R", commands: ["select", "edit"]))
    #expect(split.commands.map(\.name) == ["left.select", "add", "right.select", "edit"])
  }

  @Test func wideCharactersCountTwoColumns() {
    #expect(TextLayout.displayWidth("日本") == 4)
    #expect(TextLayout.displayWidth("e\u{301}") == 1)
    #expect(TextLayout.pad("日本", width: 5) == "日本 ")
    #expect(TextLayout.truncate("日本語", width: 4) == "日…")
  }
}
