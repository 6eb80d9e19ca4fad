import StorefrontText
import Foundation
import StoreEngine
import TerminalUI

/// Applies `action` to `state` and returns the work the runtime should do.
///
/// This is the only place the app state changes. Keys that arrived while an operation ran
/// are handled, in order, as soon as it ends.
public func update(_ state: inout AppState, _ action: Action) -> [Effect] {
    var effects = state.apply(action)
    effects += state.handleWaitingKeys()
    return effects
}

extension AppState {
    mutating func apply(_ action: Action) -> [Effect] {
        switch action {
        case .keyPressed(let key):
            return receive(key, at: keyTime)
        case .keyClockTicked(let time):
            keyTime = time
            if rearmsSheetAtNextTick {
                rearmsSheetAtNextTick = false
                if overlays.last?.isConfirmation == true { confirmationOpenedAt = time }
            }
        case .storeChanged(let snapshot):
            receive(snapshot)
        case .storeUnreachable(let reason):
            unreadableReason = reason
            isReadingRefused = false
        case .storeRefusedReading(let reason):
            unreadableReason = reason
            isReadingRefused = true
        case .storeReconnected:
            unreadableReason = nil
            isReadingRefused = false
        case .catchUpHeld(let reason):
            heldCatchUpReason = reason
        case .writerLockWaited(let holder):
            // Only the operation under way waits; one that ended meanwhile has nothing to say.
            guard activity != nil else { return [] }
            lockWait = holder
            // Quit, Esc or `q` before the wait was said: the change found waiting is dropped now, if
            // it has not begun; so is a restore on the list, where Esc means nothing else.
            if isQuitting || cancelWaitsAtItsSheet || escapeWaitsAtTheList { return askToDropChange() }
        case .changeDropped(let dropped):
            if dropped { dropChangeUnderWay() } else { dropRefused = true }
        case .writeAccessChanged(let refusal):
            unavailableReason = refusal
        case .servingChanged(let address):
            snapshot.serverSide.servingAddress = address
        case .purchaseFinished(let productID, let outcome, let settling):
            finishPurchase(of: productID, outcome: outcome, settling: settling)
        case .restoreFinished(let result):
            finishRestore(result)
        case .spendFinished(let credit, let outcome):
            finishSpend(of: credit, outcome: outcome)
        case .refundFinished(let result):
            finishRefund(result)
        case .settingSaved:
            activity = nil
        case .operationFailed(let message):
            failOperation(message)
        case .questionOutdated(let outdated):
            failOperation(outdatedQuestionMessage(outdated), title: StorefrontScreenText.questionOutdatedTitle)
        case .tick:
            if activity != nil { tick &+= 1 }
        case .unfinishedDelivered(let records):
            report(Alert(title: StorefrontScreenText.unfinishedDeliveredTitle,
                         message: text.unfinishedFinished(records, at: storeNow, entitlements: snapshot.entitlements), tone: .info))
        case .clockTicked(let now):
            moveClock(to: now)
        case .subscriptionChanged(let chain, let changed, let charged, let keptAhead, let droppedSwitchTo):
            let standing = snapshot.entitlements.subscriptions.first { $0.originalTransactionID == chain.originalID }
            var message = text.describe(chain, charged: charged, standing: standing)
            if let next = droppedSwitchTo { message += " " + text.switchDroppedByExpire(to: next) }
            if let kept = text.paidAheadNotRefunded(keptAhead, inStorefront: true) { message += " " + kept }
            if !changed { message += " " + CommandLineText.Purchases.autoRenewAlready(on: chain.willAutoRenew) }
            finishSubscriptionChange(message: message)
        case .unsubscribed(let productID, let changed):
            let name = productName(productID)
            finishSubscriptionChange(message: changed ? StorefrontScreenText.unsubscribed(name: name)
                                                      : CommandLineText.Purchases.alreadyUnsubscribed(from: name))
        case .requestDeclined(let productID, let quantity):
            activity = nil
            report(Alert(title: StorefrontScreenText.requestDeclinedTitle,
                         message: StorefrontScreenText.requestDeclined(name: text.purchasedName(productID: productID, quantity: quantity)),
                         tone: .info))
        }
        return []
    }

