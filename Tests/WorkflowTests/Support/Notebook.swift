// SPDX-License-Identifier: Apache-2.0

import Workflow

/// A snapshottable tree for snapshot and history tests: a notebook with keyed pages (shown only
/// while the notebook is open), and a shelf that does not opt in but holds a snapshottable
/// bookmark.
struct Notebook: SnapshottableWorkflow {
  /// Records each `makeInitialState()`, by workflow name, to tell restored nodes from fresh ones.
  var log: Recorder<String>? = nil

  struct State: Codable, Equatable {
    var title = "untitled"
    var pages = ["intro"]
    var isOpen = true
  }

  enum Action: WorkflowAction {
    typealias WorkflowType = Notebook
    case rename(String)
    case addPage(String)
    case close
    case open
    case nothing

    func apply(toState state: inout State, context: ApplyContext<Notebook>) -> Never? {
      switch self {
      case .rename(let title): state.title = title
      case .addPage(let name): state.pages.append(name)
      case .close: state.isOpen = false
      case .open: state.isOpen = true
      case .nothing: break
      }
      return nil
    }
  }

  struct Rendering {
    var title: String
    var pages: [Page.Rendering]
    var shelf: Shelf.Rendering
    var sink: Sink<Action>

    /// Everything the rendering shows, without its sinks.
    var summary: String {
      let pageText = pages.map { "\($0.name)=\($0.text)" }.joined(separator: ",")
      return "\(title) [\(pageText)] shelf \(shelf.moves) bookmark \(shelf.bookmark.page)"
    }
  }

  func makeInitialState() -> State {
    log?.record("Notebook")
    return State()
  }

  func render(state: State, context: RenderContext<Notebook>) -> Rendering {
    let pages =
      state.isOpen
      ? state.pages.map { Page(name: $0, log: log).rendered(in: context, key: $0) } : []
    return Rendering(
      title: state.title, pages: pages, shelf: Shelf(log: log).rendered(in: context),
      sink: context.makeSink(of: Action.self))
  }
}

/// A page whose text is its snapshottable state.
struct Page: SnapshottableWorkflow {
  var name: String
  var log: Recorder<String>?

  struct State: Codable, Equatable {
    var text = ""
    var edits = 0
  }

  struct Rendering {
    var name: String
    var text: String
    var write: (String) -> Void
  }

  struct Write: WorkflowAction {
    typealias WorkflowType = Page
    var text: String

    func apply(toState state: inout State, context: ApplyContext<Page>) -> Never? {
      state.text = text
      state.edits += 1
      return nil
    }
  }

  func makeInitialState() -> State {
    log?.record("Page \(name)")
    return State()
  }

  func render(state: State, context: RenderContext<Page>) -> Rendering {
    let sink = context.makeSink(of: Write.self)
    return Rendering(name: name, text: state.text, write: { sink.send(Write(text: $0)) })
  }
}

/// A child that does not opt in, although its state is `Codable`; its child does.
struct Shelf: Workflow {
  var log: Recorder<String>?

  struct Rendering {
    var moves: Int
    var move: () -> Void
    var bookmark: Bookmark.Rendering
  }

  func makeInitialState() -> Int {
    log?.record("Shelf")
    return 0
  }

  func render(state: Int, context: RenderContext<Shelf>) -> Rendering {
    let sink = context.makeSink(of: AnyWorkflowAction<Shelf>.self)
    return Rendering(
      moves: state,
      move: {
        sink.send(
          AnyWorkflowAction { state in
            state += 1; return nil
          })
      },
      bookmark: Bookmark(log: log).rendered(in: context, key: "mark"))
  }
}

/// A snapshottable grandchild under a node that does not opt in.
struct Bookmark: SnapshottableWorkflow {
  var log: Recorder<String>?

  struct Rendering {
    var page: Int
    var turn: () -> Void
  }

  func makeInitialState() -> Int {
    log?.record("Bookmark")
    return 1
  }

  func render(state: Int, context: RenderContext<Bookmark>) -> Rendering {
    let sink = context.makeSink(of: AnyWorkflowAction<Bookmark>.self)
    return Rendering(
      page: state,
      turn: {
        sink.send(
          AnyWorkflowAction { state in
            state += 1; return nil
          })
      })
  }
}

/// Collects the reasons snapshot entries were skipped.
final class SkipObserver: WorkflowObserver {
  var skipped: [String] = []
  var restored: [String] = []

  func snapshotEntryWasSkipped(_ reason: WorkflowSnapshot.SkipReason, at path: WorkflowNodePath) {
    skipped.append("\(path): \(reason)")
  }

  func workflowDidRestoreState<W: Workflow>(
    _ workflow: W, state: W.State, session: WorkflowSession
  ) {
    restored.append("\(session.path)")
  }
}
