// SPDX-License-Identifier: Apache-2.0

import Foundation
import SampleSupport

/// Where the `samples` launcher keeps its saved state between launches: which app is open,
/// and that app's own state below it.
///
/// The launcher's snapshot holds the state of every app opened, so an app opened in the
/// launcher is saved as it is in its own executable, in the launcher's file rather than the
/// app's; `menu` keeps it. The app's executable can start from its part of the file
/// (`todo --restore FILE`).
public enum LauncherStateFile {
  /// `samples/state.json` in the environment's state folder.
  public static func url(environment: SampleEnvironment) -> URL {
    environment.stateDirectory.appendingPathComponent("samples/state.json")
  }
}