    /// Takes a key as it arrives: a resize and Ctrl-C act at once; while an operation runs,
    /// other keys wait for it to end.
    mutating func receive(_ key: Key, at time: Date) -> [Effect] {
        if case .resize(let width, let height) = key {
            resize(to: Size(width: width, height: height))
            return []
        }
        if EverywhereKeys.command(for: key, in: self) == .quit { return quit() }
        guard activity == nil, waitingKeys.isEmpty else {
            waitingKeys.append(WaitingKey(key: key, arrivedAt: time))
            // Esc or `q` at the sheet or question whose change is under way drops that change if
            // it still waits for the file's lock, once the spinner says it does (now, or when it
            // comes to say so); before that the change is taken to be under way, so typed-ahead
            // keys never race the store. Once begun, the key came too late. On the spend screen,
            // whose Esc right after a use means "back", only a key pressed after the spinner said so.
            if lockWait != nil, case .spend? = overlays.last, key == .character("q") { return quit() }
            let atSpendScreen = if case .spend? = overlays.last { key == .escape } else { false }
            if lockWait != nil, cancelWaitsAtItsSheet || atSpendScreen { return askToDropChange() }
            // On the product list (a restore, a purchase that needs no sheet) there is no sheet to
            // back out of: once the spinner says the change waits, q leaves at once as Ctrl-C
            // does, and Esc drops the change (before: both waited, and the Esc then closed the
            // result unread).
            if lockWait != nil, overlays.isEmpty, !isSearching {
                if key == .character("q") { return quit() }
                if key == .escape { return askToDropChange() }
            }
            return []
        }
        return press(key, at: time)
    }

    /// Whether Esc (or `q`) at the sheet or question on top would drop its change now: it
    /// waits for the entitlements file's lock, and no drop was asked or refused yet. The footer
    /// offers Esc then, as it does not while a change is stored.
    var mayDropChangeUnderWay: Bool {
        guard activity != nil, lockWait != nil, !askedToDropChange, !dropRefused, overlays.last?.isConfirmation == true else { return false }
        if case .cancellingPurchase? = activity { return false }
        return true
    }

    /// Whether Esc or `q` was typed, while a change is under way, at the sheet or question it
    /// came from (not at a sheet whose cancel is being recorded: the cancel is what the key
    /// asked for).
    var cancelWaitsAtItsSheet: Bool {
        guard activity != nil, overlays.last?.isConfirmation == true,
              waitingKeys.contains(where: { $0.key == .escape || $0.key == .character("q") }) else { return false }
        if case .cancellingPurchase? = activity { return false }
        return true
    }

    /// Whether Esc was typed on the product list (no search open) while its change, a restore,
    /// is under way: it was meant to stop it, so once the change is said to wait for the lock
    /// it drops it, as the same Esc typed then does.
    var escapeWaitsAtTheList: Bool {
        activity != nil && overlays.isEmpty && !isSearching && waitingKeys.contains { $0.key == .escape }
    }

    /// Asks the runtime, once an operation, to drop the change under way before it begins.
    mutating func askToDropChange() -> [Effect] {
        guard activity != nil, !askedToDropChange else { return [] }
        askedToDropChange = true
        return [.dropChangeUnderWay]
    }

