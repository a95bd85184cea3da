// SPDX-License-Identifier: Apache-2.0

import TerminalUI
import Testing
import Workflow

/// The REPL's phases, transition by transition, without a terminal, a host or a file: each
/// transition's effects, in the order the session performs them.
@MainActor
@Suite struct ReplStateMachineTests {
  /// A screen with a plain command and one that takes a secret.
  private let screen = Screen(
    title: "Sign in", body: [],
    commands: [
      Command("inc", help: "Add one.") { _ in .done },
      Command("login", arguments: [Argument("email"), .secret("password")], help: "Sign in.") {
        _ in .done
      },
    ])

  private func line(_ text: String, isInteractive: Bool = false) -> ReplLine {
    ReplLine(text, typedOn: screen, appName: "app", isInteractive: isInteractive)
  }

  /// A machine past its start, idle.
  private func idle(live: Bool = false, waits: Bool = false) -> ReplStateMachine {
    var machine = ReplStateMachine(showsScreensBetweenCommands: live, waitsForScreens: waits)
    _ = machine.start()
    return machine
  }

  private func names(_ effects: [ReplEffect]) -> [String] {
    effects.map(\.description)
  }

  // MARK: Starting and waiting

  @Test func startShowsTheFirstScreenAfterASaveThatIsDue() {
    var machine = ReplStateMachine(showsScreensBetweenCommands: false, waitsForScreens: false)
    #expect(machine.phase == .starting)
    #expect(names(machine.start()) == ["save(checkpoint)", "show(screen: always)"])
    #expect(machine.phase == .idle)
  }

