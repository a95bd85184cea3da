// SPDX-License-Identifier: Apache-2.0

import SampleTestSupport
import TerminalUI
import Testing
import Todo
import Workflow

/// A long list is shown a page at a time: only the page's rows are rendered (as children), and
/// `more` and `page N` move between pages.
@MainActor
@Suite struct TodoPagingTests {
  private func list(_ host: WorkflowHost<TodoWorkflow>) -> TodoListScreen {
    host.rendering.value.screens[0] as! TodoListScreen
  }

  private func host(withTodos count: Int) -> WorkflowHost<TodoWorkflow> {
    let host = WorkflowHost(workflow: TodoWorkflow())
    for number in 1...count { host.rendering.value.run("add todo \(number)") }
    return host
  }

  @Test func aShortListHasNoPagesAndNoPageCommands() {
    let host = host(withTodos: TodoWorkflow.pageSize)
    #expect(list(host).rows.count == TodoWorkflow.pageSize)
    #expect(!host.rendering.value.text.contains("Page"))
    #expect(host.rendering.value.commandNames == ["add", "done", "edit", "delete"])
  }

  @Test func aLongListShowsThePageWithTheNewTodoAndRendersOnlyItsRows() {
    let host = host(withTodos: 45)
    #expect(list(host).rows.map(\.line) == (41...45).map { "\($0). [ ] todo \($0)" })
    #expect(host.debugTree().children.map(\.key) == (41...45).map(String.init))
    let lines = host.rendering.value.render(width: 80)
    #expect(
      lines.suffix(2) == [
        "", "Page 3 of 3, todos 41-45 of 45: type 'more' or 'page <n>'.",
      ])
    #expect(host.rendering.value.commandNames == ["add", "done", "edit", "delete", "more", "page"])
  }

  @Test func moreAndPageMoveBetweenPagesAndSayWhenThereIsNoSuchPage() {
    let host = host(withTodos: 45)
    host.rendering.value.run("page 1")
    #expect(list(host).rows.first?.line == "1. [ ] todo 1")
    host.rendering.value.run("more")
    #expect(list(host).rows.first?.line == "21. [ ] todo 21")
    #expect(host.rendering.value.run("more") == .done)
    #expect(
      host.rendering.value.run("more")
        == .refused("This is the last page; 'page 1' goes back to the first."))
    for bad in ["0", "4", "-9223372036854775808", "99999999999999999999"] {
      #expect(
        host.rendering.value.run("page \(bad)") == .refused("Number must be between 1 and 3."))
      #expect(list(host).page == 3)
    }
    #expect(host.rendering.value.run("page two") == .usageError("invalid <number>: 'two' (1 to 3)"))
  }

  @Test func rowCommandsTakeAnyNumberOfTheListFromAnyPage() {
    let host = host(withTodos: 45)
    host.rendering.value.run("page 2")
    host.rendering.value.run("done 25")
    #expect(list(host).rows[4].line == "25. [x] todo 25")
    // Todo 3 is on page 1; the page shown stays, and the reply says what happened.
    #expect(host.rendering.value.run("done 3") == .message("Todo 3 changed; 'page 1' shows it."))
    #expect(list(host).page == 2)
    #expect(host.rendering.value.run("delete 45") == .message("Todo 45 deleted from page 3."))
    #expect(list(host).page == 2)
    #expect(list(host).todoCount == 44)
    host.rendering.value.run("edit 1")
    #expect(host.rendering.value.screens.last?.title == "todo 1")
    host.rendering.value.run("back")
    host.rendering.value.run("page 1")
    #expect(list(host).rows[2].line == "3. [x] todo 3")
    host.rendering.value.run("page 3")
    #expect(list(host).rows.last?.line == "44. [ ] todo 44")
  }

  @Test func aNumberThatIsNoTodoSaysWhichNumbersThereAre() {
    let host = host(withTodos: 45)
    host.rendering.value.run("page 2")
    let before = host.rendering.value.text
    for bad in ["46", "0", "-9223372036854775808", "9223372036854775807", "99999999999999999999"] {
      #expect(
        host.rendering.value.run("delete \(bad)")
          == .refused("There is no todo \(bad); they are 1 to 45."))
    }
    #expect(host.rendering.value.text == before)
  }

  @Test func deletingTheLastRowOfTheLastPageShowsThePageBefore() {
    let host = host(withTodos: 21)
    #expect(list(host).page == 2)
    host.rendering.value.run("delete 21")
    #expect(list(host).page == 1)
    #expect(list(host).rows.count == 20)
    #expect(!host.rendering.value.text.contains("Page"))
  }
}
