/// Which realized tabs the memory saver may discard (pure: facts in, a verdict out).
///
/// Never discarded: an unrealized tab (nothing to free), the visible tab, a loading tab, a
/// tab playing audio, a tab whose form the user typed into. Past those, a memory pressure
/// discards every other tab; inactivity discards a tab hidden for at least
/// ``discardAfter`` (none when it is nil).
public struct MemorySaverPolicy: Equatable, Sendable {
    /// What a tab's state is, as the policy needs it.
    public struct TabFacts: Equatable, Sendable {
        /// Whether the tab has its engine content.
        public var isRealized: Bool
        /// Whether the tab is shown.
        public var isVisible: Bool
        /// Whether the tab is loading.
        public var isLoading: Bool
        /// Whether the tab plays sound.
        public var isPlayingAudio: Bool
        /// Whether the user typed into a form of the tab's page.
        public var hadFormInteraction: Bool
        /// When the tab was last hidden (or seen realized and hidden), on the memory saver's
        /// clock; nil if it is shown.
        public var hiddenSince: Duration?

        /// Creates facts; by default those of a realized, hidden, idle tab.
        public init(
            isRealized: Bool = true, isVisible: Bool = false, isLoading: Bool = false,
            isPlayingAudio: Bool = false, hadFormInteraction: Bool = false, hiddenSince: Duration? = .zero
        ) {
            self.isRealized = isRealized
            self.isVisible = isVisible
            self.isLoading = isLoading
            self.isPlayingAudio = isPlayingAudio
            self.hadFormInteraction = hadFormInteraction
            self.hiddenSince = hiddenSince
        }
    }

    /// Why a discard is considered.
    public enum Reason: Equatable, Sendable {
        /// The tab has not been shown for a while.
        case inactivity
        /// The system is short of memory.
        case memoryPressure
    }

    /// Why a tab is kept.
    public enum Protection: Equatable, Sendable {
        /// Unrealized already.
        case unrealized
        /// Shown.
        case visible
        case loading
        /// Playing sound.
        case playingAudio
        /// The user typed into a form of the page.
        case formInteraction
        /// Hidden for less than ``MemorySaverPolicy/discardAfter`` (or inactivity discards
        /// are off).
        case recentlyUsed
    }

    /// How long a hidden tab waits before an inactivity discard; nil turns those off.
    public var discardAfter: Duration?

    /// A policy discarding tabs hidden for `discardAfter`.
    public init(discardAfter: Duration?) { self.discardAfter = discardAfter }

    /// Why `tab` is kept for `reason` at `now`, or nil when it may be discarded.
    public func protection(of tab: TabFacts, reason: Reason, now: Duration) -> Protection? {
        guard tab.isRealized else { return .unrealized }
        guard !tab.isVisible, let hiddenSince = tab.hiddenSince else { return .visible }
        if tab.isLoading { return .loading }
        if tab.isPlayingAudio { return .playingAudio }
        if tab.hadFormInteraction { return .formInteraction }
        if reason == .inactivity {
            guard let discardAfter, now - hiddenSince >= discardAfter else { return .recentlyUsed }
        }
        return nil
    }

    /// When a tab hidden since `hiddenSince` becomes due for an inactivity discard, or nil.
    public func dueTime(hiddenSince: Duration) -> Duration? { discardAfter.map { hiddenSince + $0 } }
}
