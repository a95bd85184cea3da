// SPDX-License-Identifier: Apache-2.0

import TestSupport
import Testing
import WorkflowReactive

/// `ValidatingProperty` as ReactiveSwift's documentation and specs use it.
@Suite struct ValidatingPropertyCompatibilityTests {
  enum NameError: Error, Equatable {
    case empty
    case tooLong
    case mismatch
  }

  typealias Name = ValidatingProperty<String, NameError>

  private func makeName(_ initial: String = "") -> Name {
    Name(initial) { proposed in
      if proposed.isEmpty { return .invalid(.empty) }
      if proposed.count > 5 { return .coerced(String(proposed.prefix(5)), .tooLong) }
      return .valid
    }
  }

  @Test func theInitialValueNeedNotBeValid() {
    let name = makeName()
    #expect(name.value == "")
    #expect(name.result.value == .invalid("", .empty))
    #expect(name.result.value.isInvalid)
    #expect(name.result.value.error == .empty)
    #expect(name.result.value.value == nil)
  }

  @Test func aValidValueIsStoredAndSent() {
    let name = makeName()
    var sent: [String] = []
    name.signal.observeValues { sent.append($0) }

    name.value = "Ada"

    #expect(name.value == "Ada")
    #expect(name.result.value == .valid("Ada"))
    #expect(sent == ["Ada"])
  }

  @Test func anInvalidValueIsNotStoredButItsResultIs() {
    let name = makeName("Ada")
    var sent: [String] = []
    name.signal.observeValues { sent.append($0) }

    name.value = ""

    #expect(name.value == "Ada")
    #expect(name.result.value == .invalid("", .empty))
    #expect(sent.isEmpty)
  }

  @Test func aCoercedValueStoresItsReplacement() {
    let name = makeName()
    name.value = "Grace Hopper"
    #expect(name.value == "Grace")
    #expect(
      name.result.value == .coerced(replacement: "Grace", proposed: "Grace Hopper", error: .tooLong)
    )
    #expect(name.result.value.value == "Grace")
  }

  @Test func changesOfTheInnerPropertyAreValidatedAndKept() {
    let root = MutableProperty("Valid")
    let outer = Name(root) { $0 == "Valid" ? .valid : .invalid(.mismatch) }
    #expect(outer.result.value == .valid("Valid"))

    root.value = "🎃"

    #expect(outer.value == "🎃")
    #expect(outer.result.value == .invalid("🎃", .mismatch))
  }

  @Test func validValuesAreWrittenBackToTheInnerProperty() {
    let root = MutableProperty("a")
    let outer = Name(root) { $0.isEmpty ? .invalid(.empty) : .valid }
    var rootChanges: [String] = []
    root.signal.observeValues { rootChanges.append($0) }
    outer.value = "b"
    outer.value = ""
    #expect(root.value == "b")
    #expect(rootChanges == ["b"])
  }

  @Test func dependingOnAnotherPropertyRevalidatesWhenItChanges() {
    let password = MutableProperty("secret")
    let confirmation = Name("", with: password) { proposed, current in
      proposed == current ? .valid : .invalid(.mismatch)
    }
    confirmation.value = "secret"
    #expect(confirmation.result.value == .valid("secret"))

    password.value = "other"
    #expect(confirmation.result.value == .invalid("secret", .mismatch))

    password.value = "secret"
    #expect(confirmation.result.value == .valid("secret"))
  }

  @Test func dependingOnAnotherValidatingPropertyReadsItsLatestProposal() {
    let first = makeName("Ada")
    let second = Name("", with: first) { proposed, other in
      proposed == other ? .valid : .invalid(.mismatch)
    }
    second.value = "Ada"
    #expect(second.result.value == .valid("Ada"))

    // An invalid proposal of the other property still counts.
    first.value = ""
    #expect(second.result.value == .invalid("Ada", .mismatch))
  }

  @Test func bindingProposesEachValue() {
    let name = makeName()
    let (signal, input) = Signal<String, Never>.pipe()
    name <~ signal
    input.send(value: "Bob")
    input.send(value: "")
    #expect(name.value == "Bob")
    #expect(name.result.value == .invalid("", .empty))
  }

  @Test func goingAwayReleasesTheInnerPropertyAndTheResult() {
    weak var weakRoot: MutableProperty<String>?
    weak var weakResult: Property<Name.Result>?
    do {
      let root = MutableProperty("x")
      weakRoot = root
      let name = Name(root) { _ in .valid }
      weakResult = name.result
      name.value = "y"
    }
    #expect(weakRoot == nil)
    #expect(weakResult == nil)
  }

  @Test func doesNotKeepThePropertyItDependsOnAlive() {
    weak var weakOther: MutableProperty<Int>?
    let name: Name
    do {
      let other = MutableProperty(1)
      weakOther = other
      name = Name("a", with: other) { _, _ in .valid }
    }
    #expect(weakOther == nil)
    name.value = "b"
    #expect(name.value == "b")
  }

  // MARK: Over any mutable property

  /// A mutable property of the app's own, as a ReactiveSwift user might write one.
  final class Setting: MutablePropertyProtocol, @unchecked Sendable {
    typealias Value = String

    private let storage: MutableProperty<String>
    private(set) var writes = 0

    init(_ initial: String) { storage = MutableProperty(initial) }

    var value: String {
      get { storage.value }
      set {
        writes += 1
        storage.value = newValue
      }
    }

    var producer: SignalProducer<String, Never> { storage.producer }
    var signal: Signal<String, Never> { storage.signal }
    var lifetime: Lifetime { storage.lifetime }
  }

  private func makeName(over setting: Setting) -> Name {
    Name(setting) { proposed in
      if proposed.isEmpty { return .invalid(.empty) }
      if proposed.count > 5 { return .coerced(String(proposed.prefix(5)), .tooLong) }
      return .valid
    }
  }

  @Test func wrapsAnyMutablePropertyAndStoresOnlyWhatItAccepts() {
    let setting = Setting("Ada")
    let name = makeName(over: setting)
    var sent: [String] = []
    name.signal.observeValues { sent.append($0) }
    #expect(name.result.value == .valid("Ada"))

    name.value = "Grace"
    name.value = ""
    name.value = "Katherine"

    #expect(setting.value == "Kathe")
    #expect(setting.writes == 2)
    #expect(sent == ["Grace", "Kathe"])
    #expect(
      name.result.value == .coerced(replacement: "Kathe", proposed: "Katherine", error: .tooLong))
  }

  @Test func aDirectChangeOfAnyInnerPropertyIsValidatedAndKept() {
    let setting = Setting("Ada")
    let name = makeName(over: setting)
    setting.value = ""
    #expect(name.value == "")
    #expect(name.result.value == .invalid("", .empty))
  }

  @Test func wrapsAnotherValidatingProperty() {
    let inner = makeName("Ada")
    let shouted = ValidatingProperty<String, NameError>(inner) { proposed in
      proposed == proposed.uppercased() ? .valid : .coerced(proposed.uppercased(), nil)
    }
    shouted.value = "alan"
    #expect(inner.value == "ALAN")
    #expect(inner.result.value == .valid("ALAN"))
    #expect(shouted.result.value == .coerced(replacement: "ALAN", proposed: "alan", error: nil))
  }

  @Test func keepsAnyInnerPropertyAlive() {
    weak var weakSetting: Setting?
    var name: Name?
    do {
      let setting = Setting("Ada")
      weakSetting = setting
      name = makeName(over: setting)
    }
    #expect(weakSetting != nil)
    name = nil
    #expect(weakSetting == nil)
    _ = name
  }
}
