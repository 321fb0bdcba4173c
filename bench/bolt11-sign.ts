// Invoice signing throughput on one core: the receive path must sign at least 5,000 invoices/s.
//
//   node --import tsx bench/bolt11-sign.ts [seconds-per-case]
//
// Cases: the sandbox backend's createInvoice (the receive path), our encoder with libsecp256k1 (native prebuild of the `secp256k1` package), our encoder
// with @noble/curves, the `bolt11` library's encode+sign, and the bare signature of each curve
// implementation for reference. Every case signs distinct invoices (fresh payment hash each time).

import { createHash, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { encodeInvoice } from '../src/adapters/lightning/bolt11.ts';
import { createSandboxBackend } from '../src/adapters/lightning/sandbox.ts';
import { loadNativeSecp256k1, nobleSecp256k1 } from '../src/adapters/lightning/secp256k1.ts';

const seconds = Number(process.argv[2] ?? '2');
const key = randomBytes(32);
const POOL = 4096;
const hashes = Array.from({ length: POOL }, () => randomBytes(32));
const secret = randomBytes(32);
const digests = hashes.map((h) => createHash('sha256').update(h).digest());

function measure(name: string, fn: (i: number) => void): number {
  for (let i = 0; i < 500; i++) fn(i % POOL);
  let n = 0;
  const start = performance.now();
  const deadline = start + seconds * 1000;
  while (performance.now() < deadline) {
    for (let k = 0; k < 100; k++, n++) fn(n % POOL);
  }
  const perSec = Math.round((n * 1000) / (performance.now() - start));
  console.log(`${name.padEnd(48)} ${String(perSec).padStart(8)} /s`);
  return perSec;
}

const native = loadNativeSecp256k1();
const noble = nobleSecp256k1();
const createdAtSec = Math.floor(Date.now() / 1000);

const input = (i: number) => ({
  network: 'regtest' as const,
  amountMsat: 123_456_000n,
  paymentHash: hashes[i] ?? secret,
  paymentSecret: secret,
  description: 'paytag payment 1234567890',
  expirySec: 900,
  createdAtSec,
  minFinalCltvExpiry: 80,
});

async function measureAsync(name: string, fn: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 500; i++) await fn();
  let n = 0;
  const start = performance.now();
  const deadline = start + seconds * 1000;
  while (performance.now() < deadline) {
    for (let k = 0; k < 100; k++, n++) await fn();
  }
  const perSec = Math.round((n * 1000) / (performance.now() - start));
  console.log(`${name.padEnd(48)} ${String(perSec).padStart(8)} /s`);
  return perSec;
}

console.log(`node ${process.version}, ${seconds}s per case, one thread`);
const sandbox = await createSandboxBackend({ nodeKeyHex: key.toString('hex') });
await measureAsync('sandbox createInvoice (libsecp256k1 if loadable)', () =>
  sandbox.createInvoice({
    amountMsat: 123_456_000n,
    description: 'paytag payment 1234567890',
    expirySec: 900,
  }),
);
if (native) measure('encodeInvoice + libsecp256k1', (i) => encodeInvoice(input(i), key, native));
else console.log('libsecp256k1 prebuild not loadable on this platform');
measure('encodeInvoice + @noble/curves', (i) => encodeInvoice(input(i), key, noble));

const require = createRequire(import.meta.url);
const bolt11 = require('bolt11') as {
  encode(data: object, addDefaults?: boolean): object;
  sign(payReq: object, privateKey: string | Buffer): { paymentRequest: string };
};
const keyHex = key.toString('hex');
measure('bolt11 library encode + sign', (i) =>
  bolt11.sign(
    bolt11.encode({
      network: { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, validWitnessVersions: [0] },
      millisatoshis: '123456000',
      timestamp: createdAtSec,
      tags: [
        { tagName: 'payment_hash', data: (hashes[i] ?? secret).toString('hex') },
        { tagName: 'payment_secret', data: secret.toString('hex') },
        { tagName: 'description', data: 'paytag payment 1234567890' },
        { tagName: 'expire_time', data: 900 },
        { tagName: 'min_final_cltv_expiry', data: 80 },
      ],
    }),
    keyHex,
  ),
);

if (native) measure('sign only: libsecp256k1', (i) => native.sign(digests[i] ?? secret, key));
measure('sign only: @noble/curves', (i) => noble.sign(digests[i] ?? secret, key));
