import Foundation
import Mediators
import ModelTestSupport
import Prefs
import TabModel
import TestSupport
import Testing
import UIInterfaces
import Web
import WebTestSupport

@MainActor
struct LocationBarMediatorTests {
    let builder = WebStateListBuilder()
    let list = WebStateList(delegate: nil)
    let consumer = RecordingLocationBarConsumer()
    let prefs: PrefService

    init() {
        let registry = PrefRegistry()
        SearchEnginePrefs.register(in: registry)
        prefs = PrefService(registry: registry)
    }

    func makeMediator(_ description: String) throws -> LocationBarMediator {
        try builder.build(list, description)
        let mediator = LocationBarMediator(webStateList: list, prefService: prefs)
        mediator.consumer = consumer
        return mediator
    }

    @Test func theDefaultSearchEngineIsRegistered() {
        #expect(prefs.string(SearchEnginePrefs.searchURL) == "https://duckduckgo.com/?q={searchTerms}")
    }

    @Test func pushesTheActiveTabsURLProgressAndSecurityAtOnce() throws {
        _ = builder.realizedWebState(named: "a")
        let mediator = try makeMediator("| a* b")
        #expect(consumer.pushes == ["url https://a.test/", "progress none", "security secure"])
        consumer.pushes.removeAll()
        list.activate(at: nil)
        #expect(consumer.pushes == ["url ", "security none"])
        _ = mediator
    }

    @Test func aBlankPageShowsAnEmptyEntryNotItsURL() throws {
        let tab = builder.realizedWebState(named: "a")
        let mediator = try makeMediator("| a*")
        consumer.pushes.removeAll()
        tab.load(URL(string: "about:blank")!)
        #expect(!consumer.pushes.contains { $0.hasPrefix("url about") })
        #expect(consumer.pushes.first == "url ")
        consumer.pushes.removeAll()
        tab.load(URL(string: "https://b.test/")!)
        #expect(consumer.pushes.first == "url https://b.test/")
        _ = mediator
    }

    @Test(arguments: [
        (SSLStatus(securityStyle: .authenticated), LocationBarSecurity.secure),
        (SSLStatus(securityStyle: .authenticationBroken, certificateStatus: .expired), .certificateError),
        (SSLStatus(securityStyle: .unauthenticated), .notSecure),
        (SSLStatus.unknown, .none),
    ])
    func securityComesFromTheConnection(status: SSLStatus, expected: LocationBarSecurity) {
        #expect(LocationBarMediator.security(for: status) == expected)
    }

    /// What the engine says of the connection wins over the scheme: an `https` page whose
    /// certificate has problems is not shown secure.
    @Test(arguments: [
        ("https://good.test/", CertificateStatus(), "security secure"),
        ("https://self-signed.test/", CertificateStatus.unknownAuthority, "security certificateError"),
        ("https://expired.test/", CertificateStatus.expired, "security certificateError"),
        ("http://plain.test/", CertificateStatus(), "security notSecure"),
        ("about:blank", CertificateStatus(), "security none"),
    ])
    func aCommittedPagePushesItsConnectionsSecurity(
        url: String, errors: CertificateStatus, expected: String
    ) throws {
        builder.engine.setPage(URL(string: url)!, .init(title: "Page", certificateErrors: errors))
        let a = builder.realizedWebState(named: "a")
        let mediator = try makeMediator("| a*")
        consumer.pushes.removeAll()
        a.load(URL(string: url)!)
        let securityPushes = consumer.pushes.filter { $0.hasPrefix("security") }
        #expect(securityPushes.last == expected, "\(consumer.pushes)")
        _ = mediator
    }

    @Test func anUnrealizedTabShowsNoSecurityAndIsNotRealizedForIt() throws {
        let mediator = try makeMediator("| a* b")
        #expect(consumer.pushes.contains("security none"))
        #expect(!builder.webState(named: "a").isRealized)
        _ = mediator
    }

    @Test func pushesNavigationAndProgress() throws {
        let a = builder.realizedWebState(named: "a")
        builder.engine.setPage(URL(string: "http://slow.test/")!, .init(title: "Slow", stalls: true))
        let mediator = try makeMediator("| a*")
        consumer.pushes.removeAll()
        a.load(URL(string: "http://slow.test/")!)
        #expect(
            consumer.pushes == ["url http://slow.test/", "progress 0.1", "security none"],
            "nothing is known of a page still loading")
        consumer.pushes.removeAll()
        // The stopped navigation finishes (cancelled), then the load ends.
        a.stopLoading()
        #expect(
            consumer.pushes == ["url https://a.test/", "security secure", "progress 1.0", "progress none"])
        _ = mediator
    }

    @Test(arguments: [
        ("example.org", "https://example.org/"),
        ("hello world", "https://duckduckgo.com/?q=hello+world"),
        ("localhost:8080", "http://localhost:8080/"),
    ])
    func loadUserInputLoadsTheURLOrASearch(typed: String, expected: String) throws {
        let mediator = try makeMediator("| a b*")
        mediator.loadUserInput(typed)
        #expect(builder.webState(named: "b").visibleURL?.absoluteString == expected)
        #expect(!builder.webState(named: "a").isRealized)
        #expect(consumer.pushes.contains("url \(expected)"))
    }

    @Test(arguments: [
        ("example.com", "typed|fromAddressBar"),
        ("hello world", "generated|fromAddressBar"),
    ])
    func loadUserInputMarksAURLTypedAndASearchGenerated(typed: String, transition: String) throws {
        _ = builder.realizedWebState(named: "a")
        let mediator = try makeMediator("| a*")
        let recorder = FinishedNavigationRecorder(observing: [builder.webState(named: "a")])
        mediator.loadUserInput(typed)
        #expect(recorder.transitions == [transition])
    }

    @Test func searchesUseThePref() throws {
        prefs.set(SearchEnginePrefs.searchURL, .string("https://search.test/?s={searchTerms}"))
        let mediator = try makeMediator("| a*")
        mediator.loadUserInput("two words")
        #expect(builder.webState(named: "a").visibleURL?.absoluteString == "https://search.test/?s=two+words")
    }

    @Test func emptyInputLoadsNothing() throws {
        let mediator = try makeMediator("| a*")
        mediator.loadUserInput("  ")
        #expect(!builder.webState(named: "a").isRealized)
    }

    @Test func aCommandAfterDisconnectFailsNamingIt() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let registry = PrefRegistry()
                SearchEnginePrefs.register(in: registry)
                let mediator = LocationBarMediator(
                    webStateList: WebStateList(delegate: nil), prefService: PrefService(registry: registry))
                mediator.disconnect()
                mediator.loadUserInput("x")
            }
        }.expectPreconditionMessage("LocationBarMediator.loadUserInput(_:) used after disconnect()")
    }
}
