import Foundation

/// An Epiphany (GNOME Web) session (`session_state.xml` in the profile): one window of tabs
/// (`embed`s), the active one by index. Epiphany restores it at launch (its
/// `restore-session-policy` setting is `always` by default) and loads a background tab when
/// it is first shown.
enum EpiphanySessionFile {
    /// The file's content: `urls` as tabs titled "Page N", the tab at `active` selected.
    static func xml(urls: [URL], active: Int, width: Int = 1280, height: Int = 960) -> String {
        var lines = [
            #"<?xml version="1.0"?>"#, "<session>",
            #"  <window x="0" y="0" width="\#(width)" height="\#(height)" is-maximized="0" "#
                + #"is-fullscreen="0" active-tab="\#(active)">"#,
        ]
        for (index, url) in urls.enumerated() {
            lines.append(#"    <embed url="\#(escaped(url.absoluteString))" title="Page \#(index)"/>"#)
        }
        lines += ["  </window>", "</session>", ""]
        return lines.joined(separator: "\n")
    }

    /// Writes the session into `profile` (`session_state.xml`).
    static func write(urls: [URL], active: Int, into profile: URL) throws {
        try xml(urls: urls, active: active).write(
            to: profile.appendingPathComponent("session_state.xml"), atomically: true, encoding: .utf8)
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "<", with: "&lt;")
    }
}
