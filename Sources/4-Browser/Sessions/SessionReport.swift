public import Foundation

/// What ``SessionInspector`` found in a user data directory: every profile's windows with
/// their tabs, and its recently closed tabs and windows. Encodes to JSON as
/// `swiftlet sessions show --json` prints it.
public struct SessionReport: Sendable, Equatable, Encodable {
    /// A window's standing at the next launch, as the launch decides it from `Local State`.
    public enum WindowState: String, Sendable, Encodable {
        /// The next launch keeps it: restores it (it is listed as open, or `Local State` does
        /// not say which windows are open), or after a crash offers to restore it.
        case open
        /// The next launch does not: the user closed it, and it goes to recently closed and
        /// its files are deleted (an incognito window after a clean quit is deleted).
        case closed
    }

    /// A tab of a window.
    public struct Tab: Sendable, Equatable, Encodable {
        /// Position in the window.
        public var index: Int
        /// The tab's identifier (its files are under the eight hex digit directory of it).
        public var id: Int32
        /// The directory holding the tab's files.
        public var directory: String
        /// The title of its current page.
        public var title: String
        /// The URL of its current page.
        public var url: String
        public var pinned: Bool
        /// Whether it is the window's active tab.
        public var active: Bool
        /// The title of its tab group, if it is in one.
        public var group: String?
        /// The index of the tab that opened it, if any.
        public var opener: Int?
        /// How many entries its back-forward history has.
        public var navigationItemCount: Int
        /// When it was last active.
        public var lastActiveTime: Date
        /// Whether it was loading when the list was saved (it will not reload by itself
        /// after a crash).
        public var wasLoading: Bool
        /// Whether its full history (`data.pb`) is on disk.
        public var hasData: Bool
        /// Whether the engine's native state (`state.pb`) is on disk.
        public var hasNativeState: Bool
    }

    /// A tab group of a window.
    public struct Group: Sendable, Equatable, Encodable {
        public var title: String
        /// Its colour's name.
        public var color: String
        public var collapsed: Bool
        /// The index of its first tab.
        public var start: Int
        /// How many tabs it has.
        public var count: Int
    }

    /// A window session.
    public struct Window: Sendable, Equatable, Encodable {
        /// The session identifier (its directory under `SessionStorage`).
        public var sessionID: String
        /// The profile it belongs to.
        public var profile: String
        /// Whether it is an incognito window (stored under the profile's `OTR` directory).
        public var incognito: Bool
        /// Whether the next launch restores it.
        public var state: WindowState
        /// The format version of its list (0 when unreadable or absent).
        public var formatVersion: Int32
        /// Its tabs in order.
        public var tabs: [Tab]
        /// Its tab groups.
        public var groups: [Group]
        /// What is wrong with its files, if anything.
        public var problems: [SessionProblem]
    }

    /// A recently closed tab or window.
    public struct ClosedEntry: Sendable, Equatable, Encodable {
        /// What was closed.
        public enum Kind: String, Sendable, Encodable {
            /// One tab.
            case tab
            /// A whole window.
            case window
        }

        /// What was closed.
        public var kind: Kind
        /// When it was closed.
        public var closedTime: Date
        /// The window session it was closed from, if known.
        public var windowSessionID: String?
        /// A closed tab's former index in its window.
        public var index: Int?
        /// A closed tab's title.
        public var title: String?
        /// A closed tab's URL.
        public var url: String?
        /// A closed tab's number of history entries.
        public var navigationItemCount: Int?
        /// A closed window's tabs, in order.
        public var tabs: [ClosedEntry]?
    }

    public struct Profile: Sendable, Equatable, Encodable {
        /// The profile's name (its directory).
        public var name: String
        /// Its windows: regular ones first, then incognito ones.
        public var windows: [Window]
        /// Its recently closed entries, newest first.
        public var recentlyClosed: [ClosedEntry]
        /// What is wrong with its files, if anything.
        public var problems: [SessionProblem]
    }

    /// The directory that was read.
    public var userDataDirectory: String
    /// Whether `Local State` says the last run ended without shutting down in order.
    public var lastRunCrashed: Bool
    /// The profiles, by name.
    public var profiles: [Profile]
    /// What is wrong with the directory's own files (e.g. `Local State`).
    public var problems: [SessionProblem]

    /// Every window of every profile.
    public var windows: [Window] { profiles.flatMap(\.windows) }

    /// Every problem found, of the directory, its profiles and their windows.
    public var allProblems: [SessionProblem] {
        problems + profiles.flatMap { $0.problems + $0.windows.flatMap(\.problems) }
    }
}
