import Foundation

/// The consumption reports and renewal extensions in a checkpoint, sorted so that equal
/// states give equal bytes.
extension LedgerState {
    func writeServerRequests(to writer: inout CheckpointWriter) {
        writer.write(consumptionReports.sorted { $0.key < $1.key }) { writer, report in
            writer.write(report.key)
            writer.write(report.value.fields)
            writer.write(report.value.received)
        }
        writer.write(renewalExtensions.sorted { $0.key < $1.key }) { writer, entry in
            writer.write(entry.key)
            writer.write(entry.value) { writer, made in
                writer.write(made.days)
                writer.write(made.reasonCode)
                writer.write(made.requestIdentifier)
                writer.write(made.date)
                writer.write(made.newExpiresDate)
            }
        }
    }

    mutating func readServerRequests(from reader: inout CheckpointReader) throws(CheckpointFormatError) {
        for _ in 0..<(try reader.readCount()) {
            let id = try reader.readString()
            consumptionReports[id] = ConsumptionReport(fields: try reader.readString(), received: try reader.readDate())
        }
        for _ in 0..<(try reader.readCount()) {
            let originalID = try reader.readString()
            renewalExtensions[originalID] = try reader.readList { reader throws(CheckpointFormatError) in
                RenewalExtension(days: try reader.readInt(), reasonCode: try reader.readInt(), requestIdentifier: try reader.readString(),
                                 date: try reader.readDate(), newExpiresDate: try reader.readDate())
            }
        }
    }
}
