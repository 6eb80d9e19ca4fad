import Foundation
import Testing
import StoreEngine
import StoreHTTPClient
@testable import StoreNotifications

@Suite struct HTTPNotificationSenderTests {
    @Test func anAnswerIsItsStatusAndNoAnswerItsReason() {
        #expect(HTTPNotificationSender.outcome(.success(HTTPResponse(status: 503, headers: [], body: []))) == .answered(statusCode: 503))
        #expect(HTTPNotificationSender.outcome(.failure(.timeout)) == .failed(.timeout))
        #expect(HTTPNotificationSender.outcome(.failure(.refused)) == .failed(.refused))
        #expect(HTTPNotificationSender.outcome(.failure(.unreachable("the server's certificate is not trusted: x"))) == .failed(.unreachable))
    }

    @Test func aWebhookThatIsNotListeningIsRefusedNotTimedOut() {
        // Port 9 (discard) is not served on the loopback of a test machine.
        let outcome = HTTPNotificationSender(timeout: 2).send(Array("{}".utf8), to: URL(string: "http://127.0.0.1:9/hook")!)
        #expect(outcome == .failed(.refused))
    }
}
