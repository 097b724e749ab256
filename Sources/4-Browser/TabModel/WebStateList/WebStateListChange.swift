public import Web

/// A change of a ``WebStateList``, as reported to its observers.
@MainActor
public enum WebStateListChange {
    /// Only the active tab, pinned state or group of a tab changed.
    case statusOnly(StatusOnly)
    /// A tab was detached (and, if closing, is about to be destroyed).
    case detach(Detach)
    /// A tab moved.
    case move(Move)
    /// A tab was replaced by another.
    case replace(Replace)
    /// A tab was inserted.
    case insert(Insert)
    /// A group was created (still empty: its tabs move in afterwards).
    case groupCreate(TabGroup)
    /// A group's visual data changed.
    case groupVisualDataUpdate(group: TabGroup, oldVisualData: TabGroupVisualData)
    /// A whole group moved.
    case groupMove(group: TabGroup, fromRange: TabGroupRange, toRange: TabGroupRange)
    /// A group was deleted.
    case groupDelete(TabGroup)

    /// A status-only change.
    public struct StatusOnly {
        /// The tab concerned (the new active tab for an activation; nil when deactivating).
        public let webState: WebState?
        public let index: Int?
        public let pinnedStateChanged: Bool
        /// Its group before.
        public let oldGroup: TabGroup?
        /// Its group after.
        public let newGroup: TabGroup?
    }

    public struct Detach {
        /// The detached tab.
        public let detachedWebState: WebState
        /// Its index before the detach.
        public let detachedFromIndex: Int
        /// Whether it is being closed.
        public let isClosing: Bool
        /// Whether the user closed it.
        public let isUserAction: Bool
        /// Whether it is closed by a cleanup of old tabs.
        public let isTabsCleanup: Bool
        /// The group it was in.
        public let group: TabGroup?
    }

    public struct Move {
        /// The moved tab.
        public let movedWebState: WebState
        /// Its index before.
        public let oldIndex: Int
        /// Its index after.
        public let newIndex: Int
        public let pinnedStateChanged: Bool
        /// Its group before.
        public let oldGroup: TabGroup?
        /// Its group after.
        public let newGroup: TabGroup?
    }

    /// A replacement.
    public struct Replace {
        /// The tab that was removed.
        public let replacedWebState: WebState
        /// The tab put in its place.
        public let insertedWebState: WebState
        public let index: Int
    }

    /// An insertion.
    public struct Insert {
        /// The inserted tab.
        public let insertedWebState: WebState
        public let index: Int
        /// Its group, if any.
        public let group: TabGroup?
    }
}

/// The active tab before and after a change.
@MainActor
public struct WebStateListStatus {
    /// The active tab before.
    public let oldActiveWebState: WebState?
    /// The active tab after.
    public let newActiveWebState: WebState?

    /// Whether the active tab changed.
    public var activeWebStateChanged: Bool { oldActiveWebState !== newActiveWebState }
}

/// How a tab is being closed.
public struct WebStateListCloseFlags: OptionSet, Sendable {
    /// The raw bits.
    public let rawValue: Int
    /// Creates flags from bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// The user closed it.
    public static let userAction = WebStateListCloseFlags(rawValue: 1)
    /// An automatic cleanup of old tabs closed it.
    public static let tabsCleanup = WebStateListCloseFlags(rawValue: 2)
}
