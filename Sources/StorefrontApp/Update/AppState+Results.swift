import StoreEngine

extension AppState {
    /// Takes a fresh snapshot of the store, unless it was taken for another buyer or storefront.
    mutating func receive(_ fresh: StoreSnapshot) {
        guard fresh.buyer == buyer, fresh.storefront == storefront else { return }
        snapshot = fresh
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
}
