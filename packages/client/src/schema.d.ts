// Generated from paytag's /openapi.json by `npm run sdk:generate` (scripts/sdk-generate.ts). Do not edit.
export interface paths {
    "/.well-known/lnurlp/{usertag}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** LUD-16 payRequest of an account’s Lightning address */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    usertag: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description NIP-57: the callback takes a zap request (`nostr`); absent without a Nostr key */
                            allowsNostr?: boolean;
                            /** @description the LUD-06 callback URL */
                            callback?: string;
                            /** @description millisatoshis */
                            maxSendable?: number;
                            /** @description JSON text; the invoice commits to its SHA-256 */
                            metadata?: string;
                            /** @description millisatoshis */
                            minSendable?: number;
                            /** @description NIP-57: the key (x-only hex) signing zap receipts */
                            nostrPubkey?: string;
                            /** @enum {string} */
                            tag?: "payRequest";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            reason?: string;
                            /** @enum {string} */
                            status?: "ERROR";
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            reason?: string;
                            /** @enum {string} */
                            status?: "ERROR";
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            reason?: string;
                            /** @enum {string} */
                            status?: "ERROR";
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            reason?: string;
                            /** @enum {string} */
                            status?: "ERROR";
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            reason?: string;
                            /** @enum {string} */
                            status?: "ERROR";
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            reason?: string;
                            /** @enum {string} */
                            status?: "ERROR";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start verifying a usertag: e-mails a six-digit OTP to its confirmed e-mail
         * @description Invoice or admin key of the calling application. The answer is the same whether or not the usertag exists or has a confirmed e-mail (nothing is sent then). With kyc: true the e-mail carries a one-time consent page where the person approves or declines sharing their KYC data with the caller. OTP e-mails are limited per usertag and per caller (429 with Retry-After). See docs/verification.md.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description true to ask for the person’s KYC data, shared only if they approve (a JSON boolean) */
                        kyc?: unknown;
                        /** @description usertag of the person to verify (required; a leading @ is ignored) */
                        usertag?: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description seconds the secret lives */
                                expires_in: number;
                                /** @description give it to POST /api/v1/auth/verify with the OTP */
                                secret: string;
                            };
                            message: string;
                            status: boolean;
                            success?: boolean;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Trade the secret and the OTP for the verified account record
         * @description Only the application that started the flow, once, before the secret expires; the secret dies after VERIFY_OTP_ATTEMPTS wrong codes. Every such failure gets one and the same 400. otp or OTP, a number or a string of digits. KYC blocks are null unless requested and approved; message says why.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description the six-digit code from the e-mail: a number or a string of digits (leading zeros kept) */
                        otp?: unknown;
                        /** @description the same as otp (either spelling) */
                        OTP?: unknown;
                        /** @description data.secret from POST /api/v1/auth (required) */
                        secret?: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                company_kyc?: {
                                    company_name?: string;
                                    company_phone?: string;
                                    country?: string;
                                    doc1?: string;
                                    doc2?: string;
                                    doc3?: string;
                                    doc4?: string;
                                    email?: string;
                                } | null;
                                id_type?: string;
                                is_verified?: boolean;
                                kyc_level?: number;
                                kyc_status?: string;
                                message?: string;
                                personal_kyc?: {
                                    id1?: string;
                                    id2?: string;
                                    id3?: string;
                                } | null;
                                profile?: {
                                    country?: string;
                                    email?: string;
                                    full_name?: string;
                                    phone?: string;
                                };
                                user_id?: string;
                                usertag?: string;
                            };
                            message: string;
                            status: boolean;
                            success?: boolean;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** LNbits: the wallet’s payments, newest first */
        get: {
            parameters: {
                query?: {
                    /** @description how many (1 to 100; more is read as 100) */
                    limit?: unknown;
                    /** @description how many of the newest to skip (at most 10000) */
                    offset?: unknown;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description msat; negative for a payment sent */
                            amount?: number;
                            bolt11?: string;
                            /** @description the payment hash (internal_<tid> for one without) */
                            checking_id?: string;
                            created_at?: string;
                            /** @description ISO 8601; when the invoice expires */
                            expiry?: string | null;
                            extension?: null;
                            extra?: Record<string, never>;
                            /** @description msat; negative for a payment sent (the reserve while pending) */
                            fee?: number;
                            fiat_provider?: null;
                            labels?: string[];
                            memo?: string;
                            payment_hash?: string;
                            /** @description the same as bolt11 (clients before LNbits 1.0) */
                            payment_request?: string;
                            /** @description status is pending (clients before LNbits 1.0) */
                            pending?: boolean;
                            preimage?: string | null;
                            /** @enum {string} */
                            status?: "pending" | "success" | "failed";
                            tag?: null;
                            /** @description ISO 8601 */
                            time?: string;
                            updated_at?: string;
                            /** @description the usertag of the account */
                            wallet_id?: string;
                            webhook?: null;
                            webhook_status?: null;
                        }[];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail?: string;
                            /** @enum {string} */
                            status?: "failed" | "pending" | "success";
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail?: string;
                            /** @enum {string} */
                            status?: "failed" | "pending" | "success";
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail?: string;
                            /** @enum {string} */
                            status?: "failed" | "pending" | "success";
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail?: string;
                            /** @enum {string} */
                            status?: "failed" | "pending" | "success";
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail?: string;
                            /** @enum {string} */
                            status?: "failed" | "pending" | "success";
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail?: string;
                            /** @enum {string} */
                            status?: "failed" | "pending" | "success";
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail?: string;
                            /** @enum {string} */
                            status?: "failed" | "pending" | "success";
                        };
                    };
                };
            };
        };
        put?: never;
        /** LNbits: create an invoice (out: false, amount in sat) or pay one (out: true, bolt11; admin key) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description satoshis, a whole number (out: false) */
                        amount?: unknown;
                        /** @description the invoice to pay (out: true) */
                        bolt11?: unknown;
                        /** @description hex SHA-256 the invoice commits to instead of a memo (LNURL-pay) */
                        description_hash?: unknown;
                        /** @description seconds until the invoice expires (1 to 604800, default 3600) */
                        expiry?: unknown;
                        extra?: unknown;
                        internal?: unknown;
                        labels?: unknown;
                        /** @description the invoice's description, at most 639 bytes */
                        memo?: unknown;
                        /** @description true: pay `bolt11` (admin key); false: create an invoice. LNbits defaults to true */
                        out?: unknown;
                        /** @description hex of the text description_hash is the SHA-256 of */
                        unhashed_description?: unknown;
                        /** @description "sat" (the only unit served) */
                        unit?: unknown;
                        /** @description not served: use the native API callback_url */
                        webhook?: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description msat; negative for a payment sent */
                            amount?: number;
                            bolt11?: string;
                            /** @description the payment hash (internal_<tid> for one without) */
                            checking_id?: string;
                            created_at?: string;
                            /** @description ISO 8601; when the invoice expires */
                            expiry?: string | null;
                            extension?: null;
                            extra?: Record<string, never>;
                            /** @description msat; negative for a payment sent (the reserve while pending) */
                            fee?: number;
                            fiat_provider?: null;
                            labels?: string[];
                            memo?: string;
                            payment_hash?: string;
                            /** @description the same as bolt11 (clients before LNbits 1.0) */
                            payment_request?: string;
                            /** @description status is pending (clients before LNbits 1.0) */
                            pending?: boolean;
                            preimage?: string | null;
                            /** @enum {string} */
                            status?: "pending" | "success" | "failed";
                            tag?: null;
                            /** @description ISO 8601 */
                            time?: string;
                            updated_at?: string;
                            /** @description the usertag of the account */
                            wallet_id?: string;
                            webhook?: null;
                            webhook_status?: null;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail?: string;
                            /** @enum {string} */
                            status?: "failed" | "pending" | "success";
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail?: string;
                            /** @enum {string} */
                            status?: "failed" | "pending" | "success";
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail?: string;
                            /** @enum {string} */
                            status?: "failed" | "pending" | "success";
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail?: string;
                            /** @enum {string} */
                            status?: "failed" | "pending" | "success";
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail?: string;
                            /** @enum {string} */
                            status?: "failed" | "pending" | "success";
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail?: string;
                            /** @enum {string} */
                            status?: "failed" | "pending" | "success";
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail?: string;
                            /** @enum {string} */
                            status?: "failed" | "pending" | "success";
                        };
                    };
                };
                /** @description the invoice or the payment could not be made (status failed) */
                520: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail?: string;
                            /** @enum {string} */
                            status?: "failed" | "pending" | "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/payments/{payment_hash}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * LNbits: whether a payment is paid; with the key of its wallet also its status, preimage and details
         * @description Without a key (or with another wallet’s) LNbits answers any payment of the service: here only `paid` (and `status` "failed"), never the preimage. With a key, only that wallet’s payments.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description payment hash, or checking_id */
                    payment_hash: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            details?: {
                                /** @description msat; negative for a payment sent */
                                amount?: number;
                                bolt11?: string;
                                /** @description the payment hash (internal_<tid> for one without) */
                                checking_id?: string;
                                created_at?: string;
                                /** @description ISO 8601; when the invoice expires */
                                expiry?: string | null;
                                extension?: null;
                                extra?: Record<string, never>;
                                /** @description msat; negative for a payment sent (the reserve while pending) */
                                fee?: number;
                                fiat_provider?: null;
                                labels?: string[];
                                memo?: string;
                                payment_hash?: string;
                                /** @description the same as bolt11 (clients before LNbits 1.0) */
                                payment_request?: string;
                                /** @description status is pending (clients before LNbits 1.0) */
                                pending?: boolean;
                                preimage?: string | null;
                                /** @enum {string} */
                                status?: "pending" | "success" | "failed";
                                tag?: null;
                                /** @description ISO 8601 */
                                time?: string;
                                updated_at?: string;
                                /** @description the usertag of the account */
                                wallet_id?: string;
                                webhook?: null;
                                webhook_status?: null;
                            };
                            paid?: boolean;
                            preimage?: string | null;
                            /** @enum {string} */
                            status?: "pending" | "success" | "failed";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail?: string;
                            /** @enum {string} */
                            status?: "failed" | "pending" | "success";
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail?: string;
                            /** @enum {string} */
                            status?: "failed" | "pending" | "success";
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail?: string;
                            /** @enum {string} */
                            status?: "failed" | "pending" | "success";
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail?: string;
                            /** @enum {string} */
                            status?: "failed" | "pending" | "success";
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail?: string;
                            /** @enum {string} */
                            status?: "failed" | "pending" | "success";
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail?: string;
                            /** @enum {string} */
                            status?: "failed" | "pending" | "success";
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail?: string;
                            /** @enum {string} */
                            status?: "failed" | "pending" | "success";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/payments/decode": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** LNbits: decode a BOLT11 invoice (or an LNURL: its URL as `domain`) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description a BOLT11 invoice or a bech32 LNURL */
                        data?: unknown;
                        /** @description only these fields of the decoded invoice */
                        filter_fields?: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            amount_msat?: number;
                            currency?: string;
                            date?: number;
                            description?: string;
                            description_hash?: string;
                            domain?: string;
                            expiry?: number;
                            min_final_cltv_expiry?: number;
                            payee?: string;
                            payment_hash?: string;
                            payment_secret?: string;
                            signature?: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail?: string;
                            message?: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail?: string;
                            /** @enum {string} */
                            status?: "failed" | "pending" | "success";
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail?: string;
                            /** @enum {string} */
                            status?: "failed" | "pending" | "success";
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail?: string;
                            /** @enum {string} */
                            status?: "failed" | "pending" | "success";
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail?: string;
                            /** @enum {string} */
                            status?: "failed" | "pending" | "success";
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail?: string;
                            /** @enum {string} */
                            status?: "failed" | "pending" | "success";
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail?: string;
                            /** @enum {string} */
                            status?: "failed" | "pending" | "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/payments/lnurl": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** LNbits: pay an LNURL-pay (an LNURL or Lightning address, or the payRequest already fetched) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description millisatoshis */
                        amount?: unknown;
                        /** @description not sent to the service (LUD-12 comments are not served) */
                        comment?: unknown;
                        description?: unknown;
                        internal_memo?: unknown;
                        /** @description a bech32 LNURL or a Lightning address */
                        lnurl?: unknown;
                        /** @description the LNURL-pay response (LUD-06) the client already fetched: callback, min/maxSendable, metadata */
                        res?: unknown;
                        /** @description "sat" (the only unit served) */
                        unit?: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description msat; negative for a payment sent */
                            amount?: number;
                            bolt11?: string;
                            /** @description the payment hash (internal_<tid> for one without) */
                            checking_id?: string;
                            created_at?: string;
                            /** @description ISO 8601; when the invoice expires */
                            expiry?: string | null;
                            extension?: null;
                            extra?: Record<string, never>;
                            /** @description msat; negative for a payment sent (the reserve while pending) */
                            fee?: number;
                            fiat_provider?: null;
                            labels?: string[];
                            memo?: string;
                            payment_hash?: string;
                            /** @description the same as bolt11 (clients before LNbits 1.0) */
                            payment_request?: string;
                            /** @description status is pending (clients before LNbits 1.0) */
                            pending?: boolean;
                            preimage?: string | null;
                            /** @enum {string} */
                            status?: "pending" | "success" | "failed";
                            tag?: null;
                            /** @description ISO 8601 */
                            time?: string;
                            updated_at?: string;
                            /** @description the usertag of the account */
                            wallet_id?: string;
                            webhook?: null;
                            webhook_status?: null;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail?: string;
                            /** @enum {string} */
                            status?: "failed" | "pending" | "success";
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail?: string;
                            /** @enum {string} */
                            status?: "failed" | "pending" | "success";
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail?: string;
                            /** @enum {string} */
                            status?: "failed" | "pending" | "success";
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail?: string;
                            /** @enum {string} */
                            status?: "failed" | "pending" | "success";
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail?: string;
                            /** @enum {string} */
                            status?: "failed" | "pending" | "success";
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail?: string;
                            /** @enum {string} */
                            status?: "failed" | "pending" | "success";
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail?: string;
                            /** @enum {string} */
                            status?: "failed" | "pending" | "success";
                        };
                    };
                };
                /** @description the payment could not be made (status failed) */
                520: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail?: string;
                            /** @enum {string} */
                            status?: "failed" | "pending" | "success";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/payments/sse": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** LNbits (before 1.0): Server-Sent Events of the wallet’s incoming payments (payment-received) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/wallet": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** LNbits: the wallet (the account’s Lightning balance in msat; id for the admin key only) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description spendable Lightning balance, msat */
                            balance?: number;
                            /** @description the usertag; admin key only */
                            id?: string;
                            name?: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail?: string;
                            /** @enum {string} */
                            status?: "failed" | "pending" | "success";
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail?: string;
                            /** @enum {string} */
                            status?: "failed" | "pending" | "success";
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail?: string;
                            /** @enum {string} */
                            status?: "failed" | "pending" | "success";
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail?: string;
                            /** @enum {string} */
                            status?: "failed" | "pending" | "success";
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail?: string;
                            /** @enum {string} */
                            status?: "failed" | "pending" | "success";
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail?: string;
                            /** @enum {string} */
                            status?: "failed" | "pending" | "success";
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail?: string;
                            /** @enum {string} */
                            status?: "failed" | "pending" | "success";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/checkout/{tid}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Live status of a hosted checkout page
         * @description What the checkout page polls when it cannot keep an event stream (GET /checkout/{tid}/events, Server-Sent Events of the same objects) open. No key: the tid is the credential, and nothing private is in the answer. 404 for a tid without a checkout page.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description the payment’s tid (16 characters) */
                    tid: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description BTC with 8 decimals (USDT with 6 for a usdt request); once paid, the amount received */
                            amount: string;
                            /** @description an on-chain request’s progress on its chain (pro variant, wallet btc or usdt); null for a Lightning request */
                            chain: {
                                /** @description the fewest confirmations among those deposits; null when there are none */
                                confirmations: number | null;
                                /** @description confirmations a deposit needs before it is credited; null where the EVM node’s finalized block decides */
                                confirmations_needed: number | null;
                                /** @enum {string} */
                                network: "BTC" | "ERC20" | "BEP20" | "MATIC";
                                /** @description what deposits credited so far, in the request’s asset like amount (an underpaid request stays pending and shows it) */
                                received: string;
                                /** @description while pending with part of the amount arrived (credited or seen): what is still to be sent, like amount; null otherwise */
                                remaining?: string | null;
                                /** @description deposits seen on chain but not yet deep enough, together; null when there are none */
                                unconfirmed: string | null;
                                /** @description the payment URI the page’s QR code holds: BIP21 or EIP-681 for remaining when there is one (BIP21 without the Lightning invoice), else for the amount */
                                uri?: string | null;
                            } | null;
                            /** @description the state’s id in the event stream: pending 1, confirming 2, declined and expired 3, paid 4 */
                            event_id: number;
                            /**
                             * @description paid_late, paid_over (state paid) or paid_partial (state expired: part of the amount was received and credited to the merchant); null otherwise
                             * @enum {string|null}
                             */
                            exception?: "paid_late" | "paid_partial" | "paid_over" | null;
                            /** @description hosted_checkout_expiry, unix seconds */
                            expires_at: number;
                            /** @description unix seconds */
                            paid_at: number | null;
                            /** @description once paid: the request’s success_url with tid added; null otherwise */
                            redirect_url: string | null;
                            /**
                             * @description pending: payable; confirming: an on-chain request past hosted_checkout_expiry whose payment was seen on chain before it (on time) and waits for confirmations; paid: settled (also when it arrived after expiry); expired: unpaid at hosted_checkout_expiry; declined: given up before it
                             * @enum {string}
                             */
                            state: "pending" | "confirming" | "paid" | "expired" | "declined";
                            tid: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            message?: string;
                            success?: boolean;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/lapi/v1/cancelRefund": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel an unclaimed refund: its escrow returns to the Lightning balance
         * @description Cancelling again answers the same; a claimed refund is 409 state_conflict; another account’s or an unknown tid 404 not_found.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description the refund’s tid (as /refund answered it) */
                        tid: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description BTC, 8 decimals */
                                amount?: string;
                                /** @description unix seconds, once claimed */
                                claimed_at?: number | null;
                                /** @description unix seconds */
                                created_at?: number;
                                /** @description unix seconds */
                                expires_at?: number;
                                /** @description the refunded payment */
                                payment_tid?: string;
                                /** @description the page where the payer claims it; keep it private */
                                refund_url?: string;
                                /**
                                 * @description open: the payer can claim it; claiming: an invoice payment of it is under way; cancelled and expired: its escrow went back to the merchant
                                 * @enum {string}
                                 */
                                status?: "open" | "claiming" | "claimed" | "cancelled" | "expired";
                                /** @description the refund’s tid (its voucher batch) */
                                tid?: string;
                            };
                            message: string;
                            status: boolean;
                            success?: boolean;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/lapi/v1/checkPayment": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One payment of the caller (sent or received) by tid */
        get: {
            parameters: {
                query: {
                    /** @description transaction id */
                    tid: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description BTC, 8 decimals (USDT, 6 decimals, for a usdt request); negative for sent payments */
                                amount?: string;
                                /** @description HTTP status of the webhook delivery, once delivered */
                                callback_status?: number | null;
                                callback_url?: string | null;
                                /** @description unix seconds */
                                created_at?: number;
                                customer_name?: string | null;
                                description?: string | null;
                                extra?: {
                                    [key: string]: unknown;
                                };
                                fiat_currency?: string | null;
                                /** @description a request priced in fiat (amount left out): the rate it was converted at, locked for its life; null otherwise */
                                fiat_rate?: {
                                    /** @description unix seconds: the request’s expiry */
                                    locked_until?: number;
                                    /** @description BTC-INR, BTC-USD, BTC-EUR (USDT-… for a usdt request) */
                                    pair?: string;
                                    /** @description unix seconds: the oldest quote of the price */
                                    price_time?: number;
                                    /** @description fiat per one BTC (or USDT), exact decimal text, e.g. "8203450.5" */
                                    rate?: string;
                                    /** @description the price sources */
                                    sources?: string[];
                                } | null;
                                fiat_value?: string | null;
                                /** @description unix seconds */
                                hosted_checkout_expiry?: number | null;
                                hosted_checkout_url?: string | null;
                                lightning_invoice?: {
                                    /** @description unix seconds */
                                    expires_at?: number | null;
                                    /** @enum {string|null} */
                                    lightning_invoice_type?: "invoice" | "lnurl" | null;
                                    payreq?: string | null;
                                };
                                order_id?: string | null;
                                /**
                                 * @description lightning; onchain only for requests made on /sapi
                                 * @enum {string}
                                 */
                                payment_mode?: "lightning" | "onchain";
                                receiver_usertag?: string | null;
                                /** @description checkPayment only: the refunds of a received payment, oldest first */
                                refunds?: {
                                    /** @description BTC, 8 decimals */
                                    amount?: string;
                                    /** @description unix seconds, once claimed */
                                    claimed_at?: number | null;
                                    /** @description the page where the payer claims it; keep it private */
                                    refund_url?: string;
                                    /**
                                     * @description open: the payer can claim it; claiming: an invoice payment of it is under way; cancelled and expired: its escrow went back to the merchant
                                     * @enum {string}
                                     */
                                    status?: "open" | "claiming" | "claimed" | "cancelled" | "expired";
                                    /** @description the refund’s tid (its voucher batch) */
                                    tid?: string;
                                }[];
                                /** @enum {string} */
                                status?: "undefined" | "pending" | "declined" | "paid";
                                success_url?: string | null;
                                /** @description transaction id (16 characters) */
                                tid?: string;
                                total_fee?: {
                                    /** @description "<amount> btc", null when zero; routing fees are shown rounded up to the satoshi */
                                    gst_fee?: string | null;
                                    /** @description "<amount> btc", null when zero; routing fees are shown rounded up to the satoshi */
                                    network_fee?: string | null;
                                    /** @description "<amount> btc (<percent>%)", null when zero */
                                    service_fee?: string | null;
                                };
                                /** @description minutes a client should keep polling a pending payment before giving up (always 10) */
                                ttl?: number;
                                /** @description lightning:<invoice> for payment requests */
                                uri?: string | null;
                                /**
                                 * @description lbtc; btc and usdt only for requests made on /sapi
                                 * @enum {string}
                                 */
                                wallet?: "lbtc" | "btc" | "usdt";
                            };
                            message: string;
                            status: boolean;
                            success?: boolean;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/lapi/v1/checkVoucher": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A voucher batch of the caller with every voucher’s state */
        get: {
            parameters: {
                query: {
                    /** @description the batch tid from requestVoucher: a string */
                    tid: unknown;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description BTC per voucher */
                                amount?: number;
                                callback_url?: string | null;
                                /** @description unix seconds */
                                created_at?: number;
                                /** @enum {string} */
                                email_status?: "success" | "pending" | "undefined";
                                /** @description unix seconds; unredeemed vouchers return to the issuer then */
                                expires_at?: number;
                                from?: string | null;
                                /** @description printable sheet of every voucher with its QR code (keep it private) */
                                print_url?: string;
                                receiver_email?: string | null;
                                revoked?: boolean;
                                revoked_at?: number | null;
                                /** @description batch id; also the path of voucher_static_url */
                                tid?: string;
                                title?: string | null;
                                unique_design?: boolean;
                                unique_design_url?: string | null;
                                voucher_count?: number;
                                /** @description vouchers redeemed so far */
                                voucher_redeemed?: number;
                                /** @description redeems any unredeemed voucher; once per usertag */
                                voucher_static_url?: string;
                                voucher_urls?: {
                                    /** @description HTTP status of the redeem webhook */
                                    callback_status?: number | null;
                                    redeemed_at?: number | null;
                                    /** @description the usertag or the Lightning invoice it was redeemed to */
                                    redeemed_by?: string | null;
                                    /** @description integer id of the issuer’s payment of the redemption */
                                    redeemed_tid?: number | null;
                                    voucher_code?: string;
                                    voucher_url?: string;
                                }[];
                            };
                            message: string;
                            status: boolean;
                            success?: boolean;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/lapi/v1/decodeInvoice": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Decode and verify a BOLT11 invoice */
        get: {
            parameters: {
                query: {
                    invoice: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description BTC, 8 decimals; null for an amountless invoice */
                                amount?: string | null;
                                /** @description exact amount in millisatoshis */
                                amount_msat?: string | null;
                                created_at?: number;
                                description?: string | null;
                                description_hash?: string | null;
                                expired?: boolean;
                                expires_at?: number;
                                min_final_cltv_expiry?: number;
                                network?: string;
                                /** @description node public key (hex) */
                                payee?: string;
                                payment_hash?: string;
                                payment_secret?: string | null;
                                payreq?: string;
                            };
                            message: string;
                            status: boolean;
                            success?: boolean;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/lapi/v1/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller’s payments, sent and received, newest first */
        get: {
            parameters: {
                query: {
                    /** @description how many payments, 1 to 1000 */
                    limit: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description BTC, 8 decimals (USDT, 6 decimals, for a usdt request); negative for sent payments */
                                amount?: string;
                                /** @description HTTP status of the webhook delivery, once delivered */
                                callback_status?: number | null;
                                callback_url?: string | null;
                                /** @description unix seconds */
                                created_at?: number;
                                customer_name?: string | null;
                                description?: string | null;
                                extra?: {
                                    [key: string]: unknown;
                                };
                                fiat_currency?: string | null;
                                /** @description a request priced in fiat (amount left out): the rate it was converted at, locked for its life; null otherwise */
                                fiat_rate?: {
                                    /** @description unix seconds: the request’s expiry */
                                    locked_until?: number;
                                    /** @description BTC-INR, BTC-USD, BTC-EUR (USDT-… for a usdt request) */
                                    pair?: string;
                                    /** @description unix seconds: the oldest quote of the price */
                                    price_time?: number;
                                    /** @description fiat per one BTC (or USDT), exact decimal text, e.g. "8203450.5" */
                                    rate?: string;
                                    /** @description the price sources */
                                    sources?: string[];
                                } | null;
                                fiat_value?: string | null;
                                /** @description unix seconds */
                                hosted_checkout_expiry?: number | null;
                                hosted_checkout_url?: string | null;
                                lightning_invoice?: {
                                    /** @description unix seconds */
                                    expires_at?: number | null;
                                    /** @enum {string|null} */
                                    lightning_invoice_type?: "invoice" | "lnurl" | null;
                                    payreq?: string | null;
                                };
                                order_id?: string | null;
                                /**
                                 * @description lightning; onchain only for requests made on /sapi
                                 * @enum {string}
                                 */
                                payment_mode?: "lightning" | "onchain";
                                receiver_usertag?: string | null;
                                /** @description checkPayment only: the refunds of a received payment, oldest first */
                                refunds?: {
                                    /** @description BTC, 8 decimals */
                                    amount?: string;
                                    /** @description unix seconds, once claimed */
                                    claimed_at?: number | null;
                                    /** @description the page where the payer claims it; keep it private */
                                    refund_url?: string;
                                    /**
                                     * @description open: the payer can claim it; claiming: an invoice payment of it is under way; cancelled and expired: its escrow went back to the merchant
                                     * @enum {string}
                                     */
                                    status?: "open" | "claiming" | "claimed" | "cancelled" | "expired";
                                    /** @description the refund’s tid (its voucher batch) */
                                    tid?: string;
                                }[];
                                /** @enum {string} */
                                status?: "undefined" | "pending" | "declined" | "paid";
                                success_url?: string | null;
                                /** @description transaction id (16 characters) */
                                tid?: string;
                                total_fee?: {
                                    /** @description "<amount> btc", null when zero; routing fees are shown rounded up to the satoshi */
                                    gst_fee?: string | null;
                                    /** @description "<amount> btc", null when zero; routing fees are shown rounded up to the satoshi */
                                    network_fee?: string | null;
                                    /** @description "<amount> btc (<percent>%)", null when zero */
                                    service_fee?: string | null;
                                };
                                /** @description minutes a client should keep polling a pending payment before giving up (always 10) */
                                ttl?: number;
                                /** @description lightning:<invoice> for payment requests */
                                uri?: string | null;
                                /**
                                 * @description lbtc; btc and usdt only for requests made on /sapi
                                 * @enum {string}
                                 */
                                wallet?: "lbtc" | "btc" | "usdt";
                            }[];
                            message: string;
                            status: boolean;
                            success?: boolean;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/lapi/v1/payouts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller’s payouts, newest first (items by GET /payouts/{id}) */
        get: {
            parameters: {
                query?: {
                    /** @description next page: the payout id of the previous page’s `next` */
                    before?: string;
                    /** @description default 20 */
                    limit?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description pass as `before` for the next page; null on the last */
                                next?: string | null;
                                payouts?: {
                                    callback_url?: string | null;
                                    counts?: {
                                        failed?: number;
                                        paid?: number;
                                        paying?: number;
                                        queued?: number;
                                    };
                                    created_at?: number;
                                    done_at?: number | null;
                                    /** @description the payout id */
                                    id?: string;
                                    item_count?: number;
                                    /** @description BTC moved out of the balance at creation: amounts, service fees and fee reserves */
                                    reserved?: string;
                                    reserved_msat?: string;
                                    /**
                                     * @description done once every item has ended
                                     * @enum {string}
                                     */
                                    status?: "open" | "done";
                                }[];
                            };
                            message: string;
                            status: boolean;
                            success?: boolean;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
            };
        };
        put?: never;
        /** Pay up to 500 usertags, invoices, Lightning addresses or LNURLs: everything is reserved at once, each item is then paid exactly once */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description optional; a retry with the same key and body answers the same payout and moves no money again; the same key with another body is 409 idempotency_conflict */
                    "idempotency-key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description http(s) URL for the signed payout.item.paid, payout.item.failed and payout.done webhooks */
                        callback_url?: unknown;
                        /** @description the payouts, at most PAYOUT_MAX_ITEMS (500) */
                        items: {
                            /** @description BTC (not satoshis), at most 8 decimals; a string or a number. Required unless the item is priced in fiat or pays an invoice with an amount */
                            amount?: unknown;
                            /** @description a usertag of this service, a BOLT11 invoice, a Lightning address name@host or a bech32 LNURL (a string) */
                            destination?: unknown;
                            /** @description INR, USD, EUR; with fiat_value */
                            fiat_currency?: unknown;
                            /** @description a decimal: the item's price in fiat_currency (INR, USD, EUR), converted at the current published price (rounded up to the satoshi); instead of amount */
                            fiat_value?: unknown;
                            /** @description text (a string, at most 639 characters): the payment's description */
                            memo?: unknown;
                            /** @description your own reference (a string or a number, at most 200 characters) */
                            reference?: unknown;
                        }[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                callback_url?: string | null;
                                counts?: {
                                    failed?: number;
                                    paid?: number;
                                    paying?: number;
                                    queued?: number;
                                };
                                created_at?: number;
                                done_at?: number | null;
                                /** @description the payout id */
                                id?: string;
                                item_count?: number;
                                items?: {
                                    /** @description BTC, 8 decimals */
                                    amount?: string;
                                    amount_msat?: string;
                                    destination?: string;
                                    /** @enum {string} */
                                    destination_type?: "usertag" | "invoice" | "lnurl";
                                    ended_at?: number | null;
                                    error?: string | null;
                                    error_code?: string | null;
                                    /** @description routing fee paid, BTC */
                                    fee?: string;
                                    fee_msat?: string;
                                    /** @description the most routing fee the item may cost, BTC */
                                    fee_reserve?: string;
                                    fiat_currency?: string | null;
                                    fiat_value?: string | null;
                                    index?: number;
                                    memo?: string | null;
                                    preimage?: string | null;
                                    reference?: string | null;
                                    /** @description service fee and GST, BTC */
                                    service_fee?: string;
                                    /** @enum {string} */
                                    status?: "queued" | "paying" | "paid" | "failed";
                                    /** @description the item's payment (checkPayment), once it has one */
                                    tid?: string | null;
                                }[];
                                /** @description BTC moved out of the balance at creation: amounts, service fees and fee reserves */
                                reserved?: string;
                                reserved_msat?: string;
                                /**
                                 * @description done once every item has ended
                                 * @enum {string}
                                 */
                                status?: "open" | "done";
                            };
                            message: string;
                            status: boolean;
                            success?: boolean;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/lapi/v1/payouts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One payout of the caller with every item: status, amount, fee, preimage, error */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                callback_url?: string | null;
                                counts?: {
                                    failed?: number;
                                    paid?: number;
                                    paying?: number;
                                    queued?: number;
                                };
                                created_at?: number;
                                done_at?: number | null;
                                /** @description the payout id */
                                id?: string;
                                item_count?: number;
                                items?: {
                                    /** @description BTC, 8 decimals */
                                    amount?: string;
                                    amount_msat?: string;
                                    destination?: string;
                                    /** @enum {string} */
                                    destination_type?: "usertag" | "invoice" | "lnurl";
                                    ended_at?: number | null;
                                    error?: string | null;
                                    error_code?: string | null;
                                    /** @description routing fee paid, BTC */
                                    fee?: string;
                                    fee_msat?: string;
                                    /** @description the most routing fee the item may cost, BTC */
                                    fee_reserve?: string;
                                    fiat_currency?: string | null;
                                    fiat_value?: string | null;
                                    index?: number;
                                    memo?: string | null;
                                    preimage?: string | null;
                                    reference?: string | null;
                                    /** @description service fee and GST, BTC */
                                    service_fee?: string;
                                    /** @enum {string} */
                                    status?: "queued" | "paying" | "paid" | "failed";
                                    /** @description the item's payment (checkPayment), once it has one */
                                    tid?: string | null;
                                }[];
                                /** @description BTC moved out of the balance at creation: amounts, service fees and fee reserves */
                                reserved?: string;
                                reserved_msat?: string;
                                /**
                                 * @description done once every item has ended
                                 * @enum {string}
                                 */
                                status?: "open" | "done";
                            };
                            message: string;
                            status: boolean;
                            success?: boolean;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/lapi/v1/price": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * BTC/USD, BTC/INR and USD/INR, or one of them
         * @description The median of the fresh quotes of the configured sources, outliers (more than PRICE_OUTLIER_PERCENT, 2% by default, from the median) dropped; BTC/INR is BTC/USD × USD/INR unless an INR market is configured. `message` names each price's sources and age, and says which prices are stale. Headers: x-price-sources, x-price-age (seconds of the oldest quote), x-price-stale (the stale pairs, when any). A stale price is still given. The parameter may also come in a JSON body.
         */
        get: {
            parameters: {
                query?: {
                    /** @description one of btcusd, btcinr, usdinr; absent: every pair */
                    pricePair?: string | null;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description the asked pair only when pricePair is given; every pair otherwise */
                            data: {
                                /** @description BTC/INR: the published price, exact to 10^-8 and at most 15 significant digits */
                                btc_inr?: number;
                                /** @description BTC/USD: the published price, exact to 10^-8 and at most 15 significant digits */
                                btc_usd?: number;
                                /** @description USD/INR: the published price, exact to 10^-8 and at most 15 significant digits */
                                usd_inr?: number;
                            };
                            message: string;
                            status: boolean;
                            success?: boolean;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/lapi/v1/receive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a payment request (BOLT11 invoice, payment URI, hosted checkout URL) */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description optional; a retry with the same key and body answers the first result and moves no money again; the same key with another body is 409 idempotency_conflict */
                    "idempotency-key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description BTC (not satoshis), at most 8 decimals; a string or a number. Required unless fiat_value and fiat_currency price the request */
                        amount?: unknown;
                        /** @description webhook URL, called once when the request is paid */
                        callback_url?: string | null;
                        /** @description text (a string) */
                        customer_name?: unknown;
                        /** @description text (a string): goes into the invoice; at most 639 bytes */
                        description?: unknown;
                        /** @description whole minutes until the invoice and the hosted checkout expire (1 to 10080, default 60) */
                        expires_in?: unknown;
                        extra?: {
                            [key: string]: unknown;
                        } | null;
                        /** @description an ISO 4217 code, any case (e.g. INR, USD, EUR). Prices a request without amount: INR, USD, EUR */
                        fiat_currency?: string | null;
                        /** @description a decimal (a string or a number). With amount left out, the price of the request in fiat_currency (INR, USD, EUR; at most its minor digits, e.g. 1500.50): converted at the current published price, the rate locked for the request's life. With amount, a label */
                        fiat_value?: unknown;
                        /** @description text (a string or a number) */
                        order_id?: unknown;
                        /** @description put the request (and the credit) on this account */
                        receiver_usertag?: string | null;
                        /** @description redirect after hosted checkout success */
                        success_url?: string | null;
                        /** @description lbtc (the only wallet of this endpoint) */
                        wallet?: string | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description BTC, 8 decimals (USDT, 6 decimals, for a usdt request); negative for sent payments */
                                amount?: string;
                                /** @description HTTP status of the webhook delivery, once delivered */
                                callback_status?: number | null;
                                callback_url?: string | null;
                                /** @description unix seconds */
                                created_at?: number;
                                customer_name?: string | null;
                                description?: string | null;
                                extra?: {
                                    [key: string]: unknown;
                                };
                                fiat_currency?: string | null;
                                /** @description a request priced in fiat (amount left out): the rate it was converted at, locked for its life; null otherwise */
                                fiat_rate?: {
                                    /** @description unix seconds: the request’s expiry */
                                    locked_until?: number;
                                    /** @description BTC-INR, BTC-USD, BTC-EUR (USDT-… for a usdt request) */
                                    pair?: string;
                                    /** @description unix seconds: the oldest quote of the price */
                                    price_time?: number;
                                    /** @description fiat per one BTC (or USDT), exact decimal text, e.g. "8203450.5" */
                                    rate?: string;
                                    /** @description the price sources */
                                    sources?: string[];
                                } | null;
                                fiat_value?: string | null;
                                /** @description unix seconds */
                                hosted_checkout_expiry?: number | null;
                                hosted_checkout_url?: string | null;
                                lightning_invoice?: {
                                    /** @description unix seconds */
                                    expires_at?: number | null;
                                    /** @enum {string|null} */
                                    lightning_invoice_type?: "invoice" | "lnurl" | null;
                                    payreq?: string | null;
                                };
                                order_id?: string | null;
                                /**
                                 * @description lightning; onchain only for requests made on /sapi
                                 * @enum {string}
                                 */
                                payment_mode?: "lightning" | "onchain";
                                receiver_usertag?: string | null;
                                /** @description checkPayment only: the refunds of a received payment, oldest first */
                                refunds?: {
                                    /** @description BTC, 8 decimals */
                                    amount?: string;
                                    /** @description unix seconds, once claimed */
                                    claimed_at?: number | null;
                                    /** @description the page where the payer claims it; keep it private */
                                    refund_url?: string;
                                    /**
                                     * @description open: the payer can claim it; claiming: an invoice payment of it is under way; cancelled and expired: its escrow went back to the merchant
                                     * @enum {string}
                                     */
                                    status?: "open" | "claiming" | "claimed" | "cancelled" | "expired";
                                    /** @description the refund’s tid (its voucher batch) */
                                    tid?: string;
                                }[];
                                /** @enum {string} */
                                status?: "undefined" | "pending" | "declined" | "paid";
                                success_url?: string | null;
                                /** @description transaction id (16 characters) */
                                tid?: string;
                                total_fee?: {
                                    /** @description "<amount> btc", null when zero; routing fees are shown rounded up to the satoshi */
                                    gst_fee?: string | null;
                                    /** @description "<amount> btc", null when zero; routing fees are shown rounded up to the satoshi */
                                    network_fee?: string | null;
                                    /** @description "<amount> btc (<percent>%)", null when zero */
                                    service_fee?: string | null;
                                };
                                /** @description minutes a client should keep polling a pending payment before giving up (always 10) */
                                ttl?: number;
                                /** @description lightning:<invoice> for payment requests */
                                uri?: string | null;
                                /**
                                 * @description lbtc; btc and usdt only for requests made on /sapi
                                 * @enum {string}
                                 */
                                wallet?: "lbtc" | "btc" | "usdt";
                            };
                            message: string;
                            status: boolean;
                            success?: boolean;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/lapi/v1/redeemVoucher": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Redeem a voucher to a usertag or a Lightning invoice
         * @description Any valid key. Exactly one redemption per voucher; redeem attempts are rate-limited per IP and code. With voucher_code alone (no redeem_mode, no redeem_to) the voucher goes to the caller’s own account (the key’s usertag). Redeeming a redeemed voucher again to the same target answers that redemption.
         */
        get: {
            parameters: {
                query?: {
                    /** @description usertag or invoice */
                    redeem_mode?: unknown;
                    /** @description a usertag, or a BOLT11 invoice for the voucher amount or without amount */
                    redeem_to?: unknown;
                    /** @description the voucher’s code (the last part of its voucher_url): a string */
                    voucher_code?: unknown;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description false while an invoice payment is still under way */
                                redeemed?: boolean;
                                redeemed_at?: number | null;
                                redeemed_by?: string;
                                /** @enum {string} */
                                redeemed_mode?: "usertag" | "invoice";
                                redeemed_tid?: number;
                                voucher_code?: string;
                            };
                            message: string;
                            status: boolean;
                            success?: boolean;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Redeem a voucher to a usertag or a Lightning invoice
         * @description Any valid key. Exactly one redemption per voucher; redeem attempts are rate-limited per IP and code. With voucher_code alone (no redeem_mode, no redeem_to) the voucher goes to the caller’s own account (the key’s usertag). Redeeming a redeemed voucher again to the same target answers that redemption.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description usertag or invoice */
                        redeem_mode?: unknown;
                        /** @description a usertag, or a BOLT11 invoice for the voucher amount or without amount */
                        redeem_to?: unknown;
                        /** @description the voucher’s code (the last part of its voucher_url): a string */
                        voucher_code?: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description false while an invoice payment is still under way */
                                redeemed?: boolean;
                                redeemed_at?: number | null;
                                redeemed_by?: string;
                                /** @enum {string} */
                                redeemed_mode?: "usertag" | "invoice";
                                redeemed_tid?: number;
                                voucher_code?: string;
                            };
                            message: string;
                            status: boolean;
                            success?: boolean;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/lapi/v1/refund": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Refund a received payment, fully or in part, as a one-voucher batch the payer claims
         * @description The amount (the payment’s, or what it received when less; the given BTC amount; fiat_value at the current price; or excess: what was received beyond the amount) plus the voucher fee reserve moves from the Lightning balance into escrow at once, or nothing happens. Refunds of one payment never add up to more than it received (422 amount_out_of_range). A sent or USDT payment is 422 payment_not_refundable; one not received yet 409 state_conflict; a stale or missing price for fiat_value 503 price_unavailable.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description optional; a retry with the same key and body answers the refund the first request made and moves no money again; the same key with another body is 409 idempotency_conflict */
                    "idempotency-key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description BTC to refund (not satoshis), at most 8 decimals; without it, fiat_value and excess: the payment’s amount, or what it received when less (paid_partial) */
                        amount?: unknown;
                        /** @description shown to the payer with the refund: at most 240 characters */
                        description?: unknown;
                        /** @description true: refund what the payment received beyond its amount (paid_over); not with amount or fiat_value */
                        excess?: unknown;
                        /** @description the refund in the payment's fiat_currency, at most 2 decimals, converted at the current published price */
                        fiat_value?: unknown;
                        /** @description e-mail the refund (its link and QR code) to this address */
                        receiver_email?: unknown;
                        /** @description the received payment to refund: its tid (or integer id) */
                        tid: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description BTC, 8 decimals */
                                amount?: string;
                                /** @description unix seconds, once claimed */
                                claimed_at?: number | null;
                                /** @description unix seconds */
                                created_at?: number;
                                /** @description unix seconds */
                                expires_at?: number;
                                /** @description the refunded payment */
                                payment_tid?: string;
                                /** @description the page where the payer claims it; keep it private */
                                refund_url?: string;
                                /**
                                 * @description open: the payer can claim it; claiming: an invoice payment of it is under way; cancelled and expired: its escrow went back to the merchant
                                 * @enum {string}
                                 */
                                status?: "open" | "claiming" | "claimed" | "cancelled" | "expired";
                                /** @description the refund’s tid (its voucher batch) */
                                tid?: string;
                            };
                            message: string;
                            status: boolean;
                            success?: boolean;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/lapi/v1/requestVoucher": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a batch of withdraw vouchers funded from the Lightning balance
         * @description count × (amount + fee reserve) moves into escrow at once, or nothing happens. The fee reserve pays routing fees of invoice redemptions; what they do not use returns to the issuer.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description optional; a retry with the same key and body answers the batch the first request created and moves no money again; the same key with another body is 409 idempotency_conflict */
                    "idempotency-key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description BTC (not satoshis), at most 8 decimals per voucher; a string or a number */
                        amount: unknown;
                        /** @description webhook URL, called when a voucher is redeemed */
                        callback_url?: unknown;
                        /** @description minutes until the vouchers expire: a whole number or its digits */
                        expiry?: unknown;
                        /** @description who the vouchers are from: a string of at most 100 characters */
                        from?: unknown;
                        /** @description e-mail the voucher here (a string); only with voucher_count 1 */
                        receiver_email?: unknown;
                        /** @description message of the vouchers: a string of at most 280 characters */
                        title?: unknown;
                        /** @description true or false (or the text "true" / "false") */
                        unique_design?: unknown;
                        /** @description http(s) URL of a 640x360 image shown on the voucher page */
                        unique_design_url?: unknown;
                        /** @description 1 to 100: a whole number or its digits */
                        voucher_count: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description BTC per voucher */
                                amount?: number;
                                callback_url?: string | null;
                                /** @description unix seconds */
                                created_at?: number;
                                /** @enum {string} */
                                email_status?: "success" | "pending" | "undefined";
                                /** @description unix seconds; unredeemed vouchers return to the issuer then */
                                expires_at?: number;
                                from?: string | null;
                                /** @description printable sheet of every voucher with its QR code (keep it private) */
                                print_url?: string;
                                receiver_email?: string | null;
                                /** @description batch id; also the path of voucher_static_url */
                                tid?: string;
                                title?: string | null;
                                unique_design?: boolean;
                                unique_design_url?: string | null;
                                voucher_count?: number;
                                /** @description vouchers redeemed so far */
                                voucher_redeemed?: number;
                                /** @description redeems any unredeemed voucher; once per usertag */
                                voucher_static_url?: string;
                                voucher_urls?: {
                                    voucher_url?: string;
                                }[];
                            };
                            message: string;
                            status: boolean;
                            success?: boolean;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/lapi/v1/revokeVoucher": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Revoke a voucher batch (tid, admin key); with voucher_code instead, redeem a voucher
         * @description With tid: every unredeemed voucher of the batch becomes unredeemable and its escrow returns to the issuer; idempotent. With voucher_code, redeem_mode and redeem_to and no tid: the same as redeemVoucher (the reference names this path for redeeming). Both or neither is an error.
         */
        get: {
            parameters: {
                query?: {
                    /** @description usertag or invoice */
                    redeem_mode?: unknown;
                    /** @description a usertag, or a BOLT11 invoice for the voucher amount or without amount */
                    redeem_to?: unknown;
                    /** @description batch to revoke (admin key): a string */
                    tid?: unknown;
                    /** @description the voucher’s code (the last part of its voucher_url): a string */
                    voucher_code?: unknown;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description false while an invoice payment is still under way */
                                redeemed?: boolean;
                                redeemed_at?: number | null;
                                redeemed_by?: string;
                                /** @enum {string} */
                                redeemed_mode?: "usertag" | "invoice";
                                redeemed_tid?: number;
                                revoked?: boolean;
                                revoked_at?: number | null;
                                tid?: string;
                                voucher_code?: string;
                            };
                            message: string;
                            status: boolean;
                            success?: boolean;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Revoke a voucher batch (tid, admin key); with voucher_code instead, redeem a voucher
         * @description With tid: every unredeemed voucher of the batch becomes unredeemable and its escrow returns to the issuer; idempotent. With voucher_code, redeem_mode and redeem_to and no tid: the same as redeemVoucher (the reference names this path for redeeming). Both or neither is an error.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description usertag or invoice */
                        redeem_mode?: unknown;
                        /** @description a usertag, or a BOLT11 invoice for the voucher amount or without amount */
                        redeem_to?: unknown;
                        /** @description batch to revoke (admin key): a string */
                        tid?: unknown;
                        /** @description the voucher’s code (the last part of its voucher_url): a string */
                        voucher_code?: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description false while an invoice payment is still under way */
                                redeemed?: boolean;
                                redeemed_at?: number | null;
                                redeemed_by?: string;
                                /** @enum {string} */
                                redeemed_mode?: "usertag" | "invoice";
                                redeemed_tid?: number;
                                revoked?: boolean;
                                revoked_at?: number | null;
                                tid?: string;
                                voucher_code?: string;
                            };
                            message: string;
                            status: boolean;
                            success?: boolean;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/lapi/v1/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a payment to a usertag, a BOLT11 invoice, an LNURL or a Lightning address */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description optional; a retry with the same key and body answers the first result and moves no money again; the same key with another body is 409 idempotency_conflict */
                    "idempotency-key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description BTC (not satoshis), at most 8 decimals; a string or a number. Required for usertag and lnurl; for an invoice it must match the invoice (or be left out) */
                        amount?: unknown;
                        /** @description text (a string) */
                        customer_name?: unknown;
                        /** @description text (a string) */
                        description?: unknown;
                        extra?: {
                            [key: string]: unknown;
                        } | null;
                        fiat_currency?: string | null;
                        /** @description a decimal (a string or a number) */
                        fiat_value?: unknown;
                        /** @description BOLT11 invoice, bech32 LNURL or Lightning address name@host (payment_mode lightning) */
                        lightning_invoice?: string | null;
                        /** @enum {string|null} */
                        lightning_invoice_type?: "invoice" | "lnurl" | null;
                        /** @description text (a string or a number) */
                        order_id?: unknown;
                        /** @enum {string} */
                        payment_mode: "usertag" | "lightning";
                        /** @description recipient (payment_mode usertag) */
                        usertag?: string | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                tid?: string;
                            };
                            message: string;
                            status: boolean;
                            success?: boolean;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/lapi/v1/wallet": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Lightning wallet: Lightning address and balance */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description spendable Lightning balance in BTC, 8 decimals */
                                balance_lbtc?: string;
                                /** @description Lightning address of the account (usertag@host) */
                                wallet_lbtc?: string;
                            };
                            message: string;
                            status: boolean;
                            success?: boolean;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/lapi/v1/webhooks/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Deliveries of the account (webhooks and e-mails), newest first, with their latest attempts */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description latest attempts, newest first */
                                attempt_log?: {
                                    /** @description unix seconds */
                                    at?: number;
                                    duration_ms?: number;
                                    error?: string | null;
                                    /** @enum {string} */
                                    outcome?: "delivered" | "retry" | "failed";
                                    response_excerpt?: string | null;
                                    status?: number | null;
                                }[];
                                /** @description attempts of the current round (a redelivery starts a new one) */
                                attempts?: number;
                                /** @enum {string} */
                                channel?: "webhook" | "email";
                                created_at?: number;
                                delivered_at?: number | null;
                                /** @description the event id: the webhook-id header of a webhook; the Message-ID of an e-mail derives from it */
                                delivery_id?: string;
                                event_type?: string;
                                last_error?: string | null;
                                /** @description of the latest attempt: HTTP status (webhook) or SMTP reply code (email); null when no answer came */
                                last_status?: number | null;
                                /** @description unix seconds; null once delivered or failed */
                                next_attempt_at?: number | null;
                                /** @enum {string} */
                                state?: "pending" | "delivered" | "failed";
                                /** @description webhook: the callback URL without credentials; email: mailto: and the recipient address */
                                url?: string;
                            }[];
                            message: string;
                            status: boolean;
                            success?: boolean;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/lapi/v1/webhooks/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a webhook or an e-mail again now (same webhook-id or Message-ID, a fresh retry schedule) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description from the deliveries list */
                        delivery_id: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                delivery_id?: string;
                                /** @description unix seconds */
                                next_attempt_at?: number;
                                /** @enum {string} */
                                state?: "pending";
                            };
                            message: string;
                            status: boolean;
                            success?: boolean;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/lndhub/ext/addinvoice": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create an invoice (amt in satoshis, memo, description_hash) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description amount in satoshis: a whole number, as a string or a number */
                        amt?: unknown;
                        /** @description optional SHA-256 (hex, or base64 as LND takes bytes) for the invoice’s h field */
                        description_hash?: unknown;
                        /** @description text for the invoice’s description (a string); at most 639 bytes */
                        memo?: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            add_index?: string;
                            /** @description hex (LNbits’ name) */
                            hash?: string;
                            /** @description the same invoice (LndHub keeps it for older clients) */
                            pay_req?: string;
                            /** @description hex */
                            payment_hash?: string;
                            payment_request?: string;
                            r_hash?: {
                                data?: number[];
                                /** @enum {string} */
                                type?: "Buffer";
                            };
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/lndhub/ext/auth": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in (login invoice or admin, the API key as password) or refresh: access and refresh tokens */
        post: {
            parameters: {
                query?: {
                    /** @description auth: sign in with login and password; refresh_token: exchange a refresh token */
                    type?: "auth" | "refresh_token";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description invoice (receive-only) or admin */
                        login?: unknown;
                        /** @description the account’s API key of that kind (the admin key may sign in as invoice) */
                        password?: unknown;
                        /** @description a refresh token (type=refresh_token); good once */
                        refresh_token?: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            access_token?: string;
                            refresh_token?: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/lndhub/ext/balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Spendable Lightning balance in satoshis */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            BTC?: {
                                /** @description satoshis (msat rounded down) */
                                AvailableBalance?: number;
                            };
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/lndhub/ext/checkpayment/{payment_hash}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether the account’s invoice with that payment hash is paid */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    payment_hash: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            paid?: boolean;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/lndhub/ext/decodeinvoice": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Decode and verify a BOLT11 invoice (LND’s decodepayreq shape) */
        get: {
            parameters: {
                query?: {
                    invoice?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            cltv_expiry?: string;
                            description?: string;
                            description_hash?: string;
                            destination?: string;
                            expiry?: string;
                            fallback_addr?: string;
                            features?: Record<string, never>;
                            num_msat?: string;
                            num_satoshis?: string;
                            /** @description hex */
                            payment_addr?: string;
                            payment_hash?: string;
                            route_hints?: unknown[];
                            timestamp?: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/lndhub/ext/getbtc": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** On-chain address: none */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": unknown[];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/lndhub/ext/getinfo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The node behind the service, in the shape of LND’s getinfo */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            alias?: string;
                            block_height?: number;
                            chains?: {
                                chain?: string;
                                network?: string;
                            }[];
                            identity_pubkey?: string;
                            num_active_channels?: number;
                            num_peers?: number;
                            synced_to_chain?: boolean;
                            testnet?: boolean;
                            uris?: string[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/lndhub/ext/getpending": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Pending on-chain deposits: always empty */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": unknown[];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/lndhub/ext/gettxs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Outgoing Lightning payments, paid or in transit, newest first */
        get: {
            parameters: {
                query?: {
                    /** @description rows, 1 to 1000 (default 100), newest first */
                    limit?: unknown;
                    /** @description rows to skip, 0 to 100000 (default 0) */
                    offset?: unknown;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description satoshis */
                            fee?: number;
                            fee_msat?: number;
                            memo?: string;
                            /** @description hex */
                            payment_hash?: string;
                            /** @description hex; empty while pending or when paid inside the service */
                            payment_preimage?: string;
                            timestamp?: number;
                            /** @enum {string} */
                            type?: "paid_invoice";
                            /** @description satoshis: amount and fees */
                            value?: number;
                        }[];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/lndhub/ext/getuserinvoices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account’s invoices, paid or not, newest first */
        get: {
            parameters: {
                query?: {
                    /** @description rows, 1 to 1000 (default 100), newest first */
                    limit?: unknown;
                    /** @description rows to skip, 0 to 100000 (default 0) */
                    offset?: unknown;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            add_index?: string;
                            /** @description satoshis */
                            amt?: number;
                            description?: string;
                            /** @description seconds after timestamp */
                            expire_time?: number;
                            ispaid?: boolean;
                            keysend?: boolean;
                            /** @description hex */
                            payment_hash?: string;
                            payment_request?: string;
                            r_hash?: {
                                data?: number[];
                                /** @enum {string} */
                                type?: "Buffer";
                            };
                            /** @description Unix seconds */
                            timestamp?: number;
                            /** @enum {string} */
                            type?: "user_invoice";
                        }[];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/lndhub/ext/payinvoice": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Pay an invoice and wait for the outcome (up to PAY_TIMEOUT_SEC): the preimage, or payment_error */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description satoshis, for an invoice without an amount (ignored when the invoice names one; 0 is none, as BlueWallet sends it) */
                        amount?: unknown;
                        /** @description BOLT11 invoice to pay */
                        invoice?: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description 10 when the network refused the payment */
                            code?: number;
                            decoded?: {
                                cltv_expiry?: string;
                                description?: string;
                                description_hash?: string;
                                destination?: string;
                                expiry?: string;
                                fallback_addr?: string;
                                features?: Record<string, never>;
                                num_msat?: string;
                                num_satoshis?: string;
                                /** @description hex */
                                payment_addr?: string;
                                payment_hash?: string;
                                route_hints?: unknown[];
                                timestamp?: string;
                            };
                            /** @description true when the network refused the payment (LndHub code 10) */
                            error?: boolean;
                            fee?: number;
                            fee_msat?: number;
                            memo?: string;
                            message?: string;
                            pay_req?: string;
                            /** @description empty when paid; why the payment failed otherwise */
                            payment_error?: string;
                            payment_hash?: string;
                            /** @description hex; its SHA-256 is payment_hash. Empty for an invoice of this service paid inside it */
                            payment_preimage?: string;
                            payment_route?: {
                                total_amt?: number;
                                total_amt_msat?: number;
                                total_fees?: number;
                                total_fees_msat?: number;
                            };
                            timestamp?: number;
                            type?: string;
                            value?: number;
                        };
                    };
                };
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description LndHub’s: 1 bad auth, 2 not enough balance, 4 not a valid invoice, 6 try again later, 7 Lightning node failure, 8 bad arguments, 9 payment in transit, 10 payment failed */
                            code?: number;
                            /** @enum {boolean} */
                            error?: true;
                            message?: string;
                            /** @description payinvoice: why the payment failed */
                            payment_error?: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/lnurlp/{usertag}/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** LUD-06 callback: an invoice of `amount` millisatoshis for the account */
        get: {
            parameters: {
                query: {
                    /** @description millisatoshis */
                    amount: string;
                    /** @description NIP-57: a zap request (kind 9734 event, JSON); the invoice then commits to it and a zap receipt is published once it is paid */
                    nostr?: string;
                };
                header?: never;
                path: {
                    usertag: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description BOLT11 invoice */
                            pr?: string;
                            routes?: unknown[];
                            /** @description LUD-21: GET it to learn whether the invoice was paid */
                            verify?: string;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            reason?: string;
                            /** @enum {string} */
                            status?: "ERROR";
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            reason?: string;
                            /** @enum {string} */
                            status?: "ERROR";
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            reason?: string;
                            /** @enum {string} */
                            status?: "ERROR";
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            reason?: string;
                            /** @enum {string} */
                            status?: "ERROR";
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            reason?: string;
                            /** @enum {string} */
                            status?: "ERROR";
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            reason?: string;
                            /** @enum {string} */
                            status?: "ERROR";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/lnurlp/{usertag}/verify/{hash}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** LUD-21: whether an invoice of the Lightning address was paid, with its preimage once it was */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description the invoice’s payment hash (hex) */
                    hash: string;
                    usertag: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description the BOLT11 invoice */
                            pr?: string;
                            /** @description hex, once settled (null before) */
                            preimage?: string | null;
                            settled?: boolean;
                            /** @enum {string} */
                            status?: "OK";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            reason?: string;
                            /** @enum {string} */
                            status?: "ERROR";
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            reason?: string;
                            /** @enum {string} */
                            status?: "ERROR";
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            reason?: string;
                            /** @enum {string} */
                            status?: "ERROR";
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            reason?: string;
                            /** @enum {string} */
                            status?: "ERROR";
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            reason?: string;
                            /** @enum {string} */
                            status?: "ERROR";
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            reason?: string;
                            /** @enum {string} */
                            status?: "ERROR";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/lnurlw/{code}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** LUD-03 withdrawRequest of a one-time voucher */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    code: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            reason?: string;
                            /** @enum {string} */
                            status?: "ERROR";
                        };
                    };
                };
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            callback?: string;
                            defaultDescription?: string;
                            k1?: string;
                            /** @description msat */
                            maxWithdrawable?: number;
                            /** @description msat; equal to maxWithdrawable, the voucher amount */
                            minWithdrawable?: number;
                            /** @enum {string} */
                            tag?: "withdrawRequest";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/lnurlw/{code}/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** LUD-03 callback: the wallet’s invoice redeems the voucher */
        get: {
            parameters: {
                query?: {
                    /** @description the k1 of the withdrawRequest */
                    k1?: unknown;
                    /** @description BOLT11 invoice for exactly the voucher amount (or without amount) */
                    pr?: unknown;
                };
                header?: never;
                path: {
                    code: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            reason?: string;
                            /** @enum {string} */
                            status?: "ERROR";
                        };
                    };
                };
                /** @description the invoice is paid or its payment is under way */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            status?: "OK";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/lnurlw/s/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** LUD-03 withdrawRequest of a batch’s static URL */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            reason?: string;
                            /** @enum {string} */
                            status?: "ERROR";
                        };
                    };
                };
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            callback?: string;
                            defaultDescription?: string;
                            k1?: string;
                            /** @description msat */
                            maxWithdrawable?: number;
                            /** @description msat; equal to maxWithdrawable, the voucher amount */
                            minWithdrawable?: number;
                            /** @enum {string} */
                            tag?: "withdrawRequest";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/lnurlw/s/{id}/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** LUD-03 callback of a static URL: the invoice redeems any voucher left */
        get: {
            parameters: {
                query?: {
                    /** @description the k1 of the withdrawRequest */
                    k1?: unknown;
                    /** @description BOLT11 invoice for exactly the voucher amount (or without amount) */
                    pr?: unknown;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            reason?: string;
                            /** @enum {string} */
                            status?: "ERROR";
                        };
                    };
                };
                /** @description the invoice is paid or its payment is under way */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            status?: "OK";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sandbox/v1/mailbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Messages in the dev mailbox for one address, newest first */
        get: {
            parameters: {
                query: {
                    limit?: number;
                    to: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description unix seconds */
                                created_at?: number;
                                from?: string;
                                html?: string;
                                id?: number;
                                subject?: string;
                                text?: string;
                                to?: string;
                            }[];
                            message: string;
                            status: boolean;
                            success?: boolean;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sandbox/v1/pay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Pay an invoice of this service "from outside" (sandbox Lightning backend only) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description BOLT11 invoice issued by this service */
                        invoice: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description BTC credited to the invoice */
                                amount?: string;
                                payment_hash?: string;
                                /** @enum {string} */
                                status?: "undefined" | "pending" | "declined" | "paid";
                                tid?: string;
                            };
                            message: string;
                            status: boolean;
                            success?: boolean;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sapi/v1/checkPayment": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One payment of the caller by its integer tid (bare record) */
        get: {
            parameters: {
                query: {
                    /** @description integer transaction id */
                    tid: unknown;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description BTC (lbtc, btc; 8 decimals) or USDT (usdt; 6 decimals); negative for sent payments */
                            amount?: number;
                            /** @description received so far, in the same unit: the credited deposits, and for a btc request paid through its invoice what the invoice brought (an underpaid request stays pending) */
                            amount_received?: number;
                            /** @description HTTP status of the webhook delivery, once delivered */
                            callback_status?: number | null;
                            callback_url?: string | null;
                            chain_address?: {
                                /** @description BIP84 bech32 address (btc) or EIP-55 address (usdt); null for Lightning */
                                address?: string | null;
                                /**
                                 * @description the currency: BTC (wallet lbtc or btc) or USDT (wallet usdt)
                                 * @enum {string}
                                 */
                                asset?: "BTC" | "USDT";
                                /** @enum {string|null} */
                                chain_network?: "BTC" | "ERC20" | "BEP20" | "MATIC" | null;
                            };
                            /** @description unix seconds */
                            created_at?: number;
                            customer_name?: string | null;
                            /** @description the deposits to the request’s address seen on chain (not those reorganised away), oldest first; empty for Lightning */
                            deposits?: {
                                /** @description in the record’s unit */
                                amount?: number;
                                confirmations?: number;
                                /**
                                 * @description late: first seen after the expiry (or the request was declined); reuse: the request was already paid
                                 * @enum {string|null}
                                 */
                                flag?: "late" | "reuse" | null;
                                /** @description output index (BTC) or position among the transaction’s token transfers (USDT) */
                                index?: number;
                                /**
                                 * @description seen: not yet final; credited: final and credited to the balance
                                 * @enum {string}
                                 */
                                state?: "seen" | "credited";
                                /** @description transaction hash */
                                txid?: string;
                            }[];
                            description?: string | null;
                            /**
                             * @description how an on-chain outcome differs from an exact, on-time payment: paid_late (paid by a deposit first seen after the expiry, inside CHAIN_MONITOR_AFTER_EXPIRY_MIN), paid_partial (declined at the expiry with part of the amount received and credited), paid_over (paid with more than the amount; the excess is amount_received - amount); null otherwise
                             * @enum {string|null}
                             */
                            exception?: "paid_late" | "paid_partial" | "paid_over" | null;
                            extra?: {
                                [key: string]: unknown;
                            };
                            fiat_currency?: string | null;
                            /** @description a request priced in fiat (amount left out): the rate it was converted at, locked for its life; null otherwise */
                            fiat_rate?: {
                                /** @description unix seconds: the request’s expiry */
                                locked_until?: number;
                                /** @description BTC-INR, BTC-USD, BTC-EUR (USDT-… for a usdt request) */
                                pair?: string;
                                /** @description unix seconds: the oldest quote of the price */
                                price_time?: number;
                                /** @description fiat per one BTC (or USDT), a JSON number whose text is the exact rate */
                                rate?: number;
                                /** @description the price sources */
                                sources?: string[];
                            } | null;
                            fiat_value?: number | null;
                            /** @description unix seconds */
                            hosted_checkout_expiry?: number | null;
                            hosted_checkout_url?: string | null;
                            lightning_invoice?: {
                                /** @description unix seconds */
                                expires_at?: number | null;
                                /** @enum {string|null} */
                                lightning_invoice_type?: "invoice" | "lnurl" | null;
                                payreq?: string | null;
                            };
                            order_id?: string | null;
                            /** @enum {string} */
                            payment_mode?: "lightning" | "onchain";
                            receiver_usertag?: string | null;
                            /**
                             * @description set by the service only
                             * @enum {string}
                             */
                            status?: "undefined" | "pending" | "declined" | "paid";
                            /**
                             * @description set by the payee (updateStatus); moves no money
                             * @enum {string}
                             */
                            status_payee?: "undefined" | "pending" | "declined" | "paid";
                            /**
                             * @description set by the payer on the hosted checkout; moves no money
                             * @enum {string}
                             */
                            status_payer?: "undefined" | "pending" | "declined" | "paid";
                            success_url?: string | null;
                            /** @description transaction id (an integer below 2^53) */
                            tid?: number;
                            total_fee?: {
                                /** @description "<amount> btc", null when zero; routing fees are shown rounded up to the satoshi */
                                gst_fee?: string | null;
                                /** @description "<amount> btc", null when zero; routing fees are shown rounded up to the satoshi */
                                network_fee?: string | null;
                                /** @description "<amount> btc (<percent>%)", null when zero */
                                service_fee?: string | null;
                            };
                            /** @description the on-chain transaction hash the payer submitted on the hosted checkout (a claim, checked first by the watcher), else the first deposit to the address seen on chain; null before either */
                            transaction_hash?: string | null;
                            /** @description minutes a client should keep polling a pending payment before giving up (always 10) */
                            ttl?: number;
                            /** @description lightning:<invoice> (lbtc); bitcoin:<address>?amount=..&label=..&lightning=<invoice> (btc, BIP21 unified QR); ethereum:<token contract>@<chain id>/transfer?address=<address>&uint256=<base units> (usdt, EIP-681) */
                            uri?: string | null;
                            /** @enum {string} */
                            wallet?: "lbtc" | "btc" | "usdt";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sapi/v1/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller’s payments, newest first, optionally of one wallet (bare array) */
        get: {
            parameters: {
                query: {
                    /** @description how many payments, 1 to 1000 */
                    limit: number;
                    /** @description lbtc | btc | usdt: only this wallet's payments */
                    wallet?: unknown;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description BTC (lbtc, btc; 8 decimals) or USDT (usdt; 6 decimals); negative for sent payments */
                            amount?: number;
                            /** @description received so far, in the same unit: the credited deposits, and for a btc request paid through its invoice what the invoice brought (an underpaid request stays pending) */
                            amount_received?: number;
                            /** @description HTTP status of the webhook delivery, once delivered */
                            callback_status?: number | null;
                            callback_url?: string | null;
                            chain_address?: {
                                /** @description BIP84 bech32 address (btc) or EIP-55 address (usdt); null for Lightning */
                                address?: string | null;
                                /**
                                 * @description the currency: BTC (wallet lbtc or btc) or USDT (wallet usdt)
                                 * @enum {string}
                                 */
                                asset?: "BTC" | "USDT";
                                /** @enum {string|null} */
                                chain_network?: "BTC" | "ERC20" | "BEP20" | "MATIC" | null;
                            };
                            /** @description unix seconds */
                            created_at?: number;
                            customer_name?: string | null;
                            /** @description the deposits to the request’s address seen on chain (not those reorganised away), oldest first; empty for Lightning */
                            deposits?: {
                                /** @description in the record’s unit */
                                amount?: number;
                                confirmations?: number;
                                /**
                                 * @description late: first seen after the expiry (or the request was declined); reuse: the request was already paid
                                 * @enum {string|null}
                                 */
                                flag?: "late" | "reuse" | null;
                                /** @description output index (BTC) or position among the transaction’s token transfers (USDT) */
                                index?: number;
                                /**
                                 * @description seen: not yet final; credited: final and credited to the balance
                                 * @enum {string}
                                 */
                                state?: "seen" | "credited";
                                /** @description transaction hash */
                                txid?: string;
                            }[];
                            description?: string | null;
                            /**
                             * @description how an on-chain outcome differs from an exact, on-time payment: paid_late (paid by a deposit first seen after the expiry, inside CHAIN_MONITOR_AFTER_EXPIRY_MIN), paid_partial (declined at the expiry with part of the amount received and credited), paid_over (paid with more than the amount; the excess is amount_received - amount); null otherwise
                             * @enum {string|null}
                             */
                            exception?: "paid_late" | "paid_partial" | "paid_over" | null;
                            extra?: {
                                [key: string]: unknown;
                            };
                            fiat_currency?: string | null;
                            /** @description a request priced in fiat (amount left out): the rate it was converted at, locked for its life; null otherwise */
                            fiat_rate?: {
                                /** @description unix seconds: the request’s expiry */
                                locked_until?: number;
                                /** @description BTC-INR, BTC-USD, BTC-EUR (USDT-… for a usdt request) */
                                pair?: string;
                                /** @description unix seconds: the oldest quote of the price */
                                price_time?: number;
                                /** @description fiat per one BTC (or USDT), a JSON number whose text is the exact rate */
                                rate?: number;
                                /** @description the price sources */
                                sources?: string[];
                            } | null;
                            fiat_value?: number | null;
                            /** @description unix seconds */
                            hosted_checkout_expiry?: number | null;
                            hosted_checkout_url?: string | null;
                            lightning_invoice?: {
                                /** @description unix seconds */
                                expires_at?: number | null;
                                /** @enum {string|null} */
                                lightning_invoice_type?: "invoice" | "lnurl" | null;
                                payreq?: string | null;
                            };
                            order_id?: string | null;
                            /** @enum {string} */
                            payment_mode?: "lightning" | "onchain";
                            receiver_usertag?: string | null;
                            /**
                             * @description set by the service only
                             * @enum {string}
                             */
                            status?: "undefined" | "pending" | "declined" | "paid";
                            /**
                             * @description set by the payee (updateStatus); moves no money
                             * @enum {string}
                             */
                            status_payee?: "undefined" | "pending" | "declined" | "paid";
                            /**
                             * @description set by the payer on the hosted checkout; moves no money
                             * @enum {string}
                             */
                            status_payer?: "undefined" | "pending" | "declined" | "paid";
                            success_url?: string | null;
                            /** @description transaction id (an integer below 2^53) */
                            tid?: number;
                            total_fee?: {
                                /** @description "<amount> btc", null when zero; routing fees are shown rounded up to the satoshi */
                                gst_fee?: string | null;
                                /** @description "<amount> btc", null when zero; routing fees are shown rounded up to the satoshi */
                                network_fee?: string | null;
                                /** @description "<amount> btc (<percent>%)", null when zero */
                                service_fee?: string | null;
                            };
                            /** @description the on-chain transaction hash the payer submitted on the hosted checkout (a claim, checked first by the watcher), else the first deposit to the address seen on chain; null before either */
                            transaction_hash?: string | null;
                            /** @description minutes a client should keep polling a pending payment before giving up (always 10) */
                            ttl?: number;
                            /** @description lightning:<invoice> (lbtc); bitcoin:<address>?amount=..&label=..&lightning=<invoice> (btc, BIP21 unified QR); ethereum:<token contract>@<chain id>/transfer?address=<address>&uint256=<base units> (usdt, EIP-681) */
                            uri?: string | null;
                            /** @enum {string} */
                            wallet?: "lbtc" | "btc" | "usdt";
                        }[];
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sapi/v1/price": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * BTC/USD, BTC/INR and USD/INR, or one of them
         * @description The median of the fresh quotes of the configured sources, outliers (more than PRICE_OUTLIER_PERCENT, 2% by default, from the median) dropped; BTC/INR is BTC/USD × USD/INR unless an INR market is configured. The bare record carries the prices only; the headers say the rest. Headers: x-price-sources, x-price-age (seconds of the oldest quote), x-price-stale (the stale pairs, when any). A stale price is still given. The parameter may also come in a JSON body.
         */
        get: {
            parameters: {
                query?: {
                    /** @description one of btcusd, btcinr, usdinr; absent: every pair */
                    pricePair?: string | null;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the asked pair only when pricePair is given; every pair otherwise */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description BTC/INR: the published price, exact to 10^-8 and at most 15 significant digits */
                            btc_inr?: number;
                            /** @description BTC/USD: the published price, exact to 10^-8 and at most 15 significant digits */
                            btc_usd?: number;
                            /** @description USD/INR: the published price, exact to 10^-8 and at most 15 significant digits */
                            usd_inr?: number;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sapi/v1/receive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a payment request: Lightning (lbtc), a Bitcoin address (btc) or a USDT address (usdt) */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description optional; a retry with the same key and body answers the first result and moves no money again; the same key with another body is 409 idempotency_conflict */
                    "idempotency-key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description BTC for lbtc and btc (up to 8 decimals), USDT for usdt (up to 6 decimals); a JSON number or a numeric string, taken exactly. Required unless fiat_value and fiat_currency price the request */
                        amount?: unknown;
                        /** @description webhook URL, called once when the request is paid */
                        callback_url?: string | null;
                        /** @description BTC (wallet btc; the default for it), ERC20, BEP20 or MATIC (wallet usdt, required); not for lbtc */
                        chain_network?: unknown;
                        /** @description text (a string) */
                        customer_name?: unknown;
                        /** @description text (a string): goes into the invoice; at most 639 bytes */
                        description?: unknown;
                        /** @description whole minutes until the invoice and the hosted checkout expire (1 to 10080, default 60) */
                        expires_in?: unknown;
                        extra?: {
                            [key: string]: unknown;
                        } | null;
                        /** @description an ISO 4217 code, any case (e.g. INR, USD, EUR). Prices a request without amount: INR, USD, EUR */
                        fiat_currency?: string | null;
                        /** @description a decimal (a string or a number). With amount left out, the price of the request in fiat_currency (INR, USD, EUR; at most its minor digits, e.g. 1500.50): converted at the current published price, the rate locked for the request's life. With amount, a label */
                        fiat_value?: unknown;
                        /** @description text (a string or a number) */
                        order_id?: unknown;
                        /** @description lightning (wallet lbtc) or onchain (wallet btc or usdt) */
                        payment_mode: unknown;
                        /** @description put the request (and the credit) on this account */
                        receiver_usertag?: string | null;
                        /** @description redirect after hosted checkout success */
                        success_url?: string | null;
                        /** @description lbtc | btc | usdt: the asset requested (lbtc: Lightning) */
                        wallet: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description BTC (lbtc, btc; 8 decimals) or USDT (usdt; 6 decimals); negative for sent payments */
                            amount?: number;
                            /** @description received so far, in the same unit: the credited deposits, and for a btc request paid through its invoice what the invoice brought (an underpaid request stays pending) */
                            amount_received?: number;
                            /** @description HTTP status of the webhook delivery, once delivered */
                            callback_status?: number | null;
                            callback_url?: string | null;
                            chain_address?: {
                                /** @description BIP84 bech32 address (btc) or EIP-55 address (usdt); null for Lightning */
                                address?: string | null;
                                /**
                                 * @description the currency: BTC (wallet lbtc or btc) or USDT (wallet usdt)
                                 * @enum {string}
                                 */
                                asset?: "BTC" | "USDT";
                                /** @enum {string|null} */
                                chain_network?: "BTC" | "ERC20" | "BEP20" | "MATIC" | null;
                            };
                            /** @description unix seconds */
                            created_at?: number;
                            customer_name?: string | null;
                            /** @description the deposits to the request’s address seen on chain (not those reorganised away), oldest first; empty for Lightning */
                            deposits?: {
                                /** @description in the record’s unit */
                                amount?: number;
                                confirmations?: number;
                                /**
                                 * @description late: first seen after the expiry (or the request was declined); reuse: the request was already paid
                                 * @enum {string|null}
                                 */
                                flag?: "late" | "reuse" | null;
                                /** @description output index (BTC) or position among the transaction’s token transfers (USDT) */
                                index?: number;
                                /**
                                 * @description seen: not yet final; credited: final and credited to the balance
                                 * @enum {string}
                                 */
                                state?: "seen" | "credited";
                                /** @description transaction hash */
                                txid?: string;
                            }[];
                            description?: string | null;
                            /**
                             * @description how an on-chain outcome differs from an exact, on-time payment: paid_late (paid by a deposit first seen after the expiry, inside CHAIN_MONITOR_AFTER_EXPIRY_MIN), paid_partial (declined at the expiry with part of the amount received and credited), paid_over (paid with more than the amount; the excess is amount_received - amount); null otherwise
                             * @enum {string|null}
                             */
                            exception?: "paid_late" | "paid_partial" | "paid_over" | null;
                            extra?: {
                                [key: string]: unknown;
                            };
                            fiat_currency?: string | null;
                            /** @description a request priced in fiat (amount left out): the rate it was converted at, locked for its life; null otherwise */
                            fiat_rate?: {
                                /** @description unix seconds: the request’s expiry */
                                locked_until?: number;
                                /** @description BTC-INR, BTC-USD, BTC-EUR (USDT-… for a usdt request) */
                                pair?: string;
                                /** @description unix seconds: the oldest quote of the price */
                                price_time?: number;
                                /** @description fiat per one BTC (or USDT), a JSON number whose text is the exact rate */
                                rate?: number;
                                /** @description the price sources */
                                sources?: string[];
                            } | null;
                            fiat_value?: number | null;
                            /** @description unix seconds */
                            hosted_checkout_expiry?: number | null;
                            hosted_checkout_url?: string | null;
                            lightning_invoice?: {
                                /** @description unix seconds */
                                expires_at?: number | null;
                                /** @enum {string|null} */
                                lightning_invoice_type?: "invoice" | "lnurl" | null;
                                payreq?: string | null;
                            };
                            order_id?: string | null;
                            /** @enum {string} */
                            payment_mode?: "lightning" | "onchain";
                            receiver_usertag?: string | null;
                            /**
                             * @description set by the service only
                             * @enum {string}
                             */
                            status?: "undefined" | "pending" | "declined" | "paid";
                            /**
                             * @description set by the payee (updateStatus); moves no money
                             * @enum {string}
                             */
                            status_payee?: "undefined" | "pending" | "declined" | "paid";
                            /**
                             * @description set by the payer on the hosted checkout; moves no money
                             * @enum {string}
                             */
                            status_payer?: "undefined" | "pending" | "declined" | "paid";
                            success_url?: string | null;
                            /** @description transaction id (an integer below 2^53) */
                            tid?: number;
                            total_fee?: {
                                /** @description "<amount> btc", null when zero; routing fees are shown rounded up to the satoshi */
                                gst_fee?: string | null;
                                /** @description "<amount> btc", null when zero; routing fees are shown rounded up to the satoshi */
                                network_fee?: string | null;
                                /** @description "<amount> btc (<percent>%)", null when zero */
                                service_fee?: string | null;
                            };
                            /** @description the on-chain transaction hash the payer submitted on the hosted checkout (a claim, checked first by the watcher), else the first deposit to the address seen on chain; null before either */
                            transaction_hash?: string | null;
                            /** @description minutes a client should keep polling a pending payment before giving up (always 10) */
                            ttl?: number;
                            /** @description lightning:<invoice> (lbtc); bitcoin:<address>?amount=..&label=..&lightning=<invoice> (btc, BIP21 unified QR); ethereum:<token contract>@<chain id>/transfer?address=<address>&uint256=<base units> (usdt, EIP-681) */
                            uri?: string | null;
                            /** @enum {string} */
                            wallet?: "lbtc" | "btc" | "usdt";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sapi/v1/updateStatus": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set the payee’s status of a received payment (status_payee); moves no money
         * @description Only the account the payment belongs to sets it: the account that made the request for it (receiver_usertag) gets 404 not_found, as for any payment it has no part in. See docs/pro.md.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description undefined | pending | declined | paid: what the payee says; moves no money */
                        status_payee: unknown;
                        /** @description the integer transaction id (a number or a numeric string) */
                        tid: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description BTC (lbtc, btc; 8 decimals) or USDT (usdt; 6 decimals); negative for sent payments */
                            amount?: number;
                            /** @description received so far, in the same unit: the credited deposits, and for a btc request paid through its invoice what the invoice brought (an underpaid request stays pending) */
                            amount_received?: number;
                            /** @description HTTP status of the webhook delivery, once delivered */
                            callback_status?: number | null;
                            callback_url?: string | null;
                            chain_address?: {
                                /** @description BIP84 bech32 address (btc) or EIP-55 address (usdt); null for Lightning */
                                address?: string | null;
                                /**
                                 * @description the currency: BTC (wallet lbtc or btc) or USDT (wallet usdt)
                                 * @enum {string}
                                 */
                                asset?: "BTC" | "USDT";
                                /** @enum {string|null} */
                                chain_network?: "BTC" | "ERC20" | "BEP20" | "MATIC" | null;
                            };
                            /** @description unix seconds */
                            created_at?: number;
                            customer_name?: string | null;
                            /** @description the deposits to the request’s address seen on chain (not those reorganised away), oldest first; empty for Lightning */
                            deposits?: {
                                /** @description in the record’s unit */
                                amount?: number;
                                confirmations?: number;
                                /**
                                 * @description late: first seen after the expiry (or the request was declined); reuse: the request was already paid
                                 * @enum {string|null}
                                 */
                                flag?: "late" | "reuse" | null;
                                /** @description output index (BTC) or position among the transaction’s token transfers (USDT) */
                                index?: number;
                                /**
                                 * @description seen: not yet final; credited: final and credited to the balance
                                 * @enum {string}
                                 */
                                state?: "seen" | "credited";
                                /** @description transaction hash */
                                txid?: string;
                            }[];
                            description?: string | null;
                            /**
                             * @description how an on-chain outcome differs from an exact, on-time payment: paid_late (paid by a deposit first seen after the expiry, inside CHAIN_MONITOR_AFTER_EXPIRY_MIN), paid_partial (declined at the expiry with part of the amount received and credited), paid_over (paid with more than the amount; the excess is amount_received - amount); null otherwise
                             * @enum {string|null}
                             */
                            exception?: "paid_late" | "paid_partial" | "paid_over" | null;
                            extra?: {
                                [key: string]: unknown;
                            };
                            fiat_currency?: string | null;
                            /** @description a request priced in fiat (amount left out): the rate it was converted at, locked for its life; null otherwise */
                            fiat_rate?: {
                                /** @description unix seconds: the request’s expiry */
                                locked_until?: number;
                                /** @description BTC-INR, BTC-USD, BTC-EUR (USDT-… for a usdt request) */
                                pair?: string;
                                /** @description unix seconds: the oldest quote of the price */
                                price_time?: number;
                                /** @description fiat per one BTC (or USDT), a JSON number whose text is the exact rate */
                                rate?: number;
                                /** @description the price sources */
                                sources?: string[];
                            } | null;
                            fiat_value?: number | null;
                            /** @description unix seconds */
                            hosted_checkout_expiry?: number | null;
                            hosted_checkout_url?: string | null;
                            lightning_invoice?: {
                                /** @description unix seconds */
                                expires_at?: number | null;
                                /** @enum {string|null} */
                                lightning_invoice_type?: "invoice" | "lnurl" | null;
                                payreq?: string | null;
                            };
                            order_id?: string | null;
                            /** @enum {string} */
                            payment_mode?: "lightning" | "onchain";
                            receiver_usertag?: string | null;
                            /**
                             * @description set by the service only
                             * @enum {string}
                             */
                            status?: "undefined" | "pending" | "declined" | "paid";
                            /**
                             * @description set by the payee (updateStatus); moves no money
                             * @enum {string}
                             */
                            status_payee?: "undefined" | "pending" | "declined" | "paid";
                            /**
                             * @description set by the payer on the hosted checkout; moves no money
                             * @enum {string}
                             */
                            status_payer?: "undefined" | "pending" | "declined" | "paid";
                            success_url?: string | null;
                            /** @description transaction id (an integer below 2^53) */
                            tid?: number;
                            total_fee?: {
                                /** @description "<amount> btc", null when zero; routing fees are shown rounded up to the satoshi */
                                gst_fee?: string | null;
                                /** @description "<amount> btc", null when zero; routing fees are shown rounded up to the satoshi */
                                network_fee?: string | null;
                                /** @description "<amount> btc (<percent>%)", null when zero */
                                service_fee?: string | null;
                            };
                            /** @description the on-chain transaction hash the payer submitted on the hosted checkout (a claim, checked first by the watcher), else the first deposit to the address seen on chain; null before either */
                            transaction_hash?: string | null;
                            /** @description minutes a client should keep polling a pending payment before giving up (always 10) */
                            ttl?: number;
                            /** @description lightning:<invoice> (lbtc); bitcoin:<address>?amount=..&label=..&lightning=<invoice> (btc, BIP21 unified QR); ethereum:<token contract>@<chain id>/transfer?address=<address>&uint256=<base units> (usdt, EIP-681) */
                            uri?: string | null;
                            /** @enum {string} */
                            wallet?: "lbtc" | "btc" | "usdt";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sapi/v1/withdraw": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Withdraw on-chain BTC or USDT: checks the address, reserves the amount (btc: plus a fee reserve) from that balance and queues it; btc for the next PSBT the operator signs, usdt for the operator to pay and record */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description optional; a retry with the same key and body answers the same withdrawal and moves no money again; the same key with another body is 409 idempotency_conflict */
                    "idempotency-key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description btc: a Bitcoin address of the configured network (LIGHTNING_NETWORK): P2WPKH, P2WSH, P2TR (bech32/bech32m), P2PKH or P2SH (base58). usdt: 0x + 40 hex digits, EIP-55 checksummed when in mixed case; not the zero address or the token contract */
                        address: unknown;
                        /** @description btc: BTC, at most 8 decimals; usdt: USDT, at most 6 decimals, more than 0 */
                        amount: string | number;
                        /** @description usdt only: ERC20, BEP20 or MATIC, a network this service watches (EVM_WATCHER, EVM_RPC_URL_<NET>) */
                        chain_network?: unknown;
                        /** @description btc (on-chain BTC) or usdt (USDT on an EVM network) */
                        wallet: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            address?: string;
                            /**
                             * @description btc only
                             * @enum {string|null}
                             */
                            address_type?: "p2pkh" | "p2sh" | "p2wpkh" | "p2wsh" | "p2tr" | null;
                            /** @description what the address receives: BTC with 8 decimals, or USDT with 6 */
                            amount?: string;
                            /** @description btc only */
                            amount_sat?: number | null;
                            broadcast_at?: string | null;
                            cancelled_at?: string | null;
                            /**
                             * @description BTC for on-chain BTC; the EVM network of a USDT withdrawal
                             * @enum {string}
                             */
                            chain_network?: "BTC" | "ERC20" | "BEP20" | "MATIC";
                            confirmed_at?: string | null;
                            created_at?: string;
                            /** @description reserved above the amount for its share of the fee (BTC_WITHDRAW_FEE_RESERVE_SAT) */
                            fee_reserve_sat?: number | null;
                            /** @description its share of the transaction fee, once broadcast */
                            fee_sat?: number | null;
                            /** @description 16 characters [a-z0-9] */
                            id?: string;
                            /** @description usdt: why the last look at its transaction did not confirm it (not final yet, no receipt now…) */
                            last_check?: string | null;
                            /**
                             * @description queued (reserved; btc: waiting for the next PSBT, usdt: waiting for the operator to pay and record it), signing (btc: in a PSBT the operator signs), broadcast (usdt: its transaction recorded, block not final yet), confirmed (posted); or cancelled (reserve given back)
                             * @enum {string}
                             */
                            status?: "queued" | "signing" | "broadcast" | "confirmed" | "cancelled";
                            /** @description the transaction that pays it: btc its txid, usdt the hash the operator recorded (0x…) */
                            transaction_hash?: string | null;
                            txid?: string | null;
                            updated_at?: string;
                            /** @enum {string} */
                            wallet?: "btc" | "usdt";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sapi/v1/withdrawals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller’s withdrawals, newest first */
        get: {
            parameters: {
                query?: {
                    /** @description next page: the `next` of the previous page */
                    before?: string;
                    /** @description default 20 */
                    limit?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description pass as `before` for the next page; null on the last */
                            next?: string | null;
                            withdrawals?: {
                                address?: string;
                                /**
                                 * @description btc only
                                 * @enum {string|null}
                                 */
                                address_type?: "p2pkh" | "p2sh" | "p2wpkh" | "p2wsh" | "p2tr" | null;
                                /** @description what the address receives: BTC with 8 decimals, or USDT with 6 */
                                amount?: string;
                                /** @description btc only */
                                amount_sat?: number | null;
                                broadcast_at?: string | null;
                                cancelled_at?: string | null;
                                /**
                                 * @description BTC for on-chain BTC; the EVM network of a USDT withdrawal
                                 * @enum {string}
                                 */
                                chain_network?: "BTC" | "ERC20" | "BEP20" | "MATIC";
                                confirmed_at?: string | null;
                                created_at?: string;
                                /** @description reserved above the amount for its share of the fee (BTC_WITHDRAW_FEE_RESERVE_SAT) */
                                fee_reserve_sat?: number | null;
                                /** @description its share of the transaction fee, once broadcast */
                                fee_sat?: number | null;
                                /** @description 16 characters [a-z0-9] */
                                id?: string;
                                /** @description usdt: why the last look at its transaction did not confirm it (not final yet, no receipt now…) */
                                last_check?: string | null;
                                /**
                                 * @description queued (reserved; btc: waiting for the next PSBT, usdt: waiting for the operator to pay and record it), signing (btc: in a PSBT the operator signs), broadcast (usdt: its transaction recorded, block not final yet), confirmed (posted); or cancelled (reserve given back)
                                 * @enum {string}
                                 */
                                status?: "queued" | "signing" | "broadcast" | "confirmed" | "cancelled";
                                /** @description the transaction that pays it: btc its txid, usdt the hash the operator recorded (0x…) */
                                transaction_hash?: string | null;
                                txid?: string | null;
                                updated_at?: string;
                                /** @enum {string} */
                                wallet?: "btc" | "usdt";
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sapi/v1/withdrawals/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One withdrawal of the caller: status, txid, fee */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            address?: string;
                            /**
                             * @description btc only
                             * @enum {string|null}
                             */
                            address_type?: "p2pkh" | "p2sh" | "p2wpkh" | "p2wsh" | "p2tr" | null;
                            /** @description what the address receives: BTC with 8 decimals, or USDT with 6 */
                            amount?: string;
                            /** @description btc only */
                            amount_sat?: number | null;
                            broadcast_at?: string | null;
                            cancelled_at?: string | null;
                            /**
                             * @description BTC for on-chain BTC; the EVM network of a USDT withdrawal
                             * @enum {string}
                             */
                            chain_network?: "BTC" | "ERC20" | "BEP20" | "MATIC";
                            confirmed_at?: string | null;
                            created_at?: string;
                            /** @description reserved above the amount for its share of the fee (BTC_WITHDRAW_FEE_RESERVE_SAT) */
                            fee_reserve_sat?: number | null;
                            /** @description its share of the transaction fee, once broadcast */
                            fee_sat?: number | null;
                            /** @description 16 characters [a-z0-9] */
                            id?: string;
                            /** @description usdt: why the last look at its transaction did not confirm it (not final yet, no receipt now…) */
                            last_check?: string | null;
                            /**
                             * @description queued (reserved; btc: waiting for the next PSBT, usdt: waiting for the operator to pay and record it), signing (btc: in a PSBT the operator signs), broadcast (usdt: its transaction recorded, block not final yet), confirmed (posted); or cancelled (reserve given back)
                             * @enum {string}
                             */
                            status?: "queued" | "signing" | "broadcast" | "confirmed" | "cancelled";
                            /** @description the transaction that pays it: btc its txid, usdt the hash the operator recorded (0x…) */
                            transaction_hash?: string | null;
                            txid?: string | null;
                            updated_at?: string;
                            /** @enum {string} */
                            wallet?: "btc" | "usdt";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sapi/v1/withdrawals/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel a queued withdrawal: its reserve goes back to the btc balance, once (409 state_conflict once it is in a transaction) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            address?: string;
                            /**
                             * @description btc only
                             * @enum {string|null}
                             */
                            address_type?: "p2pkh" | "p2sh" | "p2wpkh" | "p2wsh" | "p2tr" | null;
                            /** @description what the address receives: BTC with 8 decimals, or USDT with 6 */
                            amount?: string;
                            /** @description btc only */
                            amount_sat?: number | null;
                            broadcast_at?: string | null;
                            cancelled_at?: string | null;
                            /**
                             * @description BTC for on-chain BTC; the EVM network of a USDT withdrawal
                             * @enum {string}
                             */
                            chain_network?: "BTC" | "ERC20" | "BEP20" | "MATIC";
                            confirmed_at?: string | null;
                            created_at?: string;
                            /** @description reserved above the amount for its share of the fee (BTC_WITHDRAW_FEE_RESERVE_SAT) */
                            fee_reserve_sat?: number | null;
                            /** @description its share of the transaction fee, once broadcast */
                            fee_sat?: number | null;
                            /** @description 16 characters [a-z0-9] */
                            id?: string;
                            /** @description usdt: why the last look at its transaction did not confirm it (not final yet, no receipt now…) */
                            last_check?: string | null;
                            /**
                             * @description queued (reserved; btc: waiting for the next PSBT, usdt: waiting for the operator to pay and record it), signing (btc: in a PSBT the operator signs), broadcast (usdt: its transaction recorded, block not final yet), confirmed (posted); or cancelled (reserve given back)
                             * @enum {string}
                             */
                            status?: "queued" | "signing" | "broadcast" | "confirmed" | "cancelled";
                            /** @description the transaction that pays it: btc its txid, usdt the hash the operator recorded (0x…) */
                            transaction_hash?: string | null;
                            txid?: string | null;
                            updated_at?: string;
                            /** @enum {string} */
                            wallet?: "btc" | "usdt";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tapi/v1/assetBalance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Spendable balance of every asset (8-decimal strings) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                btc?: string;
                                eth?: string;
                                inr?: string;
                                lbtc?: string;
                                ltc?: string;
                                matic?: string;
                                sol?: string;
                                usdt?: string;
                            };
                            message: string;
                            status: boolean;
                            success?: boolean;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tapi/v1/checkOrder": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A spot order of the caller (the spec’s order record)
         * @description `tid` in the query string or in the JSON body of the GET (the query first). Another account’s order is answered as an unknown one (404).
         */
        get: {
            parameters: {
                query: {
                    /** @description the order id (tid) */
                    tid: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description placed amount, in the asset */
                                amount: string;
                                /** @description the traded asset, e.g. BTC */
                                asset: string;
                                /** @description unix seconds */
                                created_at: number;
                                /** @enum {string} */
                                email_status: "success" | "pending" | "undefined";
                                /** @description unix seconds; null until executed */
                                executed_at: number | null;
                                /** @description the price it executed at ("0.00000000" until then) */
                                executed_price: string;
                                /** @description the caller’s extra, as given */
                                extra: unknown[];
                                /** @description in the asset, at least 2 decimals ("0.10") */
                                fee: string;
                                /** @description e.g. 0.1 */
                                fee_percent: number;
                                /** @description in the asset */
                                filled_amount: string;
                                /** @description 0 or 100 (orders fill whole) */
                                filled_percent: number;
                                /** @description the caller’s note ("" when none) */
                                note: string;
                                /** @description the asset paid */
                                paid_asset: string;
                                /** @description the limit price, or a market order’s execution price, in the quote per asset */
                                price: string;
                                /** @description where the receipt goes ("" when none) */
                                receiver_email: string;
                                /** @description spelled so: the asset received */
                                reveived_asset: string;
                                /** @description true once cancelled */
                                revoked: boolean;
                                /** @description unix seconds of the cancel */
                                revoked_at: number | null;
                                /** @description the order id */
                                tid: string;
                                /** @description buy: in the quote; sell: the amount, in the asset */
                                total_paid: string;
                                /** @description buy: the amount less the fee, in the asset; sell: the proceeds in the quote */
                                total_received: string;
                                /** @enum {string} */
                                type: "buy" | "sell";
                            };
                            message: string;
                            status: boolean;
                            success?: boolean;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            data?: null;
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            status?: false;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/trade/v1/auth/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Exchange trade API credentials for an access token
         * @description JSON body api_key and api_secret (made with `paytag trade-keys create`). The answer is a signed JWT (RFC 9068 claims; typ at+jwt) for `Authorization: Bearer` on the other trade endpoints, and its lifetime in seconds (TRADE_TOKEN_TTL_S). Missing or invalid credentials: 401 with WWW-Authenticate. The credential of an account an operator has disabled: 403 account_disabled. Revoking the credential ends its tokens at once. Limited per credential and per client address (429 with Retry-After). See docs/trading.md.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description public id of the credential (tk_...) */
                        api_key?: string;
                        /** @description the secret shown once when the credential was made */
                        api_secret?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            access_token: string;
                            /** @description seconds until the token expires */
                            expires_in: number;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/trade/v1/instruments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The spot pairs: tick size, minimum amount, fee, and whether each takes orders */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            instruments: {
                                /** @description e.g. BTC */
                                asset: string;
                                /** @description taken from the amount, in the asset */
                                fee_percent: number;
                                /** @description the smallest amount of an order, in the asset */
                                min_amount: string;
                                /** @description false: new orders are refused */
                                open: boolean;
                                /** @description e.g. BTC-USDT */
                                pair: string;
                                /** @description e.g. USDT */
                                quote: string;
                                /** @description a limit price must be a multiple of it */
                                tick_size: string;
                            }[];
                            /** @description added to the feed’s price for a market buy, taken off it for a sell */
                            spread_percent: number;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/trade/v1/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller’s orders, newest first */
        get: {
            parameters: {
                query?: {
                    /** @description how many orders, newest first: 1 to 100 (default 50) */
                    limit?: unknown;
                    /** @description open, filled, cancelled or all (the default) */
                    status?: unknown;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            orders: {
                                /** @description placed amount, in the asset */
                                amount: string;
                                /** @description the traded asset, e.g. BTC */
                                asset: string;
                                client_order_id: string | null;
                                /** @description unix seconds */
                                created_at: number;
                                /** @enum {string} */
                                email_status: "success" | "pending" | "undefined";
                                /** @description unix seconds; null until executed */
                                executed_at: number | null;
                                /** @description the price it executed at ("0.00000000" until then) */
                                executed_price: string;
                                /** @description the caller’s extra, as given */
                                extra: unknown[];
                                /** @description in the asset, at least 2 decimals ("0.10") */
                                fee: string;
                                /** @description e.g. 0.1 */
                                fee_percent: number;
                                /** @description in the asset */
                                filled_amount: string;
                                /** @description 0 or 100 (orders fill whole) */
                                filled_percent: number;
                                /** @description the caller’s note ("" when none) */
                                note: string;
                                /** @enum {string} */
                                order_type: "market" | "limit";
                                /** @description the asset paid */
                                paid_asset: string;
                                /** @description e.g. BTC-USDT */
                                pair: string;
                                /** @description the limit price, or a market order’s execution price, in the quote per asset */
                                price: string;
                                /** @description the asset the price is in, e.g. USDT */
                                quote: string;
                                /** @description where the receipt goes ("" when none) */
                                receiver_email: string;
                                /** @description what a resting order holds (buy: in the quote; sell: in the asset) */
                                reserved: string;
                                /** @description spelled so: the asset received */
                                reveived_asset: string;
                                /** @description true once cancelled */
                                revoked: boolean;
                                /** @description unix seconds of the cancel */
                                revoked_at: number | null;
                                /** @enum {string} */
                                status: "open" | "filled" | "cancelled";
                                /** @description the order id */
                                tid: string;
                                /** @description buy: in the quote; sell: the amount, in the asset */
                                total_paid: string;
                                /** @description buy: the amount less the fee, in the asset; sell: the proceeds in the quote */
                                total_received: string;
                                /** @enum {string} */
                                type: "buy" | "sell";
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Place a spot order (market or limit)
         * @description A market order executes at once at the published price plus the spread (a sell: minus), on the tick in the house’s favour. A limit order the market already crosses executes at once at that (better) price; otherwise it rests, its funds reserved, until the price crosses it, and then executes at its limit price. The fee is taken from the amount, in the asset. Refusals: 400 pair_unknown or a bad field, 422 insufficient_balance, amount_below_minimum, price_off_tick, price_stale, pair_closed, 409 idempotency_conflict (client_order_id reused for another order), 503 price_unavailable. See docs/trading.md.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description in the asset, a decimal string or number, at most 8 decimals */
                        amount: unknown;
                        /** @description what is bought or sold: BTC, ETH, SOL, LTC or MATIC */
                        asset: unknown;
                        /** @description your idempotency key, 1 to 64 visible ASCII characters, unique per account: a retry with the same body answers the same order; another body is 409 idempotency_conflict */
                        client_order_id?: unknown;
                        /** @description a JSON array of at most 20 items (4096 characters), kept as given */
                        extra?: unknown;
                        /** @description free text, at most 500 characters, shown on the record and the receipt */
                        note?: unknown;
                        /** @description limit orders only: the limit price in the quote, a multiple of the tick size, at most 10000000000.00000000 */
                        price?: unknown;
                        /** @description what it is paid in: USDT (the default) or INR (BTC only) */
                        quote?: unknown;
                        /** @description e-mail the receipt here when the order executes */
                        receiver_email?: unknown;
                        /** @description buy or sell */
                        side: unknown;
                        /** @description market or limit */
                        type: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description placed amount, in the asset */
                            amount: string;
                            /** @description the traded asset, e.g. BTC */
                            asset: string;
                            client_order_id: string | null;
                            /** @description unix seconds */
                            created_at: number;
                            /** @enum {string} */
                            email_status: "success" | "pending" | "undefined";
                            /** @description unix seconds; null until executed */
                            executed_at: number | null;
                            /** @description the price it executed at ("0.00000000" until then) */
                            executed_price: string;
                            /** @description the caller’s extra, as given */
                            extra: unknown[];
                            /** @description in the asset, at least 2 decimals ("0.10") */
                            fee: string;
                            /** @description e.g. 0.1 */
                            fee_percent: number;
                            /** @description in the asset */
                            filled_amount: string;
                            /** @description 0 or 100 (orders fill whole) */
                            filled_percent: number;
                            /** @description the caller’s note ("" when none) */
                            note: string;
                            /** @enum {string} */
                            order_type: "market" | "limit";
                            /** @description the asset paid */
                            paid_asset: string;
                            /** @description e.g. BTC-USDT */
                            pair: string;
                            /** @description the limit price, or a market order’s execution price, in the quote per asset */
                            price: string;
                            /** @description the asset the price is in, e.g. USDT */
                            quote: string;
                            /** @description where the receipt goes ("" when none) */
                            receiver_email: string;
                            /** @description what a resting order holds (buy: in the quote; sell: in the asset) */
                            reserved: string;
                            /** @description spelled so: the asset received */
                            reveived_asset: string;
                            /** @description true once cancelled */
                            revoked: boolean;
                            /** @description unix seconds of the cancel */
                            revoked_at: number | null;
                            /** @enum {string} */
                            status: "open" | "filled" | "cancelled";
                            /** @description the order id */
                            tid: string;
                            /** @description buy: in the quote; sell: the amount, in the asset */
                            total_paid: string;
                            /** @description buy: the amount less the fee, in the asset; sell: the proceeds in the quote */
                            total_received: string;
                            /** @enum {string} */
                            type: "buy" | "sell";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/trade/v1/orders/{tid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One order of the caller
         * @description Another account’s order is answered as an unknown one (404).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description the order id (tid) */
                    tid: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description placed amount, in the asset */
                            amount: string;
                            /** @description the traded asset, e.g. BTC */
                            asset: string;
                            client_order_id: string | null;
                            /** @description unix seconds */
                            created_at: number;
                            /** @enum {string} */
                            email_status: "success" | "pending" | "undefined";
                            /** @description unix seconds; null until executed */
                            executed_at: number | null;
                            /** @description the price it executed at ("0.00000000" until then) */
                            executed_price: string;
                            /** @description the caller’s extra, as given */
                            extra: unknown[];
                            /** @description in the asset, at least 2 decimals ("0.10") */
                            fee: string;
                            /** @description e.g. 0.1 */
                            fee_percent: number;
                            /** @description in the asset */
                            filled_amount: string;
                            /** @description 0 or 100 (orders fill whole) */
                            filled_percent: number;
                            /** @description the caller’s note ("" when none) */
                            note: string;
                            /** @enum {string} */
                            order_type: "market" | "limit";
                            /** @description the asset paid */
                            paid_asset: string;
                            /** @description e.g. BTC-USDT */
                            pair: string;
                            /** @description the limit price, or a market order’s execution price, in the quote per asset */
                            price: string;
                            /** @description the asset the price is in, e.g. USDT */
                            quote: string;
                            /** @description where the receipt goes ("" when none) */
                            receiver_email: string;
                            /** @description what a resting order holds (buy: in the quote; sell: in the asset) */
                            reserved: string;
                            /** @description spelled so: the asset received */
                            reveived_asset: string;
                            /** @description true once cancelled */
                            revoked: boolean;
                            /** @description unix seconds of the cancel */
                            revoked_at: number | null;
                            /** @enum {string} */
                            status: "open" | "filled" | "cancelled";
                            /** @description the order id */
                            tid: string;
                            /** @description buy: in the quote; sell: the amount, in the asset */
                            total_paid: string;
                            /** @description buy: the amount less the fee, in the asset; sell: the proceeds in the quote */
                            total_received: string;
                            /** @enum {string} */
                            type: "buy" | "sell";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Cancel a resting order: revoked, its reservation released
         * @description Idempotent: cancelling a cancelled order answers it as it is. An executed order is 409 order_not_open.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description the order id (tid) */
                    tid: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description placed amount, in the asset */
                            amount: string;
                            /** @description the traded asset, e.g. BTC */
                            asset: string;
                            client_order_id: string | null;
                            /** @description unix seconds */
                            created_at: number;
                            /** @enum {string} */
                            email_status: "success" | "pending" | "undefined";
                            /** @description unix seconds; null until executed */
                            executed_at: number | null;
                            /** @description the price it executed at ("0.00000000" until then) */
                            executed_price: string;
                            /** @description the caller’s extra, as given */
                            extra: unknown[];
                            /** @description in the asset, at least 2 decimals ("0.10") */
                            fee: string;
                            /** @description e.g. 0.1 */
                            fee_percent: number;
                            /** @description in the asset */
                            filled_amount: string;
                            /** @description 0 or 100 (orders fill whole) */
                            filled_percent: number;
                            /** @description the caller’s note ("" when none) */
                            note: string;
                            /** @enum {string} */
                            order_type: "market" | "limit";
                            /** @description the asset paid */
                            paid_asset: string;
                            /** @description e.g. BTC-USDT */
                            pair: string;
                            /** @description the limit price, or a market order’s execution price, in the quote per asset */
                            price: string;
                            /** @description the asset the price is in, e.g. USDT */
                            quote: string;
                            /** @description where the receipt goes ("" when none) */
                            receiver_email: string;
                            /** @description what a resting order holds (buy: in the quote; sell: in the asset) */
                            reserved: string;
                            /** @description spelled so: the asset received */
                            reveived_asset: string;
                            /** @description true once cancelled */
                            revoked: boolean;
                            /** @description unix seconds of the cancel */
                            revoked_at: number | null;
                            /** @enum {string} */
                            status: "open" | "filled" | "cancelled";
                            /** @description the order id */
                            tid: string;
                            /** @description buy: in the quote; sell: the amount, in the asset */
                            total_paid: string;
                            /** @description buy: the amount less the fee, in the asset; sell: the proceeds in the quote */
                            total_received: string;
                            /** @enum {string} */
                            type: "buy" | "sell";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/trade/v1/portfolio": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller’s balances with their value in USDT
         * @description Each asset’s available and reserved balance and their value in USDT at the published prices (BTC and Lightning BTC by BTC-USDT, the other coins by their USDT pairs, INR by USD-INR with a dollar taken as one USDT), rounded down; an asset without a fresh price has value_usdt null.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description unix seconds */
                            as_of: number;
                            balances: {
                                /** @description e.g. BTC, LBTC (Lightning), USDT, INR */
                                asset: string;
                                /** @description spendable now */
                                available: string;
                                /** @description the price pairs used */
                                priced_by: string[];
                                /** @description held by resting orders and payments under way */
                                reserved: string;
                                /** @description available + reserved in USDT, rounded down; null without a fresh price */
                                value_usdt: string | null;
                            }[];
                            /** @description the sum of the values shown */
                            total_usdt: string;
                            /** @description assets held with no fresh price */
                            unpriced: string[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            code?: "invalid_request" | "usertag_invalid" | "email_invalid" | "invoice_invalid" | "amount_mismatch" | "lnurl_invalid" | "pair_unknown" | "unauthorized" | "forbidden_key_kind" | "account_disabled" | "not_found" | "sandbox_only" | "usertag_not_found" | "usertag_taken" | "email_taken" | "transfer_exists_different" | "transfer_not_pending" | "idempotency_conflict" | "invoice_already_paid" | "voucher_already_redeemed" | "limit_reached" | "state_conflict" | "order_not_open" | "payload_too_large" | "insufficient_balance" | "balance_limit_exceeded" | "self_payment" | "invoice_expired" | "amount_out_of_range" | "lnurl_unreachable" | "payment_failed" | "voucher_expired" | "voucher_revoked" | "payment_not_refundable" | "pair_closed" | "amount_below_minimum" | "price_off_tick" | "price_stale" | "rate_limited" | "lightning_unavailable" | "chain_unavailable" | "storage_full" | "price_unavailable" | "shutting_down";
                            field?: string;
                            message?: string;
                            /** @enum {boolean} */
                            success?: false;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: never;
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
