import Foundation
import History

/// The index's data: the entries, and every word of their URLs and titles with the entries
/// holding it, the words sorted so that the words a typed prefix begins are one range. After
/// Chromium's `URLIndexPrivateData` (components/omnibox/browser/url_index_private_data.cc),
/// whose word list, word map and word-to-history map this folds into `words` and
/// `postings`. A value: built off the main thread, then handed over.
struct URLIndexPrivateData: Sendable {
    /// The entries by slot; nil for a slot freed by a deletion.
    private(set) var entries: [URLIndexEntry?] = []
    /// Each entry's key for trimming the candidates (``SignificanceKey``), by slot.
    private(set) var significance: [SignificanceKey] = []
    private var slotByURL: [String: Int32] = [:]
    private var freeSlots: [Int32] = []
    /// Every word, sorted by its bytes.
    private var words: [[UInt8]] = []
    /// The slots of the entries holding each word of `words`.
    private var postings: [[Int32]] = []
    /// The candidates of the one-word queries of one or two bytes, whose words hold most of
    /// the index (Chromium's `search_term_cache_` has the same purpose): the first letters
    /// are computed with the index, off the main thread, the others when first typed. A
    /// visit adds its page where it ranks; a deletion empties the cache.
    private var shortQueryCache: [[UInt8]: [Int32]] = [:]
    private static let shortQueryLength = 2

    init() {}

    /// The index of `rows`, the ones that qualify (``URLIndexEntry/qualifies(_:now:)``).
    init(rows: [URLRow], now: Date) {
        // Words get ids as they come, and the words of a host (with the suffixes of its labels)
        // are found once per host: most pages share their host with others.
        var idByWord: [IndexWord: Int32] = [:]
        idByWord.reserveCapacity(rows.count)
        var wordOfID: [ArraySlice<UInt8>] = []
        var slotsOfID: [[Int32]] = []
        var hostWordIDs: [IndexWord: [Int32]] = [:]
        func id(_ word: ArraySlice<UInt8>) -> Int32 {
            if let id = idByWord[IndexWord(word)] { return id }
            let id = Int32(wordOfID.count)
            idByWord[IndexWord(word)] = id
            wordOfID.append(word)
            slotsOfID.append([])
            return id
        }
        entries.reserveCapacity(rows.count)
        significance.reserveCapacity(rows.count)
        slotByURL.reserveCapacity(rows.count)
        for row in rows
        where URLIndexEntry.qualifies(row, now: now) && slotByURL[row.url.absoluteString] == nil {
            let entry = URLIndexEntry(row: row)
            let slot = Int32(entries.count)
            entries.append(entry)
            significance.append(SignificanceKey(row))
            slotByURL[row.url.absoluteString] = slot
            let text = entry.text
            let host = IndexWord(text.contentsBytes[..<text.hostEnd])
            let hostIDs =
                hostWordIDs[host]
                ?? {
                    var ids: [Int32] = []
                    text.forEachIndexWord(inHost: true) { ids.append(id($0)) }
                    hostWordIDs[host] = ids
                    return ids
                }()
            // An entry's slot is the last of a word's postings when the entry repeats it.
            for id in hostIDs { slotsOfID[Int(id)].appendUnlessLast(slot) }
            text.forEachIndexWord(inHost: false) { slotsOfID[Int(id($0))].appendUnlessLast(slot) }
        }
        let order = wordOfID.indices.sorted { wordOfID[$0].lexicographicallyPrecedes(wordOfID[$1]) }
        words = order.map { Array(wordOfID[$0]) }
        postings = order.map { slotsOfID[$0] }
    }

    var count: Int { slotByURL.count }

    func entry(for url: URL) -> URLIndexEntry? { slotByURL[url.absoluteString].flatMap { entries[Int($0)] } }

