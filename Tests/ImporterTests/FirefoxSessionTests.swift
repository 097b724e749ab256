import Foundation
import Importer
import Testing

/// Firefox's session store: Mozilla's LZ4 file and the tabs in it.
struct FirefoxSessionTests {
    /// A session as Firefox writes it: two windows, a tab whose current entry is its first of
    /// two, Firefox's own pages, and fields the reader does not need.
    static let session = """
        {"version": ["sessionrestore", 1], "windows": [
          {"tabs": [
             {"entries": [{"url": "https://example.com/one", "title": "One"},
                          {"url": "https://example.com/two", "title": "Two"}], "index": 1, "lastAccessed": 1},
             {"entries": [{"url": "about:newtab", "title": "New Tab"}], "index": 1},
             {"entries": [{"url": "https://xn--caf-dma.example/ü?q=日本", "title": "Café ünï 日本"}], "index": 1}
           ], "selected": 1},
          {"tabs": [{"entries": [{"url": "http://127.0.0.1:8000/", "title": ""}], "index": 5}]}
        ], "_closedWindows": [{"tabs": [{"entries": [{"url": "https://closed.example/"}], "index": 1}]}]}
        """

    @Test func theOpenTabsOfEachWindowReadWithTheirCurrentPage() throws {
        let windows = try FirefoxSession.windows(in: MozillaLZ4File.compress(Data(Self.session.utf8)))
        #expect(windows.map { $0.map(\.title) } == [["One", "Café ünï 日本"], [""]])
        #expect(windows[0][0].url == URL(string: "https://example.com/one"))
        #expect(
            windows[1][0].url == URL(string: "http://127.0.0.1:8000/"), "an index past the end is the last")
    }

    @Test func aFileFirefoxWroteDecompresses() throws {
        // `{"a":1}` as lz4.sys.mjs writes it: the header, size 7, then a block of 7 literals.
        let file = Data("mozLz40\0".utf8) + Data([7, 0, 0, 0, 0x70]) + Data("{\"a\":1}".utf8)
        #expect(try MozillaLZ4File.decompress(file) == Data("{\"a\":1}".utf8))
    }

    /// | what is wrong | error |
    @Test(arguments: [
        (Data("{\"windows\": []}".utf8), MozillaLZ4File.ReadError.notMozillaLZ4),
        (Data("mozLz40\0".utf8) + Data([0xFF, 0xFF, 0xFF, 0x7F]) + Data([0]), .tooLarge(0x7FFF_FFFF)),
        (Data("mozLz40\0".utf8) + Data([100, 0, 0, 0, 0xF0, 1, 2]), .damaged),
    ])
    func damagedFilesSayWhyAndNeverCrash(file: Data, error: MozillaLZ4File.ReadError) {
        #expect(throws: error) { try MozillaLZ4File.decompress(file) }
    }

    @Test func aFileThatIsNotASessionSaysSo() {
        #expect(throws: FirefoxSession.ReadError.notASession) {
            try FirefoxSession.windows(in: MozillaLZ4File.compress(Data("[1, 2, 3]".utf8)))
        }
    }
}
