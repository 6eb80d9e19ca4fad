/// A Python script that calls `storefront serve` with Apple's `AppStoreServerAPIClient`,
/// unmodified but for its base URL, and verifies every signed item in the answers with
/// `SignedDataVerifier` and the store's root.
///
/// It reads `{"baseURL", "key", "keyId", "issuerId", "bundleId", "root", "calls": [...]}` on
/// stdin; each call names a client method and its arguments. It prints, per call, either the
/// decoded answer (signed items verified and decoded into Apple's models) or the
/// `APIException`'s status and code.
enum AppStoreServerAPIScript {
    static let source = #"""
import base64, json, sys
from appstoreserverlibrary.api_client import AppStoreServerAPIClient, APIException, GetTransactionHistoryVersion
from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.models.TransactionHistoryRequest import TransactionHistoryRequest, ProductType, Order
from appstoreserverlibrary.models.Status import Status
from appstoreserverlibrary.models.ConsumptionRequestV1 import ConsumptionRequestV1
from appstoreserverlibrary.models.ExtendRenewalDateRequest import ExtendRenewalDateRequest
from appstoreserverlibrary.models.ExtendReasonCode import ExtendReasonCode
from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier

config = json.load(sys.stdin)
client = AppStoreServerAPIClient(config["key"].encode(), config["keyId"], config["issuerId"], config["bundleId"], Environment.SANDBOX)
client._base_url = config["baseURL"]
verifier = SignedDataVerifier([base64.b64decode(config["root"])], False, Environment.SANDBOX, config["bundleId"])

def transaction(token):
    decoded = verifier.verify_and_decode_signed_transaction(token)
    return {"transactionId": decoded.transactionId, "productId": decoded.productId, "expiresDate": decoded.expiresDate,
            "revocationDate": decoded.revocationDate, "originalTransactionId": decoded.originalTransactionId}

def renewal(token):
    decoded = verifier.verify_and_decode_renewal_info(token)
    return {"originalTransactionId": decoded.originalTransactionId, "autoRenewProductId": decoded.autoRenewProductId,
            "renewalDate": decoded.renewalDate}

def call(spec):
    name, args = spec["method"], spec.get("args", {})
    if name == "get_transaction_info":
        answer = client.get_transaction_info(args["id"])
        return {"transaction": transaction(answer.signedTransactionInfo)}
    if name == "get_transaction_history":
        request = TransactionHistoryRequest(
            startDate=args.get("startDate"), endDate=args.get("endDate"), productIds=args.get("productIds"),
            productTypes=[ProductType(t) for t in args["productTypes"]] if "productTypes" in args else None,
            sort=Order(args["sort"]) if "sort" in args else None, revoked=args.get("revoked"),
            subscriptionGroupIdentifiers=args.get("groups"))
        pages, revision = [], None
        while True:
            answer = client.get_transaction_history(args["id"], revision, request, GetTransactionHistoryVersion.V2)
            pages.append([transaction(t)["transactionId"] for t in answer.signedTransactions])
            revision = answer.revision
            if not answer.hasMore:
                break
        return {"pages": pages, "bundleId": answer.bundleId, "environment": answer.rawEnvironment}
    if name == "get_all_subscription_statuses":
        statuses = [Status(s) for s in args["status"]] if "status" in args else None
        answer = client.get_all_subscription_statuses(args["id"], statuses)
        return {"groups": [{"group": group.subscriptionGroupIdentifier,
                            "items": [{"status": item.rawStatus, "transaction": transaction(item.signedTransactionInfo),
                                       "renewal": renewal(item.signedRenewalInfo)} for item in group.lastTransactions]}
                           for group in answer.data], "environment": answer.rawEnvironment}
    if name == "get_refund_history":
        answer = client.get_refund_history(args["id"], None)
        return {"refunded": [transaction(t)["transactionId"] for t in answer.signedTransactions], "hasMore": answer.hasMore}
    if name == "look_up_order_id":
        answer = client.look_up_order_id(args["orderId"])
        return {"status": answer.rawStatus, "transactions": [transaction(t)["transactionId"] for t in answer.signedTransactions]}
    if name == "send_consumption_data":
        request = ConsumptionRequestV1(customerConsented=args.get("customerConsented", True),
                                       rawConsumptionStatus=args.get("consumptionStatus", 1), rawPlatform=1,
                                       sampleContentProvided=False, rawDeliveryStatus=0, rawLifetimeDollarsPurchased=1,
                                       rawLifetimeDollarsRefunded=0, rawAccountTenure=1, rawPlayTime=2, rawUserStatus=1,
                                       rawRefundPreference=2)
        client.send_consumption_data(args["id"], request)
        return {"sent": True}
    if name == "extend_subscription_renewal_date":
        request = ExtendRenewalDateRequest(extendByDays=args["days"], extendReasonCode=ExtendReasonCode(args.get("reason", 1)),
                                           requestIdentifier=args["requestIdentifier"])
        answer = client.extend_subscription_renewal_date(args["id"], request)
        return {"success": answer.success, "effectiveDate": answer.effectiveDate,
                "originalTransactionId": answer.originalTransactionId}
    raise ValueError("unknown method " + name)

results = []
for spec in config["calls"]:
    try:
        results.append({"ok": call(spec)})
    except APIException as error:
        results.append({"status": error.http_status_code, "code": error.raw_api_error})
print(json.dumps(results))
"""#
}
