import Bookmarks
import Foundation
import ModelTestSupport
import Profiles
import Testing
import WebTestSupport

@MainActor
struct BookmarkModelFactoryTests {
    @Test func aProfileKeepsItsBookmarksInItsDirectoryAndIncognitoUsesThem() async throws {
        let context = TestProfile.makeApplicationContext(engine: FakeWebEngine())
        let factory = BookmarkModelFactory.register(in: context)
        let profile = try context.profileManager.createProfile(named: "Default")
        let model = factory.model(for: profile)
        let incognito = factory.model(for: profile.offTheRecordProfile)

        #expect(incognito === model)
        #expect(model.store.path == profile.statePath.appendingPathComponent("Bookmarks.db").path)
        await incognito.waitUntilLoaded()
        incognito.addURL(
            to: incognito.otherBookmarks, at: 0, title: "Private", url: URL(string: "https://private.test/")!)
        model.flush()
        #expect(model.store.storedRows().contains { $0.title == "Private" })
        let files = try FileManager.default.subpathsOfDirectory(atPath: profile.statePath.path)
        #expect(!files.contains { $0.hasPrefix("OTR/Bookmarks") })
        profile.destroyOffTheRecordProfile()
        #expect(factory.model(for: profile) === model)
    }
}
