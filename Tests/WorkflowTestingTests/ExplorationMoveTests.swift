// SPDX-License-Identifier: Apache-2.0

import Testing
import Workflow
import WorkflowTesting

/// A rendering with one of each thing `ExplorationMove.found(in:)` looks through.
private struct Panel {
  enum Mode: CaseIterable {
    case list, grid
  }

  struct Row {
    var title: String
    var onOpen: () -> Void
  }

  var title = "panel"
  var onClose: () -> Void
  var rows: [Row]
  var modes: Sink<Mode>
  var toggles: Sink<Bool>
  var pings: Sink<Void>
  var texts: Sink<String>
  var footer: (label: String, onTap: @MainActor () -> Void)?
  var byName: [String: Row]
}

@MainActor @Suite struct ExplorationMoveTests {
  @Test func findsTheCallbacksAndTheSinksOfListableValuesOfARendering() {
    var calls: [String] = []
    let panel = Panel(
      onClose: { calls.append("close") },
      rows: [
        .init(title: "a", onOpen: { calls.append("open a") }),
        .init(title: "b", onOpen: { calls.append("open b") }),
      ],
      modes: Sink { calls.append("mode \($0)") },
      toggles: Sink { calls.append("toggle \($0)") },
      pings: Sink { calls.append("ping") },
      texts: Sink { calls.append("text \($0)") },
      footer: (label: "more", onTap: { calls.append("tap") }),
      byName: ["z": .init(title: "z", onOpen: { calls.append("open z") })])
    let moves = ExplorationMove.found(in: panel)
    #expect(
      moves.map(\.code) == [
        "tester.send { $0.onClose() }",
        "tester.send { $0.rows[0].onOpen() }",
        "tester.send { $0.rows[1].onOpen() }",
        "tester.send { $0.modes.send(.list) }",
        "tester.send { $0.modes.send(.grid) }",
        "tester.send { $0.toggles.send(false) }",
        "tester.send { $0.toggles.send(true) }",
        "tester.send { $0.pings.send(()) }",
        "tester.send { $0.footer?.onTap() }",
        "tester.send { $0.byName[\"z\"]!.onOpen() }",
      ])
    let rendering = panel
    WorkflowExplorer(workflow: Fixed(rendering: rendering), moves: { _ in moves })
      .check(budget: .runs(1, movesPerRun: 40))
    #expect(
      Set(calls) == [
        "close", "open a", "open b", "mode list", "mode grid", "toggle false", "toggle true",
        "ping", "tap", "open z",
      ])
  }

  @Test func aRenderingWithNothingToCallOffersNoMove() {
    #expect(ExplorationMove.found(in: (1, "two", [3.0])).isEmpty)
  }

  @Test func spellsDurationsAsSwiftLiterals() {
    #expect(
      ExplorationMove<Void>.advance(by: .seconds(2)).code == "tester.advance(by: .seconds(2))")
    #expect(
      ExplorationMove<Void>.advance(by: .milliseconds(1500)).code
        == "tester.advance(by: .milliseconds(1500))")
    #expect(
      ExplorationMove<Void>.advance(by: .microseconds(7)).code
        == "tester.advance(by: .microseconds(7))")
    #expect(
      ExplorationMove<Void>.advance(by: .nanoseconds(3)).code
        == "tester.advance(by: .nanoseconds(3))")
  }

  @Test func aSendMoveIsNamedByItsClosureBody() {
    let move = ExplorationMove<Int>.send("$0.description") { _ in }
    #expect(move.code == "tester.send { $0.description }")
  }

  @Test func theTestCodeNamesTheConfigurationTheHostRanWith() throws {
    let explorer = WorkflowExplorer(
      workflow: Keypad(),
      configuration: RuntimeConfiguration(
        renderPolicy: .perAction, isPartialRenderingEnabled: false)
    )
    .invariant("the door stays shut", ExplorerTests.doorStaysShut)
    let found = try #require(explorer.run().counterexample)
    #expect(
      found.testCode.hasPrefix(
        """
        let tester = WorkflowHostTester(exhaustive: false, configuration: RuntimeConfiguration(\
        renderPolicy: .perAction, isPartialRenderingEnabled: false)) { scheduler in
          <#Keypad#>
        }
        """))
  }
}

/// Renders the same value whatever happens.
private struct Fixed<Value>: Workflow {
  typealias State = Void
  var rendering: Value

  func render(state: Void, context: RenderContext<Fixed>) -> Value { rendering }
}
