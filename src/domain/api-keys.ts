import { createHash } from 'node:crypto';

export type KeyKind = 'invoice' | 'admin';
export const KEY_LENGTH = 40;
const KEY_FORMAT = /^[A-Za-z0-9]{40}$/;

/** Keys are stored only as this hash. */
export const hashApiKey = (key: string): string => createHash('sha256').update(key, 'utf8').digest('hex');

export const looksLikeApiKey = (s: string): boolean => KEY_FORMAT.test(s);

/** What each key kind may do: the admin key can do everything, the invoice key reads and receives. */
export const keyAllows = (have: KeyKind, need: KeyKind): boolean => have === 'admin' || need === 'invoice';
