import Foundation

/// Reads an HTTP/1.1 answer out of the bytes received so far, telling whether more must come.
///
/// Pure, so the framing (a length, chunks, or the end of the connection) is tested without a
/// network. An answer that is not HTTP, or is cut short, is a failure in words.
enum HTTPResponseReader {
    /// The most an answer's status line and header fields may take.
    static let maximumHeadBytes = 64 * 1024

    /// The answer in `bytes`, or nil while more must be read. With `readsBody` false the answer
    /// is complete at the end of its header fields. `atEnd`: the server closed the connection,
    /// so nothing more will come.
    static func response(in bytes: [UInt8], atEnd: Bool, readsBody: Bool) throws(HTTPClientFailure) -> HTTPResponse? {
        var start = 0
        while true {
            guard let (lines, bodyStart) = headLines(in: bytes, from: start) else {
                if bytes.count - start > maximumHeadBytes {
                    throw .unreachable("the answer's header fields are longer than \(maximumHeadBytes / 1024) KiB")
                }
                if atEnd { throw truncated(bytes.count == start ? "before any answer" : "inside the answer's header fields") }
                return nil
            }
            let head = try parseHead(lines)
            // An interim answer (100 Continue and the like) is followed by the real one.
            if (100..<200).contains(head.status) {
                start = bodyStart
                continue
            }
            var response = HTTPResponse(status: head.status, headers: head.headers, body: [])
            guard readsBody, head.status != 204, head.status != 304 else { return response }
            let rest = bytes[bodyStart...]
            if response.header("Transfer-Encoding")?.lowercased().contains("chunked") == true {
                guard let body = try dechunk(rest) else {
                    if atEnd { throw truncated("inside the answer's chunked body") }
                    return nil
                }
                response.body = body
            } else if let lengthText = response.header("Content-Length") {
                guard let length = Int(lengthText.trimmingCharacters(in: .whitespaces)), length >= 0 else {
                    throw .unreachable("the answer's Content-Length \"\(lengthText)\" is not a number")
                }
                guard rest.count >= length else {
                    if atEnd { throw truncated("after \(rest.count) of the body's \(length) bytes") }
                    return nil
                }
                response.body = Array(rest.prefix(length))
            } else {
                guard atEnd else { return nil }
                response.body = Array(rest)
            }
            return response
        }
    }

    private static func truncated(_ place: String) -> HTTPClientFailure {
        .unreachable("the server closed the connection \(place)")
    }

    /// The lines of the head that starts at `start`, and where its body starts (after the blank
    /// line); nil while the blank line has not come. Lines end with CRLF or, as RFC 9112 lets a
    /// client accept, a bare LF.
    private static func headLines(in bytes: [UInt8], from start: Int) -> (lines: [String], bodyStart: Int)? {
        var lines: [String] = []
        var position = start
        while let (line, next) = line(in: bytes[...], from: position) {
            if line.isEmpty { return (lines, next) }
            lines.append(String(decoding: line, as: UTF8.self))
            position = next
        }
        return nil
    }

    /// The line at `start` without its line break, and where the next one starts; nil while its
    /// line break has not come.
    private static func line(in bytes: ArraySlice<UInt8>, from start: Int) -> (line: ArraySlice<UInt8>, next: Int)? {
        guard start <= bytes.endIndex, let newline = bytes[start...].firstIndex(of: 10) else { return nil }
        let end = newline > start && bytes[newline - 1] == 13 ? newline - 1 : newline
        return (bytes[start..<end], newline + 1)
    }

    /// The status code and header fields of one answer's head.
    private static func parseHead(_ lines: [String]) throws(HTTPClientFailure) -> (status: Int, headers: [HTTPHeaderField]) {
        let statusLine = lines.first ?? ""
        let parts = statusLine.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), parts[1].count == 3, let status = Int(parts[1]) else {
            throw .unreachable("the answer is not HTTP (it starts \"\(statusLine.prefix(40))\")")
        }
        let headers = lines.dropFirst().compactMap { line -> HTTPHeaderField? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return HTTPHeaderField(name: String(line[..<colon]),
                                   value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        return (status, headers)
    }

    /// The body of a chunked answer, or nil while its last chunk has not come.
    private static func dechunk(_ bytes: ArraySlice<UInt8>) throws(HTTPClientFailure) -> [UInt8]? {
        var body: [UInt8] = []
        var position = bytes.startIndex
        while true {
            guard let (sizeLine, dataStart) = line(in: bytes, from: position) else { return nil }
            let sizeText = String(decoding: sizeLine, as: UTF8.self)
                .split(separator: ";", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            guard let size = Int(sizeText, radix: 16), size >= 0 else {
                throw .unreachable("the answer's chunk size \"\(sizeText.prefix(20))\" is not a hexadecimal number")
            }
            if size == 0 { return body }
            // The chunk's data, then its line break.
            guard bytes.endIndex - dataStart > size, let (_, next) = line(in: bytes, from: dataStart + size) else { return nil }
            body += bytes[dataStart..<(dataStart + size)]
            position = next
        }
    }
}
