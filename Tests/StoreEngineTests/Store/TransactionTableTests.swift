import Foundation
import Testing
@testable import StoreEngine

@Suite struct TransactionTableTests {
    private func record(_ id: String, account: String = "tester", product: String = "com.example.rage.drummer") -> TransactionRecord {
        TransactionRecord(
            id: id, originalID: id, productID: product, productType: .nonConsumable, account: account,
            purchaseDevice: "phone", purchaseDate: Date(timeIntervalSinceReferenceDate: 812_345_678.125), quantity: 1,
            price: Decimal(string: "1.10"), currency: "EUR", storefront: "DEU", credit: nil, creditAmount: 0,
            expiresDate: nil, offer: nil, state: .purchased, failureReason: nil, revocationDate: nil, revokedAmount: 0,
            shortfall: 0, replacedBy: nil, replaces: nil, sequence: 7)
    }

    @Test func aRecordComesBackExactlyAsItWentIn() {
        var table = TransactionTable()
        var full = record("2000000000000001")
        full.expiresDate = Date(timeIntervalSinceReferenceDate: 1.5)
        full.offer = .introductory(.freeTrial)
        full.credit = "rage-faces"
        full.creditAmount = 5
        full.failureReason = "declined"
        full.revocationDate = Date(timeIntervalSinceReferenceDate: 2)
        full.revokedAmount = 3
        full.shortfall = 2
        full.replacedBy = "x-9"
        full.replaces = "0012"
        full.proratedRefund = Decimal(string: "0.37")
        full.unsubscribedDate = Date(timeIntervalSinceReferenceDate: 3)
        full.appAccountToken = "6F9619FF-8B86-D011-B42D-00CF4FC964FF"
        full.finished = false
        full.isRenewal = true
        table.append(full)
        table.append(record("2000000000000002"))
        #expect(table["2000000000000001"] == full)
        #expect(table["2000000000000002"] == record("2000000000000002"))
        #expect(table.count == 2)
    }

    @Test func idsThatAreNotPlainNumbersKeepTheirSpelling() {
        var table = TransactionTable()
        let ids = ["0", "007", "7", "-7", "+7", "abc", "1234567890123456789", "١٢", ""]
        for id in ids { table.append(record(id)) }
        #expect(table.keys == ids)
        for id in ids { #expect(table[id]?.id == id) }
        #expect(table["07"] == nil)
        #expect(!table.contains("8"))
    }

    @Test func oneSubscriptionsRecordsAreTheAccountsRecordsWithItsOriginalID() {
        var table = TransactionTable()
        var renewal = record("12", account: "tester")
        renewal.originalID = "11"
        var spelledOtherwise = record("x-13", account: "tester")
        spelledOtherwise.originalID = "011"
        var otherAccounts = record("14", account: "other")
        otherAccounts.originalID = "11"
        for made in [record("11"), record("10"), renewal, spelledOtherwise, otherAccounts] { table.append(made) }
        #expect(table.records(of: "tester", originalID: "11").map(\.id) == ["11", "12"])
        #expect(table.records(of: "tester", originalID: "011").map(\.id) == ["x-13"])
        #expect(table.records(of: "tester", originalID: "11") == table.records(of: "tester").filter { $0.originalID == "11" })
        #expect(table.records(of: "tester", originalID: "99").isEmpty)
        #expect(table.records(of: "nobody", originalID: "11").isEmpty)
    }

    @Test func changingARecordKeepsItsPlaceAndItsRareFields() {
        var table = TransactionTable()
        table.append(record("1"))
        table.append(record("2", account: "other"))
        table["1"]?.state = .refunded
        table["1"]?.revokedAmount = 4
        table["1"]?.currency = nil
        #expect(table["1"]?.state == .refunded)
        #expect(table["1"]?.revokedAmount == 4)
        #expect(table["1"]?.currency == nil)
        table["1"]?.failureReason = "late"
        #expect(table["1"]?.revokedAmount == 4)
        #expect(table.records(of: "tester").map(\.id) == ["1"])
        #expect(table.records(of: "other").map(\.id) == ["2"])
        #expect(table.records(of: "nobody").isEmpty)
        #expect(table.map(\.key) == ["1", "2"])
    }

    @Test func tablesAreEqualWhenTheirRecordsAreWhateverTheNamesNumbers() {
        var first = TransactionTable()
        first.append(record("1", product: "a"))
        first.append(record("2", product: "b"))
        var second = TransactionTable()
        _ = second.nameNumber(for: "b")
        second.append(record("1", product: "a"))
        second.append(record("2", product: "b"))
        #expect(first == second)
        second["2"]?.quantity = 2
        #expect(first != second)
    }

    @Test func spendIDsInAnySpellingAreKeptApart() {
        var spends = SpendIDSet()
        let lower = "f52e9dd3-ceb4-436b-aa95-629ac842c3b6"
        let inserted = [lower, lower, lower.uppercased(), "f52e9dd3ceb4436baa95629ac842c3b6"].map { spends.insert($0) }
        #expect(inserted == [true, false, true, true])
        #expect(spends.contains(lower) && spends.contains(lower.uppercased()))
        #expect(!spends.contains("f52e9dd3-ceb4-436b-aa95-629ac842c3b7"))
        #expect(SpendIDSet.lowercaseUUID("00000000-0000-0000-0000-00000000000f") == 15)
        #expect(SpendIDSet.lowercaseUUID("0000000g-0000-0000-0000-000000000000") == nil)
    }
}

@Suite struct ChunkedArrayTests {
    @Test func elementsStayInOrderAcrossChunksAndACopyChangesAlone() {
        var numbers = ChunkedArray<Int>()
        for number in 0..<10_000 { numbers.append(number) }
        #expect(numbers.count == 10_000)
        #expect(Array(numbers) == Array(0..<10_000))
        var copy = numbers
        copy[4_096] = -1
        copy.append(10_000)
        #expect(numbers[4_096] == 4_096 && numbers.count == 10_000)
        #expect(copy[4_096] == -1 && copy.last == 10_000 && copy.count == 10_001)
    }
}
