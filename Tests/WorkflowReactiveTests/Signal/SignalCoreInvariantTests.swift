// SPDX-License-Identifier: Apache-2.0

import Testing
import WorkflowReactive

// The checks exist in debug and test builds only; a release build of the library has none.
#if DEBUG
  /// The structural checks of the signal core: they hold through every operation, and the
  /// illegal states that misuse of the package API can reach trap with a message naming the
  /// core, what is wrong and the state it is in.
  @Suite struct SignalCoreInvariantTests {
    @Test func invariantsHoldInsideADeliveryThatObservesDisposesAndTerminates() {
      let (signal, input) = Signal<Int, Never>.pipe()
      let core = signal.core
      var late: (any Disposable)?
      var checks = 0
      signal.observeValues { value in
        // Re-entrant operations in the middle of a delivery, each checked at its end.
        late = signal.observeValues { _ in }
        late?.dispose()
        if value == 2 { input.sendCompleted() }
        core.withDeliveryLock { _ in
          core.checkInvariants()
          checks += 1
        }
      }
      input.send(value: 1)
      input.send(value: 2)
      #expect(checks == 2)
      #expect(core.isTerminated)
    }

    @Test func checkingWithoutTheSendLockTraps() async {
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        SignalCore<Int, Never>().checkInvariants()
      }.map { result in
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(
          message.contains(
            "SignalCore<Int, Never>: invariants checked without holding its send lock "
              + "(nobody holds it)"))
      }
    }

    @Test func deliveringOutsideTheDeliveryLockTraps() async {
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        SignalCore<Int, Never>().deliverLocked(1)
      }.map { result in
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(
          message.contains(
            "SignalCore<Int, Never>.deliverLocked(_:) was called outside withDeliveryLock(_:) "
              + "(state: alive, 0 observer(s)"))
        #expect(message.contains("send lock: nobody holds it"))
      }
    }

    @Test func deliveringAValueAfterTerminationTraps() async {
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let (signal, input) = Signal<Int, Never>.pipe()
        let core = signal.core
        signal.observeCompleted {
          // The terminal event is being delivered: the delivery lock is held, but the signal
          // has ended, and nothing may be delivered any more.
          core.withDeliveryLock { _ in core.deliverLocked(2) }
        }
        input.sendCompleted()
      }.map { result in
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("SignalCore<Int, Never>.deliverLocked(_:) was called outside"))
        #expect(message.contains("(state: terminated, 0 observer(s)"))
      }
    }

    @Test func takingTheSendLockTwiceOnOneThreadTraps() async {
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let lock = SendLock()
        lock.lock()
        lock.lock()
      }.map { result in
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(
          message.contains(
            "SendLock.lock(): the calling thread already holds this lock; use "
              + "withReentrantLock(_:)."))
      }
    }

    @Test func releasingASendLockThatIsNotHeldTraps() async {
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        SendLock().unlock()
      }.map { result in
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(
          message.contains(
            "SendLock.unlock(): the calling thread does not hold this lock (owner: thread 0)"))
      }
    }
  }
#endif
