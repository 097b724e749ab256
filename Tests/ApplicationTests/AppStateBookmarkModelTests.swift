import Bookmarks
import Foundation
import Testing

/// The application's bookmark models: one a profile, shared with its incognito profile,
/// written by the time the quit sequence ends.
@MainActor
struct AppStateBookmarkModelTests {
    @Test func aBookmarkAddedInIncognitoIsInTheProfilesFileAfterAQuit() async throws {
        let fixture = AppFixture()
        fixture.launch()
        let profile = try #require(fixture.app.profile)
        let model = fixture.app.bookmarkModels.model(for: profile)
        let incognito = fixture.app.bookmarkModels.model(for: profile.offTheRecordProfile)
        #expect(incognito === model)
        await incognito.waitUntilLoaded()
        incognito.addURL(
            to: incognito.bookmarksMenu, at: 0, title: "Quit", url: URL(string: "https://quit.test/")!)

        fixture.quit()

        let store = BookmarkStore(path: profile.statePath.appendingPathComponent(BookmarkStore.fileName).path)
        #expect(store.storedRows().map(\.title).contains("Quit"))
    }
}
