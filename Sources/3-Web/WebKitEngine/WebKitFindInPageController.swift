import CWebKitGTK
import GLibSupport
public import Web

/// Find in page over WebKit's find controller (`WebKitFindController`).
///
/// ``find(_:options:completion:)`` searches and highlights the first match; its completion
/// gets the number of matches from WebKit's "found-text" (or 0 on "failed-to-find-text").
/// ``findNext()`` and ``findPrevious()`` move the selected match, wrapping around when the
/// search asked for it. ``dismiss()`` ends the search (`webkit_find_controller_search_finish`).
@MainActor
public final class WebKitFindInPageController: FindInPageController {
    /// The most matches a search counts.
    public static let maxMatchCount: UInt32 = 1000

    private let controller: GObjectRef
    private var connections: [SignalConnection] = []
    /// What each awaited "found-text" / "failed-to-find-text" answers, in order: a search's
    /// completion, or nil for a move (next / previous), whose answer completes nothing.
    private var pending: [(@MainActor (Int) -> Void)?] = []

    /// The number of matches WebKit last reported (0 when the text was not found).
    public private(set) var matchCount = 0
    /// How many results (found or not found) WebKit reported, searches and moves included.
    public private(set) var resultCount = 0
    /// The text being searched, if any.
    public private(set) var searchText: String?

    init(findController: OpaquePointer) {
        controller = GObjectRef(retaining: UnsafeMutableRawPointer(findController))
        connections.append(
            SignalConnection.connect(controller.pointer, signal: "found-text") { [weak self] args in
                self?.received(Int(args.uint(at: 1)))
            })
        connections.append(
            SignalConnection.connect(controller.pointer, signal: "failed-to-find-text") { [weak self] _ in
                self?.received(0)
            })
        connections.append(
            SignalConnection.connect(controller.pointer, signal: "counted-matches") { [weak self] args in
                self?.matchCount = Int(args.uint(at: 1))
            })
    }

    private func received(_ count: Int) {
        resultCount += 1
        let awaited = pending.isEmpty ? nil : pending.removeFirst()
        // A move's answer counts one match, not all of them; it only says when none is left.
        guard let completion = awaited else {
            if count == 0 { matchCount = 0 }
            return
        }
        matchCount = count
        completion(count)
    }

    /// Searches for `text` and highlights the first match; `completion` gets the number of
    /// matches. An empty text ends the search and completes with 0.
    public func find(_ text: String, options: FindOptions, completion: @escaping @MainActor (Int) -> Void) {
        guard !text.isEmpty else {
            dismiss()
            completion(0)
            return
        }
        var flags = WEBKIT_FIND_OPTIONS_NONE.rawValue
        if !options.contains(.caseSensitive) { flags |= WEBKIT_FIND_OPTIONS_CASE_INSENSITIVE.rawValue }
        if options.contains(.wrapAround) { flags |= WEBKIT_FIND_OPTIONS_WRAP_AROUND.rawValue }
        searchText = text
        pending.append(completion)
        webkit_find_controller_search(controller.opaque, text, flags, Self.maxMatchCount)
    }

    /// Selects the next match.
    public func findNext() {
        guard searchText != nil else { return }
        pending.append(nil)
        webkit_find_controller_search_next(controller.opaque)
    }

    /// Selects the previous match.
    public func findPrevious() {
        guard searchText != nil else { return }
        pending.append(nil)
        webkit_find_controller_search_previous(controller.opaque)
    }

    /// Clears the highlights and ends the search; pending searches complete with 0.
    public func dismiss() {
        searchText = nil
        matchCount = 0
        webkit_find_controller_search_finish(controller.opaque)
        let completions = pending
        pending.removeAll()
        for completion in completions { completion?(0) }
    }
}
