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
    private var slotByURL: [URL: Int32] = [:]
    private var freeSlots: [Int32] = []
    /// Every word, sorted by its bytes.
    private var words: [[UInt8]] = []
    /// The slots of the entries holding each word of `words`.
    private var postings: [[Int32]] = []

    init() {}

    /// The index of `rows`, the ones that qualify (``URLIndexEntry/qualifies(_:now:)``).
    init(rows: [URLRow], now: Date) {
        var postingsByWord: [ArraySlice<UInt8>: [Int32]] = [:]
        for row in rows where URLIndexEntry.qualifies(row, now: now) && slotByURL[row.url] == nil {
            let entry = URLIndexEntry(row: row)
            let slot = Int32(entries.count)
            entries.append(entry)
            slotByURL[row.url] = slot
            for word in entry.text.indexWords { postingsByWord[word, default: []].append(slot) }
        }
        let sorted = postingsByWord.sorted { $0.key.lexicographicallyPrecedes($1.key) }
        words = sorted.map { Array($0.key) }
        postings = sorted.map(\.value)
    }

    var count: Int { slotByURL.count }

    func entry(for url: URL) -> URLIndexEntry? { slotByURL[url].flatMap { entries[Int($0)] } }

    /// Adds `row` or updates its entry (a new title, new counts), with `visit` as its latest
    /// visit when given; removes it when it no longer qualifies.
    mutating func update(_ row: URLRow, visit: URLIndexEntry.Visit?, now: Date) {
        guard URLIndexEntry.qualifies(row, now: now) else {
            remove(row.url)
            return
        }
        if let slot = slotByURL[row.url], var entry = entries[Int(slot)] {
            let oldWords = entry.text.indexWords
            if entry.row.title != row.title { entry.text = TitledURL(url: row.url, title: row.title) }
            entry.row = row
            if let visit {
                entry.visits.insert(visit, at: 0)
                entry.visits = Array(entry.visits.prefix(AutocompleteConstants.maxVisitsToScore))
            }
            let newWords = entry.text.indexWords
            entries[Int(slot)] = entry
            for word in oldWords.subtracting(newWords) { removePosting(slot, word: word) }
            for word in newWords.subtracting(oldWords) { addPosting(slot, word: word) }
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
        } else {
            slot = Int32(entries.count)
            entries.append(entry)
        }
        slotByURL[row.url] = slot
        for word in entry.text.indexWords { addPosting(slot, word: word) }
    }

    mutating func remove(_ url: URL) {
        guard let slot = slotByURL.removeValue(forKey: url), let entry = entries[Int(slot)] else { return }
        for word in entry.text.indexWords { removePosting(slot, word: word) }
        entries[Int(slot)] = nil
        freeSlots.append(slot)
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

    private mutating func addPosting(_ slot: Int32, word: ArraySlice<UInt8>) {
        let position = lowerBound(word)
        if position < words.count, words[position].elementsEqual(word) {
            postings[position].append(slot)
        } else {
            words.insert(Array(word), at: position)
            postings.insert([slot], at: position)
        }
    }

    private mutating func removePosting(_ slot: Int32, word: ArraySlice<UInt8>) {
        let position = lowerBound(word)
        guard position < words.count, words[position].elementsEqual(word) else { return }
        postings[position].removeAll { $0 == slot }
        if postings[position].isEmpty {
            words.remove(at: position)
            postings.remove(at: position)
        }
    }
}
