// secp256k1 for BOLT11: recoverable ECDSA signatures over a 32-byte digest.
//
// Signing speed decides how many invoices one core can issue. libsecp256k1 (the `secp256k1` npm
// package ships a linux-x64 prebuild, so nothing is compiled or downloaded at install) signs about
// ten times faster than @noble/curves here; see bench/bolt11-sign.ts. When the native binding cannot
// be loaded (another platform without a prebuild) we fall back to @noble/curves, which produces the
// same RFC 6979 signatures, only slower.

import { createRequire } from 'node:module';
import { secp256k1 as noble } from '@noble/curves/secp256k1.js';

export interface RecoverableSignature {
  /** 64 bytes: r || s, low-S. */
  signature: Uint8Array;
  /** 0..3 */
  recid: number;
}

export interface Secp256k1 {
  readonly implementation: 'libsecp256k1' | 'noble';
  isValidPrivateKey(privateKey: Uint8Array): boolean;
  /** 33-byte compressed public key. Throws on an invalid private key. */
  publicKey(privateKey: Uint8Array): Uint8Array;
  sign(digest32: Uint8Array, privateKey: Uint8Array): RecoverableSignature;
  /** 33-byte compressed key, or null when the signature does not recover to a point. */
  recover(digest32: Uint8Array, signature64: Uint8Array, recid: number): Uint8Array | null;
  /** Accepts high-S signatures too: BOLT11 does not require low-S from other writers. */
  verify(digest32: Uint8Array, signature64: Uint8Array, publicKey33: Uint8Array): boolean;
}

/** The subset of the `secp256k1` package's API used here (it ships no TypeScript types). */
interface NativeBinding {
  privateKeyVerify(privateKey: Uint8Array): boolean;
  publicKeyCreate(privateKey: Uint8Array, compressed: boolean): Uint8Array;
  ecdsaSign(digest32: Uint8Array, privateKey: Uint8Array): { signature: Uint8Array; recid: number };
  ecdsaRecover(signature: Uint8Array, recid: number, digest32: Uint8Array, compressed: boolean): Uint8Array;
  ecdsaVerify(signature: Uint8Array, digest32: Uint8Array, publicKey: Uint8Array): boolean;
  signatureNormalize(signature: Uint8Array): Uint8Array;
}

export function nobleSecp256k1(): Secp256k1 {
  return {
    implementation: 'noble',
    isValidPrivateKey: (privateKey) => privateKey.length === 32 && noble.utils.isValidSecretKey(privateKey),
    publicKey: (privateKey) => noble.getPublicKey(privateKey, true),
    sign(digest32, privateKey) {
      // 'recovered' format puts the recovery byte first.
      const out = noble.sign(digest32, privateKey, { prehash: false, format: 'recovered', lowS: true });
      return { signature: out.subarray(1), recid: out[0] ?? 0 };
    },
    recover(digest32, signature64, recid) {
      try {
        const sig = new Uint8Array(65);
        sig[0] = recid;
        sig.set(signature64, 1);
        return noble.recoverPublicKey(sig, digest32, { prehash: false });
      } catch {
        return null;
      }
    },
    verify(digest32, signature64, publicKey33) {
      try {
        return noble.verify(signature64, digest32, publicKey33, { prehash: false, lowS: false });
      } catch {
        return false;
      }
    },
  };
}

function nativeSecp256k1(binding: NativeBinding): Secp256k1 {
  return {
    implementation: 'libsecp256k1',
    isValidPrivateKey: (privateKey) => privateKey.length === 32 && binding.privateKeyVerify(privateKey),
    publicKey: (privateKey) => binding.publicKeyCreate(privateKey, true),
    sign(digest32, privateKey) {
      const { signature, recid } = binding.ecdsaSign(digest32, privateKey);
      return { signature, recid };
    },
    recover(digest32, signature64, recid) {
      try {
        return binding.ecdsaRecover(signature64, recid, digest32, true);
      } catch {
        return null;
      }
    },
    verify(digest32, signature64, publicKey33) {
      try {
        // libsecp256k1 only verifies low-S signatures; normalizing keeps high-S ones valid.
        return binding.ecdsaVerify(binding.signatureNormalize(signature64), digest32, publicKey33);
      } catch {
        return false;
      }
    },
  };
}

/** The native binding, or null when this platform has no usable prebuild. */
export function loadNativeSecp256k1(): Secp256k1 | null {
  try {
    const require = createRequire(import.meta.url);
    // `secp256k1/bindings.js` loads only the native addon; the package's main entry would silently
    // fall back to the much slower `elliptic`.
    const binding = require('secp256k1/bindings.js') as NativeBinding;
    return nativeSecp256k1(binding);
  } catch {
    return null;
  }
}

let chosen: Secp256k1 | null = null;

/** The fastest available implementation, chosen once per process. */
export function secp256k1(): Secp256k1 {
  if (chosen === null) chosen = loadNativeSecp256k1() ?? nobleSecp256k1();
  return chosen;
}
