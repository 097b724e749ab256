import Foundation

/// The digest that ties a tab's state.pb to the data.pb written with it: 64-bit FNV-1a,
/// stored little-endian. Not cryptographic; it only has to tell two versions apart.
enum StateDigest {
    static func of(_ data: Data) -> Data {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        data.withUnsafeBytes { buffer in
            for byte in buffer {
                hash ^= UInt64(byte)
                hash &*= 0x0000_0100_0000_01b3
            }
        }
        return withUnsafeBytes(of: hash.littleEndian) { Data($0) }
    }
}
