import Foundation
import LocalHTTPServer

/// The pages the benchmark loads, served from 127.0.0.1 by the parent process: an article
/// of about 12 KB of text with a stylesheet and a script, under distinct paths.
enum BenchmarkPages {
    /// How many distinct tab pages are served (`/tab/0` ...).
    static let tabPageCount = 64
    /// The page of the first-load measurement.
    static let firstLoadPath = "/first"
    /// The three pages a restored tab's history holds.
    static let historyPaths = ["/history/a", "/history/b", "/history/c"]

    /// The path of tab page `index`.
    static func tabPath(_ index: Int) -> String { "/tab/\(index)" }

    /// Registers every page on `server`.
    static func install(on server: LocalHTTPServer) {
        server.route(
            "/static/site.css", HTTPResponse(headers: ["Content-Type": "text/css"], body: Data(css.utf8)))
        server.route(
            "/static/site.js",
            HTTPResponse(headers: ["Content-Type": "text/javascript"], body: Data(script.utf8)))
        server.route(firstLoadPath, .html(article(title: "First load")))
        // Not stored by any cache: every restore of a history page asks the server.
        for (index, path) in historyPaths.enumerated() {
            var response = HTTPResponse.html(article(title: "History page \(index + 1)"))
            response.headers["Cache-Control"] = "no-store"
            server.route(path, response)
        }
        for index in 0..<tabPageCount {
            server.route(tabPath(index), .html(article(title: "Tab page \(index)")))
        }
    }

    private static func article(title: String) -> String {
        let paragraph = """
            <p>Swiftlet drives WebKitGTK from Swift. This paragraph is filler text of a typical
            length, with a <a href="#section">link</a>, some <em>emphasis</em> and some
            <code>code</code>, so that the page has text to lay out and paint.</p>
            """
        let sections = (1...8).map { section in
            "<h2 id=\"section\(section)\">Section \(section)</h2>"
                + String(repeating: paragraph, count: 4)
        }
        return """
            <!doctype html><html lang="en"><head><meta charset="utf-8"><title>\(title)</title>
            <meta name="viewport" content="width=device-width">
            <link rel="stylesheet" href="/static/site.css"></head>
            <body><header><h1>\(title)</h1><nav><a href="/tab/0">Home</a> · <a href="/tab/1">Next</a></nav>
            </header><main>\(sections.joined())</main><ul id="list"></ul>
            <script src="/static/site.js"></script></body></html>
            """
    }

    private static let css = """
        body { font-family: sans-serif; max-width: 48em; margin: 2em auto; line-height: 1.5;
               color: #241f31; background: #fafafa; }
        header { border-bottom: 1px solid #ccc; margin-bottom: 1em; }
        h1 { color: #1c71d8; } h2 { margin-top: 1.5em; }
        code { background: #eee; padding: 0 .2em; border-radius: 3px; }
        """

    private static let script = """
        (function () {
          var list = document.getElementById('list');
          for (var i = 0; i < 20; i++) {
            var item = document.createElement('li');
            item.textContent = 'Item ' + i + ' of ' + document.title;
            list.appendChild(item);
          }
        })();
        """
}
