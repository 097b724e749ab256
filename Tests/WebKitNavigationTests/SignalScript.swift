import Foundation
import Web
import WebKitNavigation

/// Feeds a ``WebKitNavigationMachine`` a recorded signal sequence, written as
/// space-separated tokens, and records its outputs as short strings.
///
/// Tokens (paths are on `http://test.local`):
/// - `api`: the content's API starts a navigation (load, history move, reload) marked as a
///   link; `api:typed`, `api:reload`, `api:back` mark it so;
/// - `restore`, `restore-noload`: a session state is restored (and loads its entry, or not);
/// - `loading`, `notloading`: whether WebKit says the view is loading (no signal);
/// - `resource:200`: the status of the view's main resource (no signal);
/// - `uri:/a`, `uri:nil`: the view's URI changes ("notify::uri");
/// - `title:Page_A`: the title becomes "Page A" ("notify::title"; `title:` empties it);
/// - `progress:0.5`: the estimated progress ("notify::estimated-load-progress");
/// - `started`, `redirected`, `committed`, `finished`: "load-changed";
/// - `policy:allow`, `policy:allow-redirect`, `policy:cancel`, `policy:cancel-redirect`:
///   "decide-policy" for a navigation action (or a redirect), as the delegate answered, of
///   WebKit's type "other" with a user gesture; `policy:allow:link`, `policy:allow:form`,
///   `policy:allow:reload`, `policy:allow:bf`, `policy:allow:script` for a link clicked, a form
///   submitted, a reload, back or forward, a script's navigation without a user gesture;
/// - `status:200`: the main frame's response ("decide-policy" of a response);
/// - `tls`: "load-failed-with-tls-errors" for an untrusted authority (`tls:expired`, or
///   another ``CertificateStatus`` name, for that problem);
/// - `cert:trusted`, `cert:untrusted`, `cert:none`: what WebKit's TLS information of the view
///   says (trusted, an unknown authority, no TLS), read at commit (no signal);
/// - `failed:unreachable` (or `cancelled`, `other`), `failed:cancelled:/slow`:
///   "load-failed" for the view's URI, or for the path given;
/// - `bf`: the back-forward list changed;
/// - `favicon:/icon.png`, `favicon:none`: "notify::favicon";
/// - `crash`: "web-process-terminated";
/// - `idle`: the main loop runs the completion the machine scheduled (it must have one).
///
/// Outputs: `startLoading`, `start(/a)` (`start(/a same-document)`), `redirect(/b)`,
/// `finish(/a committed 200)`, `finish(/a error unreachable)`, `progress(0.5)`,
/// `backForward`, `title(A)`, `stopLoading`, `loaded(success)`, `loaded(failure tls)`,
/// `favicon(/icon.png)`, `crashed`, `errorPage(/a unreachable)`; the idle scheduling and
/// history-cache outputs are kept apart (``scheduled``), and so are the security changes
/// (``securityChanges``: `authenticated`, `unauthenticated`, `broken(unknownAuthority)`,
/// `unknown`).
@MainActor
final class SignalScript {
    static let origin = "http://test.local"

    /// Loads /a, titled "Page A", as WebKit reports it.
    nonisolated static let loadA =
        "api loading uri:/a progress:0.1 policy:allow started status:200 progress:0.5 bf committed title:Page_A"
        + " progress:1.0 notloading finished idle"

    let view = FakeWebView()
    private(set) var outputs: [String] = []
    private(set) var rawOutputs: [WebKitNavigationOutput] = []
    /// Whether a completion is scheduled and not cancelled.
    private(set) var scheduled = false
    /// The machine's ``WebKitNavigationMachine/sslStatus`` at each security change it reported.
    private(set) var securityChanges: [String] = []
    private var nextNavigationID: Int64 = 0
    private(set) var machine: WebKitNavigationMachine!
    /// Runs for each output, after it was recorded (a delegate reacting to an event).
    var onOutput: (WebKitNavigationOutput) -> Void = { _ in }

    init() {
        machine = WebKitNavigationMachine(
            view: view,
            newNavigationID: { [unowned self] in
                nextNavigationID += 1
                return nextNavigationID
            },
            output: { [unowned self] in record($0) })
    }

    /// Runs `script` and returns the outputs it produced.
    @discardableResult
    func run(_ script: String) -> [String] {
        let before = outputs.count
        for token in script.split(separator: " ") { send(String(token)) }
        return Array(outputs[before...])
    }

    /// The navigation contexts of the finish events.
    var finishedNavigations: [NavigationContext] {
        rawOutputs.compactMap {
            if case .event(.didFinishNavigation(let context)) = $0 { context } else { nil }
        }
    }

    /// The navigation contexts of the start events.
    var startedNavigations: [NavigationContext] {
        rawOutputs.compactMap {
            if case .event(.didStartNavigation(let context)) = $0 { context } else { nil }
        }
    }

    static func url(_ path: String) -> URL { URL(string: origin + path)! }

