import StoreCatalog
import StoreEngine
import StorefrontText

/// Every command of the command line, in the order `storefront --help` lists them.
public enum CommandList {
    private typealias Text = CommandHelpText.Command
    private typealias Words = CommandHelpText.Argument

    public static let all: [CommandDeclaration] = shopping + waiting + subscriptions + settings + files + shell

    /// The visible commands, for help and completions.
    public static var visible: [CommandDeclaration] { all.filter { !$0.isHidden } }

    private static let product = ArgumentDeclaration(placeholder: "ID", summary: Words.productID, completion: .dynamic(.products))
    private static let transaction = ArgumentDeclaration(placeholder: "TX", summary: Words.transaction,
                                                         completion: .dynamic(.transactions))
    private static let subscription = ArgumentDeclaration(placeholder: "ID", summary: Words.subscription,
                                                          completion: .dynamic(.products))

    private static let shopping: [CommandDeclaration] = [
        CommandDeclaration(name: "products", section: .shopping, summary: Text.products, writes: false,
                           run: .withStore(ProductsCommand.run)),
        CommandDeclaration(
            name: "buy", section: .shopping, summary: Text.buy, details: Text.buyDetails, arguments: [product],
            options: [CommandOptions.quantity, CommandOptions.simulate, CommandOptions.offer, CommandOptions.noFinish,
                      CommandOptions.appAccountToken, CommandOptions.offerSignature, CommandOptions.keyID, CommandOptions.nonce,
                      CommandOptions.timestamp],
            writes: true, wrongArguments: CommandLineText.Usage.buyNeedsProduct, run: .withStore(PurchaseCommands.buy)),
        CommandDeclaration(name: "restore", section: .shopping, summary: Text.restore, details: Text.restoreDetails,
                           writes: true, run: .withStore(PurchaseCommands.restore)),
        CommandDeclaration(
            name: "spend", section: .shopping, summary: Text.spend, details: Text.spendDetails,
            arguments: [ArgumentDeclaration(placeholder: "CREDIT", summary: Words.credit, completion: .dynamic(.credits))],
            options: [CommandOptions.amount],
            writes: true, wrongArguments: CommandLineText.Usage.spendNeedsCredit, run: .withStore(PurchaseCommands.spend)),
        CommandDeclaration(name: "entitlements", section: .shopping, summary: Text.entitlements, writes: false,
                           run: .withStore(AccountCommands.entitlements)),
        CommandDeclaration(name: "transactions", section: .shopping, summary: Text.transactions, writes: false,
                           run: .withStore(AccountCommands.transactions)),
        CommandDeclaration(name: "refund", section: .shopping, summary: Text.refund, arguments: [transaction],
                           options: [CommandOptions.refundReason], writes: true,
                           wrongArguments: CommandLineText.Usage.refundNeedsTransaction,
                           run: .withStore(PurchaseCommands.refund)),
    ]

    private static let waiting: [CommandDeclaration] = [
        CommandDeclaration(name: "approve", section: .waiting, summary: Text.approve, arguments: [transaction], writes: true,
                           wrongArguments: CommandLineText.Usage.needsTransaction("approve"),
                           run: .withStore(DeferredCommands.approve)),
        CommandDeclaration(name: "decline", section: .waiting, summary: Text.decline, arguments: [transaction], writes: true,
                           wrongArguments: CommandLineText.Usage.needsTransaction("decline"),
                           run: .withStore(DeferredCommands.decline)),
        CommandDeclaration(name: "resolve", section: .waiting, summary: Text.resolve, arguments: [transaction], writes: true,
                           wrongArguments: CommandLineText.Usage.needsTransaction("resolve"),
                           run: .withStore(DeferredCommands.resolve)),
        CommandDeclaration(name: "deliver-unfinished", section: .waiting, summary: Text.deliverUnfinished, writes: true,
                           run: .withStore(DeferredCommands.deliverUnfinished)),
    ]

