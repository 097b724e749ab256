/// Decodes the `xn--` labels of internationalized host names (RFC 3492, the Bootstring
/// algorithm with Punycode's parameters), so that a host is shown as its owner wrote it.
enum Punycode {
    private static let base = 36
    private static let tMin = 1
    private static let tMax = 26
    private static let skew = 38
    private static let damp = 700
    private static let initialBias = 72
    private static let initialN = 128

    /// `host` with every `xn--` label decoded; a label that does not decode stays as it is.
    static func decodedHost(_ host: String) -> String {
        guard host.utf8.count >= 4,
            FoldedText.occurrences(of: Array("xn--".utf8), in: FoldedText.bytes(host)).count > 0
        else { return host }
        return host.split(separator: ".", omittingEmptySubsequences: false).map { label -> String in
            guard label.lowercased().hasPrefix("xn--"), let decoded = decode(label.dropFirst(4)) else {
                return String(label)
            }
            return decoded
        }.joined(separator: ".")
    }

    /// The Unicode text of a Punycode string (the part after `xn--`), nil when it is malformed.
    static func decode(_ input: Substring) -> String? {
        let scalars = Array(input.unicodeScalars)
        guard scalars.allSatisfy(\.isASCII) else { return nil }
        var output: [UInt32] = []
        var position = 0
        if let delimiter = scalars.lastIndex(of: "-") {
            output = scalars[..<delimiter].map(\.value)
            position = delimiter + 1
        }
        var n = initialN
        var i = 0
        var bias = initialBias
        while position < scalars.count {
            let oldI = i
            var weight = 1
            var k = base
            while true {
                guard position < scalars.count, let digit = digit(scalars[position]) else { return nil }
                position += 1
                let (product, overflow) = digit.multipliedReportingOverflow(by: weight)
                guard !overflow, i <= Int(Int32.max) - product else { return nil }
                i += product
                let threshold = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                if digit < threshold { break }
                weight *= base - threshold
                guard weight <= Int(Int32.max) else { return nil }
                k += base
            }
            bias = adapt(delta: i - oldI, points: output.count + 1, first: oldI == 0)
            n += i / (output.count + 1)
            i %= output.count + 1
            guard n <= 0x10FFFF else { return nil }
            output.insert(UInt32(n), at: i)
            i += 1
        }
        var text = ""
        for value in output {
            guard let scalar = Unicode.Scalar(value) else { return nil }
            text.unicodeScalars.append(scalar)
        }
        return text
    }

    private static func digit(_ scalar: Unicode.Scalar) -> Int? {
        switch scalar.value {
        case 0x30...0x39: Int(scalar.value) - 0x30 + 26
        case 0x41...0x5A: Int(scalar.value) - 0x41
        case 0x61...0x7A: Int(scalar.value) - 0x61
        default: nil
        }
    }

    private static func adapt(delta: Int, points: Int, first: Bool) -> Int {
        var delta = first ? delta / damp : delta / 2
        delta += delta / points
        var k = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }
}
