/// The sections of an INI file as Mozilla writes them (`[Section]`, `Key=Value`, `;` and `#`
/// comments), in file order; a key given twice keeps its last value.
enum INIFile {
    struct Section {
        var name: String
        var values: [String: String]
    }

    static func sections(of text: String) -> [Section] {
        var sections: [Section] = []
        for rawLine in text.split(whereSeparator: \.isNewline) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix(";") || line.hasPrefix("#") { continue }
            if line.hasPrefix("["), line.hasSuffix("]") {
                sections.append(Section(name: String(line.dropFirst().dropLast()), values: [:]))
            } else if let equals = line.firstIndex(of: "="), !sections.isEmpty {
                let key = line[..<equals].trimmingCharacters(in: .whitespaces)
                sections[sections.count - 1].values[key] = String(line[line.index(after: equals)...])
            }
        }
        return sections
    }
}
