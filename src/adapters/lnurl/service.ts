// The service side of LNURL: the JSON documents this service serves for its own lightning
// addresses (LUD-06/16) and voucher withdrawals (LUD-03), and parsing of what wallets send back.

import { descriptionHashHex } from '../lightning/bolt11.ts';

export interface LnurlOk {
  status: 'OK';
}
export interface LnurlError {
  status: 'ERROR';
  reason: string;
}

export const LNURL_OK: LnurlOk = Object.freeze({ status: 'OK' });

export function lnurlError(reason: string): LnurlError {
  return { status: 'ERROR', reason };
}

/** msat as a JSON number; LNURL documents carry amounts as numbers, so they must be exact. */
function jsonMsat(msat: bigint, name: string): number {
  if (msat < 0n || msat > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError(`${name} is out of range`);
  return Number(msat);
}

// ---------------------------------------------------------------- LUD-06 / LUD-16 payRequest

export interface PayMetadataInput {
  /** Shown by the wallet (text/plain). */
  description: string;
  /** The lightning address, LUD-16 text/identifier. */
  identifier?: string;
}

/** The metadata string; serve it unchanged, the invoice's `h` is its SHA-256 (payMetadataHash). */
export function buildPayMetadata(input: PayMetadataInput): string {
  const entries: [string, string][] = [['text/plain', input.description]];
  if (input.identifier !== undefined) entries.push(['text/identifier', input.identifier]);
  return JSON.stringify(entries);
}

/** SHA-256 of the metadata string as 32 bytes, for CreateInvoiceInput.descriptionHash. */
export function payMetadataHash(metadata: string): Uint8Array {
  return Uint8Array.from(Buffer.from(descriptionHashHex(metadata), 'hex'));
}

export interface PayRequestDocument {
  tag: 'payRequest';
  callback: string;
  minSendable: number;
  maxSendable: number;
  metadata: string;
  commentAllowed?: number;
}

export function buildPayRequest(input: {
  callback: string;
  minSendableMsat: bigint;
  maxSendableMsat: bigint;
  metadata: string;
  commentAllowed?: number;
}): PayRequestDocument {
  if (input.minSendableMsat < 1n || input.minSendableMsat > input.maxSendableMsat) {
    throw new RangeError('need 1 <= minSendable <= maxSendable');
  }
  return {
    tag: 'payRequest',
    callback: input.callback,
    minSendable: jsonMsat(input.minSendableMsat, 'minSendable'),
    maxSendable: jsonMsat(input.maxSendableMsat, 'maxSendable'),
    metadata: input.metadata,
    ...(input.commentAllowed !== undefined && input.commentAllowed > 0
      ? { commentAllowed: input.commentAllowed }
      : {}),
  };
}

/** The answer to a payRequest callback: the invoice, and no routes (LUD-06). */
export function buildPayResponse(payreq: string): { pr: string; routes: [] } {
  return { pr: payreq, routes: [] };
}

// ---------------------------------------------------------------- LUD-03 withdrawRequest

export interface WithdrawRequestDocument {
  tag: 'withdrawRequest';
  callback: string;
  k1: string;
  defaultDescription: string;
  minWithdrawable: number;
  maxWithdrawable: number;
}

export function buildWithdrawRequest(input: {
  callback: string;
  /** Random secret identifying this withdrawal; the wallet returns it with its invoice. */
  k1: string;
  defaultDescription: string;
  minWithdrawableMsat: bigint;
  maxWithdrawableMsat: bigint;
}): WithdrawRequestDocument {
  if (input.minWithdrawableMsat < 1n || input.minWithdrawableMsat > input.maxWithdrawableMsat) {
    throw new RangeError('need 1 <= minWithdrawable <= maxWithdrawable');
  }
  return {
    tag: 'withdrawRequest',
    callback: input.callback,
    k1: input.k1,
    defaultDescription: input.defaultDescription,
    minWithdrawable: jsonMsat(input.minWithdrawableMsat, 'minWithdrawable'),
    maxWithdrawable: jsonMsat(input.maxWithdrawableMsat, 'maxWithdrawable'),
  };
}

export type WithdrawCallbackResult = { ok: true; k1: string; pr: string } | { ok: false; message: string };

/**
 * The wallet calls `<callback>?k1=<k1>&pr=<invoice>`. Only the shape is checked here; the invoice's
 * amount and the voucher behind k1 are the use case's business.
 */
export function parseWithdrawCallback(query: Readonly<Record<string, unknown>>): WithdrawCallbackResult {
  const { k1, pr } = query;
  if (typeof k1 !== 'string' || k1 === '' || k1.length > 256) return { ok: false, message: 'k1 is missing' };
  if (typeof pr !== 'string' || pr === '' || pr.length > 8000) return { ok: false, message: 'pr is missing' };
  return { ok: true, k1, pr };
}
