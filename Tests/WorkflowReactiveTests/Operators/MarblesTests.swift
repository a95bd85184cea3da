// SPDX-License-Identifier: Apache-2.0

import TestSupport
import Testing
import WorkflowReactive

@Suite struct MarblesTests {
  let marbles = Marbles()

  @Test func parsesOneTickPerCharacterAndGroupsAsOneTick() {
    let ticks = Marbles.parse("a-(bc)|")
    #expect(ticks == [[.value("a")], [], [.value("b"), .value("c")], [.completed]])
    #expect(Marbles.parse("#!") == [[.failed(MarbleError())], [.interrupted]])
  }

  @Test func recordsASignalAsItsOwnMarbles() {
    #expect(marbles.record(marbles.signal("a-b--c|")) == "a-b--c|")
    let other = Marbles()
    #expect(other.record(other.signal("-(ab)#")) == "-(ab)#")
  }

  @Test func recordsAProducerFromTheCurrentTick() {
    marbles.scheduler.advance(by: marbles.tick * 2)
    #expect(marbles.record(marbles.producer("a-!")) == "--a-!")
  }

  @Test func countsTheTicksOfASignalFromTheOrigin() {
    marbles.scheduler.advance(by: marbles.tick * 2)
    #expect(marbles.record(marbles.signal("abc-d")) == "--(abc)-d")
  }

  @Test func theDocumentedExampleHolds() {
    let input = marbles.signal("ab---c---|")
    #expect(marbles.record(input.debounce(.seconds(2), on: marbles.scheduler)) == "---b---c-|")
  }

  @Test func recordsUntilTheGivenTick() {
    #expect(marbles.record(marbles.signal("a-b--c|"), through: 2) == "a-b")
  }

  @Test func aSignalWithoutTerminalEventStaysAlive() {
    let signal = marbles.signal("ab")
    #expect(marbles.record(signal) == "ab")
  }
}
