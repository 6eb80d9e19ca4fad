import StoreEngine

extension AppState {
    /// Takes a fresh snapshot of the store, unless it was taken for another buyer or storefront.
    mutating func receive(_ fresh: StoreSnapshot) {
        guard fresh.buyer == buyer, fresh.storefront == storefront else { return }
        let before = snapshot
        snapshot = fresh
        announceSettledRequests(before: before)
        for index in overlays.indices {
            if case .transactions(var screen) = overlays[index] {
                screen.scroll.setItemCount(fresh.transactions.count, viewportHeight: TransactionsView.listHeight(size: size))
                overlays[index] = .transactions(screen)
            }
        }
        if let torn = fresh.tornTail, torn != reportedTornTail {
            reportedTornTail = torn
            push(.alert(Alert(title: "Incomplete line moved aside", message: "\(torn).", tone: .warning)))
        }
    }

    mutating func finishPurchase(of productID: String, outcome: PurchaseOutcome) {
        activity = nil
        if case .buySheet = overlays.last { closeTop() }
        let product = catalog.product(id: productID)
        let balance = outcome.transaction?.credit.map { snapshot.balance(of: $0) }
        let message = text.message(for: outcome, product: product, balance: balance)
        let (title, tone): (String, Alert.Tone) = switch outcome {
        case .purchased: ("Purchase complete", .success)
        case .alreadyOwned: ("Already yours", .info)
        case .cancelled: ("Purchase cancelled", .info)
        case .failed: ("Purchase failed", .failure)
        case .refused: ("Purchase refused", .warning)
        case .pending: ("Asked to buy", .info)
        case .needsAction: ("Purchase interrupted", .warning)
        case .changeScheduled: ("Plan change scheduled", .info)
        case .renewalResumed: ("Auto-renew on", .success)
        }
        push(.alert(Alert(title: title, message: message, tone: tone)))
    }

    mutating func finishRestore(_ result: RestoreResult) {
        activity = nil
        push(.alert(Alert(title: "Restore purchases", message: text.message(for: result),
                          tone: result.restored.isEmpty ? .info : .success)))
    }

    /// A spend shows the next face; a refused one leaves the screen showing the committed balance.
    mutating func finishSpend(of credit: String, outcome: SpendOutcome) {
        activity = nil
        guard case .spend(var screen) = overlays.last, screen.credit == credit, case .spent = outcome else { return }
        screen.face = random.next(below: RageFaces.all.count, other: screen.face)
        screen.spent += 1
        replaceTop(with: .spend(screen))
    }

    mutating func finishRefund(_ result: RefundResult) {
        activity = nil
        if case .refundConfirmation = overlays.last { closeTop() }
        push(.alert(Alert(title: "Refund complete", message: AppText.refundMessage(result, text: text), tone: .success)))
    }

    mutating func failOperation(_ message: String) {
        activity = nil
        switch overlays.last {
        case .buySheet, .refundConfirmation: closeTop()
        default: break
        }
        push(.alert(Alert(title: "Could not complete", message: message, tone: .failure)))
    }

    /// A parent's decision or a completed purchase that arrived from another process (or from
    /// this one's transactions screen) is announced: the buyer was waiting for it.
    private mutating func announceSettledRequests(before: StoreSnapshot) {
        // While this storefront settles a request itself, its own result alert says it.
        guard before.buyer.account == buyer.account, activity == nil else { return }
        let previous = Dictionary(before.transactions.map { ($0.id, $0.state) }, uniquingKeysWith: { first, _ in first })
        for record in snapshot.transactions {
            guard let was = previous[record.id], was != record.state, was == .pending || was == .needsAction else { continue }
            let name = catalog.product(id: record.productID).map(text.title(of:)) ?? record.productID
            switch record.state {
            case .purchased:
                let title = was == .pending ? "Request approved" : "Purchase completed"
                var message = was == .pending ? "Your request to buy \(name) was approved; it is yours." : "\(name) is yours."
                if let credit = record.credit, record.creditAmount > 0 {
                    message += " +\(record.creditAmount) \(text.creditName(credit)): you have \(snapshot.balance(of: credit))."
                }
                push(.alert(Alert(title: title, message: message, tone: .success)))
            case .declined:
                if let reason = record.closedByStoreReason {
                    push(.alert(Alert(title: "Request closed", message: "Your request to buy \(name) was \(reason).", tone: .info)))
                } else {
                    push(.alert(Alert(title: "Request declined", message: "Your request to buy \(name) was declined; nothing was charged.",
                                      tone: .warning)))
                }
            default:
                continue
            }
        }
    }
}