    /// Adds `row` or updates its entry (a new title, new counts), with `visit` as its latest
    /// visit when given; removes it when it no longer qualifies.
    mutating func update(_ row: URLRow, visit: URLIndexEntry.Visit?, now: Date) {
        guard URLIndexEntry.qualifies(row, now: now) else {
            remove(row.url)
            return
        }
        if let slot = slotByURL[row.url.absoluteString], var entry = entries[Int(slot)] {
            let oldWords = entry.text.indexWords
            if entry.row.title != row.title { entry.text = TitledURL(url: row.url, title: row.title) }
            entry.row = row
            if let visit {
                entry.visits.insert(visit, at: 0)
                entry.visits = Array(entry.visits.prefix(AutocompleteConstants.maxVisitsToScore))
            }
            let newWords = entry.text.indexWords
            entries[Int(slot)] = entry
            significance[Int(slot)] = SignificanceKey(row)
            for word in oldWords.subtracting(newWords) { removePosting(slot, word: word) }
            for word in newWords.subtracting(oldWords) { addPosting(slot, word: word) }
            addToShortQueryCache(slot, words: newWords)
            return
        }
        var entry = URLIndexEntry(row: row)
        if let visit, !entry.visits.contains(visit) {
            entry.visits.insert(visit, at: 0)
            entry.visits = Array(entry.visits.prefix(AutocompleteConstants.maxVisitsToScore))
        }
        let slot: Int32
        if let free = freeSlots.popLast() {
            slot = free
            entries[Int(slot)] = entry
            significance[Int(slot)] = SignificanceKey(row)
        } else {
            slot = Int32(entries.count)
            entries.append(entry)
            significance.append(SignificanceKey(row))
        }
        slotByURL[row.url.absoluteString] = slot
        let words = entry.text.indexWords
        for word in words { addPosting(slot, word: word) }
        addToShortQueryCache(slot, words: words)
    }

    mutating func remove(_ url: URL) {
        guard let slot = slotByURL.removeValue(forKey: url.absoluteString), let entry = entries[Int(slot)]
        else { return }
        for word in entry.text.indexWords { removePosting(slot, word: word) }
        entries[Int(slot)] = nil
        freeSlots.append(slot)
        shortQueryCache = [:]
    }

    /// The slots of ``slots(matching:marks:generation:)``, the most significant
    /// ``AutocompleteConstants/itemsToScoreLimit`` when there are more.
    mutating func candidateSlots(
        for queryWords: [[UInt8]], marks: inout [UInt32], generation: inout UInt32
    ) -> [Int32] {
        let cacheable = queryWords.count == 1 && queryWords[0].count <= Self.shortQueryLength
        if cacheable, let cached = shortQueryCache[queryWords[0]] { return cached }
        var slots = slots(matching: queryWords, marks: &marks, generation: &generation)
        if slots.count > AutocompleteConstants.itemsToScoreLimit {
            slots = Self.mostSignificant(
                slots, limit: AutocompleteConstants.itemsToScoreLimit, keys: significance)
        }
        if cacheable { shortQueryCache[queryWords[0]] = slots }
        return slots
    }

    /// Fills the cache of the one-letter queries (a build does it, off the main thread).
    mutating func precomputeFirstLetters() {
        var firstBytes = Set<UInt8>()
        for word in words { if let first = word.first { firstBytes.insert(first) } }
        var marks: [UInt32] = []
        var generation: UInt32 = 0
        for byte in firstBytes where FoldedText.isWordByte(byte) && byte < 0x80 {
            _ = candidateSlots(for: [[byte]], marks: &marks, generation: &generation)
        }
    }

    /// Puts `slot` in the cached candidates of the short prefixes of `words` where it ranks.
    private mutating func addToShortQueryCache(_ slot: Int32, words: Set<IndexWord>) {
        guard !shortQueryCache.isEmpty else { return }
        var prefixes = Set<[UInt8]>()
        for word in words {
            for length in 1...min(Self.shortQueryLength, word.bytes.count) {
                prefixes.insert(Array(word.bytes.prefix(length)))
            }
        }
        let key = significance[Int(slot)]
        for prefix in prefixes {
            guard var cached = shortQueryCache[prefix], !cached.contains(slot) else { continue }
            if cached.count < AutocompleteConstants.itemsToScoreLimit {
                cached.append(slot)
            } else if let least = cached.indices.min(by: {
                significance[Int(cached[$0])] < significance[Int(cached[$1])]
            }),
                significance[Int(cached[least])] < key
            {
                cached[least] = slot
            } else {
                continue
            }
            shortQueryCache[prefix] = cached
        }
    }

