// SPDX-License-Identifier: Apache-2.0

import Testing
import Workflow

/// A node's status in the render passes.
@Suite struct NodeStatusTests {
  @Test func aNewNodeMustRenderAndIsAlive() {
    let status = NodeStatus()
    #expect(status.isAlive)
    #expect(status.needsRender)
    #expect(!status.subtreeNeedsRender)
    #expect(!status.isRendering)
    status.checkInvariants(owner: "a new node")
  }

  @Test func theEndOfARenderClearsWhatWaitedForIt() {
    var status = NodeStatus()
    status.subtreeNeedsRender = true
    status.renderNumber = 4
    status.endRender()
    #expect(!status.needsRender)
    #expect(!status.subtreeNeedsRender)
    #expect(status.renderNumber == 4)
    status.checkInvariants(owner: "a rendered node")
  }

  @Test func aRenderedNodeMayReuseItsRenderingUntilItOrItsSubtreeChanges() {
    var status = NodeStatus()
    #expect(!status.mayReuseSilently)
    status.endRender()
    #expect(status.mayReuseSilently)
    status.needsRender = true
    #expect(!status.mayReuseSilently)
    status.endRender()
    status.subtreeNeedsRender = true
    #expect(!status.mayReuseSilently)
    #expect(!status.needsRender)
  }

  @Test func aNodeWhoseReuseIsNotSilentNeverMayReuseSilently() {
    var status = NodeStatus()
    status.reusesSilently = false
    status.endRender()
    #expect(!status.mayReuseSilently)
    #expect(!status.needsRender)
    #expect(!status.subtreeNeedsRender)
    #expect(!status.reusesSilently)
    status.reusesSilently = true
    #expect(status.mayReuseSilently)
  }

  #if DEBUG
    @Test func renderingAfterLeavingTheTreeTrapsNamingTheNode() async {
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var status = NodeStatus()
        status.renderNumber = 1
        status.isRendering = true
        status.retire()
        status.checkInvariants(owner: "Counter at root")
      }.map { result in
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("Counter at root renders after it left the tree"))
      }
    }
  #endif
}