    private static let subscriptions: [CommandDeclaration] = [
        CommandDeclaration(
            name: "advance", section: .subscriptions, summary: Text.advance, details: Text.advanceDetails,
            arguments: [ArgumentDeclaration(placeholder: "DURATION", summary: Words.duration, completion: .none)],
            writes: true, wrongArguments: CommandLineText.Usage.advanceNeedsDuration, run: .withStore(SubscriptionCommands.advance)),
        subscriptionChange("renew", Text.renew, SubscriptionCommands.renew),
        subscriptionChange("expire", Text.expire, SubscriptionCommands.expire),
        subscriptionChange("cancel-renewal", Text.cancelRenewal, SubscriptionCommands.cancelRenewal),
        subscriptionChange("resume-renewal", Text.resumeRenewal, SubscriptionCommands.resumeRenewal),
        subscriptionChange("resolve-billing", Text.resolveBilling, SubscriptionCommands.resolveBilling),
    ]

    private static func subscriptionChange(
        _ name: String, _ summary: String,
        _ run: @escaping @Sendable (StoreSession, CommandLineArguments, Console) throws -> ExitStatus
    ) -> CommandDeclaration {
        CommandDeclaration(name: name, section: .subscriptions, summary: summary, arguments: [subscription], writes: true,
                           wrongArguments: CommandLineText.Usage.needsSubscription(name), run: .withStore(run))
    }

    private static let settings: [CommandDeclaration] = [
        CommandDeclaration(name: "settings", section: .settings, summary: Text.settings, writes: false,
                           wrongArguments: CommandLineText.Usage.settingsShape, run: .withStore(AccountCommands.settings)),
        CommandDeclaration(
            name: "settings set", section: .settings, summary: Text.settingsSet, details: Text.settingsSetDetails,
            arguments: [
                ArgumentDeclaration(placeholder: "NAME", summary: Words.settingName, completion: .words(SettingNames.all)),
                ArgumentDeclaration(placeholder: "VALUE", summary: Words.settingValue, completion: .wordsAfter(SettingNames.valuesByName)),
            ],
            writes: true, wrongArguments: CommandLineText.Usage.settingsShape, run: .withStore(AccountCommands.setSetting)),
    ]

    private static let catalogPath = ArgumentDeclaration(placeholder: "PATH", summary: Words.catalogPath,
                                                         completion: .fileOrWords(CatalogLoader.bundledNames), isOptional: true)