  @Test func beforeTheInputWaitsTheStateIsSavedAndOnALiveTerminalWarningsShown() {
    var piped = idle()
    #expect(names(piped.inputWillWait()) == ["save(inputWillWait)", "reply(readLine)"])
    var live = idle(live: true)
    #expect(
      names(live.inputWillWait()) == [
        "save(inputWillWait)", "save(checkpoint)", "show(screen: ifChanged, only for warnings)",
        "reply(readLine)",
      ])
    #expect(live.phase == .idle)
  }

  // MARK: Lines

  @Test func aCommandRunsAndItsReplyIsShownWithTheScreenWhenTheLineEnds() {
    var machine = idle()
    #expect(
      names(machine.receive(line("inc"))) == ["save(lineWillRun)", "remember(inc)", "run(inc)"])
    #expect(machine.phase == .handlingLine)
    // What the command changes waits for the line's frame.
    #expect(names(machine.renderingDidChange()) == ["save(changedDuringLine)"])
    #expect(names(machine.widthDidChange()).isEmpty)
    #expect(
      names(machine.lineDidRun(reply: ["done."])) == [
        "save(checkpoint)", #"show(echo: inc, lines: ["done."], screen: ifChanged)"#,
        "reply(readLine)",
      ])
    #expect(machine.phase == .idle)
  }

  @Test func aBlankLineShowsTheScreenAgainAndIsNotRemembered() {
    var machine = idle()
    #expect(
      names(machine.receive(line("   "))) == [
        "save(lineWillRun)", "save(checkpoint)", "show(echo:    , screen: always)",
        "reply(readLine)",
      ])
    #expect(machine.phase == .idle)
  }

  @Test func aLineThatCannotBeSplitOrIsTurnedDownRunsNothing() {
    var machine = idle()
    #expect(
      names(machine.receive(line(#"inc "open"#))) == [
        "save(lineWillRun)", #"remember(inc "open)"#, "save(checkpoint)",
        #"show(echo: inc "open, lines: ["error: unterminated \" quote: close it or escape it"], screen: never)"#,
        "reply(readLine)",
      ])
    #expect(
      names(machine.receive(line("inx"))) == [
        "save(lineWillRun)", "remember(inx)", "save(checkpoint)",
        #"show(echo: inx, lines: ["unknown command \'inx\'. Did you mean \'inc\'?"], screen: ifChanged)"#,
        "reply(readLine)",
      ])
    #expect(machine.phase == .idle)
  }

  @Test func quitSavesShowsItsLineAndEndsTheApp() {
    var machine = idle()
    #expect(
      names(machine.receive(line("quit"))) == [
        "save(lineWillRun)", "remember(quit)", "save(now)", "save(checkpoint)",
        "show(echo: quit, screen: never)", "exit(finished(0))",
      ])
    #expect(machine.phase == .exiting)
  }

  @Test func aBuiltInRunsLikeACommandAndSaveBringsTheStateFileUpToDate() throws {
    var machine = idle()
    #expect(
      names(machine.receive(line(":save /tmp/x.json"))) == [
        "save(lineWillRun)", "remember(:save /tmp/x.json)", "run(:save /tmp/x.json)",
      ])
    let snapshot = try WorkflowHost(workflow: CounterWorkflow()).snapshot()
    #expect(
      names(machine.lineDidRun(reply: ["Saved."], savedSnapshot: snapshot)) == [
        "save(now(using: snapshot))", "save(checkpoint)",
        #"show(echo: :save /tmp/x.json, lines: ["Saved."], screen: ifChanged)"#,
        "reply(readLine)",
      ])
  }

  // MARK: Secrets

  @Test func aLeftOutSecretIsAskedForThenTheCompletedLineRuns() {
    var machine = idle()
    #expect(
      names(machine.receive(line("login ann", isInteractive: true))) == [
        "save(lineWillRun)", "remember(login ann)",
        "reply(readSecret(Password for login (not shown): ))",
      ])
    #expect(machine.phase == .awaitingSecret)
    #expect(names(machine.renderingDidChange()) == ["save(changed)"])
    #expect(names(machine.receive(secret: "hunter2")) == ["run(login ann ••••••)"])
    #expect(machine.phase == .handlingLine)
    #expect(
      names(machine.lineDidRun(reply: [])) == [
        "save(checkpoint)", "show(echo: login ann ••••••, screen: ifChanged)", "reply(readLine)",
      ])
  }

  @Test func aSecretNotGivenGivesTheLineUp() {
    for secret in [nil, ""] as [String?] {
      var machine = idle()
      _ = machine.receive(line("login ann", isInteractive: true))
      #expect(
        names(machine.receive(secret: secret)) == [
          "save(checkpoint)",
          #"show(echo: login ann, lines: ["(not run: no secret given)"], screen: never)"#,
          "reply(readLine)",
        ])
      #expect(machine.phase == .idle)
    }
  }

  @Test func aScriptIsNotAskedForASecretItLeftOut() {
    var machine = idle()
    #expect(
      names(machine.receive(line("login ann"))) == [
        "save(lineWillRun)", "remember(login ann)", "save(checkpoint)",
        #"show(echo: login ann, lines: ["login: missing argument <password>", "usage: login <email> <password>"], screen: ifChanged)"#,
        "reply(readLine)",
      ])
  }

  // MARK: Waiting for a screen

  @Test func awaitWaitsForAChangedScreenOrItsTimeLimit() {
    var machine = idle(waits: true)
    #expect(
      names(machine.receive(line(":await"))) == [
        "save(lineWillRun)", "remember(:await)", "save(checkpoint)",
        "show(echo: :await, screen: never, no warnings)", "startScreenWait",
      ])
    #expect(machine.phase == .awaitingScreen)
    #expect(names(machine.renderingDidChange()) == ["save(changed)", "finishScreenWaitIfChanged"])
    #expect(
      names(machine.screenWaitEnded(timedOut: false)) == [
        "stopScreenWait", "save(checkpoint)",
        "show(screen: ifChanged, ends a wait: screenChanged)", "reply(readLine)",
      ])
    _ = machine.receive(line(":await"))
    #expect(
      names(machine.screenWaitEnded(timedOut: true)) == [
        "stopScreenWait", "save(checkpoint)", "show(screen: ifChanged, ends a wait: timedOut)",
        "reply(readLine)",
      ])
    #expect(machine.phase == .idle)
  }

  @Test func aScriptsAwaitEndsAtOnce() {
    var machine = idle()
    #expect(
      names(machine.receive(line(":await"))) == [
        "save(lineWillRun)", "remember(:await)", "save(checkpoint)",
        "show(echo: :await, screen: never, no warnings)", "save(checkpoint)",
        "show(screen: ifChanged, ends a wait: timedOut)", "reply(readLine)",
      ])
    #expect(machine.phase == .idle)
  }

  // MARK: Between lines

  @Test func aRenderingBetweenLinesIsSavedAndShownAtOnceOnlyOnALiveTerminal() {
    var piped = idle()
    #expect(names(piped.renderingDidChange()) == ["save(changed)"])
    var live = idle(live: true)
    #expect(
      names(live.renderingDidChange()) == [
        "save(changed)", "save(checkpoint)", "show(screen: ifChanged)",
      ])
  }

  @Test func aNewWidthShowsTheScreenAgainUnlessALineRuns() {
    var machine = idle()
    #expect(names(machine.widthDidChange()) == ["save(checkpoint)", "show(screen: always)"])
    _ = machine.receive(line("inc"))
    #expect(names(machine.widthDidChange()).isEmpty)
  }

  @Test func aFlushOfTheAutosaveShowsItsWarningsAtOnceOnALiveTerminal() {
    var piped = idle()
    #expect(names(piped.autosaveDidFlush()).isEmpty)
    var live = idle(live: true)
    #expect(
      names(live.autosaveDidFlush()) == [
        "save(checkpoint)", "show(screen: ifChanged, only for warnings)",
      ])
  }

  // MARK: Every way out

  @Test func theEndOfTheInputSavesShowsTheWarningsLeftAndEndsWithZero() {
    var machine = idle()
    #expect(
      names(machine.endOfInput()) == [
        "save(now)", "save(checkpoint)", "show(screen: never, only for warnings)",
        "exit(finished(0))",
      ])
    #expect(machine.phase == .exiting)
  }

  @Test func aSignalEndsTheAppFromAnyPhaseAndOnlyOnce() {
    var machine = idle()
    _ = machine.receive(line("login ann", isInteractive: true))
    #expect(
      names(machine.leave(.signal(15))) == [
        "save(now)", "save(checkpoint)", "show(screen: never, only for warnings)",
        "exit(signal(15))",
      ])
    #expect(machine.phase == .exiting)
    #expect(names(machine.leave(.signal(1))).isEmpty)
    #expect(names(machine.renderingDidChange()).isEmpty)
    #expect(names(machine.autosaveDidFlush()).isEmpty)
    machine.checkInvariants()
  }

  @Test func aLineWhileAnotherRunsTrapsNamingThePhase() async {
    await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        var machine = ReplStateMachine(showsScreensBetweenCommands: false, waitsForScreens: false)
        _ = machine.start()
        let screen = Screen(
          title: "t", body: [], commands: [Command("inc", help: "") { _ in .done }])
        _ = machine.receive(ReplLine("inc", typedOn: screen, appName: "app", isInteractive: false))
        _ = machine.receive(ReplLine("inc", typedOn: screen, appName: "app", isInteractive: false))
      }
    }.map { result in
      let message = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(
        message.contains(
          "ReplStateMachine: receive(line:) is not allowed in phase handlingLine; this is a bug"))
    }
  }
}
