// SPDX-License-Identifier: Apache-2.0

import Foundation
import TerminalUI
import Testing

/// A secret never shows its text: not printed, not reflected, not encoded.
@Suite struct SecretTextTests {
  private enum Action {
    case login(email: String, password: SecretText)
  }

  private struct Form: Codable {
    var email: String
    var password: SecretText?
  }

  private let secret = SecretText("hunter2")

  @Test func printsAndDebugPrintsTheMask() {
    #expect(String(describing: secret) == "••••••")
    #expect(String(reflecting: secret) == "••••••")
    #expect("\(secret)" == "••••••")
    #expect(SecretText("").description == SecretText.mask)
  }

  @Test func valuesHoldingASecretPrintTheMaskInItsPlace() {
    let action = Action.login(email: "ann@example.com", password: secret)
    #expect(!String(describing: action).contains("hunter2"))
    #expect(String(describing: action).contains("••••••"))
    #expect(!String(reflecting: action).contains("hunter2"))
    var dumped = ""
    dump(action, to: &dumped)
    #expect(!dumped.contains("hunter2"))
  }

  @Test func reflectsWithNoChildren() {
    #expect(Mirror(reflecting: secret).children.isEmpty)
  }

  @Test func encodesTheMaskAndRefusesToDecode() throws {
    let data = try JSONEncoder().encode(Form(email: "ann", password: secret))
    let json = String(decoding: data, as: UTF8.self)
    #expect(!json.contains("hunter2"))
    #expect(json.contains("\"password\":\"••••••\""))
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(Form.self, from: data) }
  }

  @Test func revealsItsTextOnlyWhenAsked() {
    #expect(secret.revealed == "hunter2")
    #expect(secret == SecretText("hunter2"))
    #expect(secret != SecretText("hunter3"))
  }
}
