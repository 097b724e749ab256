import Bookmarks
import Foundation
import Importer
import Testing

/// Chromium's `Bookmarks` file: its roots, folders, dates and checksum.
struct ChromiumBookmarksFileTests {
    /// A new German profile's file as Chromium wrote it, with the checksum it wrote.
    static let emptyGerman = """
        {
           "checksum": "fb6b75739c42f572afd1e0703b34fd81",
           "roots": {
              "bookmark_bar": {
                 "children": [  ],
                 "date_added": "13176998230955081",
                 "date_modified": "0",
                 "id": "1",
                 "name": "Lesezeichenleiste",
                 "type": "folder"
              },
              "other": {
                 "children": [  ],
                 "date_added": "13176998230955085",
                 "date_modified": "0",
                 "id": "2",
                 "name": "Weitere Lesezeichen",
                 "type": "folder"
              },
              "synced": {
                 "children": [  ],
                 "date_added": "13176998230955088",
                 "date_modified": "0",
                 "id": "3",
                 "name": "Mobile Lesezeichen",
                 "type": "folder"
              }
           },
           "version": 1
        }
        """

    @Test func chromiumsOwnChecksumMatches() throws {
        let contents = try ChromiumBookmarksFile.read(Data(Self.emptyGerman.utf8))
        #expect(contents.checksumMatches == true)
        #expect(
            contents.roots.map(\.title) == ["Lesezeichenleiste", "Weitere Lesezeichen", "Mobile Lesezeichen"])
        #expect(contents.roots.map(\.isToolbarFolder) == [true, false, false])
        // 13176998230955081 µs after 1601 is 2018-07-25 13:57:10.955081 UTC.
        let added = try #require(contents.roots.first?.dateAdded)
        #expect(Int64(added.timeIntervalSince1970) == 1_532_524_630)
        #expect(contents.roots.first?.dateModified == nil, "0 is no date")
    }

    @Test func anEditedFileStillReadsAndSaysItsChecksumDoesNotMatch() throws {
        let edited = Self.emptyGerman.replacingOccurrences(of: "Lesezeichenleiste", with: "Leiste")
        let contents = try ChromiumBookmarksFile.read(Data(edited.utf8))
        #expect(contents.checksumMatches == false)
        #expect(contents.roots.first?.title == "Leiste")
    }

    @Test func foldersURLsAndMarkupComeInAndWhatIsNotABookmarkIsSkipped() throws {
        let json = """
            {"roots": {"bookmark_bar": {"id": "1", "name": "Bar", "type": "folder", "children": [
              {"id": "4", "name": "Docs <&> ünï 日本", "type": "folder", "date_added": "13300000000000000",
               "date_modified": "13300000001000000", "children": [
                {"id": "5", "name": "MDN", "type": "url", "url": "https://developer.mozilla.org/",
                 "date_added": "13300000000500000"}]},
              {"id": "6", "name": "Broken", "type": "url", "url": ""},
              {"id": "7", "name": "Odd", "type": "separator"}]},
              "other": {"id": "2", "name": "Other", "type": "folder", "children": []}}}
            """
        let contents = try ChromiumBookmarksFile.read(Data(json.utf8))
        #expect(contents.checksumMatches == nil, "no checksum in the file")
        let docs = try #require(contents.roots.first?.children.first)
        #expect(docs.title == "Docs <&> ünï 日本")
        // 13300000000000000 µs after 1601 is 1655526400 s after 1970.
        #expect(docs.dateAdded == Date(timeIntervalSince1970: 1_655_526_400))
        #expect(docs.dateModified == Date(timeIntervalSince1970: 1_655_526_401))
        #expect(
            docs.children == [
                .url(
                    URL(string: "https://developer.mozilla.org/")!, title: "MDN",
                    dateAdded: Date(timeIntervalSince1970: 1_655_526_400.5))
            ])
        #expect(contents.skipped == ["“Broken”: no address", "“Odd”: a node of type “separator”"])
    }

    /// | file | error |
    @Test(arguments: [
        ("not json", ChromiumBookmarksFile.ReadError.notJSON),
        ("[1, 2]", .notJSON),
        ("{\"version\": 1}", .noRoots),
        ("{\"roots\": {}}", .noRoots),
    ])
    func filesThatAreNotBookmarksSayWhy(text: String, error: ChromiumBookmarksFile.ReadError) {
        #expect(throws: error) { try ChromiumBookmarksFile.read(Data(text.utf8)) }
    }
}