    /// The change under way was dropped before anything of it was sent: it ends here, with the
    /// sheet or question it came from and the keys typed at it, saying nothing was recorded.
    mutating func dropChangeUnderWay() {
        guard activity != nil else { return }
        activity = nil
        lockWait = nil
        let said = Alert(title: StorefrontScreenText.droppedTitle, message: StorefrontScreenText.dropped, tone: .info)
        if isQuitting {
            // Said once the screen is gone; leaving no longer waits for it.
            quitWhileChanging = false
            outcomesAfterQuitting.append(said)
            return
        }
        // The sheet, question or spend screen the key was typed at closes, as its Esc does.
        if overlays.last?.isConfirmation == true { closeTop() } else if case .spend? = overlays.last { closeTop() }
        // Keys typed at it before the Esc that dropped it go with it, and so does that Esc pressed
        // again; those typed after (even in the same write) were aimed at what comes next, and
        // are handled.
        let backsOut = { (waiting: WaitingKey) in waiting.key == .escape || waiting.key == .character("q") }
        if let dropping = waitingKeys.firstIndex(where: backsOut) {
            waitingKeys.removeSubrange(...dropping)
            while let next = waitingKeys.first, backsOut(next) { waitingKeys.removeFirst() }
        } else {
            waitingKeys.removeAll()
        }
        notice = said
    }

    /// Handles waiting keys in order until one starts another operation (the rest wait for it).
    mutating func handleWaitingKeys() -> [Effect] {
        var effects: [Effect] = []
        while activity == nil, !isQuitting, !waitingKeys.isEmpty {
            let next = waitingKeys.removeFirst()
            effects += press(next.key, at: next.arrivedAt)
        }
        return effects
    }

    /// Routes a key to the top overlay, the search field or the main screen.
    mutating func press(_ key: Key, at time: Date) -> [Effect] {
        // A notice is drawn as a box, and Enter is what closes a box: taken for the screen under
        // it, the Enter meant to close "Purchase complete" opened the next payment sheet. Every
        // other key does its own work and the notice goes.
        if notice != nil, key == .enter {
            notice = nil
            // A second Enter, meant for another box, would find a sheet or question armed long
            // ago under it: it takes Enter only a moment after it shows again.
            if overlays.last?.isConfirmation == true { confirmationOpenedAt = time }
            return []
        }
        notice = nil
        // A window too small to draw in still takes the main screen's quit key.
        if isTooSmall { return MainReducer.keys.lookup(key, in: self)?.command == .quit ? quit() : [] }
        let topBefore = overlays.last
        let countBefore = overlays.count
        let effects: [Effect]
        // F1 opens the help from anywhere, text fields included (where `?` is typed), unless
        // the screen binds it itself: the help does, to close, and lists it there.
        if KeyContext.of(self).table.isAvailable(key, self) == nil, EverywhereKeys.command(for: key, in: self) == .help,
           let topic = topBefore.map({ $0.helpTopic }) ?? (isSearching ? .search : .main) {
            push(.help(HelpScreen(topic: topic)))
            effects = []
        } else if let top = overlays.last {
            effects = press(key, on: top, at: time)
        } else if isSearching {
            effects = SearchReducer.press(key, screen: (), state: &self)
        } else {
            effects = MainReducer.press(key, screen: (), state: &self)
        }
        // Only a sheet just opened (or changed) is armed anew; one uncovered by closing the
        // help above it was armed already. It is armed from when it opens, which for a key
        // that waited for an operation is when it is handled, not when it was typed: else the
        // next key typed during the operation, already older than the sheet, confirmed it.
        if let top = overlays.last, top.isConfirmation, top != topBefore, overlays.count >= countBefore {
            confirmationOpenedAt = max(time, keyTime)
        }
        return effects
    }

    /// Whether the confirmation sheet on top takes Enter at `time`.
    public func isConfirmationArmed(at time: Date) -> Bool {
        guard overlays.last?.isConfirmation == true, let openedAt = confirmationOpenedAt else { return true }
        return time.timeIntervalSince(openedAt) >= ConfirmationArming.delay
    }

    /// Whether cancelling the payment sheet of `productID` is recorded as a user cancel: only a
    /// sheet that charges now is a purchase the store can record as cancelled.
    func recordsCancelOfSheet(for productID: String) -> Bool {
        guard let product = catalog.product(id: productID) else { return true }
        return BuySheetCharge.of(product, state: self) == .now
    }

