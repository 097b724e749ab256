/// Text as the index compares it: UTF-8 bytes, lower-cased where that keeps each character's
/// byte length (all of ASCII, most letters of other scripts), so that an offset in the folded
/// bytes is the same offset in the original text, which the bold parts of a row need.
enum FoldedText {
    static func bytes(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                let value = UInt8(scalar.value)
                bytes.append(value >= 0x41 && value <= 0x5A ? value + 0x20 : value)
                continue
            }
            let lower = scalar.properties.lowercaseMapping
            if lower.unicodeScalars.count == 1, lower.utf8.count == String(scalar).utf8.count {
                bytes.append(contentsOf: lower.utf8)
            } else {
                bytes.append(contentsOf: String(scalar).utf8)
            }
        }
        return bytes
    }

    /// Whether `byte` is part of a word: ASCII letters and digits, and every byte of a
    /// non-ASCII character (`base::i18n::BreakIterator` would know better; URLs and titles
    /// rarely need it).
    static func isWordByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x7A)
            || (byte >= 0x41 && byte <= 0x5A)
    }

    /// The words of folded `bytes`: the runs of word bytes.
    static func words(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        bytes.split(whereSeparator: { !isWordByte($0) })
    }

    /// Whether a match starting at `offset` starts a word.
    static func isWordStart(_ bytes: [UInt8], at offset: Int) -> Bool {
        offset == 0 || !isWordByte(bytes[offset - 1])
    }

    /// The offsets where `term` occurs in `bytes`, overlapping ones excluded.
    static func occurrences(of term: [UInt8], in bytes: [UInt8]) -> [Int] {
        guard !term.isEmpty, term.count <= bytes.count else { return [] }
        var found: [Int] = []
        let first = term[0]
        var offset = 0
        let last = bytes.count - term.count
        while offset <= last {
            if bytes[offset] == first {
                var matched = true
                var index = 1
                while index < term.count {
                    if bytes[offset + index] != term[index] {
                        matched = false
                        break
                    }
                    index += 1
                }
                if matched {
                    found.append(offset)
                    offset += term.count
                    continue
                }
            }
            offset += 1
        }
        return found
    }
}
