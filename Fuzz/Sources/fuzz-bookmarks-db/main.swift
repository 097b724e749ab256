import Bookmarks
import Foundation
import FuzzSupport

// The input is a profile's `Bookmarks.db`: open it with a model (whose store sets a file it
// cannot read aside, as `Bookmarks.db.bad`, and says so), change it (add, rename, move,
// remove many and undo, export), flush, shut down, and open it again. Every call must
// return, and a file that was set aside must be on disk under the name the problem gives,
// holding the bytes it was found with.

/// Runs `body` on the main actor and the main queue until it ends (the store's answers come
/// through the main queue, and libFuzzer calls in on the main thread).
@MainActor
func runToEnd(_ body: @escaping @MainActor () async -> Void) {
    var done = false
    Task { @MainActor in
        await body()
        done = true
    }
    while !done { _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.01)) }
}

@MainActor
func exercise(_ model: BookmarkModel) {
    let folder = model.addFolder(
        to: model.otherBookmarks, at: model.otherBookmarks.children.count, title: "F")
    model.addURL(to: folder, at: 0, title: "A", url: URL(string: "https://fuzz.test/a")!)
    model.addURL(to: model.bookmarksMenu, at: 0, title: "B", url: URL(string: "https://fuzz.test/b")!)
    let all = model.root.subtree.filter { !$0.isPermanent }
    if let first = all.first { model.setTitle(first, "Renamed") }
    if let last = all.last(where: { !$0.isFolder }) {
        model.setURL(last, URL(string: "https://fuzz.test/c")!)
    }
    model.moveNodes(
        Array(all.prefix(3)).filter { !folder.hasAncestor($0) }, to: folder, at: folder.children.count)
    let removals = model.removeNodes(Array(model.root.subtree.filter { !$0.isPermanent }.suffix(4)))
    model.undoRemoveNodes(removals)
    _ = model.exportEntries()
    _ = model.isBookmarked(URL(string: "https://fuzz.test/a")!)
}

exit(
    runFuzzer { data, size in
        FuzzHarness.input(data, size) { bytes in
            FuzzHarness.reset()
            let directory = FuzzHarness.scratch.appendingPathComponent("input/Default", isDirectory: true)
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let path = directory.appendingPathComponent(BookmarkStore.fileName).path
            try? bytes.write(to: URL(fileURLWithPath: path))
            runToEnd {
                for launch in 0..<2 {
                    let model = BookmarkModel(store: BookmarkStore(path: path))
                    await model.waitUntilLoaded()
                    // A damaged file is set aside as it was found, byte for byte.
                    if launch == 0, case .damaged(let setAside, _, _) = model.problem,
                        (try? Data(contentsOf: URL(fileURLWithPath: setAside))) != bytes
                    {
                        fatalError("fuzz-bookmarks-db: the damaged file was not set aside as it was")
                    }
                    exercise(model)
                    model.shutdown()
                }
            }
        }
    })
