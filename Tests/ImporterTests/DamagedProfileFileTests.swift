import Foundation
import GRDB
import Importer
import Testing

/// Readers given a file that is missing, not a database, a database of another program, or
/// cut short: each throws an error that says so, and none crashes.
struct DamagedProfileFileTests {
    enum Reader: String, CaseIterable, CustomTestStringConvertible {
        case firefox, chromium, epiphany

        var testDescription: String { rawValue }

        var expected: String {
            switch self {
            case .firefox: "a Firefox places database"
            case .chromium: "a Chromium history database"
            case .epiphany: "a GNOME Web history database"
            }
        }

        /// Opens `file` and reads everything the reader reads.
        func read(_ file: URL) throws {
            switch self {
            case .firefox:
                let reader = try FirefoxPlacesReader(placesFile: file)
                _ = try reader.bookmarks()
                _ = try reader.history()
            case .chromium: _ = try ChromiumHistoryReader(historyFile: file).history()
            case .epiphany: _ = try EpiphanyHistoryReader(historyFile: file).history()
            }
        }
    }

    @Test(arguments: Reader.allCases)
    func aMissingFileSaysSo(reader: Reader) throws {
        let directory = try TemporaryDirectory()
        let file = directory.url.appending(path: "absent")
        #expect(throws: ImportFileError.missing(path: file.path)) { try reader.read(file) }
        #expect(throws: ImportFileError.missing(path: directory.url.path)) { try reader.read(directory.url) }
    }

    /// | contents | what it is |
    @Test(
        arguments: Reader.allCases,
        [
            Data("<!DOCTYPE html>\nnot a database at all, but long enough to have a header".utf8),
            Data(),
            Data("SQLite format 3\0".utf8) + Data(repeating: 0xFF, count: 200),
        ])
    func aFileThatIsNotTheDatabaseSaysWhatItIsNot(reader: Reader, contents: Data) throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(contents, at: "file")
        #expect(throws: ImportFileError.wrongFormat(path: file.path, expected: reader.expected)) {
            try reader.read(file)
        }
    }

    @Test(arguments: Reader.allCases)
    func anotherProgramsDatabaseIsNotRead(reader: Reader) throws {
        let directory = try TemporaryDirectory()
        let file = directory.url.appending(path: "other.sqlite")
        try DatabaseQueue(path: file.path).write { db in
            try db.execute(sql: "CREATE TABLE cookies (name TEXT, value TEXT)")
        }
        #expect(throws: ImportFileError.wrongFormat(path: file.path, expected: reader.expected)) {
            try reader.read(file)
        }
    }

    /// A file cut short after its first pages: the schema reads, the rows do not.
    @Test(arguments: Reader.allCases)
    func aFileCutShortThrowsAndNeverCrashes(reader: Reader) throws {
        let directory = try TemporaryDirectory()
        let file = directory.url.appending(path: "cut.sqlite")
        try DatabaseQueue(path: file.path).write { db in
            try db.execute(sql: reader.schema)
            if reader == .epiphany {
                try db.execute(sql: "INSERT INTO hosts (id, url) VALUES (1, 'https://e.example')")
            }
            for index in 1...2000 {
                let title = String(repeating: "x", count: 200) + "\(index)"
                let url = "https://e.example/\(index)"
                switch reader {
                case .firefox:
                    try db.execute(
                        sql: """
                            INSERT INTO moz_places (id, url, title) VALUES (?, ?, ?);
                            INSERT INTO moz_historyvisits (place_id, visit_date, visit_type) VALUES (?, 1, 1);
                            INSERT INTO moz_bookmarks (type, fk, parent, position, title, guid) VALUES (1, ?, 2, ?, ?, ?);
                            """, arguments: [index, url, title, index, index, index, title, "g\(index)"])
                case .chromium:
                    try db.execute(
                        sql: """
                            INSERT INTO urls (id, url, title, last_visit_time) VALUES (?, ?, ?, 1);
                            INSERT INTO visits (url, visit_time, transition) VALUES (?, 13000000000000000, 0);
                            """, arguments: [index, url, title, index])
                case .epiphany:
                    try db.execute(
                        sql: """
                            INSERT INTO urls (id, host, url, title) VALUES (?, 1, ?, ?);
                            INSERT INTO visits (url, visit_time, visit_type) VALUES (?, 1, 1);
                            """, arguments: [index, url, title, index])
                }
            }
        }
        let whole = try Data(contentsOf: file)
        try whole.prefix(whole.count / 3).write(to: file)
        #expect(throws: ImportFileError.self) { try reader.read(file) }
    }
}

extension DamagedProfileFileTests.Reader {
    var schema: String {
        switch self {
        case .firefox: FirefoxPlacesFixture.schema
        case .chromium: ChromiumHistoryReaderTests.schema
        case .epiphany: EpiphanyHistoryReaderTests.schema
        }
    }
}
