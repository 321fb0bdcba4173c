// JSON parsing that keeps large integers exact. Core Lightning and LNURL services write millisatoshi
// amounts as JSON numbers, which JSON.parse would round above 2^53; here an integer literal outside
// the safe range becomes a bigint instead.

export type JsonValue =
  | null
  | boolean
  | number
  | bigint
  | string
  | JsonValue[]
  | { [key: string]: JsonValue };

export type JsonParseResult = { ok: true; value: JsonValue } | { ok: false; message: string };

const MAX_DEPTH = 64;

class Parser {
  i = 0;
  constructor(private readonly s: string) {}

  fail(what: string): never {
    throw new SyntaxError(`${what} at position ${this.i}`);
  }

  ws(): void {
    const s = this.s;
    while (this.i < s.length) {
      const c = s.charCodeAt(this.i);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) this.i++;
      else break;
    }
  }

  value(depth: number): JsonValue {
    if (depth > MAX_DEPTH) this.fail('nesting too deep');
    this.ws();
    const c = this.s[this.i];
    switch (c) {
      case '{':
        return this.object(depth);
      case '[':
        return this.array(depth);
      case '"':
        return this.string();
      case 't':
        return this.literal('true', true);
      case 'f':
        return this.literal('false', false);
      case 'n':
        return this.literal('null', null);
      default:
        if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return this.number();
        return this.fail('unexpected character');
    }
  }

  literal<T extends JsonValue>(word: string, v: T): T {
    if (this.s.startsWith(word, this.i)) {
      this.i += word.length;
      return v;
    }
    return this.fail('invalid literal');
  }

  number(): number | bigint {
    const m = /-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/y;
    m.lastIndex = this.i;
    const found = m.exec(this.s);
    if (!found) return this.fail('invalid number');
    this.i = m.lastIndex;
    const text = found[0];
    if (found[2] === undefined && found[3] === undefined) {
      const n = Number(text);
      return Number.isSafeInteger(n) ? n : BigInt(text);
    }
    return Number(text);
  }

  string(): string {
    // Find the closing quote, then let JSON.parse handle escapes of that one string.
    const start = this.i;
    this.i++;
    const s = this.s;
    while (this.i < s.length) {
      const c = s[this.i];
      if (c === '\\') this.i += 2;
      else if (c === '"') {
        this.i++;
        try {
          return JSON.parse(s.slice(start, this.i)) as string;
        } catch {
          return this.fail('invalid string');
        }
      } else this.i++;
    }
    return this.fail('unterminated string');
  }

  array(depth: number): JsonValue[] {
    this.i++;
    const out: JsonValue[] = [];
    this.ws();
    if (this.s[this.i] === ']') {
      this.i++;
      return out;
    }
    for (;;) {
      out.push(this.value(depth + 1));
      this.ws();
      const c = this.s[this.i++];
      if (c === ']') return out;
      if (c !== ',') this.fail('expected , or ]');
    }
  }

  object(depth: number): { [key: string]: JsonValue } {
    this.i++;
    const out: { [key: string]: JsonValue } = {};
    this.ws();
    if (this.s[this.i] === '}') {
      this.i++;
      return out;
    }
    for (;;) {
      this.ws();
      if (this.s[this.i] !== '"') this.fail('expected a key');
      const key = this.string();
      this.ws();
      if (this.s[this.i++] !== ':') this.fail('expected :');
      const v = this.value(depth + 1);
      // defineProperty keeps a "__proto__" key an ordinary property instead of a prototype change.
      Object.defineProperty(out, key, { value: v, enumerable: true, writable: true, configurable: true });
      this.ws();
      const c = this.s[this.i++];
      if (c === '}') return out;
      if (c !== ',') this.fail('expected , or }');
    }
  }
}

/** Parses JSON text; integers beyond ±(2^53 − 1) come back as bigint. Never throws. */
export function parseJson(text: string): JsonParseResult {
  try {
    const p = new Parser(text);
    const value = p.value(0);
    p.ws();
    if (p.i !== text.length) return { ok: false, message: `trailing characters at position ${p.i}` };
    return { ok: true, value };
  } catch (e) {
    return { ok: false, message: e instanceof Error ? e.message : String(e) };
  }
}

export function isJsonObject(v: JsonValue | undefined): v is { [key: string]: JsonValue } {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * An exact non-negative integer from a JSON value: a safe integer number, a bigint, or a string of
 * decimal digits (LND writes int64 fields as strings). Anything else, including fractions, is null.
 */
export function jsonToBigInt(v: JsonValue | undefined): bigint | null {
  if (typeof v === 'bigint') return v >= 0n ? v : null;
  if (typeof v === 'number') return Number.isSafeInteger(v) && v >= 0 ? BigInt(v) : null;
  if (typeof v === 'string' && /^(0|[1-9][0-9]{0,30})$/.test(v)) return BigInt(v);
  return null;
}
