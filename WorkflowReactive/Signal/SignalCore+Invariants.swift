// SPDX-License-Identifier: Apache-2.0

// The structural checks of a signal core, compiled in debug and test builds only: in a release
// build `checkInvariants()` and the lock checks below are empty and inline to nothing, so the
// send path pays nothing for them.

extension SignalCore {
  #if DEBUG
    /// Traps unless the core is consistent; the caller must hold the send lock.
    ///
    /// Checked: the delivery lock is held by the calling thread; a terminated core has no
    /// observers left and no work waiting for the end of a delivery, and an idle one has no
    /// such work and no walk of its observers under way either; a terminal event is held back
    /// exactly while the core is terminating; every entry of the observer list is a subscription of this core,
    /// listed once. Called at the end of each operation of the core.
    @usableFromInline
    package func checkInvariants() {
      precondition(
        lock.isHeldByCurrentThread,
        """
        \(typeName): invariants checked without holding its send lock (\(lockOwnerDescription)); \
        check them only from inside an operation of the core.
        """)
      if let violation = invariantViolation() {
        preconditionFailure(
          "\(typeName) is inconsistent: \(violation). State: \(stateDescription).")
      }
    }

    /// Traps unless the calling thread is inside this core's delivery, as the `...Locked`
    /// operations require.
    @usableFromInline
    func checkInsideDelivery(_ operation: StaticString) {
      precondition(
        isDeliveringOnCurrentThread,
        """
        \(typeName).\(operation) was called outside withDeliveryLock(_:) (state: \
        \(stateDescription)); call it only from the body of withDeliveryLock while the signal \
        is alive.
        """)
    }

    /// The first broken rule, or `nil` when the core is consistent.
    private func invariantViolation() -> String? {
      let isTerminating = if case .terminationPending = status { true } else { false }
      if isTerminating != (pendingTermination != nil) {
        return isTerminating
          ? "it is terminating but holds no terminal event"
          : "it holds back a terminal event but is not terminating"
      }
      switch status {
      case .terminated:
        if !observers.isEmpty {
          return "it has terminated but \(observers.count) observer(s) are still attached"
        }
        if !afterDelivery.isEmpty {
          return "it has terminated with \(afterDelivery.count) after-delivery action(s) pending"
        }
      case .alive:
        if observers.isWalking {
          return "it is idle while a delivery still walks its observers"
        }
        if !afterDelivery.isEmpty {
          return """
            it is idle with \(afterDelivery.count) after-delivery action(s) pending, which run \
            only at the end of a delivery
            """
        }
      case .delivering, .terminationPending:
        break
      }
      return observers.invariantViolation(owner: self)
    }

    private var typeName: String { "SignalCore<\(Value.self), \(Error.self)>" }

    private var lockOwnerDescription: String {
      let owner = lock.owner.load(ordering: .relaxed)
      return owner == 0 ? "nobody holds it" : "thread \(owner) holds it"
    }

    private var stateDescription: String {
      let phase =
        switch status {
        case .alive: "alive"
        case .delivering: "delivering"
        case .terminationPending:
          "terminating (\(pendingTermination.map { "\($0)" } ?? "no event") pending)"
        case .terminated: "terminated"
        }
      return """
        \(phase), \(observers.count) observer(s), \(afterDelivery.count) after-delivery \
        action(s), send lock: \(lockOwnerDescription)
        """
    }
  #else
    @inlinable @inline(__always)
    package func checkInvariants() {}

    @inlinable @inline(__always)
    func checkInsideDelivery(_ operation: StaticString) {}
  #endif
}
