/// What ``HistoryService/addImportedVisits(_:progress:)`` did with the visits it was given.
public struct HistoryImportCounts: Sendable, Hashable {
    /// Visits added to the file.
    public var added = 0
    /// Visits left out because the file held a visit of the same page at the same time (an
    /// import made before, or the same visit twice in one import).
    public var alreadyPresent = 0
    /// Visits of pages history does not keep (``HistoryService/canAddURL(_:)``).
    public var refused = 0
    /// Pages added to the file (rows of `urls` that did not exist).
    public var pagesAdded = 0

    public init(added: Int = 0, alreadyPresent: Int = 0, refused: Int = 0, pagesAdded: Int = 0) {
        self.added = added
        self.alreadyPresent = alreadyPresent
        self.refused = refused
        self.pagesAdded = pagesAdded
    }
}
