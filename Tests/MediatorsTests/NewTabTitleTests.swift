import Foundation
import Mediators
import ModelTestSupport
import TabModel
import TestSupport
import Testing
import UIInterfaces
import Web
import WebTestSupport

/// A new tab shows as the new tab page: "New Tab" for its title in the tab strip and the
/// window's title, never its URL "about:blank".
@MainActor
struct NewTabTitleTests {
    let builder = WebStateListBuilder()
    let list = WebStateList(delegate: nil)
    static let blank = URL(string: "about:blank")!

    /// A tab opened as the New Tab command opens one, called `name`.
    func newTab(named name: String) -> WebState {
        // As WebKit's: the blank page has no title.
        builder.engine.setPage(Self.blank, .init(title: ""))
        let tab = WebState(params: .init(context: builder.engine.defaultContext, url: Self.blank))
        tab.load(Self.blank)
        builder.register(tab, name: name)
        return tab
    }

    @Test(arguments: [
        // (URL, on the new tab page)
        (nil, true),
        ("about:blank", true),
        ("https://a.test/", false),
        ("about:blank#top", false),
        ("data:text/html,x", false),
    ])
    func theNewTabPageIsTheBlankPageOrNoPage(url: String?, expected: Bool) {
        #expect(WebState.isNewTabPageURL(url.flatMap(URL.init(string:))) == expected)
    }

    @Test func aNewTabIsTitledNewTabInTheTabStripWithoutURL() throws {
        _ = newTab(named: "n")
        builder.engine.setPage(URL(string: "https://untitled.test/")!, .init(title: ""))
        let untitled = WebState(params: .init(context: builder.engine.defaultContext))
        untitled.load(URL(string: "https://untitled.test/")!)
        builder.register(untitled, name: "u")
        try builder.build(list, "| a u n*")
        let strip = RecordingTabStripConsumer()
        let mediator = TabStripMediator(webStateList: list)
        mediator.consumer = strip
        #expect(strip.items.map(\.title) == ["a", "https://untitled.test/", "New Tab"])
        #expect(strip.items.map(\.url) == ["https://a.test/", "https://untitled.test/", ""])
        mediator.disconnect()
    }

    @Test func aWindowOnANewTabIsTitledNewTab() throws {
        _ = newTab(named: "n")
        try builder.build(list, "| a n*")
        let titles = RecordingWindowTitleConsumer()
        for isIncognito in [false, true] {
            let mediator = WindowTitleMediator(webStateList: list, isIncognito: isIncognito)
            mediator.consumer = titles
            mediator.disconnect()
        }
        #expect(titles.titles == ["New Tab — Swiftlet", "New Tab — Swiftlet (Incognito)"])
    }
}
