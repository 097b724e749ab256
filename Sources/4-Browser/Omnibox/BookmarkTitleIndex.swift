public import Bookmarks
public import Foundation

/// The words of every bookmark's title and URL, for the location bar's bookmark rows
/// (Chromium's `TitledUrlIndex`, components/bookmarks/browser/titled_url_index.cc): a sorted
/// list of the words, each with the bookmarks that hold it, kept current through the model's
/// observer, so that a keystroke looks up the words it begins (a binary search) instead of
/// scanning the tree. A batch of changes (an import) rebuilds it once, at its end.
///
/// A whole build (at the first window, after a load or a batch) runs on a queue of its own:
/// the main thread only lists the bookmarks (id, title, URL, date), and the words are folded,
/// sorted and posted off it, then installed in one step; until then the index answers from
/// what it had. A change made while a build runs starts another once it is installed.
///
/// Each bookmark has a slot (a small integer, reused after a removal); a query counts, per
/// slot, how many of its terms the slot has matched so far, in an array stamped with a
/// generation number, so that neither a set nor a dictionary is built per keystroke.
@MainActor
public final class BookmarkTitleIndex: BookmarkSource, BookmarkModelObserver {
    /// What a build needs of a bookmark, read on the main thread.
    private struct Listed: Sendable {
        let id: Int64
        let title: String
        let url: URL
        let recency: Double
    }

    /// A build's result, made off the main thread.
    private struct Built: Sendable {
        var entries: [Entry?] = []
        var slots: [Int64: Int32] = [:]
        var words: [[UInt8]] = []
        var postings: [[Int32]] = []
    }

    private struct Entry: Sendable {
        let id: Int64
        let title: String
        let url: URL
        /// When it was last used, else added (seconds since 2001): the order of the results.
        let recency: Double
        let words: [[UInt8]]
    }

    private let model: BookmarkModel
    private var entries: [Entry?] = []
    private var slots: [Int64: Int32] = [:]
    private var freeSlots: [Int32] = []
    /// The distinct words, sorted bytewise, and the slots of each word (same order).
    private var words: [[UInt8]] = []
    private var postings: [[Int32]] = []
    /// Each slot's ``Entry/recency`` (0 for a free slot), apart so that a query reads no entry
    /// it does not return.
    private var recencies: [Double] = []
    private var counts: [Int32] = []
    private var generations: [UInt32] = []
    private var generation: UInt32 = 0
    private var isBatching = false
    private var isBuilding = false
    private var changedDuringBuild = false
    private var buildWaiters: [CheckedContinuation<Void, Never>] = []
    private static let buildQueue = DispatchQueue(
        label: "swiftlet.omnibox.bookmark-index", qos: .userInitiated)

    /// An index of `model`'s bookmarks, following its changes until it goes.
    public init(model: BookmarkModel) {
        self.model = model
        model.addObserver(self)
        rebuild()
    }

    isolated deinit {
        model.removeObserver(self)
    }

    /// The bookmarks indexed.
    public var count: Int { slots.count }

    /// Returns once no build is under way (every change made so far is in the index).
    public func waitUntilBuilt() async {
        guard isBuilding else { return }
        await withCheckedContinuation { buildWaiters.append($0) }
    }

    // MARK: BookmarkSource

    public func isBookmarked(_ url: URL) -> Bool { model.isBookmarked(url) }

    public func bookmarks(matching terms: [String], maxCount: Int) -> [(title: String, url: URL)] {
        let terms = terms.map { Array($0.utf8) }.filter { !$0.isEmpty }
        guard !terms.isEmpty, maxCount > 0, !slots.isEmpty else { return [] }
        generation &+= 1
        if generation == 0 {
            generations = Array(repeating: 0, count: generations.count)
            generation = 1
        }
        var matched: [Int32] = []
        for (termIndex, term) in terms.enumerated() {
            let isLast = termIndex == terms.count - 1
            var position = lowerBound(term)
            while position < words.count, words[position].starts(with: term) {
                for slot in postings[position] {
                    let index = Int(slot)
                    let count = generations[index] == generation ? counts[index] : 0
                    guard count == Int32(termIndex) else { continue }
                    generations[index] = generation
                    counts[index] = count + 1
                    if isLast { matched.append(slot) }
                }
                position += 1
            }
        }
        // The `maxCount` most recent, without sorting them all: a short sorted list that a
        // candidate enters only when it beats its last.
        var best: [(slot: Int32, recency: Double)] = []
        best.reserveCapacity(min(maxCount, matched.count) + 1)
        for slot in matched {
            let recency = recencies[Int(slot)]
            if best.count == maxCount {
                guard recency > best[maxCount - 1].recency else { continue }
                best.removeLast()
            }
            var position = best.count
            while position > 0, best[position - 1].recency < recency { position -= 1 }
            best.insert((slot, recency), at: position)
        }
        return best.compactMap { entries[Int($0.slot)].map { ($0.title, $0.url) } }
    }

