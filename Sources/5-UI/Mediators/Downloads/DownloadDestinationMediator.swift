public import Foundation
public import Prefs
public import UIInterfaces
public import Web

/// Decides where a profile's downloads go from its prefs, read at each download so that a
/// change applies at once (Chromium's `DownloadTargetDeterminer` with `DownloadPrefs`):
/// `download.default_directory` (empty: the user's download directory) and, when
/// `download.prompt_for_download` is on, the file the user picks in the window's save
/// dialog, which starts in that folder (Cancel cancels the download). The dialog opens over
/// the focused window of the profile, else over the one opened last.
@MainActor
public final class DownloadDestinationMediator: DownloadDestinationDelegate {
    private let prefs: PrefService
    private let defaultDirectory: URL
    /// The save dialogs of the profile's windows, most recently opened last.
    private var choosers: [WeakChooser] = []

    private struct WeakChooser {
        weak var chooser: (any SaveFileChooser)?
    }

    /// Reads `prefs` (the profile's); `defaultDirectory` is the user's download directory.
    public init(prefs: PrefService, defaultDirectory: URL) {
        self.prefs = prefs
        self.defaultDirectory = defaultDirectory
    }

    /// Asks through `chooser` (held weakly) from now on: a window that opens.
    public func addChooser(_ chooser: any SaveFileChooser) {
        choosers.removeAll { $0.chooser == nil || $0.chooser === chooser }
        choosers.append(WeakChooser(chooser: chooser))
    }

    /// A window that closes.
    public func removeChooser(_ chooser: any SaveFileChooser) {
        choosers.removeAll { $0.chooser == nil || $0.chooser === chooser }
    }

    /// The folder downloads go to now.
    public var folder: URL {
        let path = prefs.string(DownloadPrefs.defaultDirectory)
        guard !path.isEmpty else { return defaultDirectory }
        return URL(fileURLWithPath: (path as NSString).expandingTildeInPath, isDirectory: true)
    }

    public func decideDestination(
        suggestedFileName: String, completion: @escaping @MainActor (DownloadDestination?) -> Void
    ) {
        let folder = folder
        let open = choosers.compactMap(\.chooser)
        guard prefs.bool(DownloadPrefs.promptForDownload),
            let chooser = open.last(where: \.isInFocusedWindow) ?? open.last
        else {
            return completion(.directory(folder))
        }
        let name = suggestedFileName.isEmpty ? "download" : (suggestedFileName as NSString).lastPathComponent
        chooser.chooseSaveLocation(title: "Save File", suggestedName: name, folder: folder) { file in
            completion(file.map { .file($0) })
        }
    }
}
