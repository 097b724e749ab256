import Foundation
import Mediators
import ModelTestSupport
import TabModel
import TestSupport
import Testing
import UIInterfaces
import Web
import WebTestSupport

/// The permission prompt of a window's active tab: on the fake engine, each tab with a
/// permission request manager over a store in a dictionary.
@MainActor
struct PermissionPromptMediatorTests {
    let engine = FakeWebEngine()
    let consumer = RecordingInfoBarConsumer()
    let store = DecisionStore()

    @MainActor
    final class DecisionStore: PermissionDecisionStore {
        var decisions: [String: PermissionDecision] = [:]
        func storedDecision(for kind: PermissionKind, origin: Origin) -> PermissionDecision? {
            decisions["\(origin.displayName) \(kind.rawValue)"]
        }
        func storeDecision(_ decision: PermissionDecision, for kind: PermissionKind, origin: Origin) {
            decisions["\(origin.displayName) \(kind.rawValue)"] = decision
        }
    }

    /// What the pages were answered ("a: allow").
    @MainActor
    final class Answers {
        var all: [String] = []
    }
    let answers = Answers()

    /// A browser with realized tabs showing `http://<name>.test:8000/`, the first active.
    private func makeBrowser(_ names: [String]) -> (Browser, PermissionPromptMediator) {
        let browser = Browser(kind: .regular, profile: TestProfile.make(engine: engine), delegate: nil)
        for name in names {
            let tab = WebState(params: .init(context: browser.profile.webEngineContext))
            PermissionRequestManager.attach(to: tab, store: store)
            tab.load(URL(string: "http://\(name).test:8000/")!)
            browser.webStateList.insert(tab)
        }
        browser.webStateList.activate(at: 0)
        let mediator = PermissionPromptMediator(webStateList: browser.webStateList)
        mediator.consumer = consumer
        consumer.pushes.removeAll()
        return (browser, mediator)
    }

    private func ask(_ kinds: [PermissionKind], from webState: WebState) {
        let name = webState.lastCommittedURL?.host?.replacingOccurrences(of: ".test", with: "") ?? "?"
        (webState.view.owner as! FakeWebContent).simulatePermissionRequest(kinds) { [answers] in
            answers.all.append("\(name): \($0.rawValue)")
        }
    }

    @Test func thePromptSaysWhoAsksForWhatWithBlockAllowAndRememberChecked() {
        let item = PermissionPromptMediator.infoBar(
            for: PermissionRequest(
                [.geolocation], origin: Origin(url: URL(string: "http://127.0.0.1:8000/")!)))
        #expect(item.kind == .permissionRequest)
        #expect(item.message == "127.0.0.1:8000 wants to know your location")
        #expect(
            item.buttons == [InfoBarButton(.block, label: "Block"), InfoBarButton(.allow, label: "Allow")])
        #expect(item.check == InfoBarCheck(label: "Remember this decision", isActive: true))
    }

    @Test func aPromptWaitsWhileAnotherTabIsActiveAndShowsWhenItsTabIs() {
        let (browser, mediator) = makeBrowser(["a", "b"])
        let list = browser.webStateList
        ask([.geolocation], from: list.webState(at: 1))
        #expect(consumer.pushes == [])
        list.activate(at: 1)
        list.activate(at: 0)
        list.activate(at: 1)
        #expect(
            consumer.pushes == [
                "show permission-request: b.test:8000 wants to know your location () [Block, Allow]",
                "hide permission-request",
                "show permission-request: b.test:8000 wants to know your location () [Block, Allow]",
            ])
        mediator.answer(allow: true, remember: true)
        #expect(answers.all == ["b: allow"])
        #expect(store.decisions == ["b.test:8000 geolocation": .allow])
        #expect(consumer.pushes.last == "hide permission-request")
    }

    @Test func theNextRequestShowsOnceTheFirstIsAnswered() {
        let (browser, mediator) = makeBrowser(["a"])
        let tab = browser.webStateList.webState(at: 0)
        ask([.notifications], from: tab)
        ask([.camera, .microphone], from: tab)
        mediator.answer(allow: false, remember: false)
        #expect(answers.all == ["a: deny"])
        #expect(store.decisions.isEmpty)
        #expect(
            consumer.shown[.permissionRequest]?.message
                == "a.test:8000 wants to use your camera and use your microphone")
        mediator.dismiss()
        #expect(answers.all == ["a: deny", "a: deny"])
        #expect(consumer.shown[.permissionRequest] == nil)
    }

    @Test func navigatingAwayOrClosingTheTabDeniesAndHidesThePrompt() {
        let (browser, mediator) = makeBrowser(["a", "b"])
        defer { withExtendedLifetime(mediator) {} }
        let list = browser.webStateList
        ask([.notifications], from: list.webState(at: 0))
        ask([.notifications], from: list.webState(at: 1))
        #expect(consumer.shown[.permissionRequest] != nil)
        list.webState(at: 0).load(URL(string: "http://c.test:8000/")!)
        #expect(consumer.pushes.last == "hide permission-request", "\(consumer.pushes)")
        list.close(at: 1)
        #expect(answers.all == ["a: deny", "b: deny"])
    }
}
