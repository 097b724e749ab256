/// What applies the windows' style to the whole application.
@MainActor
public protocol ColorSchemeConsumer: AnyObject {
    /// Every window takes `scheme` from now on.
    func setColorScheme(_ scheme: ColorScheme)
}