    private func send(_ token: String) {
        let (name, argument) = Self.split(token)
        switch name {
        case "api":
            let transition: PageTransition =
                switch argument {
                case "typed": .typed
                case "reload": .reload
                case "back": PageTransition.link.adding(.forwardBack)
                default: .link
                }
            machine.handle(.apiNavigationStarted(transition))
        case "restore": machine.handle(.sessionRestored(loadsCurrentItem: true))
        case "restore-noload": machine.handle(.sessionRestored(loadsCurrentItem: false))
        case "loading": view.isLoading = true
        case "notloading": view.isLoading = false
        case "resource": view.mainResourceStatus = Int(argument)!
        case "uri":
            view.uri = argument == "nil" ? nil : Self.url(argument)
            machine.handle(.uriChanged)
        case "title":
            view.title = argument.replacingOccurrences(of: "_", with: " ")
            machine.handle(.titleChanged)
        case "progress":
            view.estimatedProgress = Double(argument)!
            machine.handle(.estimatedProgressChanged)
        case "started": machine.handle(.loadStarted)
        case "redirected": machine.handle(.loadRedirected)
        case "committed": machine.handle(.loadCommitted)
        case "finished": machine.handle(.loadFinished)
        case "policy":
            let (answer, typeName) = Self.split(argument)
            let type: NavigationActionType =
                switch typeName {
                case "link": .linkClicked
                case "form": .formSubmitted
                case "reload": .reload
                case "bf": .backForward
                case "script": .other(userGesture: false)
                default: .other(userGesture: true)
                }
            machine.handle(
                .navigationPolicyDecided(
                    answer.hasPrefix("allow") ? .allow : .cancel, isRedirect: answer.hasSuffix("-redirect"),
                    type: type, url: view.uri))
        case "status": machine.handle(.mainFrameResponse(status: Int(argument)!))
        case "tls": machine.handle(.loadFailedWithTLSErrors(Self.certificateStatus(argument)))
        case "cert":
            view.certificateErrors =
                switch argument {
                case "trusted": []
                case "untrusted": .unknownAuthority
                default: nil
                }
        case "failed":
            let (name, path) = Self.split(argument)
            let uri = path.isEmpty ? view.uri : Self.url(path)
            let kind: WebLoadError.Kind =
                switch name {
                case "unreachable": .unreachable
                case "cancelled": .cancelled
                default: .other
                }
            let error = WebLoadError(kind: kind, domain: "test", code: 1, message: name, url: uri)
            machine.handle(.loadFailed(error: error, uri: uri?.absoluteString))
        case "bf": machine.handle(.backForwardListChanged)
        case "favicon": machine.handle(.faviconChanged(argument == "none" ? nil : Self.url(argument)))
        case "crash": machine.handle(.webProcessTerminated)
        case "idle":
            precondition(scheduled, "SignalScript: `idle` with no completion scheduled")
            machine.handle(.completionDue)
        default: preconditionFailure("SignalScript: unknown token \(token)")
        }
    }

    /// The path of `url`, with its query and fragment.
    private static func show(_ url: URL) -> String {
        url.path + (url.query.map { "?" + $0 } ?? "") + (url.fragment.map { "#" + $0 } ?? "")
    }

    private static func certificateStatus(_ name: String) -> CertificateStatus {
        switch name {
        case "", "unknownAuthority": .unknownAuthority
        case "badIdentity": .badIdentity
        case "expired": .expired
        case "revoked": .revoked
        default: .genericError
        }
    }

    /// `status` as a security change is written.
    static func describe(_ status: SSLStatus) -> String {
        switch status.securityStyle {
        case .unknown: "unknown"
        case .unauthenticated: "unauthenticated"
        case .authenticated: "authenticated"
        case .authenticationBroken:
            "broken(" + describe(status.certificateStatus) + ")"
        }
    }

    private static func describe(_ status: CertificateStatus) -> String {
        let names: [(CertificateStatus, String)] = [
            (.unknownAuthority, "unknownAuthority"), (.badIdentity, "badIdentity"),
            (.notActivated, "notActivated"),
            (.expired, "expired"), (.revoked, "revoked"), (.insecure, "insecure"),
            (.genericError, "genericError"),
        ]
        return names.filter { status.contains($0.0) }.map(\.1).joined(separator: ",")
    }

    private static func split(_ token: String) -> (String, String) {
        guard let colon = token.firstIndex(of: ":") else { return (token, "") }
        return (String(token[..<colon]), String(token[token.index(after: colon)...]))
    }

    private func record(_ output: WebKitNavigationOutput) {
        rawOutputs.append(output)
        switch output {
        case .event(.visibleSecurityStateChanged): securityChanges.append(Self.describe(machine.sslStatus))
        case .event(let event): outputs.append(describe(event))
        case .showErrorPage(let error, let uri):
            outputs.append("errorPage(\(Self.show(URL(string: uri)!)) \(error.kind))")
        case .scheduleCompletion: scheduled = true
        case .cancelCompletion: scheduled = false
        case .historyChanged: break
        }
        onOutput(output)
    }

    private func describe(_ event: WebContentEvent) -> String {
        switch event {
        case .didStartNavigation(let context):
            "start(\(Self.show(context.url))\(context.isSameDocument ? " same-document" : ""))"
        case .didRedirectNavigation(let context): "redirect(\(Self.show(context.url)))"
        case .didFinishNavigation(let context):
            "finish(\(Self.show(context.url))\(context.isSameDocument ? " same-document" : "")"
                + (context.hasCommitted ? " committed" : "")
                + (context.httpStatusCode.map { " \($0)" } ?? "")
                + (context.error.map { " error \($0.kind)" } ?? "") + ")"
        case .didStartLoading: "startLoading"
        case .didStopLoading: "stopLoading"
        case .pageLoaded(.success): "loaded(success)"
        case .pageLoaded(.failure(let error)): "loaded(failure \(error.kind))"
        case .loadProgressChanged(let progress): "progress(\(progress))"
        case .backForwardStateChanged: "backForward"
        case .titleChanged: "title(\(view.title))"
        case .visibleSecurityStateChanged: "securityState"
        case .faviconURLChanged(let url): "favicon(\(url?.path ?? "none"))"
        case .renderProcessGone: "crashed"
        case .hoveredLinkChanged(let url): "hoveredLink(\(url?.path ?? "none"))"
        case .scriptCommand(let command): "script(\(command.name))"
        case .mediaCaptureStateChanged: "mediaCapture"
        }
    }
}
