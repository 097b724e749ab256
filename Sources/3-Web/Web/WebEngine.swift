/// A browser engine: the seam a backend (WebKitGTK, or the fake engine of the tests)
/// implements. It makes one ``WebEngineContext`` per profile.
@MainActor
public protocol WebEngine: AnyObject {
    /// Makes the engine state of one profile (its network session).
    func makeContext(storage: WebEngineStorage) -> any WebEngineContext
    /// The fonts of every page of every context, applied at once.
    var fontSettings: WebEngineFontSettings { get set }
}
