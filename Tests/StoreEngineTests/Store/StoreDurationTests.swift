import Foundation
import Testing
@testable import StoreEngine

/// `advance` durations: parsed without overflow, capped at 100 years, each refusal saying why.
@Suite struct StoreDurationTests {
    @Test(arguments: ["2000000000000000000w", "P800000000000000000Y", "9223372036854775807d", "P99999999999999999999D", "99999999999999999999d", "99999999999999999999h",
                      "PT9223372036854775807H", "P101Y", "5218w", "P100Y1D", "3155760001s"])
    func hugeDurationsAreRefusedAsTooLong(text: String) {
        #expect(throws: StoreDurationError.tooLong(text)) { try StoreDuration.parse(text) }
        #expect("\(StoreDurationError.tooLong(text))".contains("100 years"))
    }

    @Test(arguments: ["P100Y", "36525d", "P1200M", "5217w", "P1M", "3d", "PT2H", "P1DT12H", "45s"])
    func durationsUpToAHundredYearsAreAccepted(text: String) throws {
        let duration = try StoreDuration.parse(text)
        #expect(duration.description == text)
    }

    @Test func otherMistakesSayWhatIsWrong() {
        #expect(throws: StoreDurationError.notADuration("soon")) { try StoreDuration.parse("soon") }
        #expect(throws: StoreDurationError.notADuration("P1X")) { try StoreDuration.parse("P1X") }
        #expect(throws: StoreDurationError.zero("0d")) { try StoreDuration.parse("0d") }
        #expect(throws: StoreDurationError.zero("P0D")) { try StoreDuration.parse("P0D") }
        // An empty one is said to be empty, as an empty option is, not echoed as `""`.
        #expect(throws: StoreDurationError.notADuration("")) { try StoreDuration.parse("") }
        #expect("\(StoreDurationError.notADuration(""))".hasPrefix("the duration is empty; give one such as P1M"))
        #expect("\(StoreDurationError.notADuration(" "))".hasPrefix("the duration is blank; give one such as P1M"))
    }

    @Test("a shorthand in capital M could be months or minutes and is refused saying both ways to write it; a zero in front is refused, as for every number (before: \"1M\" moved a minute, \"01d\" a day)")
    func capitalMAndZeroInFrontAreRefused() throws {
        #expect(throws: StoreDurationError.monthOrMinutes("1M")) { try StoreDuration.parse("1M") }
        #expect("\(StoreDurationError.monthOrMinutes("30M"))" == "\"30M\" could mean months or minutes; write P30M for months or 30m for minutes")
        #expect(throws: StoreDurationError.notADuration("01d")) { try StoreDuration.parse("01d") }
        #expect(throws: StoreDurationError.notADuration("00m")) { try StoreDuration.parse("00m") }
        #expect(try StoreDuration.parse("30m").seconds == 1_800 && StoreDuration.parse("1D").days == 1)
    }

    @Test("ISO 8601 names each unit once, largest first: a repeated or out-of-order unit is no duration",
          arguments: ["P1Y1Y", "P1D1Y", "PT1H1H", "P1M1Y", "PT1S1M", "P", "PT", "P1W1Y"])
    func unitsOnceAndInOrder(text: String) {
        #expect(throws: StoreDurationError.notADuration(text)) { try StoreDuration.parse(text) }
    }

    @Test func unitsInOrderStillAdd() throws {
        let duration = try StoreDuration.parse("P1Y2M3W4DT5H6M7S")
        #expect(duration.months == 14)
        #expect(duration.days == 25)
        #expect(duration.seconds == 5 * 3_600 + 6 * 60 + 7)
    }

    @Test func storeTimeCannotBeAdvancedPastTheLatestStoreTime() throws {
        let fixture = try StoreFixture()
        let store = try fixture.store()
        let century = try StoreDuration.parse("P100Y")
        for _ in 0..<9 { try store.advance(by: century, buyer: phone) }
        let before = fixture.log.allEvents.count
        #expect(throws: StoreError.pastLatestStoreTime(Store.latestStoreTime)) { try store.advance(by: century, buyer: phone) }
        #expect(fixture.log.allEvents.count == before)
    }

    @Test func aFastRateStopsAtTheLatestStoreTime() {
        let timeline = StoreTimeline(anchorReal: Date(timeIntervalSince1970: 0), anchorStore: Date(timeIntervalSince1970: 1_796_000_000),
                                     rate: .realTime)
        var fast = timeline
        fast.rate = TimeRate.allCases.max { $0.multiplier < $1.multiplier } ?? .realTime
        #expect(fast.storeTime(at: Date(timeIntervalSince1970: 1e12)) == Store.latestStoreTime)
        #expect(timeline.storeTime(at: Date(timeIntervalSince1970: 10)) == Date(timeIntervalSince1970: 1_796_000_010))
    }
}
