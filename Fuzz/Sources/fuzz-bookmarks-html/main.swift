import Bookmarks
import Foundation
import FuzzSupport

// The input is a bookmark HTML file, as any browser exports it (what `swiftlet import html`
// and the Import dialog's From a File… read). It is read; what it gave is written back and
// read again, which must give the same bookmarks and folders (export then import is how a
// person moves between browsers). Every call must return.

exit(
    runFuzzer { data, size in
        FuzzHarness.input(data, size) { bytes in
            let text = String(decoding: bytes, as: UTF8.self)
            guard let contents = try? NetscapeBookmarkFile.read(text) else { return }
            let written = NetscapeBookmarkFile.write(contents.entries)
            guard let again = try? NetscapeBookmarkFile.read(written) else {
                fatalError("the file written from a file read does not read: \(written)")
            }
            let before = contents.entries.reduce(0) { $0 + $1.bookmarkCount }
            let after = again.entries.reduce(0) { $0 + $1.bookmarkCount }
            precondition(before == after, "\(before) bookmarks written, \(after) read back")
        }
    })
