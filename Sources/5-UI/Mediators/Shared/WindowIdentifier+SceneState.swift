public import Application
public import UIInterfaces

extension WindowIdentifier {
    /// The identifier the UI knows `scene`'s window by: its session identifier.
    @MainActor public init(_ scene: SceneState) { self.init(scene.sessionID) }
}
