public import Prefs

/// Where downloads go, and whether to ask: Chromium's `download.default_directory` and
/// `download.prompt_for_download` (`chrome/common/pref_names.h`), profile prefs; the folder is
/// a path of this machine and never synced.
public enum DownloadPrefs {
    /// The folder downloads are saved in; empty means the user's XDG download directory.
    public static let defaultDirectory = "download.default_directory"
    /// Whether each download asks where to save its file.
    public static let promptForDownload = "download.prompt_for_download"

    /// Registers the prefs in a profile's registry (the composition root calls this).
    @MainActor
    public static func register(in registry: PrefRegistry) {
        registry.register(defaultDirectory, default: .string(""), scope: .local)
        registry.register(promptForDownload, default: .bool(false), scope: .syncable)
    }
}
