public import Prefs
public import UIInterfaces

/// Pushes the profile's style (``AppearancePrefs/colorScheme``) to what applies it to every
/// window: at once when the consumer is set (at launch), and at each change.
@MainActor
public final class ColorSchemeMediator {
    private let prefs: PrefService
    private var observation: PrefObservation?
    private var state = MediatorState("ColorSchemeMediator")

    /// The application's style; set it to push the style at once. Held weakly.
    public weak var consumer: (any ColorSchemeConsumer)? {
        didSet {
            state.check("consumer")
            consumer?.setColorScheme(AppearancePrefs.colorScheme(in: prefs))
        }
    }

    /// Follows `prefs` (a regular profile's, with ``AppearancePrefs`` registered).
    public init(prefs: PrefService) {
        self.prefs = prefs
        observation = prefs.observe(AppearancePrefs.colorScheme) { [weak self] _ in
            guard let self else { return }
            consumer?.setColorScheme(AppearancePrefs.colorScheme(in: self.prefs))
        }
    }

    /// Stops following the pref; the mediator cannot be used afterwards.
    public func disconnect() {
        state.disconnect()
        observation?.cancel()
        observation = nil
    }
}