    /// The `limit` slots of `slots` with the greatest keys: a heap whose root is the least
    /// kept.
    private static func mostSignificant(_ slots: [Int32], limit: Int, keys: [SignificanceKey]) -> [Int32] {
        var heap: [Int32] = []
        heap.reserveCapacity(limit)
        keys.withUnsafeBufferPointer { keys in
            func less(_ a: Int32, _ b: Int32) -> Bool { keys[Int(a)] < keys[Int(b)] }
            for slot in slots {
                if heap.count < limit {
                    heap.append(slot)
                    var child = heap.count - 1
                    while child > 0 {
                        let parent = (child - 1) / 2
                        guard less(heap[child], heap[parent]) else { break }
                        heap.swapAt(parent, child)
                        child = parent
                    }
                } else if less(heap[0], slot) {
                    heap[0] = slot
                    var parent = 0
                    while true {
                        var least = parent
                        let left = 2 * parent + 1
                        let right = left + 1
                        if left < heap.count && less(heap[left], heap[least]) { least = left }
                        if right < heap.count && less(heap[right], heap[least]) { least = right }
                        guard least != parent else { break }
                        heap.swapAt(parent, least)
                        parent = least
                    }
                }
            }
        }
        return heap
    }

    /// The slots of the entries holding, for every word of `queryWords`, a word it begins;
    /// `marks` (one per slot, kept by the caller across searches) and `generation` make the
    /// intersection without clearing anything (`HistoryIDSetFromWords`).
    func slots(matching queryWords: [[UInt8]], marks: inout [UInt32], generation: inout UInt32) -> [Int32] {
        guard !queryWords.isEmpty else { return [] }
        if marks.count < entries.count {
            marks.append(contentsOf: repeatElement(0, count: entries.count - marks.count))
        }
        if generation > UInt32.max - UInt32(queryWords.count) - 2 {
            marks = Array(repeating: 0, count: marks.count)
            generation = 0
        }
        let base = generation
        generation += UInt32(queryWords.count) + 1
        var found: [Int32] = []
        for (index, word) in queryWords.enumerated() {
            let isLast = index == queryWords.count - 1
            let expected = base + UInt32(index)
            var position = lowerBound(word)
            var anyWord = false
            while position < words.count, words[position].starts(with: word) {
                anyWord = true
                for slot in postings[position] {
                    let mark = marks[Int(slot)]
                    if index == 0 ? mark <= base : mark == expected {
                        marks[Int(slot)] = expected + 1
                        if isLast { found.append(slot) }
                    }
                }
                position += 1
            }
            if !anyWord { return [] }
        }
        return found
    }

    private func lowerBound(_ word: some Collection<UInt8>) -> Int {
        var low = 0
        var high = words.count
        while low < high {
            let middle = (low + high) / 2
            if words[middle].lexicographicallyPrecedes(word) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    private mutating func addPosting(_ slot: Int32, word: IndexWord) {
        let position = lowerBound(word.bytes)
        if position < words.count, words[position].elementsEqual(word.bytes) {
            postings[position].append(slot)
        } else {
            words.insert(Array(word.bytes), at: position)
            postings.insert([slot], at: position)
        }
    }

    private mutating func removePosting(_ slot: Int32, word: IndexWord) {
        let position = lowerBound(word.bytes)
        guard position < words.count, words[position].elementsEqual(word.bytes) else { return }
        postings[position].removeAll { $0 == slot }
        if postings[position].isEmpty {
            words.remove(at: position)
            postings.remove(at: position)
        }
    }
}

/// What trims the candidates: typed count, then visit count, then last visit
/// (`HistoryItemFactorGreater`, url_index_private_data.cc), kept apart from the entries so
/// that comparing two costs no copy of either.
struct SignificanceKey: Sendable, Comparable {
    var typedCount: Int
    var visitCount: Int
    var lastVisit: Double

    init(_ row: URLRow) {
        typedCount = row.typedCount
        visitCount = row.visitCount
        lastVisit = row.lastVisit.timeIntervalSinceReferenceDate
    }

    static func < (lhs: SignificanceKey, rhs: SignificanceKey) -> Bool {
        (lhs.typedCount, lhs.visitCount, lhs.lastVisit) < (rhs.typedCount, rhs.visitCount, rhs.lastVisit)
    }
}

extension Array where Element == Int32 {
    fileprivate mutating func appendUnlessLast(_ slot: Int32) {
        if last != slot { append(slot) }
    }
}
