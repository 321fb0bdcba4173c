import type { PriceSource, SourceQuote } from '../../app/ports.ts';
import { dividePricesE8, parsePriceE8 } from '../../domain/prices.ts';
import { deadline } from '../http-out/deadline.ts';
import { getText, type TickerHttpOptions } from './http.ts';

// The European Central Bank's euro foreign exchange reference rates, published around 16:00 CET on
// every TARGET working day:
//   GET https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml
//   <gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01"
//                    xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
//     <gesmes:subject>Reference rates</gesmes:subject>
//     <gesmes:Sender><gesmes:name>European Central Bank</gesmes:name></gesmes:Sender>
//     <Cube><Cube time='2026-01-02'><Cube currency='USD' rate='1.0350'/> … <Cube currency='INR' rate='88.4275'/></Cube></Cube>
//   </gesmes:Envelope>
// Each rate is units of the currency per 1 EUR. Reference:
// https://www.ecb.europa.eu/stats/policy_and_exchange_rates/euro_reference_exchange_rates/html/index.en.html
// EUR-USD is the USD rate itself (it prices BTC-EUR = BTC-USD ÷ EUR-USD in the feed); USD-INR =
// EUR-INR ÷ EUR-USD, exact, truncated at 10^-8. The quotes is dated 14:00 UTC of the rates'
// day, never later than their publication (16:00 CET is 15:00 UTC in winter, 14:00 UTC in summer).
//
// The document is small and of one fixed shape, so it is read by a strict scanner rather than a general
// XML parser: anything but the documented elements (a comment, CDATA, a DOCTYPE, an entity) is refused.

const TIME_CUBE = /<Cube\s+time=(['"])(\d{4}-\d{2}-\d{2})\1\s*>/g;
const RATE_CUBE = /<Cube\s+currency=(['"])([A-Z]{3})\1\s+rate=(['"])([0-9.]+)\3\s*\/>/g;

export type EcbRates = { ok: true; day: string; rates: Map<string, string> } | { ok: false; reason: string };

export function parseEcbDaily(xml: string): EcbRates {
  if (
    !/<gesmes:Envelope\b/.test(xml) ||
    !xml.includes('http://www.ecb.int/vocabulary/2002-08-01/eurofxref')
  ) {
    return {
      ok: false,
      reason: 'not the ECB reference rates document (no gesmes:Envelope in the eurofxref namespace)',
    };
  }
  if (/<!|&(?!amp;|lt;|gt;|quot;|apos;)/.test(xml.replace(/^<\?xml[^>]*\?>/, ''))) {
    return {
      ok: false,
      reason: 'unexpected markup (DOCTYPE, comment, CDATA or entity) in the rates document',
    };
  }
  const days = [...xml.matchAll(TIME_CUBE)];
  if (days.length !== 1) return { ok: false, reason: `expected one day of rates, found ${days.length}` };
  const day = days[0]![2]!;
  const rates = new Map<string, string>();
  for (const m of xml.matchAll(RATE_CUBE)) {
    if (rates.has(m[2]!)) return { ok: false, reason: `${m[2]} appears twice` };
    rates.set(m[2]!, m[4]!);
  }
  return { ok: true, day, rates };
}

export function createEcbSource(o: TickerHttpOptions): PriceSource {
  return {
    name: 'ecb',
    pairs: ['USD-INR', 'EUR-USD'],
    async fetch(pairs) {
      if (!pairs.includes('USD-INR') && !pairs.includes('EUR-USD')) return { ok: true, value: [] };
      const limit = deadline(o.timeoutMs);
      try {
        const r = await getText(o.baseUrl, o, limit.signal);
        if (!r.ok) return { ok: false, error: { reason: r.reason } };
        if (r.status !== 200) return { ok: false, error: { reason: `HTTP ${r.status}` } };
        const doc = parseEcbDaily(r.body);
        if (!doc.ok) return { ok: false, error: { reason: doc.reason } };
        const usd = doc.rates.get('USD');
        const inr = doc.rates.get('INR');
        if (usd === undefined || inr === undefined) {
          return {
            ok: false,
            error: { reason: `the ${doc.day} rates lack ${usd === undefined ? 'USD' : 'INR'}` },
          };
        }
        const eurUsd = parsePriceE8(usd, 'EUR-USD rate');
        const eurInr = parsePriceE8(inr, 'EUR-INR rate');
        if (!eurUsd.ok) return { ok: false, error: { reason: eurUsd.error.message } };
        if (!eurInr.ok) return { ok: false, error: { reason: eurInr.error.message } };
        const atMs = Date.parse(`${doc.day}T14:00:00Z`);
        if (!Number.isFinite(atMs)) return { ok: false, error: { reason: `${doc.day} is not a date` } };
        const quotes: SourceQuote[] = [];
        if (pairs.includes('USD-INR')) {
          quotes.push({ pair: 'USD-INR', priceE8: dividePricesE8(eurInr.value, eurUsd.value), atMs });
        }
        if (pairs.includes('EUR-USD')) quotes.push({ pair: 'EUR-USD', priceE8: eurUsd.value, atMs });
        return { ok: true, value: quotes };
      } finally {
        limit.dispose();
      }
    },
  };
}
