import Foundation
import TestSupport
import Testing
import Web
import WebTestSupport

/// A programming error in the favicon loader or in the fake engine's test doubles, and the
/// message it must fail with (naming the method).
enum SupportMisuse: String, CaseIterable, Codable, Sendable {
    case faviconLoaderWithoutCapacity, receivingAfterTheEnd, endingTwice, printingAClosedContent

    var message: String {
        switch self {
        case .faviconLoaderWithoutCapacity: "FaviconLoader.init: capacity must be positive"
        case .receivingAfterTheEnd: "FakeDownloadTask.simulateReceived: the download has ended"
        case .endingTwice: "FakeDownloadTask.simulateEnd: the download has ended"
        case .printingAClosedContent: "FakeWebContent.printPage(): used after close()"
        }
    }

    @MainActor func perform() {
        let engine = FakeWebEngine()
        defer { withExtendedLifetime(engine) {} }
        let context = engine.defaultContext
        switch self {
        case .faviconLoaderWithoutCapacity:
            _ = FaviconLoader(context: context, capacity: 0)
        case .receivingAfterTheEnd, .endingTwice:
            let task = context.simulateDownloadStarted(fileName: "a.zip")
            task.simulateEnd()
            if self == .endingTwice { task.simulateEnd() } else { task.simulateReceived(1) }
        case .printingAClosedContent:
            let content = context.makeFakeWebContent()
            content.close()
            content.printPage()
        }
    }
}

struct SupportPreconditionTests {
    @Test(arguments: SupportMisuse.allCases)
    func misuseFailsNamingTheMethod(misuse: SupportMisuse) async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            [misuse] in
            await MainActor.run { misuse.perform() }
        }.expectPreconditionMessage(misuse.message)
    }
}
