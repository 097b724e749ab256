import Foundation

/// Firefox's `mozLz4` container (`sessionstore.jsonlz4`, `search.json.mozlz4`…): the magic
/// `mozLz40\0`, the uncompressed size as a 4-byte little-endian integer, then one LZ4 block.
///
/// The block written here holds a single sequence of literals and no match, which LZ4 allows
/// (every block ends with literals): the file is as large as its content, and needs no
/// compressor.
enum MozLz4 {
    /// The magic number.
    static let magic = Data("mozLz40\0".utf8)

    /// `content` in the container.
    static func encode(_ content: Data) -> Data {
        var file = magic
        let size = UInt32(content.count)
        file.append(contentsOf: [0, 8, 16, 24].map { UInt8(truncatingIfNeeded: size >> $0) })
        // The token: the literal length in its high four bits (15: more length bytes follow),
        // no match length. Then 255s and a final byte < 255 add up to the rest.
        let length = content.count
        file.append(UInt8(min(length, 15)) << 4)
        if length >= 15 {
            var rest = length - 15
            while rest >= 255 {
                file.append(255)
                rest -= 255
            }
            file.append(UInt8(rest))
        }
        file.append(content)
        return file
    }
}
