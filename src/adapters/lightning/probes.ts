// Checks for `paytag doctor` that the port cannot make without moving money: may these credentials
// send payments? Each asks the node to pay an invoice that does not parse; the node checks the
// credentials first (LND's macaroon interceptor, clnrest's checkrune) and only then refuses the
// invoice, so nothing can be sent.

import type { JsonValue } from '../http-out/json.ts';
import type { ClnOptions } from './cln.ts';
import type { LndOptions } from './lnd.ts';
import { errorCodeOf, errorMessageOf, nodeRestOptions, RestClient, type RestResult } from './rest.ts';

/** The shape of a doctor probe (src/app/system/doctor.ts NodeProbe). */
export interface NodeProbe {
  name: string;
  run(): Promise<{ ok: boolean; detail: string }>;
}

const NOT_AN_INVOICE = 'lnbcrt1paytagdoctor';

async function ask(
  rest: RestClient,
  path: string,
  body: JsonValue,
  stream: boolean,
): Promise<RestResult | { ok: false; code: 'rejected'; status?: number; message: string; body?: JsonValue }> {
  try {
    if (!stream) return await rest.request('POST', path, { body, timeoutMs: 15_000 });
    let line: JsonValue | undefined;
    const r = await rest.stream('POST', path, { body, totalTimeoutMs: 15_000 }, (l) => {
      line = l;
      return 'stop';
    });
    if (!r.ok) return r;
    return {
      ok: false,
      code: 'rejected',
      status: r.status,
      message: 'stream error',
      ...(line !== undefined ? { body: line } : {}),
    };
  } finally {
    rest.close();
  }
}

export function lndPayPermissionProbe(opts: LndOptions): NodeProbe {
  return {
    name: 'permission to send payments (offchain:write)',
    async run() {
      const rest = new RestClient(nodeRestOptions(opts, { 'Grpc-Metadata-macaroon': opts.macaroonHex }));
      const r = await ask(
        rest,
        '/v2/router/send',
        { payment_request: NOT_AN_INVOICE, timeout_seconds: 1, fee_limit_msat: '0' },
        true,
      );
      if (r.ok) return { ok: false, detail: 'LND accepted an invoice that does not parse' };
      const message = errorMessageOf(r.body) ?? r.message;
      if (/permission denied|verification failed|macaroon/i.test(message)) {
        return {
          ok: false,
          detail: `the macaroon may not send payments (${message}); bake one with offchain:write`,
        };
      }
      if (r.body === undefined) return { ok: false, detail: `no answer from LND (${r.message})` };
      return { ok: true, detail: 'the macaroon may send payments' };
    },
  };
}

export function clnPayPermissionProbe(opts: ClnOptions): NodeProbe {
  return {
    name: 'permission to send payments (xpay)',
    async run() {
      const rest = new RestClient(nodeRestOptions(opts, { Rune: opts.rune }));
      const r = await ask(rest, '/v1/xpay', { invstring: NOT_AN_INVOICE }, false);
      if (r.ok) return { ok: false, detail: 'the node accepted an invoice that does not parse' };
      const code = errorCodeOf(r.body);
      if (r.status === 401 || r.status === 403 || code === 1501 || code === 1502) {
        return { ok: false, detail: `the rune may not call xpay (${errorMessageOf(r.body) ?? r.message})` };
      }
      if (code === -32601) {
        return { ok: false, detail: 'the node has no xpay: Core Lightning v24.11 or later is needed' };
      }
      if (code === -32602) return { ok: true, detail: 'the rune may call xpay' };
      return { ok: false, detail: `unexpected answer to xpay (${errorMessageOf(r.body) ?? r.message})` };
    },
  };
}
