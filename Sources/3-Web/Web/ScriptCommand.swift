public import Foundation

/// A message a page's script sent to the browser. Its ``name`` has the form
/// `prefix.command` (e.g. `find.result`); callbacks are registered per prefix.
public struct ScriptCommand: Sendable, Equatable {
    /// The full command name.
    public var name: String
    /// The message body (JSON text).
    public var body: String
    /// The URL of the page that sent it.
    public var pageURL: URL?
    /// Whether it came from the main frame.
    public var isMainFrame: Bool

    public init(name: String, body: String, pageURL: URL? = nil, isMainFrame: Bool = true) {
        self.name = name
        self.body = body
        self.pageURL = pageURL
        self.isMainFrame = isMainFrame
    }

    /// The part of ``name`` before the first dot.
    public var prefix: Substring { name.prefix { $0 != "." } }
}

/// Keeps a script command callback registered; it is removed by ``cancel()`` or when this
/// object is released.
@MainActor
public final class ScriptCommandSubscription {
    private var onCancel: (@MainActor () -> Void)?

    init(onCancel: @escaping @MainActor () -> Void) { self.onCancel = onCancel }

    /// Removes the callback.
    public func cancel() {
        let action = onCancel
        onCancel = nil
        action?()
    }

    isolated deinit { cancel() }
}
