// SPDX-License-Identifier: Apache-2.0

import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The one path of a signal: the process-wide handler writes its number to the relay's pipe
// (async-signal-safe), and a dispatch source on the terminal's own queue reads it and calls
// handle(signal:). Nothing on the way waits for the main actor, so a signal is handled while
// the main actor is busy (a long command, a blocking open); only saving the state needs it.
//
//   SIGTERM, SIGHUP, SIGQUIT -> leave(.signal(n)): the session saves on the main actor, then
//                               end(_:)
//   SIGINT           -> while the line editor reads: its inbox, and it gives the line up;
//                       otherwise (a command runs, a pipe or a script is read) as SIGTERM
//   SIGWINCH         -> the line editor's inbox: it resizes, then the session redraws
//
// A terminating signal that comes while the app is on its way out already (a second Ctrl-C),
// or whose way out the main actor has not taken up within exitGrace (it is stuck in a write
// or an open), ends the process from here, the terminal restored: what the last save holds
// is kept.

extension Terminal {
  /// Routes `signals` to ``handle(signal:)`` from now on; the line editor asks for `SIGINT`
  /// and `SIGWINCH` once it exists.
  func route(_ numbers: [Int32]) {
    let added = state.withLock { state in
      let added = numbers.filter { !state.routedSignals.contains($0) }
      state.routedSignals.formUnion(added)
      return added
    }
    guard !added.isEmpty else { return }
    signals.start { [weak self] number in self?.handle(signal: number) }
    signals.install(added)
  }

  /// Acts on a signal, on the relay's queue.
  func handle(signal number: Int32) {
    switch number {
    case SIGWINCH: inbox.post(.resize)
    case SIGINT where state.withLock({ $0.isReadingLine }): inbox.post(.interrupt)
    default: leaveOnSignal(number)
    }
  }
}

/// Turns signals into bytes on a pipe, read on a queue of its own: the one way signals reach a
/// ``Terminal``, which owns it.
///
/// A signal handler can reach only global state, so the one global here is the pipe's write
/// end, for the handler; the terminal whose relay installed handlers last receives them (signal
/// dispositions are the whole process's).
final class SignalRelay: Sendable {
  private let pipe = BytePipe()
  private let queue = DispatchQueue(label: "TerminalUI.signals")
  private let source = Locked<(any DispatchSourceRead)?>(nil)

  deinit {
    // The handler writes nowhere from now on, and the pipe closes once the source let go of
    // it (its handlers hold it): closing a descriptor a source still watches would confuse
    // the source of a later descriptor with the same number.
    if relayWriteDescriptor == pipe.writeDescriptor { relayWriteDescriptor = -1 }
    source.withLock { $0?.cancel() }
  }

  /// Reads the pipe on the relay's queue and hands each signal to `receive`, which replaces
  /// the receiver before it.
  func start(_ receive: @escaping @Sendable (Int32) -> Void) {
    source.withLock { source in
      source?.cancel()
      let made = DispatchSource.makeReadSource(fileDescriptor: pipe.readDescriptor, queue: queue)
      made.setEventHandler { [pipe] in
        for byte in pipe.take() { receive(Int32(byte)) }
      }
      made.setCancelHandler { [pipe] in _ = pipe }
      made.resume()
      source = made
    }
  }

  /// Installs the handler for `signals`, writing to this relay; system calls it interrupts are
  /// restarted.
  func install(_ signals: [Int32]) {
    relayWriteDescriptor = pipe.writeDescriptor
    for number in signals {
      var action = sigaction()
      #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = relaySignal
      #else
        action.__sigaction_u.__sa_handler = relaySignal
      #endif
      sigemptyset(&action.sa_mask)
      action.sa_flags = SA_RESTART
      sigaction(number, &action, nil)
    }
  }
}

/// The write end of the relay's pipe, for the handler, which can reach nothing else.
nonisolated(unsafe) private var relayWriteDescriptor: Int32 = -1

private func relaySignal(_ number: Int32) {
  let savedErrno = errno
  var byte = UInt8(truncatingIfNeeded: number)
  _ = write(relayWriteDescriptor, &byte, 1)
  errno = savedErrno
}
