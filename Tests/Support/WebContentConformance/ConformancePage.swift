/// The pages the conformance scenarios visit (``WebContentScenario``); each driver serves
/// them its own way (``WebContentConformanceDriver/url(of:)``).
public enum ConformancePage: String, CaseIterable, Sendable {
    /// Pages titled "Page A", "Page B", "Page C".
    case a, b, c
    /// A redirect to ``a``.
    case redirecting
    /// A page the server has not: HTTP 404 with its own page, titled "Missing".
    case missing
    /// A redirect to itself, which the engine gives up following.
    case looping
    /// A page whose answer does not come: its load stays under way until it is stopped.
    case stalled
    /// A URL nothing answers at: its load fails before committing.
    case unreachable

    /// The title of what shows once the page has loaded: nil for a load that never ends, and
    /// for one that fails, whose error page is titled with the host.
    public var loadedTitle: String? {
        switch self {
        case .a, .redirecting: "Page A"
        case .b: "Page B"
        case .c: "Page C"
        case .missing: "Missing"
        case .looping, .stalled, .unreachable: nil
        }
    }
}
