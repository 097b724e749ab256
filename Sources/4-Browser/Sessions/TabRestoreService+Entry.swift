public import Foundation
public import TabModel
public import Web

extension TabRestoreService {
    public struct ClosedTab: Sendable, Equatable {
        public let entryID: Int
        public var closedTime: Date
        /// The session id of the window it was in.
        public var windowSessionID: String?
        /// Its index in that window.
        public var index: Int
        public var isPinned: Bool
        public var groupID: TabGroupID?
        /// Its history and metadata.
        public var storage: WebStateStorage
    }

    public struct ClosedWindow: Sendable, Equatable {
        public let entryID: Int
        public var closedTime: Date
        public var windowSessionID: String?
        /// Its tabs, in order.
        public var tabs: [ClosedTab]
        public var activeIndex: Int?
        public var pinnedCount: Int
    }

    public enum Entry: Sendable, Equatable {
        case tab(ClosedTab)
        case window(ClosedWindow)

        public var id: Int {
            switch self {
            case .tab(let tab): tab.entryID
            case .window(let window): window.entryID
            }
        }
    }
}
