import StoreEngine
import TerminalUI

/// Applies `action` to `state` and returns the work the runtime should do.
///
/// This is the only place the app state changes.
public func update(_ state: inout AppState, _ action: Action) -> [Effect] {
    switch action {
    case .keyPressed(let key):
        return state.press(key)
    case .storeChanged(let snapshot):
        state.receive(snapshot)
    case .purchaseFinished(let productID, let outcome):
        state.finishPurchase(of: productID, outcome: outcome)
    case .restoreFinished(let result):
        state.finishRestore(result)
    case .spendFinished(let credit, let outcome):
        state.finishSpend(of: credit, outcome: outcome)
    case .refundFinished(let result):
        state.finishRefund(result)
    case .settingSaved:
        state.activity = nil
    case .operationFailed(let message):
        state.failOperation(message)
    case .tick:
        if state.activity != nil { state.tick &+= 1 }
    case .announced(let title, let message):
        state.push(.alert(Alert(title: title, message: message, tone: .info)))
    case .clockTicked(let now):
        state.now = now
    case .subscriptionChanged(let message):
        state.activity = nil
        state.push(.alert(Alert(title: "Subscription", message: message, tone: .success)))
    case .transactionSettled(let title, let message):
        state.activity = nil
        state.push(.alert(Alert(title: title, message: message, tone: .info)))
    }
    return []
}

extension AppState {
    /// Routes a key to the top overlay, the search field or the main screen.
    mutating func press(_ key: Key) -> [Effect] {
        if case .resize(let width, let height) = key {
            resize(to: Size(width: width, height: height))
            return []
        }
        if key == .ctrl("c") { return quit() }
        guard activity == nil else { return [] }
        if isTooSmall { return key == .character("q") ? quit() : [] }
        if let top = overlays.last { return press(key, on: top) }
        if isSearching { return pressWhileSearching(key) }
        return pressOnMain(key)
    }

    mutating func quit() -> [Effect] {
        isQuitting = true
        return [.quit]
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

    /// Asks for a store change, unless the store is read-only, in which case an alert says why.
    mutating func perform(_ effect: Effect, showing activity: Activity) -> [Effect] {
        if let readOnlyReason {
            push(.alert(Alert(title: "Read-only", message: readOnlyReason, tone: .failure)))
            return []
        }
        self.activity = activity
        tick = 0
        return [effect]
    }
}
