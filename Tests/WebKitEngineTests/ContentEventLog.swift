import Foundation
import Web

/// A ``WebContentDelegate`` that records events as short strings and answers policy
/// questions with `decide`.
@MainActor
final class ContentEventLog: WebContentDelegate {
    private(set) var events: [String] = []
    private(set) var rawEvents: [WebContentEvent] = []
    private(set) var policyRequests: [NavigationRequest] = []
    var decide: (NavigationRequest) -> PolicyDecision = { _ in .allow }

    init(_ content: (any WebContent)? = nil) {
        content?.delegate = self
    }

    /// The content's favicon when it reported the last committed navigation (nil: none was).
    private(set) var faviconAtCommit: Data??

    func webContent(_ content: any WebContent, didReport event: WebContentEvent) {
        if case .didFinishNavigation(let context) = event, context.hasCommitted {
            faviconAtCommit = .some(content.favicon)
        }
        rawEvents.append(event)
        events.append(Self.describe(event, content: content))
    }

    func webContent(_ content: any WebContent, decidePolicyFor request: NavigationRequest) -> PolicyDecision {
        policyRequests.append(request)
        return decide(request)
    }

    func reset() {
        events.removeAll()
        rawEvents.removeAll()
    }

    var pageLoadedCount: Int { rawEvents.count { if case .pageLoaded = $0 { true } else { false } } }

    /// The status of the last page-loaded event.
    var lastPageLoaded: PageLoadCompletionStatus? {
        for event in rawEvents.reversed() { if case .pageLoaded(let status) = event { return status } }
        return nil
    }

    /// The navigation contexts of the finish events.
    var finishedNavigations: [NavigationContext] {
        rawEvents.compactMap { if case .didFinishNavigation(let context) = $0 { context } else { nil } }
    }

    /// The index of the first event equal to `name` (or starting with `name(`).
    func index(of name: String) -> Int? { events.firstIndex { $0 == name || $0.hasPrefix(name + "(") } }

    static func describe(_ event: WebContentEvent, content: any WebContent) -> String {
        switch event {
        case .didStartNavigation(let context): "didStartNavigation(\(context.url.path))"
        case .didRedirectNavigation(let context): "didRedirectNavigation(\(context.url.path))"
        case .didFinishNavigation(let context):
            "didFinishNavigation(\(context.url.path)\(context.hasCommitted ? " committed" : "")"
                + "\(context.error != nil ? " error" : ""))"
        case .didStartLoading: "didStartLoading"
        case .didStopLoading: "didStopLoading"
        case .pageLoaded(.success): "pageLoaded(success)"
        case .pageLoaded(.failure(let error)): "pageLoaded(failure \(error.kind))"
        case .loadProgressChanged(let progress): "loadProgressChanged(\(progress))"
        case .backForwardStateChanged: "backForwardStateChanged"
        case .titleChanged: "titleChanged(\(content.title))"
        case .visibleSecurityStateChanged: "visibleSecurityStateChanged"
        case .faviconURLChanged(let url): "faviconURLChanged(\(url?.path ?? "nil"))"
        case .renderProcessGone: "renderProcessGone"
        case .hoveredLinkChanged(let url): "hoveredLinkChanged(\(url?.path ?? "nil"))"
        case .scriptCommand(let command): "scriptCommand(\(command.name))"
        case .mediaCaptureStateChanged: "mediaCaptureStateChanged"
        }
    }
}
