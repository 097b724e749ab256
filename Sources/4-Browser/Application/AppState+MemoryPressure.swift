import MemorySaver
import Prerender

extension AppState {
    /// Tells every loaded profile's memory saver that the system is short of memory: each
    /// discards the background tabs it may (``MemorySaverService/handleMemoryPressure()``).
    /// A prerender in flight is cancelled first (Chromium's `PreloadController` on a memory
    /// warning). Returns how many tabs were discarded.
    @discardableResult
    public func handleMemoryPressure() -> Int {
        guard !isTerminating else { return 0 }
        for profile in context.profileManager.loadedProfiles {
            prerenderServices.service(for: profile, create: false)?.cancelPrerender(reason: .memoryPressure)
        }
        return context.profileManager.loadedProfiles.reduce(0) {
            $0 + memorySavers.memorySaver(for: $1).handleMemoryPressure()
        }
    }
}
