import Foundation

/// Where one HTTP/1.1 message ends in bytes read from a socket: after its headers and the
/// `Content-Length` bytes of body they announce.
///
/// Only as much of HTTP as the benchmark's loopback client and notification receiver need to
/// know when a message is complete; a message without `Content-Length` has no body.
enum HTTPMessageFraming {
    /// A complete message at the start of `bytes`: its total length and the status code of a
    /// response's first line (nil for a request).
    struct Message: Equatable {
        var length: Int
        var statusCode: Int?
    }

    /// What makes a message unusable, named for the benchmark's error.
    enum Problem: Error, Equatable, CustomStringConvertible {
        case badContentLength(String)
        case headersTooLong(Int)

        var description: String {
            switch self {
            case .badContentLength(let value): "a Content-Length header of \"\(value)\" is not a byte count"
            case .headersTooLong(let count): "\(count) bytes arrived without the blank line that ends the headers"
            }
        }
    }

    /// Headers longer than this are taken as a broken peer rather than waited for.
    static let headerLimit = 65_536
    private static let headerEnd: [UInt8] = Array("\r\n\r\n".utf8)

    /// The first complete message in `bytes`, or nil while more bytes are needed.
    static func firstMessage(in bytes: [UInt8]) throws(Problem) -> Message? {
        guard let end = firstIndex(of: headerEnd, in: bytes) else {
            if bytes.count > headerLimit { throw .headersTooLong(bytes.count) }
            return nil
        }
        let head = String(decoding: bytes[..<end], as: UTF8.self)
        let lines = head.split(separator: "\r\n", omittingEmptySubsequences: false)
        var bodyLength = 0
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":"),
                  line[..<colon].lowercased() == "content-length" else { continue }
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            guard let length = Int(value), length >= 0 else { throw .badContentLength(value) }
            bodyLength = length
        }
        let total = end + headerEnd.count + bodyLength
        guard bytes.count >= total else { return nil }
        return Message(length: total, statusCode: statusCode(of: lines.first ?? ""))
    }

    /// The code of a status line (`HTTP/1.1 200 OK`); nil for a request line.
    private static func statusCode(of line: Substring) -> Int? {
        let words = line.split(separator: " ", maxSplits: 2)
        guard words.count >= 2, words[0].hasPrefix("HTTP/") else { return nil }
        return Int(words[1])
    }

    private static func firstIndex(of pattern: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= pattern.count else { return nil }
        for start in 0...(bytes.count - pattern.count) where bytes[start] == pattern[0] {
            if bytes[start..<(start + pattern.count)].elementsEqual(pattern) { return start }
        }
        return nil
    }
}
