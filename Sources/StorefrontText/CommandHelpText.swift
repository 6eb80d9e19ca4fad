/// The command line's help sentences: what each command, argument and option does, as
/// `storefront --help` and `storefront help COMMAND` show them.
public enum CommandHelpText {
    public static let title = "storefront — a terminal in-app-purchase store for testing and demos"
    public static let usage = "usage: storefront [options] [COMMAND]"
    public static let terminal = "With no command in a terminal, opens the interactive storefront."
    public static let globalOptionsHeading = "options (before or after the command):"
    public static let commandOptionsHeading = "options:"
    public static let argumentsHeading = "arguments:"
    public static let moreHelp = "`storefront help COMMAND` (or `storefront COMMAND --help`) shows a command's options."
    public static let exitStatus = "exit status: 0 done, 1 refused or not completed, 2 usage, 3 data problem"
    public static let writes = "Changes the store (the entitlements file, or the PostgreSQL store --store or STOREFRONT_STORE names)."
    /// A copy's footer: it writes the store `--to` names, never the one `--store` names.
    public static let writesCopyTarget = "Changes only the store --to names; --store and --entitlements are not used."
    public static let readsOnly = "Only reads."
    public static let globalOptionsPointer = "The global options (`storefront --help`) work here too."

    /// The headings of the list of commands.
    public enum Heading {
        public static let shopping = "shopping:"
        public static let waiting = "purchases that wait:"
        public static let subscriptions = "subscriptions and store time:"
        public static let settings = "settings:"
        public static let files = "files and catalogs:"
        public static let shell = "the shell:"
    }

    /// "usage: storefront buy ID [--quantity N]".
    public static func commandUsage(_ synopsis: String) -> String { "usage: storefront \(synopsis)" }

