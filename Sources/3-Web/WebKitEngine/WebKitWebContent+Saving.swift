import CWebKitGTK
public import Foundation
import GLibSupport

// Saving what the page links to, or the page itself, where the user chose.
extension WebKitWebContent {
    /// Starts a download of `url` from the view (`webkit_web_view_download_uri`: the page's
    /// session and referrer) whose destination is `destination`, replacing a file there (the
    /// user chose it, and the file dialog asked before replacing). It is one of the session's
    /// downloads like any other (``WebKitDownloads`` keeps a destination set in advance).
    public func download(_ url: URL, to destination: URL) {
        guard let view = webViewPointer, let download = webkit_web_view_download_uri(view, url.absoluteString)
        else { return }
        webkit_download_set_allow_overwrite(download, 1)
        webkit_download_set_destination(download, destination.path)
        g_object_unref(UnsafeMutableRawPointer(download))
    }

    /// Saves the page as MHTML to `destination` (`webkit_web_view_save_to_file`).
    public func savePage(to destination: URL, completion: @escaping @MainActor (Bool) -> Void) {
        guard let view = webViewPointer, lastCommittedURL != nil else { return completion(false) }
        let file = g_file_new_for_path(destination.path)
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        webkit_web_view_save_to_file(
            view, file, WEBKIT_SAVE_MODE_MHTML, nil, AsyncCompletion.callback,
            AsyncCompletion.userData { _, result in
                var error: UnsafeMutablePointer<GError>?
                let saved = webkit_web_view_save_to_file_finish(view, result, &error) != 0
                if error != nil { g_error_free(error) }
                completion(saved)
            })
    }
}
