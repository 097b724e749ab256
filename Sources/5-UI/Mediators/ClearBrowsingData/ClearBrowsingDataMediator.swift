public import Application
public import UIInterfaces

/// Between the Clear Browsing Data dialog and a profile's ``BrowsingDataRemover``: turns the
/// dialog's selection into the remover's types and period, and tells the window when the
/// removal is done.
@MainActor
public final class ClearBrowsingDataMediator: ClearBrowsingDataCommands {
    private let remover: BrowsingDataRemover
    private var state = MediatorState("ClearBrowsingDataMediator")
    private var removal: Task<Void, Never>?

    /// The window; held weakly.
    public weak var consumer: (any ClearBrowsingDataConsumer)?

    public init(remover: BrowsingDataRemover) { self.remover = remover }

    /// Stops telling the window; a removal under way still finishes.
    public func disconnect() { state.disconnect() }

    /// Waits until the removals asked for so far are done.
    public func waitForRemovals() async { await removal?.value }

    public func clearBrowsingData(_ selection: ClearBrowsingDataSelection) {
        state.check(#function)
        guard !selection.isEmpty else { return }
        let previous = removal
        removal = Task { [weak self, remover] in
            await previous?.value
            await remover.remove(Self.types(of: selection), period: Self.period(of: selection.period))
            guard let self, !state.isDisconnected else { return }
            consumer?.browsingDataCleared()
        }
    }

    static func types(of selection: ClearBrowsingDataSelection) -> BrowsingDataTypes {
        var types: BrowsingDataTypes = []
        if selection.history { types.insert(.history) }
        if selection.cookiesAndSiteData { types.insert(.cookiesAndSiteData) }
        if selection.cache { types.insert(.cache) }
        if selection.recentlyClosed { types.insert(.recentlyClosed) }
        return types
    }

    static func period(of period: ClearBrowsingDataSelection.Period) -> BrowsingDataTimePeriod {
        switch period {
        case .lastHour: .lastHour
        case .lastDay: .lastDay
        case .lastWeek: .lastWeek
        case .lastFourWeeks: .lastFourWeeks
        case .allTime: .allTime
        }
    }
}
