import CAdwaita
public import UIInterfaces

/// Applies the style to every window of the application through libadwaita's style manager
/// (`adw_style_manager_set_color_scheme`): following the system is `ADW_COLOR_SCHEME_DEFAULT`,
/// which is the desktop's preference, light without one.
@MainActor
public final class ApplicationStyle: ColorSchemeConsumer {
    public init() {}

    public func setColorScheme(_ scheme: ColorScheme) {
        let manager = adw_style_manager_get_default()
        switch scheme {
        case .system: adw_style_manager_set_color_scheme(manager, ADW_COLOR_SCHEME_DEFAULT)
        case .light: adw_style_manager_set_color_scheme(manager, ADW_COLOR_SCHEME_FORCE_LIGHT)
        case .dark: adw_style_manager_set_color_scheme(manager, ADW_COLOR_SCHEME_FORCE_DARK)
        }
    }

    /// Whether the windows are drawn dark now.
    public var isDark: Bool { adw_style_manager_get_dark(adw_style_manager_get_default()) != 0 }
}
