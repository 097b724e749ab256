/// Splits HTML into tags and the text between them, the little a bookmark file needs: tag
/// names upper-cased, attribute names upper-cased with their values (quoted with `"` or `'`, or
/// bare), comments and declarations (`<!…>`) dropped. Not an HTML parser: bookmark files are
/// flat lists of a handful of elements, which every browser writes alike.
struct TagScanner {
    enum Token: Equatable {
        case text(String)
        case tag(name: String, attributes: [String: String], isEnd: Bool)
    }

    private let characters: [Character]
    private var index = 0

    init(_ html: String) { characters = Array(html) }

    mutating func next() -> Token? {
        guard index < characters.count else { return nil }
        if characters[index] != "<" {
            let start = index
            while index < characters.count && characters[index] != "<" { index += 1 }
            return .text(String(characters[start..<index]))
        }
        // A comment runs to "-->", whatever it holds.
        if matches("<!--") {
            index += 4
            while index < characters.count && !matches("-->") { index += 1 }
            index = min(index + 3, characters.count)
            return next()
        }
        index += 1
        let isEnd = index < characters.count && characters[index] == "/"
        if isEnd { index += 1 }
        let isDeclaration = index < characters.count && (characters[index] == "!" || characters[index] == "?")
        let name = readName()
        var attributes: [String: String] = [:]
        while index < characters.count && characters[index] != ">" {
            if characters[index].isWhitespace || characters[index] == "/" {
                index += 1
                continue
            }
            let attribute = readName()
            guard !attribute.isEmpty else {
                index += 1
                continue
            }
            skipWhitespace()
            guard index < characters.count, characters[index] == "=" else {
                attributes[attribute] = ""
                continue
            }
            index += 1
            skipWhitespace()
            attributes[attribute] = readValue()
        }
        index = min(index + 1, characters.count)
        if isDeclaration || name.isEmpty { return next() }
        return .tag(name: name, attributes: attributes, isEnd: isEnd)
    }

    private func matches(_ text: String) -> Bool {
        var position = index
        for character in text {
            guard position < characters.count, characters[position] == character else { return false }
            position += 1
        }
        return true
    }

    private mutating func skipWhitespace() {
        while index < characters.count && characters[index].isWhitespace { index += 1 }
    }

    private mutating func readName() -> String {
        let start = index
        while index < characters.count,
            !characters[index].isWhitespace, !"=>/".contains(characters[index])
        {
            index += 1
        }
        return String(characters[start..<index]).uppercased()
    }

    private mutating func readValue() -> String {
        guard index < characters.count else { return "" }
        let quote = characters[index]
        if quote == "\"" || quote == "'" {
            index += 1
            let start = index
            while index < characters.count && characters[index] != quote { index += 1 }
            let value = String(characters[start..<index])
            index = min(index + 1, characters.count)
            return value
        }
        let start = index
        while index < characters.count && !characters[index].isWhitespace && characters[index] != ">" {
            index += 1
        }
        return String(characters[start..<index])
    }
}
