import Foundation

/// A page as the providers match typed text against it: its URL as shown (see
/// ``URLDisplayFormatter``) and its title, both folded, with where the host ends and the query
/// starts in the shown URL.
struct TitledURL: Sendable {
    let url: URL
    let contents: String
    let title: String
    let contentsBytes: [UInt8]
    let titleBytes: [UInt8]
    /// The scheme and `www.` the contents omit.
    let omittedPrefix: String
    /// The offset in `contentsBytes` of the first `/`, `?` or `#` (the end of host and port).
    let hostEnd: Int
    /// The offset of the first `?` or `#` after the host.
    let queryStart: Int

    init(url: URL, title: String) {
        self.url = url
        self.title = title
        contents = URLDisplayFormatter.displayString(for: url)
        omittedPrefix = URLDisplayFormatter.omittedPrefix(of: url)
        contentsBytes = FoldedText.bytes(contents)
        titleBytes = FoldedText.bytes(title)
        let isWeb = !omittedPrefix.isEmpty
        let slash = UInt8(ascii: "/")
        let question = UInt8(ascii: "?")
        let hash = UInt8(ascii: "#")
        hostEnd =
            isWeb
            ? (contentsBytes.firstIndex { $0 == slash || $0 == question || $0 == hash } ?? contentsBytes.count)
            : 0
        queryStart =
            contentsBytes[hostEnd...].firstIndex { $0 == question || $0 == hash } ?? contentsBytes.count
    }

    /// The words the index finds this page by: those of the shown URL and of the title, and
    /// every suffix of the host's labels (a match in the middle of a host word counts, in no
    /// other place: `FilterTermMatchesByWordStarts`, scored_history_match.cc). May repeat a
    /// word.
    func forEachIndexWord(_ body: (ArraySlice<UInt8>) -> Void) {
        forEachIndexWord(inHost: true, body)
        forEachIndexWord(inHost: false, body)
    }

    /// The index words of the host (and port), or those of the rest of the URL and of the
    /// title.
    func forEachIndexWord(inHost: Bool, _ body: (ArraySlice<UInt8>) -> Void) {
        let range = inHost ? 0..<hostEnd : hostEnd..<contentsBytes.count
        var start = -1
        for position in range {
            if FoldedText.isWordByte(contentsBytes[position]) {
                if start < 0 { start = position }
                continue
            }
            if start >= 0 { emitURLWord(start..<position, body) }
            start = -1
        }
        if start >= 0 { emitURLWord(start..<range.upperBound, body) }
        if !inHost {
            for word in FoldedText.words(titleBytes) { body(word) }
        }
    }

    private func emitURLWord(_ range: Range<Int>, _ body: (ArraySlice<UInt8>) -> Void) {
        body(contentsBytes[range])
        guard range.upperBound <= hostEnd else { return }
        for start in range.lowerBound + 1..<range.upperBound { body(contentsBytes[start..<range.upperBound]) }
    }

    /// The distinct words of ``forEachIndexWord(_:)``.
    var indexWords: Set<IndexWord> {
        var words = Set<IndexWord>()
        forEachIndexWord { words.insert(IndexWord($0)) }
        return words
    }

    /// The term matches in the shown URL and the title that count, and their raw points, or
    /// nil when some term matches nowhere (`ScoredHistoryMatch`'s term matches and
    /// `GetTopicalityScore`, scored_history_match.cc).
    func match(_ terms: [[UInt8]]) -> TermMatches? {
        guard !terms.isEmpty else { return nil }
        var urlRanges: [Range<Int>] = []
        var titleRanges: [Range<Int>] = []
        var topicality = 0.0
        for term in terms {
            var points = 0
            var matched = false
            for offset in FoldedText.occurrences(of: term, in: contentsBytes) {
                let wordStart = FoldedText.isWordStart(contentsBytes, at: offset)
                if offset < hostEnd {
                    points +=
                        wordStart
                        ? AutocompleteConstants.hostWordStartPoints : AutocompleteConstants.hostMidWordPoints
                } else if !wordStart {
                    continue
                } else if offset < queryStart {
                    points += AutocompleteConstants.pathWordStartPoints
                } else {
                    points += AutocompleteConstants.queryWordStartPoints
                }
                matched = true
                urlRanges.append(offset..<offset + term.count)
            }
            for offset in FoldedText.occurrences(of: term, in: titleBytes)
            where FoldedText.isWordStart(titleBytes, at: offset) {
                points += AutocompleteConstants.titleWordStartPoints
                matched = true
                titleRanges.append(offset..<offset + term.count)
            }
            guard matched else { return nil }
            topicality += AutocompleteConstants.topicality(rawTermScore: points)
        }
        return TermMatches(
            topicality: topicality / Double(terms.count), urlRanges: Self.merged(urlRanges),
            titleRanges: Self.merged(titleRanges))
    }

    /// What was typed filled in to the whole URL, when the URL as shown (or with the `www.`, or
    /// the scheme and `www.`, it omits) starts with `typed` (folded); nil otherwise
    /// (`HistoryURLProvider`'s inline autocompletion, history_url_provider.cc).
    func inlineAutocompletion(forFolded typed: [UInt8]) -> String? {
        guard !typed.isEmpty else { return nil }
        let www = omittedPrefix.hasSuffix("www.") ? "www." : ""
        let scheme = omittedPrefix.dropLast(www.count)
        for prefix in ["", www, String(scheme), omittedPrefix] {
            let prefixBytes = prefix.utf8
            guard typed.starts(with: prefixBytes) else { continue }
            let rest = typed[prefixBytes.count...]
            guard contentsBytes.starts(with: rest) else { continue }
            return String(decoding: Array(contents.utf8)[rest.count...], as: UTF8.self)
        }
        return nil
    }

    private static func merged(_ ranges: [Range<Int>]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = result.last, range.lowerBound <= last.upperBound {
                result[result.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }
}

/// Where the terms typed matched a page, and how well (`ScoredHistoryMatch`'s `url_matches`,
/// `title_matches` and topicality).
struct TermMatches: Sendable {
    /// The mean over the terms of each term's topicality
    /// (``AutocompleteConstants/topicality(rawTermScore:)``).
    let topicality: Double
    let urlRanges: [Range<Int>]
    let titleRanges: [Range<Int>]
}

/// A word of the index, hashed as one run of bytes (an array's own hashing feeds its elements
/// one by one, several times slower over a hundred thousand pages).
struct IndexWord: Hashable, Sendable {
    let bytes: ArraySlice<UInt8>

    init(_ bytes: ArraySlice<UInt8>) { self.bytes = bytes }

    func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }

    static func == (lhs: IndexWord, rhs: IndexWord) -> Bool { lhs.bytes.elementsEqual(rhs.bytes) }
}
