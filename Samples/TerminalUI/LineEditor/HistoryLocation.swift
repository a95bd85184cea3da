// SPDX-License-Identifier: Apache-2.0

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where an app keeps its command history: `$XDG_STATE_HOME/<app>/history`, or
/// `~/.local/state/<app>/history` when `XDG_STATE_HOME` is unset, empty or relative (as the XDG
/// base directory specification asks).
package enum HistoryLocation {
  /// The history file of `app`, or nil when neither `XDG_STATE_HOME` nor `HOME` gives a place.
  ///
  /// - Parameters:
  ///   - app: The app's name, used as a folder name.
  ///   - environment: The environment variables to consult.
  package static func file(forApp app: String, environment: [String: String]) -> String? {
    let folderName = app.isEmpty ? "app" : app.replacingSlashes()
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
      return join(state, folderName, "history")
    }
    if let home = environment["HOME"], home.hasPrefix("/") {
      return join(home, ".local/state", folderName, "history")
    }
    return nil
  }

  /// The current process environment as a dictionary.
  package static var processEnvironment: [String: String] {
    var result: [String: String] = [:]
    var pointer = environ
    while let entry = pointer.pointee {
      let text = String(cString: entry)
      if let equals = text.firstIndex(of: "=") {
        result[String(text[..<equals])] = String(text[text.index(after: equals)...])
      }
      pointer += 1
    }
    return result
  }

  private static func join(_ parts: String...) -> String {
    var result = parts[0]
    for part in parts.dropFirst() {
      while result.hasSuffix("/") && result.count > 1 { result.removeLast() }
      result += "/" + part
    }
    return result
  }
}

extension String {
  fileprivate func replacingSlashes() -> String {
    String(map { $0 == "/" ? "_" : $0 })
  }
}
