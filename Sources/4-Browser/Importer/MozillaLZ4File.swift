import CLZ4
public import Foundation

/// Mozilla's `.jsonlz4` / `.mozlz4` files (Firefox's session store, its search engines): the
/// magic `mozLz40\0`, the decompressed size as a 32-bit little-endian number, then one LZ4
/// block (toolkit/components/lz4/lz4.sys.mjs writes it with liblz4's block format).
public enum MozillaLZ4File {
    public enum ReadError: Error, Equatable, CustomStringConvertible {
        case notMozillaLZ4
        case tooLarge(Int)
        case damaged

        public var description: String {
            switch self {
            case .notMozillaLZ4: "The file is not a Mozilla LZ4 file (no mozLz40 header)"
            case .tooLarge(let size): "The file says it holds \(size) bytes, more than a session can be"
            case .damaged: "The file's LZ4 block is damaged or cut short"
            }
        }
    }

    static let magic = Data("mozLz40\0".utf8)
    /// The most a file may decompress to: a session of thousands of tabs is tens of MB; a
    /// header asking for more is a damaged (or hostile) file, not a bigger session.
    static let maximumSize = 512 * 1024 * 1024

    /// The decompressed contents of `data`.
    public static func decompress(_ data: Data) throws -> Data {
        guard data.count >= 12, data.prefix(8) == magic else { throw ReadError.notMozillaLZ4 }
        let sizeBytes = data.dropFirst(8).prefix(4)
        let size = sizeBytes.reversed().reduce(0) { $0 << 8 | Int($1) }
        guard size <= maximumSize else { throw ReadError.tooLarge(size) }
        guard size > 0 else { return Data() }
        let block = Data(data.dropFirst(12))
        var output = Data(count: size)
        let written = output.withUnsafeMutableBytes { outputBytes in
            block.withUnsafeBytes { blockBytes in
                LZ4_decompress_safe(
                    blockBytes.baseAddress?.assumingMemoryBound(to: CChar.self),
                    outputBytes.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(block.count),
                    Int32(size))
            }
        }
        guard written == size else { throw ReadError.damaged }
        return output
    }

    /// `data` as a Mozilla LZ4 file (what Firefox writes; the tests make fixtures with it).
    public static func compress(_ data: Data) -> Data {
        let bound = Int(LZ4_compressBound(Int32(data.count)))
        var block = Data(count: bound)
        let written = block.withUnsafeMutableBytes { blockBytes in
            data.withUnsafeBytes { inputBytes in
                LZ4_compress_default(
                    inputBytes.baseAddress?.assumingMemoryBound(to: CChar.self),
                    blockBytes.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(data.count),
                    Int32(bound))
            }
        }
        var file = magic
        let size = UInt32(data.count)
        file.append(contentsOf: (0..<4).map { UInt8(truncatingIfNeeded: size >> (8 * $0)) })
        file.append(block.prefix(Int(written)))
        return file
    }
}
