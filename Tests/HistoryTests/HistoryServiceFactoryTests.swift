import Foundation
import History
import ModelTestSupport
import Profiles
import Testing
import WebTestSupport

@MainActor
struct HistoryServiceFactoryTests {
    @Test func aProfileKeepsItsHistoryInItsDirectoryAndIncognitoInMemory() async throws {
        let context = TestProfile.makeApplicationContext(engine: FakeWebEngine())
        let factory = HistoryServiceFactory.register(in: context)
        let profile = try context.profileManager.createProfile(named: "Default")
        let service = try #require(factory.service(for: profile))
        let incognito = try #require(factory.service(for: profile.offTheRecordProfile))

        #expect(service.path == profile.statePath.appendingPathComponent("History").path)
        #expect(incognito !== service)
        #expect(incognito.path == nil)
        incognito.addPage(
            HistoryAddPageArgs(url: URL(string: "https://private.test/")!, time: Date(), transition: .typed))
        await incognito.flush()
        #expect(await incognito.queryHistory("", options: HistoryQueryOptions()).count == 1)
        #expect(await service.queryHistory("", options: HistoryQueryOptions()).isEmpty)
        let files = try FileManager.default.subpathsOfDirectory(atPath: profile.statePath.path)
        #expect(!files.contains { $0.hasPrefix("OTR/History") })
        #expect(factory.service(for: profile) === service)
        profile.destroyOffTheRecordProfile()
    }
}
