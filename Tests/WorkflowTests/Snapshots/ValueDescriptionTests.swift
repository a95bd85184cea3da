// SPDX-License-Identifier: Apache-2.0

import Testing
import Workflow

/// How traces, tree pictures and history causes print values.
@Suite struct ValueDescriptionTests {
  private func describe(_ value: Any, limit: Int = ValueDescription.defaultLimit) -> String {
    ValueDescription.describe(value, limit: limit)
  }

  @Test func optionalsPrintTheirValueOrNil() {
    #expect(describe(Optional(3) as Any) == "3")
    #expect(describe(Int?.none as Any) == "nil")
    #expect(describe(Optional(Optional("a")) as Any) == #""a""#)
    #expect(describe(Optional(Int?.none) as Any) == "nil")
    #expect(describe([Mark.o, nil, .x] as [Mark?]) == "[o, nil, x]")
  }

  @Test func stringsAreQuotedAndEscaped() {
    #expect(describe("") == #""""#)
    #expect(describe("two\nlines") == #""two\nlines""#)
    #expect(describe(Substring("sub")) == #""sub""#)
  }

  @Test func enumsPrintTheirCaseAndPayloadWithoutTypeNames() {
    #expect(describe(Output.reported(0)) == "reported(0)")
    #expect(describe(Output.idle) == "idle")
    #expect(describe(Output.timed(minutes: 5, label: "tea")) == #"timed(minutes: 5, label: "tea")"#)
    #expect(describe(Output.save(Item(title: "milk"))) == #"save(Item(title: "milk", tags: []))"#)
  }

  @Test func nestedValuesCarryNoModuleNames() {
    let text = describe(Optional(Output.save(Item(title: "x"))) as Any)
    #expect(text == #"save(Item(title: "x", tags: []))"#)
    #expect(!text.contains("WorkflowTests."))
    // Swift's own printing names the module of an element, which is what this avoids.
    #expect(String(describing: [Output.idle]).contains("WorkflowTests."))
    #expect(describe([Output.idle]) == "[idle]")
  }

  @Test func genericTypesKeepTheirArgumentsWithoutModuleNames() {
    #expect(
      describe(Box(value: Item(title: "a"))) == #"Box<Item>(value: Item(title: "a", tags: []))"#)
  }

  @Test func dictionariesAndSetsPrintInTheOrderOfTheirElements() {
    #expect(describe(["b": 2, "a": 1]) == #"["a": 1, "b": 2]"#)
    #expect(describe([String: Int]()) == "[:]")
    #expect(describe(Set([3, 1, 2])) == "[1, 2, 3]")
    #expect(describe((1, label: "x")) == #"(1, label: "x")"#)
  }

  @Test func longArraysSayHowManyElementsWereLeftOut() {
    let text = describe(Array(1...1_000), limit: 20)
    #expect(text.hasPrefix("[1, 2, 3, 4, 5, 6, 7"))
    #expect(text.hasSuffix(" more]"))
    #expect(text.count < 40)
    let left = Int(text.split(separator: "+").last!.split(separator: " ").first!)!
    let shown = text.split(separator: ",").count - 1
    #expect(shown + left == 1_000)
  }

  @Test func aLongListVisitsOnlyTheElementsItShows() {
    let counter = ReflectionCounter()
    let text = describe((0..<10_000).map { Counted(value: $0, counter: counter) }, limit: 60)
    #expect(text.hasSuffix(" more]"))
    #expect(counter.count < 20, "\(counter.count) elements reflected for \(text)")
  }

  @Test func longStringsAndDescriptionsAreCutWithAnEllipsis() {
    let long = String(repeating: "a", count: 500)
    #expect(describe(long, limit: 10) == "\"aaaaaaaaaa…\"")
    #expect(describe(Shouty(text: long), limit: 10) == "AAAAAAAAA…")
    #expect(describe(Shouty(text: "one\ntwo")) == "ONE TWO")
  }

  @Test func aTypeThatDescribesItselfPrintsItsDescription() {
    #expect(describe(Shouty(text: "hi")) == "HI")
    #expect(describe(Debugged()) == "debugged!")
    #expect(describe(Duration.seconds(2)) == "2.0 seconds")
  }

  @Test func aCustomReflectableLeafShowsOnlyWhatItsMirrorShows() {
    #expect(describe(Hidden(secret: "hunter2", visible: 1)) == "Hidden(visible: 1)")
    #expect(describe(Sealed(secret: "hunter2")) == "Sealed()")
  }

  @Test func aMaskedDescriptionIsNeverBypassed() {
    let text = describe([Login(email: "a@b.c", password: Secret(text: "hunter2"))])
    #expect(text == #"[Login(email: "a@b.c", password: ••••)]"#)
  }

  @Test func deepValuesStopAtTheDepthLimit() {
    var nest = Nest.leaf
    for _ in 0..<20 { nest = .inner(nest) }
    let text = describe(nest, limit: 1_000)
    #expect(text.hasSuffix("(…))))))))"))
  }

  @Test func theStateOfAVoidWorkflowPrintsAsAnEmptyTuple() {
    #expect(describe(()) == "()")
  }
}

private enum Mark {
  case x
  case o
}

private enum Output {
  case idle
  case reported(Int)
  case timed(minutes: Int, label: String)
  case save(Item)
}

private struct Item {
  var title: String
  var tags: [String] = []
}

private struct Box<Value> {
  var value: Value
}

private struct Shouty: CustomStringConvertible {
  var text: String
  var description: String { text.uppercased() }
}

private struct Debugged: CustomDebugStringConvertible {
  var debugDescription: String { "debugged!" }
}

private struct Hidden: CustomReflectable {
  var secret: String
  var visible: Int
  var customMirror: Mirror { Mirror(self, children: ["visible": visible]) }
}

private struct Sealed: CustomReflectable {
  var secret: String
  var customMirror: Mirror { Mirror(self, children: [:], displayStyle: .struct) }
}

private struct Secret: CustomStringConvertible, CustomReflectable {
  var text: String
  var description: String { "••••" }
  var customMirror: Mirror { Mirror(self, children: [:]) }
}

private struct Login {
  var email: String
  var password: Secret
}

private indirect enum Nest {
  case leaf
  case inner(Nest)
}

private final class ReflectionCounter: @unchecked Sendable {
  var count = 0
}

/// Counts how often it is reflected.
private struct Counted: CustomReflectable {
  var value: Int
  let counter: ReflectionCounter

  var customMirror: Mirror {
    counter.count += 1
    return Mirror(self, children: ["value": value])
  }
}
