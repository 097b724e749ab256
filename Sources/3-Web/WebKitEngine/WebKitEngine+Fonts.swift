import CWebKitGTK
import Web

extension WebKitEngine {
    /// Sets the shared `WebKitSettings` from ``fontSettings``; an empty family puts back
    /// WebKit's default (read from a fresh settings object).
    func applyFontSettings() {
        let settings = self.settings.opaque
        let defaults = webkit_settings_new()!
        defer { g_object_unref(UnsafeMutableRawPointer(defaults)) }
        func family(_ name: String, _ get: (OpaquePointer?) -> UnsafePointer<CChar>?) -> String {
            name.isEmpty ? get(defaults).map { String(cString: $0) } ?? "" : name
        }
        let sans = family(fontSettings.sansSerifFamily, webkit_settings_get_sans_serif_font_family)
        webkit_settings_set_sans_serif_font_family(settings, sans)
        webkit_settings_set_default_font_family(
            settings,
            fontSettings.sansSerifFamily.isEmpty
                ? String(cString: webkit_settings_get_default_font_family(defaults)) : sans)
        webkit_settings_set_serif_font_family(
            settings, family(fontSettings.serifFamily, webkit_settings_get_serif_font_family))
        webkit_settings_set_monospace_font_family(
            settings, family(fontSettings.monospaceFamily, webkit_settings_get_monospace_font_family))
        webkit_settings_set_minimum_font_size(settings, UInt32(max(0, fontSettings.minimumSize)))
    }

    /// The minimum font size the shared `WebKitSettings` hold, as WebKit reads it back.
    @_spi(Testing) public var settingsMinimumFontSize: Int {
        Int(webkit_settings_get_minimum_font_size(settings.opaque))
    }

    /// The `sans-serif` family the shared `WebKitSettings` hold.
    @_spi(Testing) public var settingsSansSerifFamily: String {
        String(cString: webkit_settings_get_sans_serif_font_family(settings.opaque))
    }
}
