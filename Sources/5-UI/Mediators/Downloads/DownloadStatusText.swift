/// The words of a download's status line (what GNOME Web and Chromium's download shelf show:
/// sizes as GLib's `g_format_size` writes them, speed, time left).
enum DownloadStatusText {
    /// `512 bytes`, `1.0 kB`, `12.3 MB`, `1.2 GB` (decimal units).
    static func size(_ bytes: Int64) -> String {
        if bytes < 1000 { return bytes == 1 ? "1 byte" : "\(max(bytes, 0)) bytes" }
        var value = Double(bytes) / 1000
        for unit in ["kB", "MB", "GB", "TB"] {
            if value < 999.95 || unit == "TB" { return oneDecimal(value) + " " + unit }
            value /= 1000
        }
        return oneDecimal(value) + " TB"
    }

    /// `1.0 MB/s`.
    static func speed(_ bytesPerSecond: Double) -> String { size(Int64(bytesPerSecond.rounded())) + "/s" }

    /// `5 seconds left`, `2 minutes left`, `1 hour left` (rounded up).
    static func timeLeft(seconds: Double) -> String {
        let seconds = Int(seconds.rounded(.up))
        func left(_ count: Int, _ unit: String) -> String { "\(count) \(unit)\(count == 1 ? "" : "s") left" }
        if seconds < 60 { return left(max(seconds, 1), "second") }
        if seconds < 3600 { return left((seconds + 59) / 60, "minute") }
        return left((seconds + 3599) / 3600, "hour")
    }

    /// The line of a download under way: `1.0 kB of 3.0 kB — 500 bytes/s, 4 seconds left`.
    static func running(received: Int64, total: Int64?, bytesPerSecond: Double?) -> String {
        var text = size(received) + (total.map { " of " + size($0) } ?? "")
        if let bytesPerSecond, bytesPerSecond > 0 {
            text += " — " + speed(bytesPerSecond)
            if let total, total >= received {
                text += ", " + timeLeft(seconds: Double(total - received) / bytesPerSecond)
            }
        }
        return text
    }

    private static func oneDecimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