    /// Commands, in the order of the list of commands.
    public enum Command {
        public static let products = "list products with prices and your status"
        public static let buy = "buy a product"
        public static let buyDetails = "An upgrade in a subscription group shows the pro-rata refund of the old plan."
        public static let restore = "restore this account's purchases onto this device"
        public static let restoreDetails = "Non-consumables and active subscriptions come back; consumables never do."
        public static let spend = "spend credits (default 1)"
        public static let spendDetails = "Refused, changing nothing, when the balance is short."
        public static let entitlements = "what this account may use on this device"
        public static let transactions = "this account's transactions, newest first"
        public static let refund = "refund one of the account's transactions and revoke what it granted"
        public static let approve = "approve an Ask to Buy request"
        public static let decline = "decline an Ask to Buy request"
        public static let resolve = "complete an interrupted purchase"
        public static let deliverUnfinished = "deliver transactions left unfinished on this device"
        public static let advance = "move store time forward (P1M, P1W, PT2H, 3d, 2h, 30m)"
        public static let advanceDetails = "At most 100 years at once; store time stops at 3000-01-01."
        public static let renew = "renew a subscription now (charges for the next period)"
        public static let expire = "end a subscription now"
        public static let cancelRenewal = "turn auto-renew off (unsubscribes a free subscription)"
        public static let resumeRenewal = "turn auto-renew back on (buying the plan again does too)"
        public static let resolveBilling = "end a billing problem: the subscription renews now"
        public static let settings = "show this device's and the store's settings"
        public static let settingsSet = "change a setting of this device or of the store"
        public static let settingsSetDetails = """
            purchases-allowed true|false and next-purchase succeed|cancel|fail are this device's;
            ask-to-buy, interrupted-purchases, billing-retry, grace-period (true|false), time-rate RATE,
            environment Sandbox|Production|Xcode|LocalTesting (what signed data names; default Sandbox),
            promotional-offer-signatures required|off (default required, while a key from `api-key create` is in use),
            notification-url URL|none (where App Store Server Notifications go; default none),
            receipt-shared-secret SECRET|none (1 to 64 visible ASCII characters /verifyReceipt asks for as password; default none)
            and fail.OPERATION ERROR[:once]|none are the store's (see the README).
            """
        public static let resetDevice = "forget this device's deliveries and device credits"
        public static let verify = "check the store's integrity (the entitlements file, or the PostgreSQL store) and print its head"
        public static let storeInit = "create a PostgreSQL store's tables (--store URL); the first change does it too"
        public static let storeMigrate = "upgrade a PostgreSQL store's tables to this storefront's schema (--store URL)"
        public static let storeCopy = "copy every event from one store into an empty one (file or PostgreSQL, either way)"
        public static let repair = "keep a damaged entitlements file's intact lines, move the rest aside"
        public static let certificate = "print the root certificate that checks signed data (PEM; --der for DER)"
        public static let certificateDetails = """
            Give the root to Apple's SignedDataVerifier (App Store Server Library) to verify this
            store's signed transactions, renewal info and app transactions. The authority is made
            beside an existing entitlements file on first use and sealed with the store's key; a
            file that is damaged or not sealed by this store is refused and left alone. --adopt
            seals a sound authority that is refused only as not this store's (one made by an
            earlier version, or one to share between stores).
            """
        public static let appTransaction = "print this account's signed app transaction on this device"
        public static let receipt = "print this account's app receipt on this device (base64 PKCS#7), for /verifyReceipt"
        public static let apiKeyCreate = "make an in-app purchase key: promotional offers and the server API (.p8 beside the entitlements file, or a PostgreSQL store's key)"
        public static let apiKeyCreateDetails = """
            Saves the private half as a PKCS#8 PEM .p8 file (mode 0600) and registers the public half
            in the store. From then on `buy --offer` needs a signature made with a key of this store
            (Apple's PromotionalOfferSignatureCreator makes them), unless promotional-offer-signatures is off.
            The same key signs the bearer tokens `storefront serve` asks for (Apple's AppStoreServerAPIClient).
            """
        public static let serve = "serve the App Store Server API for this app, or each --catalog's, over HTTP (loopback by default)"
        public static let serveDetails = """
            Prints `listening on http://HOST:PORT` once ready, then each app served on stderr, and answers
            until SIGINT or SIGTERM. Give --catalog once per app to serve several apps of the store on one
            port: an /inApps request goes to the app its token's bid names, /verifyReceipt to the receipt's.
            An /inApps request needs a token signed with a key of its app (`storefront api-key create`).
            Each request sees what other commands and the storefront committed since the last one.
            """
        public static let notifications = "list App Store Server Notifications and their delivery attempts"
        public static let notificationsDetails = """
            Every store event an app's server hears of (SUBSCRIBED, DID_RENEW, EXPIRED, REFUND, ...),
            oldest first, with its notificationUUID, its state (pending, delivered, failed, not-sent:
            made while no notification-url was set) and each attempt. The running server delivers them.
            """
        public static let apiKeyList = "list the store's in-app purchase keys, revoked ones included"
        public static let apiKeyRevoke = "revoke an in-app purchase key: offers and `serve` bearer tokens signed with it are refused from now on"
        public static let verifyTransaction = "check a signed transaction's chain, signature and state now"
        public static let verifyTransactionDetails = """
            Exit status 0 valid; 1 revoked, replaced by an upgrade, expired, signature invalid or another app's; 3 malformed or a signing key problem.
            """
        public static let catalogLint = "check a catalog or .storekit file, list every problem"
        public static let catalogConvert = "print a catalog (or .storekit file) in Storefront's format"
        public static let help = "show the commands, or one command's arguments and options"
        public static let completion = "print a completion script for bash, zsh or fish"
        public static let completionDetails = """
            bash: `source <(storefront completion bash)`; zsh: `storefront completion zsh > \"${fpath[1]}/_storefront\"`;
            fish: `storefront completion fish > ~/.config/fish/completions/storefront.fish`.
            """
        public static let complete = "print the names the completions offer (used by the completion scripts)"
    }