    private static let files: [CommandDeclaration] = [
        CommandDeclaration(name: "reset-device", section: .files, summary: Text.resetDevice, writes: true,
                           run: .withStore(AccountCommands.resetDevice)),
        CommandDeclaration(
            name: "verify", section: .files, summary: Text.verify,
            options: [CommandOptions.expectSequence, CommandOptions.expectMAC],
            writes: false, run: .standalone(VerifyCommand.run)),
        CommandDeclaration(name: "store init", section: .files, summary: Text.storeInit, writes: true,
                           run: .standalone(StoreCommands.initialize)),
        CommandDeclaration(name: "store migrate", section: .files, summary: Text.storeMigrate, writes: true,
                           run: .standalone(StoreCommands.migrate)),
        CommandDeclaration(name: "store copy", section: .files, summary: Text.storeCopy,
                           options: [CommandOptions.from, CommandOptions.to, CommandOptions.verifiedOnly], writes: true,
                           run: .standalone(StoreCommands.copy)),
        CommandDeclaration(name: "repair", section: .files, summary: Text.repair, writes: true,
                           run: .standalone(RepairCommand.run)),
        CommandDeclaration(name: "certificate", section: .files, summary: Text.certificate, details: Text.certificateDetails,
                           options: [CommandOptions.der, CommandOptions.adopt], writes: true,
                           run: .withStore(CertificateCommands.certificate)),
        CommandDeclaration(name: "notifications", section: .files, summary: Text.notifications, details: Text.notificationsDetails,
                           writes: false, run: .withStore(NotificationCommands.list)),
        CommandDeclaration(name: "app-transaction", section: .files, summary: Text.appTransaction, writes: true,
                           run: .withStore(AppTransactionCommand.run)),
        CommandDeclaration(name: "receipt", section: .files, summary: Text.receipt, writes: true,
                           run: .withStore(ReceiptCommand.run)),
        CommandDeclaration(name: "api-key create", section: .files, summary: Text.apiKeyCreate, details: Text.apiKeyCreateDetails,
                           writes: true, run: .withStore(APIKeyCommands.create)),
        CommandDeclaration(name: "api-key list", section: .files, summary: Text.apiKeyList, writes: false,
                           run: .withStore(APIKeyCommands.list)),
        CommandDeclaration(name: "api-key revoke", section: .files, summary: Text.apiKeyRevoke,
                           arguments: [ArgumentDeclaration(placeholder: "KEY_ID", summary: Words.keyID, completion: .dynamic(.keys))],
                           writes: true, wrongArguments: CommandLineText.Keys.revokeNeedsKey, run: .withStore(APIKeyCommands.revoke)),
        CommandDeclaration(name: "serve", section: .files, summary: Text.serve, details: Text.serveDetails,
                           options: [CommandOptions.host, CommandOptions.port, CommandOptions.idleTimeout], writes: true,
                           repeatableGlobalOptions: ["catalog"], warnsOfDamageItself: true, runsUntilStopped: true,
                           run: .withStore(ServeCommand.run)),
        CommandDeclaration(
            name: "verify-transaction", section: .files, summary: Text.verifyTransaction, details: Text.verifyTransactionDetails,
            arguments: [ArgumentDeclaration(placeholder: "JWS|TX", summary: Words.token, completion: .dynamic(.transactions))],
            writes: false, wrongArguments: CommandLineText.Usage.verifyTransactionNeedsToken,
            run: .withStore(SigningCommands.verifyTransaction)),
        CommandDeclaration(name: "catalog lint", section: .files, summary: Text.catalogLint, arguments: [catalogPath],
                           writes: false, wrongArguments: CommandLineText.Usage.catalogShape, run: .standalone(CatalogCommands.lint)),
        CommandDeclaration(name: "catalog convert", section: .files, summary: Text.catalogConvert, arguments: [catalogPath],
                           writes: false, wrongArguments: CommandLineText.Usage.catalogShape,
                           run: .standalone(CatalogCommands.convert)),
    ]

    private static let shell: [CommandDeclaration] = [
        CommandDeclaration(
            name: "help", section: .shell, summary: Text.help,
            arguments: [ArgumentDeclaration(placeholder: "COMMAND", summary: Words.command,
                                            completion: .words(Array(Set(visibleNames.map { $0.split(separator: " ")[0] }.map(String.init))).sorted()),
                                            isOptional: true, takesTheRest: true)],
            writes: false, run: .standalone(HelpCommand.run)),
        CommandDeclaration(
            name: "completion", section: .shell, summary: Text.completion, details: Text.completionDetails,
            arguments: [ArgumentDeclaration(placeholder: "bash|zsh|fish", summary: Words.shell,
                                            completion: .words(CompletionShell.allCases.map(\.rawValue)))],
            writes: false, wrongArguments: CommandLineText.Usage.completionNeedsShell, run: .standalone(CompletionCommand.run)),
        CommandDeclaration(
            name: "__complete", section: .shell, summary: Text.complete,
            arguments: [ArgumentDeclaration(placeholder: "KIND", summary: Words.completionKind,
                                            completion: .words(DynamicCompletion.allCases.map(\.rawValue)))],
            writes: false, isHidden: true, run: .standalone(CompleteCommand.run)),
    ]

    /// The names of the commands before `help` (which offers them), so it need not refer to itself.
    private static var visibleNames: [String] {
        (shopping + waiting + subscriptions + settings + files).map(\.name) + ["completion", "help"]
    }
}
