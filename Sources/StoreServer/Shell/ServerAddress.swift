import Foundation
import StorefrontText

/// The address `serve` listens on: an IPv4 or IPv6 literal (or "localhost") and a port.
public struct ServerAddress: Sendable, Equatable {
    public enum Family: Sendable, Equatable { case ipv4, ipv6 }

    /// As given, e.g. "127.0.0.1" or "::1".
    public var host: String
    public var family: Family
    /// 0 asks the system for a free port.
    public var port: UInt16

    public static let loopbackHost = "127.0.0.1"

    /// The address for `host` and `port` as typed, or an error saying what to give instead.
    public static func parse(host: String, port portText: String) throws(ServerStartError) -> ServerAddress {
        guard let port = UInt16(portText) else { throw ServerStartError(ServerText.notAPort(portText)) }
        let literal = host == "localhost" ? loopbackHost : host
        var ipv4 = in_addr()
        var ipv6 = in6_addr()
        if inet_pton(AF_INET, literal, &ipv4) == 1 { return ServerAddress(host: literal, family: .ipv4, port: port) }
        if inet_pton(AF_INET6, literal, &ipv6) == 1 { return ServerAddress(host: literal, family: .ipv6, port: port) }
        throw ServerStartError(ServerText.notAnAddress(host))
    }

    /// Whether only this machine can reach it (127.0.0.0/8 or ::1).
    public var isLoopback: Bool {
        switch family {
        case .ipv4: host.hasPrefix("127.")
        case .ipv6: host == "::1" || host == "0:0:0:0:0:0:0:1"
        }
    }
}

/// Why the server could not start, for people.
public struct ServerStartError: Error, Sendable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) { self.description = description }
}
