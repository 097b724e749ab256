import Foundation
import History
import Omnibox
import Web

/// The clock of every test here: a fixed "now".
let testNow = Date(timeIntervalSince1970: 1_800_000_000)

/// A significant history row visited `daysAgo` days before ``testNow``.
func row(
    _ url: String, _ title: String = "", visits: Int = 1, typed: Int = 0, daysAgo: Double = 0,
    hidden: Bool = false
) -> URLRow {
    URLRow(
        url: URL(string: url)!, title: title, visitCount: visits, typedCount: typed,
        lastVisit: testNow.addingTimeInterval(-daysAgo * 86_400), hidden: hidden)
}

/// An index of `rows`, built.
@MainActor
func makeIndex(_ rows: [URLRow]) async -> URLIndex {
    let index = URLIndex(now: { testNow })
    await index.rebuild(from: rows)
    return index
}

/// Open tabs that tests set.
@MainActor
final class FakeOpenTabSource: OpenTabSource {
    var openTabs: [OpenTab] = []
}

/// The location bar's providers over `rows` and `tabs`, what-you-typed first.
@MainActor
func makeController(_ rows: [URLRow], tabs: FakeOpenTabSource? = nil) async -> AutocompleteController {
    let index = await makeIndex(rows)
    var providers: [any AutocompleteProvider] = [
        WhatYouTypedProvider(), HistoryQuickProvider(index: index, now: { testNow }),
    ]
    if let tabs { providers.append(OpenTabProvider(source: tabs)) }
    return AutocompleteController(providers: providers)
}

extension AutocompleteController {
    /// The rows for `text` typed, as their contents.
    func contents(_ text: String, preventInline: Bool = false) -> [String] {
        start(AutocompleteInput(text: text, preventInlineAutocomplete: preventInline)).matches.map(\.contents)
    }

    /// The history rows for `text`, as their contents.
    func historyContents(_ text: String) -> [String] {
        start(AutocompleteInput(text: text)).matches.filter { $0.type == .historyURL }.map(\.contents)
    }
}
