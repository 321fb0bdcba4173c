import type { PayoutItemCommand } from '../../../app/payouts/commands.ts';
import { err, type Result } from '../../../domain/result.ts';
import { itemOf } from '../../wire/payout-items.ts';

/**
 * The dashboard's payout CSV: `destination,amount,memo` per row (amount in BTC, may be empty for an
 * invoice with an amount; memo optional), an optional header row whose first field is `destination`,
 * empty lines skipped. Fields follow RFC 4180: a field in double quotes may hold commas, line breaks and
 * `""` for a quote; a quote inside an unquoted field, text after a closing quote or a quote never closed
 * is refused for its row. Each row becomes the item the API would make of
 * `{destination, amount, memo}` (payouts.contract.ts itemOf), so its refusals are the API's.
 */

export interface CsvRow {
  /** The line of the CSV the row starts on (1 = first line). */
  line: number;
  fields: string[];
  /** A refusal of the row's form (quotes), before its fields mean anything. */
  syntaxError: string | null;
}

/** Splits the text into rows (RFC 4180, CRLF or LF), reading at most `maxRows` rows (the rest is not read). */
export function parseCsv(text: string, maxRows = Number.POSITIVE_INFINITY): CsvRow[] {
  const rows: CsvRow[] = [];
  let i = 0;
  let line = 1;
  const n = text.length;
  while (i < n && rows.length < maxRows) {
    const start = line;
    const fields: string[] = [];
    let syntaxError: string | null = null;
    let endOfRow = false;
    while (!endOfRow) {
      let value = '';
      if (text[i] === '"') {
        i += 1;
        let closed = false;
        // The field runs to the first quote not doubled ("" is a quote); its text is read once.
        let pos = i;
        let end = n;
        while (pos < n) {
          const q = text.indexOf('"', pos);
          if (q === -1) break;
          if (text[q + 1] === '"') {
            pos = q + 2;
            continue;
          }
          end = q;
          closed = true;
          break;
        }
        const raw = text.slice(i, end);
        line += raw.split('\n').length - 1;
        value = raw.replaceAll('""', '"');
        i = closed ? end + 1 : n;
        if (!closed) syntaxError ??= 'a quoted field is never closed (a " is missing)';
        // After the closing quote: a comma, the end of the row, or a refusal.
        let extra = false;
        while (i < n && text[i] !== ',' && text[i] !== '\n' && !(text[i] === '\r' && text[i + 1] === '\n')) {
          extra = true;
          i += 1;
        }
        if (extra) syntaxError ??= 'text after a closing quote: a quoted field must end at its quote';
      } else {
        const from = i;
        while (i < n && text[i] !== ',' && text[i] !== '\n' && !(text[i] === '\r' && text[i + 1] === '\n')) {
          if (text[i] === '"')
            syntaxError ??=
              'a quote inside an unquoted field: quote the whole field and double the quote ("")';
          i += 1;
        }
        value = text.slice(from, i);
      }
      fields.push(value);
      if (i >= n) endOfRow = true;
      else if (text[i] === ',') i += 1;
      else {
        i += text[i] === '\r' ? 2 : 1;
        line += 1;
        endOfRow = true;
      }
    }
    const blank = fields.length === 1 && fields[0]!.trim() === '';
    if (!blank || syntaxError !== null) rows.push({ line: start, fields, syntaxError });
  }
  return rows;
}

/** One row of the CSV as an item of the batch, or why it is refused. */
export interface CsvItem {
  line: number;
  destination: string;
  amount: string;
  memo: string;
  item: Result<PayoutItemCommand>;
}

/**
 * The rows with their items, the header row, if any, left out: at most `max` rows, and whether the text
 * holds more (what follows is neither read nor checked: a batch of more rows is refused anyway).
 */
export function payoutItemsOfCsv(text: string, max: number): { items: CsvItem[]; tooMany: boolean } {
  const rows = parseCsv(text, max + 2);
  if (rows[0] !== undefined && rows[0].syntaxError === null) {
    if ((rows[0].fields[0] ?? '').trim().toLowerCase() === 'destination') rows.shift();
  }
  const tooMany = rows.length > max;
  return { items: rows.slice(0, max).map((r, index) => itemOfRow(r, index)), tooMany };
}

function itemOfRow(r: CsvRow, index: number): CsvItem {
  const [destination = '', amount = '', memo = ''] = r.fields;
  const shown = { line: r.line, destination: destination.trim(), amount: amount.trim(), memo };
  if (r.syntaxError !== null)
    return { ...shown, item: err('invalid_request', r.syntaxError, `items[${index}]`) };
  if (r.fields.length > 3) {
    return {
      ...shown,
      item: err(
        'invalid_request',
        `too many columns (${r.fields.length}): a row is destination,amount,memo; quote a memo that holds commas`,
        `items[${index}]`,
      ),
    };
  }
  const body: Record<string, unknown> = { destination: shown.destination };
  if (shown.amount !== '') body['amount'] = shown.amount;
  if (memo.trim() !== '') body['memo'] = memo;
  return { ...shown, item: itemOf(index, body) };
}

/** A refusal's message without the `items[3].amount: ` the API puts before it (the table names the row). */
export const rowMessage = (message: string): string => message.replace(/^items\[\d+\](\.\w+)?: /, '');