    /// The position of the first word not below `term`.
    private func lowerBound(_ term: [UInt8]) -> Int {
        var low = 0
        var high = words.count
        while low < high {
            let middle = (low + high) / 2
            if words[middle].lexicographicallyPrecedes(term) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    // MARK: Keeping current

    /// Builds the index again from the model, off the main thread.
    private func rebuild() {
        guard !isBuilding else {
            changedDuringBuild = true
            return
        }
        isBuilding = true
        changedDuringBuild = false
        let listed = model.root.subtree.compactMap(Self.listed)
        Self.buildQueue.async {
            let built = Self.build(listed)
            DispatchQueue.main.async {
                MainActor.assumeIsolated { [weak self] in self?.install(built) }
            }
        }
    }

    private func install(_ built: Built) {
        isBuilding = false
        entries = built.entries
        slots = built.slots
        freeSlots = []
        words = built.words
        postings = built.postings
        counts = Array(repeating: 0, count: entries.count)
        generations = Array(repeating: 0, count: entries.count)
        recencies = entries.map { $0?.recency ?? 0 }
        if changedDuringBuild {
            rebuild()
            return
        }
        let waiters = buildWaiters
        buildWaiters = []
        for waiter in waiters { waiter.resume() }
    }

    private nonisolated static func build(_ listed: [Listed]) -> Built {
        var built = Built()
        var byWord: [[UInt8]: [Int32]] = [:]
        for item in listed {
            let entry = entry(item)
            let slot = Int32(built.entries.count)
            built.entries.append(entry)
            built.slots[item.id] = slot
            for word in entry.words { byWord[word, default: []].append(slot) }
        }
        built.words = byWord.keys.sorted { $0.lexicographicallyPrecedes($1) }
        built.postings = built.words.map { byWord[$0]! }
        return built
    }

    private static func listed(_ node: BookmarkNode) -> Listed? {
        guard let url = node.url else { return nil }
        return Listed(
            id: node.id, title: node.title, url: url,
            recency: (node.dateLastUsed ?? node.dateAdded).timeIntervalSinceReferenceDate)
    }

    private nonisolated static func entry(_ item: Listed) -> Entry {
        // The words of the URL as shown and of the title (not the suffixes of host words the
        // history index adds: `TitledUrlIndex` indexes words only).
        var distinct = Set<IndexWord>()
        let text = TitledURL(url: item.url, title: item.title)
        for word in FoldedText.words(text.contentsBytes) { distinct.insert(IndexWord(word)) }
        for word in FoldedText.words(text.titleBytes) { distinct.insert(IndexWord(word)) }
        return Entry(
            id: item.id, title: item.title, url: item.url, recency: item.recency,
            words: distinct.map { Array($0.bytes) })
    }

    private func add(_ node: BookmarkNode) {
        for added in node.subtree where added.isURL {
            guard slots[added.id] == nil, let item = Self.listed(added) else { continue }
            let entry = Self.entry(item)
            let slot: Int32
            if let free = freeSlots.popLast() {
                slot = free
                entries[Int(slot)] = entry
                recencies[Int(slot)] = entry.recency
            } else {
                slot = Int32(entries.count)
                entries.append(entry)
                recencies.append(entry.recency)
                counts.append(0)
                generations.append(0)
            }
            slots[added.id] = slot
            for word in entry.words {
                let position = lowerBound(word)
                if position < words.count, words[position] == word {
                    postings[position].append(slot)
                } else {
                    words.insert(word, at: position)
                    postings.insert([slot], at: position)
                }
            }
        }
    }

    private func remove(_ node: BookmarkNode) {
        for removed in node.subtree where removed.isURL {
            guard let slot = slots.removeValue(forKey: removed.id), let entry = entries[Int(slot)] else {
                continue
            }
            entries[Int(slot)] = nil
            recencies[Int(slot)] = 0
            freeSlots.append(slot)
            for word in entry.words {
                let position = lowerBound(word)
                guard position < words.count, words[position] == word else { continue }
                postings[position].removeAll { $0 == slot }
                if postings[position].isEmpty {
                    words.remove(at: position)
                    postings.remove(at: position)
                }
            }
        }
    }

    // MARK: BookmarkModelObserver

    public func bookmarkModelLoaded(_ model: BookmarkModel) { rebuild() }

    public func bookmarkModel(
        _ model: BookmarkModel, didAdd node: BookmarkNode, to parent: BookmarkNode, at index: Int
    ) {
        guard !isBatching else { return }
        if isBuilding { changedDuringBuild = true }
        add(node)
    }

    public func bookmarkModel(
        _ model: BookmarkModel, didRemove node: BookmarkNode, from parent: BookmarkNode, at index: Int
    ) {
        guard !isBatching else { return }
        if isBuilding { changedDuringBuild = true }
        remove(node)
    }

    public func bookmarkModel(_ model: BookmarkModel, didChange node: BookmarkNode) {
        guard !isBatching else { return }
        if isBuilding { changedDuringBuild = true }
        remove(node)
        add(node)
    }

    public func bookmarkModelWillBeginExtensiveChanges(_ model: BookmarkModel) { isBatching = true }

    public func bookmarkModelDidEndExtensiveChanges(_ model: BookmarkModel) {
        isBatching = false
        rebuild()
    }
}