    /// Positional arguments.
    public enum Argument {
        public static let productID = "a product id from `storefront products`"
        public static let credit = "a credit id, e.g. rage-faces"
        public static let transaction = "a transaction id from `storefront transactions`"
        public static let subscription = "a product id, or a transaction id of the subscription"
        public static let duration = "ISO 8601 (P1M, P1DT12H) or a number and a unit (3d, 2h, 30m, 45s)"
        public static let settingName = "the setting"
        public static let settingValue = "its new value"
        public static let token = "a signed transaction (JWS) or a transaction id"
        public static let keyID = "a key id from `storefront api-key list`"
        public static let catalogPath = "a catalog or .storekit file, or a built-in catalog's name (or --catalog PATH)"
        public static let command = "a command, e.g. buy"
        public static let shell = "bash, zsh or fish"
        public static let completionKind = "products, credits, accounts, devices, transactions or keys"
    }

    /// Options, the global ones first.
    public enum Option {
        public static let catalog = "a catalog or Xcode .storekit file, or a built-in one by name (Rage, SpaceShooter, Magazine; default: Rage)"
        public static let entitlements = "the entitlements file (default: $STOREFRONT_ENTITLEMENTS, else $XDG_DATA_HOME/storefront/entitlements.jsonl, else $HOME/.local/share/storefront/entitlements.jsonl)"
        public static let store = "a team store on PostgreSQL (postgresql://user@host:port/database or a libpq keyword string; default: $STOREFRONT_STORE), or an entitlements file"
        public static let from = "the store to copy from: an entitlements file, or a PostgreSQL URL"
        public static let to = "the store to copy into, which must be empty: an entitlements file, or a PostgreSQL URL"
        public static let verifiedOnly = "from a damaged store, copy the events before its first problem and leave the rest out"
        public static let account = "the buying account (default: tester)"
        public static let device = "the device (default: default)"
        public static let locale = "e.g. de_DE (default: a .storekit file's _locale, else LC_ALL, LC_MESSAGES, LANG, else en_US; an unknown one is skipped with a warning)"
        public static let storefront = "e.g. DEU (default: the locale's country if sold there)"
        public static let json = "machine-readable output"
        public static let help = "show help (`storefront COMMAND --help`: the command's)"
        public static let version = "print the version"
        public static let quantity = "how many (1 to 10; consumables only)"
        public static let refundReason = "why the customer asks (unintended-purchase, fulfillment-issue, unsatisfied-with-purchase, legal, other); a consumable's CONSUMPTION_REQUEST carries it"
        public static let simulate = "make the purchase end cancelled or failed"
        public static let offer = "buy with a promotional offer"
        public static let offerSignature = "the offer's signature (base64 DER ECDSA), made with an in-app purchase key"
        public static let keyID = "the id of the in-app purchase key that signed the offer"
        public static let nonce = "the UUID the offer's signature was made with (used once)"
        public static let timestamp = "when the offer was signed, in milliseconds since 1970 (valid for 24 hours)"
        public static let noFinish = "leave the transaction unfinished, as if the app crashed before finishing it"
        public static let appAccountToken = "a UUID that goes into the signed transaction"
        public static let amount = "how many credits to spend (default 1)"
        public static let host = "the address to listen on (default 127.0.0.1; another host is reachable from other machines)"
        public static let idleTimeout = "close a connection that sends nothing for this long (default 15)"
        public static let port = "the port to listen on (default 8080; 0 picks a free port)"
        public static let expectSequence = "also fail (exit 3) when the store ends before event N"
        public static let expectMAC = "with --expect-sequence N: also fail (exit 3) when event N's line has another MAC"
        public static let der = "print the certificate as DER bytes instead of PEM"
        public static let adopt = "first seal the authority file with this store's key, so this store signs with it"
    }
}
