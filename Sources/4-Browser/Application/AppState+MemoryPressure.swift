import MemorySaver

extension AppState {
    /// Tells every loaded profile's memory saver that the system is short of memory: each
    /// discards the background tabs it may (``MemorySaverService/handleMemoryPressure()``).
    /// Returns how many tabs were discarded.
    @discardableResult
    public func handleMemoryPressure() -> Int {
        guard !isTerminating else { return 0 }
        return context.profileManager.loadedProfiles.reduce(0) {
            $0 + memorySavers.memorySaver(for: $1).handleMemoryPressure()
        }
    }
}