    /// Leaves the storefront; a payment sheet left open is recorded as cancelled first, as Esc does.
    mutating func quit() -> [Effect] {
        var effects: [Effect] = []
        var recordsCancel: String?
        if activity == nil, readOnlyReason == nil, case let .buySheet(productID, offerID) = overlays.last,
           recordsCancelOfSheet(for: productID) {
            effects.append(.purchase(productID: productID, buyer: buyer, storefront: storefront, simulate: .cancel, offerID: offerID))
            recordsCancel = productID
        }
        if !isQuitting { quitWhileChanging = activity != nil }
        // The cancel is a change like any other: one found waiting for the file's lock is
        // dropped, so no holder of the lock keeps the storefront from closing.
        if let recordsCancel { begin(.cancellingPurchase(productID: recordsCancel)) }
        isQuitting = true
        // A change the screen says waits for the file's lock is dropped if it still does, so
        // leaving need not wait for the lock; one that only just started is waited for.
        return effects + (lockWait != nil ? askToDropChange() : []) + [.quit]
    }

    mutating func resize(to newSize: Size) {
        size = newSize
        guard !isTooSmall else { return }
        list.fit(viewportHeight: listViewportHeight)
    }

    var listViewportHeight: Int { MainLayout(state: self, size: size).listViewportHeight }

    mutating func push(_ overlay: Overlay) { overlays.append(overlay) }

    mutating func closeTop() {
        if !overlays.isEmpty { overlays.removeLast() }
    }

    mutating func replaceTop(with overlay: Overlay) {
        if overlays.isEmpty { overlays.append(overlay) } else { overlays[overlays.count - 1] = overlay }
    }

    /// Shows an outcome: good news and plain information as a notice that leaves the next key
    /// alone; a refusal or a failure as an alert to acknowledge. Keys typed before a failure
    /// was shown are dropped, because they were not meant for it.
    mutating func report(_ alert: Alert) {
        if quitWhileChanging { outcomesAfterQuitting.append(alert) }
        switch alert.tone {
        case .success, .info:
            // Announcements still unread (no key since) stay, after what this storefront did.
            if let shown = notice, shown == announcementNotice {
                notice = Alert(title: alert.title, message: alert.message + " " + shown.message, tone: alert.tone)
            } else {
                notice = alert
            }
            settledAnnouncements = []
            announcementLead = nil
        case .warning, .failure:
            waitingKeys.removeAll()
            push(.alert(alert))
        }
    }

    /// Shows why nothing can be changed and returns true when the store is read-only; keys
    /// that would open a sheet ask first, so a sheet that could only fail never opens.
    mutating func refusedAsReadOnly() -> Bool {
        guard let readOnlyReason else { return false }
        push(.alert(Alert(title: StorefrontScreenText.readOnlyTitle, message: readOnlyReason, tone: .failure)))
        return true
    }

    /// Asks for a store change, unless the store is read-only, in which case an alert says why.
    mutating func perform(_ effect: Effect, showing activity: Activity) -> [Effect] {
        if refusedAsReadOnly() { return [] }
        begin(activity)
        return [effect]
    }

    /// Shows `activity` under way, with nothing yet said of its wait for the lock.
    mutating func begin(_ activity: Activity) {
        self.activity = activity
        lockWait = nil
        askedToDropChange = false
        dropRefused = false
        tick = 0
    }
}

extension Overlay {
    /// Sheets that commit something on Enter, which a key typed ahead must not answer, and
    /// alerts shown in their place when a change elsewhere closed them, which a key meant for
    /// the sheet must not dismiss unread.
    var isConfirmation: Bool {
        switch self {
        case .buySheet, .refundConfirmation, .cancelRenewalConfirmation, .renewNowConfirmation, .expireConfirmation: true
        case .alert(let alert): alert.takesKeysAfterAMoment
        default: false
        }
    }
}
