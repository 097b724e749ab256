/// How a navigation came about, with Chromium's values (`ui/base/page_transition_types.h`):
/// one core type in the low byte and qualifier bits above it. The values are Chromium's own
/// so that a `visits.transition` column means the same in our history database and in a
/// Chromium `History` file.
public struct PageTransition: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: UInt32

    public init(rawValue: UInt32) { self.rawValue = rawValue }

    // Core types (`PAGE_TRANSITION_*`); exactly one is set.

    /// The user followed a link.
    public static let link = PageTransition(rawValue: 0)
    /// The user typed the URL in the location bar (or chose a suggestion of it that was typed).
    public static let typed = PageTransition(rawValue: 1)
    /// The user chose a bookmark.
    public static let autoBookmark = PageTransition(rawValue: 2)
    /// A subframe the page loaded by itself.
    public static let autoSubframe = PageTransition(rawValue: 3)
    /// A subframe the user navigated.
    public static let manualSubframe = PageTransition(rawValue: 4)
    /// The user chose a location bar suggestion that is not a URL (a search).
    public static let generated = PageTransition(rawValue: 5)
    /// A top-level page the browser loaded by itself (the start page, a command-line URL).
    public static let autoToplevel = PageTransition(rawValue: 6)
    /// The user submitted a form.
    public static let formSubmit = PageTransition(rawValue: 7)
    /// The user reloaded the page, or a tab was restored.
    public static let reload = PageTransition(rawValue: 8)
    /// A search engine keyword was used.
    public static let keyword = PageTransition(rawValue: 9)
    /// The visit a keyword search generated.
    public static let keywordGenerated = PageTransition(rawValue: 10)

    // Qualifiers (bits above the core type).

    /// Back or forward in the tab's history.
    public static let forwardBack = PageTransition(rawValue: 0x0100_0000)
    /// Started from the location bar.
    public static let fromAddressBar = PageTransition(rawValue: 0x0200_0000)
    /// The home page.
    public static let homePage = PageTransition(rawValue: 0x0400_0000)
    /// Started by another program (the command line, a desktop launcher).
    public static let fromAPI = PageTransition(rawValue: 0x0800_0000)
    /// The first navigation of a redirect chain.
    public static let chainStart = PageTransition(rawValue: 0x1000_0000)
    /// The last navigation of a redirect chain: the page that committed.
    public static let chainEnd = PageTransition(rawValue: 0x2000_0000)
    /// Reached through a client redirect (a script or a meta refresh).
    public static let clientRedirect = PageTransition(rawValue: 0x4000_0000)
    /// Reached through a server redirect (an HTTP 3xx).
    public static let serverRedirect = PageTransition(rawValue: 0x8000_0000)

    /// `PAGE_TRANSITION_CORE_MASK`.
    public static let coreMask: UInt32 = 0xFF
    /// `PAGE_TRANSITION_QUALIFIER_MASK`.
    public static let qualifierMask: UInt32 = 0xFFFF_FF00
    /// `PAGE_TRANSITION_IS_REDIRECT_MASK`.
    public static let redirectMask: UInt32 = 0xC000_0000

    /// The core type alone, without qualifiers (`PageTransitionStripQualifier`).
    public var core: PageTransition { PageTransition(rawValue: rawValue & Self.coreMask) }

    /// Whether the core type is `type` (`PageTransitionCoreTypeIs`).
    public func coreTypeIs(_ type: PageTransition) -> Bool { core == type.core }

    /// Whether any qualifier of `qualifiers` is set.
    public func has(_ qualifiers: PageTransition) -> Bool {
        rawValue & qualifiers.rawValue & Self.qualifierMask != 0
    }

    /// Whether this is a redirect hop (`PageTransitionIsRedirect`).
    public var isRedirect: Bool { rawValue & Self.redirectMask != 0 }

    /// This transition with `qualifiers` added.
    public func adding(_ qualifiers: PageTransition) -> PageTransition {
        PageTransition(rawValue: rawValue | (qualifiers.rawValue & Self.qualifierMask))
    }

    /// "typed|fromAddressBar": the core type's name and the qualifiers', for logs and tests.
    public var description: String {
        let coreNames = [
            "link", "typed", "autoBookmark", "autoSubframe", "manualSubframe", "generated", "autoToplevel",
            "formSubmit", "reload", "keyword", "keywordGenerated",
        ]
        let coreValue = Int(rawValue & Self.coreMask)
        var names = [coreValue < coreNames.count ? coreNames[coreValue] : "core(\(coreValue))"]
        let qualifierNames: [(PageTransition, String)] = [
            (.forwardBack, "forwardBack"), (.fromAddressBar, "fromAddressBar"), (.homePage, "homePage"),
            (.fromAPI, "fromAPI"), (.chainStart, "chainStart"), (.chainEnd, "chainEnd"),
            (.clientRedirect, "clientRedirect"), (.serverRedirect, "serverRedirect"),
        ]
        names += qualifierNames.filter { has($0.0) }.map(\.1)
        return names.joined(separator: "|")
    }
}
