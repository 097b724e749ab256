import Foundation

extension NetscapeBookmarkFile {
    /// Builds the tree from the file's tags in order: a `<H3>` header waits for its `<DL>`, a
    /// `<DL>` opens the folder its header named (or, at the top, the file's list), a `</DL>`
    /// closes it; a header with no list is an empty folder.
    struct Reader {
        private struct Folder {
            var title: String
            var attributes: [String: String]
            var children: [BookmarkEntry] = []
            /// A `<DL>` with no header: its children belong to the folder around it.
            var isTransparent = false
        }

        private var stack = [Folder(title: "", attributes: [:])]
        private var openedTopList = false
        /// The element whose text is being read (`H3`, `A`, or one whose text is ignored).
        private var capturing: (name: String, attributes: [String: String])?
        private var captured = ""
        private var header: Folder?
        private(set) var skipped: [String] = []

        mutating func text(_ text: String) {
            if capturing != nil { captured += text }
        }

        mutating func tag(_ name: String, attributes: [String: String], isEnd: Bool) {
            if let element = capturing {
                guard isEnd, name == element.name else { return }
                capturing = nil
                finishElement(element.name, attributes: element.attributes, text: captured)
                return
            }
            switch (name, isEnd) {
            case ("H3", false), ("A", false), ("H1", false), ("TITLE", false), ("DD", false):
                if name != "DD" { closeHeaderWithoutList() }
                capturing = (name, attributes)
                captured = ""
                if name == "DD" { capturing = nil }
            case ("DL", false):
                if let header {
                    stack.append(header)
                    self.header = nil
                } else if !openedTopList && stack.count == 1 {
                    openedTopList = true
                } else {
                    stack.append(Folder(title: "", attributes: [:], isTransparent: true))
                }
            case ("DL", true):
                closeHeaderWithoutList()
                guard stack.count > 1 else { return }
                let folder = stack.removeLast()
                if folder.isTransparent {
                    stack[stack.count - 1].children += folder.children
                } else {
                    stack[stack.count - 1].children.append(Self.entry(of: folder))
                }
            default: break
            }
        }

        /// The top level, with the folders the file left open closed.
        mutating func finish() -> [BookmarkEntry] {
            if let element = capturing {
                capturing = nil
                finishElement(element.name, attributes: element.attributes, text: captured)
            }
            closeHeaderWithoutList()
            while stack.count > 1 { tag("DL", attributes: [:], isEnd: true) }
            return stack[0].children
        }

        private mutating func finishElement(_ name: String, attributes: [String: String], text: String) {
            let title = decodedEntities(text).trimmingCharacters(in: .whitespacesAndNewlines)
            switch name {
            case "H3": header = Folder(title: title, attributes: attributes)
            case "A":
                let href = decodedEntities(attributes["HREF"] ?? "").trimmingCharacters(in: .whitespaces)
                guard let url = URL(string: href), let scheme = url.scheme?.lowercased(),
                    importableSchemes.contains(scheme)
                else {
                    skipped.append("\(href.isEmpty ? "“\(title)”" : href) is not a web address")
                    return
                }
                stack[stack.count - 1].children.append(
                    .url(url, title: title, dateAdded: NetscapeBookmarkFile.date(attributes["ADD_DATE"])))
            default: break
            }
        }

        private mutating func closeHeaderWithoutList() {
            guard let header else { return }
            self.header = nil
            stack[stack.count - 1].children.append(Self.entry(of: header))
        }

        private static func entry(of folder: Folder) -> BookmarkEntry {
            .folder(
                folder.title, folder.children,
                dateAdded: NetscapeBookmarkFile.date(folder.attributes["ADD_DATE"]),
                dateModified: NetscapeBookmarkFile.date(folder.attributes["LAST_MODIFIED"]),
                isToolbarFolder: folder.attributes["PERSONAL_TOOLBAR_FOLDER"]?.lowercased() == "true")
        }
    }
}

/// `text` with HTML's character references decoded: the five XML ones, `&nbsp;`, and numeric
/// ones (`&#39;`, `&#x27;`); an unknown or malformed one stays as it is.
func decodedEntities(_ text: String) -> String {
    guard text.contains("&") else { return text }
    let named: [Substring: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}",
    ]
    var result = ""
    var rest = text[...]
    while let ampersand = rest.firstIndex(of: "&") {
        result += rest[..<ampersand]
        let afterAmpersand = rest.index(after: ampersand)
        guard let semicolon = rest[afterAmpersand...].prefix(10).firstIndex(of: ";") else {
            result += "&"
            rest = rest[afterAmpersand...]
            continue
        }
        let name = rest[afterAmpersand..<semicolon]
        var decoded: String?
        if let value = named[name] {
            decoded = value
        } else if name.hasPrefix("#") {
            let digits = name.dropFirst()
            let code =
                digits.first == "x" || digits.first == "X"
                ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            decoded = code.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
        }
        if let decoded {
            result += decoded
            rest = rest[rest.index(after: semicolon)...]
        } else {
            result += "&"
            rest = rest[afterAmpersand...]
        }
    }
    return result + rest
}
