/// A set of indices being removed from a list, with the arithmetic for "where does index i
/// end up once they are gone" (Chromium's RemovingIndexes).
public struct RemovingIndexes: Sendable, Equatable {
    /// The indices, ascending and unique.
    public let indices: [Int]

    /// Creates the set from any indices (sorted and de-duplicated).
    public init<S: Sequence>(_ indices: S) where S.Element == Int {
        self.indices = Array(Set(indices)).sorted()
    }

    /// The number of indices.
    public var count: Int { indices.count }
    /// Whether there are none.
    public var isEmpty: Bool { indices.isEmpty }

    /// Whether `index` is being removed.
    public func contains(_ index: Int) -> Bool { position(of: index).found }

    /// Where `index` ends up after the removal, or nil if it is removed itself.
    public func indexAfterRemoval(_ index: Int) -> Int? {
        let (found, position) = position(of: index)
        return found ? nil : index - position
    }

    private func position(of index: Int) -> (found: Bool, position: Int) {
        var low = 0
        var high = indices.count
        while low < high {
            let mid = (low + high) / 2
            if indices[mid] < index { low = mid + 1 } else { high = mid }
        }
        return (low < indices.count && indices[low] == index, low)
    }
}
