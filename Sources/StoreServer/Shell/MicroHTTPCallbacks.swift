import CMicroHTTPD
import Foundation

/// The C functions libmicrohttpd calls, from its own threads.
///
/// They live outside `main.swift` and hold no actor isolation: a callback isolated to the
/// main actor traps the first time the library calls it from another thread.
enum MicroHTTPCallbacks {
    /// Called with the request target as the client sent it, before the library percent-decodes
    /// its path (routes decode each segment once the path is split at its slashes); what it
    /// returns is the request's context in the other callbacks, released when the request ends.
    static let targetHandler: storefront_mhd_uri_callback = { _, target, _ in
        let pending = PendingRequest(target: target.map { String(cString: $0) } ?? "/")
        return Unmanaged.passRetained(pending).toOpaque()
    }

    /// Called once with the headers, once per part of the body, and once more at its end.
    static let accessHandler: MHD_AccessHandlerCallback = { context, connection, _, method, version, uploadData, uploadSize, state in
        guard let context, let connection, let uploadSize, let existing = state?.pointee else { return .NO }
        let server = Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
        let pending = Unmanaged<PendingRequest>.fromOpaque(existing).takeUnretainedValue()
        if !pending.headersSeen {
            pending.headersSeen = true
            collectValues(of: connection, into: pending)
            if let refusal = RequestFraming.refusal(headerFields: pending.headerFields)
                ?? RequestTargetAndHost.refusal(version: version.map { String(cString: $0) } ?? "", headerFields: pending.headerFields) {
                pending.answered = true
                var answer = server.answerRefusingUnreadable(refusal, pending.path)
                // The body is left unread, so nothing after it on this connection could be told
                // apart from it: the library closes a connection answered before its body, and
                // the header tells the client so.
                answer.headers["Connection"] = "close"
                return queue(answer, on: connection)
            }
            let declared = pending.headerFields.filter { $0.name.lowercased() == "content-length" }.map(\.value)
            pending.bodyLimit = server.maximumBodyBytes(path: pending.path)
            if let refusal = ServerLimits.refusal(declaredLengths: declared, limit: pending.bodyLimit) {
                pending.answered = true
                return queue(server.answerRefusingUnreadable(refusal, pending.path), on: connection)
            }
            return .YES
        }
        if uploadSize.pointee > 0 {
            if !pending.answered, let uploadData {
                let bytes = UnsafeRawPointer(uploadData).assumingMemoryBound(to: UInt8.self)
                pending.append(UnsafeBufferPointer(start: bytes, count: uploadSize.pointee), limit: pending.bodyLimit)
            }
            uploadSize.pointee = 0
            return .YES
        }
        if pending.answered { return .YES }
        pending.answered = true
        if pending.overflowed {
            return queue(server.answerRefusingUnreadable(.bodyTooLarge(limit: pending.bodyLimit), pending.path), on: connection)
        }
        let request = read(connection, method: method.map { String(cString: $0) } ?? "", pending: pending)
        return queue(server.respond(request), on: connection)
    }

    /// Lets go of what the target handler made for the request; the library calls this for every
    /// request the target handler saw, also one it answered itself (a malformed header).
    static let completedHandler: MHD_RequestCompletedCallback = { _, _, state, _ in
        guard let state, let existing = state.pointee else { return }
        Unmanaged<PendingRequest>.fromOpaque(existing).release()
        state.pointee = nil
    }

    /// Collects headers (each one sent, repeated names too) and query parameters into the pending request.
    private static let collectValue: MHD_KeyValueIterator = { context, kind, key, value in
        guard let context, let key else { return .YES }
        let pending = Unmanaged<PendingRequest>.fromOpaque(context).takeUnretainedValue()
        let name = String(cString: key)
        let text = value.map { String(cString: $0) } ?? ""
        if kind == MHD_ValueKind.HEADER_KIND {
            pending.headerFields.append((name, text))
        } else {
            pending.query.append(HTTPRequest.QueryItem(name: name, value: text))
        }
        return .YES
    }

    /// Every header and query parameter, all there by the first call of the access handler.
    private static func collectValues(of connection: OpaquePointer, into pending: PendingRequest) {
        let context = Unmanaged.passUnretained(pending).toOpaque()
        MHD_get_connection_values(connection, .HEADER_KIND, collectValue, context)
        MHD_get_connection_values(connection, .GET_ARGUMENT_KIND, collectValue, context)
    }

    private static func read(_ connection: OpaquePointer, method: String, pending: PendingRequest) -> HTTPRequest {
        HTTPRequest(method: method, path: pending.path, query: pending.query, headerFields: pending.headerFields, body: pending.body)
    }

    private static func queue(_ answer: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
        let response = answer.body.withUnsafeBytes { bytes in
            MHD_create_response_from_buffer(bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
        }
        guard let response else { return .NO }
        defer { MHD_destroy_response(response) }
        if let contentType = answer.contentType { MHD_add_response_header(response, "Content-Type", contentType) }
        for (name, value) in answer.headers { MHD_add_response_header(response, name, value) }
        return MHD_queue_response(connection, UInt32(answer.status), response)
    }
}
