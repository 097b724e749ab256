/// A group of contiguous tabs in a ``WebStateList``. Owned by the list; compared by identity.
@MainActor
public final class TabGroup: Hashable {
    /// The group's identifier.
    public let id: TabGroupID
    /// How the group looks.
    public internal(set) var visualData: TabGroupVisualData
    /// The indices of the group's tabs in its list.
    public internal(set) var range: TabGroupRange

    init(id: TabGroupID, visualData: TabGroupVisualData, range: TabGroupRange) {
        self.id = id
        self.visualData = visualData
        self.range = range
    }

    /// Identity.
    nonisolated public static func == (lhs: TabGroup, rhs: TabGroup) -> Bool { lhs === rhs }
    /// Identity.
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
